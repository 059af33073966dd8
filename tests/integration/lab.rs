//! The driven branch and bound (`sudoku_ilp::lab`) through the library and the `lab` command:
//! whole sessions that branch, prune by bound (with an objective) and by infeasibility, cut
//! and finish; every integral leaf passes the checker; every Gomory cut is valid (no grid of
//! the puzzle violates it: on the empty 4×4 by enumerating its 288 grids, on 9×9 against the
//! known solution) and violated by the LP point it was cut from; the bound never crosses the
//! optimum.

use crate::common::{exe, highs_lock};
use std::process::Command;
use sudoku_ilp::check::check;
use sudoku_ilp::engine::{milp::Milp, Engine, Limits};
use sudoku_ilp::formulation::binary::Binary;
use sudoku_ilp::input::{parse_line, parse_puzzle, read_source, ParseOptions};
use sudoku_ilp::lab::auto::{self, AutoOptions, Branching};
use sudoku_ilp::lab::cuts::{CutKind, NoCut};
use sudoku_ilp::lab::lp::LabLp;
use sudoku_ilp::lab::{native, script, Lab, NodeRule, NodeStatus};
use sudoku_ilp::objective::{Objective, ObjectiveSense};
use sudoku_ilp::puzzle::Puzzle;

/// A repository puzzle with one solution, its root LP fractional.
const UNIQUE: &str = "data/seeds/seed004_unique_9x9.json";

fn repo_puzzle(path: &str) -> Puzzle {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    parse_puzzle(path, &read_source(&full).unwrap(), ParseOptions::default()).unwrap()
}

