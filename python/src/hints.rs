//! `hint`, `steps` and `rate`: the library's path of human techniques with LP certificates.
//! A `Step` shows itself as its picture in Jupyter.

use crate::convert::{to_py, value_error};
use crate::options::time_limited;
use crate::puzzle::PyPuzzle;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use sudoku_ilp::hint::level::lp_level;
use sudoku_ilp::hint::path::{solve_path, HintError, PathOptions};
use sudoku_ilp::limits::DEFAULT_TIME_LIMIT;
use sudoku_ilp::report::hint::{rating_json, step_json, step_svg, step_text};

/// One step of a path: `technique`, `difficulty`, `text` (with its certificates), `json()` (as
/// in `steps --json`) and its picture (`_repr_svg_`).
#[pyclass(module = "sudoku_ilp", frozen)]
pub struct Step {
    #[pyo3(get)]
    technique: String,
    #[pyo3(get)]
    difficulty: f64,
    #[pyo3(get)]
    text: String,
    json: serde_json::Value,
    svg: String,
}

#[pymethods]
impl Step {
    /// The step as a dict (technique, difficulty, placements, eliminations with certificates).
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json)
    }

    fn _repr_svg_(&self) -> String {
        self.svg.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Step {} ({:.1})>", self.technique, self.difficulty)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// `TimeoutError` for the time limit, `ValueError` for the rest (no solution, several, ...).
fn hint_error(e: HintError) -> PyErr {
    match e {
        HintError::TimeLimit(_) => PyTimeoutError::new_err(e.to_string()),
        e => value_error(e),
    }
}

fn steps_of(py: Python<'_>, puzzle: &PyPuzzle, options: PathOptions) -> PyResult<Vec<Step>> {
    let inner = puzzle.inner.clone();
    let path = py
        .detach(|| solve_path(&inner, options))
        .map_err(hint_error)?;
    Ok(path
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| Step {
            technique: s.step.technique.name().to_string(),
            difficulty: (s.step.difficulty * 10.0).round() / 10.0,
            text: step_text(i + 1, s),
            json: step_json(s),
            svg: step_svg(s),
        })
        .collect())
}

/// The next step (or `None` when the grid is complete). Raises `ValueError` when the puzzle
/// has no solution or several, `TimeoutError` when `time_limit` (seconds) is reached first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, time_limit = DEFAULT_TIME_LIMIT))]
pub fn hint(py: Python<'_>, puzzle: &PyPuzzle, time_limit: f64) -> PyResult<Option<Step>> {
    let options = PathOptions {
        max_steps: 1,
        limits: time_limited(time_limit)?,
        ..PathOptions::default()
    };
    Ok(steps_of(py, puzzle, options)?.into_iter().next())
}

/// The path to the solution, one `Step` per technique, each elimination with its certificate.
/// Raises `TimeoutError` when `time_limit` (seconds) is reached first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, certificates = true, time_limit = DEFAULT_TIME_LIMIT))]
pub fn steps(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    certificates: bool,
    time_limit: f64,
) -> PyResult<Vec<Step>> {
    let options = PathOptions {
        certificates,
        limits: time_limited(time_limit)?,
        ..PathOptions::default()
    };
    steps_of(py, puzzle, options)
}

/// The rating: a dict with `difficulty` (Sukaku Explainer's scale), `hardest`, `lp_level`
/// (None with `lp=False`), `root_lp_integral`, `lp_bb_nodes`, `guessed`. Raises `TimeoutError`
/// when `time_limit` (seconds) is reached first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, lp = true, time_limit = DEFAULT_TIME_LIMIT))]
pub fn rate<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    lp: bool,
    time_limit: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let inner = puzzle.inner.clone();
    let limits = time_limited(time_limit)?;
    let json = py.detach(|| -> Result<serde_json::Value, HintError> {
        let start = std::time::Instant::now();
        let options = PathOptions {
            certificates: false,
            lp_steps: lp,
            max_steps: usize::MAX,
            limits,
        };
        let path = solve_path(&inner, options)?;
        let level = if lp {
            Some(lp_level(
                &inner,
                &path.solution,
                &limits.after(start.elapsed()),
            )?)
        } else {
            None
        };
        Ok(rating_json(&path, level.as_ref()))
    });
    to_py(py, &json.map_err(hint_error)?)
}
