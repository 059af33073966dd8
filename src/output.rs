//! Printing results: the boxed text grid with a statistics block, and the JSON object of the
//! `solve --json` contract.

use crate::formulation::ModelSize;
use crate::puzzle::{Grid, Layout, Puzzle};
use crate::run::Report;
use crate::solve::Status;
use serde_json::json;
use std::fmt::Write;

/// The grid as text, with box borders for boxed layouts (plain rows for irregular regions).
///
/// ```
/// use sudoku_ilp::{output::grid_text, puzzle::{Grid, Layout}};
/// let g = Grid { n: 4, values: vec![1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1] };
/// assert_eq!(grid_text(&g, &Layout::Boxes { rows: 2, cols: 2 }),
///     "+-----+-----+\n| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n+-----+-----+\n");
/// ```
pub fn grid_text(grid: &Grid, layout: &Layout) -> String {
    let n = grid.n;
    let width = if n > 9 { 2 } else { 1 };
    let cell = |v: u8| {
        if v == 0 {
            format!("{:>width$}", ".")
        } else {
            format!("{v:>width$}")
        }
    };
    let mut out = String::new();
    let Layout::Boxes { rows, cols } = *layout else {
        for row in grid.values.chunks(n) {
            let line: Vec<String> = row.iter().map(|&v| cell(v)).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        return out;
    };
    let segment = "-".repeat(cols * (width + 1) + 1);
    let border = format!("+{}+\n", vec![segment; n / cols].join("+"));
    for (r, row) in grid.values.chunks(n).enumerate() {
        if r % rows == 0 {
            out.push_str(&border);
        }
        for (c, &v) in row.iter().enumerate() {
            if c % cols == 0 {
                out.push_str("| ");
            }
            out.push_str(&cell(v));
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(&border);
    out
}

/// `1,234` style integers, for readable statistics.
pub fn thousands(x: usize) -> String {
    let digits = x.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn size_text(size: &ModelSize) -> String {
    let mut kinds = Vec::new();
    if size.binary > 0 {
        kinds.push(format!("{} binary", thousands(size.binary)));
    }
    if size.integer > 0 {
        kinds.push(format!("{} integer", thousands(size.integer)));
    }
    format!(
        "{} variables ({}), {} constraints, {} nonzeros",
        thousands(size.variables),
        kinds.join(", "),
        thousands(size.constraints),
        thousands(size.nonzeros)
    )
}

/// A status as people read it.
pub fn status_text(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::Infeasible => "no solution",
        Status::TimeLimit => "time limit reached",
    }
}

/// The solved grid (or the puzzle, when not solved) and a short statistics block.
pub fn report_text(puzzle: &Puzzle, report: &Report) -> String {
    let mut out = String::new();
    let shown = report.grid.clone().unwrap_or_else(|| Grid {
        n: puzzle.order(),
        values: puzzle.givens().to_vec(),
    });
    out.push_str(&grid_text(&shown, puzzle.layout()));
    let _ = writeln!(out, "status   {}", status_text(report.status));
    let _ = writeln!(
        out,
        "model    {}: {}",
        report.model,
        size_text(&report.size)
    );
    if let Some(full) = &report.unreduced {
        let _ = writeln!(out, "         before reduction: {}", size_text(full));
    }
    if let Some(fixed) = report.singles_fixed {
        let _ = writeln!(
            out,
            "singles  {} of {} empty cells filled by naked and hidden singles before the model was built",
            thousands(fixed),
            thousands(report.order * report.order - report.givens)
        );
    }
    let _ = writeln!(
        out,
        "time     build {:.1} ms, solve {:.1} ms (HiGHS {:.1} ms)",
        report.build_ms, report.stats.solve_ms, report.stats.highs_ms
    );
    let _ = writeln!(
        out,
        "search   {} nodes, {} simplex iterations",
        thousands(report.stats.nodes.max(0) as usize),
        thousands(report.stats.lp_iterations.max(0) as usize)
    );
    out
}

/// The `solve --json` object: status, grid (when solved), model size, statistics.
pub fn report_json(puzzle: &Puzzle, report: &Report) -> serde_json::Value {
    let mut value = json!({
        "status": report.status,
        "order": report.order,
        "givens": report.givens,
        "model": {
            "formulation": report.model,
            "variables": report.size.variables,
            "binary": report.size.binary,
            "integer": report.size.integer,
            "constraints": report.size.constraints,
            "nonzeros": report.size.nonzeros,
        },
        "stats": {
            "build_ms": round3(report.build_ms),
            "solve_ms": round3(report.stats.solve_ms),
            "highs_ms": round3(report.stats.highs_ms),
            "nodes": report.stats.nodes,
            "lp_iterations": report.stats.lp_iterations,
        },
    });
    if let Some(name) = puzzle.name() {
        value["name"] = json!(name);
    }
    if let Some(grid) = &report.grid {
        value["grid"] = json!(grid.rows());
    }
    if let Some(full) = &report.unreduced {
        value["model"]["unreduced"] = json!(full);
    }
    if let Some(fixed) = report.singles_fixed {
        value["stats"]["singles_fixed"] = json!(fixed);
    }
    value
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(2916), "2,916");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn wide_grids_align_two_digit_values() {
        let g = Grid {
            n: 16,
            values: (0..256).map(|i| (i % 16 + 1) as u8).collect(),
        };
        let text = grid_text(&g, &Layout::Boxes { rows: 4, cols: 4 });
        let first_row = text.lines().nth(1).unwrap();
        assert!(first_row.starts_with("|  1  2  3  4 |  5"), "{first_row}");
        assert_eq!(text.lines().count(), 16 + 5);
    }
}
