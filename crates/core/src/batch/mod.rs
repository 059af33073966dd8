//! Many puzzles, one per line, solved by a fixed pool of worker threads and reported in input
//! order.
//!
//! ```text
//! reader thread --(line, text)--> workers (jobs × HiGHS with threads = 1) --(result)--> caller
//!      ^                                                                                  |
//!      +------------------------------ one token per written result ---------------------+
//! ```
//! The reader takes a token before it hands a line on and the caller returns one for each result
//! it has taken in order, so at most `window` lines are in flight or waiting to be written: the
//! memory of a run does not grow with the file. HiGHS keeps a task scheduler per OS thread, so
//! the workers live for the whole batch and each model uses one thread.
//!
//! The reader can take one slice of the input ([`Shard`], after `every`) and number lines from
//! an offset (the input is a chunk of a larger file), so the results of several runs carry line
//! numbers of the whole file and [`merge`] joins them into the output of one run.

pub mod merge;
mod puzzles;
pub mod rate;
mod shard;
mod summary;

pub use puzzles::solve_puzzles;
pub use shard::{Shard, ShardError};
pub use summary::{peak_memory_mb, severity, RunFacts, Summary};

use crate::clock::Instant;
use crate::engine::{Engine, EngineError, Limits, Solution, Status};
use crate::input::{parse_batch_line, InputError, LineStream};
use crate::puzzle::{Grid, Puzzle};
use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a batch runs.
pub struct BatchConfig {
    /// The engine every line is solved with (one per batch: its HiGHS options, if any, are
    /// shared by all workers, each of which builds its own model).
    pub engine: Arc<dyn Engine>,
    pub limits: Limits,
    /// Box shape for grid lines whose order is not a perfect square.
    pub box_shape: Option<(usize, usize)>,
    /// Worker threads.
    pub jobs: usize,
    /// Most lines in flight or waiting to be written at once.
    pub window: usize,
    /// Take every `every`-th puzzle line, starting with the first (1 = all).
    pub every: usize,
    /// Of the lines `every` takes, those of this shard ([`Shard::WHOLE`] = all).
    pub shard: Shard,
    /// Lines before the input's first line (the input is a chunk of a larger file): line
    /// numbers in results and messages are counted in the whole file.
    pub line_offset: usize,
    /// Line numbers (in the whole file) not to solve again: their results are already written
    /// (`batch --resume`). Empty for a fresh run.
    pub skip: BTreeSet<usize>,
    /// Rate each line the engine solved too (`batch --rate`, [`rate`]); `None`: solve only.
    pub rate: Option<rate::RateOptions>,
}

/// Lines in flight or waiting to be written per worker, by default ([`BatchConfig::new`]).
pub const WINDOW_PER_JOB: usize = 256;

impl BatchConfig {
    /// A batch of every line of one whole input with `jobs` workers: the defaults both front
    /// ends start from (a window of [`WINDOW_PER_JOB`] lines per worker, no box shape, no
    /// sampling, sharding, offset or lines to skip).
    pub fn new(engine: Arc<dyn Engine>, limits: Limits, jobs: usize) -> BatchConfig {
        BatchConfig {
            engine,
            limits,
            box_shape: None,
            jobs,
            window: WINDOW_PER_JOB * jobs,
            every: 1,
            shard: Shard::WHOLE,
            line_offset: 0,
            skip: BTreeSet::new(),
            rate: None,
        }
    }
}

/// What became of one puzzle line.
#[derive(Debug)]
pub enum LineOutcome {
    /// The engine solved the puzzle (or proved it infeasible, or stopped at the time limit); a
    /// grid in the solution has passed the checker. `expected` is the solution a jigsaw line
    /// gives.
    Solved {
        puzzle: Box<Puzzle>,
        solution: Box<Solution>,
        expected: Option<Grid>,
        /// The rating, when the batch rates ([`BatchConfig::rate`]) and the engine solved it.
        rating: Option<rate::LineRating>,
    },
    /// The line is not a valid puzzle.
    BadLine(InputError),
    /// The engine failed, or a grid failed the checker (a bug).
    Failed(EngineError),
}

/// One result, with its line number and the wall-clock time the worker spent on it.
#[derive(Debug)]
pub struct LineResult {
    pub line: usize,
    pub outcome: LineOutcome,
    pub ms: f64,
}

