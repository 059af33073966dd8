//! The options that choose and shape a model, shared by every subcommand that builds one.

use super::{parse_box, Failure};
use clap::Args;
use sudoku_ilp::formulation::{binary::Binary, Formulation, ModelKind};
use sudoku_ilp::input::{origin_name, parse_puzzle, read_source, ParseOptions};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::SolveOptions;

/// Which puzzle to read and which model to build from it.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// Puzzle file (JSON or line file), or '-' for standard input.
    pub file: String,

    /// The formulation.
    #[arg(long, value_enum, default_value_t = ModelKind::Binary)]
    pub model: ModelKind,

    /// Leave out the columns that givens rule out (x_rcv where v is given in a house of (r,c)).
    #[arg(long)]
    pub reduce: bool,

    /// Box shape ROWSxCOLS for grids whose order is not a perfect square (e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// In a line file, take the K-th puzzle line (1-based; blank and '#' lines not counted).
    #[arg(long, value_name = "K")]
    pub line: Option<usize>,
}

impl ModelArgs {
    /// Reads and validates the puzzle.
    pub fn puzzle(&self) -> Result<Puzzle, Failure> {
        let text = read_source(&self.file)?;
        let options = ParseOptions {
            box_shape: self.box_shape,
            line: self.line,
        };
        Ok(parse_puzzle(&origin_name(&self.file), &text, options)?)
    }

    /// The formulation these options name.
    pub fn formulation(&self) -> Box<dyn Formulation> {
        match self.model {
            ModelKind::Binary => Box::new(Binary {
                reduce: self.reduce,
            }),
        }
    }
}

/// How HiGHS runs.
#[derive(Debug, Args)]
pub struct SolverArgs {
    /// HiGHS time limit in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub time_limit: f64,

    /// HiGHS threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: u32,

    /// Show HiGHS's log.
    #[arg(long)]
    pub verbose: bool,
}

impl SolverArgs {
    pub fn options(&self) -> Result<SolveOptions, Failure> {
        if !(self.time_limit > 0.0 && self.time_limit.is_finite()) {
            return Err(Failure::usage(
                "--time-limit must be a positive number of seconds",
            ));
        }
        if self.threads == 0 {
            return Err(Failure::usage("--threads must be at least 1"));
        }
        Ok(SolveOptions {
            time_limit: self.time_limit,
            threads: self.threads,
            verbose: self.verbose,
        })
    }
}
