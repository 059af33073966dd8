//! The one door to HiGHS: every HiGHS call of the crate. The `unsafe` calls are all in one file,
//! [`c_api`], each made sound there and given a safe signature; the files around it are safe
//! code that reads HiGHS's statuses and shapes what the rest of the crate asks for. (The crate's
//! other `unsafe` code, the out-of-memory exit, is [`super::out_of_memory`].)
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
//!
//! By job: [`c_api`] the unsafe calls and the [`Handle`]s; this file the status checks;
//! [`options`] the option setters and the log callback, [`run`] running HiGHS and reading its
//! status and counters, [`model`] reading and editing the model (rows, columns, bounds, integrality, objective),
//! [`lp`] the solution, the basis and the tableau.

#[allow(unsafe_code)]
mod c_api;
mod lp;
mod model;
mod options;
mod run;

pub(crate) use c_api::{Handle, Instance};
pub(crate) use lp::*;
pub(crate) use model::*;
pub(crate) use options::*;
pub(crate) use run::*;

use super::SolveError;
use highs_sys as sys;
use highs_sys::HighsInt;

impl Instance {
    /// A fresh, empty instance that logs nothing.
    pub(crate) fn quiet() -> Result<Instance, SolveError> {
        let mut instance = Instance::create().ok_or(SolveError::Create)?;
        set_bool(&mut instance, c"output_flag", false)?;
        Ok(instance)
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

/// An index as HiGHS's integer type, checked against `count`.
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
