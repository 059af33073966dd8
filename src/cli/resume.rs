//! `batch --resume OUT`: what an interrupted run already wrote to OUT, and putting OUT in line
//! order at the end.
//!
//! OUT is a journal: each result line is written whole and flushed, so after a `kill -9` it
//! holds complete lines and at most one torn last line (no newline at its end). Resume keeps the
//! complete lines, cuts the torn one off, and the run appends only the lines that are missing.
//! This is the one output that is written in place rather than replaced at once: replacing it
//! would lose the journal a second kill needs. When the kept lines were not a prefix of the
//! input (a run stopped with a gap), the appended lines come out of order and OUT is rewritten
//! in line order at the end, through a temporary file renamed over it.

use super::output::write_failure;
use super::{Code, Failure};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use sudoku_ilp::batch::{ResultKind, Summary};

/// The complete result lines OUT holds, as the summary counts them.
pub struct Kept {
    /// Line numbers (in the whole input file) whose result is in OUT.
    pub lines: BTreeSet<usize>,
    /// The kept lines counted as results.
    pub summary: Summary,
    /// The largest kept line number (0 when none).
    pub last: usize,
    /// For each kept line solved by an engine: the engine's label and the puzzle's givens
    /// (`"model"` and `"puzzle"` of the result), to hold against this run ([`check_run`]).
    pub solved: Vec<(usize, String, Value)>,
}

/// Reads OUT (a missing file: nothing kept), cuts off a torn last line and opens OUT for
/// appending. A complete line that is not a result of `file` is refused (exit 2): OUT is not
/// this run's output.
pub fn open(path: &str, file: &str) -> Result<(Kept, File), Failure> {
    if path == "-" {
        return Err(Failure::usage(
            "--resume -: the journal must be a file (standard output cannot be read back)",
        ));
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Failure::usage(format!(
            "--resume {path}: not a regular file; the journal must be one"
        )));
    }
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(write_failure(path, &e)),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut kept = Kept {
        lines: BTreeSet::new(),
        summary: Summary::default(),
        last: 0,
        solved: Vec::new(),
    };
    for (i, text) in bytes[..complete].split(|&b| b == b'\n').enumerate() {
        if text.is_empty() {
            continue;
        }
        let (line, kind, ms, differs) = result_of(text, file).ok_or_else(|| {
            Failure::usage(format!(
                "--resume {path}: line {} is not a batch result of {file}; refusing to resume",
                i + 1
            ))
        })?;
        if !kept.lines.insert(line) {
            return Err(Failure::usage(format!(
                "--resume {path}: line {} repeats the result of input line {line}",
                i + 1
            )));
        }
        kept.summary.add_kind(kind, ms, differs);
        kept.last = kept.last.max(line);
        if let Ok(value) = serde_json::from_slice::<Value>(text) {
            let model = &value["model"];
            let label = model["formulation"].as_str().or(model["method"].as_str());
            if let (Some(label), Some(puzzle)) = (label, value.get("puzzle")) {
                kept.solved.push((line, label.to_string(), puzzle.clone()));
            }
        }
    }
    let out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| write_failure(path, &e))?;
    out.set_len(complete as u64)
        .map_err(|e| write_failure(path, &e))?;
    Ok((kept, out))
}

/// Refuses a journal that another run wrote: a kept line solved by another engine (`label`
/// is this run's), a line this run does not take (`taken`: another `--shard`, `--every` or
/// `--line-offset`), or a puzzle other than the input's on that line (`givens`: the input
/// line's givens as the result writes them; another input of the same name).
pub fn check_run(
    path: &str,
    kept: &Kept,
    label: &str,
    taken: Option<&std::collections::BTreeSet<usize>>,
    givens: &dyn Fn(usize) -> Option<Value>,
) -> Result<(), Failure> {
    let refuse = |what: String| {
        Err(Failure::usage(format!(
            "--resume {path}: {what}; refusing to resume"
        )))
    };
    if let Some(taken) = taken {
        if let Some(line) = kept.lines.iter().find(|l| !taken.contains(l)) {
            return refuse(format!(
                "input line {line} is not a line this run takes (another --shard, --every or --line-offset?)"
            ));
        }
    }
    for (line, theirs, puzzle) in &kept.solved {
        if theirs != label {
            return refuse(format!(
                "input line {line} was solved with {theirs}, this run uses {label}"
            ));
        }
        if givens(*line).is_some_and(|g| &g != puzzle) {
            return refuse(format!(
                "input line {line} holds another puzzle than the one solved there (another input?)"
            ));
        }
    }
    Ok(())
}

/// A result line's line number, kind, time and whether a jigsaw grid differed from its given
/// solution; `None` when the line is not a result of `file`.
fn result_of(text: &[u8], file: &str) -> Option<(usize, ResultKind, Option<f64>, bool)> {
    let value: Value = serde_json::from_slice(text).ok()?;
    if value.get("file")?.as_str()? != file {
        return None;
    }
    let line = usize::try_from(value.get("line")?.as_u64()?).ok()?;
    let kind = ResultKind::from_status(value.get("status")?.as_str()?)?;
    let ms = kind
        .reached_solver()
        .then(|| value.get("ms").and_then(Value::as_f64))
        .flatten();
    let differs = value.get("matches_given_solution") == Some(&Value::Bool(false));
    Some((line, kind, ms, differs))
}

/// Rewrites OUT with its lines sorted by `"line"`: written to a temporary file next to it, then
/// renamed over it, so OUT is never half rewritten.
pub fn sort_by_line(path: &str) -> Result<(), Failure> {
    let fail = |e: std::io::Error| write_failure(path, &e);
    let mut lines = BufReader::new(File::open(path).map_err(fail)?)
        .lines()
        .collect::<Result<Vec<_>, _>>()
        .map_err(fail)?;
    lines.sort_by_key(|l| {
        serde_json::from_str::<Value>(l)
            .ok()
            .and_then(|v| v.get("line")?.as_u64())
            .unwrap_or(u64::MAX)
    });
    let temp = format!("{path}.resume-tmp");
    let mut out = std::io::BufWriter::new(File::create(&temp).map_err(fail)?);
    for line in &lines {
        writeln!(out, "{line}").map_err(fail)?;
    }
    out.into_inner()
        .map_err(|e| fail(e.into_error()))?
        .sync_all()
        .map_err(fail)?;
    std::fs::rename(&temp, path).map_err(|e| Failure {
        code: Code::LimitOrInternal,
        error: anyhow::anyhow!("cannot replace {path}: {e}"),
    })
}
