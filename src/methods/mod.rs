//! Solution methods that are not MILP: the seed documents' comparison points.
//!
//! - [`backtrack`]: depth-first search, most-constrained choice first (seed 003's "weights").
//! - [`propagate`]: unit propagation on the CNF of seed 001, then the failed-literal rule, then
//!   search on the candidates that remain.
//!
//! Both work on candidate bitmasks (bit v−1 set when value v is still possible in a cell) over
//! [`crate::puzzle::Puzzle::houses`], so irregular regions and diagonals need no extra code.

pub mod backtrack;
pub mod propagate;

use crate::check::{check, CheckError};
use crate::output::{grid_text, status_text, thousands};
use crate::puzzle::{Grid, Puzzle};
use crate::solve::Status;
use serde_json::json;
use std::time::Instant;

/// The non-MILP methods, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The MILP model solved by HiGHS.
    Ilp,
    /// Depth-first search, most-constrained choice first.
    Backtrack,
    /// Unit propagation, failed-literal rule, then search.
    Propagate,
}

/// The mask of all values 1..n: bits 0..n−1 (n ≤ 64).
pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// For each cell (row-major), the indices of its houses, and for each house its cells' indices.
pub(crate) fn house_index(puzzle: &Puzzle) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let n = puzzle.order();
    let cells_of: Vec<Vec<usize>> = puzzle
        .houses()
        .iter()
        .map(|h| h.cells.iter().map(|c| c.row * n + c.col).collect())
        .collect();
    (puzzle.houses_of_cells(), cells_of)
}

/// A 4×4 puzzle without a solution and without a repeated given: r1c1 must be 1 or 2 by its
/// row, but its column holds 1 and its box holds 2. Shared by the methods' tests.
#[cfg(test)]
pub(crate) fn infeasible_4x4() -> Puzzle {
    let mut cells = vec![0u8; 16];
    cells[1] = 3;
    cells[2] = 4;
    cells[8] = 1;
    cells[5] = 2;
    Puzzle::with_square_boxes(4, cells).unwrap()
}

/// What a non-MILP method found, checked, ready to print.
#[derive(Debug, Clone)]
pub struct MethodReport {
    pub method: Method,
    pub status: Status,
    /// The solution, only when found and passed by [`crate::check::check`].
    pub grid: Option<Grid>,
    pub solve_ms: f64,
    /// The method's own counters, in print order.
    pub counters: Vec<(&'static str, serde_json::Value)>,
    /// One line saying what the method did, for people.
    pub summary: String,
}

/// A method returned a grid that the independent checker rejects (a bug, never printed).
#[derive(Debug, Clone, thiserror::Error)]
#[error("internal error: the {method} method returned a grid that fails the check: {source}")]
pub struct MethodError {
    pub method: &'static str,
    pub source: CheckError,
}

impl Method {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Ilp => "ilp",
            Method::Backtrack => "backtrack",
            Method::Propagate => "propagate",
        }
    }
}

/// Runs a non-MILP method and checks its grid. `Ilp` belongs to [`crate::run::run`]; passed
/// here it runs the backtracking search.
pub fn run(
    puzzle: &Puzzle,
    method: Method,
    deadline: Option<Instant>,
) -> Result<MethodReport, MethodError> {
    let start = Instant::now();
    let (status, grid, counters, summary) = match method {
        Method::Ilp | Method::Backtrack => {
            let s = backtrack::solve(puzzle, deadline);
            let summary = format!(
                "depth-first, fewest choices first (a cell's values or a value's cells in a house): {} nodes",
                thousands(s.nodes as usize)
            );
            (s.status, s.grid, vec![("nodes", json!(s.nodes))], summary)
        }
        Method::Propagate => {
            let r = propagate::solve(puzzle, propagate::Options::default(), deadline);
            let summary = format!(
                "{} of {} empty cells fixed by unit propagation, {} with the failed-literal rule ({} literals from {} probes); search {}",
                r.fixed_by_unit,
                r.empty_cells,
                r.fixed_by_reasoning,
                r.failed_literals,
                r.probes,
                if r.stage == propagate::Stage::Search {
                    format!("needed: {} nodes", thousands(r.nodes as usize))
                } else {
                    "not needed".to_string()
                }
            );
            let counters = vec![
                ("stage", json!(r.stage)),
                ("empty_cells", json!(r.empty_cells)),
                ("fixed_by_unit_propagation", json!(r.fixed_by_unit)),
                ("fixed_by_reasoning", json!(r.fixed_by_reasoning)),
                ("failed_literals", json!(r.failed_literals)),
                ("probes", json!(r.probes)),
                ("search_needed", json!(r.stage == propagate::Stage::Search)),
                ("nodes", json!(r.nodes)),
            ];
            (r.status, r.grid, counters, summary)
        }
    };
    let solve_ms = start.elapsed().as_secs_f64() * 1000.0;
    if let Some(g) = &grid {
        check(puzzle, g).map_err(|source| MethodError {
            method: method.name(),
            source,
        })?;
    }
    Ok(MethodReport {
        method,
        status,
        grid,
        solve_ms,
        counters,
        summary,
    })
}

/// The boxed grid (or the puzzle, when not solved) and a short statistics block.
pub fn report_text(puzzle: &Puzzle, report: &MethodReport) -> String {
    let shown = report.grid.clone().unwrap_or_else(|| Grid {
        n: puzzle.order(),
        values: puzzle.givens().to_vec(),
    });
    let mut out = grid_text(&shown, puzzle.layout());
    out.push_str(&format!("status   {}\n", status_text(report.status)));
    out.push_str(&format!("method   {}\n", report.method.name()));
    out.push_str(&format!("time     solve {:.1} ms\n", report.solve_ms));
    out.push_str(&format!("search   {}\n", report.summary));
    out
}

/// The `solve --json` object for a method: status, order, givens, grid (when solved),
/// `"model"` naming the method, and `"stats"` with `solve_ms` and the method's counters.
pub fn report_json(puzzle: &Puzzle, report: &MethodReport) -> serde_json::Value {
    let mut stats = serde_json::Map::new();
    stats.insert(
        "solve_ms".into(),
        json!((report.solve_ms * 1000.0).round() / 1000.0),
    );
    for (k, v) in &report.counters {
        stats.insert((*k).into(), v.clone());
    }
    let mut value = json!({
        "status": report.status,
        "order": puzzle.order(),
        "givens": puzzle.given_count(),
        "model": { "method": report.method.name() },
        "stats": stats,
    });
    if let Some(name) = puzzle.name() {
        value["name"] = json!(name);
    }
    if let Some(grid) = &report.grid {
        value["grid"] = json!(grid.rows());
    }
    value
}
