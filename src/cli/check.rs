//! `sudoku-ilp check`: does a puzzle have no, one, or several solutions?

use super::count::{conflict_text, read_puzzle};
use super::emit;
use super::model_args::{ModelArgs, SolverArgs};
use super::{Code, Failure};
use clap::Args;
use serde_json::json;
use std::fmt::Write as _;
use sudoku_ilp::output::{grid_text, thousands};
use sudoku_ilp::puzzle::{Cell, Grid};
use sudoku_ilp::solve::count::{count, CountEnd};

/// Tell whether a puzzle has a unique solution, several, or none.
///
/// Solves the model, cuts the solution off with a no-good row and solves the same HiGHS model
/// once more: infeasible means unique; a second solution means several (both are printed, with
/// the cells where they differ). The first line of the output is the answer: "unique",
/// "several", "none" (or "unknown" at the time limit). A grid that gives the same value twice
/// in a house is "none" without a solve.
///
/// Exit codes: 0 answered unique or several (read the answer), 1 none (proven: no solution),
/// 2 bad input, 3 time limit or internal error.
///
/// Example:
///   sudoku-ilp check data/seeds/seed004_unique_9x9.json
///   sudoku-ilp check --json data/seeds/seed004_two_solutions_9x9.json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CheckArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Print one JSON object: {"answer", "solutions", "differ", "time_ms", "nodes", ...}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: CheckArgs) -> Result<Code, Failure> {
    let mut out = String::new();
    let options = args.solver.options()?;
    let (puzzle, conflict) = read_puzzle(&args.model)?;
    let formulation = args.model.formulation()?;
    if let Some(conflict) = conflict {
        let why = conflict_text(&conflict);
        if args.json {
            let mut doc = json!({
                "answer": "none",
                "solutions": [],
                "differ": [],
                "model": formulation.label(),
                "time_ms": 0.0,
                "solves": 0,
                "nodes": 0,
                "conflict": why,
            });
            if let Some(name) = puzzle.name() {
                doc["name"] = json!(name);
            }
            let _ = writeln!(out, "{doc}");
        } else {
            let _ = writeln!(out, "none");
            let _ = writeln!(out, "conflict {why}");
        }
        emit(&out);
        return Ok(Code::NoSolution);
    }
    let counted = count(&puzzle, formulation.as_ref(), 1, &options).map_err(Failure::internal)?;
    let mut solutions: Vec<Grid> = counted.solutions.clone();
    solutions.extend(counted.beyond.clone());
    let (answer, code) = match (counted.end, solutions.len()) {
        (CountEnd::TimeLimit, _) => ("unknown", Code::LimitOrInternal),
        (_, 0) => ("none", Code::NoSolution),
        (_, 1) => ("unique", Code::Ok),
        _ => ("several", Code::Ok),
    };
    let differ: Vec<Cell> = match solutions.as_slice() {
        [a, b] => puzzle.cells().filter(|&c| a.get(c) != b.get(c)).collect(),
        _ => Vec::new(),
    };
    let time_ms = counted.build_ms + counted.stats.solve_ms;
    if args.json {
        let grids: Vec<_> = solutions.iter().map(|g| g.rows()).collect();
        let cells: Vec<[usize; 2]> = differ.iter().map(|c| [c.row + 1, c.col + 1]).collect();
        let mut doc = json!({
            "answer": answer,
            "solutions": grids,
            "differ": cells,
            "model": counted.model,
            "time_ms": (time_ms * 1000.0).round() / 1000.0,
            "solves": counted.solves,
            "nodes": counted.stats.nodes,
        });
        if let Some(name) = puzzle.name() {
            doc["name"] = json!(name);
        }
        let _ = writeln!(out, "{doc}");
    } else {
        let _ = writeln!(out, "{answer}");
        for (i, grid) in solutions.iter().enumerate() {
            if solutions.len() > 1 {
                let _ = writeln!(out, "solution {}", i + 1);
            }
            let _ = write!(out, "{}", grid_text(grid, puzzle.layout()));
        }
        if !differ.is_empty() {
            let names: Vec<String> = differ.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(out, "differ   {} cells: {}", differ.len(), names.join(" "));
        }
        let _ = writeln!(
            out,
            "time     {time_ms:.1} ms in {} solves, {} nodes ({})",
            counted.solves,
            thousands(counted.stats.nodes.max(0) as usize),
            counted.model
        );
    }
    emit(&out);
    Ok(code)
}
