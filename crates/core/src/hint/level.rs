//! The LP level of a puzzle, a polyhedral rating.
//!
//! - level 0: the LP polytope (after the givens) is one point: the LP maximum of the sum of
//!   every candidate not in the solution is 0 (Provan's and Harris's test);
//! - level 1: LP probing to a fixpoint reaches that point: a candidate fixed to 1 that makes
//!   the LP infeasible is removed, and again, until nothing changes;
//! - level 2: neither; `lp_bb_nodes` then says how many nodes `lp-bb` needs (its own search,
//!   the lab's loop, run on the same LP backend: natively and in the page alike).
//!
//! A probe that stays feasible gives an LP point; every candidate at 1 there would pass its
//! own probe too, so until the next removal it is not probed (the point is its witness).
//!
//! The work keeps a deadline, read between two LP solves: past it the answer is
//! [`CertificateFailure::TimeLimit`], never a level.
//!
//! Beside it, whether HiGHS's root LP point (the model as `solve` builds it, no objective) is
//! integral as it comes, which is what a student sees first. Probing only fixes candidates
//! outside the solution: a candidate of the solution never makes the LP infeasible, so skipping
//! them changes nothing.

use super::certificate::{CertificateFailure, Certifier};
use super::grid::{values, Candidates};
use crate::clock::Instant;
use crate::engine::lp_bb::search;
use crate::formulation::binary::Binary;
use crate::formulation::Formulation;
use crate::lab::auto::{AutoEnd, Branching, CutPolicy};
use crate::lab::{lab_model, LabError};
#[cfg(feature = "highs")]
use crate::limits::Limits;
use crate::lp_interface::LpBackend;
use crate::puzzle::Puzzle;
use crate::solve::root_relaxation_on;
use serde::Serialize;

/// The LP level and the root point's integrality.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LpLevel {
    pub level: u8,
    /// Probing passes used for level 1.
    pub probing_passes: usize,
    /// Whether HiGHS's root LP point is integral.
    pub root_integral: bool,
    /// lp-bb's nodes, at level 2.
    pub lp_bb_nodes: Option<u64>,
}

impl LpLevel {
    /// Level 0 or 1 (no branch and bound).
    fn reached(level: u8, probing_passes: usize, root_integral: bool) -> LpLevel {
        LpLevel {
            level,
            probing_passes,
            root_integral,
            lp_bb_nodes: None,
        }
    }
}

/// Probing by propagation: removes from `g` and `rest`, to a fixpoint, every candidate whose
/// singles break the grid ([`super::forcing::breaks`]: its probe LP would be infeasible, so it
/// goes without a solve). The probing fixpoint is unique (an infeasible probe stays infeasible
/// as candidates go), so removing these first changes no level, only the number of LP solves.
/// Returns the passes made ([`CertificateFailure::TimeLimit`] once `deadline` has passed).
fn propagation_probing(
    g: &mut Candidates,
    rest: &mut Vec<(usize, u8)>,
    deadline: Option<Instant>,
) -> Result<usize, CertificateFailure> {
    let mut passes = 0;
    loop {
        passes += 1;
        let before = rest.len();
        for &(c, v) in rest.iter() {
            in_time(deadline)?;
            if super::forcing::breaks(g, c, v) {
                g.eliminate(c, v);
            }
        }
        rest.retain(|&(c, v)| g.has(c, v));
        if rest.len() == before {
            return Ok(passes);
        }
    }
}

fn outside(g: &Candidates, solution: &[u8], cert: &Certifier) -> Vec<(usize, u8)> {
    let _ = cert;
    g.open_cells()
        .flat_map(|c| {
            values(g.cand[c])
                .filter(move |&v| solution[c] != v)
                .map(move |v| (c, v))
        })
        .collect()
}

/// The LP level of `puzzle` with its known `solution`, on HiGHS in-process, within `limits`.
#[cfg(feature = "highs")]
pub fn lp_level(
    puzzle: &Puzzle,
    solution: &[u8],
    limits: &Limits,
) -> Result<LpLevel, CertificateFailure> {
    let deadline = limits.deadline();
    lp_level_until(
        puzzle,
        solution,
        crate::solve::lab_lp::hint_backend_until(deadline),
        deadline,
    )
}

/// lp-bb's node count on `puzzle` (what level 2 reports): lp-bb's own search ([`search`],
/// its default rules) on an LP of `backend`; [`CertificateFailure::TimeLimit`] when `deadline`
/// stops it (a count cut short is no count).
pub fn lp_bb_nodes(
    puzzle: &Puzzle,
    backend: &LpBackend,
    deadline: Option<Instant>,
) -> Result<u64, CertificateFailure> {
    let model = lab_model(puzzle);
    let lp = backend(&model)?;
    let no_count = |e: LabError| match e {
        LabError::Lp(e) => CertificateFailure::Lp(e),
        e => CertificateFailure::Model(e.to_string()),
    };
    let (end, lab) = search(
        puzzle,
        &model,
        lp,
        deadline,
        Branching::default(),
        CutPolicy::default(),
    )
    .map_err(no_count)?;
    match end {
        AutoEnd::Done => Ok(lab.nodes.len() as u64),
        AutoEnd::TimeLimit => Err(CertificateFailure::TimeLimit),
    }
}

