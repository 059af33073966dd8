//! Command-line arguments (clap derive; doc comments are the help text) and dispatch.

mod batch;
mod check;
mod compare;
mod count;
mod explain;
mod export;
mod generate;
mod hint;
mod info;
mod lab;
mod lesson;
mod merge;
mod model_args;
pub mod output;
mod prove;
mod render;
mod report;
mod resume;
mod row_check;
mod shell;
mod solve;
mod values;

pub use output::emit;

/// `text` with its control characters escaped as Rust writes them (`\u{1b}`, `\t`, …), so that
/// a file name cannot move the cursor or recolour a terminal; line ends are kept unless
/// `one_line`.
pub fn escape_controls(text: &str, one_line: bool) -> String {
    text.chars()
        .map(|c| match c {
            '\n' if !one_line => c.to_string(),
            c if c.is_control() => c.escape_debug().to_string(),
            c => c.to_string(),
        })
        .collect()
}

use clap::{Parser, Subcommand};
use sudoku_ilp::engine::Status;
use sudoku_ilp::input::{InputError, OptionNames};
use sudoku_ilp::puzzle::{box_shape, PuzzleError};

/// Sudoku as an integer linear program, solved by HiGHS.
///
/// Exit codes: 0 solved / ok, 1 proven: no solution, 2 bad input or usage,
/// 3 time limit or internal error.
#[derive(Debug, Parser)]
#[command(name = "sudoku-ilp", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Solve(solve::SolveArgs),
    Batch(batch::BatchArgs),
    Merge(merge::MergeArgs),
    Count(count::CountArgs),
    Check(check::CheckArgs),
    Explain(explain::ExplainArgs),
    Compare(compare::CompareArgs),
    Export(export::ExportArgs),
    Generate(generate::GenerateArgs),
    Hint(hint::HintArgs),
    Steps(hint::StepsArgs),
    Rate(hint::RateArgs),
    Info(info::InfoArgs),
    Lab(lab::LabArgs),
    Lesson(lesson::LessonArgs),
    Prove(prove::ProveArgs),
    RowCheck(row_check::RowCheckArgs),
    Render(render::RenderArgs),
    Completions(shell::CompletionsArgs),
    Man(shell::ManArgs),
    Report(report::ReportArgs),
}

/// Ctrl-C or SIGTERM: the temporary files being written are removed (the output stays as it
/// was, or absent) and the process exits with 130.
fn on_signal_remove_temporary_files() {
    let _ = ctrlc::set_handler(|| {
        output::remove_temporary_files();
        std::process::exit(Code::Interrupted as i32);
    });
}

/// Exit codes of the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Ok = 0,
    NoSolution = 1,
    BadInput = 2,
    LimitOrInternal = 3,
    /// Ctrl-C stopped a batch (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

/// The exit code of a status: 0 solved, 1 proven infeasible, 3 time limit.
pub fn exit_code(status: Status) -> Code {
    match status {
        Status::Solved => Code::Ok,
        Status::Infeasible => Code::NoSolution,
        Status::TimeLimit => Code::LimitOrInternal,
    }
}

impl From<Code> for std::process::ExitCode {
    fn from(code: Code) -> Self {
        std::process::ExitCode::from(code as u8)
    }
}

/// An error with the exit code it maps to.
#[derive(Debug)]
pub struct Failure {
    pub code: Code,
    pub error: anyhow::Error,
}

impl From<InputError> for Failure {
    /// Exit 2, with the command line's names of the options the problem points to.
    fn from(e: InputError) -> Self {
        Failure {
            code: Code::BadInput,
            error: e.said_with(&option_names("one puzzle is wanted")).into(),
        }
    }
}

/// The command line's option names in an input error of `command` ("solve takes one").
fn option_names(takes_one: &str) -> OptionNames<'_> {
    OptionNames::command_line(takes_one)
}

/// The failure of an input error in `command`: exit 2, the library's words with the command
/// line's option names (a several-puzzles message names the command that was run).
pub fn input_failure(command: &str, e: InputError) -> Failure {
    let takes_one = format!("{command} takes one");
    Failure {
        code: Code::BadInput,
        error: e.said_with(&option_names(&takes_one)).into(),
    }
}

impl Failure {
    pub fn internal(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: Code::LimitOrInternal,
            error: error.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: Code::BadInput,
            error: anyhow::anyhow!(message.into()),
        }
    }
}

pub fn run(cli: Cli) -> Result<Code, Failure> {
    if !matches!(cli.command, Command::Batch(_)) {
        // batch sets its own handler (a first Ctrl-C ends the run cleanly).
        on_signal_remove_temporary_files();
    }
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Count(args) => count::run(args),
        Command::Check(args) => check::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Export(args) => export::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Hint(args) => hint::run_hint(args),
        Command::Steps(args) => hint::run_steps(args),
        Command::Rate(args) => hint::run_rate(args),
        Command::Info(args) => info::run(args),
        Command::Lab(args) => lab::run(args),
        Command::Lesson(args) => lesson::run(args),
        Command::Prove(args) => prove::run(args),
        Command::RowCheck(args) => row_check::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Render(args) => render::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
        Command::Report(args) => report::run(args),
    }
}

/// The box shape of an order-`n` grid ([`box_shape`]) for `generate` and `info`: a shape
/// that does not tile the grid, or an order without square boxes and no `--box`, is a usage
/// error.
pub fn box_of(n: usize, given: Option<(usize, usize)>) -> Result<(usize, usize), Failure> {
    box_shape(n, given).map_err(|e| {
        Failure::usage(match e {
            PuzzleError::NoBoxShape(n) => format!("order {n} has no square boxes: give --box RxC"),
            PuzzleError::BadBox { n, rows, cols } => {
                format!("--box {rows}x{cols} does not tile a {n}x{n} grid")
            }
            other => other.to_string(),
        })
    })
}

/// Parses a box shape written `RxC` (e.g. `2x3`: boxes of 2 rows and 3 columns); each side
/// at most the largest order.
pub fn parse_box(s: &str) -> Result<(usize, usize), String> {
    let (r, c) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{s:?}: expected ROWSxCOLS, e.g. 2x3"))?;
    let parse = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&v| v > 0 && v <= sudoku_ilp::puzzle::MAX_ORDER)
            .ok_or_else(|| {
                format!(
                    "{s:?}: expected ROWSxCOLS with whole numbers in 1..={}, e.g. 2x3",
                    sudoku_ilp::puzzle::MAX_ORDER
                )
            })
    };
    Ok((parse(r)?, parse(c)?))
}
