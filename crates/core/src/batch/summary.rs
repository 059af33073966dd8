//! What a batch did: counts by kind of result, per-puzzle times, throughput. The report layer
//! ([`crate::report::batch`]) turns them into text and JSON.

use super::{LineOutcome, LineResult, ResultKind, Shard};

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
    /// Counts one result of a run.
    pub fn add(&mut self, result: &LineResult) {
        let (ms, differs) = match &result.outcome {
            LineOutcome::Solved {
                solution, expected, ..
            } => {
                let differs = matches!((&solution.grid, expected), (Some(g), Some(e)) if g != e);
                (Some(result.ms), differs)
            }
            _ => (None, false),
        };
        self.add_kind(result.kind(), ms, differs);
    }

    /// Counts one result given by its parts (as `merge` reads them back): its kind, the time when
    /// it reached the solver, and whether its grid differs from the solution its line gives.
    pub fn add_kind(&mut self, kind: ResultKind, ms: Option<f64>, differs: bool) {
        self.lines += 1;
        match kind {
            ResultKind::Solved => self.solved += 1,
            ResultKind::NoSolution => self.no_solution += 1,
            ResultKind::TimeLimit => self.time_limit += 1,
            ResultKind::BadLine => self.bad_lines += 1,
            ResultKind::Error => self.errors += 1,
        }
        if let Some(ms) = ms {
            self.times.push(ms);
        }
        self.differ_from_given += usize::from(differs);
    }

    /// The `p`-quantile (nearest rank) of the per-puzzle times, in ms.
    pub fn time_quantile(&self, p: f64) -> f64 {
        let mut sorted = self.times.clone();
        sorted.sort_by(f64::total_cmp);
        crate::compare::percentile(&sorted, p)
    }

    /// The sum of the per-puzzle times in ms: the worker (CPU) time of the run (0, not -0,
    /// when no line reached the solver: the float sum of nothing is -0.0).
    pub fn time_sum_ms(&self) -> f64 {
        self.times.iter().fold(0.0, |sum, ms| sum + ms)
    }

    /// True when at least one line reached the solver, so that the times have quantiles.
    pub fn has_times(&self) -> bool {
        !self.times.is_empty()
    }

    /// Puzzles per second over the wall-clock time of the run.
    pub fn per_second(&self, facts: &RunFacts) -> f64 {
        self.lines as f64 / facts.wall_s.max(1e-9)
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
    /// The slice of the input this run took.
    pub shard: Shard,
    /// Result lines written whole to the output.
    pub written: usize,
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
