//! A branch and bound the student drives, on the binary model x_{c,v} and one LP kept warm.
//!
//! The root is the LP relaxation of the model (with the puzzle's objective, if any). Each node
//! is the root plus bound fixings along its path (x_{c,v} = 1 or 0) and the cuts derived at
//! it or above; its LP is solved when the node is made, from the previous basis (only the
//! bounds that differ are sent). A node's status: fractional (open, not yet expanded),
//! integral (its point is a grid, checked by the independent checker), infeasible, pruned by
//! bound (its LP value cannot beat the incumbent: weights are whole numbers, so with max the
//! node is pruned when ⌊LP⌋ ≤ incumbent), pruned by hand (the student closed it without that
//! proof: its LP value stays in the bound), branched, finished (HiGHS solved its subtree as
//! a MILP) or stopped (its LP reached the time limit). The student branches on a candidate (x = 1 / x = 0) or a cell (one child per open
//! digit), picks the next node (depth first, best bound, or by hand), cuts, and may ask what
//! `lp-bb`'s rule would choose. Everything runs over [`lp::LabLp`], free of FFI types.

pub mod auto;
pub mod cuts;
pub mod error;
pub mod predict;
/// The LP interface the lab runs on (a leaf module, so that `solve` can implement it).
pub use crate::lp_interface as lp;
pub mod range;
pub mod script;

use crate::check::check;
use crate::clock::Instant;
use crate::formulation::binary::Binary;
use crate::formulation::{BuiltModel, CellEncoding, Formulation};
use crate::named::{impl_named_text, Named};
use crate::objective::ObjectiveSense;
use crate::puzzle::{Grid, Puzzle};
use auto::AutoEnd;
use cuts::{Cut, CutKind, CutReport};
pub use error::{CellName, LabError};
use lp::{LabLp, LpPoint, LpState};

/// Values this close to an integer are integral.
pub const TOLERANCE: f64 = 1e-6;

/// A node's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeStatus {
    /// Fractional LP point, not expanded yet.
    Open,
    /// The LP point is a grid (checked).
    Integral,
    Infeasible,
    /// Candidate propagation on its candidate grid found a contradiction: infeasible without
    /// an LP solve.
    InfeasibleByPropagation,
    /// Its LP value cannot beat the incumbent.
    PrunedByBound,
    /// Closed by the student without a proof: its LP value stays in the bound.
    PrunedByHand,
    Branched,
    /// HiGHS solved the subtree as a MILP.
    Finished,
    /// The LP stopped without a point.
    Stopped,
}

impl NodeStatus {
    pub fn name(self) -> &'static str {
        match self {
            NodeStatus::Open => "fractional",
            NodeStatus::Integral => "integral",
            NodeStatus::Infeasible => "infeasible",
            NodeStatus::InfeasibleByPropagation => "infeasible (propagation)",
            NodeStatus::PrunedByBound => "pruned by bound",
            NodeStatus::PrunedByHand => "pruned by hand",
            NodeStatus::Branched => "branched",
            NodeStatus::Finished => "finished by HiGHS",
            NodeStatus::Stopped => "stopped",
        }
    }
}

/// One node of the driven tree.
#[derive(Debug, Clone, PartialEq)]
pub struct LabNode {
    pub id: usize,
    pub parent: Option<usize>,
    pub depth: usize,
    /// The fixing that made it: `r1c1=5`, `r1c1≠5`, or `root`.
    pub label: String,
    /// Its own fixings (column, value); the path's fixings add up.
    pub fixings: Vec<(usize, f64)>,
    /// The fixings candidate propagation proved at it (x = 0 for an eliminated candidate, x = 1
    /// for a forced one), beyond the path's; they add up along the path like `fixings`.
    pub propagated: Vec<(usize, f64)>,
    /// True once propagation ran at it ([`Lab::propagation`]).
    pub propagation_ran: bool,
    pub status: NodeStatus,
    /// Its LP value (NaN when infeasible).
    pub objective: f64,
    /// Its LP point (empty when infeasible).
    pub values: Vec<f64>,
    /// Columns with a fractional value.
    pub fractional: Vec<usize>,
    /// Row duals and reduced costs of its LP.
    pub row_duals: Vec<f64>,
    pub reduced_costs: Vec<f64>,
    /// When it was expanded (branched, finished or cut), 0 for the first.
    pub order: Option<usize>,
    pub children: Vec<usize>,
}

/// What `finish` did: HiGHS's branch-and-bound nodes, and whether it ended (the subtree
/// solved) or stopped at the time limit (the node still open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    pub mip_nodes: i64,
    pub end: AutoEnd,
}

/// The best grid found so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Incumbent {
    pub node: usize,
    pub value: f64,
    pub grid: Grid,
}

/// How the next node is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeRule {
    /// The deepest open node, the first made among them: the x = 1 child before its x = 0
    /// sibling (a dive that fixes a cell at each level; diving x = 0 first left a generated
    /// 9×9 killer unsolved after 600 nodes in 30 s), a cell's first digit before the others.
    DepthFirst,
    /// The open node with the best LP value.
    BestBound,
}

