//! Results as people read them: the boxed grid and a short statistics block per engine family.

use crate::engine::{LpBbStats, MilpStats, PropagationStats, SatStats, Solution, Stage};
use crate::engine::{StartReport, Stats, Status};
pub use crate::format::{grid_text, thousands};
use crate::formulation::ModelSize;
use crate::puzzle::{Grid, Puzzle};
use std::fmt::Write;

/// The grid on one line, as line files hold puzzles: n² characters (`.` for an empty cell) for
/// n ≤ 9, otherwise n² integers separated by spaces (`0` for an empty cell).
///
/// ```
/// use sudoku_ilp::{report::text::grid_line, puzzle::Grid};
/// assert_eq!(grid_line(&Grid { n: 4, values: vec![1,0,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1] }),
///     "1.343412214343 21".replace(' ', ""));
/// ```
pub fn grid_line(grid: &Grid) -> String {
    if grid.n <= 9 {
        grid.values
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    } else {
        let values: Vec<String> = grid.values.iter().map(|v| v.to_string()).collect();
        values.join(" ")
    }
}

pub fn size_text(size: &ModelSize) -> String {
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
pub fn solution_text(puzzle: &Puzzle, solution: &Solution) -> String {
    let shown = solution.grid.clone().unwrap_or_else(|| Grid {
        n: puzzle.order(),
        values: puzzle.givens().to_vec(),
    });
    grid_text(&shown, puzzle.layout()) + &stats_text(puzzle, solution)
}

/// The solution on one line ([`grid_line`] and a newline; empty when not solved), and its
/// statistics block: `solve --output line` prints the line and sends the block apart.
pub fn solution_line(puzzle: &Puzzle, solution: &Solution) -> (String, String) {
    let line = solution
        .grid
        .as_ref()
        .map_or_else(String::new, |g| format!("{}\n", grid_line(g)));
    (line, stats_text(puzzle, solution))
}

/// The statistics block of a solution: status, model or method, time and search.
pub fn stats_text(puzzle: &Puzzle, solution: &Solution) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "status   {}", status_text(solution.status));
    if let Some(report) = super::objective::objective_report(puzzle, solution) {
        let _ = writeln!(out, "{}", super::objective::objective_line(&report));
    }
    match &solution.stats {
        Stats::Milp(m) => milp_lines(&mut out, puzzle, &solution.engine, m),
        Stats::Search(s) => method_lines(
            &mut out,
            solution,
            &format!(
                "depth-first, fewest choices first (a cell's values or a value's cells in a house): {} nodes",
                thousands(s.nodes as usize)
            ),
        ),
        Stats::Propagation(p) => method_lines(&mut out, solution, &propagation_summary(p)),
        Stats::LpBb(b) => method_lines(&mut out, solution, &lp_bb_summary(b)),
        Stats::Sat(s) => sat_lines(&mut out, &solution.engine, solution.time_ms, s),
    }
    out
}

/// The method, CNF size, time split and CaDiCaL's counters of a SAT solve or count (`engine`)
/// that took `time_ms` in all.
pub fn sat_lines(out: &mut String, engine: &str, time_ms: f64, s: &SatStats) {
    let _ = writeln!(out, "method   {engine} (CaDiCaL)");
    let _ = writeln!(out, "model    {}", sat_size_text(s));
    let _ = writeln!(
        out,
        "time     {:.1} ms: encode {:.1} ms, CaDiCaL {:.1} ms",
        time_ms, s.encode_ms, s.cadical_ms
    );
    let _ = writeln!(out, "search   {}", sat_search_text(s));
}

/// `1,234 variables (open literals), 5,678 clauses`.
pub fn sat_size_text(s: &SatStats) -> String {
    format!(
        "{} variables (the literals givens leave open), {} clauses",
        thousands(s.variables),
        thousands(s.clauses)
    )
}

