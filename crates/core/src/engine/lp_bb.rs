//! Textbook LP-based branch and bound over HiGHS LPs, on the binary model x_{r,c,v}.
//!
//! One LP relaxation stays alive for the whole search ([`crate::solve::lab_lp::NativeLp`]); a node
//! only changes column bounds and re-solves from the previous basis (a warm start). At a node:
//! 1. the branching decision x_{r,c,v} = 1 narrows the cell's candidates to {v};
//! 2. naked and hidden singles ([`super::propagate`]'s unit propagation) run to a fixpoint; a
//!    contradiction prunes the node, a complete grid ends the search;
//! 3. every x_{r,c,v} whose v is no longer a candidate of (r,c) gets the bounds 0 ≤ x ≤ 0, a
//!    fixed cell's value 1 ≤ x ≤ 1, the others 0 ≤ x ≤ 1, and the LP is re-solved;
//! 4. an infeasible LP prunes the node; an integral LP point is a solution (decoded and checked);
//! 5. otherwise the node branches on the open cell with the fewest candidates, trying its values
//!    in decreasing LP weight x_{r,c,v} (depth first). (Restricting the choice to cells whose LP
//!    values are fractional, the textbook rule, took 197 nodes instead of 45 on
//!    `forum_hardest_1905_11plus.txt` line 1: the fewest-candidates cell prunes more.)
//!
//! The root differs in one way: its LP is the relaxation of the model as given (before any
//! propagation), so the root record is the root LP that `compare` reports; propagation then
//! narrows the root's candidates before its children are solved.
//!
//! Every node can be recorded ([`Tree`]) for the `--tree` pictures.

#[cfg(feature = "highs")]
use super::candidates::{Shape, State};
#[cfg(feature = "highs")]
use super::{checked, Engine, EngineError, Limits, Solution, Stats, Status};
#[cfg(feature = "highs")]
use crate::clock::Instant;
#[cfg(feature = "highs")]
use crate::formulation::binary::Binary;
#[cfg(feature = "highs")]
use crate::formulation::{BuiltModel, Formulation};
#[cfg(feature = "highs")]
use crate::lab::auto::{Branching, CutPolicy};
#[cfg(feature = "highs")]
use crate::lp_interface::{LpPoint, LpState, LpUse};
#[cfg(feature = "highs")]
use crate::puzzle::{Grid, Puzzle};
#[cfg(feature = "highs")]
use crate::solve::lab_lp::NativeLp;
#[cfg(feature = "highs")]
use crate::solve::relaxation::INTEGRAL_TOLERANCE;
#[cfg(feature = "highs")]
use crate::solve::{ms, SolveError, SolveOptions};

/// What the LP-based branch and bound did. Serialised with the names of the JSON report.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct LpBbStats {
    /// Nodes of the search tree, the root included.
    pub nodes: u64,
    /// LP solves (the root's cold solve and every warm re-solve).
    pub lp_solves: u64,
    /// Simplex iterations over all LP solves.
    pub lp_iterations: i64,
    /// Wall-clock time inside the LP solves (HiGHS runs and reading their solutions).
    #[serde(serialize_with = "crate::format::ms3")]
    pub lp_ms: f64,
    /// Nodes pruned because the LP was infeasible.
    pub lp_pruned: u64,
    /// Nodes pruned because propagation derived a contradiction.
    pub propagation_pruned: u64,
    /// Deepest node (the root has depth 0).
    pub max_depth: usize,
    /// Cuts added (`--cuts`).
    pub cuts: u64,
    /// The bound proved on the objective, when the puzzle has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<f64>,
}

/// A branching decision: cell (row, col), 0-based, takes `value`. Shown as `r3c5=7` (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub row: usize,
    pub col: usize,
    pub value: u8,
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cell = crate::puzzle::Cell {
            row: self.row,
            col: self.col,
        };
        write!(f, "{cell}={}", self.value)
    }
}

/// The LP's verdict at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LpStatus {
    /// Every column integral: the LP point is a grid.
    Integral,
    /// This many columns have a fractional value.
    Fractional(usize),
    Infeasible,
    /// HiGHS stopped on its time limit.
    TimeLimit,
}

