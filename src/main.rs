//! The `sudoku-ilp` command line. Errors meet `anyhow` only here, at the edge; the exit code
//! says what kind of failure it was: 0 solved / ok, 1 proven: no solution, 2 bad input or usage,
//! 3 time limit or internal error.

mod cli;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use sudoku_ilp::named::UnknownName;

/// Rust's allocations that fail end the process with one line and exit code 3, as C++'s do
/// ([`sudoku_ilp::solve::exit_on_out_of_memory`], set in `main`), not with an abort.
#[global_allocator]
static ALLOCATOR: sudoku_ilp::solve::ExitOnOutOfMemory = sudoku_ilp::solve::ExitOnOutOfMemory;

/// The line said when memory runs out (the process then exits with 3).
const OUT_OF_MEMORY: &str = "sudoku-ilp: out of memory: an allocation failed (the memory this process may use is exhausted; try a smaller model or another --method)\n";

fn main() -> ExitCode {
    sudoku_ilp::solve::exit_on_out_of_memory(OUT_OF_MEMORY, cli::output::remove_temporary_files);
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
    let help = e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
    if !to_stdout && !help {
        // A usage error: its first line, as every other failure is said (clap's tip and usage
        // lines dropped; --help has them).
        let _ = writeln!(
            std::io::stderr(),
            "sudoku-ilp: {}",
            usage_line(&e.to_string())
        );
        return ExitCode::from(e.exit_code() as u8);
    }
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

/// The first line of clap's message without its `error: ` and with a pointer to `--help`.
fn usage_line(message: &str) -> String {
    let mut lines = message.lines();
    let first = lines.next().unwrap_or_default();
    let mut first = first.strip_prefix("error: ").unwrap_or(first).to_string();
    if first.ends_with(':') {
        // "the following required arguments were not provided:" and the indented names.
        let names: Vec<&str> = lines
            .take_while(|l| l.starts_with(' '))
            .map(str::trim)
            .collect();
        first = format!("{first} {}", names.join(", "));
    }
    cli::escape_controls(&format!("{first} (see --help)"), true)
}

#[cfg(test)]
mod tests {
    use super::{one_line, usage_line};

    #[test]
    fn a_usage_error_is_one_line() {
        let clap = "error: unexpected argument '--bogus' found\n\n  tip: to pass '--bogus' as a value, use '-- --bogus'\n\nUsage: sudoku-ilp solve [OPTIONS] <FILE>\n";
        assert_eq!(
            usage_line(clap),
            "unexpected argument '--bogus' found (see --help)"
        );
    }
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
