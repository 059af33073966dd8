//! Looking inside a model without solving the MILP: the size HiGHS's presolve leaves, and the
//! root LP relaxation (every integrality dropped).

#[cfg(feature = "highs")]
use super::lab_lp::NativeLp;
use super::Status;
#[cfg(feature = "highs")]
use super::{ffi, set_time_limit, to_highs, SolveError, SolveOptions};
use crate::formulation::BuiltModel;
#[cfg(feature = "highs")]
use crate::limits::Limits;
#[cfg(feature = "highs")]
use crate::lp_interface::LpUse;
use crate::lp_interface::{LabLp, LpError, LpPoint, LpState};

/// The model's size after HiGHS's MIP presolve (all zero when presolve solves it outright).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct PresolvedSize {
    pub columns: usize,
    pub rows: usize,
    pub nonzeros: usize,
}

/// The root LP relaxation: x ∈ {0,1} becomes 0 ≤ x ≤ 1, integers become reals.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Relaxation {
    /// `Solved` when the LP is feasible, `Infeasible` when even the LP has no point.
    pub status: Status,
    /// The LP optimum (0 for these feasibility models, reported for completeness).
    pub objective: f64,
    /// How many integer columns have a fractional value at the LP solution HiGHS returned.
    pub fractional: usize,
    /// Column values of that LP solution, when feasible.
    #[serde(skip)]
    pub values: Option<Vec<f64>>,
}

/// Runs HiGHS's presolve only and reads the reduced size.
#[cfg(feature = "highs")]
pub fn presolved_size(
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<PresolvedSize, SolveError> {
    let mut highs_model = to_highs(model, options)?;
    set_time_limit(&mut highs_model, options, limits)?;
    ffi::presolve(&mut highs_model)?;
    let (columns, rows, nonzeros) = ffi::presolved_size(&mut highs_model);
    Ok(PresolvedSize {
        columns,
        rows,
        nonzeros,
    })
}

/// Solves the LP relaxation (integrality cleared) on the one native LP ([`LpUse::Relaxation`])
/// and counts fractional integer columns.
#[cfg(feature = "highs")]
pub fn root_relaxation(
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Relaxation, SolveError> {
    let mut lp = NativeLp::for_use(model, options, LpUse::Relaxation)?;
    lp.limit_time(limits)?;
    Ok(relaxation_of(model, lp.solve_lp()?))
}

/// How many integer columns of `model` are fractional (beyond 1e-6) at `values`.
fn fractional_count(model: &BuiltModel, values: Option<&[f64]>) -> usize {
    values.map_or(0, |values| {
        model
            .variables
            .iter_variables_with_def()
            .zip(values)
            .filter(|((_, def), &x)| def.is_integer() && (x - x.round()).abs() > 1e-6)
            .count()
    })
}

/// [`root_relaxation`] on any [`LabLp`] holding `model`'s LP relaxation (the browser's HiGHS):
/// one solve from the LP's current bounds.
pub fn root_relaxation_on<L: LabLp + ?Sized>(
    model: &BuiltModel,
    lp: &mut L,
) -> Result<Relaxation, LpError> {
    Ok(relaxation_of(model, lp.solve()?))
}

/// The root relaxation that one LP solve of `model` found.
fn relaxation_of(model: &BuiltModel, point: LpPoint) -> Relaxation {
    let status = match point.state {
        LpState::Optimal => Status::Solved,
        LpState::Infeasible => Status::Infeasible,
        LpState::Stopped => Status::TimeLimit,
    };
    let values = (status == Status::Solved).then_some(point.columns);
    Relaxation {
        status,
        objective: if status == Status::Solved {
            point.objective
        } else {
            0.0
        },
        fractional: fractional_count(model, values.as_deref()),
        values,
    }
}
