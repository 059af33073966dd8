//! The one door to HiGHS: every HiGHS call of the crate (all `unsafe`), each behind a small safe
//! function. (The crate's other `unsafe` code, the out-of-memory exit, is [`super::out_of_memory`].)
//!
//! Every function takes a [`Handle`], something that owns one live HiGHS instance (a
//! `highs::Model` made by good_lp's backend, or an [`Instance`] of our own), so that the pointer
//! passed to the C API is always valid. Every HiGHS status is checked: a call that returns
//! `kHighsStatusError` becomes [`SolveError::Status`]; `kHighsStatusWarning` is accepted where
//! HiGHS uses it for an ordinary outcome (a run that stops at the time limit, a model file with
//! a remark).
//!
//! Options are set with the typed setters (`Highs_setBoolOptionValue`, `…Int…`, `…Double…`,
//! `…String…`), chosen by `Highs_getOptionType`; the untyped `Highs_setOptionValue` is
//! deprecated in HiGHS 1.15 and prints a warning on standard output.
//!
//! HiGHS's log goes to standard error through its logging callback ([`log_to_stderr`]), never
//! to standard output, which carries only the data a command was asked for.

use super::{OptionReason, SolveError};
use highs::HighsModelStatus;
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::io::Write;
use std::path::Path;
use std::ptr::NonNull;

/// Something that owns one live HiGHS instance.
///
/// # Safety
/// [`Handle::ptr`] must return a pointer made by `Highs_create` that stays valid (not
/// destroyed) for as long as the handle lives.
pub(crate) unsafe trait Handle {
    /// The instance's pointer, for one C call.
    fn ptr(&mut self) -> *mut c_void;
}

// SAFETY: a `highs::Model` creates its instance with `Highs_create` and destroys it only in its
// `Drop`, so the pointer is live while the model is.
unsafe impl Handle for highs::Model {
    fn ptr(&mut self) -> *mut c_void {
        self.as_mut_ptr()
    }
}

/// A HiGHS instance of our own (for reading model files and checking options), destroyed when
/// dropped.
pub(crate) struct Instance(NonNull<c_void>);

