//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::model_args::{engine, MethodArg, ModelArgs, SolverArgs};
use super::{emit, exit_code, Code, Failure};
use clap::Args;
use std::path::{Path, PathBuf};
use sudoku_ilp::engine::lp_bb::{LpBb, Tree};
use sudoku_ilp::engine::{Limits, Solution};
use sudoku_ilp::report::tree::{tree_json, tree_svg};
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
///   sudoku-ilp solve --method lp-bb --tree tree.svg --line 1 ../shared/data/forum_hardest_1905_11plus.txt
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
    /// failed-literal rule, then search) or lp-bb (LP-based branch and bound over HiGHS LPs
    /// with singles propagation at every node). --time-limit applies to all.
    #[arg(long, value_enum, default_value_t = MethodArg::Ilp)]
    pub method: MethodArg,

    /// With --method lp-bb: write every branch-and-bound node (decision, cells propagation
    /// fixed, LP status, iterations) to this file, as JSON (.json) or as a picture (.svg).
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle()?;
    let engine = engine(args.method, &args.model.choice, args.singles, &options)?;
    let limits = Limits {
        time_limit: options.time_limit,
    };
    let solution: Solution = match &args.tree {
        None => engine.solve(&puzzle, &limits).map_err(Failure::internal)?,
        Some(path) => {
            if args.method != MethodArg::LpBb {
                return Err(Failure::usage("--tree applies to --method lp-bb"));
            }
            let format = TreeFormat::of(path)?;
            let lp_bb = LpBb { options };
            let (solution, tree) = lp_bb
                .run(&puzzle, &limits, true)
                .map_err(Failure::internal)?;
            write_tree(path, format, &tree.unwrap_or_default())?;
            solution
        }
    };
    if args.json {
        emit(&format!("{}\n", solution_json(&puzzle, &solution)));
    } else {
        emit(&solution_text(&puzzle, &solution));
    }
    Ok(exit_code(solution.status))
}

/// The file types `--tree` writes.
enum TreeFormat {
    Json,
    Svg,
}

impl TreeFormat {
    /// The format named by the file's extension.
    fn of(path: &Path) -> Result<TreeFormat, Failure> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => Ok(TreeFormat::Json),
            Some("svg") => Ok(TreeFormat::Svg),
            _ => Err(Failure::usage(format!(
                "--tree {}: the file name must end in .json or .svg",
                path.display()
            ))),
        }
    }
}

/// Writes the tree as JSON or SVG, or fails with one line.
fn write_tree(path: &Path, format: TreeFormat, tree: &Tree) -> Result<(), Failure> {
    let text = match format {
        TreeFormat::Json => format!("{:#}\n", tree_json(tree)),
        TreeFormat::Svg => tree_svg(tree, Some("LP branch and bound")),
    };
    std::fs::write(path, text)
        .map_err(|e| Failure::usage(format!("cannot write {}: {e}", path.display())))
}
