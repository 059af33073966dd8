//! Clauses of the variant primitives ([`crate::rules::primitive`]) over the open literals
//! x(i, v), beside seed 001's clauses. A literal the givens decide is a constant: a clause with a
//! true constant is dropped, a false one is left out of its clause.
//!
//! - **AllDifferent** (a group that is not already a house): per value, "at most once" (pairwise
//!   ¬x(a, v) ∨ ¬x(b, v)), and "at least once" when the group has n cells.
//! - **Values**: the unit ¬x(i, v) for each v outside the allowed set.
//! - **Pairs** (support encoding): x(a, u) → ⋁_{w:(u,w) allowed} x(b, w), and the same from b.
//! - **Tuples** (an allowed-tuples table): one selector y_t per tuple; ⋁_t y_t; y_t → x(c, t_c);
//!   x(c, v) → ⋁_{t : t_c = v} y_t.
//! - **Cage** (a sum over all-different cells, [`distinct_sums`]), with [`SumEncoding::DigitSets`]:
//!   one selector y_D per digit set D of |cage| distinct values summing to S; exactly one y_D;
//!   y_D → ¬x(c, v) for every cell c and v ∉ D; y_D → ⋁_c x(c, v) for v ∈ D; and
//!   x(c, v) → ⋁_{D ∋ v} y_D.
//! - **Linear** Σ aᵢ·value(cᵢ) (=, ≤, ≥) b (a little-killer diagonal, an arrow, a thermometer
//!   step; terms of one cell merged, given cells moved to b): with [`SumEncoding::DigitSets`] a
//!   layered sum diagram over the cells' one-hot literals ([`super::diagram`]: unit propagation
//!   is generalised arc consistency of the row), the accepted end sums [b, b], (−∞, b] or
//!   [b, ∞); a diagram of more than [`MAX_DIAGRAM_EDGES`] edges falls back to the totalizer.
//! - **Sightline** (an outside clue): the automaton of [`Sightline::next`] unrolled along the
//!   line ([`super::sightline`]).
//! - **Linear** with [`SumEncoding::PseudoBoolean`] (cages too): value(c) is Σ_v v·x(c, v), so
//!   the row is Σ aᵢ·v·x(cᵢ, v) (rel) b; since exactly one x(cᵢ, ·) is true, each term is
//!   shifted by its least weight kᵢ = min_v aᵢ·v to make every weight ≥ 0 (b' = b − Σ kᵢ −
//!   givens); ≤ b' is rustsat's generalised totalizer (GTE) on the weighted literals, ≥ b' the
//!   GTE of Σ w·¬x ≤ W − b'; = is both.
//!
//! [`distinct_sums`]: crate::rules::primitive::distinct_sums
//! [`Sightline::next`]: crate::rules::primitive::Sightline::next

use super::diagram;
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::{digit_sets, distinct_sums, Primitive, Relation, ValueSet};
use rustsat::encodings::pb::{BoundUpper, GeneralizedTotalizer};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Lit, Var};

/// The largest sum diagram written; a larger row uses the generalised totalizer.
pub const MAX_DIAGRAM_EDGES: usize = 20_000;

/// The most cells of a row, in one house, whose sum becomes one layer of its diagram (and at
/// most [`MAX_GROUP_SETS`] digit sets of that size: two cells on 16×16, none beyond 20×20).
const MAX_GROUP: usize = 4;

/// The most digit sets (selectors) of one group.
const MAX_GROUP_SETS: u64 = 210;

/// The largest group size allowed on an n×n grid ([`MAX_GROUP`], [`MAX_GROUP_SETS`]).
fn group_size(n: usize) -> usize {
    let sets = |k: usize| (0..k as u64).fold(1u64, |c, j| c * (n as u64 - j) / (j + 1));
    (1..=MAX_GROUP.min(n))
        .take_while(|&k| sets(k) <= MAX_GROUP_SETS)
        .last()
        .unwrap_or(1)
}

