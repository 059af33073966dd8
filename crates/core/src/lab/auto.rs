//! The lab's steps run as an automatic loop: textbook branch and bound (branch x = 1 / x = 0
//! on the most fractional column, or on the cell lp-bb picks), prune by bound and by
//! infeasibility, with optional rounds of cuts at the root (branch and cut). The engine
//! `lp-bb --branch variable` and `--cuts` run this loop.
//!
//! The loop turns [`Lab::propagation`] on: at every node it makes, the candidate propagation
//! of the engines runs on the node's candidate grid before its LP is solved, every candidate
//! it eliminates is fixed at 0 and every forced one at 1, and a contradiction closes the node
//! as infeasible without an LP (generated 9×9 killer seed 11 was open after 1,805 nodes of
//! the textbook rule without it). Hand steps leave it off.
//!
//! The next node is the best bound with an objective and depth first without one
//! ([`NodeRule::for_sense`]): with objective 0 every LP value ties, and best bound would open
//! the tree level by level (190,186 nodes before the first grid of a 9×9 with 3 givens). The
//! open nodes are bounded: while [`AutoOptions::max_open`] or more are open, the loop takes
//! the deepest (depth first), which opens at most one level's children at a time; so the open
//! list stays below `max_open` plus one level's children per level of depth.

use super::cuts::CutKind;
use super::lp::LabLp;
use super::{Lab, LabError, NodeRule, NodeStatus};
use crate::clock::Instant;
use crate::named::{impl_named_text, Named};

/// How to branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Branching {
    /// x = 1 / x = 0 on the most fractional column (the textbook rule).
    Variable,
    /// One child per open digit of the cell lp-bb picks (fewest open candidates).
    #[default]
    Cell,
}

impl Named for Branching {
    const WHAT: &'static str = "branching";
    fn all() -> &'static [Branching] {
        &[Branching::Cell, Branching::Variable]
    }
    fn name(self) -> &'static str {
        match self {
            Branching::Cell => "cell",
            Branching::Variable => "variable",
        }
    }
    fn about(self) -> &'static str {
        match self {
            Branching::Cell => "One child per open digit of the cell with the fewest candidates",
            Branching::Variable => {
                "x = 1 / x = 0 on the most fractional column (the textbook rule)"
            }
        }
    }
}
impl_named_text!(Branching);

/// Which cuts the loop adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CutPolicy {
    #[default]
    None,
    Gomory,
    Clique,
    All,
}

impl Named for CutPolicy {
    const WHAT: &'static str = "cut policy";
    fn all() -> &'static [CutPolicy] {
        &[
            CutPolicy::None,
            CutPolicy::Gomory,
            CutPolicy::Clique,
            CutPolicy::All,
        ]
    }
    fn name(self) -> &'static str {
        match self {
            CutPolicy::None => "none",
            CutPolicy::Gomory => "gomory",
            CutPolicy::Clique => "clique",
            CutPolicy::All => "all",
        }
    }
    fn about(self) -> &'static str {
        match self {
            CutPolicy::None => "No cuts: branch and bound alone",
            CutPolicy::Gomory => "Gomory mixed-integer cuts from the optimal tableau at the root",
            CutPolicy::Clique => "Clique cuts from the conflict graph at the root",
            CutPolicy::All => "Gomory and clique cuts at the root",
        }
    }
}
impl_named_text!(CutPolicy);

impl CutPolicy {
    pub fn kinds(self) -> &'static [CutKind] {
        match self {
            CutPolicy::None => &[],
            CutPolicy::Gomory => &[CutKind::Gomory],
            CutPolicy::Clique => &[CutKind::Clique],
            CutPolicy::All => &[CutKind::Gomory, CutKind::Clique],
        }
    }
}

/// The loop's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AutoOptions {
    pub branching: Branching,
    pub rule: NodeRule,
    pub cuts: CutPolicy,
    /// Cut rounds at the root (each adds at most one cut of each kind).
    pub cut_rounds: usize,
    /// A node is cut only while a round moves its bound by more than this.
    pub min_gain: f64,
    /// When the loop stops (besides the lab's own deadline).
    pub deadline: Option<Instant>,
    /// From this many open nodes on, the next node is the deepest (depth first).
    pub max_open: usize,
}