/// The LP level of `puzzle` with its known `solution`, every LP on `backend` (lp-bb's search
/// too, at level 2). No time limit.
pub fn lp_level_on(
    puzzle: &Puzzle,
    solution: &[u8],
    backend: LpBackend,
) -> Result<LpLevel, CertificateFailure> {
    lp_level_until(puzzle, solution, backend, None)
}

/// Fails with [`CertificateFailure::TimeLimit`] once `deadline` has passed.
fn in_time(deadline: Option<Instant>) -> Result<(), CertificateFailure> {
    match deadline.is_some_and(|d| Instant::now() >= d) {
        true => Err(CertificateFailure::TimeLimit),
        false => Ok(()),
    }
}

/// [`lp_level_on`], stopped at `deadline` (read between two LP solves; an LP that fails once
/// it has passed was stopped by it, when `backend` stops its solves there).
pub fn lp_level_until(
    puzzle: &Puzzle,
    solution: &[u8],
    backend: LpBackend,
    deadline: Option<Instant>,
) -> Result<LpLevel, CertificateFailure> {
    match level_until(puzzle, solution, backend, deadline) {
        Err(_) if in_time(deadline).is_err() => Err(CertificateFailure::TimeLimit),
        level => level,
    }
}

fn level_until(
    puzzle: &Puzzle,
    solution: &[u8],
    backend: LpBackend,
    deadline: Option<Instant>,
) -> Result<LpLevel, CertificateFailure> {
    let model = Binary::default().build(puzzle);
    let root = root_relaxation_on(&model, backend(&model)?.as_mut())?;
    if root.status == crate::engine::Status::TimeLimit {
        return Err(CertificateFailure::TimeLimit);
    }
    let root_integral = root.fractional == 0;
    let g = Candidates::new(puzzle);
    let mut cert = Certifier::with_backend(puzzle, backend.clone())?;
    cert.sync(&g)?;
    let mut rest = outside(&g, solution, &cert);
    let zero = |cert: &mut Certifier, rest: &[(usize, u8)]| -> Result<bool, CertificateFailure> {
        in_time(deadline)?;
        Ok(rest.is_empty() || cert.maximum(rest)?.is_some_and(|m| m <= 1e-7))
    };
    if zero(&mut cert, &rest)? {
        return Ok(LpLevel::reached(0, 0, root_integral));
    }
    let mut g = g;
    let mut passes = propagation_probing(&mut g, &mut rest, deadline)?;
    cert.sync(&g)?;
    if zero(&mut cert, &rest)? {
        return Ok(LpLevel::reached(1, passes, root_integral));
    }
    loop {
        passes += 1;
        let mut kept = Vec::new();
        // Candidates at 1 in a feasible point found since the last removal: their probe
        // would be feasible too (that point is a witness), so it is skipped.
        let mut witnessed = std::collections::HashSet::new();
        for &(c, v) in &rest {
            if witnessed.contains(&(c, v)) {
                kept.push((c, v));
                continue;
            }
            in_time(deadline)?;
            match cert.probe(c, v)? {
                Some(point) => {
                    kept.push((c, v));
                    witnessed.extend(
                        rest.iter()
                            .copied()
                            .filter(|&(d, w)| point[cert.column_of(d, w)] >= 1.0 - 1e-9),
                    );
                }
                None => {
                    cert.remove(c, v)?;
                    witnessed.clear();
                }
            }
        }
        let changed = kept.len() < rest.len();
        rest = kept;
        if zero(&mut cert, &rest)? {
            return Ok(LpLevel::reached(1, passes, root_integral));
        }
        if !changed {
            break;
        }
    }
    Ok(LpLevel {
        level: 2,
        probing_passes: passes,
        root_integral,
        lp_bb_nodes: Some(lp_bb_nodes(puzzle, &backend, deadline)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::path::unique_solution;
    use crate::input::{parse_puzzle, ParseOptions};

    /// Each candidate the propagation probing removes makes the probe LP infeasible in the
    /// state it was removed in (HiGHS says so, not the propagation), and `lp_level` still
    /// finds these two puzzles solved by probing.
    #[test]
    fn propagation_probing_removes_only_lp_infeasible_probes() {
        let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/seeds/");
        let mut removed_total = 0;
        for name in ["seed000_exercise3_9x9.json", "seed003_minizinc_9x9.json"] {
            let text = std::fs::read_to_string(format!("{seeds}{name}")).unwrap();
            let puzzle = parse_puzzle(name, &text, ParseOptions::default()).unwrap();
            let solution = unique_solution(&puzzle, &Limits::default()).unwrap();
            let mut g = Candidates::new(&puzzle);
            let mut cert = Certifier::new(&puzzle).unwrap();
            let rest = {
                cert.sync(&g).unwrap();
                outside(&g, &solution, &cert)
            };
            for &(c, v) in &rest {
                if g.has(c, v) && crate::hint::forcing::breaks(&g, c, v) {
                    cert.sync(&g).unwrap();
                    assert_eq!(
                        cert.probe(c, v).unwrap(),
                        None,
                        "{name}: cell {c} value {v}"
                    );
                    g.eliminate(c, v);
                    removed_total += 1;
                }
            }
            let level = lp_level(&puzzle, &solution, &Limits::default()).unwrap();
            assert!(level.level <= 1, "{name}: {level:?}");
        }
        assert!(removed_total > 0);
    }
}
