//! Issue 45 items 2–4: what the student writes, checked. A student's cut is decided exactly on
//! the node's subproblem (a valid one is added and the bound moves as the lab reports it; an
//! invalid one is refused with a counterexample grid that passes the independent checker and
//! violates the cut); predictions are graded against what the lab then does; a student's rows
//! for a rule are refused naming the forbidden assignment they accept or the allowed one they
//! refuse, and a weak but correct form is called weaker, with the fractional point.

use crate::common::{run, seed_arg};
use sudoku_ilp::check::check;
use sudoku_ilp::input::{parse_puzzle, ParseOptions};
use sudoku_ilp::lab::cuts::student::{Proof, Validity};
use sudoku_ilp::lab::{native, NativeLab, NodeStatus};
use sudoku_ilp::limits::Limits;
use sudoku_ilp::objective::Objective;
use sudoku_ilp::puzzle::{Grid, Puzzle};
use sudoku_ilp::row_check::{row_check, RowCheckError, Strength};

/// The seed grid with a fractional root LP (145 fractional columns), with `max:diagonal`.
fn unique_lab() -> (Puzzle, NativeLab) {
    let text = std::fs::read_to_string(seed_arg("seed004_unique_9x9.json")).unwrap();
    let puzzle = parse_puzzle("unique.json", &text, ParseOptions::default()).unwrap();
    let puzzle = puzzle.with_objective(Some(Objective::parse("max:diagonal", 9).unwrap()));
    let lab = native(&puzzle, &Limits::seconds(60.0).unwrap()).unwrap();
    (puzzle, lab)
}

/// The puzzle's one grid, from a second lab's automatic loop (checked there).
fn solution(puzzle: &Puzzle) -> Grid {
    let mut lab = native(puzzle, &Limits::seconds(60.0).unwrap()).unwrap();
    sudoku_ilp::lab::script::run(&mut lab, "auto").unwrap();
    lab.incumbent
        .expect("the automatic loop finds the grid")
        .grid
}

/// A fractional column of the root whose candidate the grid does (`in_grid`) or does not hold.
fn fractional_candidate(lab: &NativeLab, grid: &Grid, in_grid: bool) -> String {
    let root = &lab.nodes[0];
    let col = root
        .fractional
        .iter()
        .copied()
        .find(|&j| lab.candidate[j].is_some_and(|(cell, v)| (grid.values[cell] == v) == in_grid))
        .expect("such a fractional column");
    lab.column_name(col)
}

