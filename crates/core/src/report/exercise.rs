//! The exercises' answers on screen: a student's cut (valid or not, with the counterexample
//! grid; whether it cuts off the node's point; the bound's move), a graded prediction, and a
//! student's model rows for a rule ([`crate::row_check`]).

use crate::lab::cuts::short;
use crate::lab::cuts::student::{Proof, StudentCutReport, Validity};
use crate::lab::lp::LabLp;
use crate::lab::predict::Graded;
use crate::lab::Lab;
use crate::row_check::{RowCheck, Strength};
use std::fmt::Write;

/// A student's cut, indented two spaces, one fact a line.
pub fn student_cut_text<L: LabLp>(lab: &Lab<L>, r: &StudentCutReport) -> String {
    let mut out = String::new();
    let name = |j: usize| lab.column_name(j);
    let mut cut = r.cut.clone();
    if cut.name.is_empty() {
        cut.name = "my".into();
    }
    let _ = writeln!(out, "  {}", cut.lp_text_at_most(12, name));
    if !r.zeros.is_empty() {
        let _ = writeln!(
            out,
            "  left out of the model, 0 in every grid (the givens rule them out): {}",
            r.zeros.join(", ")
        );
    }
    let node = r.node;
    let _ = match &r.validity {
        Validity::Valid { proof } => writeln!(out, "  valid at node {node}: {}", proof_text(proof)),
        Validity::Invalid { grid, activity } => writeln!(
            out,
            "  not valid at node {node}: this grid of its subproblem (checked) violates it, the \
             left side is {}:\n{}",
            short(*activity),
            crate::format::grid_text(grid, lab.puzzle.layout())
                .lines()
                .map(|l| format!("    {l}\n"))
                .collect::<String>()
                .trim_end()
        ),
        Validity::Undecided => writeln!(
            out,
            "  not decided: the MILP stopped at the time limit (the cut was not added)"
        ),
    };
    let _ = if r.violation.is_nan() {
        writeln!(out, "  node {node} has no LP point to cut off")
    } else if r.cuts_off() {
        writeln!(
            out,
            "  cuts off node {node}'s LP point (violated by {})",
            short(r.violation)
        )
    } else {
        writeln!(out, "  does not cut off node {node}'s LP point")
    };
    let _ = match (&r.added, &r.validity) {
        (Some(a), _) => writeln!(
            out,
            "  added as {}: bound {} → {} · fractional columns {} → {} · node now {}",
            lab.cuts[a.cut].name,
            short(a.bound_before),
            short(a.bound_after),
            a.fractional_before,
            a.fractional_after,
            a.status_after.name()
        ),
        (None, Validity::Valid { .. }) => writeln!(
            out,
            "  not added: node {node} is {}, not open",
            lab.nodes[node].status.name()
        ),
        (None, _) => writeln!(out, "  not added"),
    };
    out
}

/// A graded prediction, indented two spaces.
pub fn graded_text(g: &Graded) -> String {
    let verdict = if g.correct {
        "right".to_string()
    } else {
        format!("wrong (the answer is {})", g.expected)
    };
    format!(
        "  {}: you said {} — {verdict}: {}\n",
        g.question, g.given, g.reason
    )
}

/// A row check: the verdict first, then the facts.
pub fn row_check_text(r: &RowCheck) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", r.verdict());
    let _ = writeln!(
        out,
        "rule {}: {} over {} · {} of {} assignments allowed",
        r.rule,
        r.primitives.join("; "),
        r.cells.join(" "),
        r.allowed,
        r.assignments
    );
    if let Some(f) = &r.forbidden_accepted {
        let _ = writeln!(out, "your rows accept the forbidden assignment {f}");
    }
    if let Some((a, row)) = &r.allowed_refused {
        let _ = writeln!(
            out,
            "your rows refuse the allowed assignment {a} (row {row})"
        );
    }
    let _ = match &r.strength {
        None => Ok(()),
        Some(Strength::AsStrong { how }) => writeln!(out, "as strong as the project's form: {how}"),
        Some(Strength::Weaker { point, row }) => writeln!(
            out,
            "weaker than the project's form: your LP allows the fractional point {point}, which {row} cuts off"
        ),
        Some(Strength::NoneFound { probes }) => writeln!(
            out,
            "no fractional point of your LP found outside the project's form in {probes} probes \
             (vertices maximising and minimising each candidate; not a proof that none exists)"
        ),
    };
    out
}

/// Why a valid cut is valid, as the MILPs decided it.
fn proof_text(proof: &Proof) -> String {
    match proof {
        Proof::NoGridReaches { at_least, at_most } => {
            let rows: Vec<String> = [(at_least, "≥"), (at_most, "≤")]
                .into_iter()
                .filter_map(|(k, sign)| k.map(|k| format!("left side {sign} {}", short(k))))
                .collect();
            match rows.is_empty() {
                true => "no side to violate".into(),
                false => format!(
                    "no grid of its subproblem violates it (MILP, exact: with the row {} added \
                     the subproblem has no integer point; integer coefficients make the left \
                     side an integer)",
                    rows.join(" added, and with the row ")
                ),
            }
        }
        Proof::Extremes(None) => "its subproblem has no grid (the MILP is infeasible)".into(),
        Proof::Extremes(Some((low, high))) => {
            let range = match (low.is_nan(), high.is_nan()) {
                (true, _) => format!("at most {}", short(*high)),
                (_, true) => format!("at least {}", short(*low)),
                _ => format!("between {} and {}", short(*low), short(*high)),
            };
            format!(
                "no grid of its subproblem violates it (MILP, exact: the left side is {range} \
                 over those grids)"
            )
        }
    }
}
