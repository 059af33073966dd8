//! `sudoku-ilp report`: the classroom page of one puzzle.

use super::model_args::{ModelArgs, SolverArgs};
use super::{Code, Failure};
use clap::Args;
use std::path::PathBuf;
use sudoku_ilp::classroom::gather;
use sudoku_ilp::report::html::html;

/// Write one self-contained HTML page about a puzzle, for a classroom projector: the puzzle and
/// its checked solution, both formulations' sizes and the compare table, the root LP pictures of
/// the binary and natural models, the LP branch-and-bound tree, the first lines of the LP file
/// and each engine's statistics. Inline SVG and CSS; no script, nothing from the network.
///
/// Example:
///   sudoku-ilp report data/seeds/seed004_annex_9x9.json -o page.html
///   chromium --headless --no-sandbox --disable-gpu --screenshot=page.png --window-size=1280,1600 file://$PWD/page.html
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct ReportArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// The page's title (default: the puzzle's name or file).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Write the HTML page to this file ('-': standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
}

pub fn run(args: ReportArgs) -> Result<Code, Failure> {
    if args.model.has_model_switches() {
        return Err(Failure::usage(
            "report shows the binary and natural models itself: --model and its switches do not apply",
        ));
    }
    let options = args.solver.options()?;
    let puzzle = args.model.puzzle("report")?;
    let classroom = gather(&puzzle, &options, &args.solver.limits()?).map_err(Failure::internal)?;
    let title = args.title.clone().unwrap_or_else(|| {
        let name = puzzle
            .name()
            .map_or_else(|| args.model.file.clone(), String::from);
        format!("Sudoku as an ILP: {name}")
    });
    super::output::write_out(
        Some(&args.output),
        &[&args.model.file],
        &html(&classroom, &title),
    )?;
    Ok(Code::Ok)
}
