//! The student's own rows for one rule (issue 45 item 3), as `row-check` answers: exact or not
//! (a forbidden assignment accepted, an allowed one refused, named), then as strong as the
//! project's form or weaker (with the fractional point the strong form cuts off).

use super::{one_line, Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::formulation::binary::house_row_name;
use sudoku_ilp::report::exercise::row_check_text;
use sudoku_ilp::row_check::{row_check, Strength};

impl Core {
    /// The rules a student can write rows for, by the names `row_check` takes: each rule's
    /// tag (`cage1`, `thermo1_step2`) and its family prefix (`thermo1`), then the houses
    /// (`row_r1`, `col_c1`, `box_b1`, …).
    pub fn check_rules(&self) -> String {
        let mut names: Vec<String> = Vec::new();
        let mut push = |name: &str| {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        };
        for p in self.puzzle.primitives() {
            if let Some((family, _)) = p.tag().split_once('_') {
                push(family);
            }
            push(p.tag());
        }
        for house in self.puzzle.houses() {
            let row = house_row_name(house.kind, 1);
            push(row.strip_suffix("_v1").unwrap_or(&row));
        }
        json!(names).to_string()
    }

    /// Checks the student's `rows` (separated by `;` or new lines) for rule `rule`:
    /// `{verdict, exact, rule, cells, primitives, allowed, assignments, forbidden_accepted,
    /// allowed_refused: [assignment, row] | null, strength: "as strong" | "weaker" |
    /// "none found" | null, point, row, text}`.
    pub fn row_check(&self, rule: &str, rows: &str) -> Result<String, Failure> {
        let r = row_check(&self.puzzle, rule, rows, &self.backends.lab).map_err(one_line)?;
        let (strength, point, row): (Option<&str>, Option<&str>, Option<&str>) = match &r.strength {
            None => (None, None, None),
            Some(Strength::AsStrong { how }) => (Some("as strong"), None, Some(how)),
            Some(Strength::Weaker { point, row }) => (Some("weaker"), Some(point), Some(row)),
            Some(Strength::NoneFound { .. }) => (Some("none found"), None, None),
        };
        let out: Value = json!({
            "verdict": r.verdict(),
            "exact": r.exact(),
            "rule": r.rule,
            "cells": r.cells,
            "primitives": r.primitives,
            "allowed": r.allowed,
            "assignments": r.assignments.to_string(),
            "forbidden_accepted": r.forbidden_accepted,
            "allowed_refused": r.allowed_refused.as_ref().map(|(a, row)| [a, row]),
            "strength": strength,
            "point": point,
            "row": row,
            "text": row_check_text(&r),
        });
        Ok(out.to_string())
    }
}
