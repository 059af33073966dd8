//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::{parse_box, Code, Failure};
use clap::Args;
use sudoku_ilp::formulation::{binary::Binary, Formulation, ModelKind};
use sudoku_ilp::input::{origin_name, parse_puzzle, read_source, ParseOptions};
use sudoku_ilp::output::{report_json, report_text};
use sudoku_ilp::run::run as run_puzzle;
use sudoku_ilp::solve::{SolveOptions, Status};

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

    /// In a line file, solve the K-th puzzle line (1-based; blank and '#' lines not counted).
    #[arg(long, value_name = "K")]
    pub line: Option<usize>,

    /// HiGHS time limit in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub time_limit: f64,

    /// HiGHS threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: u32,

    /// Print one JSON object instead of the boxed grid.
    #[arg(long)]
    pub json: bool,

    /// Show HiGHS's log.
    #[arg(long)]
    pub verbose: bool,
}

/// The formulation that the model options name.
pub fn formulation(kind: ModelKind, reduce: bool) -> Box<dyn Formulation> {
    match kind {
        ModelKind::Binary => Box::new(Binary { reduce }),
    }
}

pub fn solve_options(
    time_limit: f64,
    threads: u32,
    verbose: bool,
) -> Result<SolveOptions, Failure> {
    if !(time_limit > 0.0 && time_limit.is_finite()) {
        return Err(Failure::usage(
            "--time-limit must be a positive number of seconds",
        ));
    }
    if threads == 0 {
        return Err(Failure::usage("--threads must be at least 1"));
    }
    Ok(SolveOptions {
        time_limit,
        threads,
        verbose,
    })
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = solve_options(args.time_limit, args.threads, args.verbose)?;
    let text = read_source(&args.file)?;
    let parse = ParseOptions {
        box_shape: args.box_shape,
        line: args.line,
    };
    let puzzle = parse_puzzle(&origin_name(&args.file), &text, parse)?;
    let report = run_puzzle(
        &puzzle,
        formulation(args.model, args.reduce).as_ref(),
        &options,
    )
    .map_err(Failure::internal)?;
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
