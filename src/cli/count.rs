//! `sudoku-ilp count`: the number of solutions, up to a maximum.

use super::model_args::{ModelArgs, SolverArgs};
use super::{emit, Code, Failure};
use clap::Args;
use serde_json::json;
use std::fmt::Write as _;
use sudoku_ilp::input::{origin_name, parse_puzzle_lenient, read_source, ParseOptions};
use sudoku_ilp::output::{grid_text, thousands};
use sudoku_ilp::puzzle::{Conflict, Puzzle};
use sudoku_ilp::solve::count::{count, CountEnd, Counted};

/// Count the solutions of one puzzle, up to --max.
///
/// HiGHS solves the model once, then a no-good row cuts off each solution found and the same
/// HiGHS model is solved again, until it is infeasible (all solutions found) or --max solutions
/// are found; one more solve then tells whether there are more. Every solution passes the
/// independent checker. --time-limit bounds the whole search. A grid that gives the same value
/// twice in a house has 0 solutions, reported without solving.
///
/// Exit codes: 0 at least one solution, 1 proven: no solution, 2 bad input,
/// 3 time limit (the count printed is then a lower bound) or internal error.
///
/// Example:
///   sudoku-ilp count data/seeds/seed004_four_solutions_9x9.json
///   sudoku-ilp count --list --json data/seeds/seed004_two_solutions_9x9.json
///   sudoku-ilp count --max 50 --line 3 ../shared/data/edge_cases_9x9.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CountArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Stop after this many solutions (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max: usize,

    /// Print every solution found.
    #[arg(long)]
    pub list: bool,

    /// Print one JSON object: {"count", "limit_reached", "status", "time_ms", "nodes", ...}
    /// and "solutions" (each n arrays of n integers) with --list.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: CountArgs) -> Result<Code, Failure> {
    let mut out = String::new();
    let options = args.solver.options()?;
    if args.max == 0 {
        return Err(Failure::usage("--max must be at least 1"));
    }
    let (puzzle, conflict) = read_puzzle(&args.model)?;
    let formulation = args.model.formulation()?;
    if let Some(conflict) = conflict {
        let why = conflict_text(&conflict);
        if args.json {
            let mut doc = json!({
                "count": 0,
                "limit_reached": false,
                "status": CountEnd::Complete,
                "model": formulation.label(),
                "time_ms": 0.0,
                "solves": 0,
                "nodes": 0,
                "conflict": why,
            });
            if let Some(name) = puzzle.name() {
                doc["name"] = json!(name);
            }
            if args.list {
                doc["solutions"] = json!([]);
            }
            let _ = writeln!(out, "{doc}");
        } else {
            let _ = writeln!(out, "count    0 ({why})");
        }
        emit(&out);
        return Ok(Code::NoSolution);
    }
    let counted =
        count(&puzzle, formulation.as_ref(), args.max, &options).map_err(Failure::internal)?;
    let k = counted.solutions.len();
    if args.json {
        let mut doc = json_summary(&counted);
        if let Some(name) = puzzle.name() {
            doc["name"] = json!(name);
        }
        if args.list {
            let grids: Vec<_> = counted.solutions.iter().map(|g| g.rows()).collect();
            doc["solutions"] = json!(grids);
        }
        let _ = writeln!(out, "{doc}");
    } else {
        if args.list {
            for (i, grid) in counted.solutions.iter().enumerate() {
                let _ = writeln!(out, "solution {}", i + 1);
                let _ = write!(out, "{}", grid_text(grid, puzzle.layout()));
            }
        }
        let what = match counted.end {
            CountEnd::Complete => format!("{} (all solutions)", thousands(k)),
            CountEnd::LimitReached => format!("more than {} (--max reached)", thousands(k)),
            CountEnd::TimeLimit => format!("at least {} (time limit reached)", thousands(k)),
        };
        let _ = writeln!(out, "count    {what}");
        let _ = writeln!(out, "model    {}", counted.model);
        let _ = writeln!(
            out,
            "time     {:.1} ms (build {:.1} ms, HiGHS {:.1} ms) in {} solves",
            counted.build_ms + counted.stats.solve_ms,
            counted.build_ms,
            counted.stats.highs_ms,
            counted.solves
        );
        let _ = writeln!(
            out,
            "search   {} nodes, {} simplex iterations",
            thousands(counted.stats.nodes.max(0) as usize),
            thousands(counted.stats.lp_iterations.max(0) as usize)
        );
    }
    emit(&out);
    Ok(match (counted.end, k) {
        (CountEnd::TimeLimit, _) => Code::LimitOrInternal,
        (_, 0) => Code::NoSolution,
        _ => Code::Ok,
    })
}

/// Reads the puzzle as `ModelArgs::puzzle` does, except that a value given twice in a house is
/// not bad input: such a grid has no solution, and the first such pair is returned with the
/// puzzle (which leaves the later given of each pair out).
pub(super) fn read_puzzle(args: &ModelArgs) -> Result<(Puzzle, Option<Conflict>), Failure> {
    let text = read_source(&args.file)?;
    let options = ParseOptions {
        box_shape: args.choice.box_shape,
        line: args.line,
    };
    let (puzzle, conflicts) = parse_puzzle_lenient(&origin_name(&args.file), &text, options)?;
    Ok((puzzle, conflicts.into_iter().next()))
}

/// `r1c1 and r1c5 both hold 3 in row 1`, as the strict parser says it.
pub(super) fn conflict_text(c: &Conflict) -> String {
    format!(
        "{} and {} both hold {} in {}",
        c.first, c.second, c.value, c.house
    )
}

/// The fields every `count --json` object has.
fn json_summary(counted: &Counted) -> serde_json::Value {
    json!({
        "count": counted.solutions.len(),
        "limit_reached": counted.limit_reached(),
        "status": counted.end,
        "model": counted.model,
        "time_ms": round3(counted.build_ms + counted.stats.solve_ms),
        "build_ms": round3(counted.build_ms),
        "highs_ms": round3(counted.stats.highs_ms),
        "solves": counted.solves,
        "nodes": counted.stats.nodes,
        "lp_iterations": counted.stats.lp_iterations,
    })
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
