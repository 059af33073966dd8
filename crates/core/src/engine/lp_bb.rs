//! `lp-bb`: LP-based branch and bound on the binary model, run by the lab's automatic loop
//! ([`crate::lab::auto`]): one node type, one tree and one node numbering, shared with `lab`,
//! its pictures, Python and the page.
//!
//! One LP relaxation stays warm for the whole search (a node changes column bounds and starts
//! from its own or its parent's basis). The root is the LP of the model as given; then, at
//! every node the loop picks:
//! 1. candidate propagation runs on the node's candidate grid: an eliminated candidate is
//!    fixed at x = 0, a forced one at x = 1, a contradiction closes the node without an LP;
//! 2. the node's LP is solved (without an objective, depth first, a child's LP waits until the
//!    loop picks it: the search stops at the first grid and never pays for the siblings it
//!    does not visit); an infeasible LP closes it, an integral point is a grid (checked);
//! 3. otherwise it branches: on the cell with the fewest open candidates among the
//!    fractional columns, one child per digit in decreasing LP value (`--branch cell`, the
//!    default), or x = 1 / x = 0 on the most fractional column (`--branch variable`);
//! 4. a node whose LP bound cannot beat the grid found is pruned by bound.
//!
//! The next node is the best bound with an objective and depth first without one; `--cuts`
//! adds rounds of cuts at the root (branch and cut).

#[cfg(feature = "highs")]
use super::{checked, Engine, EngineError, Limits, Solution, Stats, Status};
#[cfg(feature = "highs")]
use crate::clock::Instant;
use crate::formulation::BuiltModel;
use crate::lab::auto::{self, AutoEnd, AutoOptions, Branching, CutPolicy};
#[cfg(feature = "highs")]
use crate::lab::lab_model;
use crate::lab::lp::LabLp;
use crate::lab::{Lab, LabError, NodeStatus};
use crate::puzzle::Puzzle;
#[cfg(feature = "highs")]
use crate::solve::lab_lp::NativeLp;
#[cfg(feature = "highs")]
use crate::solve::{ms, SolveError, SolveOptions};

/// What the LP-based branch and bound did. Serialised with the names of the JSON report.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct LpBbStats {
    /// Nodes of the search tree, the root included: every node made, those closed by
    /// propagation and those whose LP was never needed (pruned by bound) among them.
    pub nodes: u64,
    /// LP solves (the root's and every warm re-solve).
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

impl LpBbStats {
    /// The counters of a lab's search.
    pub fn of<L: LabLp>(lab: &Lab<L>) -> LpBbStats {
        let count = |s: NodeStatus| lab.nodes.iter().filter(|n| n.status == s).count() as u64;
        LpBbStats {
            nodes: lab.nodes.len() as u64,
            lp_solves: lab.stats.lp_solves,
            lp_iterations: lab.stats.lp_iterations,
            lp_ms: lab.stats.lp_ms,
            lp_pruned: count(NodeStatus::Infeasible),
            propagation_pruned: count(NodeStatus::InfeasibleByPropagation),
            max_depth: lab.nodes.iter().map(|n| n.depth).max().unwrap_or(0),
            cuts: lab.cuts.len() as u64,
            bound: lab.puzzle.objective().and(lab.bound()),
        }
    }
}

/// Runs lp-bb's search on `puzzle` over `lp` (the LP of `model`, [`crate::lab::lab_model`] of the puzzle,
/// on any backend) until it ends or `deadline` passes: the lab made, then its automatic loop
/// with `branching` and `cuts`. The lab holds the tree.
pub fn search<L: LabLp>(
    puzzle: &Puzzle,
    model: &BuiltModel,
    lp: L,
    deadline: Option<crate::clock::Instant>,
    branching: Branching,
    cuts: CutPolicy,
) -> Result<(AutoEnd, Lab<L>), LabError> {
    let mut lab = Lab::with_deadline(puzzle, model, lp, deadline)?;
    let settings = AutoOptions {
        cuts,
        ..AutoOptions::for_lab(&lab, branching)
    };
    let end = auto::run(&mut lab, &settings)?;
    Ok((end, lab))
}

