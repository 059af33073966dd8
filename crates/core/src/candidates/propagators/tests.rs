use super::distinct_sum::*;
use super::runs::*;
use super::*;

#[test]
fn a_two_cell_distinct_sum_of_three_is_one_and_two() {
    let rule = Propagator::DistinctSum {
        cells: vec![0, 1],
        sets: vec![0b11],
        sees: vec![vec![0b1110], vec![0b0101]],
        table: Some(SubsetTable::of(&[0b11])),
    };
    let mut out = Vec::new();
    let cand = [0x1ff, 0x1ff, 0x1ff, 0b1];
    assert!(rule.revise(&cand, &mut out).is_ok());
    // Both cells keep {1, 2}; cell 2 sees both and loses 1 and 2; cell 3 sees only cell 0.
    assert_eq!(
        out,
        vec![(0, 0x1ff & !0b11), (1, 0x1ff & !0b11), (2, 0b01), (2, 0b10)]
    );
}

#[test]
fn the_subset_table_keeps_what_the_matchings_keep() {
    // Pseudo-random candidate masks of 2 to 7 cells, every sum: both ways agree.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..400 {
        let k = 2 + round % 6;
        let masks: Vec<u64> = (0..k).map(|_| next() & 0x1ff | 1 << (next() % 9)).collect();
        for sum in 3..=45 {
            let sets: Vec<u64> = digit_sets(9, k, sum).iter().map(|s| s.0).collect();
            let mut by_table = vec![0u64; k];
            let table = SubsetTable::of(&sets).supports(&masks, &mut by_table);
            let mut by_matching = vec![0u64; k];
            let mut must = u64::MAX;
            let mut any = false;
            for &set in &sets {
                if Matcher::default().supports(&masks, set, &mut by_matching) {
                    must &= set;
                    any = true;
                }
            }
            assert_eq!(table, any.then_some(must), "{masks:?} sum {sum}");
            assert_eq!(by_table, by_matching, "{masks:?} sum {sum}");
        }
    }
}

#[test]
fn an_equality_keeps_the_values_of_its_solutions() {
    // x0 + x1 − x2 = 10, x0 ∈ {1, 9}, x1 ∈ {1, 2}, x2 ∈ 1..9: only (9, 2, 1) (bounds
    // reasoning keeps x0 = 1, x1 = 1 and x2 ∈ {1, 2}).
    let rule = Propagator::Linear {
        terms: vec![(1, 0), (1, 1), (-1, 2)],
        relation: Relation::Eq,
        rhs: 10,
    };
    let mut out = Vec::new();
    assert!(rule.revise(&[0b1_0000_0001, 0b11, 0x1ff], &mut out).is_ok());
    assert_eq!(out, vec![(2, 0x1ff & !0b1), (1, 0b01), (0, 0b1)]);
    // Every solution is checked against brute force on pseudo-random masks.
    brute_force(
        0x9e37_79b9_7f4a_7c15,
        0,
        30,
        |x| x[0] + 2 * x[1] - x[2] + x[3],
        |rhs| Propagator::Linear {
            terms: vec![(1, 0), (2, 1), (-1, 2), (1, 3)],
            relation: Relation::Eq,
            rhs,
        },
    );
}

#[test]
fn an_equality_over_runs_of_distinct_cells_keeps_the_values_of_its_solutions() {
    // x0 + x1 + x2 + 2·x3 = rhs with x0, x1, x2 pairwise different (one run), brute force.
    let terms = vec![(1, 0), (1, 1), (1, 2), (2, 3)];
    let peers = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![]];
    assert_eq!(distinct_runs(&terms, &peers), vec![3, 1]);
    let sum = |x: &[i64]| {
        let distinct = x[0] != x[1] && x[0] != x[2] && x[1] != x[2];
        // A repeat in the run is no solution: a sum no rhs reaches.
        if distinct {
            x[0] + x[1] + x[2] + 2 * x[3]
        } else {
            -1
        }
    };
    brute_force(0x1234_5678_9abc_def1, 6, 40, sum, |rhs| {
        Propagator::LinearRuns {
            terms: terms.clone(),
            runs: vec![3, 1],
            rhs,
            memo: RunMemo::new(2),
        }
    });
}

#[test]
fn a_shifted_union_is_the_or_of_every_shift() {
    let naive = |x: u128, offsets: u128, left: bool| {
        (0..128)
            .filter(|t| offsets >> t & 1 == 1)
            .fold(0u128, |acc, t| acc | if left { x << t } else { x >> t })
    };
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..2000 {
        let x = (next() as u128) << (next() % 64) | next() as u128;
        let (a, k) = (next() % 100, 1 + next() % 28);
        let interval = (u128::MAX >> (128 - k)) << a;
        let scattered = (next() as u128) & (next() as u128) << 3;
        for offsets in [0, interval, scattered, interval | 1 << 127] {
            for left in [true, false] {
                assert_eq!(shifted_union(x, offsets, left), naive(x, offsets, left));
            }
        }
    }
}

