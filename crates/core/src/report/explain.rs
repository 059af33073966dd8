//! Why a grid has no solution ([`crate::explain`]), as text and as the JSON of `explain --json`.

use super::svg::{grid_lines, svg_start, CELL};
use crate::explain::{Explained, Explanation, Reason, Verdict};
use crate::format::grid_text;
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::rules::Rule;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// `{"status", "grid" | "reason", "givens": [[row, col, value], ...] (1-based), "houses",
/// "rules", "minimal", "solves", "time_ms", "name"}`. `houses` is null when the houses were not
/// asked for (`houses_asked` false) and the reason needed a solve. `rules` lists the rule
/// instances of the set, each `{"index"` (1-based, in the puzzle's rules), `"type"` (as in the
/// puzzle JSON), `"name"`, `"cells": [[row, col], ...]` (1-based; empty for a rule over the
/// whole grid), `"rule"` (the rule as the puzzle JSON writes it)`}`.
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
            doc["rules"] = json!(e
                .rules
                .iter()
                .map(|&k| rule_json(k, &puzzle.rules()[k]))
                .collect::<Vec<_>>());
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

/// One rule instance of a set (see [`explained_json`]); `k` is its 0-based index.
pub(super) fn rule_json(k: usize, rule: &Rule) -> Value {
    let written = serde_json::to_value(rule).unwrap_or(Value::Null);
    let cells: Vec<[usize; 2]> = rule
        .cells()
        .iter()
        .map(|c| [c.row + 1, c.col + 1])
        .collect();
    json!({
        "index": k + 1,
        "type": written.get("type").cloned().unwrap_or(Value::Null),
        "name": rule.kind_name(),
        "cells": cells,
        "rule": written,
    })
}

/// A rule instance for people: `killer cage 3 (r1c1 r1c2, sum 15)`, `anti-knight`.
pub(super) fn rule_text(k: usize, rule: &Rule) -> String {
    let cells: Vec<String> = rule.cells().iter().map(Cell::to_string).collect();
    let sum = rule.sum().map(|s| format!(", sum {s}")).unwrap_or_default();
    match cells.is_empty() {
        true => format!("{} (rule {})", rule.kind_name(), k + 1),
        false => format!(
            "{} (rule {}: {}{sum})",
            rule.kind_name(),
            k + 1,
            cells.join(" ")
        ),
    }
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
        (Reason::NoCompletion, true) if e.rules.is_empty() => format!(
            "no solution: these {k} givens already have no completion \
             (without any one of them the rest have a completion)\n"
        ),
        (Reason::NoCompletion, false) if e.rules.is_empty() => format!(
            "no solution: these {k} givens have no completion \
             (time limit reached: some of them may not be needed)\n"
        ),
        (Reason::NoCompletion, true) => format!(
            "no solution: these {k} givens and {} rules already have no completion \
             (without any one of them the rest have a completion)\n",
            e.rules.len()
        ),
        (Reason::NoCompletion, false) => format!(
            "no solution: these {k} givens and {} rules have no completion \
             (time limit reached: some of them may not be needed)\n",
            e.rules.len()
        ),
    };
    let givens: Vec<String> = e.givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
    let _ = writeln!(out, "givens   {}", givens.join(" "));
    for &r in &e.rules {
        let _ = writeln!(out, "rule     {}", rule_text(r, &puzzle.rules()[r]));
    }
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

/// Side margin of the explanation picture.
const MARGIN: usize = 12;
/// Fill of the cells of the houses of the set.
const HOUSE_FILL: &str = "#fff2b3";
/// Fill of the cells of the rule instances of the set (over the houses' fill).
const RULE_FILL: &str = "#ffc9a8";

/// The set drawn on the grid: the cells of its houses shaded yellow, the cells of its rule
/// instances orange with a dashed outline around each instance and its number (`R3` = rule 3)
/// in the corner of its first cell, its givens in bold; the puzzle's other givens are left
/// out. `None` when there is no set (the grid has a solution, or the time limit came first).
pub fn explained_svg(puzzle: &Puzzle, explained: &Explained) -> Option<String> {
    let Verdict::NoSolution(e) = &explained.verdict else {
        return None;
    };
    let n = puzzle.order();
    let side = n * CELL;
    let mut out = svg_start(side + 2 * MARGIN, side + 2 * MARGIN, "");
    let at = |c: &Cell| (MARGIN + c.col * CELL, MARGIN + c.row * CELL);
    let mut shade = |cells: &[Cell], fill: &str| {
        for c in cells {
            let (x, y) = at(c);
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
            );
        }
    };
    for h in &e.houses {
        if let Some(house) = puzzle.houses().iter().find(|x| x.kind == *h) {
            shade(&house.cells, HOUSE_FILL);
        }
    }
    for &k in &e.rules {
        shade(&puzzle.rules()[k].cells(), RULE_FILL);
    }
    for &k in &e.rules {
        let cells = puzzle.rules()[k].cells();
        let _ = writeln!(
            out,
            r##"<path d="{}" fill="none" stroke="#b0501e" stroke-width="2" stroke-dasharray="5 3"/>"##,
            outline(&cells, &at)
        );
        if let Some(first) = cells.first() {
            let (x, y) = at(first);
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-family="sans-serif" font-size="11" fill="#7a2e0a">R{}</text>"##,
                x + 6,
                y + 15,
                k + 1
            );
        }
    }
    grid_lines(&mut out, puzzle, CELL, (MARGIN, MARGIN));
    let font = if n > 9 { CELL * 4 / 10 } else { CELL * 6 / 10 };
    let _ = writeln!(
        out,
        r#"<g font-family="sans-serif" font-size="{font}" font-weight="bold" text-anchor="middle" dominant-baseline="central">"#
    );
    for (c, v) in &e.givens {
        let (x, y) = at(c);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}">{v}</text>"#,
            x + CELL / 2,
            y + CELL / 2
        );
    }
    out.push_str("</g>\n</svg>\n");
    Some(out)
}

/// The dashed outline of a set of cells, 4 units inside its border: one segment per cell side
/// whose neighbour is not in the set (an SVG path).
fn outline(cells: &[Cell], at: &dyn Fn(&Cell) -> (usize, usize)) -> String {
    const IN: usize = 4;
    let has = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(row), Some(col)) => cells.contains(&Cell { row, col }),
        _ => false,
    };
    let mut d = String::new();
    for c in cells {
        let (x, y) = at(c);
        let (x0, y0, x1, y1) = (x + IN, y + IN, x + CELL - IN, y + CELL - IN);
        let (up, down) = (
            has(c.row.checked_sub(1), Some(c.col)),
            has(Some(c.row + 1), Some(c.col)),
        );
        let (left, right) = (
            has(Some(c.row), c.col.checked_sub(1)),
            has(Some(c.row), Some(c.col + 1)),
        );
        // Each side runs to the cell's edge where the set goes on, so the outline joins up.
        let (lx, rx) = (if left { x } else { x0 }, if right { x + CELL } else { x1 });
        let (ty, by) = (if up { y } else { y0 }, if down { y + CELL } else { y1 });
        if !up {
            let _ = write!(d, "M{lx} {y0}H{rx}");
        }
        if !down {
            let _ = write!(d, "M{lx} {y1}H{rx}");
        }
        if !left {
            let _ = write!(d, "M{x0} {ty}V{by}");
        }
        if !right {
            let _ = write!(d, "M{x1} {ty}V{by}");
        }
    }
    d
}
