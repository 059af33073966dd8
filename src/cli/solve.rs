//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::model_args::{ModelArgs, SolverArgs};
use super::{Code, Failure};
use clap::Args;
use sudoku_ilp::output::{report_json, report_text};
use sudoku_ilp::run::run as run_puzzle;
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
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle()?;
    let formulation = args.model.formulation();
    let report = run_puzzle(&puzzle, formulation.as_ref(), &options).map_err(Failure::internal)?;
    if args.json {
        println!("{}", report_json(&puzzle, &report));
    } else {
        print!("{}", report_text(&puzzle, &report));
    }
    Ok(match report.status {
        Status::Solved => Code::Ok,
        Status::Infeasible => Code::NoSolution,
        Status::TimeLimit => Code::LimitOrInternal,
    })
}