/// The LP solve of a node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeLp {
    pub status: LpStatus,
    pub objective: f64,
    pub iterations: i64,
}

/// How a node ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeEnd {
    /// It has children.
    Branched,
    /// Its LP point (or propagation) gave the grid.
    Solution,
    /// Propagation derived a contradiction.
    PropagationConflict,
    /// The LP was infeasible.
    LpInfeasible,
    /// The time limit stopped the search here.
    TimeLimit,
}

/// One node of the search tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Index in [`Tree::nodes`] (creation order, depth first).
    pub id: usize,
    pub parent: Option<usize>,
    pub depth: usize,
    /// `None` at the root.
    pub decision: Option<Decision>,
    /// Cells that propagation fixed at this node (beyond the decision), as decisions.
    pub propagated: Vec<Decision>,
    /// `None` when propagation decided the node before an LP was needed.
    pub lp: Option<NodeLp>,
    pub end: NodeEnd,
}

/// Every node of one search, in creation order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tree {
    /// The grid's order n.
    pub order: usize,
    pub nodes: Vec<Node>,
}

/// The LP-based branch and bound engine; the LPs run with `options` (threads, log, presolve of
/// the root).
#[cfg(feature = "highs")]
#[derive(Debug, Clone, Default)]
pub struct LpBb {
    pub options: SolveOptions,
    /// How to branch: on a cell (k children, the default) or on a fractional variable
    /// (x = 1 / x = 0, the textbook rule, [`super::lp_bb_lab`]).
    pub branch: Branching,
    /// Cut rounds at the root ([`super::lp_bb_lab`]).
    pub cuts: CutPolicy,
}

#[cfg(feature = "highs")]
impl Engine for LpBb {
    fn label(&self) -> String {
        "lp-bb".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        if self.uses_lab(puzzle) {
            refuse_missing_rows(puzzle, &Binary::default().build(puzzle))?;
            return super::lp_bb_lab::solve(puzzle, &self.options, self.branch, self.cuts, limits);
        }
        self.run(puzzle, limits, false)
            .map(|(solution, _)| solution)
    }
}

/// The LP must carry every variant primitive (rows named after its tag), or an integral LP
/// point could break a rule; until the binary model has a primitive's rows, lp-bb refuses.
#[cfg(feature = "highs")]
fn refuse_missing_rows(puzzle: &Puzzle, model: &BuiltModel) -> Result<(), EngineError> {
    let missing = puzzle
        .primitives()
        .iter()
        .any(|p| !model.rows.iter().any(|r| r.name().starts_with(p.tag())));
    if missing {
        return Err(EngineError::Unsupported {
            engine: "lp-bb".to_string(),
            task: "solve a variant rule that the binary model has no rows for",
        });
    }
    Ok(())
}

#[cfg(feature = "highs")]
impl LpBb {
    /// True when the lab's loop runs instead of the cell search: an objective, the
    /// variable rule, or cuts.
    pub fn uses_lab(&self, puzzle: &Puzzle) -> bool {
        puzzle.objective().is_some()
            || self.branch == Branching::Variable
            || self.cuts != CutPolicy::None
    }

    /// Solves `puzzle` with the lab's loop (whatever [`LpBb::uses_lab`] says) and returns the
    /// lab with every node of its search, for `--tree`.
    pub fn run_lab(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
    ) -> Result<(Solution, crate::lab::Lab<crate::solve::lab_lp::NativeLp>), EngineError> {
        refuse_missing_rows(puzzle, &Binary::default().build(puzzle))?;
        super::lp_bb_lab::run(puzzle, &self.options, self.branch, self.cuts, limits)
    }

