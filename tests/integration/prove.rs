//! `prove` (issue 45, item 1): the student's own certificate of an elimination, checked. A
//! right one is accepted with its sum written out; a wrong one is refused with the open columns
//! that spoil it; an unknown row is one line and exit 2; the model answer is the tool's own
//! certificate, and it passes the checker; eliminating the solution's digit has no model
//! answer (the LP's maximum is above 0). In the library and on the command line.

use crate::common::{candidate_state, highs_lock, run, run_json, seed_arg};
use sudoku_ilp::check::summed::check_certificate;
use sudoku_ilp::hint::certificate::Proof;
use sudoku_ilp::hint::Candidates;
use sudoku_ilp::prove::{check_proof, model_answer, model_rows, parse_elimination, ProveError};
use sudoku_ilp::puzzle::{Cell, Puzzle};

const SEED: &str = "seed003_minizinc_9x9.json";

fn puzzle() -> Puzzle {
    let file = seed_arg(SEED);
    let text = std::fs::read_to_string(&file).unwrap();
    sudoku_ilp::input::parse_puzzle(&file, &text, Default::default()).unwrap()
}

/// The open candidates x_rR_c1_v3 of column 1 outside box 4 and r1c1: what spoils box 4 minus
/// column 1 as a proof of r1c1 ≠ 3.
fn open_in_column_1_outside_box_4(g: &Candidates) -> Vec<String> {
    (2..=9)
        .filter(|r| !(4..=6).contains(r))
        .filter(|r| {
            let c = (r - 1) * 9;
            g.value[c] == 0 && g.has(c, 3)
        })
        .map(|r| format!("x_r{r}_c1_v3"))
        .collect()
}

#[test]
fn a_right_certificate_is_accepted_and_a_wrong_one_refused_with_its_spoilers() {
    let p = puzzle();
    let target = parse_elimination("r1c1=3", &p).unwrap();
    assert_eq!(target, (Cell { row: 0, col: 0 }, 3));
    // 3 in box 4 lies in column 1 only: column 1's row minus box 4's leaves r1c1's 3 at 0.
    let right = check_proof(&p, target, "col_c1_v3 - box_b4_v3").unwrap();
    assert!(right.proves(), "{:?}", right.summed);
    let sum = right.summed.as_ref().unwrap();
    assert_eq!(sum.target, ("x_r1_c1_v3".to_string(), 1.0));
    assert_eq!(sum.spoilers().count(), 0);
    assert!(sum.why().ends_with("so x_r1_c1_v3 ≤ 0"), "{}", sum.why());
    // The wrong way round: the coefficient on x_r1_c1_v3 is −1 and the column's other open 3s
    // spoil it.
    let wrong = check_proof(&p, target, "box_b4_v3 - col_c1_v3").unwrap();
    assert!(!wrong.proves());
    let sum = wrong.summed.as_ref().unwrap();
    assert_eq!(sum.target.1, -1.0);
    let spoilers: Vec<String> = sum.spoilers().map(|(c, _)| c.clone()).collect();
    let g = Candidates::new(&p);
    let mut want = open_in_column_1_outside_box_4(&g);
    assert!(!want.is_empty());
    let mut got = spoilers.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    assert!(sum.why().contains("does not force x_r1_c1_v3 ≤ 0"));
    // One row alone is not enough either: its right-hand side stays 1.
    let half = check_proof(&p, target, "col_c1_v3").unwrap();
    assert!(!half.proves());
    // Names the model does not have, and eliminations that are not candidates: errors.
    assert_eq!(
        check_proof(&p, target, "col_c1_v3 - box_b10_v3"),
        Err(ProveError::UnknownRow("box_b10_v3".into()))
    );
    assert!(parse_elimination("r10c1=3", &p).is_err());
    assert!(parse_elimination("r1c1=0", &p).is_err());
    assert!(parse_elimination("r1c1", &p).is_err());
}