impl LineResult {
    /// The kind of result, as [`Summary`] counts it.
    pub fn kind(&self) -> ResultKind {
        match &self.outcome {
            LineOutcome::Solved {
                rating: Some(rate::LineRating::Failed(_) | rate::LineRating::NoSolution),
                ..
            } => ResultKind::Error,
            LineOutcome::Solved {
                rating: Some(rate::LineRating::TimeLimit),
                ..
            } => ResultKind::TimeLimit,
            LineOutcome::Solved { solution, .. } => match solution.status {
                Status::Solved => ResultKind::Solved,
                Status::Infeasible => ResultKind::NoSolution,
                Status::TimeLimit => ResultKind::TimeLimit,
            },
            LineOutcome::BadLine(_) => ResultKind::BadLine,
            LineOutcome::Failed(_) => ResultKind::Error,
        }
    }
}

/// The five kinds of result a line can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultKind {
    Solved,
    NoSolution,
    TimeLimit,
    BadLine,
    Error,
}

impl ResultKind {
    /// The kind a result line's `"status"` names (`solved`, `infeasible`, `time_limit`,
    /// `bad_line`, `error`), or `None`.
    pub fn from_status(status: &str) -> Option<ResultKind> {
        Some(match status {
            "solved" => ResultKind::Solved,
            "infeasible" => ResultKind::NoSolution,
            "time_limit" => ResultKind::TimeLimit,
            "bad_line" => ResultKind::BadLine,
            "error" => ResultKind::Error,
            _ => return None,
        })
    }

    /// Whether the line reached the solver (its time counts in the quantiles).
    pub fn reached_solver(self) -> bool {
        matches!(
            self,
            ResultKind::Solved | ResultKind::NoSolution | ResultKind::TimeLimit
        )
    }
}

/// Solves one line: parse, then the engine (whose grid is checked).
fn solve_line(config: &BatchConfig, origin: &str, line: usize, text: &str) -> LineOutcome {
    let (puzzle, expected) = match parse_batch_line(origin, line, text, config.box_shape) {
        Ok(parsed) => parsed,
        Err(e) => return LineOutcome::BadLine(e),
    };
    // One time limit for the line: the solve, then the rating with what is left.
    let start = Instant::now();
    match config.engine.solve(&puzzle, &config.limits) {
        Ok(solution) => LineOutcome::Solved {
            rating: match (config.rate, solution.status) {
                (Some(options), Status::Solved) => Some(rate::rate(
                    &puzzle,
                    options,
                    &config.limits.after(start.elapsed()),
                )),
                _ => None,
            },
            puzzle: Box::new(puzzle),
            solution: Box::new(solution),
            expected,
        },
        Err(e) => LineOutcome::Failed(e),
    }
}

/// Runs the batch over `input` and calls `sink` with each result in input order, on the calling
/// thread. When `stop` becomes true no further line is started; the lines in flight are
/// finished and passed to `sink`. Returns whether the whole input was read.
pub fn run_batch<R: BufRead + Send>(
    input: R,
    origin: &str,
    config: BatchConfig,
    stop: &AtomicBool,
    mut sink: impl FnMut(LineResult),
) -> bool {
    let config = Arc::new(config);
    let window = config.window.max(1);
    let (token_tx, token_rx) = sync_channel::<()>(window);
    for _ in 0..window {
        let _ = token_tx.send(());
    }
    let jobs = config.jobs.max(1);
    let (job_tx, job_rx) = sync_channel::<Job>(jobs);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (result_tx, result_rx) = channel::<(usize, LineResult)>();
    let stopped = Arc::new(AtomicBool::new(false));
    let read_all = AtomicBool::new(false);

    std::thread::scope(|scope| {
        let (reader_config, reader_stop) = (Arc::clone(&config), Arc::clone(&stopped));
        let read_all = &read_all;
        scope.spawn(move || {
            let all = read_lines(
                input,
                origin,
                &reader_config,
                token_rx,
                job_tx,
                &reader_stop,
            );
            read_all.store(all, Ordering::SeqCst);
        });
        for _ in 0..jobs {
            let job_rx = Arc::clone(&job_rx);
            let worker_stop = Arc::clone(&stopped);
            let result_tx = result_tx.clone();
            let config = Arc::clone(&config);
            scope.spawn(move || work(&config, origin, &job_rx, &worker_stop, &result_tx));
        }
        // Only the workers hold the job receiver and result senders now: when the last
        // worker ends, the reader's send fails and the result channel closes.
        drop(job_rx);
        drop(result_tx);
        deliver_in_order(&result_rx, stop, &stopped, &token_tx, &mut sink);
        // Ends the reader if it waits for a token.
        drop(token_tx);
    });
    read_all.load(Ordering::SeqCst)
}

