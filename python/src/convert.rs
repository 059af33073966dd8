//! Conversions between the library's values and Python objects, and errors as exceptions.

use crate::SolverError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;
use sudoku_ilp::engine::spec::SpecError;
use sudoku_ilp::limits::{Limit, LimitError};
use sudoku_ilp::puzzle::Grid;

/// A JSON value as the Python object `json.loads` would give.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, x) in map {
                dict.set_item(k, to_py(py, x)?)?;
            }
            dict.into_any()
        }
    })
}

/// A grid as a list of rows of ints (`u32`, so that Python gets lists, not bytes).
pub fn rows(grid: &Grid) -> Vec<Vec<u32>> {
    grid.rows()
        .into_iter()
        .map(|r| r.into_iter().map(u32::from).collect())
        .collect()
}

/// Bad input or options: `ValueError` with the library's one-line message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A limit not kept, as `ValueError` with Python's name of the keyword option.
pub fn limit_error(e: LimitError) -> PyErr {
    let name = match e.limit() {
        Limit::TimeLimit => "time_limit",
        Limit::StartBudget => "start_budget",
        Limit::Threads => "threads",
        Limit::Jobs => "jobs",
        Limit::BoxSide => "box",
    };
    let words = match e {
        LimitError::NotPositiveSeconds { .. } => "must be a positive number of seconds".into(),
        LimitError::Zero { .. } | LimitError::TooMany { .. } => match e.limit().max() {
            Some(max) => format!("must be between 1 and {max}"),
            None => "must be a positive number".into(),
        },
    };
    PyValueError::new_err(format!("{name} {words}"))
}

/// Options that do not go together, as `ValueError`; a limit in Python's words.
pub fn spec_error(e: SpecError) -> PyErr {
    match e {
        SpecError::Limit(limit) => limit_error(limit),
        SpecError::TreeNotLpBb(_) => value_error("tree=True applies to method \"lp-bb\""),
        other => value_error(other),
    }
}

/// A failure that is not about the puzzle: [`SolverError`].
pub fn solver_error(e: impl std::fmt::Display) -> PyErr {
    SolverError::new_err(e.to_string())
}
