//! Conversions between the library's values and Python objects, and errors as exceptions.

use crate::SolverError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;
use sudoku_ilp::classroom::ClassroomError;
use sudoku_ilp::compare::UnknownVariant;
use sudoku_ilp::engine::spec::SpecError;
use sudoku_ilp::engine::EngineError;
use sudoku_ilp::explain::ExplainError;
use sudoku_ilp::export::ExportError;
use sudoku_ilp::fix::FixError;
use sudoku_ilp::generate::GenerateError;
use sudoku_ilp::hint::HintError;
use sudoku_ilp::input::{InputError, OptionNames};
use sudoku_ilp::lab::LabError;
use sudoku_ilp::limits::{Limit, LimitError};
use sudoku_ilp::named::UnknownName;
use sudoku_ilp::puzzle::Grid;
use sudoku_ilp::solve::SolveError;

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

/// [`Error`] and a `From` impl for each library error it holds.
macro_rules! library_errors {
    ($($variant:ident($t:ty)),*) => {
        /// A library error on its way to Python. Its one `From` impl into [`PyErr`] decides the
        /// exception of every kind (as rustworkx maps its errors): `ValueError` for what the caller
        /// gave (input, options, limits, names, an engine that cannot do the task), [`SolverError`]
        /// for a failure of the solver or a bug.
        pub enum Error {
            $($variant($t)),*
        }

        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$variant(e)
            }
        })*
    };
}
library_errors!(
    Input(InputError),
    Spec(SpecError),
    Limit(LimitError),
    Engine(EngineError),
    Solve(SolveError),
    Explain(ExplainError),
    Classroom(ClassroomError),
    Export(ExportError),
    Variant(UnknownVariant),
    Name(UnknownName),
    Generate(GenerateError),
    Lab(LabError),
    Fix(FixError),
    Hint(HintError)
);

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        match e {
            Error::Input(e) => input_error(e),
            Error::Limit(e) => limit_error(e),
            Error::Spec(SpecError::Limit(e)) => limit_error(e),
            Error::Spec(SpecError::TreeNotLpBb(_)) => {
                value_error("tree=True applies to method \"lp-bb\"")
            }
            Error::Spec(e) => value_error(e),
            Error::Engine(e @ EngineError::Unsupported { .. }) => value_error(e),
            Error::Solve(e) if e.is_option() => value_error(e),
            Error::Export(e) => value_error(e),
            Error::Variant(e) => value_error(e),
            Error::Name(e) => value_error(e),
            Error::Engine(e) => solver_error(e),
            Error::Solve(e) => solver_error(e),
            Error::Explain(e) => solver_error(e),
            Error::Classroom(e) => solver_error(e),
            Error::Generate(GenerateError::Shape(e)) => value_error(e),
            Error::Generate(e) => solver_error(e),
            Error::Lab(e) if e.is_solver() => solver_error(e),
            Error::Lab(e) => value_error(e),
            Error::Fix(e) => solver_error(e),
            Error::Hint(e @ (HintError::NoSolution | HintError::Several)) => value_error(e),
            Error::Hint(e @ HintError::TimeLimit(_)) => {
                pyo3::exceptions::PyTimeoutError::new_err(e.to_string())
            }
            Error::Hint(e) => solver_error(e),
        }
    }
}

/// `?` on a library result in a function that returns [`PyResult`]: `result.raise()?`.
pub trait Raise<T> {
    fn raise(self) -> PyResult<T>;
}

impl<T, E: Into<Error>> Raise<T> for Result<T, E> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| PyErr::from(e.into()))
    }
}

/// Bad input as `ValueError`: the library's message with Python's names of the options
/// (`line=`, `box=`).
fn input_error(e: InputError) -> PyErr {
    let names = OptionNames {
        line: "line=",
        line_option: "line=",
        line_k: "line=K",
        box_shape: |rows, cols| format!("box=({rows}, {cols})"),
        box_hint: None,
        takes_one: "a Puzzle is one",
    };
    value_error(e.said_with(&names))
}

/// A limit not kept, as `ValueError`: the library's sentence with Python's name of the keyword
/// option (the command line says the same sentence with `--time-limit`).
fn limit_error(e: LimitError) -> PyErr {
    let name = match e.limit() {
        Limit::TimeLimit => "time_limit",
        Limit::StartBudget => "start_budget",
        Limit::Threads => "threads",
        Limit::Jobs => "jobs",
        Limit::BoxSide => "box",
    };
    PyValueError::new_err(e.said_of(name))
}

/// A failure that is not about the puzzle: [`SolverError`].
pub(crate) fn solver_error(e: impl std::fmt::Display) -> PyErr {
    SolverError::new_err(e.to_string())
}
