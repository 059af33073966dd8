//! Merging the outputs of shards (`batch --shard K/N`, or chunks numbered with
//! `--line-offset`) back into the output of one run: every result line in line order, one
//! summary over all of them. Each input is read line by line (it must be in line order, as
//! `batch` writes it), so memory holds one pending line per input.
//!
//! Inputs that overlap (a line number in two inputs, or twice in one) or that hold results of
//! different files (their `"file"` fields differ) are refused.

use super::{ResultKind, Summary};
use crate::input::MAX_LINE_BYTES;
use serde_json::Value;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{BufRead, Read};

/// Why the inputs cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("{path}: cannot read: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{number}: not a batch result line: {reason}")]
    NotResult {
        path: String,
        number: usize,
        reason: String,
    },
    #[error(
        "{path}:{number}: result for line {line} after line {previous}: \
         not in line order, as batch writes it"
    )]
    OutOfOrder {
        path: String,
        number: usize,
        line: usize,
        previous: usize,
    },
    #[error("line {line} is in both {first} and {second}: the shards overlap")]
    Overlap {
        line: usize,
        first: String,
        second: String,
    },
    #[error(
        "{first} holds results of {first_file:?}, {second} of {second_file:?}: \
         shards of different files"
    )]
    MixedFiles {
        first: String,
        first_file: String,
        second: String,
        second_file: String,
    },
    #[error("cannot write the merged results: {0}")]
    Write(std::io::Error),
}

/// What the merge summary says beside the counts.
#[derive(Debug, Clone, Default)]
pub struct MergeFacts {
    /// The `"file"` the results name (`None` when no line names one).
    pub file: Option<String>,
    /// The inputs, as given.
    pub inputs: Vec<String>,
    /// Result lines passed to the sink.
    pub written: usize,
    /// Line numbers below the last result that no input holds (a shard or chunk that is
    /// missing, or lines batch skipped: blank and `#` lines, `--every`).
    pub missing: usize,
    /// The first of those line numbers.
    pub first_missing: Option<usize>,
}

impl MergeFacts {
    /// Counts the line numbers between the previous result (`None`: before line 1) and `line`
    /// as missing.
    fn note_gap(&mut self, previous: Option<usize>, line: usize) {
        let from = previous.map_or(1, |p| p + 1);
        if line > from {
            self.missing += line - from;
            self.first_missing.get_or_insert(from);
        }
    }
}

/// One result line read back.
struct Entry {
    line: usize,
    kind: ResultKind,
    ms: Option<f64>,
    differs: bool,
    file: Option<String>,
    text: String,
}

/// One input being read.
struct Input<R> {
    path: String,
    reader: R,
    /// Lines of the input read so far.
    number: usize,
    /// The line number of the last result read.
    previous: Option<usize>,
}

impl<R: BufRead> Input<R> {
    /// The next result line, checked to come after the previous one; `None` at the end. A line
    /// is read up to [`MAX_LINE_BYTES`] (a result line of a 64×64 grid is about 20 KiB): a
    /// longer one is refused before more of it is held in memory.
    fn next_entry(&mut self) -> Result<Option<Entry>, MergeError> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            let limit = MAX_LINE_BYTES as u64 + 1;
            let read = (&mut self.reader).take(limit).read_until(b'\n', &mut bytes);
            let n = read.map_err(|source| MergeError::Read {
                path: self.path.clone(),
                source,
            })?;
            if n == 0 {
                return Ok(None);
            }
            self.number += 1;
            let not_result = |reason: &str| MergeError::NotResult {
                path: self.path.clone(),
                number: self.number,
                reason: reason.to_string(),
            };
            if bytes.len() > MAX_LINE_BYTES {
                return Err(not_result("longer than 1 MiB"));
            }
            let text = std::str::from_utf8(&bytes).map_err(|_| not_result("not UTF-8 text"))?;
            let trimmed = text.trim_end_matches(['\n', '\r']);
            if trimmed.trim().is_empty() {
                continue;
            }
            let entry = parse_entry(trimmed).map_err(|reason| MergeError::NotResult {
                path: self.path.clone(),
                number: self.number,
                reason,
            })?;
            if let Some(previous) = self.previous.filter(|&p| p >= entry.line) {
                return Err(MergeError::OutOfOrder {
                    path: self.path.clone(),
                    number: self.number,
                    line: entry.line,
                    previous,
                });
            }
            self.previous = Some(entry.line);
            return Ok(Some(entry));
        }
    }
}

/// The fields of a result line that the merge needs.
fn parse_entry(text: &str) -> Result<Entry, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let line = value["line"]
        .as_u64()
        .ok_or("no \"line\" number")?
        .try_into()
        .map_err(|_| "\"line\" is too large")?;
    if line == 0 {
        return Err("\"line\" 0: batch numbers lines from 1".into());
    }
    let file = value["file"]
        .as_str()
        .ok_or("no \"file\" (batch names the input in each line)")?;
    let status = value["status"].as_str().ok_or("no \"status\"")?;
    let kind =
        ResultKind::from_status(status).ok_or_else(|| format!("unknown \"status\" {status:?}"))?;
    Ok(Entry {
        line,
        kind,
        ms: value["ms"].as_f64().filter(|_| kind.reached_solver()),
        differs: value["matches_given_solution"] == Value::Bool(false),
        file: Some(file.to_string()),
        text: text.to_string(),
    })
}