    /// Solves `puzzle`; with `record`, also returns every node of the search.
    pub fn run(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        record: bool,
    ) -> Result<(Solution, Option<Tree>), EngineError> {
        let start = Instant::now();
        let model = Binary::default().build(puzzle);
        refuse_missing_rows(puzzle, &model)?;
        let mut search = Search {
            n: puzzle.order(),
            columns: one_hot_columns(&model),
            lp: dive_lp(&model, &self.options, limits)?,
            deadline: limits.deadline(),
            stats: LpBbStats::default(),
            tree: record.then(|| Tree {
                order: puzzle.order(),
                nodes: Vec::new(),
            }),
        };
        let shape = Shape::new(puzzle);
        let mut state = State::from_givens(&shape, puzzle.givens());
        let found = search.root(&model, &mut state)?;
        let (status, grid) = match found {
            Found::Grid(values) => {
                let grid = Grid {
                    n: puzzle.order(),
                    values,
                };
                (Status::Solved, Some(checked("lp-bb", puzzle, grid)?))
            }
            Found::Nothing => (Status::Infeasible, None),
            Found::Stopped => (Status::TimeLimit, None),
        };
        let solution = Solution {
            engine: self.label(),
            status,
            grid,
            time_ms: ms(start.elapsed()),
            stats: Stats::LpBb(search.stats),
        };
        Ok((solution, search.tree))
    }
}

/// The end of a subtree's search.
#[cfg(feature = "highs")]
enum Found {
    /// A grid (row-major values).
    Grid(Vec<u8>),
    /// The subtree holds no solution.
    Nothing,
    /// The time limit stopped the search.
    Stopped,
}

/// The columns x_{cell, v} of the binary model: `columns[cell][v − 1]`.
#[cfg(feature = "highs")]
fn one_hot_columns(model: &BuiltModel) -> Vec<Vec<Option<usize>>> {
    let n = model.order();
    (0..n * n)
        .map(|cell| (1..=n as u8).map(|v| model.column(cell, v)).collect())
        .collect()
}

