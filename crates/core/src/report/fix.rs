//! The fewest givens and rules to remove ([`crate::fix`]), as text and as the JSON of
//! `explain --fix --json`.

use super::explain::{rule_json, rule_text};
use crate::fix::{FixVerdict, Fixed, SingleFixes};
use crate::format::grid_text;
use crate::puzzle::{Cell, Puzzle};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// `{"status": "optimal" | "time_limit", "remove": {"givens": [[row, col, value], ...],
/// "rules": [{"index", "type", "name", "cells", "rule"}, ...]}, "removed", "kept", "items",
/// "grid" (one solution of the fixed puzzle, checked), "single_fixes", "nodes", "time_ms",
/// "name"}` (1-based; the rules as in `explain --json`). `remove`, `removed`, `kept` and `grid`
/// only when optimal; `single_fixes` only when one removal is the fewest: `{"count", "givens",
/// "rules", "complete"}`, every given and rule instance whose removal alone leaves a solution
/// (each checked; `complete` false when the time limit stopped the search).
pub fn fixed_json(puzzle: &Puzzle, fixed: &Fixed) -> Value {
    let mut doc = json!({ "model": crate::formulation::fix::LABEL });
    match &fixed.verdict {
        FixVerdict::Fixed(repair) => {
            doc["status"] = json!("optimal");
            let givens = givens_json(&repair.givens);
            let rules: Vec<Value> = repair
                .rules
                .iter()
                .map(|&k| rule_json(k, &puzzle.rules()[k]))
                .collect();
            doc["remove"] = json!({ "givens": givens, "rules": rules });
            doc["removed"] = json!(repair.givens.len() + repair.rules.len());
            doc["kept"] = json!(repair.kept);
            doc["grid"] = json!(repair.grid.rows());
            if let Some(singles) = &repair.singles {
                doc["single_fixes"] = json!({
                    "count": singles.len(),
                    "givens": givens_json(&singles.givens),
                    "rules": singles.rules.iter().map(|&k| rule_json(k, &puzzle.rules()[k])).collect::<Vec<_>>(),
                    "complete": singles.complete,
                });
            }
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

/// Givens as `[row, col, value]`, 1-based.
fn givens_json(givens: &[(Cell, u8)]) -> Vec<[usize; 3]> {
    givens
        .iter()
        .map(|(c, v)| [c.row + 1, c.col + 1, *v as usize])
        .collect()
}

/// What the puzzle's items are: givens, and rules when it has any.
fn items_word(puzzle: &Puzzle) -> &'static str {
    match puzzle.rules().is_empty() {
        true => "givens",
        false => "givens and rules",
    }
}

/// The single removals that each fix the puzzle alone, when there are others than the one
/// printed, or the sentence that the one printed is the only one.
fn singles_text(puzzle: &Puzzle, singles: &SingleFixes) -> String {
    let mut out = String::new();
    if !singles.complete {
        let _ = writeln!(
            out,
            "{} single removals found before the time limit that each leave a solution (not every one was tried):",
            singles.len()
        );
    } else if singles.len() <= 1 {
        let _ = writeln!(
            out,
            "this is the only single removal that leaves a solution (every other one tried)"
        );
        return out;
    } else {
        let _ = writeln!(
            out,
            "{} different single removals each leave a solution (each checked by CaDiCaL and the checker); the puzzle alone does not say which one is wrong:",
            singles.len()
        );
    }
    for (c, v) in &singles.givens {
        let _ = writeln!(out, "  given  {c}={v}");
    }
    for &k in &singles.rules {
        let _ = writeln!(out, "  rule   {}", rule_text(k, &puzzle.rules()[k]));
    }
    out
}

/// The removals as people read them, one solution of the fixed puzzle, and the time it took.
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
                "remove {removed} of {} {} and the puzzle has a solution \
                 (fewest: proven by HiGHS on the fix model; checked by CaDiCaL and the checker)",
                fixed.items,
                items_word(puzzle)
            );
            for (c, v) in &repair.givens {
                let _ = writeln!(out, "given    {c}={v}");
            }
            for &k in &repair.rules {
                let _ = writeln!(out, "rule     {}", rule_text(k, &puzzle.rules()[k]));
            }
            match &repair.singles {
                Some(singles) => out += &singles_text(puzzle, singles),
                None => {
                    let _ = writeln!(
                        out,
                        "one fix of {removed} removals; other sets of {removed} may fix it too (not searched)"
                    );
                }
            }
            let names: Vec<String> = repair
                .givens
                .iter()
                .map(|(c, v)| format!("{c}={v}"))
                .chain(repair.rules.iter().map(|k| format!("rule {}", k + 1)))
                .collect();
            let _ = write!(
                out,
                "one solution of the fixed puzzle (without {}):\n{}",
                names.join(", "),
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