#[test]
fn a_valid_cut_is_added_and_the_bound_moves_as_the_lab_reports() {
    let (puzzle, mut lab) = unique_lab();
    let grid = solution(&puzzle);
    let name = fractional_candidate(&lab, &grid, false);
    let before = lab.nodes[0].objective;
    let report = lab.student_cut(0, &format!("{name} <= 0")).unwrap();
    assert_eq!(
        report.validity,
        Validity::Valid {
            proof: Proof::NoGridReaches {
                at_least: Some(1.0),
                at_most: None
            }
        },
        "integer coefficients: decided by the MILP with x >= 1 added"
    );
    assert!(report.cuts_off(), "x > 0 at the root: {}", report.violation);
    let added = report.added.expect("a valid cut at an open node is added");
    assert_eq!(added.bound_before, before);
    assert_eq!(added.bound_after, lab.nodes[0].objective);
    assert!(
        added.bound_after <= before + 1e-9,
        "max: a cut cannot raise the bound"
    );
    assert_eq!(lab.cuts.len(), 1);
    assert_eq!(lab.cuts[0].name, "my_1");
    // The command line reports the same move.
    let file = seed_arg("seed004_unique_9x9.json");
    let script = format!("cut my: {name} <= 0");
    let (code, out, err) = run(
        &["lab", "--objective", "max:diagonal", &file, "--do", &script],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let line = format!(
        "added as my_1: bound {} → {}",
        sudoku_ilp::lab::cuts::short(added.bound_before),
        sudoku_ilp::lab::cuts::short(added.bound_after)
    );
    assert!(out.contains(&line), "{line:?} not in\n{out}");
    assert!(
        out.contains(
            "valid at node 0: no grid of its subproblem violates it (MILP, exact: with the row \
             left side ≥ 1 added the subproblem has no integer point"
        ),
        "{out}"
    );
}

#[test]
fn an_invalid_cut_is_refused_with_a_checked_counterexample() {
    let (puzzle, mut lab) = unique_lab();
    let grid = solution(&puzzle);
    let name = fractional_candidate(&lab, &grid, true);
    let text = format!("{name} <= 0");
    let report = lab.student_cut(0, &text).unwrap();
    let Validity::Invalid {
        grid: counterexample,
        activity,
    } = &report.validity
    else {
        panic!("the grid holds {name}: {report:?}")
    };
    check(&puzzle, counterexample).expect("the counterexample passes the independent checker");
    assert_eq!(counterexample, &grid, "the puzzle has one grid");
    assert_eq!(*activity, 1.0);
    assert!(report.cut.violation_at(&vals(&lab, counterexample)) > 0.5);
    assert!(report.added.is_none());
    assert!(lab.cuts.is_empty(), "an invalid cut is not added");
    // The short form is the same cut; the command line shows the grid.
    let (cell, v) = lab.candidate[report.cut.terms[0].0].unwrap();
    let short = format!("cut my: r{}c{}={v} <= 0", cell / 9 + 1, cell % 9 + 1);
    let (code, out, err) = run(
        &["lab", &seed_arg("seed004_unique_9x9.json"), "--do", &short],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("not valid at node 0: this grid of its subproblem (checked) violates it"),
        "{out}"
    );
    assert!(out.contains("not added"), "{out}");
}

/// The sum of `cell`'s nine candidates in the short form (`r1c1=1 + … + r1c1=9`).
fn cell_digits(cell: usize) -> String {
    let (r, c) = (cell / 9 + 1, cell % 9 + 1);
    (1..=9)
        .map(|v| format!("r{r}c{c}={v}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

#[test]
fn both_sides_of_an_equation_are_decided_and_fractional_coefficients_optimised() {
    let (puzzle, mut lab) = unique_lab();
    let grid = solution(&puzzle);
    let name = fractional_candidate(&lab, &grid, true);
    let (cell, _) = sudoku_ilp::linear_text::candidate_of(&name, 9).unwrap();
    let digits = cell_digits(cell);
    // = 1 holds at every grid: both violations (≥ 2, ≤ 0) added in turn, neither has a point.
    let report = lab.judge_cut(0, &format!("{digits} = 1"), false).unwrap();
    assert_eq!(
        report.validity,
        Validity::Valid {
            proof: Proof::NoGridReaches {
                at_least: Some(2.0),
                at_most: Some(0.0)
            }
        }
    );
    let text = sudoku_ilp::report::exercise::student_cut_text(&lab, &report);
    assert!(
        text.contains(
            "with the row left side ≥ 2 added, and with the row left side ≤ 0 added the \
             subproblem has no integer point"
        ),
        "{text}"
    );
    // = 2: the upper side (≥ 3) has no point, the lower side (≤ 1) is the grid.
    let report = lab.judge_cut(0, &format!("{digits} = 2"), false).unwrap();
    let Validity::Invalid {
        grid: counterexample,
        activity,
    } = &report.validity
    else {
        panic!("= 2: {report:?}")
    };
    check(&puzzle, counterexample).expect("the counterexample passes the checker");
    assert_eq!((counterexample, *activity), (&grid, 1.0));
    // A fractional upper bound on integer coefficients: ≤ 1.5 is violated from 2 on.
    let report = lab
        .judge_cut(0, &format!("{digits} <= 1.5"), false)
        .unwrap();
    assert_eq!(
        report.validity,
        Validity::Valid {
            proof: Proof::NoGridReaches {
                at_least: Some(2.0),
                at_most: None
            }
        }
    );
    // Near the next integer: x = 1 breaks x <= 0.9999999 exactly, and is the counterexample.
    let report = lab
        .judge_cut(0, &format!("{name} <= 0.9999999"), false)
        .unwrap();
    let Validity::Invalid { grid: g, activity } = &report.validity else {
        panic!("x <= 0.9999999: {report:?}")
    };
    assert_eq!((g, *activity), (&grid, 1.0));
    // Fractional coefficients: the MILP optimises, and its optimum is reported.
    let report = lab
        .judge_cut(0, &format!("0.5 {name} <= 0.75"), false)
        .unwrap();
    let Validity::Valid {
        proof: Proof::Extremes(Some((low, high))),
    } = report.validity
    else {
        panic!("0.5 x <= 0.75: {report:?}")
    };
    assert!(low.is_nan(), "only the upper side is finite");
    assert_eq!(high, 0.5, "the grid holds {name}");
    let text = sudoku_ilp::report::exercise::student_cut_text(&lab, &report);
    assert!(
        text.contains("(MILP, exact: the left side is at most 0.5 over those grids)"),
        "{text}"
    );
    let report = lab
        .judge_cut(0, &format!("0.5 {name} <= 0.25"), false)
        .unwrap();
    let Validity::Invalid {
        grid: counterexample,
        activity,
    } = &report.validity
    else {
        panic!("0.5 x <= 0.25: {report:?}")
    };
    assert_eq!((counterexample, *activity), (&grid, 0.5));
    assert!(lab.cuts.is_empty(), "judged, not added");
}

/// The lab's column values of a grid.
fn vals(lab: &NativeLab, grid: &Grid) -> Vec<f64> {
    lab.candidate
        .iter()
        .map(|c| match c {
            Some((cell, v)) if grid.values[*cell] == *v => 1.0,
            _ => 0.0,
        })
        .collect()
}

#[test]
fn at_a_node_without_a_grid_every_cut_is_valid_and_bad_text_is_refused() {
    let (puzzle, mut lab) = unique_lab();
    let grid = solution(&puzzle);
    let name = fractional_candidate(&lab, &grid, false);
    let (cell, v) = sudoku_ilp::linear_text::candidate_of(&name, 9).unwrap();
    let children = lab.branch_candidate(0, cell, v).unwrap();
    // Child x = 1 holds a digit the only grid does not: its subproblem has no grid.
    let report = lab
        .student_cut(children[0], &format!("{name} <= 0"))
        .unwrap();
    let no_one = Validity::Valid {
        proof: Proof::NoGridReaches {
            at_least: Some(1.0),
            at_most: None,
        },
    };
    assert_eq!(report.validity, no_one);
    // Every grid puts a digit in x's cell, so every grid violates "the cell is empty": valid
    // at the child (no grid), refused at the root with the grid.
    let empty = format!("{} <= 0", cell_digits(cell));
    let report = lab.judge_cut(children[0], &empty, false).unwrap();
    assert_eq!(report.validity, no_one, "{empty}");
    let report = lab.judge_cut(0, &empty, false).unwrap();
    let Validity::Invalid {
        grid: counterexample,
        activity,
    } = &report.validity
    else {
        panic!("{empty} at the root: {report:?}")
    };
    assert_eq!(counterexample, &grid);
    assert_eq!(*activity, 1.0);
    for bad in ["x_r1_c1_v1 + 1", "y_nothing <= 1", "x_r1_c1_v1 <= 1 <= 2"] {
        let e = lab.student_cut(0, bad).unwrap_err();
        assert!(!e.is_solver(), "{bad}: {e}");
    }
}

#[test]
fn predictions_are_graded_against_what_the_lab_then_does() {
    let (_, mut lab) = unique_lab();
    assert!(lab.predict(0, "integral no").unwrap().correct);
    let wrong = lab.predict(0, "integral yes").unwrap();
    assert!(!wrong.correct);
    assert_eq!(wrong.expected, "no");
    assert!(
        wrong.reason.contains("fractional columns"),
        "{}",
        wrong.reason
    );
    let variable = lab.suggest(0).unwrap().variable.unwrap();
    let name = lab.column_name(variable);
    assert!(lab.predict(0, &format!("branch {name}")).unwrap().correct);
    let (cell, v) = lab.candidate[variable].unwrap();
    let child = format!("r{}c{}={v}", cell / 9 + 1, cell % 9 + 1);
    let infeasible = lab.predict(0, &format!("infeasible {child} no")).unwrap();
    let bound = lab.predict(0, &format!("bound {child} 0")).unwrap();
    assert_eq!(lab.nodes.len(), 1, "predicting changes no tree");
    let children = lab.branch_candidate(0, cell, v).unwrap();
    let made = &lab.nodes[children[0]];
    assert_eq!(
        infeasible.expected == "yes",
        made.status == NodeStatus::Infeasible
    );
    if made.status != NodeStatus::Infeasible {
        let value: f64 = bound.expected.parse().unwrap();
        assert!(
            (value - made.objective).abs() < 1e-3,
            "{value} vs {}",
            made.objective
        );
    }
    let next = lab.next(sudoku_ilp::lab::NodeRule::BestBound).unwrap();
    assert!(
        lab.predict(0, &format!("next best {next}"))
            .unwrap()
            .correct
    );
    let other = if next == 1 { 2 } else { 1 };
    let graded = lab.predict(0, &format!("next best {other}")).unwrap();
    assert!(
        !graded.correct && graded.expected == next.to_string(),
        "{graded:?}"
    );
}

/// A 4×4 with a cage, a thermometer, a white kropki dot and a V.
const RULES_4X4: &str = r#"{"grid":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"rules":[
 {"type":"killer","cells":["r1c1","r1c2"],"sum":5},
 {"type":"thermometer","cells":["r2c1","r2c2","r2c3"]},
 {"type":"kropki","dot":"white","a":"r3c1","b":"r3c2"},
 {"type":"xv","a":"r4c1","b":"r4c2","sum":5}]}"#;

fn rules_puzzle() -> Puzzle {
    parse_puzzle("rules.json", RULES_4X4, ParseOptions::default()).unwrap()
}

fn check_rows(rule: &str, rows: &str) -> Result<sudoku_ilp::row_check::RowCheck, RowCheckError> {
    row_check(
        &rules_puzzle(),
        rule,
        rows,
        &sudoku_ilp::solve::lab_lp::lab_backend(),
    )
}

#[test]
fn rows_that_accept_a_forbidden_assignment_are_refused_naming_it() {
    // White dot: consecutive digits. Forbidding only (1,1) and (1,3) leaves (1,4) accepted.
    let r = check_rows("white1", "r3c1=1 + r3c2=1 <= 1; r3c1=1 + r3c2=3 <= 1").unwrap();
    assert!(!r.exact());
    assert_eq!(r.forbidden_accepted.as_deref(), Some("r3c1=1 r3c2=4"));
    assert_eq!(r.allowed, 6);
    assert!(r
        .verdict()
        .starts_with("wrong: your rows accept a forbidden assignment"));
    // A row that refuses 1 in r3c1 refuses the allowed (1, 2), named with the row.
    let r = check_rows("white1", "x_r3_c1_v1 = 0").unwrap();
    let (assignment, row) = r.allowed_refused.unwrap();
    assert_eq!(
        (assignment.as_str(), row.as_str()),
        ("r3c1=1 r3c2=2", "x_r3_c1_v1 = 0")
    );
    // The command line says the same in its first line.
    let path = std::env::temp_dir().join(format!("exercises-{}.json", std::process::id()));
    std::fs::write(&path, RULES_4X4).unwrap();
    let file = path.to_string_lossy().into_owned();
    let rows = "r3c1=1 + r3c2=1 <= 1; r3c1=1 + r3c2=3 <= 1";
    let (code, out, err) = run(
        &["row-check", &file, "--rule", "white1", "--rows", rows],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("wrong: your rows accept a forbidden assignment\n"),
        "{out}"
    );
    assert!(
        out.contains("your rows accept the forbidden assignment r3c1=1 r3c2=4"),
        "{out}"
    );
    let (code, _, err) = run(
        &["row-check", &file, "--rule", "cage9", "--rows", rows],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("no rule \"cage9\""), "{err}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_weak_but_correct_form_is_accepted_and_called_weaker_with_the_point() {
    // The thermometer step value(r2c1) + 1 ≤ value(r2c2) as one aggregated row.
    let value = |cell: &str| {
        (1..=4)
            .map(|v| format!("{v} {cell}={v}"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let row = format!("{} + 1 <= {}", value("r2c1"), value("r2c2"));
    let r = check_rows("thermo1_step1", &row).unwrap();
    assert!(r.exact(), "{r:?}");
    assert_eq!(r.allowed, 6);
    let Some(Strength::Weaker { point, row: strong }) = &r.strength else {
        panic!("the aggregated row is the weak form: {r:?}")
    };
    assert!(strong.starts_with("the row thermo1_step1_v"), "{strong}");
    // The point is fractional and satisfies the student's row.
    let values: Vec<(String, f64)> = point
        .split(", ")
        .map(|p| {
            let (name, x) = p.split_once(": ").unwrap();
            (name.to_string(), x.parse().unwrap())
        })
        .collect();
    assert!(
        values.iter().any(|(_, x)| (x - x.round()).abs() > 1e-6),
        "{point}"
    );
    let side = |cell: &str| -> f64 {
        values
            .iter()
            .filter_map(|(n, x)| {
                n.strip_prefix(&format!("{cell}="))
                    .map(|v| v.parse::<f64>().unwrap() * x)
            })
            .sum()
    };
    assert!(side("r2c1") + 1.0 <= side("r2c2") + 1e-3, "{point}");
    assert!(r.verdict().starts_with("right, but weaker"));
    // The model's own strong rows for a house are as strong as its form.
    let house: Vec<String> = (1..=4)
        .map(|v| {
            (1..=4)
                .map(|c| format!("r1c{c}={v}"))
                .collect::<Vec<_>>()
                .join(" + ")
                + " = 1"
        })
        .collect();
    let r = check_rows("row_r1", &house.join("; ")).unwrap();
    assert!(r.exact() && r.allowed == 24, "{r:?}");
    assert!(
        matches!(r.strength, Some(Strength::AsStrong { .. })),
        "{r:?}"
    );
    // The cage's sum alone, Σ v·x = 5 over two cells, is exact (no repeated digit sums to 5)
    // and weaker than the digit-set form.
    let r = check_rows(
        "cage1",
        &format!("{} + {} = 5", value("r1c1"), value("r1c2")),
    )
    .unwrap();
    assert!(r.exact(), "{r:?}");
    assert!(matches!(r.strength, Some(Strength::Weaker { .. })), "{r:?}");
    // The V's sum (r4c1 + r4c2 = 5) on the value expressions: exact, and weaker than the
    // project's digit-set form, found by a vertex no y_D completes.
    let r = check_rows("xv1", &format!("{} + {} = 5", value("r4c1"), value("r4c2"))).unwrap();
    assert!(r.exact() && r.allowed == 4, "{r:?}");
    let Some(Strength::Weaker { point, row }) = &r.strength else {
        panic!("the value-expression sum is weak: {r:?}")
    };
    assert!(row.contains("digit-set"), "{row}");
    assert!(point.contains("0.5"), "{point}");
}