impl Named for NodeRule {
    const WHAT: &'static str = "node rule";
    fn all() -> &'static [NodeRule] {
        &[NodeRule::DepthFirst, NodeRule::BestBound]
    }
    fn name(self) -> &'static str {
        match self {
            NodeRule::DepthFirst => "depth",
            NodeRule::BestBound => "best",
        }
    }
    fn about(self) -> &'static str {
        match self {
            NodeRule::DepthFirst => "Depth first: the deepest open node, the one made last",
            NodeRule::BestBound => "Best bound: the open node with the best LP value",
        }
    }
}
impl_named_text!(NodeRule);

impl NodeRule {
    /// The rule of the automatic loop: best bound with an objective; depth first without one
    /// (every LP value is 0, so best bound would expand the tree level by level).
    pub fn for_sense(sense: Option<ObjectiveSense>) -> NodeRule {
        match sense {
            Some(_) => NodeRule::BestBound,
            None => NodeRule::DepthFirst,
        }
    }
}

/// What `lp-bb`'s rules would branch on at a node.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// The cell rule (lp-bb's default): the open cell with the fewest open candidates.
    pub cell: Option<usize>,
    /// The textbook rule (`--branch variable`): the most fractional column.
    pub variable: Option<usize>,
}

/// Counters of a session.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct LabStats {
    pub nodes: usize,
    pub lp_solves: u64,
    pub lp_iterations: i64,
    #[serde(serialize_with = "crate::format::ms3")]
    pub lp_ms: f64,
    pub cuts: usize,
    /// Nodes of HiGHS's own MILP runs ("finish").
    pub mip_nodes: i64,
}

/// A model row as the lab keeps it (for the cuts' substitutions).
#[derive(Debug, Clone, PartialEq)]
pub struct LabRow {
    pub lower: f64,
    pub upper: f64,
    pub terms: Vec<(usize, f64)>,
    /// Every coefficient whole and every column integer, so `a x` is an integer.
    pub integral: bool,
    /// `None`: a model row; `Some(i)`: cut i.
    pub cut: Option<usize>,
}

/// A driven branch and bound over one LP.
pub struct Lab<L: LabLp> {
    lp: L,
    pub puzzle: Puzzle,
    pub n: usize,
    /// `None`: no objective (min 0).
    pub sense: Option<ObjectiveSense>,
    /// `column_of[cell][v − 1]`, as the model's [`BuiltModel::column`] gives it.
    pub column_of: Vec<Vec<Option<usize>>>,
    /// (cell, value) of each column x_{cell,value} ([`BuiltModel::candidate`]); `None` for a column that is no cell's digit
    /// (a killer cage's digit-set binary y_D): it has no cell to name, branch on or draw.
    pub candidate: Vec<Option<(usize, u8)>>,
    base: Vec<(f64, f64)>,
    current: Vec<(f64, f64)>,
    pub rows: Vec<LabRow>,
    row_bounds: Vec<(f64, f64)>,
    pub nodes: Vec<LabNode>,
    pub cuts: Vec<Cut>,
    pub incumbent: Option<Incumbent>,
    /// The node whose LP the HiGHS instance holds now.
    solved: Option<usize>,
    /// Each node's optimal basis (none when its LP had no optimal point): a node is solved
    /// from its own basis when it is solved again, or from its parent's.
    bases: Vec<Option<lp::Basis>>,
    expansions: usize,
    pub stats: LabStats,
    /// When the current step or script must end (`None`: no limit): the automatic loop
    /// stops there and `finish` hands HiGHS only the time left.
    pub deadline: Option<Instant>,
    /// True once a step stopped at the deadline (the search is then not complete).
    pub hit_limit: bool,
    /// Each column's name in the model ([`BuiltModel::column_names`]).
    names: Vec<String>,
    /// When true, every node made runs candidate propagation ([`crate::candidates`])
    /// on its candidate grid before its LP is solved ([`Lab::propagate_at`]). The automatic
    /// loop turns it on; hand steps leave it off, so a student's nodes are the LP alone.
    pub propagation: bool,
    /// The propagators' structure of the puzzle, built on first use.
    shape: Option<crate::candidates::Shape>,
    /// Makes a fresh LP of the lab's model ([`lab_model`]) for the exact checks of a
    /// student's cut (a MILP beside the lab's LP, which keeps its basis); `None`: no such
    /// check on this backend.
    pub exact: Option<lp::LpBackend>,
}

/// Builds the binary model of `puzzle` (with its objective) for a lab, without the columns the
/// givens rule out (`reduce`): a given's row x = 1 and its houses' rows `= 1` force those
/// columns to 0 at every LP point, so the LP optimum, the bound and the grids are the same,
/// while the LP is smaller (the first 25×25 of `grid25_misc.txt`: 894 columns instead of
/// 15,625, its root LP 828 simplex iterations instead of 13,490) and branching on a cell makes
/// children only for digits the givens leave.
pub fn lab_model(puzzle: &Puzzle) -> BuiltModel {
    Binary {
        reduce: true,
        ..Binary::default()
    }
    .build(puzzle)
}

