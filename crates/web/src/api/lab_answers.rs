//! The lab's graded exercises as JSON (issue 45): a student's cut (`cut my: …`, valid or not
//! with the counterexample grid, whether it cuts off the node's LP point, the bound's move) and
//! a prediction (`predict …`, right or wrong with its reason), beside the text `lab` prints.

use serde_json::{json, Value};
use sudoku_ilp::lab::cuts::student::{Proof, StudentCutReport, Validity};
use sudoku_ilp::lab::predict::Graded;
use sudoku_ilp::lab::script::{Step, StepOutcome};
use sudoku_ilp::lab::Lab;
use sudoku_ilp::lp_interface::LabLp;
use sudoku_ilp::report::exercise::{graded_text, student_cut_text};
use sudoku_ilp::report::svg::svg;

/// The graded steps of a script, in order: `{kind: "cut", …}` or `{kind: "predict", …}`.
pub(super) fn answers<L: LabLp>(lab: &Lab<L>, steps: &[Step]) -> Vec<Value> {
    steps
        .iter()
        .filter_map(|step| match &step.outcome {
            StepOutcome::StudentCut { report } => Some(student_cut_json(lab, report)),
            StepOutcome::Predicted { node, graded } => Some(graded_json(*node, graded)),
            _ => None,
        })
        .collect()
}

/// `valid` is true, false, or null (the MILP stopped at the time limit); when valid,
/// `no_grid_with` the rows whose addition left no integer point (integer coefficients) or
/// `extremes` the MILPs' optima (fractional ones); `counterexample` a
/// grid of the node's subproblem that violates the cut (it has passed the library's checker),
/// with its picture; `added` the cut's name and the node's bound before and after.
fn student_cut_json<L: LabLp>(lab: &Lab<L>, r: &StudentCutReport) -> Value {
    let (valid, counterexample, activity) = match &r.validity {
        Validity::Valid { .. } => (Some(true), None, None),
        Validity::Invalid { grid, activity } => (Some(false), Some(grid), Some(*activity)),
        Validity::Undecided => (None, None, None),
    };
    let (extremes, no_grid_with) = match &r.validity {
        Validity::Valid {
            proof: Proof::Extremes(extremes),
        } => (*extremes, None),
        Validity::Valid {
            proof: Proof::NoGridReaches { at_least, at_most },
        } => (
            None,
            Some(json!({"at_least": at_least, "at_most": at_most})),
        ),
        _ => (None, None),
    };
    let added = r.added.as_ref().map(|a| {
        json!({
            "name": lab.cuts[a.cut].name,
            "bound_before": a.bound_before,
            "bound_after": a.bound_after,
            "fractional_before": a.fractional_before,
            "fractional_after": a.fractional_after,
            "status_after": a.status_after.name(),
        })
    });
    json!({
        "kind": "cut",
        "node": r.node,
        "row": r.cut.lp_text(|j| lab.column_name(j)),
        "zeros": r.zeros,
        "valid": valid,
        "counterexample": counterexample.map(|g| g.rows()),
        "counterexample_svg": counterexample.map(|g| svg(&lab.puzzle, Some(g), Some("A grid that violates your cut"))),
        "activity": activity,
        "extremes": extremes.map(|(low, high)| [low, high]),
        "no_grid_with": no_grid_with,
        "cuts_off": r.cuts_off(),
        "violation": r.violation,
        "added": added,
        "text": student_cut_text(lab, r),
    })
}

fn graded_json(node: usize, g: &Graded) -> Value {
    json!({
        "kind": "predict",
        "node": node,
        "question": g.question,
        "given": g.given,
        "expected": g.expected,
        "correct": g.correct,
        "reason": g.reason,
        "text": graded_text(g).trim().to_string(),
    })
}