/// CaDiCaL's counters in one line, or why the solver was not called.
pub fn sat_search_text(s: &SatStats) -> String {
    if s.solves == 0 {
        return "no solver call: the encoding left a cell or a house value without a place"
            .to_string();
    }
    format!(
        "{} conflicts, {} decisions, {} propagations in {} solver call{}",
        thousands(s.conflicts as usize),
        thousands(s.decisions as usize),
        thousands(s.propagations as usize),
        s.solves,
        if s.solves == 1 { "" } else { "s" }
    )
}

/// The model, presolve, time and branch-and-bound lines of a MILP solve.
fn milp_lines(out: &mut String, puzzle: &Puzzle, label: &str, m: &MilpStats) {
    let _ = writeln!(out, "model    {label}: {}", size_text(&m.size));
    if let Some(full) = &m.unreduced {
        let _ = writeln!(out, "         before reduction: {}", size_text(full));
    }
    if let Some(fixed) = m.singles_fixed {
        let n = puzzle.order();
        let _ = writeln!(
            out,
            "singles  {} of {} empty cells filled by naked and hidden singles before the model was built",
            thousands(fixed),
            thousands(n * n - puzzle.given_count())
        );
    }
    let _ = writeln!(
        out,
        "time     build {:.1} ms, solve {:.1} ms (HiGHS {:.1} ms)",
        m.build_ms, m.highs.solve_ms, m.highs.highs_ms
    );
    let _ = writeln!(
        out,
        "search   {} nodes, {} simplex iterations",
        thousands(m.highs.nodes.max(0) as usize),
        thousands(m.highs.lp_iterations.max(0) as usize)
    );
    if let Some(start) = &m.start {
        let _ = writeln!(out, "start    {}", start_summary(start, m));
    }
}

/// One line saying what the MIP start's engine found and what HiGHS made of it.
pub fn start_summary(start: &StartReport, m: &MilpStats) -> String {
    let highs = format!(
        "{:.1} ms, {} nodes",
        m.highs.highs_ms,
        thousands(m.highs.nodes.max(0) as usize)
    );
    match start.status {
        Status::Solved if start.certified => format!(
            "found by {} in {:.1} ms; HiGHS certified it in {highs}",
            start.engine, start.ms
        ),
        Status::Solved => format!(
            "found by {} in {:.1} ms; HiGHS did not return it ({highs})",
            start.engine, start.ms
        ),
        Status::Infeasible => format!(
            "{} proved there is no solution in {:.1} ms; HiGHS ran without a start",
            start.engine, start.ms
        ),
        Status::TimeLimit => format!(
            "{} found no grid within its budget ({:.1} ms); HiGHS ran without a start",
            start.engine, start.ms
        ),
    }
}

/// The method, time and one line of what a search method did.
fn method_lines(out: &mut String, solution: &Solution, summary: &str) {
    let _ = writeln!(out, "method   {}", solution.engine);
    let _ = writeln!(out, "time     solve {:.1} ms", solution.time_ms);
    let _ = writeln!(out, "search   {summary}");
}

/// One line saying what the LP branch and bound did.
pub fn lp_bb_summary(b: &LpBbStats) -> String {
    format!(
        "LP branch and bound: {} nodes (depth {}), {} LP solves ({:.1} ms), {} simplex iterations; pruned {} by an infeasible LP, {} by propagation",
        thousands(b.nodes as usize),
        b.max_depth,
        thousands(b.lp_solves as usize),
        b.lp_ms,
        thousands(b.lp_iterations.max(0) as usize),
        b.lp_pruned,
        b.propagation_pruned
    )
}

/// One line saying what unit propagation, the failed-literal rule and search did.
pub fn propagation_summary(p: &PropagationStats) -> String {
    format!(
        "{} of {} empty cells fixed by unit propagation, {} with the failed-literal rule ({} literals from {} probes); search {}",
        p.fixed_by_unit,
        p.empty_cells,
        p.fixed_by_reasoning,
        p.failed_literals,
        p.probes,
        if p.stage == Stage::Search {
            format!("needed: {} nodes", thousands(p.nodes as usize))
        } else {
            "not needed".to_string()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Layout;

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