/// The search's state: the structure, the live LP, counters and the optional record.
/// The binary model's LP relaxation for the whole search ([`LpUse::Relaxation`]), its HiGHS time
/// bounded by `limits` over every re-solve together.
#[cfg(feature = "highs")]
fn dive_lp(
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<NativeLp, SolveError> {
    let mut lp = NativeLp::for_use(model, options, LpUse::Relaxation)?;
    lp.limit_time(limits)?;
    Ok(lp)
}

#[cfg(feature = "highs")]
struct Search {
    n: usize,
    columns: Vec<Vec<Option<usize>>>,
    lp: NativeLp,
    deadline: Option<Instant>,
    stats: LpBbStats,
    tree: Option<Tree>,
}

#[cfg(feature = "highs")]
impl Search {
    /// The root: the LP of the model as given, then propagation, then the children.
    fn root(&mut self, model: &BuiltModel, state: &mut State) -> Result<Found, SolveError> {
        let id = self.open(None, None, 0);
        let outcome = self.solve_lp()?;
        let lp = self.verdict(&outcome);
        self.set_lp(id, lp);
        match (lp.status, outcome.columns) {
            (LpStatus::Infeasible, _) => Ok(self.end(id, NodeEnd::LpInfeasible)),
            (LpStatus::TimeLimit, _) => Ok(self.end(id, NodeEnd::TimeLimit)),
            (LpStatus::Integral, values) => {
                self.end(id, NodeEnd::Solution);
                Ok(Found::Grid(model.decode(&values).values))
            }
            (_, values) => {
                let before = candidates(state);
                if state.propagate().is_err() {
                    self.stats.propagation_pruned += 1;
                    return Ok(self.end(id, NodeEnd::PropagationConflict));
                }
                self.record_propagated(id, &before, &candidates(state), None);
                if state.complete() {
                    self.end(id, NodeEnd::Solution);
                    return Ok(Found::Grid(state.values()));
                }
                self.branch(id, 0, state, &values)
            }
        }
    }

    /// A node below the root: `state` (its parent's) with `decision`, then propagation, LP
    /// and branching. The caller undoes the changes to `state` (its trail) afterwards.
    fn node(
        &mut self,
        parent: usize,
        depth: usize,
        state: &mut State,
        decision: Decision,
    ) -> Result<Found, SolveError> {
        let id = self.open(Some(parent), Some(decision), depth);
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(self.end(id, NodeEnd::TimeLimit));
        }
        let cell = decision.row * self.n + decision.col;
        let before = candidates(state);
        state.assign(cell, 1u64 << (decision.value - 1));
        if state.propagate().is_err() {
            self.stats.propagation_pruned += 1;
            return Ok(self.end(id, NodeEnd::PropagationConflict));
        }
        let after = candidates(state);
        self.record_propagated(id, &before, &after, Some(cell));
        if state.complete() {
            self.end(id, NodeEnd::Solution);
            return Ok(Found::Grid(state.values()));
        }
        self.bound_to(&after)?;
        let outcome = self.solve_lp()?;
        let lp = self.verdict(&outcome);
        self.set_lp(id, lp);
        match (lp.status, outcome.columns) {
            (LpStatus::Infeasible, _) => {
                self.stats.lp_pruned += 1;
                Ok(self.end(id, NodeEnd::LpInfeasible))
            }
            (LpStatus::TimeLimit, _) => Ok(self.end(id, NodeEnd::TimeLimit)),
            (LpStatus::Integral, values) => {
                self.end(id, NodeEnd::Solution);
                Ok(Found::Grid(self.decode(&values)))
            }
            (_, values) => self.branch(id, depth, state, &values),
        }
    }

    /// Branches on the open cell with the fewest candidates, its values in decreasing LP weight.
    fn branch(
        &mut self,
        id: usize,
        depth: usize,
        state: &mut State,
        values: &[f64],
    ) -> Result<Found, SolveError> {
        self.end(id, NodeEnd::Branched);
        let Some(cell) = (0..state.cells())
            .filter(|&i| state.cand(i).count_ones() > 1)
            .min_by_key(|&i| state.cand(i).count_ones())
        else {
            return Ok(Found::Nothing);
        };
        let weight = |v: usize| {
            self.columns[cell][v]
                .and_then(|col| values.get(col).copied())
                .unwrap_or(0.0)
        };
        let mut order: Vec<usize> = (0..self.n)
            .filter(|&v| state.cand(cell) & (1u64 << v) != 0)
            .collect();
        order.sort_by(|&a, &b| weight(b).total_cmp(&weight(a)).then(a.cmp(&b)));
        for v in order {
            let decision = Decision {
                row: cell / self.n,
                col: cell % self.n,
                value: v as u8 + 1,
            };
            let mark = state.mark();
            let found = self.node(id, depth + 1, state, decision)?;
            state.undo(mark);
            if !matches!(found, Found::Nothing) {
                return Ok(found);
            }
        }
        Ok(Found::Nothing)
    }

    /// Sets every column's bounds from the candidates: x_{cell,v} ∈ [0,0] when v is no
    /// candidate, [1,1] when v is the only one, [0,1] otherwise.
    fn bound_to(&mut self, cand: &[u64]) -> Result<(), SolveError> {
        for (cell, &mask) in cand.iter().enumerate() {
            for v in 0..self.n {
                let Some(col) = self.columns[cell][v] else {
                    continue;
                };
                let (lower, upper) = if mask & (1u64 << v) == 0 {
                    (0.0, 0.0)
                } else if mask.count_ones() == 1 {
                    (1.0, 1.0)
                } else {
                    (0.0, 1.0)
                };
                self.lp.set_column_bounds(col, lower, upper)?;
            }
        }
        Ok(())
    }

    /// One LP solve, counted.
    fn solve_lp(&mut self) -> Result<LpPoint, SolveError> {
        let start = Instant::now();
        let outcome = self.lp.solve_lp()?;
        self.stats.lp_ms += ms(start.elapsed());
        self.stats.lp_solves += 1;
        self.stats.lp_iterations += outcome.iterations;
        Ok(outcome)
    }

    /// The node's LP verdict: integral when every column is within [`INTEGRAL_TOLERANCE`] of
    /// an integer.
    fn verdict(&self, outcome: &LpPoint) -> NodeLp {
        let status = match outcome.state {
            LpState::Optimal => {
                let fractional = outcome
                    .columns
                    .iter()
                    .filter(|x| (*x - x.round()).abs() > INTEGRAL_TOLERANCE)
                    .count();
                if fractional == 0 {
                    LpStatus::Integral
                } else {
                    LpStatus::Fractional(fractional)
                }
            }
            LpState::Infeasible => LpStatus::Infeasible,
            LpState::Stopped => LpStatus::TimeLimit,
        };
        NodeLp {
            status,
            // No point, no objective: 0, as the feasibility model's every LP bound.
            objective: if outcome.state == LpState::Optimal {
                outcome.objective
            } else {
                0.0
            },
            iterations: outcome.iterations,
        }
    }

    /// The grid of an integral LP point: in each cell the value whose column is 1.
    fn decode(&self, values: &[f64]) -> Vec<u8> {
        self.columns
            .iter()
            .map(|by_value| {
                by_value
                    .iter()
                    .position(|col| col.is_some_and(|c| values.get(c).is_some_and(|&x| x > 0.5)))
                    .map_or(0, |v| v as u8 + 1)
            })
            .collect()
    }

    /// Counts a new node and records it when recording; returns its id.
    fn open(&mut self, parent: Option<usize>, decision: Option<Decision>, depth: usize) -> usize {
        let id = self.stats.nodes as usize;
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if let Some(tree) = &mut self.tree {
            tree.nodes.push(Node {
                id,
                parent,
                depth,
                decision,
                propagated: Vec::new(),
                lp: None,
                end: NodeEnd::Branched,
            });
        }
        id
    }

    fn set_lp(&mut self, id: usize, lp: NodeLp) {
        if let Some(node) = self.tree.as_mut().and_then(|t| t.nodes.get_mut(id)) {
            node.lp = Some(lp);
        }
    }

    /// Records how node `id` ended; returns the matching [`Found`] for a dead end.
    fn end(&mut self, id: usize, end: NodeEnd) -> Found {
        if let Some(node) = self.tree.as_mut().and_then(|t| t.nodes.get_mut(id)) {
            node.end = end;
        }
        match end {
            NodeEnd::TimeLimit => Found::Stopped,
            _ => Found::Nothing,
        }
    }

    /// Records the cells that became fixed between `before` and `after`, but `decided`.
    fn record_propagated(
        &mut self,
        id: usize,
        before: &[u64],
        after: &[u64],
        decided: Option<usize>,
    ) {
        let Some(node) = self.tree.as_mut().and_then(|t| t.nodes.get_mut(id)) else {
            return;
        };
        let n = self.n;
        node.propagated = before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|&(i, (b, a))| Some(i) != decided && b.count_ones() > 1 && a.count_ones() == 1)
            .map(|(i, (_, a))| Decision {
                row: i / n,
                col: i % n,
                value: a.trailing_zeros() as u8 + 1,
            })
            .collect();
    }
}

