//! Why a grid has no solution ([`crate::explain`]), as text and as the JSON of `explain --json`.

use crate::explain::{Explained, Explanation, Reason, Verdict};
use crate::format::grid_text;
use crate::puzzle::{Grid, Puzzle};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// `{"status", "grid" | "reason", "givens": [[row, col, value], ...] (1-based), "houses",
/// "minimal", "solves", "time_ms", "name"}`. `houses` is null when the houses were not asked
/// for (`houses_asked` false) and the reason needed a solve.
pub fn explained_json(puzzle: &Puzzle, explained: &Explained, houses_asked: bool) -> Value {
    let mut doc = json!({ "status": explained.status() });
    match &explained.verdict {
        Verdict::Solvable(grid) => doc["grid"] = json!(grid.rows()),
        Verdict::NoSolution(e) => {
            let givens: Vec<[usize; 3]> = e
                .givens
                .iter()
                .map(|(c, v)| [c.row + 1, c.col + 1, *v as usize])
                .collect();
            let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
            doc["reason"] = json!(e.reason);
            doc["givens"] = json!(givens);
            doc["houses"] = match (houses_asked, e.reason) {
                (false, Reason::NoCompletion) => Value::Null,
                _ => json!(houses),
            };
            doc["minimal"] = json!(e.minimal);
        }
        Verdict::TimeLimit => {}
    }
    doc["solves"] = json!(explained.solves);
    doc["time_ms"] = json!(super::round3(explained.time_ms));
    if let Some(name) = puzzle.name() {
        doc["name"] = json!(name);
    }
    doc
}

/// The verdict as people read it, and the time it took.
pub fn explained_text(puzzle: &Puzzle, explained: &Explained, houses_asked: bool) -> String {
    let mut out = match &explained.verdict {
        Verdict::Solvable(grid) => format!(
            "the grid has a solution; nothing to explain:\n{}",
            grid_text(grid, puzzle.layout())
        ),
        Verdict::NoSolution(e) => explanation_text(puzzle, e, houses_asked),
        Verdict::TimeLimit => "time limit reached before HiGHS decided the grid\n".to_string(),
    };
    let _ = writeln!(
        out,
        "time     {:.1} ms in {} solves",
        explained.time_ms, explained.solves
    );
    out
}

/// The set as text: a headline, the givens, the houses and the grid of just those givens.
fn explanation_text(puzzle: &Puzzle, e: &Explanation, houses_asked: bool) -> String {
    let k = e.givens.len();
    let mut out = match (e.reason, e.minimal) {
        (Reason::DirectConflict, _) => {
            let (a, b) = (e.givens[0], e.givens[1]);
            let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
            format!(
                "no solution: {} and {} both hold {} in {} (found before solving)\n",
                a.0,
                b.0,
                a.1,
                houses.join(" and ")
            )
        }
        (Reason::NoCompletion, true) => format!(
            "no solution: these {k} givens already have no completion \
             (without any one of them the grid has a solution)\n"
        ),
        (Reason::NoCompletion, false) => format!(
            "no solution: these {k} givens have no completion \
             (time limit reached: some of them may not be needed)\n"
        ),
    };
    let givens: Vec<String> = e.givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
    let _ = writeln!(out, "givens   {}", givens.join(" "));
    let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
    if houses_asked || e.reason == Reason::DirectConflict {
        let _ = writeln!(out, "houses   {}", houses.join(", "));
    }
    let n = puzzle.order();
    let mut values = vec![0u8; n * n];
    for (c, v) in &e.givens {
        values[c.row * n + c.col] = *v;
    }
    out += &grid_text(&Grid { n, values }, puzzle.layout());
    out
}
