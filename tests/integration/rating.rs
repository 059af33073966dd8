//! The rating on Sukaku Explainer's scale: its direct techniques are found on puzzles where
//! `serate` (v1.15.10) uses them, each removal with a certificate the independent checker
//! passes; the difficulty is the same with and without the LP level; the hint level is one
//! `Named` list on the command line.

use crate::common::{
    check_removal, highs_lock, lines, run, shared_data, shared_line, unique_solution, NO_HANG,
};
use sudoku_ilp::hint::certificate::{Certifier, Proof};
use sudoku_ilp::hint::path::{solve_path, PathOptions, PathStep};
use sudoku_ilp::hint::rating::{rate, RateOptions};
use sudoku_ilp::hint::{Candidates, Technique};
use sudoku_ilp::input::parse_line;
use sudoku_ilp::named::names;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::hint::HintLevel;

/// The steps of `technique` on the path of the puzzle `line` (`what` names it in messages): at
/// least one; each with a removal; every placement the solution's digit, no removal one; every
/// certificate passed by the independent checker, and with `all_implied` every removal has one.
fn checked_steps(line: &str, technique: Technique, what: &str, all_implied: bool) -> Vec<PathStep> {
    let puzzle = parse_line(line, None).unwrap();
    let solution = unique_solution(line);
    let path = solve_path(&puzzle, PathOptions::default()).unwrap();
    assert_eq!(path.solution, solution, "{what}: the path's solution");
    let rows = Certifier::new(&puzzle).unwrap().rows().to_vec();
    let found: Vec<PathStep> = path
        .steps
        .into_iter()
        .filter(|s| s.step.technique == technique)
        .collect();
    assert!(!found.is_empty(), "{what}: no {technique:?} step");
    for s in &found {
        let text = &s.step.text;
        assert!(!s.step.eliminations.is_empty(), "{text}");
        for &(c, v) in &s.step.placements {
            assert_eq!(solution[c], v, "{text}");
        }
        for (i, &(c, v)) in s.step.eliminations.iter().enumerate() {
            assert_ne!(solution[c], v, "{text}");
            let cert = match &s.proofs[i] {
                Proof::Implied(cert) => cert,
                _ if all_implied => panic!("{text}: {v} in {c} is not LP-implied"),
                _ => continue,
            };
            let checked = check_removal(&rows, &s.before, (c, v), cert);
            assert!(checked.is_ok(), "{text}: {checked:?}");
        }
    }
    found
}

/// Puzzles of `sudoku17_tdoku.txt` where `serate` uses each direct technique (found with
/// `serate --after='%n %s'` on every 157th line, the benchmark's sample): its path has a step
/// of it, which places one digit, and whose every removal has a certificate (checked as in
/// [`checked_steps`]).
#[test]
fn direct_techniques_are_found_where_serate_uses_them_with_checked_certificates() {
    let cases = [
        (1, Technique::DirectHiddenPair),
        (1414, Technique::DirectPointing),
        (31872, Technique::DirectHiddenTriplet),
    ];
    for (k, technique) in cases {
        let Some(line) = shared_line("sudoku17_tdoku.txt", k) else {
            return;
        };
        let _guard = highs_lock();
        assert!(technique.is_pigeonhole() && technique.is_se());
        for s in checked_steps(&line, technique, &format!("line {k}"), true) {
            assert_eq!(
                s.step.placements.len(),
                1,
                "{} places one digit",
                s.step.text
            );
        }
    }
}

