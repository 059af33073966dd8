//! The solution HiGHS found (column and row values, duals), MIP starts, the simplex basis
//! (read, restored) and rows of the simplex tableau.

use super::{index, ok, ok_or_warning, size, Handle};
use crate::solve::SolveError;
use highs_sys as sys;
use highs_sys::HighsInt;

/// The primal column values of the last run's solution.
pub(crate) fn column_values(h: &mut impl Handle) -> Result<Vec<f64>, SolveError> {
    let [values, _, _, _] = solution(h, "read the solution")?;
    Ok(values)
}

/// The last run's solution (`Highs_getSolution`): column values, column duals, row values,
/// row duals.
fn solution(h: &mut impl Handle, what: &'static str) -> Result<[Vec<f64>; 4], SolveError> {
    let (cols, rows, _) = size(h);
    let mut arrays = [
        vec![0.0; cols],
        vec![0.0; cols],
        vec![0.0; rows],
        vec![0.0; rows],
    ];
    let [values, col_dual, row_value, row_dual] = &mut arrays;
    // SAFETY: live instance; every array has the length HiGHS writes into (its column or row
    // count, read just above from the same instance).
    let status = unsafe {
        sys::Highs_getSolution(
            h.ptr(),
            values.as_mut_ptr(),
            col_dual.as_mut_ptr(),
            row_value.as_mut_ptr(),
            row_dual.as_mut_ptr(),
        )
    };
    ok_or_warning(status, what)?;
    Ok(arrays)
}

/// The objective value of the last run's solution.
pub(crate) fn objective_value(h: &mut impl Handle) -> f64 {
    // SAFETY: live instance; a plain getter.
    unsafe { sys::Highs_getObjectiveValue(h.ptr()) }
}

/// Hands HiGHS a full primal column vector as a start for the next run
/// (`Highs_setSolution(ptr, col_values, NULL, NULL, NULL)`).
pub(crate) fn set_start(h: &mut impl Handle, columns: &[f64]) -> Result<(), SolveError> {
    let (cols, rows, _) = size(h);
    if columns.len() != cols {
        return Err(SolveError::SizeMismatch {
            highs_columns: cols,
            highs_rows: rows,
            columns: columns.len(),
            rows,
        });
    }
    let null = std::ptr::null();
    // SAFETY: live instance; `columns` holds exactly the model's column count (checked above)
    // and outlives the call; HiGHS copies it. The null pointers mean "not given".
    let status = unsafe { sys::Highs_setSolution(h.ptr(), columns.as_ptr(), null, null, null) };
    ok_or_warning(status, "set the start solution")
}

/// (column values, reduced costs, row values, row duals).
pub(crate) type FullSolution = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);

/// Every primal and dual value of the last run: (column values, column duals = reduced costs,
/// row values, row duals).
pub(crate) fn full_solution(h: &mut impl Handle) -> Result<FullSolution, SolveError> {
    let [x, d, r, y] = solution(h, "read the solution")?;
    Ok((x, d, r, y))
}

/// The basis statuses (`kHighsBasisStatus…`) of every column and row.
pub(crate) fn basis_status(h: &mut impl Handle) -> Result<(Vec<i32>, Vec<i32>), SolveError> {
    let (cols, rows, _) = size(h);
    let (mut c, mut r) = (vec![0 as HighsInt; cols], vec![0 as HighsInt; rows]);
    // SAFETY: live instance; the arrays hold one entry per column and per row.
    let status = unsafe { sys::Highs_getBasis(h.ptr(), c.as_mut_ptr(), r.as_mut_ptr()) };
    ok_or_warning(status, "read the basis")?;
    Ok((c, r))
}

/// Sets the basis the next run starts from (`kHighsBasisStatus…` per column and row; HiGHS
/// factors it and repairs a singular one).
pub(crate) fn set_basis(h: &mut impl Handle, cols: &[i32], rows: &[i32]) -> Result<(), SolveError> {
    let (c, r, _) = size(h);
    if cols.len() != c || rows.len() != r {
        return Err(SolveError::SizeMismatch {
            highs_columns: c,
            highs_rows: r,
            columns: cols.len(),
            rows: rows.len(),
        });
    }
    // SAFETY: live instance; the arrays hold one entry per column and per row (checked above).
    let status = unsafe { sys::Highs_setBasis(h.ptr(), cols.as_ptr(), rows.as_ptr()) };
    ok(status, "set the basis")
}

/// The basic variable of each position of B: ≥ 0 a column, −1 − i row i's logical.
pub(crate) fn basic_variables(h: &mut impl Handle) -> Result<Vec<i32>, SolveError> {
    let (_, rows, _) = size(h);
    let mut basic = vec![0 as HighsInt; rows];
    // SAFETY: live instance; the array holds one entry per row.
    let status = unsafe { sys::Highs_getBasicVariables(h.ptr(), basic.as_mut_ptr()) };
    ok_or_warning(status, "read the basic variables")?;
    Ok(basic)
}

/// Row `p` of B⁻¹ (dense, one entry per row) and of B⁻¹A (dense, one entry per column).
pub(crate) fn tableau_row(
    h: &mut impl Handle,
    p: usize,
) -> Result<(Vec<f64>, Vec<f64>), SolveError> {
    let (cols, rows, _) = size(h);
    let p = index("row", p, rows)?;
    let mut inverse = vec![0.0; rows];
    let mut reduced = vec![0.0; cols.max(1)];
    let null = std::ptr::null_mut();
    // SAFETY: live instance; `p` is one of its rows; HiGHS writes a dense row of `rows`
    // (B⁻¹) and `cols` (B⁻¹A) entries into buffers of those lengths; the count and index
    // outputs are not asked for (null).
    let status =
        unsafe { sys::Highs_getBasisInverseRow(h.ptr(), p, inverse.as_mut_ptr(), null, null) };
    ok(status, "read a row of the basis inverse")?;
    // SAFETY: as above, for the B⁻¹A row.
    let status = unsafe { sys::Highs_getReducedRow(h.ptr(), p, reduced.as_mut_ptr(), null, null) };
    ok(status, "read a row of the tableau")?;
    reduced.truncate(cols);
    Ok((inverse, reduced))
}
