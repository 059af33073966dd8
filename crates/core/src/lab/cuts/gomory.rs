//! A Gomory mixed-integer (GMI) cut from one row of the optimal simplex tableau.
//!
//! Row p of the tableau is read as two vectors: ā = e_p B⁻¹A over the columns and
//! ρ = e_p B⁻¹ over the rows. Writing r_i = a_i x for row i's activity, the identity
//! Σ_j ā_j x_j − Σ_i ρ_i r_i = 0 holds for every x (ā = ρA), whatever sign convention the LP
//! gives its logical columns. In it the basic variable x_k of position p has coefficient 1,
//! the other basic variables 0, and every nonbasic variable sits at a bound. Substituting
//! t_j = x_j − l_j (at lower) or u_j − x_j (at upper), and the same for row activities
//! between L_i and U_i, gives the tableau row
//!
//! ```text
//!     x_k + Σ_j α_j t_j = β,   t ≥ 0,   β = x_k's LP value,   f₀ = β − ⌊β⌋ ∈ (0, 1)
//! ```
//!
//! Fixed variables (l = u: the givens, equality rows, the node's fixings) have no t. The GMI
//! cut is Σ_j π_j t_j ≥ 1 with, for an integer t_j (an integer column, or a row whose
//! coefficients are whole and whose bound is whole), f_j = α_j − ⌊α_j⌋ and
//! π_j = f_j / f₀ when f_j ≤ f₀, (1 − f_j)/(1 − f₀) otherwise; for a continuous t_j (the
//! activity of a Gomory cut row), π_j = α_j / f₀ when α_j ≥ 0, −α_j/(1 − f₀) otherwise. It
//! holds at every integer point of the node's subtree and the LP point violates it (there
//! every t_j = 0, and 0 ≥ 1 is false). Substituting the t's back gives Σ_j c_j x_j ≥ d; the
//! columns fixed at the node are moved to the right-hand side.
//!
//! The basic column whose value is nearest ½ goes first; a row whose β does not reproduce the
//! LP value (numerical trouble) or whose f₀ is within 10⁻³ of an integer is skipped.

use super::{Cut, CutKind, NoCut};
use crate::lab::lp::{Basic, BasisStatus, LabLp, LpError};
use crate::lab::{LabRow, TOLERANCE};

/// Smaller coefficients count as zero.
const ZERO: f64 = 1e-9;

/// One nonbasic variable of the tableau row after substitution.
struct Term {
    /// Column j, or row i.
    var: Basic,
    alpha: f64,
    integer: bool,
    /// True when t = x − lower (at lower), false when t = upper − x.
    at_lower: bool,
    bound: f64,
}

/// A violated GMI cut at the LP point `values` (the node's bounds `bounds`, every row's data
/// and current bounds in `rows`/`row_bounds`), or why there is none.
pub fn separate(
    lp: &mut impl LabLp,
    values: &[f64],
    bounds: &[(f64, f64)],
    rows: &[LabRow],
    row_bounds: &[(f64, f64)],
) -> Result<Result<Cut, NoCut>, LpError> {
    let basis = lp.basis()?;
    let mut positions: Vec<(usize, usize)> = basis
        .basic
        .iter()
        .enumerate()
        .filter_map(|(p, b)| match *b {
            Basic::Column(k) if fraction(values[k]) > 1e-3 && fraction(values[k]) < 1.0 - 1e-3 => {
                Some((p, k))
            }
            _ => None,
        })
        .collect();
    positions.sort_by(|a, b| {
        let d = |k: usize| (fraction(values[k]) - 0.5).abs();
        d(a.1).total_cmp(&d(b.1)).then(a.1.cmp(&b.1))
    });
    if positions.is_empty() {
        return Ok(Err(NoCut::IntegralRows));
    }
    let fractional = positions.len();
    let (mut unreadable, mut numerical, mut satisfied) = (0, 0, 0);
    for &(p, k) in positions.iter().take(20) {
        let row = lp.tableau_row(p)?;
        let Some((beta, terms)) = substitute(
            &row.reduced,
            &row.inverse,
            k,
            &basis,
            bounds,
            rows,
            row_bounds,
        ) else {
            unreadable += 1;
            continue;
        };
        let f0 = fraction(beta);
        if (beta - values[k]).abs() > 1e-6 || !(1e-3..=1.0 - 1e-3).contains(&f0) {
            numerical += 1;
            continue;
        }
        match gmi(&terms, f0, values, bounds, rows, k) {
            Some(cut) => return Ok(Ok(cut)),
            None => satisfied += 1,
        }
    }
    Ok(Err(NoCut::NoRowCuts {
        fractional,
        tried: fractional.min(20),
        unreadable,
        numerical,
        satisfied,
    }))
}

