//! The lab's steps run as an automatic loop: textbook branch and bound (branch x = 1 / x = 0
//! on the most fractional column, or on the cell lp-bb picks), prune by bound and by
//! infeasibility, with optional rounds of cuts at the root (branch and cut). The engine
//! `lp-bb --branch variable` and `--cuts` run this loop.

use super::cuts::CutKind;
use super::lp::LabLp;
use super::{Lab, LabError, NodeRule, NodeStatus};
use crate::clock::Instant;

/// How to branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Branching {
    /// x = 1 / x = 0 on the most fractional column (the textbook rule).
    Variable,
    /// One child per open digit of the cell lp-bb picks (fewest open candidates).
    #[default]
    Cell,
}

/// Which cuts the loop adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CutPolicy {
    #[default]
    None,
    Gomory,
    Clique,
    All,
}

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
    pub deadline: Option<Instant>,
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

/// Runs cut rounds at the root, then branches until no open node is left.
pub fn run<L: LabLp>(lab: &mut Lab<L>, options: &AutoOptions) -> Result<AutoEnd, LabError> {
    cut_rounds(lab, 0, options)?;
    while let Some(id) = lab.next(options.rule) {
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(AutoEnd::TimeLimit);
        }
        if lab.nodes[id].status != NodeStatus::Open {
            continue;
        }
        let suggestion = lab.suggest(id)?;
        match (options.branching, suggestion.cell, suggestion.variable) {
            (Branching::Cell, Some(cell), _) => lab.branch_cell(id, cell)?,
            (_, _, Some(col)) => lab.branch_column(id, col)?,
            _ => {
                return Err(LabError::Step(format!(
                    "node {id} is open but has no fractional column"
                )))
            }
        };
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
