//! Every `unsafe` call to HiGHS's C API in the crate, each made sound here and given a safe
//! signature: a live instance ([`Handle`]), NUL-terminated strings, buffers allocated here with
//! the lengths HiGHS writes (read from the same instance), slices checked against the model's
//! sizes and indices checked against its rows and columns before the call.
//!
//! The functions return HiGHS's raw status (`kHighsStatus…`) beside what the call produced;
//! what a status means, and the errors made of it, are the safe files around this one
//! ([`super::run`], [`super::model`], [`super::lp`], [`super::options`]). A slice or an index
//! that does not fit the model gives `None` and no call.

use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::io::Write;
use std::ptr::{null, null_mut, NonNull};

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
    /// A fresh, empty instance (`Highs_create`), or `None` when HiGHS cannot make one.
    pub(super) fn create() -> Option<Instance> {
        // SAFETY: `Highs_create` takes no argument and returns a new instance or null.
        NonNull::new(unsafe { sys::Highs_create() }).map(Instance)
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

/// A HiGHS count as `usize` (negative counts, which HiGHS never returns, as 0).
pub(super) fn to_usize(k: HighsInt) -> usize {
    usize::try_from(k).unwrap_or(0)
}

/// True when `i` is one of `count` indices.
fn inside(i: HighsInt, count: HighsInt) -> bool {
    (0..count).contains(&i)
}

// ---- Sizes, running, status and info.

/// (columns, rows, nonzeros) of the model the instance holds.
pub(super) fn counts(h: &mut impl Handle) -> (HighsInt, HighsInt, HighsInt) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    unsafe {
        (
            sys::Highs_getNumCol(ptr),
            sys::Highs_getNumRow(ptr),
            sys::Highs_getNumNz(ptr),
        )
    }
}

/// (columns, rows, nonzeros) of the presolved model.
pub(super) fn presolved_counts(h: &mut impl Handle) -> (HighsInt, HighsInt, HighsInt) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    unsafe {
        (
            sys::Highs_getPresolvedNumCol(ptr),
            sys::Highs_getPresolvedNumRow(ptr),
            sys::Highs_getPresolvedNumNz(ptr),
        )
    }
}

/// `Highs_run`.
pub(super) fn run(h: &mut impl Handle) -> HighsInt {
    // SAFETY: live instance.
    unsafe { sys::Highs_run(h.ptr()) }
}

/// `Highs_presolve`.
pub(super) fn presolve(h: &mut impl Handle) -> HighsInt {
    // SAFETY: live instance.
    unsafe { sys::Highs_presolve(h.ptr()) }
}

/// The model status code after a run.
pub(super) fn model_status(h: &mut impl Handle) -> HighsInt {
    // SAFETY: live instance; HiGHS returns a model status code for any instance.
    unsafe { sys::Highs_getModelStatus(h.ptr()) }
}

/// HiGHS's run clock in seconds.
pub(super) fn run_time(h: &mut impl Handle) -> f64 {
    // SAFETY: live instance; a plain getter.
    unsafe { sys::Highs_getRunTime(h.ptr()) }
}

/// The objective value of the last run's solution.
pub(super) fn objective_value(h: &mut impl Handle) -> f64 {
    // SAFETY: live instance; a plain getter.
    unsafe { sys::Highs_getObjectiveValue(h.ptr()) }
}

/// (status, value) of a 64-bit info value.
pub(super) fn int64_info(h: &mut impl Handle, name: &CStr) -> (HighsInt, i64) {
    let mut value: i64 = -1;
    // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
    let status = unsafe { sys::Highs_getInt64InfoValue(h.ptr(), name.as_ptr(), &mut value) };
    (status, value)
}

/// (status, value) of a 32-bit info value.
pub(super) fn int_info(h: &mut impl Handle, name: &CStr) -> (HighsInt, HighsInt) {
    let mut value: HighsInt = -1;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getIntInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    (status, value)
}