impl<L: LabLp> Lab<L> {
    /// A lab on `model` (the binary model of `puzzle`, see [`lab_model`]) and its LP `lp`;
    /// solves the root.
    pub fn new(puzzle: &Puzzle, model: &BuiltModel, lp: L) -> Result<Lab<L>, LabError> {
        Lab::with_deadline(puzzle, model, lp, None)
    }

    /// [`Lab::new`] with [`Lab::deadline`] set before the root is solved.
    pub fn with_deadline(
        puzzle: &Puzzle,
        model: &BuiltModel,
        lp: L,
        deadline: Option<Instant>,
    ) -> Result<Lab<L>, LabError> {
        let n = puzzle.order();
        if model
            .cells()
            .iter()
            .any(|e| !matches!(e, CellEncoding::OneHot(_)))
        {
            return Err(LabError::NotBinary);
        }
        let column_of = (0..n * n)
            .map(|cell| (1..=n as u8).map(|v| model.column(cell, v)).collect())
            .collect();
        let candidate = (0..model.variables.len())
            .map(|j| model.candidate(j))
            .collect();
        let names = model.column_names().into_iter().map(String::from).collect();
        let (base, rows) = model_rows(model);
        let row_bounds = rows.iter().map(|r| (r.lower, r.upper)).collect();
        let mut lab = Lab {
            lp,
            puzzle: puzzle.clone(),
            n,
            sense: model.objective.as_ref().map(|o| o.sense),
            column_of,
            candidate,
            current: base.clone(),
            base,
            rows,
            row_bounds,
            nodes: Vec::new(),
            cuts: Vec::new(),
            incumbent: None,
            solved: None,
            bases: Vec::new(),
            expansions: 0,
            stats: LabStats::default(),
            deadline,
            hit_limit: false,
            names,
            propagation: false,
            shape: None,
            exact: None,
        };
        lab.make_node(None, "root".into(), Vec::new())?;
        Ok(lab)
    }