/// x − ⌊x⌋.
fn fraction(x: f64) -> f64 {
    x - x.floor()
}

/// The tableau row of basic column `k` as (β, the nonbasic t-terms), or `None` when a
/// nonbasic variable's state cannot be read (a free nonbasic row).
fn substitute(
    reduced: &[f64],
    inverse: &[f64],
    k: usize,
    basis: &crate::lab::lp::Basis,
    bounds: &[(f64, f64)],
    rows: &[LabRow],
    row_bounds: &[(f64, f64)],
) -> Option<(f64, Vec<Term>)> {
    if (reduced.get(k)? - 1.0).abs() > 1e-7 {
        return None;
    }
    let mut constant = 0.0;
    let mut terms = Vec::new();
    let mut place = |var: Basic,
                     coefficient: f64,
                     status: BasisStatus,
                     (lo, hi): (f64, f64),
                     integer: bool|
     -> Option<()> {
        if coefficient.abs() <= ZERO || status == BasisStatus::Basic {
            return Some(());
        }
        if lo == hi {
            constant += coefficient * lo;
            return Some(());
        }
        let (at_lower, bound) = match status {
            BasisStatus::Lower if lo.is_finite() => (true, lo),
            BasisStatus::Upper if hi.is_finite() => (false, hi),
            _ => return None,
        };
        constant += coefficient * bound;
        let alpha = if at_lower { coefficient } else { -coefficient };
        terms.push(Term {
            var,
            alpha,
            integer: integer && bound.fract() == 0.0,
            at_lower,
            bound,
        });
        Some(())
    };
    for (j, &a) in reduced.iter().enumerate() {
        if j != k {
            place(Basic::Column(j), a, basis.columns[j], bounds[j], true)?;
        }
    }
    for (i, &rho) in inverse.iter().enumerate() {
        place(
            Basic::Row(i),
            -rho,
            basis.rows[i],
            row_bounds[i],
            rows[i].integral,
        )?;
    }
    Some((-constant, terms))
}

/// The GMI cut of the t-terms, in the columns, with fixed columns moved right.
fn gmi(
    terms: &[Term],
    f0: f64,
    values: &[f64],
    bounds: &[(f64, f64)],
    rows: &[LabRow],
    k: usize,
) -> Option<Cut> {
    let mut c = vec![0.0; values.len()];
    let mut rhs = 1.0;
    for t in terms {
        let pi = if t.integer {
            let f = fraction(t.alpha);
            if f <= f0 {
                f / f0
            } else {
                (1.0 - f) / (1.0 - f0)
            }
        } else if t.alpha >= 0.0 {
            t.alpha / f0
        } else {
            -t.alpha / (1.0 - f0)
        };
        if pi.abs() <= ZERO {
            continue;
        }
        // π·t with t = x − bound (at lower) or bound − x (at upper).
        let sign = if t.at_lower { 1.0 } else { -1.0 };
        rhs += sign * pi * t.bound;
        match t.var {
            Basic::Column(j) => c[j] += sign * pi,
            Basic::Row(i) => {
                for &(j, a) in &rows[i].terms {
                    c[j] += sign * pi * a;
                }
            }
        }
    }
    let mut kept = Vec::new();
    for (j, &cj) in c.iter().enumerate() {
        if cj.abs() <= ZERO {
            // Dropping c_j x_j from a ≥ row: subtract its largest value over the bounds.
            rhs -= (cj * bounds[j].0).max(cj * bounds[j].1);
        } else if bounds[j].0 == bounds[j].1 {
            rhs -= cj * bounds[j].0;
        } else {
            kept.push((j, cj));
        }
    }
    let activity: f64 = kept.iter().map(|&(j, a)| a * values[j]).sum();
    if kept.is_empty() || activity >= rhs - TOLERANCE {
        return None;
    }
    Some(Cut {
        kind: CutKind::Gomory,
        name: String::new(),
        origin: format!("the tableau row of column {k} (LP value {:.4})", values[k]),
        terms: kept,
        lower: rhs,
        upper: f64::INFINITY,
        integral: false,
        scope: 0,
        violation: 0.0,
    })
}