#[test]
fn an_equality_over_two_runs_of_two_with_a_negative_term_keeps_the_values_of_its_solutions() {
    // x0 + x1 + x2 − x3 = rhs (an arrow's shape) with x0 ≠ x1 and x2 ≠ x3, brute force: the
    // two-cell runs and the last term's coefficient other than 1.
    let terms = vec![(1, 0), (1, 1), (1, 2), (-1, 3)];
    let peers = vec![vec![1], vec![0], vec![3], vec![2]];
    assert_eq!(distinct_runs(&terms, &peers), vec![2, 2]);
    let sum = |x: &[i64]| {
        if x[0] != x[1] && x[2] != x[3] {
            x[0] + x[1] + x[2] - x[3]
        } else {
            -100
        }
    };
    brute_force(0x0fed_cba9_8765_4321, -4, 24, sum, |rhs| {
        Propagator::LinearRuns {
            terms: terms.clone(),
            runs: vec![2, 2],
            rhs,
            memo: RunMemo::new(2),
        }
    });
}

/// On 300 pseudo-random masks of four cells over 1..9 and right-hand sides `low..low + span`
/// (one rule per right-hand side, revised on every mask drawn with it), the rule keeps
/// exactly the values of the assignments x with `sum(x) == rhs` (and fails when a cell
/// keeps none).
fn brute_force(
    mut seed: u64,
    low: i64,
    span: u64,
    sum: impl Fn(&[i64]) -> i64,
    rule: impl Fn(i64) -> Propagator,
) {
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut rules = std::collections::HashMap::new();
    for _ in 0..300 {
        let masks: Vec<u64> = (0..4).map(|_| next() & 0x1ff | 1 << (next() % 9)).collect();
        let rhs = low + (next() % span) as i64;
        let mut keep = [0u64; 4];
        for v in 0..9usize.pow(4) {
            let x: Vec<i64> = (0..4).map(|j| (v / 9usize.pow(j) % 9) as i64 + 1).collect();
            let fits = (0..4).all(|j| masks[j] >> (x[j] - 1) & 1 == 1);
            if fits && sum(&x) == rhs {
                (0..4).for_each(|j| keep[j] |= 1 << (x[j] - 1));
            }
        }
        // One rule per right-hand side, used again on other masks (its memo, if any, too).
        let rule = rules.entry(rhs).or_insert_with(|| rule(rhs));
        let mut out = Vec::new();
        if keep.contains(&0) {
            assert!(rule.revise(&masks, &mut out).is_err());
            continue;
        }
        assert!(rule.revise(&masks, &mut out).is_ok());
        let mut got = masks.clone();
        for (c, gone) in out {
            got[c as usize] &= !gone;
        }
        assert_eq!(got, keep, "{masks:?} = {rhs}");
    }
}

#[test]
fn bounds_narrow_a_sum() {
    // x0 + x1 + x2 ≤ 6 over 1..9: each is at most 4 (bounds reasoning is exact for ≤).
    let rule = Propagator::Linear {
        terms: vec![(1, 0), (1, 1), (1, 2)],
        relation: Relation::Le,
        rhs: 6,
    };
    let mut out = Vec::new();
    assert!(rule.revise(&[0x1ff; 3], &mut out).is_ok());
    assert_eq!(out, vec![(0, 0x1f0), (1, 0x1f0), (2, 0x1f0)]);
    // x0 + x1 + x2 = 24 over 1..9 (the partial-sum GAC): each is at least 6.
    let rule = Propagator::Linear {
        terms: vec![(1, 0), (1, 1), (1, 2)],
        relation: Relation::Eq,
        rhs: 24,
    };
    let mut out = Vec::new();
    assert!(rule.revise(&[0x1ff; 3], &mut out).is_ok());
    out.sort_unstable();
    assert_eq!(out, vec![(0, 0b11111), (1, 0b11111), (2, 0b11111)]);
}

#[test]
fn a_table_keeps_supported_values() {
    // the pairs |a − b| = 1, b fixed to 5.
    let allowed: Vec<u64> = (1..=9i64)
        .map(|u| {
            [u - 1, u + 1]
                .into_iter()
                .filter(|w| (1..=9).contains(w))
                .fold(0, |m, w| m | 1 << (w - 1))
        })
        .collect();
    let rule = Propagator::Pairs {
        a: 0,
        b: 1,
        allowed,
    };
    let mut out = Vec::new();
    assert!(rule.revise(&[0x1ff, 1 << 4], &mut out).is_ok());
    assert_eq!(out, vec![(0, 0x1ff & !(1 << 3 | 1 << 5))]);
}

#[test]
fn a_tuple_table_keeps_the_values_of_the_tuples_still_possible() {
    // Between line: ends 0 and 1, middle 2; end 0 is 2.
    let allowed: Vec<Vec<u8>> = (1..=9u8)
        .flat_map(|u| (1..=9u8).flat_map(move |w| (1..=9u8).map(move |t| vec![u, w, t])))
        .filter(|r| r[0].min(r[1]) < r[2] && r[2] < r[0].max(r[1]))
        .collect();
    let rule = Propagator::Tuples {
        cells: vec![0, 1, 2],
        allowed,
        sees: vec![Vec::new(); 3],
    };
    let mut out = Vec::new();
    assert!(rule.revise(&[1 << 1, 0x1ff, 0x1ff], &mut out).is_ok());
    // End 1: 1, 2 and 3 leave no room for a middle. Middle: 1 and 2 (not above the end 2)
    // and 9 (nothing above it) out.
    assert_eq!(out, vec![(1, 0b111), (2, 0b1_0000_0011)]);
    // With end 1 fixed to 3 nothing but 2 < t < 3 fits: wiped.
    assert!(rule.revise(&[1 << 1, 1 << 2, 0x1ff], &mut out).is_err());
}
