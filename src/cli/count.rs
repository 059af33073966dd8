//! `sudoku-ilp count`: the number of solutions, up to a maximum.

use super::model_args::{engine, parse_positive, ModelArgs, SolverArgs, StartArgs};
use super::values::named;
use super::{emit, Code, Failure};
use clap::Args;
use std::sync::Arc;
use sudoku_ilp::engine::{Count, CountEnd, Engine, Limits, Method};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::count::{count_json, count_text};

/// Count the solutions of one puzzle, up to --max.
///
/// HiGHS solves the model once, then a no-good row cuts off each solution found and the same
/// HiGHS model is solved again, until it is infeasible (all solutions found) or --max solutions
/// are found; one more solve then tells whether there are more. With --method backtrack a
/// depth-first search enumerates them instead (an independent second opinion); with --method sat
/// CaDiCaL does, with a blocking clause over the open literals per solution. Every solution
/// passes the independent checker. --time-limit bounds the whole search. A grid that gives the
/// same value twice in a house is bad input (exit 2), as in `solve`.
///
/// Exit codes: 0 at least one solution, 1 proven: no solution, 2 bad input,
/// 3 time limit (the count printed is then a lower bound) or internal error.
///
/// Example:
///   sudoku-ilp count data/seeds/seed004_four_solutions_9x9.json
///   sudoku-ilp count --list --json data/seeds/seed004_two_solutions_9x9.json
///   sudoku-ilp count --max 50 --line 3 ../shared/data/edge_cases_9x9.txt
///   sudoku-ilp count --method backtrack data/seeds/seed004_four_solutions_9x9.json
///   sudoku-ilp count --method sat --max 50 --line 3 ../shared/data/edge_cases_9x9.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CountArgs {
    #[command(flatten)]
    pub counting: CountingArgs,

    /// Stop after this many solutions (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_positive,
          allow_negative_numbers = true)]
    pub max: usize,

    /// Print every solution found.
    #[arg(long)]
    pub list: bool,

    /// Print one JSON object: {"count", "limit_reached", "status", "time_ms", "nodes", ...}
    /// and "solutions" (each n arrays of n integers) with --list.
    #[arg(long)]
    pub json: bool,
}

/// What `count` and `check` share: the puzzle, the model or method, and the solver options.
#[derive(Debug, Args)]
pub struct CountingArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Who enumerates the solutions: ilp (HiGHS with no-good rows), backtrack (depth-first
    /// search), propagate (propagation and search) or sat (CaDiCaL with blocking clauses).
    /// lp-bb cannot enumerate (exit 2).
    #[arg(long, value_parser = named::<Method>(), default_value_t = Method::Ilp)]
    pub method: Method,
}

/// A puzzle ready to count.
pub struct Counting {
    pub puzzle: Puzzle,
    pub engine: Arc<dyn Engine>,
    pub limits: Limits,
}

impl CountingArgs {
    /// Reads the puzzle as `ModelArgs::puzzle` does (a value given twice in a house is bad
    /// input, as in `solve`).
    pub fn prepare(&self, command: &str) -> Result<Counting, Failure> {
        if self.method == Method::LpBb {
            return Err(Failure::usage(format!(
                "{command} --method lp-bb: cannot enumerate solutions; use ilp, backtrack, propagate or sat"
            )));
        }
        let options = self.solver.options()?;
        let engine = engine(
            self.method,
            &self.model.choice,
            false,
            &options,
            &StartArgs::default(),
        )?;
        Ok(Counting {
            puzzle: self.model.puzzle(command)?,
            engine,
            limits: self.solver.limits()?,
        })
    }
}

impl Counting {
    /// Up to `max` solutions (and whether there are more).
    pub fn count(&self, max: usize) -> Result<Count, Failure> {
        self.engine
            .count(&self.puzzle, max, &self.limits)
            .map_err(Failure::internal)
    }
}

pub fn run(args: CountArgs) -> Result<Code, Failure> {
    if args.max == 0 {
        return Err(Failure::usage("--max must be at least 1"));
    }
    let counting = args.counting.prepare("count")?;
    let puzzle = &counting.puzzle;
    let count = counting.count(args.max)?;
    if args.json {
        emit(&format!("{}\n", count_json(puzzle, &count, args.list)))?;
    } else {
        emit(&count_text(puzzle, &count, args.list, "--max"))?;
    }
    Ok(match (count.end, count.solutions.len()) {
        (CountEnd::TimeLimit, _) => Code::LimitOrInternal,
        (_, 0) => Code::NoSolution,
        _ => Code::Ok,
    })
}
