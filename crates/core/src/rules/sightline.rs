//! The position primitive ([`Primitive::Sightline`]): a measure of the values along a line of
//! cells, read in order from one end (the side an outside clue stands on), equals a number.
//! The cells of a sightline hold different values (it is a row or a column), and every engine
//! may rely on that.
//!
//! ```text
//! between(lo, hi):  Σ value(cₖ) over the cells strictly between the cells holding lo and hi = S
//! prefix:           Σ value(cₖ) over the first value(c₁) cells                         = S
//! visible:          #{k : value(cₖ) > value(cᵢ) for every i < k}                         = S
//! ```
//!
//! Each measure is settled by a prefix of the line: `prefix` once its first value(c₁) cells
//! are placed, `visible` once the largest value is placed (nothing behind it is seen),
//! `between` once the cells from the first to the last of lo and hi are placed.
//!
//! [`Primitive::Sightline`]: super::Primitive::Sightline

use crate::geometry::Cell;

/// What a sightline measures along its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The sum of the values strictly between the cells holding `low` and `high` (either order).
    Between { low: u8, high: u8 },
    /// The sum of the first k values, k being the first cell's value.
    Prefix,
    /// How many cells hold a value larger than every value before them.
    Visible,
}

/// measure(values of `cells`, in order) = `value`, the cells holding different values.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sightline {
    pub tag: String,
    pub cells: Vec<Cell>,
    pub measure: Measure,
    pub value: i64,
}

/// The measure of a settled line, or why it is not known yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The placed values decide the measure.
    Settled(i64),
    /// The line cannot have the measure at all (a prefix longer than the line, an end value
    /// missing from a complete line).
    Impossible,
    /// Open cells still matter.
    Open,
}

impl Sightline {
    /// The measure of `values` (in line order, 0 = open), as far as the placed values settle it.
    pub fn read(&self, values: &[u8]) -> Reading {
        self.measure.read(values)
    }

    /// Whether the placed values (0 = open) can still satisfy the sightline: a settled measure
    /// equals the number, and no value is placed twice.
    pub fn may_hold(&self, values: &[u8]) -> bool {
        let mut seen = 0u64;
        for &v in values.iter().filter(|&&v| v != 0) {
            if seen >> (v - 1) & 1 == 1 {
                return false;
            }
            seen |= 1 << (v - 1);
        }
        match self.read(values) {
            Reading::Settled(m) => m == self.value,
            Reading::Impossible => false,
            Reading::Open => true,
        }
    }

    /// The values each cell keeps with some completion of the line that satisfies it (bit v−1 of
    /// `candidates[k]` is value v for cell k; different values along the line). `None` when the
    /// search would visit more than `budget` partial lines: then nothing is known (keep all).
    pub fn supports(&self, candidates: &[u64], budget: usize) -> Option<Vec<u64>> {
        let mut walk = Walk {
            line: self,
            candidates,
            values: vec![0; candidates.len()],
            support: vec![0; candidates.len()],
            visits: 0,
            budget,
        };
        walk.step(0, 0).then_some(walk.support)
    }
}

/// The state of the automaton that reads a sightline's values in order
/// ([`Sightline::next`]): what the measure needs of the prefix read so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// Nothing read yet (`between`: no end value seen yet).
    Start,
    /// `prefix`: `left` more cells to add to `sum`.
    Counting { left: u8, sum: i64 },
    /// `visible`: the tallest value so far and how many were seen.
    Seeing { top: u8, seen: i64 },
    /// `between`: one end value seen, `sum` of the values since, waiting for `exit`.
    Inside { exit: u8, sum: i64 },
    /// The measure is settled and equals the number: the rest of the line does not matter.
    Accept,
}

impl Sightline {
    /// The state after reading value `v` in `state`; `None` when no completion can satisfy the
    /// sightline (the settled measure differs, or a partial sum passed the number). A line of
    /// different values satisfies the sightline exactly when reading it ends in
    /// [`State::Accept`] (for `visible`, once the line's largest value `top` is read).
    pub fn next(&self, top: u8, state: State, v: u8) -> Option<State> {
        let settle = |m: i64| (m == self.value).then_some(State::Accept);
        let grow = |sum: i64| (sum <= self.value).then_some(sum);
        match (self.measure, state) {
            (_, State::Accept) => Some(State::Accept),
            (Measure::Prefix, State::Start) if v == 1 => settle(1),
            (Measure::Prefix, State::Start) => Some(State::Counting {
                left: v - 1,
                sum: grow(v as i64)?,
            }),
            (Measure::Prefix, State::Counting { left, sum }) => {
                let sum = sum + v as i64;
                match left {
                    1 => settle(sum),
                    _ => Some(State::Counting {
                        left: left - 1,
                        sum: grow(sum)?,
                    }),
                }
            }
            (Measure::Visible, State::Start) => self.seeing(top, v, 1),
            (Measure::Visible, State::Seeing { top: tallest, seen }) if v > tallest => {
                self.seeing(top, v, seen + 1)
            }
            (Measure::Visible, s @ State::Seeing { .. }) => Some(s),
            (Measure::Between { low, high }, State::Start) => match v {
                _ if v == low => Some(State::Inside { exit: high, sum: 0 }),
                _ if v == high => Some(State::Inside { exit: low, sum: 0 }),
                _ => Some(State::Start),
            },
            (Measure::Between { low, high }, State::Inside { exit, sum }) => match v {
                _ if v == exit => settle(sum),
                _ if v == low || v == high => None,
                _ => Some(State::Inside {
                    exit,
                    sum: grow(sum + v as i64)?,
                }),
            },
            _ => None,
        }
    }

