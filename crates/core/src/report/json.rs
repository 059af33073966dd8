//! The JSON objects of the `solve --json` contract, for every engine.

use super::round3;
use crate::engine::{MilpStats, SatStats, Solution, Stats};
use crate::puzzle::{square_box_side, Layout, Puzzle};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The `solve --json` object: status, order, givens, name, grid (when solved), `"model"` (the
/// formulation and its size, or `{"method": name}` for a search) and `"stats"`; and what reads
/// the puzzle back: `"puzzle"` (the givens as n rows), `"box"` when the boxes are not square,
/// `"regions"` for irregular regions, `"diagonals": true`. The schema is
/// `docs/solve-output.schema.json`.
pub fn solution_json(puzzle: &Puzzle, solution: &Solution) -> Value {
    let (model, stats) = stats_fields(solution);
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
    if let Some(report) = super::objective::objective_report(puzzle, solution) {
        value["objective"] = super::objective::objective_json(&report);
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

/// `"model"` and `"stats"` of a solution, as the JSON report shows them: the statistics types
/// serialised (their serde attributes name the fields), the model as the formulation and its
/// size, or as `{"method": name}` with the CNF's size for SAT; a search's `"stats"` start with
/// `solve_ms`. The Python package builds its statistics objects from the same two objects.
pub fn stats_fields(solution: &Solution) -> (Value, Value) {
    match &solution.stats {
        Stats::Milp(m) => milp_fields(&solution.engine, m),
        Stats::Search(s) => method_fields(solution, s),
        Stats::Propagation(p) => method_fields(solution, p),
        Stats::LpBb(b) => method_fields(solution, b),
        Stats::Sat(s) => {
            let (mut model, mut stats) = method_fields(solution, s);
            for key in ["variables", "clauses"] {
                if let Some(v) = stats.as_object_mut().and_then(|m| m.shift_remove(key)) {
                    model[key] = v;
                }
            }
            (model, stats)
        }
    }
}

/// `"model"` and `"stats"` of a MILP solve.
fn milp_fields(label: &str, m: &MilpStats) -> (Value, Value) {
    let mut model = json!({ "formulation": label });
    extend(&mut model, &m.size);
    if let Some(full) = &m.unreduced {
        model["unreduced"] = json!(full);
    }
    (model, json!(m))
}

/// `"model": {"method": name}` and `"stats"`: `solve_ms`, then the method's counters.
fn method_fields(solution: &Solution, counters: &impl Serialize) -> (Value, Value) {
    let mut stats = json!({ "solve_ms": round3(solution.time_ms) });
    extend(&mut stats, counters);
    (json!({ "method": solution.engine }), stats)
}

/// Adds the fields of `value` (a struct) to the object `object`.
fn extend(object: &mut Value, value: &impl Serialize) {
    if let (Some(into), Value::Object(from)) = (object.as_object_mut(), json!(value)) {
        into.extend(from);
    }
}

/// The SAT engine's times and CaDiCaL's counters (totals over every call), without the CNF's
/// size.
pub fn sat_counters(s: &SatStats) -> Map<String, Value> {
    let Value::Object(mut map) = json!(s) else {
        return Map::new();
    };
    map.shift_remove("variables");
    map.shift_remove("clauses");
    map
}
