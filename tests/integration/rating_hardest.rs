//! Sukaku Explainer's dynamic forcing chains: on diabolical lines where `serate` (v1.15.10)
//! rates the puzzle by a dynamic forcing chain (its ER technique, `serate --tech`, in
//! `../shared/peers/rating/results/`), the path has a step of it, every removal not the
//! solution's digit and every LP certificate passed by the independent checker, and the
//! rating is Sukaku Explainer's (the sidecar's ER).

use crate::common::{check_removal, highs_lock, shared_line, NO_HANG};
use sudoku_ilp::hint::certificate::{Certifier, Proof};
use sudoku_ilp::hint::path::{solve_path, PathOptions};
use sudoku_ilp::hint::rating::{rate, RateOptions};
use sudoku_ilp::hint::Technique;
use sudoku_ilp::input::parse_line;

/// Lines of `sudoku_exchange_diabolical.txt` that `serate` rates by a dynamic forcing chain:
/// (line, Sukaku Explainer's kind in the step's text, its ER).
const CASES: [(usize, &str, f64); 4] = [
    (9533, "Dynamic Contradiction Forcing Chains", 9.1),
    (23031, "Dynamic Cell Forcing Chains", 8.9),
    (68, "Dynamic Region Forcing Chains", 9.1),
    (10, "Dynamic Region Forcing Chains", 8.9),
];

#[test]
fn dynamic_forcing_chains_rate_as_serate_where_it_uses_them() {
    for (k, se_name, se) in CASES {
        let Some(line) = shared_line("sudoku_exchange_diabolical.txt", k) else {
            return;
        };
        let _guard = highs_lock();
        let puzzle = parse_line(&line, None).unwrap();
        let path = solve_path(&puzzle, PathOptions::default()).unwrap();
        let rows = Certifier::new(&puzzle).unwrap().rows().to_vec();
        let found: Vec<_> = path
            .steps
            .iter()
            .filter(|s| s.step.technique == Technique::DynamicForcingChain)
            .collect();
        assert!(!found.is_empty(), "line {k}: no dynamic forcing chain");
        for s in &found {
            assert!(!s.step.eliminations.is_empty(), "{}", s.step.text);
            for (i, &(c, v)) in s.step.eliminations.iter().enumerate() {
                assert_ne!(path.solution[c], v, "{}", s.step.text);
                if let Proof::Implied(cert) = &s.proofs[i] {
                    let checked = check_removal(&rows, &s.before, (c, v), cert);
                    assert!(checked.is_ok(), "{}: {checked:?}", s.step.text);
                }
            }
        }
        let hardest = path
            .steps
            .iter()
            .max_by(|a, b| a.step.difficulty.total_cmp(&b.step.difficulty))
            .unwrap();
        assert!(
            hardest.step.text.starts_with(se_name),
            "line {k}: {}",
            hardest.step.text
        );
        let no_lp = RateOptions {
            lp: false,
            ..RateOptions::default()
        };
        let rated = rate(&puzzle, no_lp, Some(&path), &NO_HANG).unwrap();
        assert!(!rated.guessed, "line {k}");
        assert_eq!(
            rated.hardest,
            Some(Technique::DynamicForcingChain),
            "line {k}"
        );
        assert!(
            (rated.difficulty - se).abs() < 1e-9,
            "line {k}: {} against SE's {se}",
            rated.difficulty
        );
    }
}

/// Line 9 of the SE ≥ 11 sample of `docs/performance.md` ("Ratings above 11.0"), where
/// `serate` v1.15.10 says 11.1 ("Dynamic Contradiction Forcing Chains (+ Multiple Forcing
/// Chains)") and the rating was 11.2 before its nested chains were counted and ordered as
/// Sukaku Explainer counts and orders them (its forcing chain ends at the assumption's
/// negation; its nested hints sorted by difficulty; every hidden pair of the "+" rules).
const SE_11_1: &str =
    "98.76....75..4......3..57..5....83...3..2..1.........43.......1.7...98.....6...2.";

#[test]
fn nested_forcing_chains_rate_as_serate_above_11() {
    let _guard = highs_lock();
    let puzzle = parse_line(SE_11_1, None).unwrap();
    let no_lp = RateOptions {
        lp: false,
        ..RateOptions::default()
    };
    let rated = rate(&puzzle, no_lp, None, &NO_HANG).unwrap();
    assert!(!rated.guessed);
    assert_eq!(rated.hardest, Some(Technique::NestedMultipleForcingChain));
    assert!(
        (rated.difficulty - 11.1).abs() < 1e-9,
        "{} against SE's 11.1",
        rated.difficulty
    );
}