    /// True when [`Lab::deadline`] has passed.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Seconds left before [`Lab::deadline`] (`None`: no limit).
    pub fn time_left(&self) -> Option<f64> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }

    /// How many nodes are open.
    pub fn open_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.status == NodeStatus::Open)
            .count()
    }

    /// The node, or an error naming it.
    pub fn node(&self, id: usize) -> Result<&LabNode, LabError> {
        self.nodes
            .get(id)
            .ok_or(LabError::NoNode(id, self.nodes.len()))
    }

    fn open_node(&self, id: usize, doing: &'static str) -> Result<&LabNode, LabError> {
        let node = self.node(id)?;
        match node.status {
            NodeStatus::Open => Ok(node),
            s => Err(LabError::NotOpen(id, s.name(), doing)),
        }
    }

    /// Ids from the root to `id`.
    pub fn path(&self, id: usize) -> Vec<usize> {
        let mut path = vec![id];
        while let Some(p) = self.nodes[*path.last().unwrap_or(&0)].parent {
            path.push(p);
        }
        path.reverse();
        path
    }

    /// The column bounds at node `id`: the model's, narrowed by the path's fixings.
    pub fn bounds_at(&self, id: usize) -> Vec<(f64, f64)> {
        let mut bounds = self.base.clone();
        for p in self.path(id) {
            let node = &self.nodes[p];
            for &(col, v) in node.fixings.iter().chain(&node.propagated) {
                bounds[col] = (v, v);
            }
        }
        bounds
    }

    /// Sets the LP to node `id` (bounds and in-scope cuts) and solves it.
    fn solve_at(&mut self, id: usize) -> Result<LpPoint, LabError> {
        let bounds = self.bounds_at(id);
        for (col, &b) in bounds.iter().enumerate() {
            if self.current[col] != b {
                self.lp.set_column_bounds(col, b.0, b.1)?;
                self.current[col] = b;
            }
        }
        let path = self.path(id);
        for (i, row) in self.rows.iter().enumerate() {
            let Some(c) = row.cut else { continue };
            let active = path.contains(&self.cuts[c].scope);
            let want = if active {
                (row.lower, row.upper)
            } else {
                (f64::NEG_INFINITY, f64::INFINITY)
            };
            if self.row_bounds[i] != want {
                self.lp.set_row_bounds(i, want.0, want.1)?;
                self.row_bounds[i] = want;
            }
        }
        self.start_basis(id)?;
        let start = Instant::now();
        let point = self.lp.solve()?;
        self.stats.lp_ms += start.elapsed().as_secs_f64() * 1000.0;
        self.stats.lp_solves += 1;
        self.stats.lp_iterations += point.iterations;
        self.solved = Some(id);
        self.bases.resize(self.nodes.len(), None);
        self.bases[id] = match point.state {
            LpState::Optimal => Some(self.lp.basis()?),
            _ => None,
        };
        Ok(point)
    }

    /// Hands the LP the basis to start node `id` from: its own (solved before), else its
    /// parent's, unless the LP holds that node's solve already.
    fn start_basis(&mut self, id: usize) -> Result<(), LabError> {
        let from = std::iter::once(id)
            .chain(self.nodes[id].parent)
            .find(|&k| self.bases.get(k).is_some_and(Option::is_some));
        if let Some(k) = from {
            if self.solved != Some(k) {
                if let Some(basis) = &self.bases[k] {
                    self.lp.set_basis(basis)?;
                }
            }
        }
        Ok(())
    }

    /// Makes a node under `parent` with `fixings`, solves its LP and classifies it.
    fn make_node(
        &mut self,
        parent: Option<usize>,
        label: String,
        fixings: Vec<(usize, f64)>,
    ) -> Result<usize, LabError> {
        let id = self.nodes.len();
        let depth = parent.map_or(0, |p| self.nodes[p].depth + 1);
        self.nodes.push(LabNode {
            id,
            parent,
            depth,
            label,
            fixings,
            propagated: Vec::new(),
            propagation_ran: false,
            status: NodeStatus::Open,
            objective: f64::NAN,
            values: Vec::new(),
            fractional: Vec::new(),
            row_duals: Vec::new(),
            reduced_costs: Vec::new(),
            order: None,
            children: Vec::new(),
        });
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        self.stats.nodes = self.nodes.len();
        if self.propagation && !self.propagate_at(id) {
            self.nodes[id].status = NodeStatus::InfeasibleByPropagation;
            return Ok(id);
        }
        let point = self.solve_at(id)?;
        self.set_point(id, point)?;
        if self.nodes[id].status != NodeStatus::Open {
            self.release(id);
        }
        Ok(id)
    }

    /// Runs candidate propagation at node `id` (the engines' own unit propagation with the
    /// puzzle's propagators and its implied sums of at most 5 open cells, as the propagation
    /// engine's search uses them, [`crate::candidates::State`]) on its candidate grid: the
    /// givens, a candidate without a column or fixed at 0 removed, one fixed at 1 placed. Every
    /// candidate it eliminates becomes x = 0 and every cell it forces x = 1 in the node's
    /// `propagated` fixings (each removal holds in every solution under the node, so the
    /// node's integer points are the same). False when it derives a contradiction: no grid
    /// lies under the node.
    fn propagate_at(&mut self, id: usize) -> bool {
        use crate::candidates::{Shape, State};
        let shape = &*self.shape.get_or_insert_with(|| {
            let primitives = self
                .puzzle
                .primitives_with_implied(crate::candidates::SEARCH_IMPLIED_CELLS);
            Shape::with_primitives(&self.puzzle, &primitives)
        });
        let bounds = {
            let mut bounds = self.base.clone();
            let mut k = Some(id);
            let mut path = Vec::new();
            while let Some(p) = k {
                path.push(p);
                k = self.nodes[p].parent;
            }
            for &p in path.iter().rev() {
                let node = &self.nodes[p];
                for &(col, v) in node.fixings.iter().chain(&node.propagated) {
                    bounds[col] = (v, v);
                }
            }
            bounds
        };
        let mut state = State::from_givens(shape, self.puzzle.givens());
        for (cell, columns) in self.column_of.iter().enumerate() {
            for (v, col) in columns.iter().enumerate() {
                let bit = 1u64 << v;
                match col.map(|c| bounds[c]) {
                    Some((lower, _)) if lower > 0.5 => state.assign(cell, bit),
                    Some((_, upper)) if upper > 0.5 => {}
                    _ => state.remove(cell, bit),
                }
            }
        }
        self.nodes[id].propagation_ran = true;
        if state.propagate().is_err() {
            return false;
        }
        let mut propagated = Vec::new();
        for (cell, columns) in self.column_of.iter().enumerate() {
            let mask = state.cand(cell);
            for (v, col) in columns.iter().enumerate() {
                let Some(c) = *col else { continue };
                let want = if mask & (1u64 << v) == 0 {
                    0.0
                } else if mask.count_ones() == 1 {
                    1.0
                } else {
                    continue;
                };
                if bounds[c] != (want, want) {
                    propagated.push((c, want));
                }
            }
        }
        self.nodes[id].propagated = propagated;
        true
    }

    /// Runs propagation at open node `id` made before [`Lab::propagation`] was on (the root,
    /// or a node made by hand) and re-solves its LP when it fixed a column; nothing when it
    /// ran there already.
    pub fn propagate_open(&mut self, id: usize) -> Result<(), LabError> {
        if self.nodes[id].propagation_ran || self.nodes[id].status != NodeStatus::Open {
            return Ok(());
        }
        if !self.propagate_at(id) {
            self.nodes[id].status = NodeStatus::InfeasibleByPropagation;
            self.release(id);
            return Ok(());
        }
        if !self.nodes[id].propagated.is_empty() {
            let point = self.solve_at(id)?;
            self.set_point(id, point)?;
            if self.nodes[id].status != NodeStatus::Open {
                self.release(id);
            }
        }
        Ok(())
    }

    /// Forgets node `id`'s basis once it is closed and its children are made: only an open
    /// node is solved again (from its own basis) or made children of (from its basis), so a
    /// long search keeps one basis per open node, not one per node.
    fn release(&mut self, id: usize) {
        if let Some(basis) = self.bases.get_mut(id) {
            *basis = None;
        }
    }

    /// Records an LP point at node `id` and classifies the node.
    fn set_point(&mut self, id: usize, point: LpPoint) -> Result<(), LabError> {
        let node = &mut self.nodes[id];
        match point.state {
            LpState::Infeasible => node.status = NodeStatus::Infeasible,
            LpState::Stopped => {
                // A stopped LP (natively only HiGHS's time limit) leaves the search incomplete.
                node.status = NodeStatus::Stopped;
                self.hit_limit = true;
            }
            LpState::Optimal => {
                node.fractional = fractional_columns(&point.columns);
                node.objective = point.objective;
                node.values = point.columns;
                node.row_duals = point.row_duals;
                node.reduced_costs = point.reduced_costs;
                if node.fractional.is_empty() {
                    node.status = NodeStatus::Integral;
                    let values = node.values.clone();
                    self.found(id, &values)?;
                } else {
                    let objective = node.objective;
                    self.nodes[id].status = if self.cannot_improve(objective) {
                        NodeStatus::PrunedByBound
                    } else {
                        NodeStatus::Open
                    };
                }
            }
        }
        Ok(())
    }

    /// True when a node with LP value `bound` cannot beat the incumbent (whole weights: the
    /// best grid under it is ⌊bound⌋ for max, ⌈bound⌉ for min).
    pub fn cannot_improve(&self, bound: f64) -> bool {
        let Some(best) = &self.incumbent else {
            return false;
        };
        match self.sense {
            None => true,
            Some(ObjectiveSense::Max) => (bound + TOLERANCE).floor() <= best.value + TOLERANCE,
            Some(ObjectiveSense::Min) => (bound - TOLERANCE).ceil() >= best.value - TOLERANCE,
        }
    }

    /// An integral point at node `id`: decoded, checked, and kept when it beats the
    /// incumbent; open nodes that cannot beat it are pruned.
    fn found(&mut self, id: usize, values: &[f64]) -> Result<(), LabError> {
        let grid = self.decode(values);
        check(&self.puzzle, &grid).map_err(|e| LabError::CheckFailed {
            node: id,
            reason: e.to_string(),
        })?;
        let value = self
            .puzzle
            .objective()
            .map_or(0.0, |o| o.value(&grid.values) as f64);
        let better = match (&self.incumbent, self.sense) {
            (None, _) => true,
            (Some(best), Some(sense)) => sense.better(value, best.value, TOLERANCE),
            (Some(_), None) => false,
        };
        if better {
            self.incumbent = Some(Incumbent {
                node: id,
                value,
                grid,
            });
            for k in 0..self.nodes.len() {
                if self.nodes[k].status == NodeStatus::Open
                    && self.cannot_improve(self.nodes[k].objective)
                {
                    self.nodes[k].status = NodeStatus::PrunedByBound;
                    self.release(k);
                }
            }
        }
        Ok(())
    }

    /// The grid of an integral point: in each cell the value whose column is 1.
    pub fn decode(&self, values: &[f64]) -> Grid {
        let cells = self
            .column_of
            .iter()
            .map(|by_value| {
                by_value
                    .iter()
                    .position(|c| c.is_some_and(|c| values.get(c).is_some_and(|&x| x > 0.5)))
                    .map_or(0, |v| v as u8 + 1)
            })
            .collect();
        Grid {
            n: self.n,
            values: cells,
        }
    }

    fn expand(&mut self, id: usize, status: NodeStatus) {
        self.nodes[id].status = status;
        self.nodes[id].order = Some(self.expansions);
        self.expansions += 1;
    }

    /// The cell's name `r1c1` … for labels.
    pub fn cell_name(&self, cell: usize) -> String {
        self.cell_ref(cell).to_string()
    }

    /// The cell's name as a value (`r1c1` when shown).
    pub fn cell_ref(&self, cell: usize) -> CellName {
        CellName::of(cell, self.n)
    }

    /// Branches node `id` on candidate (cell, value): children x = 1 then x = 0.
    pub fn branch_candidate(
        &mut self,
        id: usize,
        cell: usize,
        value: u8,
    ) -> Result<Vec<usize>, LabError> {
        self.open_node(id, "branched")?;
        let col = self.column(cell, value)?;
        let bounds = self.bounds_at(id);
        if bounds[col].0 == bounds[col].1 {
            return Err(LabError::AlreadyFixed {
                cell: self.cell_ref(cell),
                value,
                node: id,
            });
        }
        self.expand(id, NodeStatus::Branched);
        let name = self.cell_name(cell);
        let fixings = self.fix_one(col, &bounds);
        let one = self.make_node(Some(id), format!("{name}={value}"), fixings)?;
        let zero = self.make_node(Some(id), format!("{name}≠{value}"), vec![(col, 0.0)])?;
        self.release(id);
        Ok(vec![one, zero])
    }

    /// Branches node `id` on column `col`: a candidate x_{cell,v} as [`Lab::branch_candidate`]
    /// does, any other binary column (a cage's digit-set y_D) into children y = 1 then y = 0,
    /// labelled with its name.
    pub fn branch_column(&mut self, id: usize, col: usize) -> Result<Vec<usize>, LabError> {
        if let Some((cell, value)) = self.candidate.get(col).copied().flatten() {
            return self.branch_candidate(id, cell, value);
        }
        self.open_node(id, "branched")?;
        let bounds = self
            .bounds_at(id)
            .get(col)
            .copied()
            .ok_or(LabError::NoColumn(col))?;
        let name = self.column_name(col);
        if bounds.0 == bounds.1 {
            return Err(LabError::ColumnFixed { name, node: id });
        }
        let all = self.bounds_at(id);
        self.expand(id, NodeStatus::Branched);
        let fixings = self.fix_one(col, &all);
        let one = self.make_node(Some(id), format!("{name}=1"), fixings)?;
        let zero = self.make_node(Some(id), format!("{name}=0"), vec![(col, 0.0)])?;
        Ok(vec![one, zero])
    }

    /// Branches node `id` on a cell: one child per digit still open in it (x_{cell,v} = 1).
    pub fn branch_cell(&mut self, id: usize, cell: usize) -> Result<Vec<usize>, LabError> {
        self.open_node(id, "branched")?;
        let bounds = self.bounds_at(id);
        let open: Vec<(u8, usize)> = (1..=self.n as u8)
            .filter_map(|v| self.column_of[cell][usize::from(v) - 1].map(|c| (v, c)))
            .filter(|&(_, c)| bounds[c].1 > 0.5)
            .collect();
        if open.len() < 2 {
            return Err(LabError::FewDigits {
                cell: self.cell_ref(cell),
                open: open.len(),
                node: id,
            });
        }
        self.expand(id, NodeStatus::Branched);
        let name = self.cell_name(cell);
        let mut children = Vec::new();
        for (v, col) in open {
            let fixings = self.fix_one(col, &bounds);
            children.push(self.make_node(Some(id), format!("{name}={v}"), fixings)?);
        }
        self.release(id);
        Ok(children)
    }

    /// The fixings of x_col = 1 at a node with column bounds `bounds`: x_col = 1, and x_j = 0
    /// for every other column j of a model row `Σ x = 1` (all coefficients 1) holding col —
    /// the same cell's other digits, the same digit in its houses, whatever rule made the row.
    /// The LP is the same (those rows and x ≥ 0 force the zeros), but the dual simplex starts
    /// from the zeros instead of pivoting to them, and a tableau row read below has fewer
    /// nonbasic columns, so a Gomory cut there has fewer terms.
    fn fix_one(&self, col: usize, bounds: &[(f64, f64)]) -> Vec<(usize, f64)> {
        let mut fixings = vec![(col, 1.0)];
        let partition = |row: &LabRow| {
            row.cut.is_none()
                && row.lower == 1.0
                && row.upper == 1.0
                && row
                    .terms
                    .iter()
                    .all(|&(j, a)| a == 1.0 && self.base[j].0 >= 0.0)
                && row.terms.iter().any(|&(j, _)| j == col)
        };
        for row in self.rows.iter().filter(|r| partition(r)) {
            for &(j, _) in &row.terms {
                if j != col && bounds[j] != (0.0, 0.0) && !fixings.contains(&(j, 0.0)) {
                    fixings.push((j, 0.0));
                }
            }
        }
        fixings
    }

    /// The column of candidate (cell, value).
    pub fn column(&self, cell: usize, value: u8) -> Result<usize, LabError> {
        self.column_of
            .get(cell)
            .and_then(|c| c.get(usize::from(value).wrapping_sub(1)))
            .copied()
            .flatten()
            .ok_or(LabError::NoCandidate {
                cell: self.cell_ref(cell),
                value,
            })
    }

    /// The next open node by `rule`, or `None` when none is left.
    pub fn next(&self, rule: NodeRule) -> Option<usize> {
        let open = self.nodes.iter().filter(|n| n.status == NodeStatus::Open);
        match rule {
            NodeRule::DepthFirst => open
                .map(|n| n.id)
                .max_by_key(|&id| (self.nodes[id].depth, std::cmp::Reverse(id))),
            NodeRule::BestBound => open
                .min_by(|a, b| self.rank(a.objective).total_cmp(&self.rank(b.objective)))
                .map(|n| n.id),
        }
    }

    /// Smaller is better.
    fn rank(&self, objective: f64) -> f64 {
        match self.sense {
            Some(ObjectiveSense::Max) => -objective,
            _ => objective,
        }
    }

    /// What lp-bb's two rules would branch on at node `id`.
    pub fn suggest(&self, id: usize) -> Result<Suggestion, LabError> {
        let node = self.node(id)?;
        let bounds = self.bounds_at(id);
        let open_count = |cell: usize| {
            self.column_of[cell]
                .iter()
                .flatten()
                .filter(|&&c| bounds[c].1 > 0.5 && bounds[c].0 < 0.5)
                .count()
        };
        // The cell rule looks at the cells of fractional x_{c,v} only (a cage's digit-set
        // binary y_D has no cell); the textbook rule at every fractional column, y_D included.
        let cell = node
            .fractional
            .iter()
            .filter_map(|&c| self.candidate[c].map(|(cell, _)| cell))
            .filter(|&cell| open_count(cell) > 1)
            .min_by_key(|&cell| (open_count(cell), cell));
        let variable = node.fractional.iter().copied().min_by(|&a, &b| {
            let d = |c: usize| (node.values[c] - 0.5).abs();
            d(a).total_cmp(&d(b)).then(a.cmp(&b))
        });
        Ok(Suggestion { cell, variable })
    }

    /// Lets HiGHS solve node `id`'s subtree as a MILP (its bounds and cuts) within
    /// `time_limit` seconds and the time left before [`Lab::deadline`]; an optimal grid
    /// becomes a candidate incumbent. When HiGHS stops at the limit the node stays open.
    pub fn finish(&mut self, id: usize, time_limit: f64) -> Result<Finish, LabError> {
        self.open_node(id, "finished")?;
        self.solve_at(id)?;
        let seconds = self
            .time_left()
            .map_or(time_limit, |left| left.min(time_limit));
        let mip = self.lp.solve_mip(seconds)?;
        self.solved = None;
        self.stats.mip_nodes += mip.nodes.max(0);
        let end = match mip.state {
            LpState::Stopped => {
                self.hit_limit = true;
                AutoEnd::TimeLimit
            }
            LpState::Optimal | LpState::Infeasible => {
                self.expand(id, NodeStatus::Finished);
                self.release(id);
                AutoEnd::Done
            }
        };
        if mip.state == LpState::Optimal {
            self.found(id, &mip.columns)?;
        }
        Ok(Finish {
            mip_nodes: mip.nodes,
            end,
        })
    }

    /// Marks an open node pruned by hand: "pruned by bound" when its LP value cannot beat
    /// the incumbent (a proof), else "pruned by hand" (no proof: its LP value stays in
    /// [`Lab::bound`], and [`Lab::unproven_prunes`] names it).
    pub fn prune(&mut self, id: usize) -> Result<(), LabError> {
        self.open_node(id, "pruned")?;
        let objective = self.nodes[id].objective;
        self.nodes[id].status = if self.cannot_improve(objective) {
            NodeStatus::PrunedByBound
        } else {
            NodeStatus::PrunedByHand
        };
        self.release(id);
        Ok(())
    }

    /// Derives a cut of `kind` at node `id`, adds it (valid in `id`'s subtree) and re-solves
    /// the node; `None` when the separator finds no violated cut.
    pub fn cut(&mut self, id: usize, kind: CutKind) -> Result<Option<CutReport>, LabError> {
        let node = self.open_node(id, "cut")?.clone();
        if self.solved != Some(id) {
            let point = self.solve_at(id)?;
            if point.state != LpState::Optimal {
                return Err(LabError::NoOptimalPoint(id));
            }
        }
        let bounds = self.bounds_at(id);
        let found = match kind {
            CutKind::Gomory => cuts::gomory::separate(
                &mut self.lp,
                &node.values,
                &bounds,
                &self.rows,
                &self.row_bounds,
            )?,
            CutKind::Clique => cuts::clique::separate(self, &node.values, &bounds),
            CutKind::NoGood => cuts::nogood::separate(self, &node.values),
            // The student writes it: no separator finds one ([`Lab::student_cut`]).
            CutKind::Student => None,
        };
        let Some(mut cut) = found else {
            return Ok(None);
        };
        cut.scope = id;
        cut.violation = cut.violation_at(&node.values);
        self.add_cut(id, cut, &node).map(Some)
    }

    /// Adds `cut` (its scope and violation set) at node `id`, whose state before was `before`,
    /// as the next row of the LP, and re-solves the node.
    fn add_cut(
        &mut self,
        id: usize,
        mut cut: Cut,
        before: &LabNode,
    ) -> Result<CutReport, LabError> {
        let index = self.cuts.len();
        let row = self.lp.add_row(cut.lower, cut.upper, &cut.terms)?;
        self.rows.push(LabRow {
            lower: cut.lower,
            upper: cut.upper,
            terms: cut.terms.clone(),
            integral: cut.integral,
            cut: Some(index),
        });
        self.row_bounds.push((cut.lower, cut.upper));
        debug_assert_eq!(row + 1, self.rows.len());
        cut.name = format!("{}_{}", cut.kind.name(), index + 1);
        self.cuts.push(cut);
        self.stats.cuts = self.cuts.len();
        let point = self.solve_at(id)?;
        self.set_point(id, point)?;
        let after = &self.nodes[id];
        Ok(CutReport {
            cut: index,
            bound_before: before.objective,
            bound_after: after.objective,
            fractional_before: before.fractional.len(),
            fractional_after: after.fractional.len(),
            status_after: after.status,
        })
    }

    /// The column's name in the model (`x_r1_c1_v5`, `y_cage3_d2`).
    pub fn column_name(&self, col: usize) -> String {
        self.names.get(col).cloned().unwrap_or_default()
    }

    /// The best LP value over the open nodes, the nodes pruned by hand and the incumbent: no
    /// grid beats it.
    pub fn bound(&self) -> Option<f64> {
        let open = self
            .nodes
            .iter()
            .filter(|n| matches!(n.status, NodeStatus::Open | NodeStatus::PrunedByHand))
            .map(|n| n.objective);
        let all = open.chain(self.incumbent.as_ref().map(|i| i.value));
        all.min_by(|a, b| self.rank(*a).total_cmp(&self.rank(*b)))
    }
}