/// (status, value) of a floating-point info value.
pub(super) fn double_info(h: &mut impl Handle, name: &CStr) -> (HighsInt, f64) {
    let mut value = f64::NAN;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getDoubleInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    (status, value)
}

// ---- The solution, the basis and the tableau.

/// (status, [column values, column duals, row values, row duals]) of the last run.
pub(super) fn solution(h: &mut impl Handle) -> (HighsInt, [Vec<f64>; 4]) {
    let (cols, rows, _) = counts(h);
    let (c, r) = (to_usize(cols), to_usize(rows));
    let mut arrays = [vec![0.0; c], vec![0.0; c], vec![0.0; r], vec![0.0; r]];
    let [x, d, v, y] = &mut arrays;
    // SAFETY: live instance; every array has the length HiGHS writes into (its column or row
    // count, read just above from the same instance).
    let status = unsafe {
        sys::Highs_getSolution(
            h.ptr(),
            x.as_mut_ptr(),
            d.as_mut_ptr(),
            v.as_mut_ptr(),
            y.as_mut_ptr(),
        )
    };
    (status, arrays)
}

/// `Highs_setSolution` with column values only; `None` unless one value per column.
pub(super) fn set_solution(h: &mut impl Handle, columns: &[f64]) -> Option<HighsInt> {
    (columns.len() == to_usize(counts(h).0)).then(|| {
        // SAFETY: live instance; `columns` holds exactly the model's column count and
        // outlives the call; HiGHS copies it. The null pointers mean "not given".
        unsafe { sys::Highs_setSolution(h.ptr(), columns.as_ptr(), null(), null(), null()) }
    })
}

/// (status, column statuses, row statuses) of the basis.
pub(super) fn basis(h: &mut impl Handle) -> (HighsInt, Vec<HighsInt>, Vec<HighsInt>) {
    let (cols, rows, _) = counts(h);
    let (mut c, mut r) = (vec![0; to_usize(cols)], vec![0; to_usize(rows)]);
    // SAFETY: live instance; the arrays hold one entry per column and per row.
    let status = unsafe { sys::Highs_getBasis(h.ptr(), c.as_mut_ptr(), r.as_mut_ptr()) };
    (status, c, r)
}

/// `Highs_setBasis`; `None` unless one status per column and per row.
pub(super) fn set_basis(
    h: &mut impl Handle,
    cols: &[HighsInt],
    rows: &[HighsInt],
) -> Option<HighsInt> {
    let (c, r, _) = counts(h);
    (cols.len() == to_usize(c) && rows.len() == to_usize(r)).then(|| {
        // SAFETY: live instance; the arrays hold one entry per column and per row.
        unsafe { sys::Highs_setBasis(h.ptr(), cols.as_ptr(), rows.as_ptr()) }
    })
}

/// (status, the basic variable of each row position).
pub(super) fn basic_variables(h: &mut impl Handle) -> (HighsInt, Vec<HighsInt>) {
    let mut basic = vec![0; to_usize(counts(h).1)];
    // SAFETY: live instance; the array holds one entry per row.
    let status = unsafe { sys::Highs_getBasicVariables(h.ptr(), basic.as_mut_ptr()) };
    (status, basic)
}

/// (status, row `p` of B⁻¹ dense over rows); `None` when `p` is not a row.
pub(super) fn basis_inverse_row(h: &mut impl Handle, p: HighsInt) -> Option<(HighsInt, Vec<f64>)> {
    let (_, rows, _) = counts(h);
    inside(p, rows).then(|| {
        let mut row = vec![0.0; to_usize(rows)];
        // SAFETY: live instance; `p` is one of its rows; HiGHS writes `rows` entries; the
        // count and index outputs are not asked for (null).
        let status = unsafe {
            sys::Highs_getBasisInverseRow(h.ptr(), p, row.as_mut_ptr(), null_mut(), null_mut())
        };
        (status, row)
    })
}

