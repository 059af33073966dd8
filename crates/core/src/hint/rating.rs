//! The rating of a puzzle: one function ([`rate_on`], [`rate`]) for `rate`, `batch --rate`,
//! `steps`, Python and the page.
//!
//! The difficulty is on Sukaku Explainer's scale: the hardest step of the path that uses the
//! catalogue, the forcing chains and, past them, a guess — never an LP step, which is no
//! technique of Sukaku Explainer. What the LP relaxation proves is reported beside it, as the
//! LP level ([`super::level`]) when asked for, so skipping the LP level never changes the
//! difficulty.

use super::level::{lp_level_until, LpLevel};
use super::path::{solve_path_on, HintError, Path, PathOptions};
use super::technique::Technique;
use crate::clock::Instant;
use crate::limits::Limits;
use crate::lp_interface::LpBackend;
use crate::puzzle::Puzzle;

/// What a rating computes beside the difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateOptions {
    /// Compute the LP level too (`rate` without `--no-lp`).
    pub lp: bool,
    /// Use the uniqueness techniques (`rate` without `--no-uniqueness`).
    pub uniqueness: bool,
}

impl Default for RateOptions {
    /// Sukaku Explainer's: uniqueness techniques on; the LP level too.
    fn default() -> RateOptions {
        RateOptions {
            lp: true,
            uniqueness: true,
        }
    }
}

/// A puzzle's rating.
#[derive(Debug, Clone)]
pub struct Rating {
    /// The hardest step's difficulty (0 for a complete grid).
    pub difficulty: f64,
    /// The first of the hardest steps' technique (`None` for a complete grid).
    pub hardest: Option<Technique>,
    /// Whether the path had to guess (the catalogue and the forcing chains stopped): the
    /// difficulty is then a lower bound ("≥"), the hardest of the steps up to the first guess,
    /// whose own difficulty is the least Sukaku Explainer's step could have there.
    pub guessed: bool,
    /// The LP level, when asked for.
    pub level: Option<LpLevel>,
    /// The puzzle's solution (row-major).
    pub solution: Vec<u8>,
}

impl Rating {
    /// The rating of a path without LP steps.
    fn of(path: &Path, level: Option<LpLevel>) -> Rating {
        // Past the first guess the grid holds a digit no technique found: the steps there
        // prove nothing about Sukaku Explainer's rating.
        let upto = path
            .steps
            .iter()
            .position(|s| s.step.technique == Technique::Guess)
            .map_or(path.steps.len(), |k| k + 1);
        let hardest = path.steps[..upto]
            .iter()
            .map(|s| (s.step.difficulty, s.step.technique))
            .fold(None, |best: Option<(f64, Technique)>, s| match best {
                Some(b) if b.0 >= s.0 => Some(b),
                _ => Some(s),
            });
        let (difficulty, hardest) = match hardest {
            Some((d, t)) => (d, Some(t)),
            None => (0.0, None),
        };
        Rating {
            difficulty,
            hardest,
            guessed: path
                .steps
                .iter()
                .any(|s| s.step.technique == Technique::Guess),
            level,
            solution: path.solution.clone(),
        }
    }
}

/// The path a rating reads: no certificates, no LP steps.
fn rating_path_options(options: RateOptions, limits: &Limits) -> PathOptions {
    PathOptions {
        certificates: false,
        lp_steps: false,
        max_steps: usize::MAX,
        uniqueness: options.uniqueness,
        limits: *limits,
    }
}

/// Rates `puzzle` with every LP on `backend` (at LP level 2, lp-bb's search runs on it too). `known` is a complete path of the same puzzle already
/// computed (by `steps`) with the same use of uniqueness: it is reused when it has no LP step.
/// The whole rating keeps within `limits` ([`HintError::TimeLimit`] past them, never "no
/// solution").
pub fn rate_on(
    puzzle: &Puzzle,
    options: RateOptions,
    backend: LpBackend,
    known: Option<&Path>,
    limits: &Limits,
) -> Result<Rating, HintError> {
    let start = Instant::now();
    let reusable = known.filter(|p| {
        p.complete
            && p.steps
                .iter()
                .all(|s| s.step.technique != Technique::LpElimination)
    });
    let own;
    let path = match reusable {
        Some(p) => p,
        None => {
            own = solve_path_on(
                puzzle,
                rating_path_options(options, limits),
                backend.clone(),
            )?;
            &own
        }
    };
    let level = match options.lp {
        true => Some(lp_level_until(
            puzzle,
            &path.solution,
            backend,
            limits.after(start.elapsed()).deadline(),
        )?),
        false => None,
    };
    Ok(Rating::of(path, level))
}

/// [`rate_on`] on HiGHS in-process (every LP solve stopped at the limit).
#[cfg(feature = "highs")]
pub fn rate(
    puzzle: &Puzzle,
    options: RateOptions,
    known: Option<&Path>,
    limits: &Limits,
) -> Result<Rating, HintError> {
    let backend = crate::solve::lab_lp::hint_backend_until(limits.deadline());
    rate_on(puzzle, options, backend, known, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::catalogue::{deep_step, DeepEnd};
    use crate::hint::path::PathStep;
    use crate::hint::{Candidates, Step};
    use crate::input::parse_line;

    /// The rating of a path that guessed is the hardest step up to the first guess, the guess
    /// counting the least Sukaku Explainer's step could be there; steps after it do not count.
    #[test]
    fn a_guess_makes_the_rating_a_lower_bound_from_the_steps_before_it() {
        let g = Candidates::new(&parse_line(&".".repeat(81), None).unwrap());
        assert_eq!(
            deep_step(&g, 0, None).err(),
            Some(DeepEnd::Late(Technique::DynamicForcingChain))
        );
        let step = |t: Technique, d: f64| {
            let mut s = Step::new(t, String::new());
            s.difficulty = d;
            PathStep {
                step: s,
                proofs: Vec::new(),
                before: g.clone(),
            }
        };
        let bound = DeepEnd::Late(Technique::NestedForcingChain).bound();
        let path = Path {
            steps: vec![
                step(Technique::XChain, 6.6),
                step(Technique::Guess, bound),
                step(Technique::DynamicForcingChainPlus, 9.9),
            ],
            solution: Vec::new(),
            complete: true,
            lp_solves: 0,
        };
        let r = Rating::of(&path, None);
        assert!(r.guessed);
        assert_eq!((r.difficulty, r.hardest), (9.5, Some(Technique::Guess)));
        assert_eq!(DeepEnd::NoneApplies.bound(), 10.5);
    }
}
