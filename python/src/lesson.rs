//! `sudoku_ilp.Lesson`: a lesson file played in a notebook ([`sudoku_ilp::lesson`]): `next()`
//! shows a step (its action run), `answer(text)` grades the answer with its reason, `score()`
//! counts the questions answered right at the first try; `check_lesson(path)` is `lesson
//! check`.

use crate::convert::value_error;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use sudoku_ilp::lesson::{check_lesson as check, open, LessonError, NativePlayer};
use sudoku_ilp::limits::{Limits, DEFAULT_TIME_LIMIT};

/// A lesson error as `SolverError` (the LP failed or reached its limit) or `ValueError` (the
/// lesson file, or a call out of order).
fn lesson_error(e: LessonError) -> PyErr {
    if e.is_solver() {
        crate::SolverError::new_err(e.to_string())
    } else {
        value_error(e)
    }
}

fn player(path: PathBuf, time_limit: f64) -> PyResult<NativePlayer> {
    let limits = Limits::seconds(time_limit).map_err(value_error)?;
    open(&path, limits).map_err(lesson_error)
}

/// A lesson file played step by step: `Lesson("data/lessons/duality.json")`, then `next()`
/// (a dict: "index", "text", "action" — what the tool did, as text, or None — "kind" and
/// "prompt" of the question or None, "hint"; None after the last step), `answer(text)` (a
/// dict: "correct", "given", "expected", "reason", "readable") for the step shown last, and
/// `score()`. A lesson that cannot be read or played raises ValueError, a solver failure
/// SolverError. `time_limit` (seconds) bounds each LP and MILP.
#[pyclass(name = "Lesson", unsendable, module = "sudoku_ilp")]
pub struct PyLesson {
    player: NativePlayer,
}

#[pymethods]
impl PyLesson {
    #[new]
    #[pyo3(signature = (path, *, time_limit = DEFAULT_TIME_LIMIT))]
    fn new(path: PathBuf, time_limit: f64) -> PyResult<PyLesson> {
        Ok(PyLesson {
            player: player(path, time_limit)?,
        })
    }

    /// The lesson's title.
    #[getter]
    fn title(&self) -> String {
        self.player.lesson.title.clone()
    }

    /// What the lesson is about.
    #[getter]
    fn about(&self) -> String {
        self.player.lesson.about.clone()
    }

    /// How many steps the lesson has.
    #[getter]
    fn steps(&self) -> usize {
        self.player.lesson.steps.len()
    }

    /// True when every step was shown.
    #[getter]
    fn done(&self) -> bool {
        self.player.done()
    }

    /// Shows the next step (its action run): a dict, or None after the last step.
    fn next<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(shown) = self.player.next_step().map_err(lesson_error)? else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("index", shown.index)?;
        d.set_item("text", &shown.text)?;
        d.set_item("action", &shown.action)?;
        let (kind, prompt) = shown.question.clone().unzip();
        d.set_item("kind", kind)?;
        d.set_item("prompt", prompt)?;
        d.set_item("hint", &shown.hint)?;
        Ok(Some(d))
    }

    /// Grades `text` as the answer to the question of the step shown last: a dict with
    /// "correct", "given", "expected" (a right answer), "reason" and "readable" (False when
    /// the answer could not be read; it is then wrong). The first answer of each question
    /// counts towards the score.
    fn answer<'py>(&mut self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
        let g = self.player.answer(text).map_err(lesson_error)?;
        let d = PyDict::new(py);
        d.set_item("correct", g.correct)?;
        d.set_item("given", &g.given)?;
        d.set_item("expected", &g.expected)?;
        d.set_item("reason", &g.reason)?;
        d.set_item("readable", g.readable)?;
        Ok(d)
    }

    /// The score so far: "right" (at the first try), "answered", "questions", "text".
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.player.score();
        let d = PyDict::new(py);
        d.set_item("right", s.right)?;
        d.set_item("answered", s.answered)?;
        d.set_item("questions", s.questions)?;
        d.set_item("text", s.text())?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Lesson({:?}, step {} of {})",
            self.player.lesson.title,
            self.player.position,
            self.player.lesson.steps.len()
        )
    }
}

/// `lesson check`: plays every step of the lesson at `path` and grades its own answers: a dict
/// with "passed", "steps", "questions" and "mismatches" (each a dict: "step" from 1, "kind",
/// "expected" — the lesson's —, "computed" — the library's —, "reason").
#[pyfunction]
#[pyo3(signature = (path, *, time_limit = DEFAULT_TIME_LIMIT))]
pub fn check_lesson<'py>(
    py: Python<'py>,
    path: PathBuf,
    time_limit: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let mut p = player(path, time_limit)?;
    let report = check(&mut p).map_err(lesson_error)?;
    let d = PyDict::new(py);
    d.set_item("passed", report.passed())?;
    d.set_item("steps", report.steps)?;
    d.set_item("questions", report.questions)?;
    let mismatches = report
        .mismatches
        .iter()
        .map(|m| {
            let x = PyDict::new(py);
            x.set_item("step", m.step)?;
            x.set_item("kind", m.kind)?;
            x.set_item("expected", &m.expected)?;
            x.set_item("computed", &m.computed)?;
            x.set_item("reason", &m.reason)?;
            Ok(x)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("mismatches", mismatches)?;
    Ok(d)
}
