//! `sudoku-ilp report`: the classroom page of one puzzle.

use super::model_args::{ModelArgs, SolverArgs};
use super::output::{emit, is_stdout, write_failure, OutFile};
use super::{Code, Failure};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use sudoku_ilp::classroom::{gather_with, STAGES};
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
    // The output is opened, and its first bytes written, before the work (a minute and
    // more): an output that is the input, or that cannot be written (/dev/full, a missing
    // directory), is refused at once.
    let mut out = Output::open(&args.output, &args.model.file)?;
    out.write(HEAD)?;
    let limits = args.solver.limits()?;
    let progress = stage_bar();
    let classroom = gather_with(&puzzle, &options, &limits, &mut |k| {
        progress.set_position(k as u64 + 1);
        progress.set_message(STAGES[k]);
    });
    progress.finish_and_clear();
    let classroom = classroom.map_err(Failure::internal)?;
    let title = args.title.clone().unwrap_or_else(|| {
        let name = puzzle
            .name()
            .map_or_else(|| args.model.file.clone(), String::from);
        format!("Sudoku as an ILP: {name}")
    });
    let page = html(&classroom, &title);
    out.write(page.strip_prefix(HEAD).unwrap_or(&page))?;
    out.commit()?;
    Ok(Code::Ok)
}

/// A progress line on standard error, one step per stage of the page ("[3/10] propagate,
/// 12 s"), only when standard error is a terminal (hidden otherwise: logs and pipes get
/// nothing).
fn stage_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar =
        ProgressBar::with_draw_target(Some(STAGES.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("report [{pos}/{len}] {msg} ({elapsed} so far)")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    bar
}

/// The page's first bytes, the same for every page ([`html`]).
const HEAD: &str = "<!DOCTYPE html>\n";

/// Standard output or a file ([`OutFile`]), each write flushed at once.
enum Output {
    Stdout,
    File(OutFile, String),
}

impl Output {
    fn open(path: &std::path::Path, input: &str) -> Result<Output, Failure> {
        if is_stdout(path) {
            return Ok(Output::Stdout);
        }
        let name = path.display().to_string();
        Ok(Output::File(OutFile::create(path, &[input])?, name))
    }

    fn write(&mut self, text: &str) -> Result<(), Failure> {
        match self {
            Output::Stdout => emit(text),
            Output::File(file, name) => file
                .write_all(text.as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| write_failure(name, &e)),
        }
    }

    fn commit(self) -> Result<(), Failure> {
        match self {
            Output::Stdout => Ok(()),
            Output::File(file, _) => file.commit(),
        }
    }
}