/// Direct claiming is rare (no use in 3,000 17-clue puzzles by `serate`): a grid made for it
/// here. Row 1 holds 1 only in r1c1 and r1c2 (box 1), so box 1 loses 1 outside row 1; row 2
/// then has 1 only in r2c9.
#[test]
fn direct_claiming_places_the_single_its_removals_leave() {
    let mut g = Candidates::new(&parse_line(&".".repeat(81), None).unwrap());
    for c in 2..9 {
        g.eliminate(c, 1); // row 1: 1 only in r1c1, r1c2
    }
    for c in 12..17 {
        g.eliminate(c, 1); // row 2: 1 in r2c1..r2c3 (box 1) and r2c9
    }
    let s = sudoku_ilp::hint::direct_locked::direct_claiming(&g).unwrap();
    assert_eq!(s.technique, Technique::DirectClaiming);
    assert_eq!(s.placements, vec![(17, 1)]);
    assert_eq!(s.eliminations, vec![(9, 1), (10, 1), (11, 1)]);
    assert!((s.difficulty - 1.9).abs() < 1e-9);
}

/// The rating of every puzzle of two samples (every `stride`-th line): `rate` and
/// `rate --no-lp` give the same difficulty and hardest technique, and only the first has an LP
/// level.
fn same_difficulty_with_and_without_lp(file: &str, stride: usize) {
    let Some(path) = shared_data(file) else {
        return;
    };
    let _guard = highs_lock();
    for (k, line) in lines(&path).into_iter().step_by(stride) {
        let puzzle = parse_line(&line, None).unwrap();
        let with = rate(&puzzle, RateOptions::default(), None, &NO_HANG).unwrap();
        let no_lp = RateOptions {
            lp: false,
            ..RateOptions::default()
        };
        let without = rate(&puzzle, no_lp, None, &NO_HANG).unwrap();
        assert_eq!(with.difficulty, without.difficulty, "{file} line {k}");
        assert_eq!(with.hardest, without.hardest, "{file} line {k}");
        assert!(with.level.is_some() && without.level.is_none());
        assert!(with.hardest.is_some_and(|t| t != Technique::LpElimination));
    }
}

#[test]
fn rate_and_rate_without_lp_give_the_same_difficulty_on_the_benchmark_samples() {
    same_difficulty_with_and_without_lp("sudoku17_tdoku.txt", 157);
    same_difficulty_with_and_without_lp("sudoku_exchange_diabolical.txt", 132);
}

#[test]
fn a_bad_hint_level_is_one_line_with_the_librarys_names() {
    let (code, stdout, stderr) = run(&["hint", "--level", "nope", "x.json"], None);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(
        stderr,
        format!(
            "sudoku-ilp: --level \"nope\": expected one of {}\n",
            names::<HintLevel>().join(", ")
        )
    );
    assert_eq!(
        names::<HintLevel>(),
        ["where", "technique", "rows", "value"]
    );
}

/// BUG type 1, a uniqueness technique on by default as in `serate`: on diabolical line 3,433
/// (`serate` rates it 5.6, "BUG type 1") the rating is that step; without uniqueness the path
/// has no such step and its difficulty is higher.
#[test]
fn bug_type_1_rates_where_serate_uses_it_and_is_left_out_on_request() {
    let Some(line) = shared_line("sudoku_exchange_diabolical.txt", 3433) else {
        return;
    };
    let _guard = highs_lock();
    let puzzle = parse_line(&line, None).unwrap();
    let with = rate(&puzzle, RateOptions::default(), None, &NO_HANG).unwrap();
    assert_eq!(with.hardest, Some(Technique::BugType1));
    assert!((with.difficulty - 5.6).abs() < 1e-9);
    assert!(Technique::BugType1.assumes_uniqueness());
    assert_no_uniqueness_step(&puzzle);
    let without = rate(
        &puzzle,
        RateOptions {
            lp: false,
            uniqueness: false,
        },
        None,
        &NO_HANG,
    )
    .unwrap();
    assert!(without.difficulty > with.difficulty);
}

/// Sukaku Explainer's rating (ER) of line `k` of the diabolical bank, from its sidecar.
fn se_rating(k: usize) -> Option<f64> {
    let line = shared_line("sudoku_exchange_diabolical.ratings.tsv", k)?;
    line.split('\t').nth(1)?.parse().ok()
}

