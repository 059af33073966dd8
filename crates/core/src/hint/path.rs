//! The path from a puzzle to its solution: the cheapest step each time, applied, until the grid
//! is full; each elimination with its LP certificate when asked.
//!
//! Order at each step: the catalogue ([`super::catalogue_step`]); then, with the LP, a
//! candidate the LP removes that no technique found ("LP elimination", with its rows); then the
//! forcing chains; and when even they find nothing, a guess: the solution's digit in a cell of
//! fewest candidates, the solution found by search beforehand (named "guess (verified by
//! search)" — the path says where the catalogue stopped, never jumps silently).
//!
//! The whole path keeps one time limit ([`PathOptions::limits`]): the search for the solution
//! ([`unique_solution`]) and every step after it. A limit reached is [`HintError::TimeLimit`],
//! never "no solution", which only a search that finished may say.

use super::catalogue::{deep_step, Context, DeepEnd};
use super::certificate::{CertificateFailure, Certifier, Proof};
use super::grid::{values, Candidates};
use super::memo::Memo;
use super::rules::rule_checks;
use super::step::Step;
use super::technique::Technique;
use super::{catalogue_step, forcing_step};
use crate::clock::Instant;
use crate::engine::propagate::Propagate;
use crate::engine::{CountEnd, Engine, EngineError, Limits};
use crate::puzzle::Puzzle;
use std::time::Duration;

/// What to compute along the path.
#[derive(Debug, Clone, Copy)]
pub struct PathOptions {
    /// A certificate (or the LP maximum) for every elimination.
    pub certificates: bool,
    /// Use "LP elimination" steps before the forcing chains.
    pub lp_steps: bool,
    /// Stop after this many steps (1 for a hint).
    pub max_steps: usize,
    /// Use the uniqueness techniques (they assume one solution; Sukaku Explainer's default).
    pub uniqueness: bool,
    /// The time limit of the whole path, the search for the solution included.
    pub limits: Limits,
}

impl Default for PathOptions {
    fn default() -> Self {
        PathOptions {
            certificates: true,
            lp_steps: true,
            max_steps: usize::MAX,
            uniqueness: true,
            limits: Limits::default(),
        }
    }
}

/// One step with the proofs of its eliminations (same order; empty without certificates).
#[derive(Debug, Clone)]
pub struct PathStep {
    pub step: Step,
    pub proofs: Vec<Proof>,
    /// The candidate grid before the step (for pictures).
    pub before: Candidates,
}

/// A path: its steps and the puzzle's solution (row-major).
#[derive(Debug, Clone)]
pub struct Path {
    pub steps: Vec<PathStep>,
    pub solution: Vec<u8>,
    /// Whether the grid was completed (false when `max_steps` stopped it).
    pub complete: bool,
    /// LP solves used for the certificates and LP steps.
    pub lp_solves: usize,
}

impl Path {
    /// The first of the hardest steps: (difficulty, technique).
    pub fn hardest(&self) -> Option<(f64, Technique)> {
        self.steps
            .iter()
            .map(|s| (s.step.difficulty, s.step.technique))
            .fold(None, |best: Option<(f64, Technique)>, s| match best {
                Some(b) if b.0 >= s.0 => Some(b),
                _ => Some(s),
            })
    }
}