/// The LP-based branch and bound engine; the LPs run with `options` (threads, log).
#[cfg(feature = "highs")]
#[derive(Debug, Clone, Default)]
pub struct LpBb {
    pub options: SolveOptions,
    /// How to branch: on a cell (one child per open digit, the default) or on a fractional
    /// variable (x = 1 / x = 0, the textbook rule).
    pub branch: Branching,
    /// Cut rounds at the root.
    pub cuts: CutPolicy,
}

#[cfg(feature = "highs")]
impl Engine for LpBb {
    fn label(&self) -> String {
        "lp-bb".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        self.run(puzzle, limits).map(|(solution, _)| solution)
    }
}

#[cfg(feature = "highs")]
impl LpBb {
    /// Solves `puzzle`; also returns the lab, whose nodes are the search tree (`--tree`).
    pub fn run(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
    ) -> Result<(Solution, crate::lab::NativeLab), EngineError> {
        let start = Instant::now();
        refuse_missing_rows(puzzle)?;
        let model = lab_model(puzzle);
        let lab_error = |e: LabError| EngineError::Solver(SolveError::Pass(e.to_string()));
        let mut lp = NativeLp::new(&model, &self.options)?;
        lp.set_time_limit(limits.time_limit)?;
        let deadline = limits.deadline();
        let (end, lab) =
            search(puzzle, &model, lp, deadline, self.branch, self.cuts).map_err(lab_error)?;
        let grid = match &lab.incumbent {
            Some(i) => Some(checked("lp-bb", puzzle, i.grid.clone())?),
            None => None,
        };
        let status = match (&grid, end) {
            (_, AutoEnd::TimeLimit) if puzzle.objective().is_some() || grid.is_none() => {
                Status::TimeLimit
            }
            (Some(_), _) => Status::Solved,
            (None, _) => Status::Infeasible,
        };
        let solution = Solution {
            engine: self.label(),
            status,
            grid,
            time_ms: ms(start.elapsed()),
            stats: Stats::LpBb(LpBbStats::of(&lab)),
        };
        Ok((solution, lab))
    }
}

/// The LP must carry every variant primitive (rows named after its tag), or an integral LP
/// point could break a rule; until the binary model has a primitive's rows, lp-bb refuses.
/// The full binary model is read (the lab's drops the rows the givens settle, so a rule may
/// have none left there).
#[cfg(feature = "highs")]
fn refuse_missing_rows(puzzle: &Puzzle) -> Result<(), EngineError> {
    if puzzle.primitives().is_empty() {
        return Ok(());
    }
    let model = crate::formulation::Formulation::build(
        &crate::formulation::binary::Binary::default(),
        puzzle,
    );
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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_line;

    #[test]
    fn solves_a_hard_grid_and_keeps_every_node_in_the_lab() {
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let p = parse_line(hard, None).unwrap();
        let (s, lab) = LpBb::default().run(&p, &Limits::default()).unwrap();
        assert_eq!(s.status, Status::Solved);
        crate::check::check(&p, s.grid.as_ref().unwrap()).unwrap();
        let Stats::LpBb(stats) = s.stats else {
            unreachable!()
        };
        assert_eq!(lab.nodes.len() as u64, stats.nodes);
        assert!(stats.lp_solves >= 1);
        assert_eq!(lab.nodes[0].label, "root");
        let integral = lab
            .nodes
            .iter()
            .filter(|n| n.status == NodeStatus::Integral);
        assert_eq!(integral.count(), 1);
        // Without an objective the loop is depth first: nothing is left open.
        assert!(lab.nodes.iter().all(|n| n.status != NodeStatus::Open));
    }

    #[test]
    fn infeasible_grid_is_proven() {
        let p = super::super::infeasible_4x4();
        let s = LpBb::default().solve(&p, &Limits::default()).unwrap();
        assert_eq!((s.status, s.grid), (Status::Infeasible, None));
    }
}
