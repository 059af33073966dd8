//! `count` and `check` results as text and JSON, whatever engine enumerated the solutions.

use super::json::sat_counters;
use super::round3;
use super::text::{grid_text, sat_lines, thousands};
use crate::engine::{Count, CountEnd, CountStats};
use crate::puzzle::{Cell, Grid, Puzzle};
use serde_json::{json, Value};
use std::fmt::Write;

/// What `check` concluded from a count with `max` = 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Unique,
    Several,
    None,
    /// The time limit stopped the search first.
    Unknown,
}

impl Answer {
    /// The answer of a count made with `max` = 1.
    pub fn of(count: &Count) -> Answer {
        match (
            count.end,
            count.solutions.len() + usize::from(count.beyond.is_some()),
        ) {
            (CountEnd::TimeLimit, _) => Answer::Unknown,
            (_, 0) => Answer::None,
            (_, 1) => Answer::Unique,
            _ => Answer::Several,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Answer::Unique => "unique",
            Answer::Several => "several",
            Answer::None => "none",
            Answer::Unknown => "unknown",
        }
    }
}

/// The `count --json` object (with `"solutions"` when `list`).
pub fn count_json(puzzle: &Puzzle, count: &Count, list: bool) -> Value {
    let mut doc = json!({
        "count": count.solutions.len(),
        "limit_reached": count.end == CountEnd::LimitReached,
        "status": count.end,
        "model": count.engine,
        "time_ms": round3(count.time_ms),
    });
    add_stats(&mut doc, &count.stats);
    if let Some(name) = puzzle.name() {
        doc["name"] = json!(name);
    }
    if list {
        let grids: Vec<_> = count.solutions.iter().map(|g| g.rows()).collect();
        doc["solutions"] = json!(grids);
    }
    doc
}

/// The engine's counters of a count, as JSON fields.
fn add_stats(doc: &mut Value, stats: &CountStats) {
    match stats {
        CountStats::Milp {
            build_ms,
            highs,
            solves,
        } => {
            doc["build_ms"] = json!(round3(*build_ms));
            doc["highs_ms"] = json!(round3(highs.highs_ms));
            doc["solves"] = json!(solves);
            doc["nodes"] = json!(highs.nodes);
            doc["lp_iterations"] = json!(highs.lp_iterations);
        }
        CountStats::Search { nodes } => doc["nodes"] = json!(nodes),
        CountStats::Sat(s) => add_sat(doc, s),
    }
}

/// The SAT engine's CNF size and counters as JSON fields.
fn add_sat(doc: &mut Value, s: &crate::engine::SatStats) {
    doc["variables"] = json!(s.variables);
    doc["clauses"] = json!(s.clauses);
    for (k, v) in sat_counters(s) {
        doc[k.as_str()] = v;
    }
}

/// The `count` text: the solutions (when `list`), the count, the engine, time and search;
/// `max_name` names the front end's option that set the maximum (e.g. `--max`).
pub fn count_text(puzzle: &Puzzle, count: &Count, list: bool, max_name: &str) -> String {
    let mut out = String::new();
    if list {
        for (i, grid) in count.solutions.iter().enumerate() {
            let _ = writeln!(out, "solution {}", i + 1);
            out.push_str(&grid_text(grid, puzzle.layout()));
        }
    }
    let k = thousands(count.solutions.len());
    let what = match count.end {
        CountEnd::Complete => format!("{k} (all solutions)"),
        CountEnd::LimitReached => format!("more than {k} ({max_name} reached)"),
        CountEnd::TimeLimit => format!("at least {k} (time limit reached)"),
    };
    let _ = writeln!(out, "count    {what}");
    if !matches!(count.stats, CountStats::Sat(_)) {
        let _ = writeln!(out, "model    {}", count.engine);
    }
    match &count.stats {
        CountStats::Milp {
            build_ms,
            highs,
            solves,
        } => {
            let _ = writeln!(
                out,
                "time     {:.1} ms (build {:.1} ms, HiGHS {:.1} ms) in {} solves",
                count.time_ms, build_ms, highs.highs_ms, solves
            );
            let _ = writeln!(
                out,
                "search   {} nodes, {} simplex iterations",
                thousands(highs.nodes.max(0) as usize),
                thousands(highs.lp_iterations.max(0) as usize)
            );
        }
        CountStats::Search { nodes } => {
            let _ = writeln!(out, "time     {:.1} ms", count.time_ms);
            let _ = writeln!(out, "search   {} nodes", thousands(*nodes as usize));
        }
        CountStats::Sat(s) => sat_lines(&mut out, &count.engine, count.time_ms, s),
    }
    out
}

/// The solutions a `check` shows: the first and, when there is one, the second.
fn shown(count: &Count) -> Vec<&Grid> {
    count.solutions.iter().chain(&count.beyond).collect()
}

/// The cells where the two solutions of a "several" answer differ.
fn differ(puzzle: &Puzzle, count: &Count) -> Vec<Cell> {
    match shown(count).as_slice() {
        [a, b] => puzzle.cells().filter(|&c| a.get(c) != b.get(c)).collect(),
        _ => Vec::new(),
    }
}

/// The `check` output: the answer first, the solutions, where they differ, time and search.
pub fn check_report(puzzle: &Puzzle, count: &Count, json: bool) -> String {
    let answer = Answer::of(count);
    let solutions = shown(count);
    let differ = differ(puzzle, count);
    let (solves, work) = match &count.stats {
        CountStats::Milp { highs, solves, .. } => (Some(*solves), Work::Nodes(highs.nodes)),
        CountStats::Search { nodes } => (None, Work::Nodes(*nodes as i64)),
        CountStats::Sat(s) => (Some(s.solves), Work::Sat(s)),
    };
    if json {
        let grids: Vec<_> = solutions.iter().map(|g| g.rows()).collect();
        let cells: Vec<[usize; 2]> = differ.iter().map(|c| [c.row + 1, c.col + 1]).collect();
        let mut doc = json!({
            "answer": answer.word(),
            "solutions": grids,
            "differ": cells,
            "model": count.engine,
            "time_ms": round3(count.time_ms),
        });
        if let Some(solves) = solves {
            doc["solves"] = json!(solves);
        }
        match work {
            Work::Nodes(nodes) => doc["nodes"] = json!(nodes),
            Work::Sat(s) => add_sat(&mut doc, s),
        }
        if let Some(name) = puzzle.name() {
            doc["name"] = json!(name);
        }
        return format!("{doc}\n");
    }
    let mut out = format!("{}\n", answer.word());
    for (i, grid) in solutions.iter().enumerate() {
        if solutions.len() > 1 {
            let _ = writeln!(out, "solution {}", i + 1);
        }
        out.push_str(&grid_text(grid, puzzle.layout()));
    }
    if !differ.is_empty() {
        let names: Vec<String> = differ.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "differ   {} cells: {}", differ.len(), names.join(" "));
    }
    let solves = solves.map_or(String::new(), |s| format!(" in {s} solves"));
    let work = match work {
        Work::Nodes(nodes) => format!("{} nodes", thousands(nodes.max(0) as usize)),
        Work::Sat(s) => format!("{} conflicts", thousands(s.conflicts as usize)),
    };
    let _ = writeln!(
        out,
        "time     {:.1} ms{solves}, {work} ({})",
        count.time_ms, count.engine
    );
    out
}

/// What a `check` reports as the work done: search nodes, or the SAT solver's counters.
enum Work<'a> {
    Nodes(i64),
    Sat(&'a crate::engine::SatStats),
}
