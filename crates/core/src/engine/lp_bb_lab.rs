//! `lp-bb` as the textbook branch and bound, and branch and cut: the lab's automatic loop
//! ([`crate::lab::auto`]) on the binary model's LP kept warm. It runs when the puzzle has an
//! objective (today's lp-bb stops at the first grid, which need not be optimal), with
//! `--branch variable` (x = 1 / x = 0 on the most fractional column, prune by bound) and with
//! `--cuts` (cut rounds at the root before branching). The next node is the best bound with
//! an objective, depth first without one.

use super::{checked, EngineError, Limits, Solution, Stats, Status};
use crate::clock::Instant;
use crate::lab::auto::{self, AutoEnd, AutoOptions, Branching, CutPolicy};
use crate::lab::{lab_model, Lab, LabError, NodeStatus};
use crate::puzzle::Puzzle;
use crate::solve::lab_lp::NativeLp;
use crate::solve::{ms, SolveError, SolveOptions};

fn lab_error(e: LabError) -> EngineError {
    EngineError::Solver(SolveError::Pass(e.to_string()))
}

/// Solves `puzzle` with the lab's loop.
pub fn solve(
    puzzle: &Puzzle,
    options: &SolveOptions,
    branching: Branching,
    cuts: CutPolicy,
    limits: &Limits,
) -> Result<Solution, EngineError> {
    run(puzzle, options, branching, cuts, limits).map(|(solution, _)| solution)
}

/// Solves `puzzle` with the lab's loop; also returns the lab, whose nodes are the search tree
/// (`--tree`).
pub fn run(
    puzzle: &Puzzle,
    options: &SolveOptions,
    branching: Branching,
    cuts: CutPolicy,
    limits: &Limits,
) -> Result<(Solution, Lab<NativeLp>), EngineError> {
    let start = Instant::now();
    let model = lab_model(puzzle);
    let deadline = limits.deadline();
    let mut lp = NativeLp::new(&model, options)?;
    lp.set_time_limit(limits.time_limit)?;
    let mut lab = Lab::with_deadline(puzzle, &model, lp, deadline).map_err(lab_error)?;
    let settings = AutoOptions {
        cuts,
        ..AutoOptions::for_lab(&lab, branching)
    };
    let end = auto::run(&mut lab, &settings).map_err(lab_error)?;
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
    let count = |s: NodeStatus| lab.nodes.iter().filter(|n| n.status == s).count() as u64;
    // The counters of lp-bb's report (named through `Stats`, so that this file does not import
    // `lp_bb`, which calls it).
    let mut stats = Stats::LpBb(Default::default());
    if let Stats::LpBb(st) = &mut stats {
        st.nodes = lab.nodes.len() as u64;
        st.lp_solves = lab.stats.lp_solves;
        st.lp_iterations = lab.stats.lp_iterations;
        st.lp_ms = lab.stats.lp_ms;
        st.lp_pruned = count(NodeStatus::Infeasible);
        st.propagation_pruned = count(NodeStatus::InfeasibleByPropagation);
        st.max_depth = lab.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        st.cuts = lab.cuts.len() as u64;
        st.bound = puzzle.objective().and(lab.bound());
    }
    let solution = Solution {
        engine: "lp-bb".into(),
        status,
        grid,
        time_ms: ms(start.elapsed()),
        stats,
    };
    Ok((solution, lab))
}
