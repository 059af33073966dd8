//! The tree's records: a node and its status, the incumbent, the node rules, lp-bb's suggestion,
//! the session's counters and a row as the lab keeps it.

use super::auto::AutoEnd;
use super::TOLERANCE;
use crate::named::{impl_named_text, Named};
use crate::objective::ObjectiveSense;
use crate::puzzle::Grid;

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
    /// True once its LP was solved. A child made while [`Lab::defer_lp`] is on waits for its
    /// LP until it is picked; until then `objective` is its parent's LP value, a valid bound
    /// (a child's LP is its parent's with more fixings).
    pub lp_solved: bool,
    /// Simplex iterations of its LP solves.
    pub iterations: i64,
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

/// Columns whose value is more than [`TOLERANCE`] from an integer.
pub fn fractional_columns(values: &[f64]) -> Vec<usize> {
    values
        .iter()
        .enumerate()
        .filter(|(_, x)| (*x - x.round()).abs() > TOLERANCE)
        .map(|(j, _)| j)
        .collect()
}