/// Why there is no path.
#[derive(Debug, thiserror::Error)]
pub enum HintError {
    /// Proven by a search that finished: no grid completes the puzzle.
    #[error("the puzzle has no solution (see `explain`)")]
    NoSolution,
    #[error("the puzzle has several solutions (see `count`)")]
    Several,
    /// The time limit stopped the path (or the search for its solution) before it ended:
    /// nothing is known about the puzzle from it.
    #[error("the time limit was reached before {0}")]
    TimeLimit(&'static str),
    #[error("search: {0}")]
    Search(String),
    #[error(transparent)]
    Certificate(CertificateFailure),
    #[error("internal: step '{0}' contradicts the solution")]
    Wrong(String),
}

impl From<CertificateFailure> for HintError {
    /// A certificate's time limit is the path's ([`HintError::TimeLimit`]).
    fn from(e: CertificateFailure) -> HintError {
        match e {
            CertificateFailure::TimeLimit => HintError::TimeLimit("the LP level was decided"),
            e => HintError::Certificate(e),
        }
    }
}

/// The puzzle's unique solution, from the first engine that decides it within `limits`:
/// propagation search (a twentieth of the limit, at most [`PROPAGATE_BUDGET`]: it is the
/// fastest on classic grids, and hopeless on some variants), then CaDiCaL (a quarter of the
/// limit), then HiGHS (the rest), each counting up to 2 solutions (the builds without HiGHS or
/// CaDiCaL skip them). An engine stopped by its share of the limit proves nothing and the next
/// one runs; when every one is stopped the answer is [`HintError::TimeLimit`].
pub fn unique_solution(puzzle: &Puzzle, limits: &Limits) -> Result<Vec<u8>, HintError> {
    let start = Instant::now();
    let engines = counting_engines();
    let last = engines.len() - 1;
    for (k, (engine, share, most)) in engines.into_iter().enumerate() {
        let left = limits.after(start.elapsed());
        if k > 0 && start.elapsed().as_secs_f64() >= limits.time_limit {
            break;
        }
        let budget = if k == last {
            left
        } else {
            left.at_most((limits.time_limit * share).min(most))
        };
        let count = match engine.count(puzzle, 2, &budget) {
            Ok(count) => count,
            // An engine that cannot count this puzzle leaves it to the next.
            Err(EngineError::Unsupported { .. }) if k < last => continue,
            Err(e) => return Err(HintError::Search(e.to_string())),
        };
        match (count.end, count.solutions.len()) {
            (CountEnd::LimitReached, _) | (_, 2..) => return Err(HintError::Several),
            (CountEnd::TimeLimit, _) => continue,
            (CountEnd::Complete, 0) => return Err(HintError::NoSolution),
            (CountEnd::Complete, _) => {
                let grid = &count.solutions[0];
                return Ok(puzzle.cells().map(|c| grid.get(c)).collect());
            }
        }
    }
    Err(HintError::TimeLimit(
        "the solution was found and proven unique",
    ))
}

/// The most seconds the propagation search gets in [`unique_solution`] before CaDiCaL runs
/// (a hard classic 9×9 needs milliseconds).
pub const PROPAGATE_BUDGET: f64 = 0.25;

/// The engines [`unique_solution`] tries in turn, each with its share of the time limit and
/// the most seconds it gets (the last one gets what is left).
fn counting_engines() -> Vec<(Box<dyn Engine>, f64, f64)> {
    #[allow(unused_mut)]
    let mut engines: Vec<(Box<dyn Engine>, f64, f64)> =
        vec![(Box::new(Propagate::default()), 0.05, PROPAGATE_BUDGET)];
    #[cfg(feature = "sat")]
    engines.push((Box::new(crate::engine::sat::Sat), 0.25, f64::INFINITY));
    #[cfg(feature = "highs")]
    engines.push((
        Box::new(crate::engine::milp::Milp::new(
            crate::formulation::binary::Binary::default(),
        )),
        1.0,
        f64::INFINITY,
    ));
    engines
}

/// Whether the path's `deadline` has passed.
fn late(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// The dynamic and nested forcing chains searched after the path's first guess: the two
/// cheap ones (past a guess the rating is a lower bound already; the rest of the path only
/// needs to finish).
const LEVELS_AFTER_GUESS: usize = 2;

/// The guess: the solution's digit in an open cell of fewest candidates; its difficulty is
/// the least Sukaku Explainer's step could have here (`end`'s bound).
fn guess(g: &Candidates, solution: &[u8], end: DeepEnd) -> Step {
    let c = g
        .open_cells()
        .min_by_key(|&c| g.cand[c].count_ones())
        .unwrap_or(0);
    let why = match end {
        DeepEnd::NoneApplies => "no technique of the catalogue applies".to_string(),
        DeepEnd::Late(t) => format!(
            "no technique of the catalogue below {} applies and its search reached its budget",
            t.name()
        ),
    };
    let mut s = Step::new(
        Technique::Guess,
        format!(
            "{why} (so this step is at least {:.1} on Sukaku Explainer's scale): {} takes {} from the solution found by search",
            end.bound(),
            g.cell(c),
            solution[c]
        ),
    );
    s.difficulty = end.bound();
    s.placements.push((c, solution[c]));
    s.cells.push(c);
    s
}

/// An LP elimination: the open candidates with LP maximum 0 ([`Certifier::zero_on_lp`]).
fn lp_step(cert: &mut Certifier, g: &Candidates) -> Result<Option<Step>, CertificateFailure> {
    cert.sync(g)?;
    let mut open: Vec<(usize, u8)> = Vec::new();
    for c in g.open_cells() {
        open.extend(values(g.cand[c]).map(|v| (c, v)));
    }
    let removable = cert.zero_on_lp(&open)?;
    if removable.is_empty() {
        return Ok(None);
    }
    let mut s = Step::new(
        Technique::LpElimination,
        format!(
            "the LP relaxation is 0 on {} candidate(s) that no technique above removes",
            removable.len()
        ),
    );
    s.cells = removable.iter().map(|&(c, _)| c).collect();
    s.eliminations = removable;
    Ok(Some(s))
}

/// The path of `puzzle` (its givens are the current state), LPs on HiGHS in-process.
#[cfg(feature = "highs")]
pub fn solve_path(puzzle: &Puzzle, options: PathOptions) -> Result<Path, HintError> {
    let deadline = options.limits.deadline();
    solve_path_on(
        puzzle,
        options,
        crate::solve::lab_lp::hint_backend_until(deadline),
    )
}

/// The path of `puzzle` (its givens are the current state), every LP on `backend`. An LP
/// that fails once the deadline has passed was stopped by it (a backend may stop its solves
/// there): the answer is then [`HintError::TimeLimit`].
pub fn solve_path_on(
    puzzle: &Puzzle,
    options: PathOptions,
    backend: crate::lp_interface::LpBackend,
) -> Result<Path, HintError> {
    let start = Instant::now();
    let deadline = start.checked_add(Duration::from_secs_f64(
        options.limits.time_limit.clamp(0.0, 1e9),
    ));
    match path_until(puzzle, options, backend, deadline) {
        Err(HintError::Certificate(_)) if late(deadline) => {
            Err(HintError::TimeLimit("the path was complete"))
        }
        path => path,
    }
}

/// [`solve_path_on`] until `deadline`.
fn path_until(
    puzzle: &Puzzle,
    options: PathOptions,
    backend: crate::lp_interface::LpBackend,
    deadline: Option<Instant>,
) -> Result<Path, HintError> {
    let solution = unique_solution(puzzle, &options.limits)?;
    let stopped = || HintError::TimeLimit("the path was complete");
    let rules = rule_checks(puzzle);
    let memo = Memo::new();
    let context = Context {
        rules: &rules,
        uniqueness: options.uniqueness,
        memo: &memo,
    };
    let mut g = Candidates::new(puzzle);
    // The LP is built when first needed: at once for certificates, else at the first step
    // the catalogue does not find (most paths never need it).
    let mut cert = if options.certificates {
        Some(Certifier::with_backend(puzzle, backend.clone())?)
    } else {
        None
    };
    let mut steps = Vec::new();
    while !g.solved() && steps.len() < options.max_steps {
        if late(deadline) {
            return Err(stopped());
        }
        let mut step = catalogue_step(&g, &context);
        if step.is_none() && options.lp_steps {
            if cert.is_none() {
                cert = Some(Certifier::with_backend(puzzle, backend.clone())?);
            }
            if let Some(cert) = cert.as_mut() {
                step = lp_step(cert, &g)?;
            }
        }
        let step = match step.or_else(|| forcing_step(&g)) {
            Some(s) => s,
            None => {
                let guessed = steps
                    .iter()
                    .any(|s: &PathStep| s.step.technique == Technique::Guess);
                let levels = if guessed {
                    LEVELS_AFTER_GUESS
                } else {
                    usize::MAX
                };
                match deep_step(&g, levels, deadline) {
                    Ok(s) => s,
                    Err(_) if late(deadline) => return Err(stopped()),
                    Err(end) => guess(&g, &solution, end),
                }
            }
        };
        if step.placements.iter().any(|&(c, v)| solution[c] != v)
            || step.eliminations.iter().any(|&(c, v)| solution[c] == v)
            || !step.changes(&g)
        {
            return Err(HintError::Wrong(step.text));
        }
        let mut proofs = Vec::new();
        if options.certificates {
            if let Some(cert) = cert.as_mut() {
                cert.sync(&g)?;
                for &(c, v) in &step.eliminations {
                    if late(deadline) {
                        return Err(stopped());
                    }
                    proofs.push(cert.prove(&g, &step, c, v)?);
                }
            }
        }
        let before = g.clone();
        step.apply(&mut g);
        steps.push(PathStep {
            step,
            proofs,
            before,
        });
    }
    Ok(Path {
        complete: g.solved(),
        steps,
        solution,
        lp_solves: cert.as_ref().map_or(0, |c| c.solves()),
    })
}