/// The row's cells (indices into `open`) that become one layer: greedily, the most cells with
/// one coefficient in one house (2 ..= [`MAX_GROUP`] of them; they are all different), until no
/// house holds two more.
fn groups(open: &[(i64, Cell)], houses: &[Vec<Cell>], n: usize) -> Vec<Vec<usize>> {
    let mut taken = vec![false; open.len()];
    let mut out: Vec<Vec<usize>> = Vec::new();
    let size = group_size(n);
    loop {
        let mut best: Vec<usize> = Vec::new();
        for house in houses {
            for &(a, _) in open {
                let group: Vec<usize> = (0..open.len())
                    .filter(|&j| !taken[j] && open[j].0 == a && house.contains(&open[j].1))
                    .take(size)
                    .collect();
                if group.len() > best.len() {
                    best = group;
                }
            }
        }
        if best.len() < 2 {
            return out;
        }
        for &j in &best {
            taken[j] = true;
        }
        out.push(best);
    }
}

/// How the SAT engine encodes a sum over all-different cells (a killer cage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SumEncoding {
    /// One selector per feasible digit set (cage-combination clauses), and every other linear
    /// row as a layered sum diagram: measured faster (docs/sat.md).
    #[default]
    DigitSets,
    /// Every sum (cages too) as a pseudo-Boolean row, rustsat's generalised totalizer.
    PseudoBoolean,
}

/// A literal, or the constant the givens make it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Term {
    Lit(Lit),
    Const(bool),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::Lit(l) => Term::Lit(!l),
            Term::Const(b) => Term::Const(!b),
        }
    }
}

/// The rule clauses being built and the next free variable.
pub(super) struct RuleClauses<'a> {
    n: usize,
    givens: &'a [u8],
    /// var[i·n + v − 1]: the open literal x(i, v), if any.
    var: &'a [Option<Lit>],
    pub clauses: Vec<Vec<Lit>>,
    next: u32,
}

/// The empty clause: the rules cannot hold.
pub(super) struct Unsat;

