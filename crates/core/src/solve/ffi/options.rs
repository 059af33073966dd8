//! HiGHS options, typed setters and getters chosen by the option's type, and the log callback
//! that sends HiGHS's log to standard error ([`super`] notes).

use super::c_api;
use super::{ok, Handle};
use crate::solve::{OptionReason, SolveError};
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::{CStr, CString};

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
    let status = c_api::set_bool_option(h, name, value);
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Reads a boolean option.
pub(crate) fn get_bool(h: &mut impl Handle, name: &CStr) -> Result<bool, SolveError> {
    let (status, value) = c_api::bool_option(h, name);
    ok(status, "read a boolean option")?;
    Ok(value)
}

/// Sets an integer option.
pub(crate) fn set_int(h: &mut impl Handle, name: &CStr, value: i32) -> Result<(), SolveError> {
    let status = c_api::set_int_option(h, name, value);
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Sets a floating-point option.
pub(crate) fn set_double(h: &mut impl Handle, name: &CStr, value: f64) -> Result<(), SolveError> {
    let status = c_api::set_double_option(h, name, value);
    setter(status, &name.to_string_lossy(), &value.to_string())
}

/// Sets a string option.
pub(crate) fn set_string(h: &mut impl Handle, name: &CStr, value: &str) -> Result<(), SolveError> {
    let shown = name.to_string_lossy();
    let c_value =
        CString::new(value).map_err(|_| option_error(&shown, value, OptionReason::NulByte))?;
    let status = c_api::set_string_option(h, name, &c_value);
    setter(status, &shown, value)
}

/// Reads a string option (at most `kHighsMaximumStringLength` bytes, as HiGHS writes it).
pub(crate) fn get_string(h: &mut impl Handle, name: &CStr) -> Result<String, SolveError> {
    let (status, text) = c_api::string_option(h, name);
    ok(status, "read a string option")?;
    Ok(text)
}

/// The type code of an option (`kHighsOptionType…`), or `Unknown` when HiGHS has no such option.
fn option_type(h: &mut impl Handle, name: &CStr) -> Result<HighsInt, SolveError> {
    let (status, kind) = c_api::option_type(h, name);
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
    let (set, start) = c_api::start_log_callback(h);
    ok(set, "set the logging callback")?;
    ok(
        start.unwrap_or(sys::kHighsStatusError),
        "start the logging callback",
    )
}
