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
//!
//! Files by job: this one holds the session (its state, the root, the clock); `node.rs` the
//! records (node, status, rules, counters); `evaluate.rs` a node's LP and classification;
//! `propagation.rs` candidate propagation at a node; `branching.rs`, `selection.rs` (the next
//! node, lp-bb's suggestion), `commands.rs` (finish, prune, cut), `bound.rs` (what is proven);
//! `rows.rs` the model's rows; `auto.rs` the automatic loop; `script.rs` the steps as text.

pub mod auto;
mod bound;
mod branching;
mod commands;
pub mod cuts;
pub mod error;
mod evaluate;
pub mod predict;
/// The LP interface the lab runs on (a leaf module, so that `solve` can implement it).
pub use crate::lp_interface as lp;
mod node;
mod propagation;
pub mod range;
pub mod record;
mod rows;
pub use rows::model_rows;
pub mod script;
mod selection;

use crate::clock::Instant;
use crate::formulation::binary::Binary;
use crate::formulation::{BuiltModel, CellEncoding, Formulation};
use crate::objective::ObjectiveSense;
use crate::puzzle::Puzzle;
use cuts::Cut;
pub use error::{CellName, LabError};
use lp::LabLp;
pub use node::{
    fractional_columns, Finish, Incumbent, LabNode, LabRow, LabStats, NodeRule, NodeStatus,
    Suggestion,
};

/// Values this close to an integer are integral.
pub const TOLERANCE: f64 = 1e-6;

/// A driven branch and bound over one LP.
pub struct Lab<L: LabLp> {
    lp: L,
    pub puzzle: Puzzle,
    pub n: usize,
    /// `None`: no objective (min 0).
    pub sense: Option<ObjectiveSense>,
    /// `column_of[cell][v − 1]`.
    pub column_of: Vec<Vec<Option<usize>>>,
    /// (cell, value) of each column x_{cell,value}; `None` for a column that is no cell's digit
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
    /// Each column's name in the model (`y_cage3_d2` for a cage's digit-set binary).
    names: Vec<String>,
    /// When true, every node made runs candidate propagation ([`crate::candidates`])
    /// on its candidate grid before its LP is solved ([`Lab::propagate_at`]). The automatic
    /// loop turns it on; hand steps leave it off, so a student's nodes are the LP alone.
    pub propagation: bool,
    /// When true, a child is made with its parent's LP value as its bound and its own LP is
    /// solved only when the search picks it ([`Lab::evaluate`]): the automatic loop's depth-first
    /// search, which stops at the first grid, never pays for the siblings it does not visit.
    /// Hand steps leave it off.
    pub defer_lp: bool,
    /// The propagators' structure of the puzzle, built on first use.
    shape: Option<crate::candidates::Shape>,
    /// Gives the backend that makes a fresh LP of the lab's model ([`lab_model`]) for the
    /// exact checks of a student's cut (a MILP beside the lab's LP, which keeps its basis);
    /// `None`: no such check on this backend. A plain function, so a finished lab stays `Send`.
    pub exact: Option<fn() -> lp::LpBackend>,
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
        let (base, rows) = rows::model_rows(model);
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
            defer_lp: false,
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
    lab.exact = Some(crate::solve::lab_lp::mip_backend);
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
