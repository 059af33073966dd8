//! `sudoku-ilp render`: a puzzle (or its solution) as an SVG picture.

use super::model_args::{engine, ModelArgs, SolverArgs, StartArgs};
use super::output::write_out;
use super::values::named;
use super::{exit_code, Code, Failure};
use clap::Args;
use std::path::PathBuf;
use sudoku_ilp::engine::Method;
use sudoku_ilp::report::{lp_svg::lp_picture, svg::svg};

/// Draw a puzzle as SVG: givens in bold, solved digits (with --solve) in blue, thick box or
/// region borders, an optional title. With --lp, draw the root LP relaxation of the --model
/// instead: binary: each open cell's values with positive LP weight as small digits shaded by
/// the weight, cells the LP fixes as big digits; natural: each cell's LP value x_rc. The
/// caption counts the fractional columns and says whether this LP vertex is a grid (one vertex: --range draws
/// what the whole LP polytope forces, --dual the root LP's duals).
///
/// Example:
///   sudoku-ilp render --line 1 ../shared/data/magictour_top95.txt --solve --title "top95 #1" -o grid.svg
///   sudoku-ilp render --solve data/seeds/seed004_unique_9x9.json | rsvg-convert -o grid.png
///   sudoku-ilp render --lp --line 1 ../shared/data/forum_hardest_1905_11plus.txt -o lp.svg
///   sudoku-ilp render --lp --model natural --line 1 ../shared/data/forum_hardest_1905_11plus.txt -o lp-natural.svg
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RenderArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Solve the puzzle (with the chosen --model or --method) and draw the checked solution.
    #[arg(long)]
    pub solve: bool,

    /// Solution method with --solve (see `solve --method`).
    #[arg(long, value_parser = named::<Method>(), default_value_t = Method::Ilp, requires = "solve")]
    pub method: Method,

    #[command(flatten)]
    pub start: StartArgs,

    /// Draw the root LP relaxation of --model (binary or natural) instead of the puzzle.
    #[arg(long, conflicts_with = "solve")]
    pub lp: bool,

    /// With --lp: draw per candidate its minimum and maximum over the whole LP polytope
    /// (forced to 1, forced to 0, free) instead of one vertex.
    #[arg(long, requires = "lp", conflicts_with = "dual")]
    pub range: bool,

    /// With --lp: draw the root LP's duals (cell-row duals and reduced costs).
    #[arg(long, requires = "lp")]
    pub dual: bool,

    /// A title above the grid.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Write the SVG to this file ('-' or left out: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
}

pub fn run(args: RenderArgs) -> Result<Code, Failure> {
    let puzzle = args.model.puzzle("render")?;
    if args.lp && (args.range || args.dual) {
        let drawn = if args.range {
            sudoku_ilp::report::polytope_svg::range_picture(&puzzle, args.title.as_deref())
        } else {
            sudoku_ilp::report::polytope_svg::dual_picture(&puzzle, args.title.as_deref())
        }
        .map_err(Failure::internal)?;
        let Some(picture) = drawn else {
            eprintln!("sudoku-ilp: the LP relaxation is infeasible: the givens admit no grid");
            return Ok(Code::NoSolution);
        };
        return write_out(args.output.as_deref(), &[&args.model.file], &picture).map(|()| Code::Ok);
    }
    if args.lp {
        let picture = lp_picture(
            &puzzle,
            args.model.formulation()?.as_ref(),
            &args.solver.options()?,
            &args.solver.limits()?,
            args.title.as_deref(),
        )
        .map_err(Failure::internal)?;
        return write_out(args.output.as_deref(), &[&args.model.file], &picture).map(|()| Code::Ok);
    }
    let mut code = Code::Ok;
    let mut solution = None;
    if args.solve {
        let options = args.solver.options()?;
        let engine = engine(
            args.method,
            &args.model.choice,
            false,
            &options,
            &args.start,
        )?;
        let limits = args.solver.limits()?;
        let solved = engine.solve(&puzzle, &limits).map_err(Failure::internal)?;
        code = exit_code(solved.status);
        solution = solved.grid;
        if code != Code::Ok {
            eprintln!("sudoku-ilp: not solved; drawing the puzzle only");
        }
    }
    let picture = svg(&puzzle, solution.as_ref(), args.title.as_deref());
    write_out(args.output.as_deref(), &[&args.model.file], &picture)?;
    Ok(code)
}
