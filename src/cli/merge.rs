//! `sudoku-ilp merge`: the outputs of batch shards joined into the output of one run.

use super::{Code, Failure};
use anyhow::Context;
use clap::Args;
use std::fs::File;
use std::io::{BufReader, Write};
use sudoku_ilp::batch::merge::{merge, MergeError};
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
/// -o FILE.
///
/// Exit code: 0 merged, 2 refused or unreadable input.
///
/// Examples:
///   sudoku-ilp merge part1.jsonl part2.jsonl part3.jsonl -o all.jsonl
///   sudoku-ilp merge --summary-json parts/*.jsonl > all.jsonl
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// The batch outputs (JSON lines) to merge.
    #[arg(required = true, value_name = "OUT.jsonl")]
    pub inputs: Vec<String>,

    /// Write the merged lines to FILE instead of standard output ('-': standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<String>,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub summary_json: bool,
}

/// Opens every input (a failure: exit 2).
fn open_all(inputs: &[String]) -> Result<Vec<(String, BufReader<File>)>, Failure> {
    inputs
        .iter()
        .map(|path| {
            let file = File::open(path)
                .with_context(|| format!("{path}: cannot open"))
                .map_err(|e| Failure {
                    code: Code::BadInput,
                    error: e,
                })?;
            Ok((path.clone(), BufReader::new(file)))
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

/// Refuses an output file that is also an input (creating it would empty the input).
fn refuse_output_among_inputs(args: &MergeArgs) -> Result<(), Failure> {
    let Some(out) = args.out.as_deref().filter(|&o| o != "-") else {
        return Ok(());
    };
    let Ok(out_path) = std::fs::canonicalize(out) else {
        return Ok(());
    };
    match args
        .inputs
        .iter()
        .find(|i| std::fs::canonicalize(i).is_ok_and(|p| p == out_path))
    {
        Some(input) => Err(Failure::usage(format!(
            "-o {out}: is also the input {input}; write the merge to another file"
        ))),
        None => Ok(()),
    }
}

/// Checks the inputs in a first pass that writes nothing, then merges them into the output.
pub fn run(args: MergeArgs) -> Result<Code, Failure> {
    refuse_output_among_inputs(&args)?;
    merge(open_all(&args.inputs)?, |_| Ok(())).map_err(failure)?;
    let to_stdout = matches!(args.out.as_deref(), None | Some("-"));
    let mut writer: Box<dyn Write> = match args.out.as_deref() {
        None | Some("-") => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
        Some(path) => Box::new(std::io::BufWriter::new(
            File::create(path)
                .with_context(|| format!("cannot write {path}"))
                .map_err(|e| Failure {
                    code: Code::BadInput,
                    error: e,
                })?,
        )),
    };
    let merged = merge(open_all(&args.inputs)?, |text| writeln!(writer, "{text}"));
    let flushed = writer.flush();
    drop(writer);
    let (summary, facts) = match merged.and_then(|m| flushed.map(|_| m).map_err(MergeError::Write))
    {
        Ok(m) => m,
        Err(MergeError::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            return Ok(Code::Ok)
        }
        Err(e) => return Err(failure(e)),
    };
    let text = if args.summary_json {
        format!("{}\n", merge_json(&summary, &facts))
    } else {
        merge_text(&summary, &facts)
    };
    if to_stdout {
        eprint!("{text}");
    } else {
        super::emit(&text)?;
    }
    Ok(Code::Ok)
}
