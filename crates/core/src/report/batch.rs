//! The JSON line of each batch result and the summaries of `batch` and `merge`, as text and as
//! JSON.

use super::hint::rating_json;
use super::json::solution_json;
use super::round3;
use super::text::thousands;
use crate::batch::merge::MergeFacts;
use crate::batch::rate::LineRating;
use crate::batch::{LineOutcome, LineResult, RunFacts, Shard, Summary};
use serde_json::{json, Value};

/// The JSON line of one result: `"line"` (in the whole file) and `"file"` (the input's name,
/// which `merge` compares across shards) first, then the `solve --json` object (status, grid,
/// model, stats) and the worker's time for the line; a bad line or a failure gets `"status"`
/// `"bad_line"` or `"error"` and the reason in `"error"`. With `batch --rate` a solved line
/// also has `"rating"` ([`line_rating`]).
pub fn result_json(result: &LineResult, file: &str) -> Value {
    let mut value = json!({ "line": result.line, "file": file });
    match &result.outcome {
        LineOutcome::Solved {
            puzzle,
            solution,
            expected,
            rating,
        } => {
            if let Value::Object(fields) = solution_json(puzzle, solution) {
                for (k, v) in fields.into_iter().filter(|(k, _)| k != "name") {
                    value[k] = v;
                }
            }
            if let (Some(grid), Some(expected)) = (&solution.grid, expected) {
                value["matches_given_solution"] = json!(grid == expected);
            }
            if let Some(rating) = rating {
                line_rating(&mut value, rating);
            }
        }
        LineOutcome::BadLine(e) => {
            value["status"] = json!("bad_line");
            value["error"] = json!(e.to_string());
        }
        LineOutcome::Failed(e) => {
            value["status"] = json!("error");
            value["error"] = json!(e.to_string());
        }
    }
    value["ms"] = json!(round3(result.ms));
    value
}

/// `"rating"`: the object of `rate --json` ([`rating_json`]), or `{"status": "several"}` as
/// `rate --json` says it; a failed rating makes the line's status `error` with the reason, and
/// a rating stopped by the time limit makes it `time_limit` (one status per line: the grid
/// stays, checked, but the line did not finish what it was asked). A rating that finds no
/// solution where the engine found a checked grid is an error (the two disagree).
fn line_rating(value: &mut Value, rating: &LineRating) {
    match rating {
        LineRating::Rated(rating) => value["rating"] = rating_json(rating),
        LineRating::NoSolution => {
            value["status"] = json!("error");
            value["error"] = json!("rating: no solution found where the engine solved the grid");
        }
        LineRating::Several => value["rating"] = json!({ "status": "several" }),
        LineRating::TimeLimit => {
            value["status"] = json!("time_limit");
            value["rating"] = json!({ "status": "time_limit" });
        }
        LineRating::Failed(e) => {
            value["status"] = json!("error");
            value["error"] = json!(format!("rating: {e}"));
        }
    }
}

/// The counts line and, when jigsaw lines disagree with their solutions, a line saying so.
fn results_lines(summary: &Summary) -> String {
    let mut out = format!(
        "results  {} solved, {} no solution, {} time limit, {} bad lines, {} errors\n",
        thousands(summary.solved),
        thousands(summary.no_solution),
        thousands(summary.time_limit),
        thousands(summary.bad_lines),
        thousands(summary.errors)
    );
    if summary.differ_from_given > 0 {
        out += &format!(
            "         {} grids differ from the solution given on their line\n",
            thousands(summary.differ_from_given)
        );
    }
    out
}

/// " (shard K/N)" unless the run took the whole input.
fn shard_note(shard: Shard) -> String {
    if shard == Shard::WHOLE {
        String::new()
    } else {
        format!(" (shard {shard})")
    }
}

/// "median … ms, p90 … ms, max … ms per puzzle", or that no line reached a solver (no times).
fn per_puzzle_times(summary: &Summary) -> String {
    if !summary.has_times() {
        return "no line reached a solver, so no times per puzzle".into();
    }
    format!(
        "median {:.2} ms, p90 {:.2} ms, max {:.2} ms per puzzle",
        summary.time_quantile(0.5),
        summary.time_quantile(0.9),
        summary.time_quantile(1.0),
    )
}

/// The batch summary as people read it.
pub fn summary_text(summary: &Summary, facts: &RunFacts) -> String {
    let mut out = format!(
        "batch    {}{}: {} lines, {}, {} job{}{}\n",
        facts.file,
        shard_note(facts.shard),
        thousands(summary.lines),
        facts.model,
        facts.jobs,
        if facts.jobs == 1 { "" } else { "s" },
        if facts.complete {
            ""
        } else {
            " (stopped early: not every line was read)"
        },
    );
    out += &results_lines(summary);
    out += &format!(
        "time     {}; {:.1} puzzles/s ({:.1} s wall)\n",
        per_puzzle_times(summary),
        summary.per_second(facts),
        facts.wall_s
    );
    out += &format!("written  {} result lines\n", thousands(facts.written));
    if let Some(mb) = facts.peak_memory_mb {
        out += &format!("memory   peak {mb:.1} MB resident\n");
    }
    out
}

/// The counts and times both summaries share, as JSON fields.
fn counts_json(summary: &Summary) -> Value {
    json!({
        "lines": summary.lines,
        "solved": summary.solved,
        "no_solution": summary.no_solution,
        "time_limit": summary.time_limit,
        "bad_lines": summary.bad_lines,
        "errors": summary.errors,
        "differ_from_given": summary.differ_from_given,
        "median_ms": round3(summary.time_quantile(0.5)),
        "p90_ms": round3(summary.time_quantile(0.9)),
        "max_ms": round3(summary.time_quantile(1.0)),
        "sum_ms": round3(summary.time_sum_ms()),
    })
}

/// Appends the fields of `more` (an object) to `value` (an object).
fn extend(mut value: Value, more: Value) -> Value {
    if let (Value::Object(fields), Value::Object(more)) = (&mut value, more) {
        fields.extend(more);
    }
    value
}

/// The batch summary as one JSON object.
pub fn summary_json(summary: &Summary, facts: &RunFacts) -> Value {
    let head = json!({
        "file": facts.file,
        "shard": facts.shard.to_string(),
        "model": facts.model,
        "jobs": facts.jobs,
        "complete": facts.complete,
    });
    let tail = json!({
        "puzzles_per_s": round3(summary.per_second(facts)),
        "wall_s": round3(facts.wall_s),
        "written": facts.written,
        "peak_memory_mb": facts.peak_memory_mb.map(round3),
    });
    extend(extend(head, counts_json(summary)), tail)
}

/// The `merge` summary as people read it.
pub fn merge_text(summary: &Summary, facts: &MergeFacts) -> String {
    let mut out = format!(
        "merge    {} file{} of {}: {} lines\n",
        facts.inputs.len(),
        if facts.inputs.len() == 1 { "" } else { "s" },
        facts.file.as_deref().unwrap_or("an unnamed input"),
        thousands(summary.lines),
    );
    out += &results_lines(summary);
    out += &format!(
        "time     {}; {:.1} s of worker time in all\n",
        per_puzzle_times(summary),
        summary.time_sum_ms() / 1000.0,
    );
    out += &format!("written  {} result lines\n", thousands(facts.written));
    out
}

/// The `merge` summary as one JSON object.
pub fn merge_json(summary: &Summary, facts: &MergeFacts) -> Value {
    let head = json!({ "file": facts.file, "inputs": facts.inputs });
    extend(
        extend(head, counts_json(summary)),
        json!({ "written": facts.written }),
    )
}
