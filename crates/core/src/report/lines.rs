//! Puzzle lines in, the JSON result lines of `batch` out, as one list: the unit of work of a
//! distributed run (a Dask or Spark partition, a `multiprocessing` chunk), whose outputs
//! `sudoku-ilp merge` joins into the output of one `batch` run.

use super::batch::result_json;
use crate::batch::{run_batch, BatchConfig};
use std::sync::atomic::AtomicBool;

/// The result lines of `lines` (one puzzle per line, blank and `#` lines give none), numbered
/// from `config.line_offset + 1` and naming `file` in `"file"`, exactly as `batch` writes them:
/// the same pool of workers ([`run_batch`]) and the same JSON ([`result_json`]). `origin` is the
/// name bad-line messages give the input. One trailing `\n` of a line is dropped (text readers
/// such as `dask.bag.read_text` keep it); a line must not hold another one.
pub fn result_lines<'a>(
    lines: impl IntoIterator<Item = &'a str>,
    origin: &str,
    file: &str,
    config: BatchConfig,
) -> Vec<String> {
    let mut text = String::new();
    for line in lines {
        text.push_str(line.strip_suffix('\n').unwrap_or(line));
        text.push('\n');
    }
    let mut out = Vec::new();
    let stop = AtomicBool::new(false);
    run_batch(
        std::io::Cursor::new(text.into_bytes()),
        origin,
        config,
        &stop,
        |result| out.push(result_json(&result, file).to_string()),
    );
    out
}