impl<L: LabLp> Lab<L> {
    /// Nodes pruned by hand whose LP value could still beat the incumbent (every one when
    /// there is none): the optimum, or the only grid, may lie below them.
    pub fn unproven_prunes(&self) -> Vec<usize> {
        self.nodes
            .iter()
            .filter(|n| n.status == NodeStatus::PrunedByHand && !self.cannot_improve(n.objective))
            .map(|n| n.id)
            .collect()
    }

    /// True when the search proved its answer: no open node, none stopped, no unproven
    /// prune; the incumbent is then optimal (or no grid exists).
    pub fn proven(&self) -> bool {
        self.nodes
            .iter()
            .all(|n| !matches!(n.status, NodeStatus::Open | NodeStatus::Stopped))
            && self.unproven_prunes().is_empty()
    }
}

/// Columns whose value is more than [`TOLERANCE`] from an integer.
pub fn fractional_columns(values: &[f64]) -> Vec<usize> {
    values
        .iter()
        .enumerate()
        .filter(|(_, x)| (*x - x.round()).abs() > TOLERANCE)
        .map(|(j, _)| j)
        .collect()
}

/// A lab on HiGHS in-process.
#[cfg(feature = "highs")]
pub type NativeLab = Lab<crate::solve::lab_lp::NativeLp>;

