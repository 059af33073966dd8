//! Reading and editing the model HiGHS holds: model files, columns and their names, bounds,
//! integrality, rows added or deleted, the objective.

use super::c_api;
use super::{index, ok, ok_or_warning, size, Handle};
use crate::solve::SolveError;
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::CString;
use std::path::Path;

/// The error for an index (or a range end) outside `count`.
fn outside(what: &'static str, index: usize, count: usize) -> SolveError {
    SolveError::Index { what, index, count }
}

/// Makes every column continuous (the LP relaxation).
pub(crate) fn clear_integrality(h: &mut impl Handle) -> Result<(), SolveError> {
    ok(c_api::clear_integrality(h), "clear integrality")
}

/// Deletes rows `from..rows` (the last ones).
pub(crate) fn delete_rows_from(h: &mut impl Handle, from: usize) -> Result<(), SolveError> {
    let (_, rows, _) = size(h);
    if from >= rows {
        return Ok(());
    }
    let (first, last) = (index("row", from, rows)?, index("row", rows - 1, rows)?);
    let status = c_api::delete_rows(h, first, last).ok_or(outside("row", from, rows))?;
    ok(status, "delete rows")
}

/// Deletes columns `from..columns` (the last ones).
pub(crate) fn delete_columns_from(h: &mut impl Handle, from: usize) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    if from >= cols {
        return Ok(());
    }
    let first = index("column", from, cols)?;
    let last = index("column", cols - 1, cols)?;
    let status = c_api::delete_cols(h, first, last).ok_or(outside("column", from, cols))?;
    ok(status, "delete columns")
}

/// Changes the bounds of a column.
pub(crate) fn set_column_bounds(
    h: &mut impl Handle,
    j: usize,
    lower: f64,
    upper: f64,
) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    let q = index("column", j, cols)?;
    let status = c_api::change_col_bounds(h, q, lower, upper).ok_or(outside("column", j, cols))?;
    ok(status, "change column bounds")
}

/// Changes the bounds of a row.
pub(crate) fn set_row_bounds(
    h: &mut impl Handle,
    i: usize,
    lower: f64,
    upper: f64,
) -> Result<(), SolveError> {
    let (_, rows, _) = size(h);
    let q = index("row", i, rows)?;
    let status = c_api::change_row_bounds(h, q, lower, upper).ok_or(outside("row", i, rows))?;
    ok(status, "change row bounds")
}

/// Reads a model file into the instance (HiGHS picks the reader by extension).
pub(crate) fn read_model(h: &mut impl Handle, path: &Path) -> Result<(), SolveError> {
    let shown = path.display().to_string();
    let c_path = CString::new(path.to_string_lossy().as_bytes()).map_err(|_| SolveError::Read {
        path: shown.clone(),
        reason: "the path holds a NUL byte".into(),
    })?;
    ok_or_warning(c_api::read_model(h, &c_path), "read the model").map_err(|_| SolveError::Read {
        path: shown,
        reason: "HiGHS cannot read the model".into(),
    })
}

/// Bounds and nonzero values of every column, as HiGHS holds them.
pub(crate) struct Columns {
    pub lower: Vec<f64>,
    pub upper: Vec<f64>,
    /// The constraint matrix's values, column by column.
    pub values: Vec<f64>,
}

/// Reads every column's bounds and matrix values (`Highs_getColsByRange`).
pub(crate) fn columns(h: &mut impl Handle) -> Result<Columns, SolveError> {
    let Some((status, raw)) = c_api::columns(h) else {
        return Ok(Columns {
            lower: vec![],
            upper: vec![],
            values: vec![],
        });
    };
    ok_or_warning(status, "read the columns")?;
    Ok(Columns {
        lower: raw.lower,
        upper: raw.upper,
        values: raw.values,
    })
}

/// True when column `j` is integer.
pub(crate) fn is_integer(h: &mut impl Handle, j: usize) -> Result<bool, SolveError> {
    let (cols, _, _) = size(h);
    let q = index("column", j, cols)?;
    let (status, integrality) = c_api::col_integrality(h, q).ok_or(outside("column", j, cols))?;
    ok_or_warning(status, "read a column's integrality")?;
    Ok(integrality == sys::kHighsVarTypeInteger)
}

/// The name of column `j` (empty when HiGHS has none).
pub(crate) fn column_name(h: &mut impl Handle, j: usize) -> Result<String, SolveError> {
    let (cols, _, _) = size(h);
    let q = index("column", j, cols)?;
    let (status, name) = c_api::col_name(h, q).ok_or(outside("column", j, cols))?;
    Ok(match ok_or_warning(status, "read a column name") {
        Ok(()) => name,
        Err(_) => String::new(),
    })
}

// ---- The lab's LP (driven branch and bound, cuts): tableau rows, basis, duals, integrality.

/// Makes every column integer (`true`) or continuous (`false`).
pub(crate) fn set_all_integrality(h: &mut impl Handle, integer: bool) -> Result<(), SolveError> {
    let kind = if integer {
        sys::kHighsVarTypeInteger
    } else {
        sys::kHighsVarTypeContinuous
    };
    match c_api::set_all_integrality(h, kind) {
        Some(status) => ok(status, "change integrality"),
        None => Ok(()),
    }
}

/// Adds the row `lower ≤ Σ a_j x_j ≤ upper` (`Highs_addRow`).
pub(crate) fn add_row(
    h: &mut impl Handle,
    lower: f64,
    upper: f64,
    terms: &[(usize, f64)],
) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    let indices = terms
        .iter()
        .map(|&(j, _)| index("column", j, cols))
        .collect::<Result<Vec<HighsInt>, _>>()?;
    let values: Vec<f64> = terms.iter().map(|&(_, a)| a).collect();
    let status = c_api::add_row(h, lower, upper, &indices, &values).ok_or(outside(
        "term",
        terms.len(),
        cols,
    ))?;
    ok(status, "add a row")
}

/// Sets every column's objective coefficient (`costs`, one per column) and the sense.
pub(crate) fn set_objective(
    h: &mut impl Handle,
    maximise: bool,
    costs: &[f64],
) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    let status = c_api::set_all_costs(h, costs).ok_or(outside(
        "objective coefficient",
        costs.len(),
        cols,
    ))?;
    ok(status, "change the objective")?;
    let sense = if maximise {
        sys::kHighsObjSenseMaximize
    } else {
        sys::kHighsObjSenseMinimize
    };
    ok(c_api::set_sense(h, sense), "change the objective sense")?;
    // The constant is kept by the caller.
    ok(c_api::set_offset(h, 0.0), "change the objective offset")
}
