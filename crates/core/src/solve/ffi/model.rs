//! Reading and editing the model HiGHS holds: model files, columns and their names, bounds,
//! integrality, rows added or deleted, the objective.

use super::{count, index, ok, ok_or_warning, size, Handle};
use crate::solve::SolveError;
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::{c_char, CString};
use std::path::Path;

/// Makes every column continuous (the LP relaxation).
pub(crate) fn clear_integrality(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok(
        unsafe { sys::Highs_clearIntegrality(h.ptr()) },
        "clear integrality",
    )
}

/// Deletes rows `from..rows` (the last ones).
pub(crate) fn delete_rows_from(h: &mut impl Handle, from: usize) -> Result<(), SolveError> {
    let (_, rows, _) = size(h);
    if from >= rows {
        return Ok(());
    }
    let (first, last) = (index("row", from, rows)?, index("row", rows - 1, rows)?);
    // SAFETY: live instance; the range lies inside its rows (checked above).
    ok(
        unsafe { sys::Highs_deleteRowsByRange(h.ptr(), first, last) },
        "delete rows",
    )
}

/// Deletes columns `from..columns` (the last ones).
pub(crate) fn delete_columns_from(h: &mut impl Handle, from: usize) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    if from >= cols {
        return Ok(());
    }
    let (first, last) = (
        index("column", from, cols)?,
        index("column", cols - 1, cols)?,
    );
    // SAFETY: live instance; the range lies inside its columns (checked above).
    ok(
        unsafe { sys::Highs_deleteColsByRange(h.ptr(), first, last) },
        "delete columns",
    )
}

/// Changes the bounds of a column.
pub(crate) fn set_column_bounds(
    h: &mut impl Handle,
    j: usize,
    lower: f64,
    upper: f64,
) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    let j = index("column", j, cols)?;
    // SAFETY: live instance; `j` is one of its columns (checked above).
    ok(
        unsafe { sys::Highs_changeColBounds(h.ptr(), j, lower, upper) },
        "change column bounds",
    )
}

/// Changes the bounds of a row.
pub(crate) fn set_row_bounds(
    h: &mut impl Handle,
    i: usize,
    lower: f64,
    upper: f64,
) -> Result<(), SolveError> {
    let (_, rows, _) = size(h);
    let i = index("row", i, rows)?;
    // SAFETY: live instance; `i` is one of its rows (checked above).
    ok(
        unsafe { sys::Highs_changeRowBounds(h.ptr(), i, lower, upper) },
        "change row bounds",
    )
}