/// Builds the binary model of `puzzle` and a lab on HiGHS in-process whose whole session
/// (its LP solves and `finish` runs, HiGHS's clock) and [`Lab::deadline`] end within
/// `limits`, counted from now.
#[cfg(feature = "highs")]
pub fn native(puzzle: &Puzzle, limits: &crate::limits::Limits) -> Result<NativeLab, LabError> {
    let deadline = limits.deadline();
    let model = lab_model(puzzle);
    let options = crate::solve::SolveOptions::default();
    let lp_error = |e: crate::solve::SolveError| LabError::Lp(e.into());
    let mut lp = crate::solve::lab_lp::NativeLp::new(&model, &options).map_err(lp_error)?;
    let left = deadline.map_or(limits.time_limit, |d| {
        d.saturating_duration_since(Instant::now()).as_secs_f64()
    });
    lp.set_time_limit(left).map_err(lp_error)?;
    let mut lab = Lab::with_deadline(puzzle, &model, lp, deadline)?;
    lab.exact = Some(crate::solve::lab_lp::mip_backend());
    Ok(lab)
}

#[cfg(feature = "highs")]
impl NativeLab {
    /// Gives the next step (or script) `limits` from now: [`Lab::deadline`] and HiGHS's
    /// clock, and clears [`Lab::hit_limit`].
    pub fn start_step(&mut self, limits: &crate::limits::Limits) -> Result<(), LabError> {
        self.deadline = limits.deadline();
        self.hit_limit = false;
        self.lp
            .set_time_limit(limits.time_limit)
            .map_err(|e| LabError::Lp(e.into()))
    }
}

