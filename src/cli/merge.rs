//! `sudoku-ilp merge`: the outputs of batch shards joined into the output of one run.

use super::output::Destination;
use super::{Code, Failure};
use clap::Args;
use std::io::{BufRead, Write};
use sudoku_ilp::batch::merge::{merge, MergeError};
use sudoku_ilp::input::{open_lines, origin_name};
use sudoku_ilp::report::batch::{merge_json, merge_text};

/// Join the JSON-line outputs of batch shards into one, in line order, with one summary.
///
/// Takes the outputs of `batch --shard K/N` (N runs over one file) or of chunks numbered
/// with `batch --line-offset` (GNU parallel --pipe), in any order, and writes every result
/// line in line order (each as it was written) and one summary over all of them: counts,
/// median, p90 and max time per puzzle, and the sum of the workers' time. Each input must be
/// in line order, as batch writes it. Inputs are checked before anything is written: a line
/// number in two inputs (overlapping shards) or results whose "file" fields differ (shards
/// of different files; batch writes the input's base name, or --file-name) is refused with
/// one line and exit code 2. The summary goes to standard error, or to standard output with
/// -o FILE. Line numbers that no input holds (below the last result) are counted in a warning
/// on standard error: the results carry no shard count, so a missing shard looks like the
/// lines batch skips (blank and '#' lines, --every).
///
/// Exit code: 0 merged, 2 refused or unreadable input.
///
/// Examples:
///   sudoku-ilp merge part1.jsonl part2.jsonl part3.jsonl -o all.jsonl
///   sudoku-ilp merge --summary-json parts/*.jsonl > all.jsonl
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// The batch outputs (JSON lines) to merge ('-': standard input, once).
    #[arg(required = true, value_name = "OUT.jsonl")]
    pub inputs: Vec<String>,

    /// Write the merged lines to FILE instead of standard output ('-': standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<String>,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub summary_json: bool,
}

/// Opens every input, `-` as standard input (a failure: exit 2).
/// An input part by name, opened for reading.
type OpenPart = (String, Box<dyn BufRead>);

fn open_all(inputs: &[String]) -> Result<Vec<OpenPart>, Failure> {
    if inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err(Failure::usage(
            "merge: '-' (standard input) can be given once",
        ));
    }
    inputs
        .iter()
        .map(|path| {
            let reader = open_lines(path)?;
            Ok((origin_name(path), reader as Box<dyn BufRead>))
        })
        .collect()
}

/// A merge error as a failure: a write error is internal (3), the rest the input's (2).
fn failure(e: MergeError) -> Failure {
    match e {
        MergeError::Write(_) => Failure::internal(e),
        e => Failure {
            code: Code::BadInput,
            error: e.into(),
        },
    }
}

/// Merges the inputs into the output. Standard output gets nothing unless every input is
/// good: the inputs are checked in a first pass that writes nothing (when none of them is
/// standard input, which cannot be read twice). A file is written atomically, so a refusal
/// halfway leaves the old file, or none.
pub fn run(args: MergeArgs) -> Result<Code, Failure> {
    let inputs: Vec<&str> = args.inputs.iter().map(String::as_str).collect();
    let out = args.out.as_deref().map(std::path::Path::new);
    let mut destination = Destination::open(out, &inputs)?;
    let to_stdout = destination.is_stdout();
    if to_stdout && !inputs.contains(&"-") {
        merge(open_all(&args.inputs)?, |_| Ok(())).map_err(failure)?;
    }
    let merged = merge(open_all(&args.inputs)?, |text| {
        writeln!(destination, "{text}")
    });
    let flushed = destination.flush();
    let (summary, facts) = match merged.and_then(|m| flushed.map(|_| m).map_err(MergeError::Write))
    {
        Ok(m) => m,
        Err(MergeError::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            super::output::reader_left();
            return Ok(Code::Ok);
        }
        Err(e) => return Err(failure(e)),
    };
    destination.commit()?;
    if let Some(first) = facts.first_missing {
        eprintln!(
            "sudoku-ilp: warning: {} line number{} below the last result {} in no input (the first: line {first}): a shard or chunk may be missing, or batch skipped them (blank and '#' lines, --every)",
            facts.missing,
            if facts.missing == 1 { "" } else { "s" },
            if facts.missing == 1 { "is" } else { "are" },
        );
    }
    let text = if args.summary_json {
        format!("{}\n", merge_json(&summary, &facts))
    } else {
        merge_text(&summary, &facts)
    };
    if to_stdout {
        eprint!("{}", super::escape_controls(&text, false));
    } else {
        super::emit(&text)?;
    }
    Ok(Code::Ok)
}
