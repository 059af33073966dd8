//! The seven primitives every variant rule lowers to. Formulations and engines handle these and
//! never a rule's type, so a new rule type is a new lowering, not a new code path.
//!
//! | primitive | meaning | examples |
//! |---|---|---|
//! | [`Primitive::AllDifferent`] | the cells hold pairwise different values | cages, extra regions, anti-knight pairs |
//! | [`Primitive::Linear`] | Σ aᵢ·value(cᵢ) (=, ≤, ≥) b | cage sums, arrows, XV, thermometer steps |
//! | [`Primitive::Pairs`] | (value(a), value(b)) is in a table | kropki dots, non-consecutive neighbours |
//! | [`Primitive::Values`] | value(c) is in a set | odd, even, given pencil marks |
//! | [`Primitive::Tuples`] | (value(c₁), …, value(c_k)) is a row of a table | between and lockout lines, quadruples |
//! | [`Primitive::Sightline`] | a measure along a line read from one end = a number | sandwich, X-sum, skyscraper |
//! | [`Primitive::ValueSets`] | the cells hold different values whose set is one of a list | renban (windows), nabner |
//!
//! Each primitive carries a `tag`, the name of the rule instance it came from (`cage3`,
//! `thermo2_step1`, …): model rows are named after it.

pub use super::sightline::{Measure, Sightline, State};
pub use super::value_set::{ValueSet, MAX_DIGIT_SETS};
pub use super::value_sets::{PairTable, SetChoice};
use crate::geometry::Cell;
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

/// Σ aᵢ·value(cᵢ) (relation) rhs, over distinct cells with non-zero coefficients: the data of a
/// [`Primitive::Linear`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LinearRelation {
    pub tag: String,
    pub terms: Vec<(i64, Cell)>,
    pub relation: Relation,
    pub rhs: i64,
}

/// A two-cell order relation value(low) + gap ≤ value(high) with gap ≥ 1 (a thermometer step,
/// a greater-than sign): `a − b ≤ −gap` or `b − a ≥ gap` with unit coefficients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub low: Cell,
    pub high: Cell,
    pub gap: i64,
}

impl LinearRelation {
    /// The cells in the relation's own order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.terms.iter().map(|&(_, c)| c)
    }

    /// Σ aᵢ·value(cᵢ).
    pub fn lhs(&self, value_of: impl Fn(Cell) -> u8) -> i64 {
        self.terms
            .iter()
            .map(|&(a, c)| a * value_of(c) as i64)
            .sum()
    }

    /// Whether the values `value_of` gives satisfy the relation.
    pub fn holds(&self, value_of: impl Fn(Cell) -> u8) -> bool {
        self.relation.holds(self.lhs(value_of), self.rhs)
    }

    /// Whether some values of 1..=n in the open cells (value 0) can still satisfy the relation.
    pub fn may_hold(&self, n: usize, value_of: impl Fn(Cell) -> u8) -> bool {
        let (mut low, mut high) = (0i64, 0i64);
        for &(a, c) in &self.terms {
            let (x, y) = match value_of(c) {
                0 => (a.min(a * n as i64), a.max(a * n as i64)),
                v => (a * v as i64, a * v as i64),
            };
            low += x;
            high += y;
        }
        match self.relation {
            Relation::Eq => low <= self.rhs && self.rhs <= high,
            Relation::Le => low <= self.rhs,
            Relation::Ge => high >= self.rhs,
        }
    }

    /// Whether it is an equality Σ value(c) = b with every coefficient 1 (a sum of cells).
    pub fn is_unit_sum(&self) -> bool {
        self.relation == Relation::Eq && self.terms.iter().all(|&(a, _)| a == 1)
    }

    /// The relation as a [`Step`], when it has that shape.
    pub fn step(&self) -> Option<Step> {
        let [(p, first), (q, second)] = self.terms[..] else {
            return None;
        };
        // Written as `first − second (rel) rhs`, or the same with the signs swapped.
        let (first, second, rhs, relation) = match (p, q) {
            (1, -1) => (first, second, self.rhs, self.relation),
            (-1, 1) => (second, first, self.rhs, self.relation),
            _ => return None,
        };
        let step = match relation {
            // first − second ≤ −gap: first + gap ≤ second.
            Relation::Le => Step {
                low: first,
                high: second,
                gap: -rhs,
            },
            // first − second ≥ gap: second + gap ≤ first.
            Relation::Ge => Step {
                low: second,
                high: first,
                gap: rhs,
            },
            Relation::Eq => return None,
        };
        (step.gap >= 1).then_some(step)
    }
}