/// [`AutoOptions::max_open`] by default: a few thousand LP points (each a column vector)
/// stay well inside the memory table even at 16×16.
pub const MAX_OPEN: usize = 2000;

impl AutoOptions {
    /// The defaults with `branching`, and the node rule for the lab's objective
    /// ([`NodeRule::for_sense`]).
    pub fn for_lab<L: LabLp>(lab: &Lab<L>, branching: Branching) -> AutoOptions {
        AutoOptions {
            branching,
            rule: NodeRule::for_sense(lab.sense),
            ..AutoOptions::default()
        }
    }
}

impl Default for AutoOptions {
    fn default() -> Self {
        AutoOptions {
            branching: Branching::Variable,
            rule: NodeRule::BestBound,
            cuts: CutPolicy::None,
            cut_rounds: 20,
            min_gain: 1e-6,
            deadline: None,
            max_open: MAX_OPEN,
        }
    }
}

/// How the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoEnd {
    /// Every node closed: the incumbent is optimal (or none exists).
    Done,
    TimeLimit,
}

/// Runs cut rounds at the root, then branches until no open node is left, the options'
/// deadline or the lab's ([`Lab::deadline`]) passes.
pub fn run<L: LabLp>(lab: &mut Lab<L>, options: &AutoOptions) -> Result<AutoEnd, LabError> {
    let by_hand = (lab.propagation, lab.defer_lp);
    lab.propagation = true;
    lab.defer_lp = options.rule == NodeRule::DepthFirst;
    let end = search(lab, options);
    (lab.propagation, lab.defer_lp) = by_hand;
    end
}

/// [`run`] with [`Lab::propagation`] on: a node made before (the root, a node made by hand)
/// is propagated when the loop picks it.
fn search<L: LabLp>(lab: &mut Lab<L>, options: &AutoOptions) -> Result<AutoEnd, LabError> {
    let out_of_time =
        |lab: &Lab<L>| lab.out_of_time() || options.deadline.is_some_and(|d| Instant::now() >= d);
    lab.propagate_open(0)?;
    cut_rounds(lab, 0, options)?;
    loop {
        if out_of_time(lab) {
            lab.hit_limit = true;
            return Ok(AutoEnd::TimeLimit);
        }
        let rule = if lab.open_count() >= options.max_open {
            NodeRule::DepthFirst
        } else {
            options.rule
        };
        let Some(id) = lab.next(rule) else {
            break;
        };
        lab.propagate_open(id)?;
        lab.evaluate(id)?;
        if lab.nodes[id].status != super::NodeStatus::Open {
            continue;
        }
        let suggestion = lab.suggest(id)?;
        match (options.branching, suggestion.cell, suggestion.variable) {
            (Branching::Cell, Some(cell), _) => lab.branch_cell(id, cell)?,
            (_, _, Some(col)) => lab.branch_column(id, col)?,
            _ => return Err(LabError::NothingToBranch(id)),
        };
    }
    if lab.nodes.iter().any(|n| n.status == NodeStatus::Stopped) {
        lab.hit_limit = true;
        return Ok(AutoEnd::TimeLimit);
    }
    Ok(AutoEnd::Done)
}

/// Adds cuts at node `id` while they move its bound.
fn cut_rounds<L: LabLp>(
    lab: &mut Lab<L>,
    id: usize,
    options: &AutoOptions,
) -> Result<(), LabError> {
    for _ in 0..options.cut_rounds {
        if lab.out_of_time() {
            return Ok(());
        }
        let mut moved = false;
        for &kind in options.cuts.kinds() {
            if lab.nodes[id].status != NodeStatus::Open {
                return Ok(());
            }
            if let Some(report) = lab.cut(id, kind)? {
                let gain = (report.bound_after - report.bound_before).abs();
                moved |=
                    gain > options.min_gain || report.fractional_after != report.fractional_before;
            }
        }
        if !moved {
            break;
        }
    }
    Ok(())
}
