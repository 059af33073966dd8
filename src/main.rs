//! The `sudoku-ilp` command line. Errors meet `anyhow` only here, at the edge; the exit code
//! says what kind of failure it was: 0 solved / ok, 1 proven: no solution, 2 bad input or usage,
//! 3 time limit or internal error.

mod cli;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use sudoku_ilp::named::UnknownName;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return clap_exit(&e),
    };
    let ran = cli::run(args);
    if cli::output::reader_gone() {
        // The reader of standard output went away (`… | head -1`): quietly, exit 0.
        return ExitCode::SUCCESS;
    }
    match ran {
        Ok(code) => code.into(),
        Err(failure) => {
            report(&failure);
            failure.code.into()
        }
    }
}

/// Prints a failure as one line on standard error (a closed standard error is left alone).
fn report(failure: &cli::Failure) {
    let line = cli::escape_controls(&one_line(&failure.error), true);
    let _ = writeln!(std::io::stderr(), "sudoku-ilp: {line}");
}

/// The error and its causes joined by ": ", each cause left out when the text before it
/// already ends with it (an error whose message quotes its source would say it twice).
fn one_line(error: &anyhow::Error) -> String {
    let mut line = error.to_string();
    for cause in error.chain().skip(1) {
        let cause = cause.to_string();
        if !line.ends_with(&cause) {
            line += ": ";
            line += &cause;
        }
    }
    line
}

/// Prints clap's help, version or usage error; a help text that cannot be written (`--help >
/// /dev/full`) is a failure like any other write.
fn clap_exit(e: &clap::Error) -> ExitCode {
    if let Some(line) = bad_value(e) {
        report(&cli::Failure::usage(line));
        return cli::Code::BadInput.into();
    }
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

/// A value clap refused, as one line: an unknown name in the library's words for an unknown
/// name ([`UnknownName::said_of`], with the names clap was given from the library), or the
/// value parser's words (a limit's are the library's: "must be at most 64") after the option.
fn bad_value(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    // "--cage-form <FORM>" names the option "--cage-form"; a positional "<FILE>" stays whole.
    let arg = text(ContextKind::InvalidArg)?;
    let option = match arg.split_once(' ') {
        Some((flag, _)) if flag.starts_with('-') => flag.to_string(),
        _ => arg,
    };
    let value = text(ContextKind::InvalidValue)?;
    match e.kind() {
        ErrorKind::InvalidValue => {
            let Some(ContextValue::Strings(names)) = e.get(ContextKind::ValidValue) else {
                return None;
            };
            let unknown = UnknownName {
                what: "",
                name: value,
                expected: names.join(", "),
            };
            Some(unknown.said_of(&option))
        }
        ErrorKind::ValueValidation => {
            let words = std::error::Error::source(e)?.to_string();
            if words.starts_with("must") || words.starts_with('"') {
                Some(format!("{option} {words}"))
            } else {
                Some(format!("{option} {value:?}: {words}"))
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::one_line;
    use sudoku_ilp::engine::EngineError;
    use sudoku_ilp::formulation::EncodeError;

    #[test]
    fn a_source_quoted_by_its_error_is_said_once() {
        let start = EngineError::Start {
            engine: "binary".into(),
            source: EncodeError::NotInModel { cell: 3, value: 5 },
        };
        assert_eq!(
            one_line(&anyhow::Error::new(start)),
            "internal error: the start grid does not fit the binary model: cell 3: value 5 is not in the model"
        );
        let wrapped = anyhow::Error::new(EncodeError::Size {
            grid: 81,
            model: 16,
        })
        .context("cannot encode");
        assert_eq!(
            one_line(&wrapped),
            "cannot encode: the grid has 81 cells, the model 16"
        );
    }
}
