//! Outside clues (sandwich, X-sum, skyscraper): the sightline primitive
//! ([`crate::rules::sightline`]) read by its automaton ([`Sightline::next`]), whose states are
//! what the measure needs of the prefix read so far:
//!
//! ```text
//! sandwich:   before the crusts | inside, the crust still to come and the sum so far | done
//! X-sum:      before the first cell | the cells still to add and the sum so far | done
//! skyscraper: the tallest value so far and how many were seen | done
//! ```
//!
//! Dynamic programming over (position, state), every cell's candidates as a bit mask:
//!
//! ```text
//! F₀ = {start},  F_{k+1} = {next(σ, v) : σ ∈ F_k, v ∈ cand(c_k)}         reachable
//! B_L = {done},  B_k = {σ : next(σ, v) ∈ B_{k+1} for some v ∈ cand(c_k)}  completable
//! c_k keeps v  ⇔  next(σ, v) ∈ B_{k+1} for some σ ∈ F_k
//! ```
//!
//! Sums never pass the clue (the automaton refuses them), so a layer has at most
//! 2 + (n + 1)·(clue + 1) states and a revision costs O(L · states · n): it never gives up, at
//! any point of a search. It is generalised arc consistency of the clue with values allowed to
//! repeat along the line (the line is a house: the singles keep its values different), the
//! relaxation the SAT engine's clauses of the same automaton also make. An exact walk over the
//! line's completions with different values follows it while the line's open cells are few
//! ([`EXACT_BUDGET`] partial lines, then it stops and the automaton's removals stand).

use super::{values, Wiped};
use crate::rules::primitive::{Measure, Sightline, State};

/// The most partial lines the exact walk after the automaton visits.
pub(super) const EXACT_BUDGET: usize = 2_000;

/// Appends the values no completion accepted by the automaton uses (then those no completion of
/// different values uses, while the walk stays within [`EXACT_BUDGET`]); [`Wiped`] when there is
/// none.
pub(super) fn sightline(
    line: &Sightline,
    cells: &[u32],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let masks: Vec<u64> = cells.iter().map(|&c| cand[c as usize]).collect();
    let mut keep = automaton_support(line, &masks).ok_or(Wiped)?;
    if let Some(exact) = line.supports(&keep, EXACT_BUDGET) {
        if exact.contains(&0) {
            return Err(Wiped);
        }
        keep = exact;
    }
    for ((&c, &have), &k) in cells.iter().zip(&masks).zip(&keep) {
        if have & !k != 0 {
            out.push((c, have & !k));
        }
    }
    Ok(())
}