/// Diabolical line `k` (`None` without `../shared/data`): its path has a step of each of
/// `techniques` (checked by [`checked_steps`]) and its rating equals Sukaku Explainer's (the
/// sidecar's ER). The puzzle, for more checks.
fn found_and_rated_as_serate(k: usize, techniques: &[Technique]) -> Option<Puzzle> {
    let line = shared_line("sudoku_exchange_diabolical.txt", k)?;
    let _guard = highs_lock();
    for &t in techniques {
        checked_steps(&line, t, &format!("diabolical line {k}"), false);
    }
    let puzzle = parse_line(&line, None).unwrap();
    let rated = rate(&puzzle, RateOptions::default(), None, &NO_HANG).unwrap();
    let se = se_rating(k).expect("the sidecar has every line");
    assert!(
        (rated.difficulty - se).abs() < 1e-9,
        "line {k}: {rated:?} vs SE {se}"
    );
    Some(puzzle)
}

/// The path of `puzzle` without uniqueness has no step that assumes it.
fn assert_no_uniqueness_step(puzzle: &Puzzle) {
    let options = PathOptions {
        certificates: false,
        uniqueness: false,
        ..PathOptions::default()
    };
    let path = solve_path(puzzle, options).unwrap();
    assert!(path
        .steps
        .iter()
        .all(|s| !s.step.technique.assumes_uniqueness()));
}

/// Bidirectional cycles, unique rectangles/loops (type 3 with a naked or a hidden set: `serate`'s
/// "Unique Rectangle type 3" at 4.5 on line 147 is a hidden pair, a naked set costing ≥ 4.6) and
/// BUG types 2–4 on diabolical lines where `serate` uses
/// them (found with `serate --after='%r %s'`): the path has a step of each, checked as above,
/// and the rating equals Sukaku Explainer's (the sidecar's ER). Without uniqueness the path has
/// no step that assumes uniqueness.
#[test]
fn cycles_and_unique_loops_are_found_where_serate_uses_them() {
    let cases = [
        (1189, vec![Technique::XyCycle]),
        (22837, vec![Technique::XCycle]),
        (4489, vec![Technique::YCycle]),
        (10033, vec![Technique::UniqueLoop2]),
        (7393, vec![Technique::BugType2]),
        (11749, vec![Technique::BugType3]),
        (7693, vec![Technique::BugType4]),
        (147, vec![Technique::UniqueLoop3Hidden]),
        (35377, vec![Technique::UniqueLoop2]),
        (
            8317,
            vec![
                Technique::UniqueLoop1,
                Technique::UniqueLoop3,
                Technique::UniqueLoop4,
            ],
        ),
    ];
    for (k, techniques) in cases {
        let Some(puzzle) = found_and_rated_as_serate(k, &techniques) else {
            return;
        };
        let _guard = highs_lock();
        assert_no_uniqueness_step(&puzzle);
    }
}

/// Sukaku Explainer's grouped strong links on diabolical lines where `serate` uses them (found
/// with `serate --after='%r %s'`): line 28,777 ("Grouped Turbot Crane" and "Grouped
/// Skyscraper", 4.3, before its 3-string kite at 5.6), lines 2,905 and 28,381 ("3 Skyscrapers
/// … (Using 1 grouped strong link)" and "3-String Kite … (Using 2 grouped strong links)",
/// 5.7). The path has a step of each, every removal checked as above, and the rating equals
/// the sidecar's.
#[test]
fn grouped_strong_links_are_found_where_serate_uses_them() {
    let cases = [
        (28777, vec![Technique::GroupedTurbotFish]),
        (
            2905,
            vec![
                Technique::GroupedTurbotFish,
                Technique::GroupedThreeStrongLinks,
            ],
        ),
        (28381, vec![Technique::GroupedThreeStrongLinks]),
    ];
    for (k, techniques) in cases {
        for t in &techniques {
            assert!(t.is_se() && !t.is_pigeonhole() && !t.assumes_uniqueness());
        }
        if found_and_rated_as_serate(k, &techniques).is_none() {
            return;
        }
    }
}
