//! `sudoku-ilp solve`: one puzzle, printed as a boxed grid or as JSON.

use super::model_args::{engine_spec, spec_failure, ModelArgs, SolverArgs, StartArgs};
use super::values::named;
use super::values::OutputArg;
use super::{emit, exit_code, Code, Failure};
use clap::Args;
use std::path::{Path, PathBuf};
use sudoku_ilp::engine::{Method, Solution};
use sudoku_ilp::lab::auto::{Branching, CutPolicy};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::json::solution_json;
use sudoku_ilp::report::lab::{tree_json, tree_svg_to_fit};
use sudoku_ilp::report::text::{grid_text, solution_line, solution_text, status_text};

/// Solve one puzzle (the MILP with HiGHS, or another --method) and print the checked grid.
///
/// The input is a JSON file ({"grid": [[5,3,0,...],...]}, optional "box": [rows, cols]; the
/// object solve --json prints reads back), a line file (81 characters with '.' or '0' for
/// empty cells, or n² integers separated by spaces) or a grid block (n lines of n cells,
/// optionally with '|' and '-+' box rules, as solve --quiet prints); '-' reads standard input.
///
/// Example:
///   sudoku-ilp solve data/seeds/seed004_unique_9x9.json
///   sudoku-ilp solve --json --line 3 ../shared/data/magictour_top95.txt
///   sudoku-ilp solve --output line --line 3 ../shared/data/magictour_top95.txt | sudoku-ilp solve -q -
///   sudoku-ilp solve --method lp-bb --tree tree.svg --line 1 ../shared/data/forum_hardest_1905_11plus.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct SolveArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// How to print the solution: grid (boxed grid and statistics), line (the grid on one
    /// line, statistics on standard error) or json (one object; schema in
    /// docs/solve-output.schema.json).
    #[arg(long, value_enum, value_name = "FORM", default_value_t = OutputArg::Grid)]
    pub output: OutputArg,

    /// Print one JSON object (the same as --output json).
    #[arg(long, conflicts_with = "output")]
    pub json: bool,

    /// Print only the solved grid (--output grid) or line (--output line): no statistics.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Fill the cells that naked and hidden singles force before building the model (a
    /// smaller model; the grid is still checked against the puzzle as given).
    #[arg(long)]
    pub singles: bool,

    /// Solution method: ilp (the MILP model with HiGHS), backtrack (depth-first search,
    /// most-constrained choice first), propagate (unit propagation on the SAT clauses, the
    /// failed-literal rule, then search), sat (the SAT clauses over the literals givens leave
    /// open, solved by the CDCL solver CaDiCaL) or lp-bb (LP-based branch and bound over HiGHS
    /// LPs with candidate propagation at every node: the lab's automatic loop). --time-limit
    /// applies to all.
    #[arg(long, value_parser = named::<Method>(), default_value_t = Method::Ilp)]
    pub method: Method,

    #[command(flatten)]
    pub start: StartArgs,

    /// With --method lp-bb: branch on a cell (one child per digit, the default) or on a
    /// fractional variable (x = 1 / x = 0, the textbook rule, pruning by bound).
    #[arg(long, value_name = "RULE", value_parser = named::<Branching>())]
    pub branch: Option<Branching>,

    /// With --method lp-bb: cut rounds at the root before branching (branch and cut):
    /// gomory (Gomory mixed-integer cuts from the optimal tableau), clique, all.
    #[arg(long, value_name = "KIND", value_parser = named::<CutPolicy>())]
    pub cuts: Option<CutPolicy>,

    /// With --method lp-bb: write every branch-and-bound node (the lab's records: number,
    /// fixing, status, LP value, iterations, cells propagation placed) to this file, as JSON
    /// (.json) or as a picture (.svg), numbered as `lab` numbers them.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
}