/// Every column's bounds and every row as `lower ≤ Σ a_j x_j ≤ upper` (good_lp keeps a row as
/// `expression (sense) 0` with the constant inside the expression).
pub fn model_rows(model: &BuiltModel) -> (Vec<(f64, f64)>, Vec<LabRow>) {
    use good_lp::IntoAffineExpression;
    let mut column_of = std::collections::HashMap::new();
    let mut base = Vec::with_capacity(model.variables.len());
    for (j, (var, def)) in model.variables.iter_variables_with_def().enumerate() {
        column_of.insert(var, j);
        base.push((def.get_min(), def.get_max()));
    }
    let rows = model
        .rows
        .iter()
        .map(|row| {
            let expression = row.constraint.expression();
            let mut terms: Vec<(usize, f64)> = expression
                .linear_coefficients()
                .filter(|&(_, a)| a != 0.0)
                .filter_map(|(var, a)| column_of.get(&var).map(|&j| (j, a)))
                .collect();
            terms.sort_by_key(|&(j, _)| j);
            // good_lp writes every inequality as `expression ≤ 0`; an equality as `= 0`.
            let rhs = -expression.constant();
            let (lower, upper) = match row.sense {
                crate::formulation::Sense::Eq => (rhs, rhs),
                _ => (f64::NEG_INFINITY, rhs),
            };
            LabRow {
                lower,
                upper,
                integral: terms.iter().all(|&(_, a)| a.fract() == 0.0) && rhs.fract() == 0.0,
                terms,
                cut: None,
            }
        })
        .collect();
    (base, rows)
}
