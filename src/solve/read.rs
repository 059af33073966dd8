//! Reading a model file (LP or MPS) back into HiGHS, to compare what a solver sees with the model
//! that was exported.
//!
//! HiGHS picks the reader from the extension: `.lp` (CPLEX LP) and `.mps` (free MPS, which also
//! reads fixed MPS whose names have no spaces).

use super::SolveError;
use crate::formulation::ModelSize;
use highs_sys::{
    kHighsStatusOk, kHighsStatusWarning, kHighsVarTypeInteger, HighsInt, Highs_create,
    Highs_destroy, Highs_getColIntegrality, Highs_getColName, Highs_getColsByRange,
    Highs_getNumCol, Highs_getNumNz, Highs_getNumRow, Highs_readModel, Highs_setBoolOptionValue,
};
use std::ffi::{c_void, CStr, CString};
use std::path::Path;

/// What HiGHS read from a model file: its size and its column names in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadModel {
    /// Columns, rows and nonzeros; a column counts as binary when it is integer with bounds
    /// exactly [0, 1], as in [`crate::formulation::BuiltModel::size`].
    pub size: ModelSize,
    pub column_names: Vec<String>,
}

/// A HiGHS instance that is destroyed when dropped.
struct Instance(*mut c_void);

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the pointer came from Highs_create and is destroyed once, here.
        unsafe { Highs_destroy(self.0) }
    }
}

/// Reads a model file with HiGHS (logging off) and counts what it holds.
pub fn read_model(path: &Path) -> Result<ReadModel, SolveError> {
    let display = path.display();
    let c_path = CString::new(path.to_string_lossy().as_bytes())
        .map_err(|_| SolveError(format!("{display}: the path holds a NUL byte")))?;
    // SAFETY: Highs_create returns a fresh instance or null.
    let highs = Instance(unsafe { Highs_create() });
    if highs.0.is_null() {
        return Err(SolveError("cannot create a HiGHS instance".into()));
    }
    let ok = |status: HighsInt| status == kHighsStatusOk || status == kHighsStatusWarning;
    // SAFETY: live instance; the option name is NUL-terminated.
    unsafe { Highs_setBoolOptionValue(highs.0, c"output_flag".as_ptr(), 0) };
    // SAFETY: live instance; c_path is NUL-terminated and outlives the call.
    if !ok(unsafe { Highs_readModel(highs.0, c_path.as_ptr()) }) {
        return Err(SolveError(format!(
            "{display}: HiGHS cannot read the model"
        )));
    }
    // SAFETY: live instance.
    let (cols, rows, nz) = unsafe {
        (
            Highs_getNumCol(highs.0),
            Highs_getNumRow(highs.0),
            Highs_getNumNz(highs.0),
        )
    };
    let count = |k: HighsInt| usize::try_from(k).unwrap_or(0);
    let (ncol, nnz) = (count(cols), count(nz));
    let mut lower = vec![0.0; ncol];
    let mut upper = vec![0.0; ncol];
    let mut costs = vec![0.0; ncol];
    let mut start = vec![0 as HighsInt; ncol + 1];
    let mut index = vec![0 as HighsInt; nnz.max(1)];
    let mut value = vec![0.0; nnz.max(1)];
    let (mut got_cols, mut got_nz): (HighsInt, HighsInt) = (0, 0);
    if ncol > 0 {
        // SAFETY: every output buffer holds at least as many entries as HiGHS writes (ncol
        // columns, ncol starts, nnz entries).
        let status = unsafe {
            Highs_getColsByRange(
                highs.0,
                0,
                cols - 1,
                &mut got_cols,
                costs.as_mut_ptr(),
                lower.as_mut_ptr(),
                upper.as_mut_ptr(),
                &mut got_nz,
                start.as_mut_ptr(),
                index.as_mut_ptr(),
                value.as_mut_ptr(),
            )
        };
        if !ok(status) {
            return Err(SolveError(format!(
                "{display}: cannot read the columns back"
            )));
        }
    }
    let mut size = ModelSize {
        variables: ncol,
        constraints: count(rows),
        nonzeros: value[..count(got_nz).min(nnz)]
            .iter()
            .filter(|v| **v != 0.0)
            .count(),
        ..ModelSize::default()
    };
    let mut column_names = Vec::with_capacity(ncol);
    // Room for HiGHS's longest name (kHighsMaximumStringLength is 512).
    let mut name_buf = vec![0 as std::ffi::c_char; 1024];
    for j in 0..cols {
        let mut integrality: HighsInt = 0;
        // SAFETY: live instance, j < number of columns, output outlives the call.
        unsafe { Highs_getColIntegrality(highs.0, j, &mut integrality) };
        let jj = j as usize;
        if integrality == kHighsVarTypeInteger {
            if lower[jj] == 0.0 && upper[jj] == 1.0 {
                size.binary += 1;
            } else {
                size.integer += 1;
            }
        }
        // SAFETY: the buffer is larger than any HiGHS name and NUL-terminated by HiGHS.
        let status = unsafe { Highs_getColName(highs.0, j, name_buf.as_mut_ptr()) };
        let name = if ok(status) {
            // SAFETY: HiGHS wrote a NUL-terminated string into the buffer.
            unsafe { CStr::from_ptr(name_buf.as_ptr()) }
                .to_string_lossy()
                .into_owned()
        } else {
            String::new()
        };
        column_names.push(name);
    }
    Ok(ReadModel { size, column_names })
}

/// The size of the model in a file, as HiGHS reads it (see [`read_model`]).
pub fn read_model_size(path: &Path) -> Result<ModelSize, SolveError> {
    read_model(path).map(|m| m.size)
}
