//! The path from a puzzle to its solution: the cheapest step each time, applied, until the grid
//! is full; each elimination with its LP certificate when asked.
//!
//! Order at each step: the catalogue ([`super::catalogue_step`]); then, with the LP, a
//! candidate the LP removes that no technique found ("LP elimination", with its rows); then the
//! forcing chains; and when even they find nothing, a guess: the solution's digit in a cell of
//! fewest candidates, the solution found by search beforehand (named "guess (verified by
//! search)" — the path says where the catalogue stopped, never jumps silently).

use super::catalogue::Context;
use super::certificate::{CertificateFailure, Certifier, Proof};
use super::grid::{values, Candidates};
use super::rules::rule_checks;
use super::step::Step;
use super::technique::Technique;
use super::{catalogue_step, forcing_step};
use crate::engine::propagate::Propagate;
use crate::engine::{Engine, Limits};
use crate::puzzle::Puzzle;

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
}

impl Default for PathOptions {
    fn default() -> Self {
        PathOptions {
            certificates: true,
            lp_steps: true,
            max_steps: usize::MAX,
            uniqueness: true,
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
    #[error("the puzzle has no solution (see `explain`)")]
    NoSolution,
    #[error("the puzzle has several solutions (see `count`)")]
    Several,
    #[error("search: {0}")]
    Search(String),
    #[error(transparent)]
    Certificate(#[from] CertificateFailure),
    #[error("internal: step '{0}' contradicts the solution")]
    Wrong(String),
}

/// The puzzle's unique solution, by propagation search.
pub fn unique_solution(puzzle: &Puzzle) -> Result<Vec<u8>, HintError> {
    let count = Propagate::default()
        .count(puzzle, 2, &Limits::default())
        .map_err(|e| HintError::Search(e.to_string()))?;
    match count.solutions.len() {
        0 => Err(HintError::NoSolution),
        1 => {
            let grid = &count.solutions[0];
            Ok(puzzle.cells().map(|c| grid.get(c)).collect())
        }
        _ => Err(HintError::Several),
    }
}

/// The guess: the solution's digit in an open cell of fewest candidates.
fn guess(g: &Candidates, solution: &[u8]) -> Step {
    let c = g
        .open_cells()
        .min_by_key(|&c| g.cand[c].count_ones())
        .unwrap_or(0);
    let mut s = Step::new(
        Technique::Guess,
        format!(
            "no technique of the catalogue applies: {} takes {} from the solution found by search",
            g.cell(c),
            solution[c]
        ),
    );
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
    solve_path_on(puzzle, options, crate::solve::lab_lp::hint_backend())
}

/// The path of `puzzle` (its givens are the current state), every LP on `backend`.
pub fn solve_path_on(
    puzzle: &Puzzle,
    options: PathOptions,
    backend: crate::lp_interface::LpBackend,
) -> Result<Path, HintError> {
    let solution = unique_solution(puzzle)?;
    let rules = rule_checks(puzzle);
    let context = Context {
        rules: &rules,
        uniqueness: options.uniqueness,
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
        let mut step = catalogue_step(&g, &context);
        if step.is_none() && options.lp_steps {
            if cert.is_none() {
                cert = Some(Certifier::with_backend(puzzle, backend.clone())?);
            }
            if let Some(cert) = cert.as_mut() {
                step = lp_step(cert, &g)?;
            }
        }
        let step = step
            .or_else(|| forcing_step(&g))
            .unwrap_or_else(|| guess(&g, &solution));
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
