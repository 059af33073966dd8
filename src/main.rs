//! The `sudoku-ilp` command line. Errors meet `anyhow` only here, at the edge; the exit code
//! says what kind of failure it was: 0 solved / ok, 1 proven: no solution, 2 bad input or usage,
//! 3 time limit or internal error.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code.into(),
        Err(failure) => {
            eprintln!("sudoku-ilp: {:#}", failure.error);
            failure.code.into()
        }
    }
}