    /// `visible` after seeing value v as the `seen`-th: settled when v is the largest value.
    fn seeing(&self, top: u8, v: u8, seen: i64) -> Option<State> {
        match v >= top {
            true => (seen == self.value).then_some(State::Accept),
            false => (seen < self.value).then_some(State::Seeing { top: v, seen }),
        }
    }
}

impl Measure {
    /// See [`Sightline::read`].
    pub fn read(self, values: &[u8]) -> Reading {
        match self {
            Measure::Prefix => read_prefix(values),
            Measure::Visible => read_visible(values),
            Measure::Between { low, high } => read_between(values, low, high),
        }
    }
}

fn read_prefix(values: &[u8]) -> Reading {
    let k = match values.first() {
        None | Some(0) => return Reading::Open,
        Some(&k) => k as usize,
    };
    if k > values.len() {
        return Reading::Impossible;
    }
    match values[..k].contains(&0) {
        true => Reading::Open,
        false => Reading::Settled(values[..k].iter().map(|&v| v as i64).sum()),
    }
}

fn read_visible(values: &[u8]) -> Reading {
    let top = values.len() as u8;
    let (mut seen, mut highest) = (0, 0);
    for &v in values {
        if v == 0 {
            return Reading::Open;
        }
        if v > highest {
            seen += 1;
            highest = v;
        }
        if v >= top {
            return Reading::Settled(seen);
        }
    }
    Reading::Settled(seen)
}

fn read_between(values: &[u8], low: u8, high: u8) -> Reading {
    let at = |w: u8| values.iter().position(|&v| v == w);
    match (at(low), at(high)) {
        (Some(a), Some(b)) => {
            let inner = &values[a.min(b) + 1..a.max(b)];
            match inner.contains(&0) {
                true => Reading::Open,
                false => Reading::Settled(inner.iter().map(|&v| v as i64).sum()),
            }
        }
        _ if values.contains(&0) => Reading::Open,
        _ => Reading::Impossible,
    }
}

/// The depth-first walk of [`Sightline::supports`]: cells are placed in line order until the
/// measure is settled; a settled line that satisfies the sightline supports its placed values
/// and every candidate of the cells after it that no placed cell holds.
struct Walk<'a> {
    line: &'a Sightline,
    candidates: &'a [u64],
    values: Vec<u8>,
    support: Vec<u64>,
    visits: usize,
    budget: usize,
}

impl Walk<'_> {
    /// Places cell `k` onward with `used` the values placed; false when over budget.
    fn step(&mut self, k: usize, used: u64) -> bool {
        self.visits += 1;
        if self.visits > self.budget {
            return false;
        }
        match self.line.read(&self.values) {
            Reading::Impossible => return true,
            Reading::Settled(m) if m != self.line.value => return true,
            Reading::Settled(_) => {
                let rest = &self.candidates[k..];
                // The rest must still be fillable with different unused values (Hall, loosely).
                let free = rest.iter().fold(0u64, |m, &c| m | c) & !used;
                if rest.iter().any(|&c| c & !used == 0) || (free.count_ones() as usize) < rest.len()
                {
                    return true;
                }
                for (j, &v) in self.values[..k].iter().enumerate() {
                    self.support[j] |= 1 << (v - 1);
                }
                for (j, &c) in rest.iter().enumerate() {
                    self.support[k + j] |= c & !used;
                }
                return true;
            }
            Reading::Open => {}
        }
        if k == self.values.len() {
            return true;
        }
        let mut options = self.candidates[k] & !used;
        while options != 0 {
            let v = options.trailing_zeros() as u8 + 1;
            options &= options - 1;
            self.values[k] = v;
            if !self.step(k + 1, used | 1 << (v - 1)) {
                self.values[k] = 0;
                return false;
            }
        }
        self.values[k] = 0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(measure: Measure, value: i64) -> Sightline {
        Sightline {
            tag: "t".into(),
            cells: (0..4).map(|col| Cell { row: 0, col }).collect(),
            measure,
            value,
        }
    }

    #[test]
    fn measures_of_a_complete_line() {
        let values = [2, 1, 4, 3];
        assert_eq!(Measure::Prefix.read(&values), Reading::Settled(3));
        assert_eq!(Measure::Visible.read(&values), Reading::Settled(2));
        let between = Measure::Between { low: 1, high: 4 };
        assert_eq!(between.read(&values), Reading::Settled(0));
        assert_eq!(between.read(&[1, 2, 3, 4]), Reading::Settled(5));
    }

    #[test]
    fn supports_keep_exactly_the_values_of_some_solution() {
        // Skyscraper 4 on 4 cells: only 1 2 3 4.
        let full = vec![0b1111u64; 4];
        let s = line(Measure::Visible, 4).supports(&full, 10_000).unwrap();
        assert_eq!(s, vec![0b0001, 0b0010, 0b0100, 0b1000]);
        // Prefix sum 1: the first cell is 1, the rest anything but 1.
        let s = line(Measure::Prefix, 1).supports(&full, 10_000).unwrap();
        assert_eq!(s, vec![0b0001, 0b1110, 0b1110, 0b1110]);
    }
}