/// The line numbers a run of `config` takes from `input` (`every`, the shard and the line
/// offset, as the run reads them; `skip` is not applied), with the text of those of `wanted`:
/// what `batch --resume` holds a journal's lines against (a journal of another shard or input
/// is refused).
pub fn taken_lines<R: BufRead>(
    input: R,
    origin: &str,
    config: &BatchConfig,
    wanted: &BTreeSet<usize>,
) -> (BTreeSet<usize>, BTreeMap<usize, String>) {
    let lines = LineStream::with_offset(input, origin, config.line_offset)
        .step_by(config.every.max(1))
        .skip(config.shard.index.saturating_sub(1))
        .step_by(config.shard.count.max(1));
    let (mut taken, mut texts) = (BTreeSet::new(), BTreeMap::new());
    for item in lines {
        let line = item_line(&item);
        taken.insert(line);
        if let (true, Ok((_, text))) = (wanted.contains(&line), item) {
            texts.insert(line, text);
        }
    }
    (taken, texts)
}

/// A line handed to the workers: its index among the lines taken, and the line or its error.
type Job = (usize, Result<(usize, String), InputError>);

/// The reader: numbers the lines taken (`every`, then the shard) in input order and waits for a
/// token before handing each on. Returns whether it read the whole input.
fn read_lines<R: BufRead>(
    input: R,
    origin: &str,
    config: &BatchConfig,
    tokens: Receiver<()>,
    jobs: SyncSender<Job>,
    stopped: &AtomicBool,
) -> bool {
    let lines = LineStream::with_offset(input, origin, config.line_offset)
        .step_by(config.every.max(1))
        .skip(config.shard.index.saturating_sub(1))
        .step_by(config.shard.count.max(1))
        .filter(|item| !config.skip.contains(&item_line(item)));
    for item in lines.enumerate() {
        if tokens.recv().is_err() || stopped.load(Ordering::SeqCst) {
            return false;
        }
        if jobs.send(item).is_err() {
            return false;
        }
    }
    true
}

/// A worker: solves the lines it takes from `jobs` until the reader is done or a stop.
fn work(
    config: &BatchConfig,
    origin: &str,
    jobs: &Mutex<Receiver<Job>>,
    stopped: &AtomicBool,
    results: &Sender<(usize, LineResult)>,
) {
    loop {
        let next = jobs.lock().map(|rx| rx.recv());
        let Ok(Ok((index, item))) = next else {
            return;
        };
        // Lines taken after a stop come after every line taken before it: skipping
        // them leaves the written results a prefix of the input.
        if stopped.load(Ordering::SeqCst) {
            return;
        }
        let start = Instant::now();
        let (line, outcome) = match item {
            Ok((line, text)) => (line, solve_line(config, origin, line, &text)),
            Err(e) => (line_of(&e), LineOutcome::BadLine(e)),
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if results
            .send((index, LineResult { line, outcome, ms }))
            .is_err()
        {
            return;
        }
    }
}

/// Passes results to `sink` in index order, returning a token for each; watches `stop`.
fn deliver_in_order(
    results: &Receiver<(usize, LineResult)>,
    stop: &AtomicBool,
    stopped: &AtomicBool,
    tokens: &SyncSender<()>,
    sink: &mut impl FnMut(LineResult),
) {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    loop {
        if stop.load(Ordering::SeqCst) {
            stopped.store(true, Ordering::SeqCst);
        }
        match results.recv_timeout(Duration::from_millis(100)) {
            Ok((index, result)) => {
                waiting.insert(index, result);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
        while let Some(result) = waiting.remove(&next) {
            sink(result);
            next += 1;
            let _ = tokens.try_send(());
        }
    }
    // After a stop, results may arrive out of order with a gap; pass on what is left in order.
    for (_, result) in waiting {
        sink(result);
    }
}

/// The line number of a line the reader took, or of the input error in its place.
fn item_line(item: &Result<(usize, String), InputError>) -> usize {
    match item {
        Ok((line, _)) => *line,
        Err(e) => line_of(e),
    }
}

/// The line number an input error names (0 when it names none).
fn line_of(e: &InputError) -> usize {
    match e.place {
        crate::input::Place::Line(l) | crate::input::Place::LineCol(l, _) => l,
        _ => 0,
    }
}