pub fn run(args: SolveArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle("solve")?;
    let mut spec = engine_spec(
        args.method,
        &args.model.choice,
        args.singles,
        &options,
        &args.start,
    );
    lp_bb_rules(&mut spec, &args)?;
    let limits = args.solver.limits()?;
    let solution: Solution = match &args.tree {
        None => {
            let engine = spec.build().map_err(spec_failure)?;
            engine.solve(&puzzle, &limits).map_err(engine_failure)?
        }
        Some(path) => {
            let lp_bb = spec.tree_recorder().map_err(spec_failure)?;
            let format = TreeFormat::of(path)?;
            let (solution, lab) = lp_bb.run(&puzzle, &limits).map_err(engine_failure)?;
            write_tree(path, &args.model.file, format, &lab)?;
            solution
        }
    };
    let output = if args.json {
        OutputArg::Json
    } else {
        args.output
    };
    emit(&render(output, args.quiet, &puzzle, &solution)?)?;
    Ok(exit_code(solution.status))
}

/// `--branch` and `--cuts` into the spec; they apply to lp-bb only.
fn lp_bb_rules(
    spec: &mut sudoku_ilp::engine::spec::EngineSpec,
    args: &SolveArgs,
) -> Result<(), Failure> {
    if (args.branch.is_some() || args.cuts.is_some()) && args.method != Method::LpBb {
        return Err(Failure::usage(
            "--branch and --cuts apply to --method lp-bb",
        ));
    }
    spec.branch = args.branch.unwrap_or_default();
    spec.cuts = args.cuts.unwrap_or_default();
    Ok(())
}

/// An engine's error: a refusal (an objective to a search engine, an objective the model
/// cannot carry) is a usage error (exit 2), anything else internal (exit 3).
pub fn engine_failure(e: sudoku_ilp::engine::EngineError) -> Failure {
    use sudoku_ilp::engine::EngineError;
    use sudoku_ilp::solve::SolveError;
    match e {
        EngineError::Unsupported { .. } | EngineError::Solver(SolveError::Objective(_)) => {
            Failure::usage(e.to_string())
        }
        e => Failure::internal(e),
    }
}

/// The text `solve` prints on standard output. With `--output line` the statistics go to
/// standard error (unless `--quiet`), so that standard output holds only the line.
fn render(
    output: OutputArg,
    quiet: bool,
    puzzle: &Puzzle,
    solution: &Solution,
) -> Result<String, Failure> {
    Ok(match output {
        OutputArg::Json => format!("{}\n", solution_json(puzzle, solution)),
        OutputArg::Grid if quiet => match &solution.grid {
            Some(grid) => grid_text(grid, puzzle.layout()),
            None => not_solved(solution),
        },
        OutputArg::Grid => solution_text(puzzle, solution),
        OutputArg::Line => {
            let (line, stats) = solution_line(puzzle, solution);
            if !quiet {
                super::output::finish(
                    "standard error",
                    std::io::Write::write_all(&mut std::io::stderr(), stats.as_bytes()),
                )?;
            }
            match &solution.grid {
                None if quiet => not_solved(solution),
                _ => line,
            }
        }
    })
}

/// Nothing on standard output for an unsolved puzzle with --quiet; the status goes to
/// standard error.
fn not_solved(solution: &Solution) -> String {
    eprintln!("sudoku-ilp: {}", status_text(solution.status));
    String::new()
}

/// The file types `--tree` writes.
enum TreeFormat {
    Json,
    Svg,
}

impl TreeFormat {
    /// The format named by the file's extension.
    fn of(path: &Path) -> Result<TreeFormat, Failure> {
        let extension = path.extension().and_then(|e| e.to_str());
        match extension.map(str::to_ascii_lowercase).as_deref() {
            Some("json") => Ok(TreeFormat::Json),
            Some("svg") => Ok(TreeFormat::Svg),
            _ => Err(Failure::usage(format!(
                "--tree {}: the file name must end in .json or .svg",
                path.display()
            ))),
        }
    }
}

/// Writes lp-bb's tree (the lab's) as JSON or SVG (atomically, never over the puzzle file
/// `input`), or fails with one line: "cannot write PATH: reason", exit 3 for a full disk.
fn write_tree<L: sudoku_ilp::lab::lp::LabLp>(
    path: &Path,
    input: &str,
    format: TreeFormat,
    lab: &sudoku_ilp::lab::Lab<L>,
) -> Result<(), Failure> {
    let text = match format {
        TreeFormat::Json => format!("{:#}\n", tree_json(lab)),
        TreeFormat::Svg => tree_svg_to_fit(lab, Some("LP branch and bound")),
    };
    super::output::write_out(Some(path), &[input], &text)
}