#[test]
fn the_model_answer_passes_the_checker_and_the_solutions_digit_has_none() {
    let _guard = highs_lock();
    let p = puzzle();
    let rows = model_rows(&p).unwrap();
    let g = Candidates::new(&p);
    let state = |r: usize, c: usize, v: usize| candidate_state(&g, r, c, v);
    let backend = sudoku_ilp::solve::lab_lp::hint_backend();
    let target = parse_elimination("r1c1=3", &p).unwrap();
    let Proof::Implied(answer) = model_answer(&p, target, backend.clone()).unwrap() else {
        panic!("r1c1 = 3 is LP-implied");
    };
    assert_eq!(check_certificate(&rows, state, (1, 1, 3), &answer), Ok(()));
    // The model answer, typed back by a student, is accepted.
    let typed: Vec<String> = answer
        .iter()
        .map(|(r, m)| format!("{} {} {r}", if *m < 0.0 { "-" } else { "+" }, m.abs()))
        .collect();
    let again = check_proof(&p, target, &typed.join(" ")).unwrap();
    assert!(again.proves(), "{typed:?}");
    // A candidate a given rules out (r2c2 holds 6): column 2's row alone proves it, and the
    // model answer is one row.
    let ruled_out = parse_elimination("r1c2=6", &p).unwrap();
    assert!(check_proof(&p, ruled_out, "col_c2_v6").unwrap().proves());
    let Proof::Implied(one) = model_answer(&p, ruled_out, backend.clone()).unwrap() else {
        panic!("r1c2 = 6 is ruled out by a given");
    };
    assert_eq!(one.len(), 1, "{:?}", one.rows);
    assert_eq!(check_certificate(&rows, state, (1, 2, 6), &one), Ok(()));
    // r1c1 holds 5 in the solution: no combination proves it away, and the LP says why.
    let solution = parse_elimination("r1c1=5", &p).unwrap();
    match model_answer(&p, solution, backend).unwrap() {
        Proof::NotImplied { max } => assert!(max > 0.5, "{max}"),
        Proof::Implied(c) => panic!("the solution's digit cannot be proven away: {c:?}"),
    }
    assert!(!check_proof(&p, solution, "col_c1_v5 - box_b1_v5")
        .unwrap()
        .proves());
}

#[test]
fn cli_prove_says_proven_or_not_and_bad_rows_are_one_line() {
    let file = seed_arg(SEED);
    let args = |rows: &str| {
        vec![
            "prove".to_string(),
            file.clone(),
            "--eliminate".into(),
            "r1c1=3".into(),
            "--rows".into(),
            rows.to_string(),
        ]
    };
    let call = |rows: &str| {
        let a = args(rows);
        run(&a.iter().map(String::as_str).collect::<Vec<_>>(), None)
    };
    let (code, out, _) = call("col_c1_v3 - box_b4_v3");
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("proven: the rows force x_r1_c1_v3 <= 0"),
        "{out}"
    );
    assert!(
        out.contains("  sum: ") && out.contains("model answer: "),
        "{out}"
    );
    let (code, out, _) = call("-col_c1_v3 + box_b4_v3");
    assert_eq!(code, 0);
    assert!(out.starts_with("not proven:"), "{out}");
    assert!(
        out.contains("spoiled by (open, coefficient below 0): x_r"),
        "{out}"
    );
    let (code, out, err) = call("col_c1_v3 - box_b10_v3");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--rows") && err.contains("box_b10_v3"),
        "{err}"
    );
    let (code, _, err) = run(
        &[
            "prove",
            &file,
            "--eliminate",
            "r2c2=6",
            "--rows",
            "cell_r2_c2",
        ],
        None,
    );
    assert_eq!(code, 2, "r2c2 is a given");
    assert!(err.contains("given"), "{err}");
    let (code, json, _) = run_json(
        &[
            "prove",
            &file,
            "--eliminate",
            "r1c1=3",
            "--rows",
            "box_b4_v3 - col_c1_v3",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(json["proves"], false);
    assert!(!json["summed"]["spoilers"].as_array().unwrap().is_empty());
    assert_eq!(json["model_answer"]["implied"], true);
    assert_eq!(json["model_answer"]["summed"]["proves"], true);
}

#[test]
fn a_multiplier_of_the_wrong_sign_on_an_inequality_is_refused_by_name() {
    // A killer's cage rows are `<=` rows: subtracting one adds nothing the model implies.
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/killer_9x9.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let p = sudoku_ilp::input::parse_puzzle("killer", &text, Default::default()).unwrap();
    let target = parse_elimination("r1c1=1", &p).unwrap();
    let check = check_proof(&p, target, "cell_r1_c1 - cage1_v1").unwrap();
    assert!(!check.proves());
    assert!(
        matches!(&check.summed, Err(sudoku_ilp::check::certificate::CertificateError::WrongSign { row, .. }) if row == "cage1_v1"),
        "{:?}",
        check.summed
    );
}
