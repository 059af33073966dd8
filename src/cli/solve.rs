//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::model_args::{ModelArgs, SolverArgs};
use super::{emit, Code, Failure};
use clap::Args;
use sudoku_ilp::formulation::ModelKind;
use sudoku_ilp::methods::{self, Method};
use sudoku_ilp::output::{report_json, report_text};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::run::{run_with, Presolve};
use sudoku_ilp::solve::Status;

/// Solve one puzzle with HiGHS and print the checked grid.
///
/// The input is a JSON file ({"grid": [[5,3,0,...],...]}, optional "box": [rows, cols]) or a
/// line file (81 characters with '.' or '0' for empty cells, or n² integers separated by
/// spaces); '-' reads standard input.
///
/// Example:
///   sudoku-ilp solve data/seeds/seed004_unique_9x9.json
///   sudoku-ilp solve --json --line 3 ../shared/data/magictour_top95.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Print one JSON object instead of the boxed grid.
    #[arg(long)]
    pub json: bool,

    /// Fill the cells that naked and hidden singles force before building the model (a
    /// smaller model; the grid is still checked against the puzzle as given).
    #[arg(long)]
    pub singles: bool,

    /// Solution method: ilp (the MILP model with HiGHS), backtrack (depth-first search,
    /// most-constrained choice first) or propagate (unit propagation on the SAT clauses, the
    /// failed-literal rule, then search). --time-limit applies to all three.
    #[arg(long, value_enum, default_value_t = Method::Ilp)]
    pub method: Method,
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle()?;
    if args.method != Method::Ilp {
        return run_method(&args, &puzzle, options.time_limit);
    }
    let formulation = args.model.formulation()?;
    let presolve = if args.singles {
        Presolve::Singles
    } else {
        Presolve::None
    };
    let report =
        run_with(&puzzle, formulation.as_ref(), &options, presolve).map_err(Failure::internal)?;
    if args.json {
        emit(&format!("{}\n", report_json(&puzzle, &report)));
    } else {
        emit(&report_text(&puzzle, &report));
    }
    Ok(match report.status {
        Status::Solved => Code::Ok,
        Status::Infeasible => Code::NoSolution,
        Status::TimeLimit => Code::LimitOrInternal,
    })
}

/// `--method backtrack|propagate`: no model is built, so model switches are refused.
fn run_method(args: &SolveArgs, puzzle: &Puzzle, time_limit: f64) -> Result<Code, Failure> {
    if args.model.has_model_switches()
        || args.model.choice.model != ModelKind::Binary
        || args.singles
    {
        return Err(Failure::usage(format!(
            "--model, --reduce, --singles and the natural-model switches apply to --method ilp, not {}",
            args.method.name()
        )));
    }
    let deadline = std::time::Instant::now().checked_add(std::time::Duration::from_secs_f64(
        time_limit.clamp(0.0, 1e9),
    ));
    let report = methods::run(puzzle, args.method, deadline).map_err(Failure::internal)?;
    if args.json {
        emit(&format!("{}\n", methods::report_json(puzzle, &report)));
    } else {
        emit(&methods::report_text(puzzle, &report));
    }
    Ok(match report.status {
        Status::Solved => Code::Ok,
        Status::Infeasible => Code::NoSolution,
        Status::TimeLimit => Code::LimitOrInternal,
    })
}