/// (status, row `p` of B⁻¹A dense over columns); `None` when `p` is not a row.
pub(super) fn reduced_row(h: &mut impl Handle, p: HighsInt) -> Option<(HighsInt, Vec<f64>)> {
    let (cols, rows, _) = counts(h);
    inside(p, rows).then(|| {
        let mut row = vec![0.0; to_usize(cols).max(1)];
        // SAFETY: as in `basis_inverse_row`, with `cols` entries.
        let status = unsafe {
            sys::Highs_getReducedRow(h.ptr(), p, row.as_mut_ptr(), null_mut(), null_mut())
        };
        row.truncate(to_usize(cols));
        (status, row)
    })
}

// ---- Reading and editing the model.

/// `Highs_readModel`.
pub(super) fn read_model(h: &mut impl Handle, path: &CStr) -> HighsInt {
    // SAFETY: live instance; `path` is NUL-terminated and outlives the call.
    unsafe { sys::Highs_readModel(h.ptr(), path.as_ptr()) }
}

/// `Highs_clearIntegrality`.
pub(super) fn clear_integrality(h: &mut impl Handle) -> HighsInt {
    // SAFETY: live instance.
    unsafe { sys::Highs_clearIntegrality(h.ptr()) }
}

/// Deletes rows `first..=last`; `None` when the range is not inside the rows.
pub(super) fn delete_rows(
    h: &mut impl Handle,
    first: HighsInt,
    last: HighsInt,
) -> Option<HighsInt> {
    let rows = counts(h).1;
    (inside(first, rows) && inside(last, rows)).then(|| {
        // SAFETY: live instance; the range lies inside its rows.
        unsafe { sys::Highs_deleteRowsByRange(h.ptr(), first, last) }
    })
}

/// Deletes columns `first..=last`; `None` when the range is not inside the columns.
pub(super) fn delete_cols(
    h: &mut impl Handle,
    first: HighsInt,
    last: HighsInt,
) -> Option<HighsInt> {
    let cols = counts(h).0;
    (inside(first, cols) && inside(last, cols)).then(|| {
        // SAFETY: live instance; the range lies inside its columns.
        unsafe { sys::Highs_deleteColsByRange(h.ptr(), first, last) }
    })
}

/// Changes column `j`'s bounds; `None` when `j` is not a column.
pub(super) fn change_col_bounds(
    h: &mut impl Handle,
    j: HighsInt,
    lo: f64,
    up: f64,
) -> Option<HighsInt> {
    inside(j, counts(h).0).then(|| {
        // SAFETY: live instance; `j` is one of its columns.
        unsafe { sys::Highs_changeColBounds(h.ptr(), j, lo, up) }
    })
}

/// Changes row `i`'s bounds; `None` when `i` is not a row.
pub(super) fn change_row_bounds(
    h: &mut impl Handle,
    i: HighsInt,
    lo: f64,
    up: f64,
) -> Option<HighsInt> {
    inside(i, counts(h).1).then(|| {
        // SAFETY: live instance; `i` is one of its rows.
        unsafe { sys::Highs_changeRowBounds(h.ptr(), i, lo, up) }
    })
}

/// Every column's bounds and the matrix values column by column, as `Highs_getColsByRange`
/// writes them.
pub(super) struct RawColumns {
    pub lower: Vec<f64>,
    pub upper: Vec<f64>,
    pub values: Vec<f64>,
}

