//! Exercises for the driven branch and bound: a generated puzzle whose tree under `lp-bb`'s
//! textbook rule (x = 1 / x = 0 on the most fractional column, [`crate::engine::lp_bb`])
//! has a chosen number of nodes, so that a class has something to branch by hand (the 4×4
//! puzzles tried were all integral at the root). Seeds `seed`, `seed + 1`, … are tried in turn,
//! all within one time limit (`options.limits`, of the whole search): past it the answer is
//! [`GenerateError::TimeLimit`], never a node count cut short.

use super::{generate, GenerateError, GenerateOptions, Generated};
use crate::clock::Instant;
use crate::engine::lp_bb::LpBb;
use crate::engine::{Engine, Limits, Stats, Status};
use crate::lab::auto::{Branching, CutPolicy};
use std::ops::RangeInclusive;

/// The first puzzle from seeds `options.seed ..` whose textbook tree has a node count in
/// `nodes`, with the seed that made it and the count; `None` after `tries` seeds.
pub fn exercise(
    options: &GenerateOptions,
    objective: Option<crate::objective::Objective>,
    nodes: RangeInclusive<u64>,
    tries: usize,
) -> Result<Option<(Generated, u64, u64)>, GenerateError> {
    let start = Instant::now();
    let left = || {
        let left = options.limits.after(start.elapsed());
        match start.elapsed().as_secs_f64() >= options.limits.time_limit {
            true => Err(GenerateError::TimeLimit),
            false => Ok(left),
        }
    };
    for k in 0..tries as u64 {
        let seed = options.seed.wrapping_add(k);
        let generated = generate(&GenerateOptions {
            seed,
            limits: left()?,
            ..options.clone()
        });
        let mut generated = match generated {
            // The whole search's limit ran out while HiGHS completed this seed's grid.
            Err(GenerateError::NotCompleted(Status::TimeLimit)) => {
                return Err(GenerateError::TimeLimit)
            }
            other => other?,
        };
        // A generator whose solves met the limit may have kept givens it would have removed.
        let limits = left()?;
        generated.puzzle = generated.puzzle.with_objective(objective.clone());
        let count = tree_nodes(&generated, &limits)?;
        if nodes.contains(&count) {
            return Ok(Some((generated, seed, count)));
        }
    }
    Ok(None)
}

/// The node count of the textbook branch and bound on the generated puzzle
/// ([`GenerateError::TimeLimit`] when `limits` stop it).
pub fn tree_nodes(generated: &Generated, limits: &Limits) -> Result<u64, GenerateError> {
    let engine = LpBb {
        branch: Branching::Variable,
        cuts: CutPolicy::None,
        ..LpBb::default()
    };
    let solution = engine.solve(&generated.puzzle, limits)?;
    if solution.status == Status::TimeLimit {
        return Err(GenerateError::TimeLimit);
    }
    match solution.stats {
        Stats::LpBb(s) => Ok(s.nodes),
        _ => Ok(0),
    }
}