/// Reads a model file into the instance (HiGHS picks the reader by extension).
pub(crate) fn read_model(h: &mut impl Handle, path: &Path) -> Result<(), SolveError> {
    let shown = path.display().to_string();
    let c_path = CString::new(path.to_string_lossy().as_bytes()).map_err(|_| SolveError::Read {
        path: shown.clone(),
        reason: "the path holds a NUL byte".into(),
    })?;
    // SAFETY: live instance; `c_path` is NUL-terminated and outlives the call.
    let status = unsafe { sys::Highs_readModel(h.ptr(), c_path.as_ptr()) };
    ok_or_warning(status, "read the model").map_err(|_| SolveError::Read {
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
    let (ncol, _, nnz) = size(h);
    let mut out = Columns {
        lower: vec![0.0; ncol],
        upper: vec![0.0; ncol],
        values: vec![0.0; nnz.max(1)],
    };
    if ncol == 0 {
        out.values.clear();
        return Ok(out);
    }
    let last = index("column", ncol - 1, ncol)?;
    let mut costs = vec![0.0; ncol];
    let mut start = vec![0 as HighsInt; ncol + 1];
    let mut rows = vec![0 as HighsInt; nnz.max(1)];
    let (mut got_cols, mut got_nz): (HighsInt, HighsInt) = (0, 0);
    // SAFETY: live instance; every output buffer holds at least as many entries as HiGHS
    // writes (ncol columns, ncol + 1 starts, nnz entries, from the same instance's counts).
    let status = unsafe {
        sys::Highs_getColsByRange(
            h.ptr(),
            0,
            last,
            &mut got_cols,
            costs.as_mut_ptr(),
            out.lower.as_mut_ptr(),
            out.upper.as_mut_ptr(),
            &mut got_nz,
            start.as_mut_ptr(),
            rows.as_mut_ptr(),
            out.values.as_mut_ptr(),
        )
    };
    ok_or_warning(status, "read the columns")?;
    out.values.truncate(count(got_nz).min(nnz));
    Ok(out)
}

/// True when column `j` is integer.
pub(crate) fn is_integer(h: &mut impl Handle, j: usize) -> Result<bool, SolveError> {
    let (cols, _, _) = size(h);
    let j = index("column", j, cols)?;
    let mut integrality: HighsInt = 0;
    // SAFETY: live instance; `j` is one of its columns; the output outlives the call.
    let status = unsafe { sys::Highs_getColIntegrality(h.ptr(), j, &mut integrality) };
    ok_or_warning(status, "read a column's integrality")?;
    Ok(integrality == sys::kHighsVarTypeInteger)
}

/// The name of column `j` (empty when HiGHS has none).
pub(crate) fn column_name(h: &mut impl Handle, j: usize) -> Result<String, SolveError> {
    let (cols, _, _) = size(h);
    let j = index("column", j, cols)?;
    // Room for HiGHS's longest name (kHighsMaximumStringLength, 512) and its NUL.
    let mut buf = vec![0 as c_char; 2 * sys::kHighsMaximumStringLength as usize];
    // SAFETY: live instance; `j` is one of its columns; the buffer is larger than any name
    // HiGHS writes, NUL included.
    let status = unsafe { sys::Highs_getColName(h.ptr(), j, buf.as_mut_ptr()) };
    if ok_or_warning(status, "read a column name").is_err() {
        return Ok(String::new());
    }
    // The buffer was zeroed and is longer than any name, so it holds a NUL.
    let bytes: Vec<u8> = buf
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

// ---- The lab's LP (driven branch and bound, cuts): tableau rows, basis, duals, integrality.

/// Makes every column integer (`true`) or continuous (`false`).
pub(crate) fn set_all_integrality(h: &mut impl Handle, integer: bool) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    if cols == 0 {
        return Ok(());
    }
    let kind = if integer {
        sys::kHighsVarTypeInteger
    } else {
        sys::kHighsVarTypeContinuous
    };
    let flags = vec![kind; cols];
    let last = index("column", cols - 1, cols)?;
    // SAFETY: live instance; `flags` holds one entry per column of the range 0..=last.
    let status =
        unsafe { sys::Highs_changeColsIntegralityByRange(h.ptr(), 0, last, flags.as_ptr()) };
    ok(status, "change integrality")
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
        .collect::<Result<Vec<_>, _>>()?;
    let values: Vec<f64> = terms.iter().map(|&(_, a)| a).collect();
    let k = HighsInt::try_from(terms.len()).map_err(|_| SolveError::Index {
        what: "term",
        index: terms.len(),
        count: cols,
    })?;
    // SAFETY: live instance; `indices` and `values` hold `k` entries, every index a column.
    let status =
        unsafe { sys::Highs_addRow(h.ptr(), lower, upper, k, indices.as_ptr(), values.as_ptr()) };
    ok(status, "add a row")
}

/// Sets every column's objective coefficient (`costs`, one per column) and the sense.
pub(crate) fn set_objective(
    h: &mut impl Handle,
    maximise: bool,
    costs: &[f64],
) -> Result<(), SolveError> {
    let (cols, _, _) = size(h);
    if costs.len() != cols || cols == 0 {
        return Err(SolveError::Index {
            what: "objective coefficient",
            index: costs.len(),
            count: cols,
        });
    }
    let last = index("column", cols - 1, cols)?;
    let sense = if maximise {
        sys::kHighsObjSenseMaximize
    } else {
        sys::kHighsObjSenseMinimize
    };
    // SAFETY: live instance; `costs` holds one entry per column of the range 0..=last.
    let status = unsafe { sys::Highs_changeColsCostByRange(h.ptr(), 0, last, costs.as_ptr()) };
    ok(status, "change the objective")?;
    // SAFETY: live instance; a plain setter.
    ok(
        unsafe { sys::Highs_changeObjectiveSense(h.ptr(), sense) },
        "change the objective sense",
    )?;
    // SAFETY: live instance; a plain setter (the constant is kept by the caller).
    ok(
        unsafe { sys::Highs_changeObjectiveOffset(h.ptr(), 0.0) },
        "change the objective offset",
    )
}
