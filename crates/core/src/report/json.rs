//! The JSON objects of the `solve --json` contract, for every engine.

use super::round3;
use crate::engine::{MilpStats, PropagationStats, SatStats, Solution, Stage, Stats};
use crate::puzzle::{square_box_side, Layout, Puzzle};
use serde_json::{json, Map, Value};

/// The `solve --json` object: status, order, givens, name, grid (when solved), `"model"` (the
/// formulation and its size, or `{"method": name}` for a search) and `"stats"`; and what reads
/// the puzzle back: `"puzzle"` (the givens as n rows), `"box"` when the boxes are not square,
/// `"regions"` for irregular regions, `"diagonals": true`. The schema is
/// `docs/solve-output.schema.json`.
pub fn solution_json(puzzle: &Puzzle, solution: &Solution) -> Value {
    let (model, stats) = match &solution.stats {
        Stats::Milp(m) => milp_fields(&solution.engine, m),
        Stats::Search(s) => {
            let mut counters = Map::new();
            counters.insert("nodes".into(), json!(s.nodes));
            method_fields(solution, counters)
        }
        Stats::Propagation(p) => method_fields(solution, propagation_counters(p)),
        Stats::LpBb(b) => {
            let counters = [
                ("nodes", json!(b.nodes)),
                ("lp_solves", json!(b.lp_solves)),
                ("lp_iterations", json!(b.lp_iterations)),
                ("lp_ms", json!(round3(b.lp_ms))),
                ("lp_pruned", json!(b.lp_pruned)),
                ("propagation_pruned", json!(b.propagation_pruned)),
                ("max_depth", json!(b.max_depth)),
            ];
            let counters = counters.into_iter().map(|(k, v)| (k.to_string(), v));
            method_fields(solution, counters.collect())
        }
        Stats::Sat(s) => {
            let (mut model, stats) = method_fields(solution, sat_counters(s));
            model["variables"] = json!(s.variables);
            model["clauses"] = json!(s.clauses);
            (model, stats)
        }
    };
    let mut value = json!({
        "status": solution.status,
        "order": puzzle.order(),
        "givens": puzzle.given_count(),
        "model": model,
        "stats": stats,
    });
    if let Some(name) = puzzle.name() {
        value["name"] = json!(name);
    }
    if let Some(grid) = &solution.grid {
        value["grid"] = json!(grid.rows());
    }
    value["puzzle"] = json!(puzzle.givens_grid().rows());
    add_layout(puzzle, &mut value);
    value
}

/// The puzzle as an input JSON object: `"name"` (when known), `"grid"` (the givens as n rows),
/// and `"box"`, `"regions"`, `"diagonals"` when not the default. It reads back as the same
/// puzzle.
///
/// ```
/// use sudoku_ilp::{input, report::json::puzzle_json};
/// let p = input::parse_line("1.3.........4..2", Some((2, 2))).unwrap();
/// assert_eq!(puzzle_json(&p).to_string(), r#"{"grid":[[1,0,3,0],[0,0,0,0],[0,0,0,0],[4,0,0,2]]}"#);
/// ```
pub fn puzzle_json(puzzle: &Puzzle) -> Value {
    let mut value = json!({});
    if let Some(name) = puzzle.name() {
        value["name"] = json!(name);
    }
    value["grid"] = json!(puzzle.givens_grid().rows());
    add_layout(puzzle, &mut value);
    value
}

/// `"box"` when the boxes are not square, `"regions"` for irregular regions, `"diagonals"`,
/// `"rules"` (the variant rules) when there are any.
fn add_layout(puzzle: &Puzzle, value: &mut Value) {
    match puzzle.layout() {
        Layout::Boxes { rows, cols }
            if square_box_side(puzzle.order()) != Some(*rows) || rows != cols =>
        {
            value["box"] = json!([rows, cols]);
        }
        Layout::Boxes { .. } => {}
        Layout::Regions(ids) => {
            let rows: Vec<&[usize]> = ids.chunks(puzzle.order()).collect();
            value["regions"] = json!(rows);
        }
    }
    if puzzle.has_diagonals() {
        value["diagonals"] = json!(true);
    }
    if !puzzle.rules().is_empty() {
        value["rules"] = json!(puzzle.rules());
    }
}

/// `"model"` and `"stats"` of a MILP solve.
fn milp_fields(label: &str, m: &MilpStats) -> (Value, Value) {
    let mut model = json!({
        "formulation": label,
        "variables": m.size.variables,
        "binary": m.size.binary,
        "integer": m.size.integer,
        "constraints": m.size.constraints,
        "nonzeros": m.size.nonzeros,
    });
    let mut stats = json!({
        "build_ms": round3(m.build_ms),
        "solve_ms": round3(m.highs.solve_ms),
        "highs_ms": round3(m.highs.highs_ms),
        "nodes": m.highs.nodes,
        "lp_iterations": m.highs.lp_iterations,
    });
    if let Some(full) = &m.unreduced {
        model["unreduced"] = json!(full);
    }
    if let Some(fixed) = m.singles_fixed {
        stats["singles_fixed"] = json!(fixed);
    }
    if let Some(start) = &m.start {
        stats["start"] = json!({
            "engine": start.engine,
            "ms": round3(start.ms),
            "found": start.found(),
            "status": start.status,
            "certified": start.certified,
        });
    }
    (model, stats)
}

/// `"model": {"method": name}` and `"stats"` with `solve_ms` and the method's counters.
fn method_fields(solution: &Solution, counters: Map<String, Value>) -> (Value, Value) {
    let mut stats = Map::new();
    stats.insert("solve_ms".into(), json!(round3(solution.time_ms)));
    stats.extend(counters);
    (json!({ "method": solution.engine }), Value::Object(stats))
}

/// The propagation method's counters, in print order.
fn propagation_counters(p: &PropagationStats) -> Map<String, Value> {
    [
        ("stage", json!(p.stage)),
        ("empty_cells", json!(p.empty_cells)),
        ("fixed_by_unit_propagation", json!(p.fixed_by_unit)),
        ("fixed_by_reasoning", json!(p.fixed_by_reasoning)),
        ("failed_literals", json!(p.failed_literals)),
        ("probes", json!(p.probes)),
        ("search_needed", json!(p.stage == Stage::Search)),
        ("nodes", json!(p.nodes)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// The SAT engine's times and CaDiCaL's counters, in print order (totals over every call).
pub fn sat_counters(s: &SatStats) -> Map<String, Value> {
    [
        ("encode_ms", json!(round3(s.encode_ms))),
        ("cadical_ms", json!(round3(s.cadical_ms))),
        ("solves", json!(s.solves)),
        ("conflicts", json!(s.conflicts)),
        ("decisions", json!(s.decisions)),
        ("propagations", json!(s.propagations)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}
