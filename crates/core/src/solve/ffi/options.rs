//! HiGHS options, typed setters and getters chosen by the option's type, and the log callback
//! that sends HiGHS's log to standard error ([`super`] notes).

use super::{ok, Handle};
use crate::solve::{OptionReason, SolveError};
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::io::Write;

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
