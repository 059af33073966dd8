//! A clique cut from the conflict graph of the binary columns: x_{c,v} and x_{c',v'} conflict
//! (cannot both be 1) when c = c' (one digit per cell) or v = v' and c, c' share a house. For a
//! clique K, Σ_{j∈K} x_j ≤ 1. The separator grows a clique greedily from the columns with the
//! largest LP values (ties by index) among the columns still open at the node, then reports it
//! only when the LP point violates it.
//!
//! In the binary model every maximal clique is a cell's digits or a house's cells for one
//! digit (x_{c,a}, x_{c,b}, x_{c',a} is no triangle: x_{c,b} and x_{c',a} differ in cell and
//! digit), and each of those is already a row `= 1`: no clique cut is ever violated there. The
//! separator says so rather than add a useless row; clique cuts bite in the natural model.

use super::{Cut, CutKind, NoCut};
use crate::lab::{lp::LabLp, Lab, TOLERANCE};

/// True when the two candidates cannot both hold (a column that is no cell's digit, a cage's
/// digit-set binary, conflicts with none here).
fn conflict<L: LabLp>(lab: &Lab<L>, houses: &[Vec<usize>], a: usize, b: usize) -> bool {
    let (Some((ca, va)), Some((cb, vb))) = (lab.candidate[a], lab.candidate[b]) else {
        return false;
    };
    a != b && (ca == cb || (va == vb && houses[ca].iter().any(|h| houses[cb].contains(h))))
}

/// A violated clique cut at `values`, if the greedy clique finds one; else why not.
pub fn separate<L: LabLp>(
    lab: &Lab<L>,
    values: &[f64],
    bounds: &[(f64, f64)],
) -> Result<Cut, NoCut> {
    let houses = lab.puzzle.houses_of_cells();
    let mut order: Vec<usize> = (0..values.len())
        .filter(|&j| bounds[j].1 > 0.5 && values[j] > TOLERANCE)
        .collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    let mut best: Option<(f64, Vec<usize>)> = None;
    for &seed in &order {
        let mut clique = vec![seed];
        for &j in &order {
            if clique.iter().all(|&k| conflict(lab, houses, j, k)) {
                clique.push(j);
            }
        }
        let sum: f64 = clique.iter().map(|&j| values[j]).sum();
        if best.as_ref().is_none_or(|(s, _)| sum > *s) {
            best = Some((sum, clique));
        }
    }
    let (sum, mut clique) = best.ok_or(NoCut::NothingPositive)?;
    if sum <= 1.0 + TOLERANCE {
        return Err(NoCut::CliqueNotViolated { weight: sum });
    }
    clique.sort_unstable();
    Ok(Cut {
        kind: CutKind::Clique,
        name: String::new(),
        origin: format!("a clique of {} conflicting candidates", clique.len()),
        terms: clique.into_iter().map(|j| (j, 1.0)).collect(),
        lower: f64::NEG_INFINITY,
        upper: 1.0,
        integral: true,
        scope: 0,
        violation: 0.0,
    })
}
