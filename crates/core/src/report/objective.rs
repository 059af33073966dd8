//! The objective of a solved puzzle in the reports: its value at the printed grid (computed
//! from the grid, not read from the solver), the best bound the engine proved, and the gap.

use crate::engine::{Solution, Stats};
use crate::puzzle::Puzzle;
use serde_json::{json, Value};

/// Objective, bound and gap of a solution.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectiveReport {
    /// `max:diagonal`.
    pub spec: String,
    /// The `"weights"` input field that reads back as the objective.
    pub weights: Value,
    /// At the printed grid.
    pub value: f64,
    /// No grid is better (`None` when the engine proves none).
    pub bound: Option<f64>,
    /// |value − bound| / max(1, |value|).
    pub gap: Option<f64>,
}

/// The report, when the puzzle has an objective and the solution a grid.
pub fn objective_report(puzzle: &Puzzle, solution: &Solution) -> Option<ObjectiveReport> {
    let objective = puzzle.objective()?;
    let grid = solution.grid.as_ref()?;
    let value = objective.value(&grid.values) as f64;
    let bound = match &solution.stats {
        Stats::Milp(m) => m.objective.map(|o| o.bound),
        Stats::LpBb(b) => b.bound,
        _ => None,
    };
    Some(ObjectiveReport {
        spec: objective.spec(),
        weights: objective.weights_json(),
        value,
        bound,
        gap: bound.map(|b| (value - b).abs() / value.abs().max(1.0)),
    })
}

/// `"objective": {"sense", "weights", "spec", "value", "bound", "gap"}` (reads back as input).
pub fn objective_json(report: &ObjectiveReport) -> Value {
    let sense = report.spec.split(':').next().unwrap_or("max");
    json!({
        "spec": report.spec,
        "sense": sense,
        "weights": report.weights,
        "value": report.value,
        "bound": report.bound,
        "gap": report.gap,
    })
}

/// `objective max:diagonal = 14 (bound 14, gap 0)`.
pub fn objective_line(report: &ObjectiveReport) -> String {
    let bound = match (report.bound, report.gap) {
        (Some(b), Some(g)) => format!(
            " (bound {}, gap {})",
            crate::lab::cuts::short(b),
            crate::lab::cuts::short(g)
        ),
        _ => String::new(),
    };
    format!("objective {} = {}{bound}", report.spec, report.value)
}
