//! The `sudoku-ilp` command line. Errors meet `anyhow` only here, at the edge; the exit code
//! says what kind of failure it was: 0 solved / ok, 1 proven: no solution, 2 bad input or usage,
//! 3 time limit or internal error.

mod cli;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return clap_exit(&e),
    };
    match cli::run(args) {
        Ok(code) => code.into(),
        Err(failure) => {
            report(&failure);
            failure.code.into()
        }
    }
}

/// Prints a failure as one line on standard error (a closed standard error is left alone).
fn report(failure: &cli::Failure) {
    let _ = writeln!(std::io::stderr(), "sudoku-ilp: {:#}", failure.error);
}

/// Prints clap's help, version or usage error; a help text that cannot be written (`--help >
/// /dev/full`) is a failure like any other write.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let to_stdout = !e.use_stderr();
    match e.print().and_then(|_| std::io::stdout().flush()) {
        Err(io) if to_stdout => match cli::output::finish("standard output", Err(io)) {
            Err(failure) => {
                report(&failure);
                failure.code.into()
            }
            Ok(()) => ExitCode::SUCCESS,
        },
        _ => ExitCode::from(e.exit_code() as u8),
    }
}
