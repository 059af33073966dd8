//! The fewest givens and rules to remove ([`crate::fix`]), as text and as the JSON of
//! `explain --fix --json`.

use super::explain::{rule_json, rule_text};
use crate::fix::{FixVerdict, Fixed};
use crate::format::grid_text;
use crate::puzzle::Puzzle;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// `{"status": "optimal" | "time_limit", "remove": {"givens": [[row, col, value], ...],
/// "rules": [{"index", "type", "name", "cells", "rule"}, ...]}, "removed", "kept", "items",
/// "grid" (a completion of what is kept, checked), "nodes", "time_ms", "name"}` (1-based; the
/// rules as in `explain --json`). `remove`, `removed`, `kept` and `grid` only when optimal.
pub fn fixed_json(puzzle: &Puzzle, fixed: &Fixed) -> Value {
    let mut doc = json!({ "model": crate::formulation::fix::LABEL });
    match &fixed.verdict {
        FixVerdict::Fixed(repair) => {
            doc["status"] = json!("optimal");
            let givens: Vec<[usize; 3]> = repair
                .givens
                .iter()
                .map(|(c, v)| [c.row + 1, c.col + 1, *v as usize])
                .collect();
            let rules: Vec<Value> = repair
                .rules
                .iter()
                .map(|&k| rule_json(k, &puzzle.rules()[k]))
                .collect();
            doc["remove"] = json!({ "givens": givens, "rules": rules });
            doc["removed"] = json!(repair.givens.len() + repair.rules.len());
            doc["kept"] = json!(repair.kept);
            doc["grid"] = json!(repair.grid.rows());
        }
        FixVerdict::TimeLimit => doc["status"] = json!("time_limit"),
    }
    doc["items"] = json!(fixed.items);
    doc["nodes"] = json!(fixed.nodes);
    doc["time_ms"] = json!(super::round3(fixed.time_ms));
    if let Some(name) = puzzle.name() {
        doc["name"] = json!(name);
    }
    doc
}

/// The removals as people read them, the completion of the rest, and the time it took.
pub fn fixed_text(puzzle: &Puzzle, fixed: &Fixed) -> String {
    let mut out = String::new();
    match &fixed.verdict {
        FixVerdict::Fixed(repair) if repair.givens.is_empty() && repair.rules.is_empty() => {
            let _ = writeln!(
                out,
                "the puzzle has a solution; nothing to remove:\n{}",
                grid_text(&repair.grid, puzzle.layout())
            );
        }
        FixVerdict::Fixed(repair) => {
            let removed = repair.givens.len() + repair.rules.len();
            let _ = writeln!(
                out,
                "remove {removed} of {} givens and rules and the puzzle has a solution \
                 (fewest: proven by HiGHS on the fix model; checked by CaDiCaL and the checker)",
                fixed.items
            );
            for (c, v) in &repair.givens {
                let _ = writeln!(out, "given    {c}={v}");
            }
            for &k in &repair.rules {
                let _ = writeln!(out, "rule     {}", rule_text(k, &puzzle.rules()[k]));
            }
            let _ = write!(
                out,
                "a solution without them:\n{}",
                grid_text(&repair.grid, puzzle.layout())
            );
        }
        FixVerdict::TimeLimit => {
            let _ = writeln!(
                out,
                "time limit reached before HiGHS proved the fewest removals"
            );
        }
    }
    let _ = writeln!(
        out,
        "time     {:.1} ms, {} branch-and-bound nodes",
        fixed.time_ms, fixed.nodes
    );
    out
}