/// The values each cell takes on some path of the automaton from the start to the accepting
/// state through the cells' candidates `masks` (module documentation); `None` when there is no
/// such path. Two facts of different values are added: a sandwich's state also counts the cells
/// read inside, and it closes only when the clue lies between the least and the greatest sum of
/// that many different values other than its crusts; an X-sum's first value k is kept only
/// when some k different values, k among them, sum to the clue the same way.
pub(super) fn automaton_support(line: &Sightline, masks: &[u64]) -> Option<Vec<u64>> {
    let len = masks.len();
    let top = len as u8;
    let highest = masks.iter().fold(0u64, |m, &c| m | c);
    let n = len.max(64 - highest.leading_zeros() as usize);
    let clue = line.value.max(0) as usize;
    let counted = matches!(line.measure, Measure::Between { .. });
    let depth = if counted { len + 1 } else { 1 };
    let width = (2 + (n + 1) * (clue + 1)) * depth;
    // A state's slot in a layer's dense flags: sums and counts never pass the clue.
    let code = |(s, inside): (State, usize)| -> usize {
        let at = |x: u8, y: i64| 2 + x as usize * (clue + 1) + y as usize;
        let base = match s {
            State::Start => 0,
            State::Accept => 1,
            State::Counting { left, sum } => at(left, sum),
            State::Seeing { top, seen } => at(top, seen),
            State::Inside { exit, sum } => at(exit, sum),
        };
        base * depth + inside
    };
    let step = |(s, inside): (State, usize), v: u8| -> Option<(State, usize)> {
        let t = line.next(top, s, v)?;
        match (line.measure, s, t) {
            (_, State::Inside { .. }, State::Inside { .. }) => Some((t, inside + 1)),
            (Measure::Between { low, high }, State::Inside { .. }, State::Accept) => {
                let outside = |w: u8| w != low && w != high;
                distinct_sum_fits(n, inside, line.value, outside).then_some((t, 0))
            }
            _ => Some((t, 0)),
        }
    };
    let mut first = masks.first().copied().unwrap_or(0);
    if line.measure == Measure::Prefix {
        for k in values(first) {
            let rest = |w: u8| w as i64 != k;
            if !distinct_sum_fits(n, k as usize - 1, line.value - k, rest) {
                first &= !(1 << (k - 1));
            }
        }
    }
    let mask_at = |k: usize| if k == 0 { first } else { masks[k] };
    let mut layers: Vec<Vec<(State, usize)>> = Vec::with_capacity(len + 1);
    layers.push(vec![(State::Start, 0)]);
    let mut stamp = vec![u32::MAX; width];
    for k in 0..len {
        let mut next = Vec::new();
        for &s in &layers[k] {
            for v in values(mask_at(k)) {
                if let Some(t) = step(s, v as u8) {
                    let c = code(t);
                    if stamp[c] != k as u32 {
                        stamp[c] = k as u32;
                        next.push(t);
                    }
                }
            }
        }
        layers.push(next);
    }
    if !layers[len].iter().any(|&(s, _)| s == State::Accept) {
        return None;
    }
    // Backwards: `alive` flags the completable states of layer k + 1, `here` those of layer k.
    let mut alive = vec![false; width];
    let mut here = vec![false; width];
    alive[code((State::Accept, 0))] = true;
    let mut keep = vec![0u64; len];
    for k in (0..len).rev() {
        for &s in &layers[k] {
            for v in values(mask_at(k)) {
                if step(s, v as u8).is_some_and(|t| alive[code(t)]) {
                    keep[k] |= 1 << (v - 1);
                    here[code(s)] = true;
                }
            }
        }
        for &s in &layers[k + 1] {
            alive[code(s)] = false;
        }
        std::mem::swap(&mut alive, &mut here);
    }
    Some(keep)
}

