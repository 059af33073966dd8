//! The solution HiGHS found (column and row values, duals), MIP starts, the simplex basis
//! (read, restored) and rows of the simplex tableau.

use super::c_api;
use super::{index, ok, ok_or_warning, size, Handle};
use crate::solve::SolveError;

/// The primal column values of the last run's solution.
pub(crate) fn column_values(h: &mut impl Handle) -> Result<Vec<f64>, SolveError> {
    let [values, _, _, _] = solution(h)?;
    Ok(values)
}

/// The last run's solution (`Highs_getSolution`): column values, column duals, row values,
/// row duals.
fn solution(h: &mut impl Handle) -> Result<[Vec<f64>; 4], SolveError> {
    let (status, arrays) = c_api::solution(h);
    ok_or_warning(status, "read the solution")?;
    Ok(arrays)
}

/// The objective value of the last run's solution.
pub(crate) fn objective_value(h: &mut impl Handle) -> f64 {
    c_api::objective_value(h)
}

/// The error for vectors that do not have one entry per column and per row.
fn mismatch(h: &mut impl Handle, columns: usize, rows: usize) -> SolveError {
    let (highs_columns, highs_rows, _) = size(h);
    SolveError::SizeMismatch {
        highs_columns,
        highs_rows,
        columns,
        rows,
    }
}

/// Hands HiGHS a full primal column vector as a start for the next run
/// (`Highs_setSolution(ptr, col_values, NULL, NULL, NULL)`).
pub(crate) fn set_start(h: &mut impl Handle, columns: &[f64]) -> Result<(), SolveError> {
    match c_api::set_solution(h, columns) {
        Some(status) => ok_or_warning(status, "set the start solution"),
        None => {
            let rows = size(h).1;
            Err(mismatch(h, columns.len(), rows))
        }
    }
}

/// (column values, reduced costs, row values, row duals).
pub(crate) type FullSolution = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);

/// Every primal and dual value of the last run: (column values, column duals = reduced costs,
/// row values, row duals).
pub(crate) fn full_solution(h: &mut impl Handle) -> Result<FullSolution, SolveError> {
    let [x, d, r, y] = solution(h)?;
    Ok((x, d, r, y))
}

/// The basis statuses (`kHighsBasisStatus…`) of every column and row.
pub(crate) fn basis_status(h: &mut impl Handle) -> Result<(Vec<i32>, Vec<i32>), SolveError> {
    let (status, c, r) = c_api::basis(h);
    ok_or_warning(status, "read the basis")?;
    Ok((c, r))
}

/// Sets the basis the next run starts from (`kHighsBasisStatus…` per column and row; HiGHS
/// factors it and repairs a singular one).
pub(crate) fn set_basis(h: &mut impl Handle, cols: &[i32], rows: &[i32]) -> Result<(), SolveError> {
    match c_api::set_basis(h, cols, rows) {
        Some(status) => ok(status, "set the basis"),
        None => Err(mismatch(h, cols.len(), rows.len())),
    }
}

/// The basic variable of each position of B: ≥ 0 a column, −1 − i row i's logical.
pub(crate) fn basic_variables(h: &mut impl Handle) -> Result<Vec<i32>, SolveError> {
    let (status, basic) = c_api::basic_variables(h);
    ok_or_warning(status, "read the basic variables")?;
    Ok(basic)
}

/// Row `p` of B⁻¹ (dense, one entry per row) and of B⁻¹A (dense, one entry per column).
pub(crate) fn tableau_row(
    h: &mut impl Handle,
    p: usize,
) -> Result<(Vec<f64>, Vec<f64>), SolveError> {
    let (_, rows, _) = size(h);
    let q = index("row", p, rows)?;
    let out_of_range = SolveError::Index {
        what: "row",
        index: p,
        count: rows,
    };
    let (status, inverse) = c_api::basis_inverse_row(h, q).ok_or(out_of_range.clone())?;
    ok(status, "read a row of the basis inverse")?;
    let (status, reduced) = c_api::reduced_row(h, q).ok_or(out_of_range)?;
    ok(status, "read a row of the tableau")?;
    Ok((inverse, reduced))
}
