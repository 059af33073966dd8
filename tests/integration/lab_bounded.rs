//! Issue 41's lab items and issue 42's one loop: `lab` ends within `--time-limit` (exit 3 and
//! a `time limit` line when it stops there), its automatic loop runs depth first without an
//! objective (the 3-given 9×9 that best bound opened level by level ends with a grid), a
//! hand prune is no proof, errors name cells as people do, the choices' names are the
//! library's, and `lab --do auto` and `solve --method lp-bb --branch variable` run the same
//! search (the same node count). Every assertion is about a status, a grid or a count.

use crate::common::{run, seed_arg, shared_data};
use sudoku_ilp::check::check;
use sudoku_ilp::input::parse_line;
use sudoku_ilp::lab::auto::{Branching, CutPolicy};
use sudoku_ilp::lab::cuts::CutKind;
use sudoku_ilp::lab::NodeRule;
use sudoku_ilp::named::{names, Named};

/// A 9×9 with 3 givens (r1c1 = 1, r3c5 = 2, r7c9 = 3).
const THREE_GIVENS: &str =
    "1.....................2.......................................3..................";

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("lab-bounded-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// The grid printed under `incumbent: …` (the lines after it).
fn incumbent_grid(out: &str) -> Vec<u8> {
    let at = out.find("\nincumbent: ").expect("an incumbent line");
    out[at + 1..]
        .lines()
        .skip(1)
        .flat_map(|l| l.chars())
        .filter_map(|c| c.to_digit(10).map(|d| d as u8))
        .collect()
}

/// The node count of the summary line `nodes N · open …` after the last step.
fn summary_nodes(out: &str) -> u64 {
    let line = out
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("nodes "))
        .expect("a summary line");
    line.trim_start()["nodes ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn auto_without_an_objective_is_depth_first_and_ends_with_a_checked_grid() {
    let file = temp_file("three.txt", &format!("{THREE_GIVENS}\n"));
    let (code, out, err) = run(
        &[
            "lab",
            file.to_str().unwrap(),
            "--do",
            "auto",
            "--time-limit",
            "60",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the loop ended: Done"), "{out}");
    assert!(out.contains("open 0"), "{out}");
    assert!(out.contains("a grid of the puzzle, checked"), "{out}");
    let puzzle = parse_line(THREE_GIVENS, None).unwrap();
    let grid = sudoku_ilp::puzzle::Grid {
        n: 9,
        values: incumbent_grid(&out),
    };
    check(&puzzle, &grid).unwrap();
    let _ = std::fs::remove_file(file);
}

#[test]
fn lab_auto_and_lp_bb_open_the_same_nodes() {
    let path = temp_file("same.txt", &format!("{THREE_GIVENS}\n"));
    let file = path.to_str().unwrap();
    let (code, out, err) = run(&["lab", file, "--do", "auto"], None);
    assert_eq!(code, 0, "{err}");
    let (code, json, err) =
        crate::common::run_json(&["solve", "--method", "lp-bb", "--json", file], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json["status"], "solved");
    let nodes = json["stats"]["nodes"].as_u64().expect("lp-bb's node count");
    assert!(nodes > 1, "the search branches: {nodes} nodes");
    assert_eq!(summary_nodes(&out), nodes, "{out}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_time_limit_stops_the_script_with_exit_3() {
    // An empty 64×64 grid: its root LP alone runs far past half a second.
    let empty = temp_file("e64.txt", &format!("{}\n", vec!["0"; 4096].join(" ")));
    let (code, out, err) = run(
        &[
            "lab",
            empty.to_str().unwrap(),
            "--do",
            "finish; auto",
            "--time-limit",
            "0.5",
        ],
        None,
    );
    assert_eq!(code, 3, "{err}\n{out}");
    assert!(out.contains("time limit: the session stopped"), "{out}");
    assert!(!out.contains("optimal"), "{out}");
    let _ = std::fs::remove_file(empty);
}

#[test]
fn finish_on_the_large_shared_grids_stops_at_the_limit() {
    for (name, line) in [
        ("grid25_misc.txt", "4"),
        ("grid36_misc.txt", "6"),
        ("grid36_misc.txt", "7"),
    ] {
        let Some(path) = shared_data(name) else {
            return;
        };
        let (code, out, err) = run(
            &[
                "lab",
                path.to_str().unwrap(),
                "--line",
                line,
                "--do",
                "finish",
                "--time-limit",
                "1",
            ],
            None,
        );
        // Within a second the root and HiGHS either finish (exit 0, a checked grid printed) or
        // stop at the limit (exit 3, said so); nothing else.
        match code {
            0 => assert!(out.contains("incumbent: "), "{name}:{line}\n{out}"),
            3 => assert!(out.contains("time limit: "), "{name}:{line}\n{out}\n{err}"),
            _ => panic!("{name}:{line}: exit {code}\n{out}\n{err}"),
        }
    }
}

#[test]
fn a_step_error_names_the_cell_as_people_do() {
    let file = seed_arg("seed004_unique_9x9.json");
    // r1c1 is a given: it has no candidate other than its value.
    let (code, out, err) = run(&["lab", &file, "--do", "branch r1c1=9"], None);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("r1c1 has no candidate 9"), "{err}");
    assert!(!err.contains("cell 0"), "{err}");
}

#[test]
fn a_hand_prune_is_no_proof() {
    let file = seed_arg("seed004_unique_9x9.json");
    let (code, out, err) = run(
        &[
            "lab",
            "--objective",
            "max:diagonal",
            &file,
            "--do",
            "branch variable; prune",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let step = &out[out.find("step 2: prune").expect("step 2")..];
    assert!(
        step.contains("warning: pruned by hand without proof"),
        "{out}"
    );
    assert!(out.contains("· pruned by hand"), "{out}");
    assert!(!out.contains("pruned by bound"), "{out}");
    assert!(out.contains("incumbent: none"), "{out}");
}

#[test]
fn the_choices_are_the_librarys_names_with_one_sentence() {
    assert_eq!(names::<Branching>(), ["cell", "variable"]);
    assert_eq!(names::<CutPolicy>(), ["none", "gomory", "clique", "all"]);
    assert_eq!(names::<NodeRule>(), ["depth", "best"]);
    assert_eq!(names::<CutKind>(), ["gomory", "clique", "nogood"]);
    let file = seed_arg("seed004_unique_9x9.json");
    for (option, expected) in [
        ("--branch", names::<Branching>()),
        ("--cuts", names::<CutPolicy>()),
    ] {
        let (code, _, err) = run(&["solve", "--method", "lp-bb", option, "nope", &file], None);
        assert_eq!(code, 2);
        assert_eq!(
            err,
            format!(
                "sudoku-ilp: {option} \"nope\": expected one of {}\n",
                expected.join(", ")
            )
        );
    }
    for (step, what, expected) in [
        ("cut nope", CutKind::WHAT, names::<CutKind>()),
        ("next nope", NodeRule::WHAT, names::<NodeRule>()),
        ("auto nope", Branching::WHAT, names::<Branching>()),
    ] {
        let (code, _, err) = run(&["lab", &file, "--do", step], None);
        assert_eq!(code, 2);
        assert_eq!(
            err,
            format!(
                "sudoku-ilp: step {step:?}: {what} \"nope\": expected one of {}\n",
                expected.join(", ")
            )
        );
    }
}

#[test]
fn a_bound_on_open_nodes_keeps_the_optimum_and_the_proof() {
    use sudoku_ilp::engine::Limits;
    use sudoku_ilp::lab::auto::{self, AutoEnd, AutoOptions};
    use sudoku_ilp::lab::native;
    use sudoku_ilp::objective::{Objective, ObjectiveSense};
    let _guard = crate::common::highs_lock();
    let path = crate::common::seed_arg("seed004_unique_9x9.json");
    let text = sudoku_ilp::input::read_source(&path).unwrap();
    let plain = sudoku_ilp::input::parse_puzzle(&path, &text, Default::default()).unwrap();
    let puzzle = plain.with_objective(Some(Objective::random(9, ObjectiveSense::Min, 2)));
    let mut optima = Vec::new();
    for max_open in [1, auto::MAX_OPEN] {
        let mut lab = native(&puzzle, &Limits::default()).unwrap();
        let options = AutoOptions {
            max_open,
            ..AutoOptions::for_lab(&lab, Branching::Variable)
        };
        assert_eq!(auto::run(&mut lab, &options).unwrap(), AutoEnd::Done);
        assert!(lab.proven() && lab.open_count() == 0);
        let best = lab.incumbent.clone().expect("a grid");
        check(&puzzle, &best.grid).unwrap();
        optima.push(best.value);
    }
    assert_eq!(optima[0], optima[1]);
}
