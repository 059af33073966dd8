//! `hint`, `steps` and `rate`: the library's path of human techniques with LP certificates.
//! A `Step` shows itself as its picture in Jupyter.

use crate::convert::{to_py, Raise};
use crate::options::time_limited;
use crate::puzzle::PyPuzzle;
use pyo3::prelude::*;
use sudoku_ilp::hint::path::{solve_path, PathOptions};
use sudoku_ilp::hint::rating::{rate as rate_puzzle, RateOptions};
use sudoku_ilp::limits::DEFAULT_TIME_LIMIT;
use sudoku_ilp::named::parse;
use sudoku_ilp::report::hint::{hint_text, rating_json, step_json, step_svg, step_text, HintLevel};

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
    /// The hint's text at the level asked for (`hint(level=...)`; the whole step in `steps`).
    #[pyo3(get)]
    hint: String,
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

fn steps_of(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    options: PathOptions,
    level: HintLevel,
) -> PyResult<Vec<Step>> {
    let inner = puzzle.inner.clone();
    let path = py.detach(|| solve_path(&inner, options)).raise()?;
    Ok(path
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| Step {
            technique: s.step.technique.name().to_string(),
            difficulty: (s.step.difficulty * 10.0).round() / 10.0,
            text: step_text(i + 1, s),
            hint: hint_text(s, level),
            json: step_json(s),
            svg: step_svg(s),
        })
        .collect())
}

/// The next step (or `None` when the grid is complete), its `hint` text at `level` (one of
/// `sudoku_ilp.HINT_LEVELS`, as `hint --level`). Raises `ValueError` when the puzzle has no
/// solution or several, or for an unknown level; `SolverError` when an LP fails;
/// `TimeoutError` when `time_limit` (seconds) is reached first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, level = "value", time_limit = DEFAULT_TIME_LIMIT))]
pub fn hint(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    level: &str,
    time_limit: f64,
) -> PyResult<Option<Step>> {
    let level: HintLevel =
        parse(level).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.said_of("level")))?;
    let options = PathOptions {
        max_steps: 1,
        limits: time_limited(time_limit)?,
        ..PathOptions::default()
    };
    Ok(steps_of(py, puzzle, options, level)?.into_iter().next())
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
    steps_of(py, puzzle, options, HintLevel::Value)
}

/// The rating: a dict with `difficulty` (Sukaku Explainer's scale, the same with `lp=False`),
/// `hardest`, `lp_level` (None with `lp=False`), `root_lp_integral`, `lp_bb_nodes`, `guessed`.
/// `uniqueness=False` leaves out the techniques that assume one solution (unique rectangles/loops, BUG). Raises
/// `TimeoutError` when `time_limit` (seconds) is reached first.
#[pyfunction]
#[pyo3(signature = (puzzle, *, lp = true, uniqueness = true, time_limit = DEFAULT_TIME_LIMIT))]
pub fn rate<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    lp: bool,
    uniqueness: bool,
    time_limit: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let inner = puzzle.inner.clone();
    let options = RateOptions { lp, uniqueness };
    let limits = time_limited(time_limit)?;
    let rating = py
        .detach(|| rate_puzzle(&inner, options, None, &limits))
        .raise()?;
    to_py(py, &rating_json(&rating))
}

/// Checks the student's proof that `eliminate` (`"r9c8=2"`) leaves the puzzle: `rows`, a
/// combination of the model's rows named as `export(p, "lp")` writes them, each with a
/// multiplier (`"row_r9_v2 - box_b8_v2"`). Returns a dict as `prove --json` prints it:
/// `proves`, `rows`, `summed` (the rows written out, their sum, the columns that spoil it and
/// why), `error`, `model_answer` (the tool's own certificate, None with `answer=False`), and
/// `text` (as `prove` prints it). Raises `ValueError` for an unknown row name or an elimination
/// outside the grid or of a given, `TimeoutError` when `time_limit` (seconds) is reached
/// before the model answer.
#[pyfunction]
#[pyo3(signature = (puzzle, eliminate, rows, *, answer = true, time_limit = DEFAULT_TIME_LIMIT))]
pub fn prove<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    eliminate: &str,
    rows: &str,
    answer: bool,
    time_limit: f64,
) -> PyResult<Bound<'py, PyAny>> {
    use sudoku_ilp::hint::certificate::CertificateFailure;
    use sudoku_ilp::prove::{check_proof, model_answer, parse_elimination};
    use sudoku_ilp::report::prove::{prove_json, prove_text};
    let value_error =
        |e: sudoku_ilp::prove::ProveError| pyo3::exceptions::PyValueError::new_err(e.to_string());
    let inner = puzzle.inner.clone();
    let limits = time_limited(time_limit)?;
    let target = parse_elimination(eliminate, &inner).map_err(value_error)?;
    let check = check_proof(&inner, target, rows).map_err(value_error)?;
    let model = if answer {
        let deadline = limits.deadline();
        let found = py.detach(|| {
            let backend = sudoku_ilp::solve::lab_lp::hint_backend_until(deadline);
            model_answer(&inner, target, backend)
        });
        match found {
            Ok(proof) => Some(proof),
            Err(e @ CertificateFailure::TimeLimit) => {
                return Err(pyo3::exceptions::PyTimeoutError::new_err(e.to_string()))
            }
            Err(e) => return Err(crate::convert::solver_error(e)),
        }
    } else {
        None
    };
    let mut out = prove_json(&check, model.as_ref());
    out["text"] = serde_json::json!(prove_text(&check, model.as_ref()));
    to_py(py, &out)
}