/// One constraint over cell values, as formulations and engines see it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// The cells hold pairwise different values (at most n cells; exactly n makes it a house).
    AllDifferent { tag: String, cells: Vec<Cell> },
    /// Σ coefficient·value(cell) (relation) rhs.
    Linear(LinearRelation),
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
    /// (value(cells[0]), …, value(cells[k−1])) is one of the rows of `allowed` (each row k
    /// values of 1..=n): a relation over a few cells given by its allowed tuples.
    Tuples {
        tag: String,
        cells: Vec<Cell>,
        allowed: Vec<Vec<u8>>,
    },
    /// A measure of the values along a line read from one end equals a number
    /// ([`super::sightline`]: sums between two values, prefix sums, visible cells).
    Sightline(Sightline),
    /// The cells hold pairwise different values and the set of their values is one of a list
    /// ([`super::value_sets`]: a renban's windows of consecutive values, a nabner's sets
    /// without two consecutive values).
    ValueSets(SetChoice),
}

/// Whether the values of `values` (0 = open) are pairwise different.
fn all_different(values: impl Iterator<Item = u8>) -> bool {
    let mut seen = ValueSet::default();
    values.filter(|&v| v != 0).all(|v| {
        let fresh = !seen.contains(v);
        seen.insert(v);
        fresh
    })
}

impl Primitive {
    /// A [`Primitive::Linear`] Σ aᵢ·value(cᵢ) (relation) rhs.
    pub fn linear(
        tag: impl Into<String>,
        terms: Vec<(i64, Cell)>,
        relation: Relation,
        rhs: i64,
    ) -> Primitive {
        Primitive::Linear(LinearRelation {
            tag: tag.into(),
            terms,
            relation,
            rhs,
        })
    }

    /// The name of the rule instance it came from; model rows are named after it.
    pub fn tag(&self) -> &str {
        match self {
            Primitive::AllDifferent { tag, .. }
            | Primitive::Linear(LinearRelation { tag, .. })
            | Primitive::Pairs { tag, .. }
            | Primitive::Values { tag, .. }
            | Primitive::Tuples { tag, .. }
            | Primitive::Sightline(Sightline { tag, .. })
            | Primitive::ValueSets(SetChoice { tag, .. }) => tag,
        }
    }