/// (status, every column's bounds and values); `None` for a model without columns.
pub(super) fn columns(h: &mut impl Handle) -> Option<(HighsInt, RawColumns)> {
    let (ncol, _, nnz) = counts(h);
    let (c, nz) = (to_usize(ncol), to_usize(nnz).max(1));
    (c > 0).then(|| {
        let mut out = RawColumns {
            lower: vec![0.0; c],
            upper: vec![0.0; c],
            values: vec![0.0; nz],
        };
        let (mut costs, mut start, mut rows) = (vec![0.0; c], vec![0; c + 1], vec![0; nz]);
        let (mut got_cols, mut got_nz): (HighsInt, HighsInt) = (0, 0);
        // SAFETY: live instance; every output buffer holds at least as many entries as HiGHS
        // writes (ncol columns, ncol + 1 starts, nnz entries, from the same instance's counts).
        let status = unsafe {
            sys::Highs_getColsByRange(
                h.ptr(),
                0,
                ncol - 1,
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
        out.values.truncate(to_usize(got_nz).min(to_usize(nnz)));
        (status, out)
    })
}

/// (status, integrality code) of column `j`; `None` when `j` is not a column.
pub(super) fn col_integrality(h: &mut impl Handle, j: HighsInt) -> Option<(HighsInt, HighsInt)> {
    inside(j, counts(h).0).then(|| {
        let mut integrality: HighsInt = 0;
        // SAFETY: live instance; `j` is one of its columns; the output outlives the call.
        let status = unsafe { sys::Highs_getColIntegrality(h.ptr(), j, &mut integrality) };
        (status, integrality)
    })
}

/// (status, name) of column `j`; `None` when `j` is not a column.
pub(super) fn col_name(h: &mut impl Handle, j: HighsInt) -> Option<(HighsInt, String)> {
    inside(j, counts(h).0).then(|| {
        // Room for HiGHS's longest name (kHighsMaximumStringLength) and its NUL, twice over.
        let mut buf = vec![0 as c_char; 2 * sys::kHighsMaximumStringLength as usize];
        // SAFETY: live instance; `j` is one of its columns; the buffer is larger than any
        // name HiGHS writes, NUL included.
        let status = unsafe { sys::Highs_getColName(h.ptr(), j, buf.as_mut_ptr()) };
        (status, text_of(buf))
    })
}

/// Every column integer or continuous (`kHighsVarType…`); `None` without columns.
pub(super) fn set_all_integrality(h: &mut impl Handle, kind: HighsInt) -> Option<HighsInt> {
    let cols = counts(h).0;
    (cols > 0).then(|| {
        let flags = vec![kind; to_usize(cols)];
        // SAFETY: live instance; `flags` holds one entry per column of the range 0..cols.
        unsafe { sys::Highs_changeColsIntegralityByRange(h.ptr(), 0, cols - 1, flags.as_ptr()) }
    })
}

/// `Highs_addRow`; `None` unless the slices have one length and every index is a column.
pub(super) fn add_row(
    h: &mut impl Handle,
    lo: f64,
    up: f64,
    index: &[HighsInt],
    value: &[f64],
) -> Option<HighsInt> {
    let cols = counts(h).0;
    let k = HighsInt::try_from(index.len()).ok()?;
    let fits = index.len() == value.len() && index.iter().all(|&j| inside(j, cols));
    fits.then(|| {
        // SAFETY: live instance; `index` and `value` hold `k` entries, every index a column.
        unsafe { sys::Highs_addRow(h.ptr(), lo, up, k, index.as_ptr(), value.as_ptr()) }
    })
}

/// Every column's cost; `None` unless one cost per column (and at least one column).
pub(super) fn set_all_costs(h: &mut impl Handle, costs: &[f64]) -> Option<HighsInt> {
    let cols = counts(h).0;
    (cols > 0 && costs.len() == to_usize(cols)).then(|| {
        // SAFETY: live instance; `costs` holds one entry per column of the range 0..cols.
        unsafe { sys::Highs_changeColsCostByRange(h.ptr(), 0, cols - 1, costs.as_ptr()) }
    })
}

/// `Highs_changeObjectiveSense`.
pub(super) fn set_sense(h: &mut impl Handle, sense: HighsInt) -> HighsInt {
    // SAFETY: live instance; a plain setter.
    unsafe { sys::Highs_changeObjectiveSense(h.ptr(), sense) }
}

/// `Highs_changeObjectiveOffset`.
pub(super) fn set_offset(h: &mut impl Handle, offset: f64) -> HighsInt {
    // SAFETY: live instance; a plain setter.
    unsafe { sys::Highs_changeObjectiveOffset(h.ptr(), offset) }
}

// ---- Options and the log.

/// `Highs_setBoolOptionValue`.
pub(super) fn set_bool_option(h: &mut impl Handle, name: &CStr, value: bool) -> HighsInt {
    // SAFETY: live instance; `name` is NUL-terminated and outlives the call.
    unsafe { sys::Highs_setBoolOptionValue(h.ptr(), name.as_ptr(), c_int::from(value)) }
}

/// (status, value) of a boolean option.
pub(super) fn bool_option(h: &mut impl Handle, name: &CStr) -> (HighsInt, bool) {
    let mut value: HighsInt = 0;
    // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
    let status = unsafe { sys::Highs_getBoolOptionValue(h.ptr(), name.as_ptr(), &mut value) };
    (status, value != 0)
}

/// `Highs_setIntOptionValue`.
pub(super) fn set_int_option(h: &mut impl Handle, name: &CStr, value: HighsInt) -> HighsInt {
    // SAFETY: as in `set_bool_option`.
    unsafe { sys::Highs_setIntOptionValue(h.ptr(), name.as_ptr(), value) }
}

/// `Highs_setDoubleOptionValue`.
pub(super) fn set_double_option(h: &mut impl Handle, name: &CStr, value: f64) -> HighsInt {
    // SAFETY: as in `set_bool_option`.
    unsafe { sys::Highs_setDoubleOptionValue(h.ptr(), name.as_ptr(), value) }
}

/// `Highs_setStringOptionValue`.
pub(super) fn set_string_option(h: &mut impl Handle, name: &CStr, value: &CStr) -> HighsInt {
    // SAFETY: as in `set_bool_option`; `value` is NUL-terminated and outlives the call.
    unsafe { sys::Highs_setStringOptionValue(h.ptr(), name.as_ptr(), value.as_ptr()) }
}

/// (status, value) of a string option.
pub(super) fn string_option(h: &mut impl Handle, name: &CStr) -> (HighsInt, String) {
    let mut buffer = vec![0 as c_char; sys::kHighsMaximumStringLength as usize + 1];
    // SAFETY: live instance; `name` is NUL-terminated; `buffer` has room for the longest
    // string HiGHS writes and its NUL, and outlives the call.
    let status =
        unsafe { sys::Highs_getStringOptionValue(h.ptr(), name.as_ptr(), buffer.as_mut_ptr()) };
    (status, text_of(buffer))
}

/// (status, `kHighsOptionType…`) of an option.
pub(super) fn option_type(h: &mut impl Handle, name: &CStr) -> (HighsInt, HighsInt) {
    let mut kind: HighsInt = -1;
    // SAFETY: live instance; `name` is NUL-terminated; `kind` outlives the call.
    let status = unsafe { sys::Highs_getOptionType(h.ptr(), name.as_ptr(), &mut kind) };
    (status, kind)
}

/// The text of a C buffer up to its first NUL (the whole buffer when it has none).
fn text_of(buffer: Vec<c_char>) -> String {
    let bytes: Vec<u8> = buffer
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// (status of `Highs_setCallback`, status of `Highs_startCallback`) for [`log_line`]; the
/// second is not tried when the first fails.
pub(super) fn start_log_callback(h: &mut impl Handle) -> (HighsInt, Option<HighsInt>) {
    // SAFETY: live instance; `log_line` is a C-ABI function that lives for the whole program
    // and reads only the message; the user data pointer is null and never read.
    let set = unsafe { sys::Highs_setCallback(h.ptr(), Some(log_line), null_mut()) };
    let start = (set == sys::kHighsStatusOk).then(|| {
        // SAFETY: live instance with a callback set just above.
        unsafe { sys::Highs_startCallback(h.ptr(), sys::kHighsCallbackLogging) }
    });
    (set, start)
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