/// Every cell's candidate mask, row-major.
#[cfg(feature = "highs")]
fn candidates(state: &State) -> Vec<u64> {
    (0..state.cells()).map(|i| state.cand(i)).collect()
}

#[cfg(feature = "highs")]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_line;

    #[test]
    fn solves_a_hard_grid_and_records_every_node() {
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let p = parse_line(hard, None).unwrap();
        let (s, tree) = LpBb::default().run(&p, &Limits::default(), true).unwrap();
        assert_eq!(s.status, Status::Solved);
        crate::check::check(&p, s.grid.as_ref().unwrap()).unwrap();
        let Stats::LpBb(stats) = s.stats else {
            unreachable!()
        };
        let tree = tree.unwrap();
        assert_eq!(tree.nodes.len() as u64, stats.nodes);
        assert!(stats.lp_solves >= 1 && stats.lp_solves <= stats.nodes);
        assert_eq!(tree.nodes[0].decision, None);
        assert!(tree.nodes.iter().skip(1).all(|n| n.decision.is_some()));
        assert_eq!(
            tree.nodes
                .iter()
                .filter(|n| n.end == NodeEnd::Solution)
                .count(),
            1
        );
    }

    #[test]
    fn infeasible_grid_is_proven() {
        let p = super::super::infeasible_4x4();
        let s = LpBb::default().solve(&p, &Limits::default()).unwrap();
        assert_eq!((s.status, s.grid), (Status::Infeasible, None));
    }
}
