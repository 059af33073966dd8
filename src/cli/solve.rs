//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::model_args::{engine, MethodArg, ModelArgs, SolverArgs};
use super::{emit, exit_code, Code, Failure};
use clap::Args;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::report::{json::solution_json, text::solution_text};

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
    /// most-constrained choice first), propagate (unit propagation on the SAT clauses, the
    /// failed-literal rule, then search) or sat (the SAT clauses over the literals givens leave
    /// open, solved by the CDCL solver CaDiCaL). --time-limit applies to all.
    #[arg(long, value_enum, default_value_t = MethodArg::Ilp)]
    pub method: MethodArg,
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle()?;
    let engine = engine(args.method, &args.model.choice, args.singles, &options)?;
    let limits = Limits {
        time_limit: options.time_limit,
    };
    let solution = engine.solve(&puzzle, &limits).map_err(Failure::internal)?;
    if args.json {
        emit(&format!("{}\n", solution_json(&puzzle, &solution)));
    } else {
        emit(&solution_text(&puzzle, &solution));
    }
    Ok(exit_code(solution.status))
}