impl<'a> RuleClauses<'a> {
    /// `first_free`: the first variable after the open literals.
    pub fn new(puzzle: &'a Puzzle, var: &'a [Option<Lit>], first_free: u32) -> RuleClauses<'a> {
        RuleClauses {
            n: puzzle.order(),
            givens: puzzle.givens(),
            var,
            clauses: Vec::new(),
            next: first_free,
        }
    }

    /// Variables added beyond the open literals' (selectors, encoding auxiliaries) end here.
    pub fn next_free(&self) -> u32 {
        self.next
    }

    /// The grid's order n.
    pub(super) fn order(&self) -> usize {
        self.n
    }

    /// x(c, v) as a literal or a constant.
    pub(super) fn x(&self, c: Cell, v: usize) -> Term {
        let i = c.row * self.n + c.col;
        match self.givens[i] {
            0 => self.var[i * self.n + v - 1].map_or(Term::Const(false), Term::Lit),
            g => Term::Const(g as usize == v),
        }
    }

    pub(super) fn fresh(&mut self) -> Lit {
        let lit = Var::new(self.next).pos_lit();
        self.next += 1;
        lit
    }

    /// Adds the clause ⋁ terms (dropped if a term is true; the empty clause is [`Unsat`]).
    pub(super) fn clause(&mut self, terms: impl IntoIterator<Item = Term>) -> Result<(), Unsat> {
        let mut lits = Vec::new();
        for t in terms {
            match t {
                Term::Const(true) => return Ok(()),
                Term::Const(false) => {}
                Term::Lit(l) => lits.push(l),
            }
        }
        if lits.is_empty() {
            return Err(Unsat);
        }
        self.clauses.push(lits);
        Ok(())
    }

    /// The clauses of `primitives` over the houses of `puzzle`; the primitives from index `own`
    /// on are implied sums the engine added (a linear one keeps the totalizer).
    pub fn add_all(
        &mut self,
        puzzle: &Puzzle,
        primitives: &[Primitive],
        sums: SumEncoding,
        own: usize,
    ) -> Result<(), Unsat> {
        let houses: Vec<Vec<Cell>> = puzzle.houses().iter().map(|h| h.cells.clone()).collect();
        let cages = match sums {
            SumEncoding::DigitSets => distinct_sums(primitives, &houses),
            SumEncoding::PseudoBoolean => Vec::new(),
        };
        for (k, p) in primitives.iter().enumerate() {
            match p {
                Primitive::AllDifferent { cells, .. } => self.all_different(cells, &houses)?,
                Primitive::Values { cell, allowed, .. } => {
                    for v in (1..=self.n).filter(|&v| !allowed.contains(v as u8)) {
                        self.clause([!self.x(*cell, v)])?;
                    }
                }
                Primitive::Pairs { a, b, allowed, .. } => self.pairs(*a, *b, allowed)?,
                // A set of values as its equivalent pair tables (exact: rules::value_sets).
                Primitive::ValueSets(choice) => {
                    for t in choice.pairs(self.n) {
                        self.pairs(t.a, t.b, &t.allowed)?;
                    }
                }
                Primitive::Tuples { cells, allowed, .. } => self.tuples(cells, allowed)?,
                Primitive::Sightline(line) => self.sightline(line)?,
                Primitive::Linear(linear) => match cages.iter().find(|d| d.is_of(linear)) {
                    Some(d) => self.cage(&d.cells, d.sum)?,
                    None => self.linear(
                        &linear.terms,
                        linear.relation,
                        linear.rhs,
                        sums,
                        &houses,
                        k >= own,
                    )?,
                },
            }
        }
        Ok(())
    }

    /// Per value, at most once in the group (and at least once when it has n cells). A group
    /// that is a house already has these clauses.
    fn all_different(&mut self, cells: &[Cell], houses: &[Vec<Cell>]) -> Result<(), Unsat> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let is_house = houses.iter().any(|h| {
            let mut h = h.clone();
            h.sort_unstable();
            h == sorted
        });
        if is_house {
            return Ok(());
        }
        for v in 1..=self.n {
            for (k, &a) in cells.iter().enumerate() {
                for &b in &cells[k + 1..] {
                    self.clause([!self.x(a, v), !self.x(b, v)])?;
                }
            }
            if cells.len() == self.n {
                let all: Vec<Term> = cells.iter().map(|&c| self.x(c, v)).collect();
                self.clause(all)?;
            }
        }
        Ok(())
    }

    /// The support encoding of an allowed-pairs table, both ways.
    fn pairs(&mut self, a: Cell, b: Cell, allowed: &[ValueSet]) -> Result<(), Unsat> {
        let n = self.n;
        let ok = |u: usize, w: usize| allowed.get(u - 1).is_some_and(|s| s.contains(w as u8));
        for u in 1..=n {
            let mut c = vec![!self.x(a, u)];
            c.extend((1..=n).filter(|&w| ok(u, w)).map(|w| self.x(b, w)));
            self.clause(c)?;
        }
        for w in 1..=n {
            let mut c = vec![!self.x(b, w)];
            c.extend((1..=n).filter(|&u| ok(u, w)).map(|u| self.x(a, u)));
            self.clause(c)?;
        }
        Ok(())
    }

    /// An allowed-tuples table, one selector per tuple: ⋁_t y_t, y_t → x(c, t_c) for each cell,
    /// and x(c, v) → ⋁_{t : t_c = v} y_t. No "at most one" is needed: a true selector fixes
    /// every cell, and each cell holds one value.
    fn tuples(&mut self, cells: &[Cell], allowed: &[Vec<u8>]) -> Result<(), Unsat> {
        let selectors: Vec<Lit> = allowed.iter().map(|_| self.fresh()).collect();
        self.clause(selectors.iter().map(|&y| Term::Lit(y)))?;
        for (row, &y) in allowed.iter().zip(&selectors) {
            for (&c, &v) in cells.iter().zip(row) {
                self.clause([Term::Lit(!y), self.x(c, v as usize)])?;
            }
        }
        for (i, &c) in cells.iter().enumerate() {
            for v in 1..=self.n {
                let mut clause = vec![!self.x(c, v)];
                clause.extend(
                    allowed
                        .iter()
                        .zip(&selectors)
                        .filter(|(row, _)| row[i] as usize == v)
                        .map(|(_, &y)| Term::Lit(y)),
                );
                self.clause(clause)?;
            }
        }
        Ok(())
    }

    /// Cage-combination clauses: one selector per digit set (module documentation).
    fn cage(&mut self, cells: &[Cell], sum: i64) -> Result<(), Unsat> {
        let n = self.n;
        let sets = digit_sets(n, cells.len(), sum);
        let selectors: Vec<Lit> = sets.iter().map(|_| self.fresh()).collect();
        self.clause(selectors.iter().map(|&y| Term::Lit(y)))?;
        for (k, &y) in selectors.iter().enumerate() {
            for &z in &selectors[k + 1..] {
                self.clause([Term::Lit(!y), Term::Lit(!z)])?;
            }
        }
        self.digit_set_clauses(cells, &sets, &selectors)
    }

    /// The cells take the digits of the set whose selector is true: y_D → ¬x(c, v) for v ∉ D,
    /// y_D → ⋁_c x(c, v) for v ∈ D, and x(c, v) → ⋁_{D ∋ v} y_D.
    fn digit_set_clauses(
        &mut self,
        cells: &[Cell],
        sets: &[ValueSet],
        selectors: &[Lit],
    ) -> Result<(), Unsat> {
        for (set, &y) in sets.iter().zip(selectors) {
            for v in 1..=self.n {
                if set.contains(v as u8) {
                    let mut c = vec![Term::Lit(!y)];
                    c.extend(cells.iter().map(|&cell| self.x(cell, v)));
                    self.clause(c)?;
                } else {
                    for &cell in cells {
                        self.clause([Term::Lit(!y), !self.x(cell, v)])?;
                    }
                }
            }
        }
        for &cell in cells {
            for v in 1..=self.n {
                let mut c = vec![!self.x(cell, v)];
                c.extend(
                    sets.iter()
                        .zip(selectors)
                        .filter(|(s, _)| s.contains(v as u8))
                        .map(|(_, &y)| Term::Lit(y)),
                );
                self.clause(c)?;
            }
        }
        Ok(())
    }

    /// A linear row: a sum diagram, or with [`SumEncoding::PseudoBoolean`] (or a diagram too
    /// large) the generalised totalizer (module documentation).
    fn linear(
        &mut self,
        terms: &[(i64, Cell)],
        relation: Relation,
        rhs: i64,
        sums: SumEncoding,
        houses: &[Vec<Cell>],
        implied: bool,
    ) -> Result<(), Unsat> {
        if sums == SumEncoding::DigitSets
            && !implied
            && self.diagram(terms, relation, rhs, houses)?
        {
            return Ok(());
        }
        self.totalizer(terms, relation, rhs)
    }

    /// The row as a layered sum diagram over the open cells' literals; `false` (nothing added)
    /// when the diagram would have more than [`MAX_DIAGRAM_EDGES`] edges.
    fn diagram(
        &mut self,
        terms: &[(i64, Cell)],
        relation: Relation,
        rhs: i64,
        houses: &[Vec<Cell>],
    ) -> Result<bool, Unsat> {
        let mut merged: Vec<(i64, Cell)> = Vec::new();
        for &(a, cell) in terms {
            match merged.iter_mut().find(|(_, c)| *c == cell) {
                Some((b, _)) => *b += a,
                None => merged.push((a, cell)),
            }
        }
        let mut bound = rhs;
        let mut open: Vec<(i64, Cell)> = Vec::new();
        for (a, cell) in merged.into_iter().filter(|&(a, _)| a != 0) {
            if self.givens[cell.row * self.n + cell.col] != 0 {
                bound -= a * self.givens[cell.row * self.n + cell.col] as i64;
            } else if (1..=self.n).all(|v| self.x(cell, v) == Term::Const(false)) {
                return Err(Unsat);
            } else {
                open.push((a, cell));
            }
        }
        let (snapshot_next, snapshot_len) = (self.next, self.clauses.len());
        let groups = groups(&open, houses, self.n);
        let mut layers: Vec<Vec<(i64, Lit)>> = Vec::new();
        for (k, &(a, cell)) in open.iter().enumerate() {
            match groups.iter().find(|g| g[0] == k) {
                Some(g) => {
                    let cells: Vec<Cell> = g.iter().map(|&j| open[j].1).collect();
                    let sums = self.group_sum(&cells)?;
                    layers.push(sums.into_iter().map(|(s, z)| (a * s, z)).collect());
                }
                None if groups.iter().any(|g| g.contains(&k)) => {}
                None => layers.push(
                    (1..=self.n)
                        .filter_map(|v| match self.x(cell, v) {
                            Term::Lit(l) => Some((a * v as i64, l)),
                            _ => None,
                        })
                        .collect(),
                ),
            }
        }
        let (lo, hi) = match relation {
            Relation::Eq => (bound, bound),
            Relation::Le => (i64::MIN / 4, bound),
            Relation::Ge => (bound, i64::MAX / 4),
        };
        let mut next = self.next;
        let clauses = diagram::clauses(&layers, lo, hi, MAX_DIAGRAM_EDGES, || {
            next += 1;
            Var::new(next - 1).pos_lit()
        });
        match clauses {
            Ok(Some(clauses)) => {
                self.next = next;
                self.clauses.extend(clauses);
                Ok(true)
            }
            Ok(None) => {
                self.next = snapshot_next;
                self.clauses.truncate(snapshot_len);
                Ok(false)
            }
            Err(diagram::Empty) => Err(Unsat),
        }
    }

    /// The sum of distinct cells (a group of one house) as one-hot literals z(s), one per sum s
    /// of a digit set D that the cells can take (each cell a value of D, all different):
    /// selectors y_D as for a cage (at least one; y_D → ¬x(c, v) for v ∉ D; y_D → ⋁_c x(c, v)
    /// for v ∈ D; x(c, v) → ⋁_{D ∋ v} y_D), y_D → z(ΣD), z(s) → ⋁_{ΣD = s} y_D, and at most
    /// one z. Returns the sums with their literals.
    fn group_sum(&mut self, cells: &[Cell]) -> Result<Vec<(i64, Lit)>, Unsat> {
        let n = self.n;
        let k = cells.len();
        let mut sets: Vec<(i64, ValueSet)> = Vec::new();
        for sum in (k * (k + 1) / 2) as i64..=(k * (2 * n - k + 1) / 2) as i64 {
            for set in digit_sets(n, k, sum) {
                if self.can_take(cells, set) {
                    sets.push((sum, set));
                }
            }
        }
        if sets.is_empty() {
            return Err(Unsat);
        }
        let mut sums: Vec<(i64, Lit)> = Vec::new();
        for &(sum, _) in &sets {
            if sums.last().map(|&(s, _)| s) != Some(sum) {
                let z = self.fresh();
                sums.push((sum, z));
            }
        }
        let selectors: Vec<Lit> = sets.iter().map(|_| self.fresh()).collect();
        self.clause(selectors.iter().map(|&y| Term::Lit(y)))?;
        for (&(sum, _), &y) in sets.iter().zip(&selectors) {
            // `sums` holds every set's sum, in increasing order.
            let z = sums[sums.partition_point(|&(s, _)| s < sum)].1;
            self.clause([Term::Lit(!y), Term::Lit(z)])?;
        }
        let digits: Vec<ValueSet> = sets.iter().map(|&(_, d)| d).collect();
        self.digit_set_clauses(cells, &digits, &selectors)?;
        for &(sum, z) in &sums {
            let mut c = vec![Term::Lit(!z)];
            c.extend(
                sets.iter()
                    .zip(&selectors)
                    .filter(|((s, _), _)| *s == sum)
                    .map(|(_, &y)| Term::Lit(y)),
            );
            self.clause(c)?;
        }
        for (j, &(_, z)) in sums.iter().enumerate() {
            for &(_, w) in &sums[j + 1..] {
                self.clause([Term::Lit(!z), Term::Lit(!w)])?;
            }
        }
        Ok(sums)
    }

    /// Whether the distinct `cells` can take exactly the values of `set` (a matching of cells
    /// to values through their open literals; groups have at most [`MAX_GROUP`] cells).
    fn can_take(&self, cells: &[Cell], set: ValueSet) -> bool {
        fn assign(rc: &RuleClauses, cells: &[Cell], left: u64) -> bool {
            let Some((&first, rest)) = cells.split_first() else {
                return true;
            };
            (1..=rc.n).any(|v| {
                left >> (v - 1) & 1 == 1
                    && rc.x(first, v) != Term::Const(false)
                    && assign(rc, rest, left & !(1 << (v - 1)))
            })
        }
        assign(self, cells, set.0)
    }

    /// A linear row through the generalised totalizer (module documentation).
    fn totalizer(
        &mut self,
        terms: &[(i64, Cell)],
        relation: Relation,
        rhs: i64,
    ) -> Result<(), Unsat> {
        let mut weighted: Vec<(Lit, usize)> = Vec::new();
        let mut bound = rhs;
        for &(a, cell) in terms {
            let options: Vec<(i64, Term)> = (1..=self.n)
                .map(|v| (a * v as i64, self.x(cell, v)))
                .filter(|&(_, t)| t != Term::Const(false))
                .collect();
            let Some(least) = options.iter().map(|&(w, _)| w).min() else {
                return Err(Unsat);
            };
            bound -= least;
            for (w, t) in options {
                match t {
                    Term::Lit(l) if w > least => weighted.push((l, (w - least) as usize)),
                    Term::Const(true) => bound -= w - least,
                    _ => {}
                }
            }
        }
        let total: i64 = weighted.iter().map(|&(_, w)| w as i64).sum();
        if matches!(relation, Relation::Le | Relation::Eq) {
            self.at_most(&weighted, bound, total)?;
        }
        if matches!(relation, Relation::Ge | Relation::Eq) {
            let negated: Vec<(Lit, usize)> = weighted.iter().map(|&(l, w)| (!l, w)).collect();
            self.at_most(&negated, total - bound, total)?;
        }
        Ok(())
    }

    /// Σ w·l ≤ ub through a generalised totalizer (nothing when ub ≥ Σ w).
    fn at_most(&mut self, weighted: &[(Lit, usize)], ub: i64, total: i64) -> Result<(), Unsat> {
        if ub < 0 {
            return Err(Unsat);
        }
        if ub >= total {
            return Ok(());
        }
        let ub = ub as usize;
        let mut gte: GeneralizedTotalizer = weighted.iter().copied().collect();
        let mut collector = rustsat::instances::Cnf::new();
        let mut vars = BasicVarManager::from_next_free(Var::new(self.next));
        gte.encode_ub(ub..=ub, &mut collector, &mut vars)
            .map_err(|_| Unsat)?;
        let units = gte.enforce_ub(ub).map_err(|_| Unsat)?;
        self.next = vars.n_used();
        for clause in collector {
            self.clauses.push(clause.iter().copied().collect());
        }
        for unit in units {
            self.clauses.push(vec![unit]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_stay_within_the_digit_set_budget() {
        // C(9, 4) = 126 sets, C(16, 2) = 120 but C(16, 3) = 560, C(25, 2) = 300.
        assert_eq!(group_size(4), 4);
        assert_eq!(group_size(9), 4);
        assert_eq!(group_size(16), 2);
        assert_eq!(group_size(25), 1);
    }

    #[test]
    fn groups_take_the_most_cells_of_one_house_and_coefficient() {
        let c = |row, col| Cell { row, col };
        let houses = vec![vec![c(0, 0), c(0, 1), c(0, 2)], vec![c(1, 0), c(1, 1)]];
        // r1c1, r1c2 (coefficient 1) share the first house; r1c3 has another coefficient;
        // r2c1 is alone in the second.
        let open = [(1, c(0, 0)), (2, c(0, 2)), (1, c(0, 1)), (1, c(1, 0))];
        assert_eq!(groups(&open, &houses, 9), vec![vec![0, 2]]);
    }
}
