//! The four primitives every variant rule lowers to. Formulations and engines handle these and
//! never a rule's type, so a new rule type is a new lowering, not a new code path.
//!
//! | primitive | meaning | examples |
//! |---|---|---|
//! | [`Primitive::AllDifferent`] | the cells hold pairwise different values | cages, extra regions, anti-knight pairs |
//! | [`Primitive::Linear`] | Σ aᵢ·value(cᵢ) (=, ≤, ≥) b | cage sums, arrows, XV, thermometer steps |
//! | [`Primitive::Pairs`] | (value(a), value(b)) is in a table | kropki dots, non-consecutive neighbours |
//! | [`Primitive::Values`] | value(c) is in a set | odd, even |
//!
//! Each primitive carries a `tag`, the name of the rule instance it came from (`cage3`,
//! `thermo2_step1`, …): model rows are named after it.

use crate::puzzle::Cell;
use std::fmt;

/// The direction of a [`Primitive::Linear`] relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Σ aᵢ·value(cᵢ) = b
    Eq,
    /// Σ aᵢ·value(cᵢ) ≤ b
    Le,
    /// Σ aᵢ·value(cᵢ) ≥ b
    Ge,
}

impl Relation {
    /// Whether `lhs (relation) rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Relation::Eq => lhs == rhs,
            Relation::Le => lhs <= rhs,
            Relation::Ge => lhs >= rhs,
        }
    }

    /// The symbol as written in a model: `=`, `<=`, `>=`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Eq => "=",
            Relation::Le => "<=",
            Relation::Ge => ">=",
        }
    }
}

/// A set of values 1..=64 as a bit set: bit v−1 is value v.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ValueSet(pub u64);

impl ValueSet {
    /// Every value of 1..=n.
    pub fn full(n: usize) -> ValueSet {
        ValueSet(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// The set of the given values (each 1..=64).
    pub fn of(values: impl IntoIterator<Item = u8>) -> ValueSet {
        ValueSet(values.into_iter().fold(0, |m, v| m | 1u64 << (v - 1)))
    }

    pub fn contains(self, v: u8) -> bool {
        (1..=64).contains(&v) && self.0 >> (v - 1) & 1 == 1
    }

    pub fn insert(&mut self, v: u8) {
        self.0 |= 1u64 << (v - 1);
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The values in increasing order.
    pub fn values(self) -> impl Iterator<Item = u8> {
        (1..=64u8).filter(move |&v| self.contains(v))
    }
}

/// One constraint over cell values, as formulations and engines see it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// The cells hold pairwise different values (at most n cells; exactly n makes it a house).
    AllDifferent { tag: String, cells: Vec<Cell> },
    /// Σ coefficient·value(cell) (relation) rhs, over distinct cells with non-zero coefficients.
    Linear {
        tag: String,
        terms: Vec<(i64, Cell)>,
        relation: Relation,
        rhs: i64,
    },
    /// The pair (value(a), value(b)) must be allowed: `allowed[u − 1]` is the set of values b may
    /// hold when a holds u (a ≠ b; the table has n entries).
    Pairs {
        tag: String,
        a: Cell,
        b: Cell,
        allowed: Vec<ValueSet>,
    },
    /// value(cell) ∈ allowed.
    Values {
        tag: String,
        cell: Cell,
        allowed: ValueSet,
    },
}

impl Primitive {
    /// The name of the rule instance it came from; model rows are named after it.
    pub fn tag(&self) -> &str {
        match self {
            Primitive::AllDifferent { tag, .. }
            | Primitive::Linear { tag, .. }
            | Primitive::Pairs { tag, .. }
            | Primitive::Values { tag, .. } => tag,
        }
    }

    /// The cells the primitive constrains, in its own order.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Primitive::AllDifferent { cells, .. } => cells.clone(),
            Primitive::Linear { terms, .. } => terms.iter().map(|&(_, c)| c).collect(),
            Primitive::Pairs { a, b, .. } => vec![*a, *b],
            Primitive::Values { cell, .. } => vec![*cell],
        }
    }

    /// Whether the values a `value_of` function gives to the cells satisfy the primitive.
    pub fn holds(&self, value_of: impl Fn(Cell) -> u8) -> bool {
        match self {
            Primitive::AllDifferent { cells, .. } => {
                let mut seen = ValueSet::default();
                cells.iter().all(|&c| {
                    let v = value_of(c);
                    let fresh = !seen.contains(v);
                    seen.insert(v);
                    fresh
                })
            }
            Primitive::Linear {
                terms,
                relation,
                rhs,
                ..
            } => {
                let lhs: i64 = terms.iter().map(|&(a, c)| a * value_of(c) as i64).sum();
                relation.holds(lhs, *rhs)
            }
            Primitive::Pairs { a, b, allowed, .. } => {
                let u = value_of(*a) as usize;
                u >= 1 && u <= allowed.len() && allowed[u - 1].contains(value_of(*b))
            }
            Primitive::Values { cell, allowed, .. } => allowed.contains(value_of(*cell)),
        }
    }
}