    /// The cells the primitive constrains, in its own order.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Primitive::AllDifferent { cells, .. } | Primitive::Tuples { cells, .. } => {
                cells.clone()
            }
            Primitive::Linear(l) => l.cells().collect(),
            Primitive::Pairs { a, b, .. } => vec![*a, *b],
            Primitive::Values { cell, .. } => vec![*cell],
            Primitive::Sightline(s) => s.cells.clone(),
            Primitive::ValueSets(s) => s.cells.clone(),
        }
    }

    /// Whether the values a `value_of` function gives to the cells (each 1..=n) satisfy the
    /// primitive.
    pub fn holds(&self, value_of: impl Fn(Cell) -> u8) -> bool {
        match self {
            Primitive::Linear(l) => l.holds(value_of),
            // With every cell placed, "can still hold" is "holds".
            _ => self.may_hold(0, value_of),
        }
    }

    /// Whether the primitive can still hold on a partial assignment (`value_of` gives 0 for an
    /// open cell, else 1..=n): a linear relation's bounds over 1..=n reach its right-hand side,
    /// no two placed values clash, a placed pair or value is allowed.
    pub fn may_hold(&self, n: usize, value_of: impl Fn(Cell) -> u8) -> bool {
        match self {
            Primitive::AllDifferent { cells, .. } => {
                all_different(cells.iter().map(|&c| value_of(c)))
            }
            Primitive::Linear(l) => l.may_hold(n, value_of),
            Primitive::Pairs { a, b, allowed, .. } => match (value_of(*a), value_of(*b)) {
                (0, _) | (_, 0) => true,
                (u, w) => allowed.get(u as usize - 1).is_some_and(|s| s.contains(w)),
            },
            Primitive::Values { cell, allowed, .. } => {
                let v = value_of(*cell);
                v == 0 || allowed.contains(v)
            }
            Primitive::Tuples { cells, allowed, .. } => {
                let placed: Vec<u8> = cells.iter().map(|&c| value_of(c)).collect();
                allowed
                    .iter()
                    .any(|row| row.iter().zip(&placed).all(|(&t, &v)| v == 0 || v == t))
            }
            Primitive::Sightline(s) => {
                let values: Vec<u8> = s.cells.iter().map(|&c| value_of(c)).collect();
                s.may_hold(&values)
            }
            Primitive::ValueSets(s) => {
                let values: Vec<u8> = s.cells.iter().map(|&c| value_of(c)).collect();
                s.may_hold(&values)
            }
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
            Primitive::Linear(LinearRelation {
                tag,
                terms,
                relation,
                rhs,
            }) => {
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
            Primitive::Tuples {
                tag,
                cells,
                allowed,
            } => {
                write!(f, "{tag}: {} allowed tuples of", allowed.len())?;
                cells.iter().try_for_each(|c| write!(f, " {c}"))
            }
            Primitive::Sightline(s) => {
                write!(f, "{}: {:?} along", s.tag, s.measure)?;
                s.cells.iter().try_for_each(|c| write!(f, " {c}"))?;
                write!(f, " = {}", s.value)
            }
            Primitive::ValueSets(s) => {
                write!(f, "{}: {} allowed value sets of", s.tag, s.sets.len())?;
                s.cells.iter().try_for_each(|c| write!(f, " {c}"))
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

impl DistinctSum {
    /// Whether it was found from `linear` (same tag, cells and sum).
    pub fn is_of(&self, linear: &LinearRelation) -> bool {
        self.tag == linear.tag
            && self.sum == linear.rhs
            && linear.cells().eq(self.cells.iter().copied())
    }
}

/// How many sets of `size` distinct values of 1..=n sum to `sum` ([`digit_sets`] lists them),
/// counted without listing them: ways[k][s] over the values 1..=v taken in turn, O(n·size·sum).
///
/// ```
/// use sudoku_ilp::rules::primitive::{digit_set_count, digit_sets};
/// assert_eq!(digit_set_count(9, 2, 10), 4);
/// assert_eq!(digit_set_count(16, 7, 60), digit_sets(16, 7, 60).len() as u64);
/// ```
pub fn digit_set_count(n: usize, size: usize, sum: i64) -> u64 {
    let max = n * (n + 1) / 2;
    if sum < 0 || sum as usize > max || size > n {
        return 0;
    }
    // The complements have as many sets: count the smaller side (a whole house: size 0).
    let (size, sum) = if 2 * size > n {
        (n - size, max - sum as usize)
    } else {
        (size, sum as usize)
    };
    let mut ways = vec![vec![0u64; sum + 1]; size + 1];
    ways[0][0] = 1;
    for v in 1..=n {
        for k in (1..=size.min(v)).rev() {
            for s in (v..=sum).rev() {
                ways[k][s] = ways[k][s].saturating_add(ways[k - 1][s - v]);
            }
        }
    }
    ways[size][sum]
}

/// Every [`DistinctSum`] among `primitives` with at most [`MAX_DIGIT_SETS`] digit sets;
/// `houses` are further all-different cell sets (the rows among them give the order n).
pub fn distinct_sums(primitives: &[Primitive], houses: &[Vec<Cell>]) -> Vec<DistinctSum> {
    let n = houses.iter().map(Vec::len).max().unwrap_or(0);
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
            Primitive::Linear(l) if l.is_unit_sum() => {
                let cells: Vec<Cell> = l.cells().collect();
                let few = n == 0 || digit_set_count(n, cells.len(), l.rhs) <= MAX_DIGIT_SETS;
                (few && groups.iter().any(|g| cells.iter().all(|c| g.contains(c)))).then(|| {
                    DistinctSum {
                        tag: l.tag.clone(),
                        cells,
                        sum: l.rhs,
                    }
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

/// `primitives` with every set of values replaced by its pair tables (exact: [`super::value_sets`]'s module docs): the
/// input of the writers that have no set-of-values form (MiniZinc and MathProg data).
pub fn pairwise(primitives: &[Primitive], n: usize) -> Vec<Primitive> {
    primitives
        .iter()
        .flat_map(|p| match p {
            Primitive::ValueSets(choice) => choice
                .pairs(n)
                .into_iter()
                .map(|t| Primitive::Pairs {
                    tag: t.tag,
                    a: t.a,
                    b: t.b,
                    allowed: t.allowed,
                })
                .collect(),
            other => vec![other.clone()],
        })
        .collect()
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
            Primitive::linear(
                "cage1_sum",
                cells.iter().map(|&c| (1, c)).collect(),
                Relation::Eq,
                3,
            ),
        ];
        let found = distinct_sums(&prims, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].sum, 3);
        assert!(prims[1].holds(|c| if c.col == 0 { 1 } else { 2 }));
        assert!(!prims[0].holds(|_| 1));
    }
}
