//! `sudoku-ilp info`: the sizes of every model of an empty grid, computed from the models.

use super::{box_of, emit, parse_box, Code, Failure};
use clap::Args;
use sudoku_ilp::info::info;
use sudoku_ilp::report::info::info_text;

/// Print the sizes of the binary, natural, SAT and graph models of an empty N×N grid.
///
/// Everything is computed from the built models and the grid's houses: the binary model's
/// equations and the rank of that system (Gaussian elimination modulo 2^61 − 1), the natural
/// models' sizes, the CNF's variables and clauses, the graph's vertices, degree, edges and
/// cliques.
///
/// Example:
///   sudoku-ilp info --size 9
///   sudoku-ilp info --size 6 --box 2x3 --json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct InfoArgs {
    /// The order N of the grid (N×N cells, values 1..N).
    #[arg(long, value_name = "N", value_parser = super::model_args::parse_positive,
          allow_negative_numbers = true)]
    pub size: usize,

    /// Box shape ROWSxCOLS (default: square boxes when N is a perfect square).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: InfoArgs) -> Result<Code, Failure> {
    let n = args.size;
    if n == 0 {
        return Err(Failure::usage("--size must be at least 1"));
    }
    if n > 36 {
        return Err(Failure::usage(format!(
            "--size {n}: info builds every model; give at most 36"
        )));
    }
    let (rows, cols) = box_of(n, args.box_shape)?;
    let info = info(n, rows, cols).map_err(|e| Failure::usage(e.to_string()))?;
    if args.json {
        let json = serde_json::to_string(&info).map_err(Failure::internal)?;
        emit(&format!("{json}\n"))?;
    } else {
        emit(&info_text(&info))?;
    }
    Ok(Code::Ok)
}
