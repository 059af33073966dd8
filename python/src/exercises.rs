//! The exercises a student does and the library checks, in Python: `row_check` (the student's
//! own rows for one rule). The lab's own cut and predictions are methods of `Lab`.

use crate::convert::value_error;
use crate::puzzle::PyPuzzle;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_ilp::row_check::{row_check as check_rows, RowCheckError, Strength};

/// Checks the student's `rows` (separated by ';', over the rule's candidates `x_r1_c1_v3` or
/// `r1c1=3`) for rule `rule` of `puzzle` (cage1, thermo1_step1, white1, xv1, row_r1, …):
/// a dict with "verdict" (one line), "exact", "allowed" (how many assignments the rule allows),
/// "assignments", "forbidden_accepted" (an assignment named, or None), "allowed_refused"
/// ([assignment, row] or None) and, when exact, "strength" ("as strong", "weaker" or
/// "none found") with "point" (the fractional point the strong form cuts off) and "row".
/// An unknown rule or a row that cannot be read raises ValueError.
#[pyfunction]
pub fn row_check<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    rule: &str,
    rows: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let backend = sudoku_ilp::solve::lab_lp::lab_backend();
    let r = check_rows(&puzzle.inner, rule, rows, &backend).map_err(|e| match e {
        RowCheckError::Lp(_) | RowCheckError::TooMany => crate::SolverError::new_err(e.to_string()),
        e => value_error(e),
    })?;
    let d = PyDict::new(py);
    d.set_item("verdict", r.verdict())?;
    d.set_item("exact", r.exact())?;
    d.set_item("rule", &r.rule)?;
    d.set_item("cells", &r.cells)?;
    d.set_item("allowed", r.allowed)?;
    d.set_item("assignments", r.assignments.to_string())?;
    d.set_item("forbidden_accepted", &r.forbidden_accepted)?;
    d.set_item(
        "allowed_refused",
        r.allowed_refused
            .as_ref()
            .map(|(a, row)| vec![a.clone(), row.clone()]),
    )?;
    let (strength, point, row) = match &r.strength {
        None => (None, None, None),
        Some(Strength::AsStrong { how }) => (Some("as strong"), None, Some(how.clone())),
        Some(Strength::Weaker { point, row }) => {
            (Some("weaker"), Some(point.clone()), Some(row.clone()))
        }
        Some(Strength::NoneFound { .. }) => (Some("none found"), None, None),
    };
    d.set_item("strength", strength)?;
    d.set_item("point", point)?;
    d.set_item("row", row)?;
    Ok(d)
}
