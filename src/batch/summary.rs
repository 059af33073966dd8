//! What a batch did: counts by kind of result, per-puzzle times, throughput; and the JSON line
//! written for each input line.

use super::{LineOutcome, LineResult, ResultKind};
use crate::report::json::solution_json;
use crate::report::text::thousands;
use serde_json::{json, Value};

/// Counts and times of a batch.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub lines: usize,
    pub solved: usize,
    pub no_solution: usize,
    pub time_limit: usize,
    pub bad_lines: usize,
    pub errors: usize,
    /// Jigsaw lines whose grid differs from the solution the line gives.
    pub differ_from_given: usize,
    /// Per-puzzle times (ms) of the lines that reached the solver.
    times: Vec<f64>,
}

impl Summary {
    pub fn add(&mut self, result: &LineResult) {
        self.lines += 1;
        match result.kind() {
            ResultKind::Solved => self.solved += 1,
            ResultKind::NoSolution => self.no_solution += 1,
            ResultKind::TimeLimit => self.time_limit += 1,
            ResultKind::BadLine => self.bad_lines += 1,
            ResultKind::Error => self.errors += 1,
        }
        if let LineOutcome::Solved {
            solution, expected, ..
        } = &result.outcome
        {
            self.times.push(result.ms);
            if let (Some(grid), Some(expected)) = (&solution.grid, expected) {
                self.differ_from_given += usize::from(grid != expected);
            }
        }
    }

    /// The `p`-quantile (nearest rank) of the per-puzzle times, in ms.
    pub fn time_quantile(&self, p: f64) -> f64 {
        let mut sorted = self.times.clone();
        sorted.sort_by(f64::total_cmp);
        crate::compare::percentile(&sorted, p)
    }
}

/// Facts about the run that the summary prints beside the counts.
#[derive(Debug, Clone)]
pub struct RunFacts {
    pub file: String,
    pub model: String,
    pub jobs: usize,
    pub wall_s: f64,
    /// The whole input was read (false after Ctrl-C or a closed output).
    pub complete: bool,
    /// Peak resident memory of the process, when the system tells it.
    pub peak_memory_mb: Option<f64>,
}

impl Summary {
    /// Puzzles per second over the wall-clock time of the run.
    pub fn per_second(&self, facts: &RunFacts) -> f64 {
        self.lines as f64 / facts.wall_s.max(1e-9)
    }

    /// The summary as people read it.
    pub fn text(&self, facts: &RunFacts) -> String {
        let mut out = format!(
            "batch    {}: {} lines, {}, {} job{}{}\n",
            facts.file,
            thousands(self.lines),
            facts.model,
            facts.jobs,
            if facts.jobs == 1 { "" } else { "s" },
            if facts.complete {
                ""
            } else {
                " (stopped early: not every line was read)"
            },
        );
        out += &format!(
            "results  {} solved, {} no solution, {} time limit, {} bad lines, {} errors\n",
            thousands(self.solved),
            thousands(self.no_solution),
            thousands(self.time_limit),
            thousands(self.bad_lines),
            thousands(self.errors)
        );
        if self.differ_from_given > 0 {
            out += &format!(
                "         {} grids differ from the solution given on their line\n",
                thousands(self.differ_from_given)
            );
        }
        out += &format!(
            "time     median {:.2} ms, p90 {:.2} ms, max {:.2} ms per puzzle; {:.1} puzzles/s ({:.1} s wall)\n",
            self.time_quantile(0.5),
            self.time_quantile(0.9),
            self.time_quantile(1.0),
            self.per_second(facts),
            facts.wall_s
        );
        if let Some(mb) = facts.peak_memory_mb {
            out += &format!("memory   peak {mb:.1} MB resident\n");
        }
        out
    }

    /// The summary as one JSON object.
    pub fn json(&self, facts: &RunFacts) -> Value {
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        json!({
            "file": facts.file,
            "model": facts.model,
            "jobs": facts.jobs,
            "complete": facts.complete,
            "lines": self.lines,
            "solved": self.solved,
            "no_solution": self.no_solution,
            "time_limit": self.time_limit,
            "bad_lines": self.bad_lines,
            "errors": self.errors,
            "differ_from_given": self.differ_from_given,
            "median_ms": round(self.time_quantile(0.5)),
            "p90_ms": round(self.time_quantile(0.9)),
            "max_ms": round(self.time_quantile(1.0)),
            "puzzles_per_s": round(self.per_second(facts)),
            "wall_s": round(facts.wall_s),
            "peak_memory_mb": facts.peak_memory_mb.map(round),
        })
    }
}

/// The JSON line of one result: `"line"` first, then the `solve --json` object (status, grid,
/// model, stats) and the worker's time for the line; a bad line or a failure gets `"status"`
/// `"bad_line"` or `"error"` and the reason in `"error"`.
pub fn line_json(result: &LineResult) -> Value {
    let mut value = json!({ "line": result.line });
    match &result.outcome {
        LineOutcome::Solved {
            puzzle,
            solution,
            expected,
        } => {
            if let Value::Object(fields) = solution_json(puzzle, solution) {
                for (k, v) in fields.into_iter().filter(|(k, _)| k != "name") {
                    value[k] = v;
                }
            }
            if let (Some(grid), Some(expected)) = (&solution.grid, expected) {
                value["matches_given_solution"] = json!(grid == expected);
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
    value["ms"] = json!((result.ms * 1000.0).round() / 1000.0);
    value
}

/// Peak resident memory of this process in MB (`VmHWM` in `/proc/self/status`), on Linux.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Whether a result kind is worse than another, for the exit code: error and time limit, then
/// bad lines, then no solution, then solved.
pub fn severity(kind: ResultKind) -> u8 {
    match kind {
        ResultKind::Solved => 0,
        ResultKind::NoSolution => 1,
        ResultKind::BadLine => 2,
        ResultKind::TimeLimit | ResultKind::Error => 3,
    }
}