/// Merges `inputs` (name, reader) in line order, passing each result line's text (as read,
/// without its newline) to `sink`, and returns the summary over all of them. Refuses, before
/// the sink sees a line that would break it, inputs that overlap, are out of order or name
/// different files; run once with a sink that writes nothing to check inputs before writing.
pub fn merge<R: BufRead>(
    inputs: Vec<(String, R)>,
    mut sink: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<(Summary, MergeFacts), MergeError> {
    let mut facts = MergeFacts {
        inputs: inputs.iter().map(|(name, _)| name.clone()).collect(),
        ..MergeFacts::default()
    };
    let mut inputs: Vec<Input<R>> = inputs
        .into_iter()
        .map(|(path, reader)| Input {
            path,
            reader,
            number: 0,
            previous: None,
        })
        .collect();
    let mut pending: Vec<Option<Entry>> = Vec::with_capacity(inputs.len());
    let mut heap = BinaryHeap::new();
    for (i, input) in inputs.iter_mut().enumerate() {
        let entry = input.next_entry()?;
        if let Some(e) = &entry {
            heap.push(Reverse((e.line, i)));
        }
        pending.push(entry);
    }
    let mut summary = Summary::default();
    let mut last: Option<(usize, usize)> = None;
    let mut named: Option<(String, usize)> = None;
    while let Some(Reverse((line, i))) = heap.pop() {
        let Some(entry) = pending[i].take() else {
            continue;
        };
        if let Some((previous, j)) = last.filter(|&(l, _)| l == line) {
            return Err(MergeError::Overlap {
                line: previous,
                first: inputs[j].path.clone(),
                second: inputs[i].path.clone(),
            });
        }
        check_file(&entry, i, &mut named, &inputs)?;
        facts.note_gap(last.map(|(l, _)| l), line);
        summary.add_kind(entry.kind, entry.ms, entry.differs);
        sink(&entry.text).map_err(MergeError::Write)?;
        facts.written += 1;
        last = Some((line, i));
        pending[i] = inputs[i].next_entry()?;
        if let Some(e) = &pending[i] {
            heap.push(Reverse((e.line, i)));
        }
    }
    facts.file = named.map(|(file, _)| file);
    Ok((summary, facts))
}

/// Refuses an entry naming another file than the first entry that named one (`named`: that
/// file and the index of its input).
fn check_file<R>(
    entry: &Entry,
    i: usize,
    named: &mut Option<(String, usize)>,
    inputs: &[Input<R>],
) -> Result<(), MergeError> {
    let Some(file) = &entry.file else {
        return Ok(());
    };
    match named {
        None => *named = Some((file.clone(), i)),
        Some((first_file, j)) if first_file != file => {
            return Err(MergeError::MixedFiles {
                first: inputs[*j].path.clone(),
                first_file: first_file.clone(),
                second: inputs[i].path.clone(),
                second_file: file.clone(),
            })
        }
        Some(_) => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize, file: &str) -> String {
        format!(r#"{{"line":{n},"file":"{file}","status":"solved","ms":{n}.0}}"#)
    }

    fn run(inputs: &[(&str, Vec<String>)]) -> Result<(Vec<usize>, Summary), MergeError> {
        let readers = inputs
            .iter()
            .map(|(name, lines)| (name.to_string(), std::io::Cursor::new(lines.join("\n"))))
            .collect();
        let mut out = Vec::new();
        let (summary, _) = merge(readers, |text| {
            out.push(
                serde_json::from_str::<Value>(text).unwrap()["line"]
                    .as_u64()
                    .unwrap() as usize,
            );
            Ok(())
        })?;
        Ok((out, summary))
    }

    #[test]
    fn shards_merge_in_line_order() {
        let a = vec![line(1, "f"), line(4, "f"), line(9, "f")];
        let b = vec![line(2, "f"), line(3, "f")];
        let (lines, summary) = run(&[("a", a), ("b", b), ("c", vec![])]).unwrap();
        assert_eq!(lines, vec![1, 2, 3, 4, 9]);
        assert_eq!(summary.solved, 5);
        assert_eq!(summary.time_sum_ms(), 19.0);
    }

    #[test]
    fn line_numbers_no_input_holds_are_counted() {
        let readers = [("a", [2, 5]), ("b", [3, 9])]
            .iter()
            .map(|(name, ns)| {
                let lines: Vec<String> = ns.iter().map(|&n| line(n, "f")).collect();
                (name.to_string(), std::io::Cursor::new(lines.join("\n")))
            })
            .collect();
        let (_, facts) = merge(readers, |_| Ok(())).unwrap();
        // 1, 4, 6, 7 and 8.
        assert_eq!((facts.missing, facts.first_missing), (5, Some(1)));
    }

    #[test]
    fn overlaps_disorder_and_mixed_files_are_refused() {
        let e = run(&[
            ("a", vec![line(1, "f"), line(3, "f")]),
            ("b", vec![line(3, "f")]),
        ]);
        assert_eq!(
            e.unwrap_err().to_string(),
            "line 3 is in both a and b: the shards overlap"
        );
        let e = run(&[("a", vec![line(3, "f"), line(2, "f")])]).unwrap_err();
        assert!(matches!(e, MergeError::OutOfOrder { number: 2, .. }), "{e}");
        let e = run(&[("a", vec![line(1, "f")]), ("b", vec![line(2, "g")])]).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"a holds results of "f", b of "g": shards of different files"#
        );
        let e = run(&[("a", vec!["{}".into()])]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a:1: not a batch result line: no \"line\" number"
        );
    }
}