impl Instance {
    /// A fresh, empty instance that logs nothing.
    pub(crate) fn quiet() -> Result<Instance, SolveError> {
        // SAFETY: `Highs_create` takes no argument and returns a new instance or null.
        let ptr = NonNull::new(unsafe { sys::Highs_create() }).ok_or(SolveError::Create)?;
        let mut instance = Instance(ptr);
        set_bool(&mut instance, c"output_flag", false)?;
        Ok(instance)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Highs_create` and is destroyed once, here.
        unsafe { sys::Highs_destroy(self.0.as_ptr()) }
    }
}

// SAFETY: the pointer came from `Highs_create` and lives until `Drop`.
unsafe impl Handle for Instance {
    fn ptr(&mut self) -> *mut c_void {
        self.0.as_ptr()
    }
}

/// `Ok` for `kHighsStatusOk`, an error naming `what` otherwise.
fn ok(status: HighsInt, what: &'static str) -> Result<(), SolveError> {
    if status == sys::kHighsStatusOk {
        Ok(())
    } else {
        Err(SolveError::Status { what, status })
    }
}

/// `Ok` for `kHighsStatusOk` and `kHighsStatusWarning`, an error naming `what` otherwise.
fn ok_or_warning(status: HighsInt, what: &'static str) -> Result<(), SolveError> {
    if status == sys::kHighsStatusWarning {
        Ok(())
    } else {
        ok(status, what)
    }
}

/// An option name as a C string, or the option error for a NUL byte.
fn c_name(name: &str, value: &str) -> Result<CString, SolveError> {
    CString::new(name).map_err(|_| option_error(name, value, OptionReason::NulByte))
}

fn option_error(name: &str, value: &str, reason: OptionReason) -> SolveError {
    SolveError::Option {
        name: name.to_string(),
        value: value.to_string(),
        reason,
    }
}

/// The status of a typed setter as an option error (`Refused` covers out-of-range values).
fn setter(status: HighsInt, name: &str, value: &str) -> Result<(), SolveError> {
    if status == sys::kHighsStatusOk {
        Ok(())
    } else {
        Err(option_error(name, value, OptionReason::Refused))
    }
}

/// Sets a boolean option.
pub(crate) fn set_bool(h: &mut impl Handle, name: &CStr, value: bool) -> Result<(), SolveError> {
    // SAFETY: live instance (Handle); `name` is NUL-terminated and outlives the call.
    let status =
        unsafe { sys::Highs_setBoolOptionValue(h.ptr(), name.as_ptr(), c_int::from(value)) };
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Reads a boolean option.
pub(crate) fn get_bool(h: &mut impl Handle, name: &CStr) -> Result<bool, SolveError> {
    let mut value: HighsInt = 0;
    // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
    let status = unsafe { sys::Highs_getBoolOptionValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read a boolean option")?;
    Ok(value != 0)
}

/// Sets an integer option.
pub(crate) fn set_int(h: &mut impl Handle, name: &CStr, value: i32) -> Result<(), SolveError> {
    // SAFETY: as in `set_bool`.
    let status = unsafe { sys::Highs_setIntOptionValue(h.ptr(), name.as_ptr(), value) };
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Sets a floating-point option.
pub(crate) fn set_double(h: &mut impl Handle, name: &CStr, value: f64) -> Result<(), SolveError> {
    // SAFETY: as in `set_bool`.
    let status = unsafe { sys::Highs_setDoubleOptionValue(h.ptr(), name.as_ptr(), value) };
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Sets a string option.
pub(crate) fn set_string(h: &mut impl Handle, name: &CStr, value: &str) -> Result<(), SolveError> {
    let shown = name.to_string_lossy();
    let c_value =
        CString::new(value).map_err(|_| option_error(&shown, value, OptionReason::NulByte))?;
    // SAFETY: as in `set_bool`; `c_value` is NUL-terminated and outlives the call.
    let status =
        unsafe { sys::Highs_setStringOptionValue(h.ptr(), name.as_ptr(), c_value.as_ptr()) };
    setter(status, &shown, value)
}

/// Reads a string option (at most `kHighsMaximumStringLength` bytes, as HiGHS writes it).
pub(crate) fn get_string(h: &mut impl Handle, name: &CStr) -> Result<String, SolveError> {
    let mut buffer = vec![0 as std::os::raw::c_char; sys::kHighsMaximumStringLength as usize + 1];
    // SAFETY: live instance; `name` is NUL-terminated; `buffer` has room for the longest
    // string HiGHS writes and its NUL, and outlives the call.
    let status =
        unsafe { sys::Highs_getStringOptionValue(h.ptr(), name.as_ptr(), buffer.as_mut_ptr()) };
    ok(status, "read a string option")?;
    let last = buffer.len() - 1;
    buffer[last] = 0;
    // SAFETY: `buffer` holds a NUL (its last byte at the latest).
    let text = unsafe { CStr::from_ptr(buffer.as_ptr()) };
    Ok(text.to_string_lossy().into_owned())
}

/// The type code of an option (`kHighsOptionType…`), or `Unknown` when HiGHS has no such option.
fn option_type(h: &mut impl Handle, name: &CStr) -> Result<HighsInt, SolveError> {
    let mut kind: HighsInt = -1;
    // SAFETY: live instance; `name` is NUL-terminated; `kind` outlives the call.
    let status = unsafe { sys::Highs_getOptionType(h.ptr(), name.as_ptr(), &mut kind) };
    if status == sys::kHighsStatusOk {
        Ok(kind)
    } else {
        Err(option_error(
            &name.to_string_lossy(),
            "",
            OptionReason::Unknown,
        ))
    }
}

/// Sets an option given as text (`--highs NAME=VALUE`): the setter is chosen by the option's
/// type, and a value that is not of that type is [`OptionReason::WrongType`].
pub(crate) fn set_option_text(
    h: &mut impl Handle,
    name: &str,
    value: &str,
) -> Result<(), SolveError> {
    let c = c_name(name, value)?;
    let kind = option_type(h, &c).map_err(|_| option_error(name, value, OptionReason::Unknown))?;
    let wrong = |kind| option_error(name, value, OptionReason::WrongType(kind));
    match kind {
        sys::kHighsOptionTypeBool => {
            set_bool(h, &c, parse_bool(value).ok_or_else(|| wrong("boolean"))?)
        }
        sys::kHighsOptionTypeInt => set_int(h, &c, value.parse().map_err(|_| wrong("integer"))?),
        sys::kHighsOptionTypeDouble => {
            set_double(h, &c, value.parse().map_err(|_| wrong("number"))?)
        }
        _ => set_string(h, &c, value),
    }
}

/// The words HiGHS's own option files accept for a boolean, and 1/0.
fn parse_bool(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "t" | "on" | "1" | "yes" => Some(true),
        "false" | "f" | "off" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// Sends HiGHS's log to standard error (the logging callback), for a handle whose
/// `output_flag` is on and `log_to_console` off.
pub(crate) fn log_to_stderr(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance; `log_line` is a C-ABI function that lives for the whole program
    // and reads only the message; the user data pointer is null and never read.
    let status = unsafe { sys::Highs_setCallback(h.ptr(), Some(log_line), std::ptr::null_mut()) };
    ok(status, "set the logging callback")?;
    // SAFETY: live instance with a callback set just above.
    let status = unsafe { sys::Highs_startCallback(h.ptr(), sys::kHighsCallbackLogging) };
    ok(status, "start the logging callback")
}

/// HiGHS's callback: writes a log message to standard error (other callback types are not
/// started, so they never arrive).
unsafe extern "C" fn log_line(
    kind: c_int,
    message: *const c_char,
    _out: *const sys::HighsCallbackDataOut,
    _in: *mut sys::HighsCallbackDataIn,
    _data: *mut c_void,
) {
    if kind != sys::kHighsCallbackLogging || message.is_null() {
        return;
    }
    // SAFETY: HiGHS passes a NUL-terminated message that lives during the callback.
    let text = unsafe { CStr::from_ptr(message) };
    let _ = std::io::stderr().lock().write_all(text.to_bytes());
}

/// Runs HiGHS on the model (`Highs_run`); a warning (time limit, iteration limit) is an
/// ordinary end, read through [`model_status`].
pub(crate) fn run(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok_or_warning(unsafe { sys::Highs_run(h.ptr()) }, "solve")
}

/// Runs HiGHS's presolve alone (`Highs_presolve`).
pub(crate) fn presolve(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok_or_warning(unsafe { sys::Highs_presolve(h.ptr()) }, "presolve")
}

/// Columns, rows and nonzeros of the presolved model (after [`presolve`]).
pub(crate) fn presolved_size(h: &mut impl Handle) -> (usize, usize, usize) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    let (c, r, nz) = unsafe {
        (
            sys::Highs_getPresolvedNumCol(ptr),
            sys::Highs_getPresolvedNumRow(ptr),
            sys::Highs_getPresolvedNumNz(ptr),
        )
    };
    (count(c), count(r), count(nz))
}

/// A HiGHS count as `usize` (negative counts, which HiGHS never returns, as 0).
fn count(k: HighsInt) -> usize {
    usize::try_from(k).unwrap_or(0)
}

/// Makes every column continuous (the LP relaxation).
pub(crate) fn clear_integrality(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok(
        unsafe { sys::Highs_clearIntegrality(h.ptr()) },
        "clear integrality",
    )
}

/// The model status after a run.
pub(crate) fn model_status(h: &mut impl Handle) -> Result<HighsModelStatus, SolveError> {
    // SAFETY: live instance; HiGHS returns a model status code for any instance.
    let code = unsafe { sys::Highs_getModelStatus(h.ptr()) };
    HighsModelStatus::try_from(code).map_err(|_| SolveError::UnexpectedModelStatus {
        what: "a run",
        status: code.to_string(),
    })
}

/// Columns, rows and nonzeros of the model HiGHS holds.
pub(crate) fn size(h: &mut impl Handle) -> (usize, usize, usize) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    let (c, r, nz) = unsafe {
        (
            sys::Highs_getNumCol(ptr),
            sys::Highs_getNumRow(ptr),
            sys::Highs_getNumNz(ptr),
        )
    };
    (count(c), count(r), count(nz))
}

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

/// A 64-bit info value (the node count, which the 32-bit getter refuses).
pub(crate) fn int64_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let mut value: i64 = -1;
    // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
    let status = unsafe { sys::Highs_getInt64InfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read a 64-bit info value").map(|()| value)
}

/// A 32-bit info value (the simplex iterations).
pub(crate) fn int_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let mut value: HighsInt = -1;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getIntInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read an info value").map(|()| i64::from(value))
}

/// A floating-point info value (`mip_dual_bound`, `mip_gap`).
pub(crate) fn double_info(h: &mut impl Handle, name: &'static CStr) -> Result<f64, SolveError> {
    let mut value: f64 = f64::NAN;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getDoubleInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read a floating-point info value").map(|()| value)
}

/// HiGHS's own run clock in seconds (it keeps running across the runs of one instance).
pub(crate) fn run_time(h: &mut impl Handle) -> f64 {
    // SAFETY: live instance; a plain getter.
    unsafe { sys::Highs_getRunTime(h.ptr()) }
}

/// An index as HiGHS's integer type.
fn index(what: &'static str, i: usize, count: usize) -> Result<HighsInt, SolveError> {
    HighsInt::try_from(i)
        .ok()
        .filter(|_| i < count)
        .ok_or(SolveError::Index {
            what,
            index: i,
            count,
        })
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
