//! The page's API natively, with HiGHS in-process as the LP backend: the same answers the
//! page gets from HiGHS-wasm (`tests/node-smoke.mjs` runs them there), and the check that the
//! core builds for the browser.

use serde_json::Value;
use sudoku_ilp::check::check;
use sudoku_ilp::formulation::{binary::Binary, Formulation};
use sudoku_ilp::puzzle::{Grid, Puzzle};
use sudoku_ilp_web::api::{read, read_puzzle, Backends, Core};

fn parse_line(line: &str) -> Puzzle {
    read_puzzle(line, None).unwrap()
}

const LINE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn backends() -> Backends {
    Backends::on(sudoku_ilp::solve::lab_lp::make)
}

fn core(text: &str, options: &str) -> Core {
    Core::new(text, options, backends()).unwrap()
}

fn json(text: String) -> Value {
    serde_json::from_str(&text).unwrap()
}

#[test]
fn bad_input_is_the_command_lines_one_line() {
    let e = read(&LINE[..80]).unwrap_err();
    assert_eq!(
        e,
        "<stdin>:1:1: 80 cells is not a square number (81 for a 9x9 grid, or n² integers separated by spaces)"
    );
    let e = Core::new(LINE, r#"{"model": "nope"}"#, backends())
        .err()
        .unwrap();
    assert!(
        e.starts_with("--model \"nope\": expected one of binary"),
        "{e}"
    );
    let e = Core::new(LINE, r#"{"colour": 1}"#, backends())
        .err()
        .unwrap();
    assert!(e.starts_with("options: unknown field `colour`"), "{e}");
}

#[test]
fn every_solve_method_returns_a_checked_grid() {
    let puzzle = parse_line(LINE);
    for options in [r#"{"model": "binary"}"#, r#"{"model": "natural"}"#] {
        let session = core(LINE, options);
        for method in ["propagate", "backtrack", "highs"] {
            let r = json(session.solve(method, 60.0).unwrap());
            assert_eq!(r["status"], "solved", "{method} {options}");
            let rows: Vec<Vec<u8>> = serde_json::from_value(r["grid"].clone()).unwrap();
            let grid = Grid {
                n: 9,
                values: rows.concat(),
            };
            check(&puzzle, &grid).unwrap();
        }
    }
}

#[test]
fn export_is_the_writers_text_and_rows_follow_the_model() {
    let session = core(LINE, "{}");
    let puzzle = parse_line(LINE);
    let model = Binary::default().build(&puzzle);
    assert_eq!(
        session.export("lp").unwrap(),
        sudoku_ilp::export::lp::write(&puzzle, &model).unwrap()
    );
    let m = json(session.model_json().unwrap());
    assert_eq!(m["columns"], 729);
    assert_eq!(m["rows"], 4 * 81 + 32);
    let rows: Vec<String> = serde_json::from_str(&session.rows_of("r1c1").unwrap()).unwrap();
    for name in ["cell_r1_c1", "row_r1_v1", "col_c1_v9", "box_b1_v5"] {
        assert!(rows.iter().any(|r| r == name), "{name} in {rows:?}");
    }
    let house: Vec<String> = serde_json::from_str(&session.rows_of("c2").unwrap()).unwrap();
    assert_eq!(house.len(), 9);
    assert!(house.iter().all(|r| r.starts_with("col_c2_v")), "{house:?}");
    let row = json(session.row("box_b1_v5").unwrap());
    assert_eq!(row["terms"].as_array().unwrap().len(), 9);
}

#[test]
fn the_lab_runs_the_command_lines_steps() {
    let text = include_str!("../../../data/seeds/seed004_unique_9x9.json");
    let mut session = core(text, "{}");
    let start = json(session.lab_start("max:diagonal").unwrap());
    assert_eq!(start["tree"]["nodes"].as_array().unwrap().len(), 1);
    let state = json(
        session
            .lab_do("branch variable; next best; cut gomory; next best; branch variable")
            .unwrap(),
    );
    let nodes = state["tree"]["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 5);
    assert_eq!(state["tree"]["cuts"], 1);
    let open: Vec<u64> = nodes
        .iter()
        .filter(|n| n["status"] == "fractional")
        .map(|n| n["id"].as_u64().unwrap())
        .collect();
    let finished = json(session.lab_finish(open[0] as usize, 60.0).unwrap());
    let node = &finished["tree"]["nodes"][open[0] as usize];
    assert_eq!(node["status"], "finished by HiGHS");
    let e = session.lab_do("cut nonsense").unwrap_err();
    assert!(!e.contains('\n') && e.contains("nonsense"), "{e}");
}

#[test]
fn the_labs_choices_are_the_librarys_names_with_one_sentence() {
    use sudoku_ilp::named::names;
    let doc = json(sudoku_ilp_web::api::lab_names());
    let listed = |key: &str| -> Vec<String> {
        doc[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        listed("branching"),
        names::<sudoku_ilp::lab::auto::Branching>()
    );
    assert_eq!(
        listed("cut_policy"),
        names::<sudoku_ilp::lab::auto::CutPolicy>()
    );
    assert_eq!(listed("node_rule"), names::<sudoku_ilp::lab::NodeRule>());
    assert_eq!(
        listed("cut_kind"),
        names::<sudoku_ilp::lab::cuts::CutKind>()
    );
    let text = include_str!("../../../data/seeds/seed004_unique_9x9.json");
    let mut session = core(text, "{}");
    session.lab_start("").unwrap();
    // The command line's sentence (`lab --do "cut nope"`), word for word.
    assert_eq!(
        session.lab_do("cut nope").unwrap_err(),
        "step \"cut nope\": cut kind \"nope\": expected one of gomory, clique, nogood"
    );
    assert_eq!(
        session.lab_do("next nope").unwrap_err(),
        "step \"next nope\": node rule \"nope\": expected one of depth, best"
    );
    assert_eq!(
        session.lab_do("branch r1c1=9").unwrap_err(),
        "step \"branch r1c1=9\": r1c1 has no candidate 9"
    );
}

#[test]
fn hints_carry_checked_certificates() {
    let session = core(HARD, "{}");
    let steps = json(session.steps(false).unwrap());
    let with_certificate = steps["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["eliminations"].as_array().unwrap().iter())
        .filter(|e| e["certificate"].is_array())
        .inspect(|e| {
            // Written out as the inequality its rows sum to, and where the rows come from.
            assert_eq!(e["summed"]["proves"], true, "{e}");
            assert!(e["summed"]["sum"].is_string() && e["summed"]["why"].is_string());
            assert!(matches!(
                e["certificate_from"].as_str(),
                Some("houses" | "lp")
            ));
        })
        .count();
    assert!(with_certificate > 0);
    let hint = json(session.hint("technique").unwrap());
    assert!(hint["hint"].as_str().unwrap().len() > 3);
    assert_eq!(
        session.hint("nope").unwrap_err(),
        "--level \"nope\": expected one of where, technique, rows, value"
    );
    // The page's rating is `rate`'s: the difficulty on Sukaku Explainer's scale, the same with
    // the LP level, read from a path without LP steps.
    let rated = json(session.steps(true).unwrap());
    assert_eq!(rated["rating"]["difficulty"], steps["rating"]["difficulty"]);
    assert!(rated["rating"]["lp_level"].is_u64());
    let relax = json(session.relaxation().unwrap());
    assert_eq!(relax["status"], "solved");
}

/// A node of the lab's LP re-solved from its restored basis (through the backend's
/// `Box<dyn LabLp>`) needs fewer iterations than cold and than from its sibling's basis: the
/// API the page's test asks HiGHS-wasm the same question through (web/tests/test_lp_restore.py).
#[test]
fn a_restored_basis_saves_iterations_through_the_api() {
    // AI Escargot (data/seeds/seed004_unique_9x9.json): its root LP is fractional.
    let escargot =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
    let found = json(core(escargot, "{}").restore_lp().unwrap());
    let iterations = |k: &str| found[k].as_i64().unwrap();
    assert!(iterations("restored") < iterations("cold"), "{found}");
    assert!(
        iterations("restored") < iterations("from_sibling"),
        "{found}"
    );
}

/// The core without HiGHS and CaDiCaL compiles for the browser (the wasm32 target must be
/// installed: `rustup target add wasm32-unknown-unknown`, done by `.ci/setup`).
#[test]
fn core_checks_for_wasm() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "check",
            "-p",
            "sudoku-ilp-core",
            "--no-default-features",
            "--target",
            "wasm32-unknown-unknown",
            "--quiet",
        ])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo check for wasm32-unknown-unknown failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const TWO_SOLUTIONS: &str = include_str!("../../../data/seeds/seed004_two_solutions_9x9.json");
const SEED: &str = include_str!("../../../data/seeds/seed004_unique_9x9.json");
const EXERCISE: &str = include_str!("../../../data/seeds/seed000_exercise3_9x9.json");

#[test]
fn the_range_view_is_the_polytopes_and_a_vertex_names_its_objective() {
    let session = core(TWO_SOLUTIONS, "");
    let r = json(session.ranges().unwrap());
    // Two solutions: their midpoint is LP-feasible, so the cells where they differ are free.
    assert_eq!(
        (r["forced_one"].as_u64(), r["free"].as_u64()),
        (Some(32), Some(8)),
        "{}",
        r["svg"]
    );
    let svg = r["svg"].as_str().unwrap();
    assert!(
        svg.contains(r#"data-free="8""#),
        "the library's range picture"
    );
    let v = json(session.vertex("random:3").unwrap());
    assert_eq!(v["status"], "solved");
    assert!(v["objective_spec"].as_str().unwrap().ends_with("random:3"));
    assert!(json(session.relaxation().unwrap())["objective_spec"].is_null());
}

#[test]
fn lp_bb_is_the_labs_loop_and_the_page_lists_its_methods_by_name() {
    let session = core(SEED, r#"{"objective": "max:diagonal"}"#);
    let r = json(session.solve("lp-bb", 60.0).unwrap());
    assert_eq!(r["status"], "solved");
    // The native engine behind `solve --method lp-bb --objective max:diagonal`, on the same
    // puzzle: the same loop, so the same node count.
    let puzzle = read_puzzle(SEED, None).unwrap();
    let objective =
        sudoku_ilp::objective::Objective::parse("max:diagonal", puzzle.order()).unwrap();
    let puzzle = puzzle.with_objective(Some(objective));
    let (native, _) = sudoku_ilp::engine::lp_bb::LpBb::default()
        .run(&puzzle, &sudoku_ilp::engine::Limits::default())
        .unwrap();
    let sudoku_ilp::engine::Stats::LpBb(stats) = native.stats else {
        panic!("lp-bb's statistics")
    };
    assert_eq!(
        r["nodes"].as_u64(),
        Some(stats.nodes),
        "as `solve --method lp-bb --objective max:diagonal`"
    );
    let names = json(sudoku_ilp_web::api::names());
    let methods: Vec<&str> = names["method"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(methods, ["ilp", "backtrack", "propagate", "lp-bb"]);
    let e = session.solve("sat", 1.0).unwrap_err();
    assert!(e.starts_with("--method sat: not in the page"), "{e}");
}

#[test]
fn a_lab_nodes_lp_file_has_its_fixings_and_cuts() {
    let mut session = core(SEED, r#"{"objective": "max:diagonal"}"#);
    session.lab_start("").unwrap();
    session.lab_do("branch r1c2=2; node 1; cut gomory").unwrap();
    let text = session.lab_node_lp(1).unwrap();
    assert!(text.starts_with("\\ lab node 1: "), "{text}");
    assert!(text.contains("branchings on its path: r1c2=2"), "{text}");
    assert!(text.contains("cuts valid at it: gomory_1"), "{text}");
    assert!(text.contains(" gomory_1: "), "the cut is a row");
    assert!(text.contains(" x_r1_c2_v2 = 1\n"), "the fixing is a bound");
    assert!(text.contains("Maximize\n"), "the objective");
    let model = json(session.gmpl_model());
    assert_eq!(model["file"], "sudoku.mod");
}

/// Step k of the path with steps 0..k applied (the page's "Apply this step") is `steps`'s step
/// k; its `before` grid holds the digits the earlier steps placed and the candidates they left;
/// past the last step the answer says the grid is complete.
#[test]
fn hint_at_walks_the_solving_path() {
    let session = core(LINE, "{}");
    let steps = json(session.steps(false).unwrap());
    let steps = steps["steps"].as_array().unwrap();
    let k = steps
        .iter()
        .position(|s| !s["eliminations"].as_array().unwrap().is_empty())
        .unwrap_or(2);
    let shown = json(session.hint_at(k, "value").unwrap());
    let mut step = shown.clone();
    for key in ["svg", "hint", "index", "before"] {
        step.as_object_mut().unwrap().remove(key);
    }
    assert_eq!(step, steps[k]);
    let placed: Vec<(String, u64)> = steps[..k]
        .iter()
        .flat_map(|s| s["placements"].as_array().unwrap().iter())
        .map(|p| {
            (
                p["cell"].as_str().unwrap().to_string(),
                p["value"].as_u64().unwrap(),
            )
        })
        .collect();
    let before: Vec<(String, u64)> = shown["before"]["placed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["cell"].as_str().unwrap().to_string(),
                p["value"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut sorted = placed.clone();
    sorted.sort();
    let mut got = before.clone();
    got.sort();
    assert_eq!(got, sorted);
    // Each candidate the step removes is still open in the grid it starts from.
    for e in steps[k]["eliminations"].as_array().unwrap() {
        let cell = shown["before"]["open"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["cell"] == e["cell"])
            .expect("an open cell");
        assert!(cell["values"].as_array().unwrap().contains(&e["value"]));
    }
    let end = json(session.hint_at(steps.len(), "value").unwrap());
    assert_eq!(end["complete"], true);
}

/// The session keeps its solving path between calls: every step of a walk by "Apply this step"
/// from step 0 to the end (and each step again after All steps) is what a path computed from the
/// start up to that step alone gives (each Apply's computation before the path was kept): the
/// step, its checked certificates, its text at the level "value" and its picture; on a path of
/// chains, wings and fish (seed000: 44 removals, most with a certificate).
#[test]
fn a_kept_path_answers_as_the_path_computed_up_to_each_step() {
    use sudoku_ilp::hint::path::{solve_path_on, PathOptions};
    use sudoku_ilp::report::hint::{hint_text, step_json, step_svg, HintLevel};
    let walked = core(EXERCISE, "{}");
    let listed = core(EXERCISE, "{}");
    let all = json(listed.steps(false).unwrap());
    let n = all["steps"].as_array().unwrap().len();
    let removals = all["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["eliminations"].as_array().unwrap().iter())
        .filter(|e| e["certificate"].is_array())
        .inspect(|e| assert_eq!(e["summed"]["proves"], true, "{e}"))
        .count();
    assert!(
        n > 2 && removals > 0,
        "a path of several steps, some certificates"
    );
    let shown: Vec<Value> = (0..n)
        .map(|k| json(walked.hint_at(k, "value").unwrap()))
        .collect();
    for (k, step) in shown.iter().enumerate() {
        let options = PathOptions {
            max_steps: k + 1,
            ..PathOptions::default()
        };
        let alone = solve_path_on(&walked.puzzle, options, backends().hints).unwrap();
        let expected = &alone.steps[k];
        let mut bare = step.clone();
        for key in ["svg", "hint", "index", "before"] {
            bare.as_object_mut().unwrap().remove(key);
        }
        assert_eq!(bare, step_json(expected), "step {k}");
        assert_eq!(
            step["hint"],
            hint_text(expected, HintLevel::Value),
            "step {k}"
        );
        assert_eq!(step["svg"], step_svg(expected), "step {k}");
        assert_eq!(bare, all["steps"][k], "step {k} of All steps");
        assert_eq!(
            json(listed.hint_at(k, "value").unwrap()),
            *step,
            "step {k} after All steps"
        );
    }
    assert_eq!(json(walked.hint_at(n, "value").unwrap())["complete"], true);
}

/// The vertex's reduced costs with max:diagonal: nonzero, each on a candidate at a bound (a
/// column strictly between 0 and 1 is basic, with d = 0); none without an objective.
#[test]
fn a_vertex_lists_its_nonzero_reduced_costs_at_bounds() {
    let session = core(LINE, "{}");
    let v = json(session.vertex("max:diagonal").unwrap());
    let reduced = v["reduced"].as_array().unwrap();
    assert!(!reduced.is_empty());
    for r in reduced {
        let x = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["cell"] == r["cell"])
            .and_then(|c| c["values"].as_array())
            .and_then(|vs| vs.iter().find(|p| p[0] == r["value"]))
            .map_or(0.0, |p| p[1].as_f64().unwrap());
        assert!(!(1e-6..=1.0 - 1e-6).contains(&x), "{r}: x = {x}");
    }
    assert!(json(session.vertex("").unwrap())["reduced"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn read_draws_the_rules_for_the_board_but_the_cages() {
    let text = r#"{"grid": ".................................................................................", "rules": [
        {"type": "renban", "cells": ["r1c1", "r1c2", "r1c3"]},
        {"type": "killer", "cells": ["r5c5", "r5c6"], "sum": 3},
        {"type": "sandwich", "cells": ["r1c1","r1c2","r1c3","r1c4","r1c5","r1c6","r1c7","r1c8","r1c9"], "sum": 10}]}"#;
    let summary = json(read(text).unwrap());
    let under = summary["drawing"]["under"].as_str().unwrap();
    let over = summary["drawing"]["over"].as_str().unwrap();
    assert!(under.starts_with("<svg") && under.contains(r#"class="renban""#));
    assert!(over.contains(r#"class="outside-clue" data-side="left""#));
    // The page draws killer cages itself (its cage editor).
    assert!(!under.contains("cage") && !over.contains("cage"));
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn lesson_core(name: &str, puzzle: &str) -> sudoku_ilp_web::api::LessonCore {
    sudoku_ilp_web::api::LessonCore::new(
        &repo_file(&format!("data/lessons/{name}")),
        puzzle,
        sudoku_ilp::solve::lab_lp::make,
        Some(sudoku_ilp::solve::lab_lp::mip_backend),
    )
    .unwrap()
}

#[test]
fn a_lesson_is_played_with_right_and_wrong_answers_and_scored() {
    let lesson_json = json(repo_file("data/lessons/branch-and-bound.json"));
    let mut lesson = lesson_core("branch-and-bound.json", "");
    assert_eq!(json(lesson.summary())["questions"], 9);
    let first = json(lesson.next_step().unwrap());
    assert_eq!(first["kind"], "predict");
    assert!(first["action"]
        .as_str()
        .unwrap()
        .contains("root: node 0 root · LP 57"));
    let wrong = json(lesson.answer("yes").unwrap());
    assert_eq!(
        (wrong["correct"].clone(), wrong["expected"].clone()),
        (false.into(), "no".into())
    );
    assert!(wrong["reason"]
        .as_str()
        .unwrap()
        .contains("26 fractional columns"));
    while let Some(step) = Some(json(lesson.next_step().unwrap())).filter(|s| !s.is_null()) {
        let k = step["index"].as_u64().unwrap() as usize;
        let right = &lesson_json["steps"][k]["question"]["answer"];
        let right = right.as_str().map_or(right.to_string(), String::from);
        let graded = json(lesson.answer(&right).unwrap());
        assert_eq!(graded["correct"], true, "step {}: {graded}", k + 1);
    }
    let score = json(lesson.score());
    assert_eq!(
        (score["right"].clone(), score["questions"].clone()),
        (8.into(), 9.into())
    );
    assert!(score["text"].as_str().unwrap().starts_with("score: 8 of 9"));
}

#[test]
fn a_lesson_whose_puzzle_is_a_file_takes_its_text_and_grades_a_cut_exactly() {
    let e = sudoku_ilp_web::api::LessonCore::new(
        &repo_file("data/lessons/duality.json"),
        "",
        sudoku_ilp::solve::lab_lp::make,
        None,
    )
    .err()
    .unwrap();
    assert!(
        e.contains("is a file, and files cannot be read here"),
        "{e}"
    );
    let mut lesson = lesson_core(
        "duality.json",
        &repo_file("data/seeds/seed004_unique_9x9.json"),
    );
    for _ in 0..4 {
        lesson.next_step().unwrap();
    }
    let invalid = json(lesson.answer("r9c6=1 <= 0").unwrap());
    assert_eq!(invalid["correct"], false);
    assert!(invalid["reason"]
        .as_str()
        .unwrap()
        .contains("not valid at node 0"));
    let valid = json(lesson.answer("r9c6=2 <= 0").unwrap());
    assert_eq!(valid["correct"], true, "{valid}");
}