/// Whether `sum` lies between the least and the greatest sum of `count` different values of
/// 1..=n that `usable` accepts.
fn distinct_sum_fits(n: usize, count: usize, sum: i64, usable: impl Fn(u8) -> bool) -> bool {
    let pool: Vec<i64> = (1..=n as u8)
        .filter(|&w| usable(w))
        .map(i64::from)
        .collect();
    if count > pool.len() {
        return false;
    }
    let least: i64 = pool[..count].iter().sum();
    let most: i64 = pool[pool.len() - count..].iter().sum();
    least <= sum && sum <= most
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Cell;
    use crate::rules::sightline::Reading;
    use proptest::prelude::*;

    fn line(n: usize, measure: Measure, value: i64) -> Sightline {
        Sightline {
            tag: "t".into(),
            cells: (0..n).map(|col| Cell { row: 0, col }).collect(),
            measure,
            value,
        }
    }

    fn measure(kind: usize, n: u8) -> Measure {
        match kind {
            0 => Measure::Between { low: 1, high: n },
            1 => Measure::Prefix,
            _ => Measure::Visible,
        }
    }

    /// Every assignment of the cells from `masks` (values may repeat), as `visit` sees it.
    fn each_assignment(masks: &[u64], n: u8, visit: &mut dyn FnMut(&[u8])) {
        fn go(k: usize, vals: &mut Vec<u8>, masks: &[u64], n: u8, visit: &mut dyn FnMut(&[u8])) {
            if k == masks.len() {
                return visit(vals);
            }
            for v in (1..=n).filter(|&v| masks[k] >> (v - 1) & 1 == 1) {
                vals.push(v);
                go(k + 1, vals, masks, n, visit);
                vals.pop();
            }
        }
        go(0, &mut Vec::new(), masks, n, visit);
    }

    fn supports_of(masks: &[u64], n: u8, accepts: impl Fn(&[u8]) -> bool) -> Vec<u64> {
        let mut seen = vec![0u64; masks.len()];
        each_assignment(masks, n, &mut |vals| {
            if accepts(vals) {
                for (s, &v) in seen.iter_mut().zip(vals) {
                    *s |= 1 << (v - 1);
                }
            }
        });
        seen
    }

    /// A line of n cells (3 ≤ n ≤ 6), a measure kind ([`measure`]), a clue, and every cell's
    /// candidates: a mask of 1..n, none empty.
    fn open_line() -> impl Strategy<Value = (u8, usize, i64, Vec<u64>)> {
        let drawn = (
            3u8..=6,
            0usize..3,
            0i64..16,
            prop::collection::vec(1u64..64, 6),
        );
        drawn
            .prop_map(|(n, kind, value, masks)| {
                let full = (1u64 << n) - 1;
                let masks: Vec<u64> = masks[..n as usize].iter().map(|m| m & full).collect();
                (n, kind, value, masks)
            })
            .prop_filter("a cell without candidates", |(.., masks)| {
                !masks.contains(&0)
            })
    }

    #[test]
    fn an_open_nine_cell_line_is_revised_without_a_budget() {
        // Sandwich 35 on an empty 9×9 row: 1 and 9 at the two ends (2 + … + 8 = 35).
        let s = line(9, Measure::Between { low: 1, high: 9 }, 35);
        let keep = automaton_support(&s, &[0x1ff; 9]).unwrap();
        assert_eq!(keep[0], 0b1_0000_0001);
        assert_eq!(keep[8], 0b1_0000_0001);
        assert_eq!(keep[4], 0x1ff & !0b1_0000_0001);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn the_automaton_keeps_exactly_the_values_of_its_accepted_lines_whose_counts_fit(
            (n, kind, value, masks) in open_line(),
        ) {
            let s = line(n as usize, measure(kind, n), value);
            // The sums of `count` different values of `pool` reach `sum` between their bounds.
            let fits = |count: usize, sum: i64, pool: Vec<i64>| {
                count <= pool.len()
                    && pool[..count].iter().sum::<i64>() <= sum
                    && sum <= pool[pool.len() - count..].iter().sum::<i64>()
            };
            let want = supports_of(&masks, n, |vals| {
                let mut state = Some(State::Start);
                for &v in vals {
                    state = state.and_then(|st| s.next(n, st, v));
                }
                let values = |skip: &[u8]| (1..=n).filter(|v| !skip.contains(v)).map(i64::from).collect();
                let counted = match kind {
                    0 => {
                        let i = vals.iter().position(|&v| v == 1 || v == n).unwrap_or(0);
                        let j = i + 1 + vals[i + 1..].iter().position(|&v| v == 1 || v == n).unwrap_or(0);
                        fits(j - i - 1, value, values(&[1, n]))
                    }
                    1 => fits(vals[0] as usize - 1, value - vals[0] as i64, values(&[vals[0]])),
                    _ => true,
                };
                state == Some(State::Accept) && counted
            });
            let got = automaton_support(&s, &masks);
            match got {
                None => prop_assert!(want.contains(&0)),
                Some(keep) => prop_assert_eq!(keep, want),
            }
        }

        #[test]
        fn the_propagator_keeps_every_value_of_every_line_of_different_values(
            (n, kind, value, masks) in open_line(),
        ) {
            let s = line(n as usize, measure(kind, n), value);
            let want = supports_of(&masks, n, |vals| {
                let distinct = (0..vals.len()).all(|i| !vals[i + 1..].contains(&vals[i]));
                distinct && s.read(vals) == Reading::Settled(value)
            });
            let cells: Vec<u32> = (0..n as u32).collect();
            let mut out = Vec::new();
            match sightline(&s, &cells, &masks, &mut out) {
                Err(Wiped) => prop_assert!(want.iter().all(|&w| w == 0)),
                Ok(()) => {
                    let mut cand = masks.clone();
                    for (c, bits) in out {
                        cand[c as usize] &= !bits;
                    }
                    for (k, (&c, &w)) in cand.iter().zip(&want).enumerate() {
                        prop_assert_eq!(c & w, w, "cell {} lost a value of a solution", k);
                    }
                    // With few open cells the exact walk finishes: nothing but solutions stays
                    // when the line is settled by its placed values.
                    if cand.iter().all(|c| c.count_ones() == 1) {
                        prop_assert_eq!(cand, want);
                    }
                }
            }
        }
    }
}