/// Every grid of the empty 4×4 (2×2 boxes), by plain backtracking (shares nothing with the
/// library).
fn all_4x4_grids() -> Vec<Vec<u8>> {
    fn fill(grid: &mut Vec<u8>, at: usize, out: &mut Vec<Vec<u8>>) {
        if at == 16 {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 1..=4u8 {
            let clash = (0..16).filter(|&i| i < at).any(|i| {
                let (r2, c2) = (i / 4, i % 4);
                grid[i] == v && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
            });
            if !clash {
                grid[at] = v;
                fill(grid, at + 1, out);
                grid[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![0; 16], 0, &mut out);
    out
}

/// The 0/1 point x_{c,v} of a grid in the lab's columns.
fn point<L: LabLp>(lab: &Lab<L>, grid: &[u8]) -> Vec<f64> {
    (0..lab.candidate.len())
        .map(|j| {
            let (cell, v) = lab.candidate[j].expect("the classic grids here have x columns only");
            f64::from(u8::from(grid[cell] == v))
        })
        .collect()
}

/// True when the grid's point lies in node `id`'s fixings.
fn in_subtree<L: LabLp>(lab: &Lab<L>, id: usize, x: &[f64]) -> bool {
    lab.bounds_at(id)
        .iter()
        .zip(x)
        .all(|(&(lo, hi), &v)| lo - 1e-9 <= v && v <= hi + 1e-9)
}

/// Every cut of the lab holds at every grid of its scope's subtree, and the point it was cut
/// from violated it.
fn assert_cuts_valid<L: LabLp>(lab: &Lab<L>, grids: &[Vec<u8>]) {
    for cut in &lab.cuts {
        assert!(
            cut.violation > 1e-6,
            "{} does not cut its point off",
            cut.name
        );
        for g in grids {
            let x = point(lab, g);
            if in_subtree(lab, cut.scope, &x) {
                assert!(
                    cut.violation_at(&x) <= 1e-7,
                    "{} cuts off the grid {g:?} by {}",
                    cut.name,
                    cut.violation_at(&x)
                );
            }
        }
    }
}

/// Every integral node's grid passes the independent checker.
fn assert_leaves_checked<L: LabLp>(lab: &Lab<L>, puzzle: &Puzzle) {
    for node in lab
        .nodes
        .iter()
        .filter(|n| n.status == NodeStatus::Integral)
    {
        check(puzzle, &lab.decode(&node.values)).unwrap();
    }
}

#[test]
fn gomory_cuts_on_the_empty_4x4_hold_for_all_288_grids() {
    let _guard = highs_lock();
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    let mut cuts = 0;
    for seed in [14, 17, 21, 28] {
        let objective = Objective::random(4, ObjectiveSense::Max, seed);
        let best = grids.iter().map(|g| objective.value(g)).max().unwrap() as f64;
        let puzzle = parse_line("................", None)
            .unwrap()
            .with_objective(Some(objective));
        let mut lab = native(&puzzle, &Limits::default()).unwrap();
        assert_eq!(lab.nodes[0].status, NodeStatus::Open, "seed {seed}");
        for _ in 0..5 {
            if lab.nodes[0].status != NodeStatus::Open
                || lab.cut(0, CutKind::Gomory).unwrap().is_none()
            {
                break;
            }
            assert!(
                lab.nodes[0].objective >= best - 1e-6,
                "the root bound crossed the optimum"
            );
        }
        if lab.nodes[0].status == NodeStatus::Open {
            let children = lab.branch_cell(0, 0).unwrap();
            for child in children {
                if lab.nodes[child].status == NodeStatus::Open {
                    lab.cut(child, CutKind::Gomory).unwrap();
                }
            }
        }
        cuts += lab.cuts.len();
        assert_cuts_valid(&lab, &grids);
        auto::run(
            &mut lab,
            &AutoOptions {
                branching: Branching::Variable,
                rule: NodeRule::BestBound,
                ..AutoOptions::default()
            },
        )
        .unwrap();
        assert_eq!(lab.incumbent.as_ref().unwrap().value, best, "seed {seed}");
        assert_leaves_checked(&lab, &puzzle);
    }
    assert!(cuts >= 4, "only {cuts} Gomory cuts were made");
}

/// The known solution of [`UNIQUE`] by HiGHS's MILP (no objective), checked.
fn unique_solution(puzzle: &Puzzle) -> Vec<u8> {
    let s = Milp::new(Binary::default())
        .solve(&puzzle.clone().with_objective(None), &Limits::default())
        .unwrap();
    s.grid.unwrap().values
}

#[test]
fn a_session_cuts_branches_prunes_both_ways_and_finishes_on_a_9x9() {
    let _guard = highs_lock();
    let plain = repo_puzzle(UNIQUE);
    let solution = unique_solution(&plain);
    let objective = Objective::random(9, ObjectiveSense::Min, 2);
    let optimum = objective.value(&solution) as f64;
    let puzzle = plain.with_objective(Some(objective));
    let mut lab = native(&puzzle, &Limits::default()).unwrap();
    let x = point(&lab, &solution);
    // Steps a student takes, the bound checked after each.
    let steps = "cut gomory; cut gomory; branch variable; next best; cut gomory; branch suggested; next best; finish";
    let mut bounds_ok = true;
    script::run_each(&mut lab, steps, |lab, _, _| {
        bounds_ok &= lab.bound().is_none_or(|b| b <= optimum + 1e-6);
    })
    .unwrap();
    assert!(
        bounds_ok,
        "the bound crossed the optimum during the session"
    );
    assert!(lab.cuts.len() >= 2);
    assert_cuts_valid(&lab, std::slice::from_ref(&solution));
    // Every node whose fixings keep the solution has an LP value at most the optimum (min).
    for node in lab.nodes.iter().filter(|n| !n.objective.is_nan()) {
        if in_subtree(&lab, node.id, &x) {
            assert!(
                node.objective <= optimum + 1e-6,
                "node {} LP {} > {optimum}",
                node.id,
                node.objective
            );
        }
    }
    auto::run(
        &mut lab,
        &AutoOptions {
            branching: Branching::Variable,
            ..AutoOptions::default()
        },
    )
    .unwrap();
    let best = lab.incumbent.as_ref().unwrap();
    assert_eq!(best.grid.values, solution);
    assert_eq!(best.value, optimum);
    assert!(
        lab.nodes
            .iter()
            .any(|n| n.status == NodeStatus::PrunedByBound),
        "no node pruned by bound"
    );
    // The lab's model has no column a given rules out, so an infeasible node is one whose
    // fixings the LP (not a given) refutes: the textbook loop meets some.
    assert!(
        lab.nodes.iter().any(|n| n.status == NodeStatus::Infeasible),
        "no node pruned by infeasibility"
    );
    assert!(lab.nodes.iter().all(|n| n.status != NodeStatus::Open));
    assert_leaves_checked(&lab, &puzzle);
}

#[test]
fn a_no_good_cut_moves_the_search_to_the_second_grid() {
    let _guard = highs_lock();
    let puzzle = repo_puzzle("data/seeds/seed004_two_solutions_9x9.json");
    let mut lab = native(&puzzle, &Limits::default()).unwrap();
    // Without an objective the root LP of this puzzle is a grid.
    let first = lab.incumbent.clone().expect("the root is integral");
    assert_eq!(lab.nodes[0].status, NodeStatus::Integral);
    // Cut the grid off at the root and search again, the first grid set aside.
    lab.nodes[0].status = NodeStatus::Open;
    lab.incumbent = None;
    let report = lab.cut(0, CutKind::NoGood).unwrap().expect("a no-good cut");
    assert!((lab.cuts[report.cut].violation - 1.0).abs() < 1e-9);
    auto::run(&mut lab, &AutoOptions::default()).unwrap();
    let second = lab.incumbent.clone().expect("the second grid").grid;
    check(&puzzle, &second).unwrap();
    assert_ne!(second.values, first.grid.values);
    assert_leaves_checked(&lab, &puzzle);
}

#[test]
fn clique_cuts_find_nothing_in_the_binary_model() {
    let _guard = highs_lock();
    let puzzle =
        repo_puzzle(UNIQUE).with_objective(Some(Objective::diagonal(9, ObjectiveSense::Max)));
    let mut lab = native(&puzzle, &Limits::default()).unwrap();
    assert_eq!(lab.nodes[0].status, NodeStatus::Open);
    assert!(lab.cut(0, CutKind::Clique).unwrap().is_none());
}

/// A cut round that finds nothing says why (issue 43 item 3): the binary model's cliques all lie
/// in rows = 1, and a no-good needs an integral point; the reasons are the library's, so the
/// command line, Python's scripts and the page print the same sentence.
#[test]
fn a_cut_that_finds_nothing_says_why() {
    let _guard = highs_lock();
    let puzzle =
        repo_puzzle(UNIQUE).with_objective(Some(Objective::diagonal(9, ObjectiveSense::Max)));
    let mut lab = native(&puzzle, &Limits::default()).unwrap();
    let fractional = lab.nodes[0].fractional.len();
    assert!(fractional > 0);
    match lab.cut_or_why(0, CutKind::Clique).unwrap() {
        Err(why @ NoCut::CliqueNotViolated { weight }) => {
            assert!(weight <= 1.0 + 1e-6);
            assert!(why
                .to_string()
                .starts_with("no clique row is violated at this point: "));
        }
        other => panic!("{other:?}"),
    }
    let why = lab.cut_or_why(0, CutKind::NoGood).unwrap().unwrap_err();
    assert_eq!(
        why,
        NoCut::Fractional {
            columns: fractional
        }
    );
    assert_eq!(
        why.to_string(),
        format!("no no-good applies: the LP point is fractional in {fractional} columns, and a no-good excludes a grid (an integral point)")
    );
    assert!(lab.cuts.is_empty());
    let file = format!("{}/{UNIQUE}", env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = lab_cli(&[
        "--objective",
        "max:diagonal",
        &file,
        "--do",
        "cut clique; cut nogood",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("no violated clique cut at node 0: no clique row is violated at this point: "),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "no violated nogood cut at node 0: no no-good applies: the LP point is fractional in {fractional} columns"
        )),
        "{out}"
    );
}

fn lab_cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(exe()).arg("lab").args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_lab_command_replays_a_walk_through() {
    let file = format!("{}/{UNIQUE}", env!("CARGO_MANIFEST_DIR"));
    let svg = std::env::temp_dir().join(format!("lab-tree-{}.svg", std::process::id()));
    let script = "cut gomory; branch variable; next best; branch suggested; suggest; next best; finish; auto variable";
    let (code, out, err) = lab_cli(&[
        "--objective",
        "min:random:2",
        &file,
        "--do",
        script,
        "--tree",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for expected in [
        "step 1: cut gomory",
        "gomory_1: ",
        ">= ",
        "infeasible",
        "pruned by bound",
        "lp-bb's cell rule: ",
        "HiGHS solved node",
        "incumbent",
        "the loop ended: Done",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    // Replaying the same script prints the same session.
    let (_, again, _) = lab_cli(&["--objective", "min:random:2", &file, "--do", script]);
    assert_eq!(again, out);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("data-status=\"pruned by bound\""));
    let _ = std::fs::remove_file(&svg);
    let (code, out, err) = lab_cli(&[&file, "--do", "branch r1c1=0"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn search_engines_refuse_an_objective_in_one_line() {
    let file = format!("{}/{UNIQUE}", env!("CARGO_MANIFEST_DIR"));
    for method in ["sat", "propagate", "backtrack"] {
        let out = Command::new(exe())
            .args([
                "solve",
                "--objective",
                "max:diagonal",
                "--method",
                method,
                &file,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{method}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("objective"), "{err}");
    }
}

/// `data-free="K"` of a range picture.
fn data_number(svg: &str, key: &str) -> usize {
    let at = svg.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn the_range_picture_frees_exactly_where_two_solutions_differ() {
    let _guard = highs_lock();
    let puzzle = repo_puzzle("data/seeds/seed004_two_solutions_9x9.json");
    let count = Milp::new(Binary::default())
        .count(&puzzle, 10, &Limits::default())
        .unwrap();
    assert_eq!(count.solutions.len(), 2);
    let (a, b) = (&count.solutions[0].values, &count.solutions[1].values);
    let differ = a.iter().zip(b).filter(|(x, y)| x != y).count();
    let svg = sudoku_ilp::report::polytope_svg::range_picture(&puzzle, None)
        .unwrap()
        .unwrap();
    // Both digits of each differing cell are free; every other cell's digit is forced to 1.
    assert_eq!(data_number(&svg, "data-free"), 2 * differ);
    assert_eq!(data_number(&svg, "data-forced-one"), 81 - differ);
    let unique = sudoku_ilp::report::polytope_svg::dual_picture(&repo_puzzle(UNIQUE), None)
        .unwrap()
        .unwrap();
    assert!(unique.starts_with("<svg") && unique.contains("Duals of the root LP"));
}

#[test]
fn generate_makes_a_9x9_exercise_with_a_textbook_tree_of_5_to_15_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(exe())
        .args(["generate", "--size", "9", "--tree-nodes", "5-15"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = dir.path().join("exercise.json");
    std::fs::write(&file, &out.stdout).unwrap();
    let solved = Command::new(exe())
        .args([
            "solve", "--json", "--method", "lp-bb", "--branch", "variable",
        ])
        .arg(&file)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
    assert_eq!(doc["status"], "solved");
    let nodes = doc["stats"]["nodes"].as_u64().unwrap();
    assert!((5..=15).contains(&nodes), "{nodes} nodes");
}
