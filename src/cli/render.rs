//! `sudoku-ilp render`: a puzzle (or its solution) as an SVG picture.

use super::model_args::{ModelArgs, SolverArgs};
use super::{Code, Failure};
use clap::Args;
use std::path::PathBuf;
use sudoku_ilp::render::svg;
use sudoku_ilp::run::run as run_puzzle;
use sudoku_ilp::solve::Status;

/// Draw a puzzle as SVG: givens in bold, solved digits (with --solve) in blue, thick box or
/// region borders, an optional title.
///
/// Example:
///   sudoku-ilp render --line 1 ../shared/data/magictour_top95.txt --solve --title "top95 #1" -o grid.svg
///   rsvg-convert grid.svg -o grid.png
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RenderArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Solve the puzzle (with the chosen --model) and draw the checked solution.
    #[arg(long)]
    pub solve: bool,

    /// A title above the grid.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Write the SVG to this file.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
}

pub fn run(args: RenderArgs) -> Result<Code, Failure> {
    let puzzle = args.model.puzzle()?;
    let mut code = Code::Ok;
    let mut solution = None;
    if args.solve {
        let options = args.solver.options()?;
        let formulation = args.model.formulation()?;
        let report =
            run_puzzle(&puzzle, formulation.as_ref(), &options).map_err(Failure::internal)?;
        match report.status {
            Status::Solved => solution = report.grid,
            Status::Infeasible => code = Code::NoSolution,
            Status::TimeLimit => code = Code::LimitOrInternal,
        }
        if code != Code::Ok {
            eprintln!("sudoku-ilp: not solved; drawing the puzzle only");
        }
    }
    let picture = svg(&puzzle, solution.as_ref(), args.title.as_deref());
    std::fs::write(&args.output, picture)
        .map_err(|e| Failure::usage(format!("cannot write {}: {e}", args.output.display())))?;
    Ok(code)
}