impl fmt::Display for Primitive {
    /// A readable form for messages: `cage3: all different r1c1 r1c2`, `cage3_sum: 1·r1c1 + … = 15`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Primitive::AllDifferent { tag, cells } => {
                write!(f, "{tag}: all different")?;
                cells.iter().try_for_each(|c| write!(f, " {c}"))
            }
            Primitive::Linear {
                tag,
                terms,
                relation,
                rhs,
            } => {
                write!(f, "{tag}:")?;
                for (i, (a, c)) in terms.iter().enumerate() {
                    let sign = if *a < 0 {
                        "-"
                    } else if i > 0 {
                        "+"
                    } else {
                        ""
                    };
                    write!(f, " {sign}{}·{c}", a.abs())?;
                }
                write!(f, " {} {rhs}", relation.symbol())
            }
            Primitive::Pairs { tag, a, b, .. } => write!(f, "{tag}: allowed pairs of {a} and {b}"),
            Primitive::Values { tag, cell, allowed } => {
                write!(f, "{tag}: {cell} in {{")?;
                for (i, v) in allowed.values().enumerate() {
                    write!(f, "{}{v}", if i > 0 { "," } else { "" })?;
                }
                write!(f, "}}")
            }
        }
    }
}

/// A sum over cells that must also hold different values (a killer cage with its sum): the
/// pattern the digit-set form, cage-combination clauses and combination reasoning exploit.
/// Found from the primitives alone: a [`Primitive::Linear`] equality with all coefficients 1
/// whose cells all lie in one [`Primitive::AllDifferent`] (or one house, given as `houses`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistinctSum {
    /// The tag of the linear primitive.
    pub tag: String,
    pub cells: Vec<Cell>,
    pub sum: i64,
}

/// Every [`DistinctSum`] among `primitives`; `houses` are further all-different cell sets.
pub fn distinct_sums(primitives: &[Primitive], houses: &[Vec<Cell>]) -> Vec<DistinctSum> {
    let groups: Vec<&[Cell]> = primitives
        .iter()
        .filter_map(|p| match p {
            Primitive::AllDifferent { cells, .. } => Some(cells.as_slice()),
            _ => None,
        })
        .chain(houses.iter().map(|h| h.as_slice()))
        .collect();
    primitives
        .iter()
        .filter_map(|p| match p {
            Primitive::Linear {
                tag,
                terms,
                relation: Relation::Eq,
                rhs,
            } if terms.iter().all(|&(a, _)| a == 1) => {
                let cells: Vec<Cell> = terms.iter().map(|&(_, c)| c).collect();
                groups
                    .iter()
                    .any(|g| cells.iter().all(|c| g.contains(c)))
                    .then(|| DistinctSum {
                        tag: tag.clone(),
                        cells,
                        sum: *rhs,
                    })
            }
            _ => None,
        })
        .collect()
}

/// Every set of `size` distinct values of 1..=n that sums to `sum` (the digit sets of a cage).
pub fn digit_sets(n: usize, size: usize, sum: i64) -> Vec<ValueSet> {
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(size);
    fn walk(next: u8, n: u8, left: usize, sum: i64, chosen: &mut Vec<u8>, out: &mut Vec<ValueSet>) {
        if left == 0 {
            if sum == 0 {
                out.push(ValueSet::of(chosen.iter().copied()));
            }
            return;
        }
        for v in next..=n {
            if (v as i64) > sum {
                break;
            }
            chosen.push(v);
            walk(v + 1, n, left - 1, sum - v as i64, chosen, out);
            chosen.pop();
        }
    }
    walk(1, n as u8, size, sum, &mut chosen, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    #[test]
    fn digit_sets_of_a_two_cell_cage_of_sum_ten() {
        let sets: Vec<Vec<u8>> = digit_sets(9, 2, 10)
            .into_iter()
            .map(|s| s.values().collect())
            .collect();
        assert_eq!(sets, vec![vec![1, 9], vec![2, 8], vec![3, 7], vec![4, 6]]);
    }

    #[test]
    fn a_cage_is_found_as_a_distinct_sum() {
        let cells = vec![cell(0, 0), cell(0, 1)];
        let prims = vec![
            Primitive::AllDifferent {
                tag: "cage1".into(),
                cells: cells.clone(),
            },
            Primitive::Linear {
                tag: "cage1_sum".into(),
                terms: cells.iter().map(|&c| (1, c)).collect(),
                relation: Relation::Eq,
                rhs: 3,
            },
        ];
        let found = distinct_sums(&prims, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].sum, 3);
        assert!(prims[1].holds(|c| if c.col == 0 { 1 } else { 2 }));
        assert!(!prims[0].holds(|_| 1));
    }
}
