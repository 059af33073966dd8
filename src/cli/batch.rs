//! `sudoku-ilp batch`: every puzzle of a line file, in parallel, one JSON line each.

use super::model_args::{engine_spec, parse_jobs, parse_positive, spec_failure, HighsArgs};
use super::model_args::{ModelChoice, StartArgs};
use super::output::Destination;
use super::values::named;
use super::{resume, Code, Failure};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::File;
use std::io::{BufReader, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, TryLockError};
use std::time::{Duration, Instant};
use sudoku_ilp::batch::{
    peak_memory_mb, run_batch, severity, BatchConfig, RunFacts, Shard, Summary,
};
use sudoku_ilp::engine::Method;
use sudoku_ilp::input::{open_lines, origin_name, LineStream};
use sudoku_ilp::report::batch::{result_json, summary_json, summary_text};

/// Solve every puzzle of a line file and write one JSON line per puzzle, in input order.
///
/// Lines: 81 characters for 9x9 ('.' or '0' empty), n² integers separated by spaces, jigsaw
/// lines (givens, regions, solution), or one JSON puzzle object per line; blank lines and
/// lines starting with '#' are skipped. Each output line has "line" (1-based line number in
/// the whole file), "file" (the input's base name, or --file-name; `merge` refuses shards of
/// different files), "status" (solved, infeasible, time_limit, bad_line or error), "grid" when
/// solved (checked), the model, HiGHS statistics and "ms" for the whole line. A bad line
/// gets its reason in "error" and the batch goes on. Each result line is written and
/// flushed as soon as it is its turn, so `batch -` is a line filter: a line in gives a line
/// out while the pipe stays open. The summary (counts, median/p90/max time, puzzles per
/// second, result lines written) goes to standard error, or to standard output with
/// --out FILE. Ctrl-C stops reading, finishes the puzzles in flight and writes them and the
/// summary; a second Ctrl-C quits at once, after the line being written (only whole lines).
///
/// Scale-out (docs/scale-out.md): --shard K/N takes every N-th puzzle line from the K-th
/// on, --shard slurm takes the shard of a Slurm job-array task, --line-offset numbers a
/// chunk of a larger file (GNU parallel --pipe), `sudoku-ilp merge` joins the outputs, and
/// --resume OUT finishes the output of a run that was killed.
///
/// Exit code: the worst line decides: 3 time limit or error, 2 bad line, 1 no solution,
/// 0 all solved; 130 after Ctrl-C.
///
/// Examples:
///   sudoku-ilp batch --fast ../shared/data/sudoku17_tdoku.txt --out results.jsonl
///   sudoku-ilp batch --jobs 1 --summary-json ../shared/data/magictour_top95.txt > /dev/null
///   sudoku-ilp batch --shard 2/8 --out part2.jsonl ../shared/data/sudoku17_tdoku.txt
///   sudoku-ilp batch --resume results.jsonl ../shared/data/sudoku17_tdoku.txt   # after a kill
///   sudoku-ilp batch --rate --method sat --every 100 ../shared/data/sudoku_exchange_diabolical.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct BatchArgs {
    /// Line file, or '-' for standard input.
    pub file: String,

    #[command(flatten)]
    pub choice: ModelChoice,

    #[command(flatten)]
    pub solver: HighsArgs,

    /// Fill the cells that naked and hidden singles force before building each model.
    #[arg(long)]
    pub singles: bool,

    /// The fastest measured MILP path: --singles --reduce --start propagate (binary model;
    /// an explicit --start wins; docs/performance.md).
    #[arg(long)]
    pub fast: bool,

    /// Solution method for every line (see `solve --method`).
    #[arg(long, value_parser = named::<Method>(), default_value_t = Method::Ilp)]
    pub method: Method,

    #[command(flatten)]
    pub start: StartArgs,

    /// Worker threads, each solving one puzzle at a time with one HiGHS thread
    /// (default: the number of cores; at most 256).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs, allow_negative_numbers = true)]
    pub jobs: Option<usize>,

    /// Hidden, and always refused: each job runs one HiGHS thread (say --jobs instead).
    #[arg(long, hide = true, value_name = "N")]
    pub threads: Option<String>,

    /// Take every K-th puzzle line, starting with the first (a sample of a collection).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_positive,
          allow_negative_numbers = true)]
    pub every: usize,

    /// Take one shard of the puzzle lines: K/N (1-based) takes the lines whose index
    /// (0-based, counting puzzle lines as --line does, after --every) is K-1 modulo N, each
    /// reported with its line number in the whole file; N runs K = 1..N take every line once.
    /// 'slurm' reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT: Slurm numbers tasks as
    /// --array gives them (--array=0-7 gives 0..7, --array=1-8 gives 1..8); the shard is
    /// ID - SLURM_ARRAY_TASK_MIN + 1 of COUNT, with IDs taken as 0..COUNT-1 when
    /// SLURM_ARRAY_TASK_MIN is not set. The array must be contiguous with step 1.
    #[arg(long, value_name = "K/N|slurm")]
    pub shard: Option<String>,

    /// Number the input's lines from LINES+1: the input is a chunk of a larger file that
    /// LINES lines precede (GNU parallel --pipe -N 1000: LINES = ({#}-1)*1000).
    #[arg(long, value_name = "LINES", default_value_t = 0)]
    pub line_offset: usize,

    /// The name the results give the input in "file" (default: the file's base name, or
    /// <stdin>); name a piped input after its file so `merge` can tell files apart.
    #[arg(long, value_name = "NAME")]
    pub file_name: Option<String>,

    /// Write the JSON lines to FILE instead of standard output ('-': standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<String>,

    /// Write the JSON lines to FILE, keeping the results an interrupted run (even a kill -9)
    /// already wrote there: complete lines are kept, a torn last line is dropped, and only the
    /// missing lines are solved and appended. The summary counts the kept lines too. Give the
    /// same input and options (and --shard) as the interrupted run. A missing FILE is a fresh
    /// run.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    pub resume: Option<String>,

    /// Rate every solved line too, as `rate --json` rates a puzzle: its line gets "rating"
    /// (difficulty and hardest technique on Sukaku Explainer's scale, lp_level, ...), or
    /// {"status": "several"} for a puzzle with several solutions. --time-limit bounds the
    /// solve and the rating together; a rating it stops makes the line's status time_limit
    /// (the grid, checked, stays). A rating that fails makes the line an error; the batch
    /// goes on.
    #[arg(long)]
    pub rate: bool,

    /// With --rate: skip the LP level (technique rating only, as `rate --no-lp`).
    #[arg(long, requires = "rate")]
    pub no_lp: bool,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub summary_json: bool,

    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs a batch: the configuration from the arguments, the output, Ctrl-C, the run, then the
/// summary and the exit code.
/// The note for the lines of a batch file that carry f-puzzles drawing-only keys (read and
/// ignored, as `solve` notes them): the first such line's note and how many more there are.
/// `None` for standard input (read once, as it streams), a file `read_source` refuses (too
/// large: the batch streams it), or no such line.
fn drawing_notes(file: &str) -> Option<String> {
    if file == "-" {
        return None;
    }
    let text = sudoku_ilp::input::read_source(file).ok()?;
    let mut notes = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| sudoku_ilp::input::drawing_note(line).map(|note| (i + 1, note)));
    let (first, note) = notes.next()?;
    let more = notes.count();
    let note = note.replacen("note: ", &format!("note: line {first}: "), 1);
    Some(match more {
        0 => note,
        more => format!("{note} (and {more} more lines with drawing-only keys)"),
    })
}

pub fn run(args: BatchArgs) -> Result<Code, Failure> {
    if args.threads.is_some() {
        return Err(Failure::usage(
            "batch runs one HiGHS thread per job: use --jobs instead of --threads",
        ));
    }
    let (mut config, model) = batch_config(&args)?;
    let origin = origin_name(&args.file);
    let file_name = args
        .file_name
        .clone()
        .unwrap_or_else(|| base_name(&args.file));
    let input = open_lines(&args.file)?;
    if !args.quiet {
        if let Some(note) = drawing_notes(&args.file) {
            eprintln!("{note}");
        }
    }
    let (output, kept) = match &args.resume {
        None => (Output::open(args.out.as_deref(), &args.file)?, None),
        Some(path) => {
            super::output::refuse_input(std::path::Path::new(path), &[&args.file])?;
            let (kept, file) = resume::open(path, &file_name)?;
            check_journal(path, &kept, &args, &config)?;
            if !args.quiet && !kept.lines.is_empty() {
                eprintln!(
                    "batch: {} result lines kept from {}; solving the missing lines",
                    kept.lines.len(),
                    super::escape_controls(path, true)
                );
            }
            (Output::append(file, kept.lines.len()), Some(kept))
        }
    };
    let mut summary = Summary::default();
    let mut worst = 0;
    let mut kept_last = 0;
    if let Some(kept) = kept {
        worst = worst_of(&kept.summary);
        kept_last = kept.last;
        config.skip = kept.lines;
        summary = kept.summary;
    }
    let mut first_new = usize::MAX;
    let stop = Arc::new(AtomicBool::new(false));
    on_ctrl_c(Arc::clone(&stop), output.clone());
    let (jobs, shard) = (config.jobs, config.shard);
    let progress = progress_bar(&args, &origin, shard);
    let start = Instant::now();
    let mut write_error = None;
    let complete = run_batch(input, &origin, config, &stop, |result| {
        first_new = first_new.min(result.line);
        summary.add(&result);
        worst = worst.max(severity(result.kind()));
        progress.inc(1);
        if write_error.is_none() {
            if let Err(e) = output.write_line(&result_json(&result, &file_name).to_string()) {
                write_error = Some(e);
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    progress.finish_and_clear();
    if let (Some(path), None) = (&args.resume, &write_error) {
        if first_new < kept_last {
            resume::sort_by_line(path)?;
        }
    }
    let facts = RunFacts {
        file: origin,
        model,
        jobs,
        wall_s: start.elapsed().as_secs_f64(),
        complete,
        peak_memory_mb: peak_memory_mb(),
        shard,
        written: output.written(),
    };
    if let Some(e) = write_error {
        return write_ended(&args, e);
    }
    output.commit()?;
    report(&args, &output, &summary, &facts)?;
    if stop.load(Ordering::SeqCst) && !complete {
        return Ok(Code::Interrupted);
    }
    Ok(match worst {
        0 => Code::Ok,
        1 => Code::NoSolution,
        2 => Code::BadInput,
        _ => Code::LimitOrInternal,
    })
}

/// Holds a `--resume` journal against this run ([`resume::check_run`]): the engine, and for
/// an input file (not standard input) the lines this run takes and their puzzles.
fn check_journal(
    path: &str,
    kept: &resume::Kept,
    args: &BatchArgs,
    config: &BatchConfig,
) -> Result<(), Failure> {
    let label = config.engine.label();
    if args.file == "-" || kept.lines.is_empty() {
        return resume::check_run(path, kept, &label, None, &|_| None);
    }
    let origin = origin_name(&args.file);
    let wanted = kept.solved.iter().map(|(line, ..)| *line).collect();
    let (taken, texts) =
        sudoku_ilp::batch::taken_lines(open_lines(&args.file)?, &origin, config, &wanted);
    let givens = |line: usize| {
        let text = texts.get(&line)?;
        let (puzzle, _) =
            sudoku_ilp::input::parse_batch_line(&origin, line, text, config.box_shape).ok()?;
        Some(serde_json::json!(puzzle.givens_grid().rows()))
    };
    resume::check_run(path, kept, &label, Some(&taken), &givens)
}

/// The largest `--line-offset`: 2^53 - 2^32, so that every line number (offset plus at most
/// 2^32 lines of a chunk) is an exact JSON number (a double) and never wraps.
const MAX_LINE_OFFSET: usize = (1 << 53) - (1 << 32);

/// The exit code's severity of the worst result a summary counts.
fn worst_of(summary: &Summary) -> u8 {
    if summary.errors + summary.time_limit > 0 {
        3
    } else if summary.bad_lines > 0 {
        2
    } else {
        u8::from(summary.no_solution > 0)
    }
}

/// The batch configuration and the model's label for the summary, or a usage error.
fn batch_config(args: &BatchArgs) -> Result<(BatchConfig, String), Failure> {
    let options = args.solver.options()?;
    let mut spec = engine_spec(
        args.method,
        &args.choice,
        args.singles,
        &options,
        &args.start,
    );
    if args.fast {
        spec = spec.fast();
    }
    let engine = spec.build().map_err(spec_failure)?;
    if args.every == 0 {
        return Err(Failure::usage("--every must be at least 1"));
    }
    if args.line_offset > MAX_LINE_OFFSET {
        return Err(Failure::usage(format!(
            "--line-offset {}: at most {MAX_LINE_OFFSET} (2^53 - 2^32: line numbers stay exact in JSON and cannot wrap)",
            args.line_offset
        )));
    }
    let jobs = match args.jobs {
        Some(0) => return Err(Failure::usage("--jobs must be at least 1")),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = match args.shard.as_deref() {
        None => Ok(Shard::WHOLE),
        Some("slurm") => Shard::from_slurm(|name| std::env::var(name).ok()),
        Some(text) => text.parse(),
    }
    .map_err(|e| Failure::usage(format!("--shard {e}")))?;
    let model = spec.describe(engine.as_ref());
    let config = BatchConfig {
        box_shape: args.choice.box_shape,
        every: args.every,
        shard,
        line_offset: args.line_offset,
        rate: args.rate.then_some(sudoku_ilp::batch::rate::RateOptions {
            lp: !args.no_lp,
            ..Default::default()
        }),
        ..BatchConfig::new(engine, args.solver.time_limit.limits()?, jobs)
    };
    Ok((config, model))
}

/// The name results give an input in `"file"`: the path's last component, or `<stdin>`.
fn base_name(path: &str) -> String {
    if path == "-" {
        return origin_name(path);
    }
    std::path::Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Where the result lines go: a file (written atomically, renamed into place at the end) or
/// standard output, each line written whole and flushed under a lock that a second Ctrl-C
/// takes before it quits, and a count of the lines written.
#[derive(Clone)]
struct Output {
    writer: Arc<Mutex<Option<Destination>>>,
    written: Arc<AtomicUsize>,
    to_stdout: bool,
}

impl Output {
    /// Standard output for `None` or `-`, else a new file that must not be the input (a
    /// failure to create it: exit 2).
    fn open(out: Option<&str>, input: &str) -> Result<Output, Failure> {
        let destination = Destination::open(out.map(std::path::Path::new), &[input])?;
        Ok(Output {
            to_stdout: destination.is_stdout(),
            writer: Arc::new(Mutex::new(Some(destination))),
            written: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// Appends to a file that already holds `kept` result lines (`--resume`'s journal).
    fn append(file: File, kept: usize) -> Output {
        Output {
            writer: Arc::new(Mutex::new(Some(Destination::Journal(
                std::io::BufWriter::new(file),
            )))),
            written: Arc::new(AtomicUsize::new(kept)),
            to_stdout: false,
        }
    }

    /// Writes one line and flushes it, so a reader of a pipe gets it now and an interrupted
    /// run leaves whole lines only.
    fn write_line(&self, line: &str) -> std::io::Result<()> {
        let mut guard = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let writer = guard
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the output is closed"))?;
        writer.write_all(line.as_bytes())?;
        writer.write_all(b"\n")?;
        writer.flush()?;
        self.written.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    fn written(&self) -> usize {
        self.written.load(Ordering::SeqCst)
    }

    /// Puts the lines written so far in place (a file is renamed into place); a later line
    /// is not written.
    fn commit(&self) -> Result<(), Failure> {
        let taken = self.writer.lock().unwrap_or_else(|p| p.into_inner()).take();
        taken.map_or(Ok(()), Destination::commit)
    }
}

/// Ctrl-C sets `stop`; a second Ctrl-C waits (at most 2 s) for the line being written to end,
/// says how many lines were written and quits with 130. The handler can be set once per
/// process.
fn on_ctrl_c(stop: Arc<AtomicBool>, output: Output) {
    let _ = ctrlc::set_handler(move || {
        if !stop.swap(true, Ordering::SeqCst) {
            return;
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        // Held until the process ends: no line starts after this one.
        let mut guard = loop {
            match output.writer.try_lock() {
                Ok(guard) => break Some(guard),
                Err(TryLockError::Poisoned(p)) => break Some(p.into_inner()),
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(TryLockError::WouldBlock) => break None,
            }
        };
        // The whole lines written so far are put in place (a file output renamed).
        if let Some(destination) = guard.as_mut().and_then(|g| g.take()) {
            let _ = destination.commit();
        }
        eprintln!(
            "batch: stopped by a second Ctrl-C; {} result lines written",
            output.written()
        );
        std::process::exit(Code::Interrupted as i32);
    });
}

/// The end of a run whose results could not all be written: a closed standard output (`| head`)
/// ends quietly with exit 0 and no summary; any other failure is "cannot write NAME: reason"
/// (a file output is not put in place: the old file, or none, stays).
fn write_ended(args: &BatchArgs, e: std::io::Error) -> Result<Code, Failure> {
    let name = match args.out.as_deref() {
        None | Some("-") => "standard output",
        Some(path) => path,
    };
    super::output::finish(name, Err(e)).map(|()| Code::Ok)
}

/// Prints the summary (standard error when the results go to standard output, else standard
/// output).
fn report(
    args: &BatchArgs,
    output: &Output,
    summary: &Summary,
    facts: &RunFacts,
) -> Result<(), Failure> {
    let text = if args.summary_json {
        format!("{}\n", summary_json(summary, facts))
    } else {
        summary_text(summary, facts)
    };
    if output.to_stdout {
        eprint!("{}", super::escape_controls(&text, false));
    } else {
        super::emit(&text)?;
    }
    Ok(())
}

/// A progress bar on standard error when it is a terminal: with a length (lines counted in a
/// quick first pass) for a regular file, a counter for standard input, pipes and devices.
fn progress_bar(args: &BatchArgs, origin: &str, shard: Shard) -> ProgressBar {
    if args.quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // Only a regular file is counted first: a pipe or device would be consumed or endless.
    let lines = (args.file != "-")
        .then(|| File::open(&args.file).ok())
        .flatten()
        .filter(|f| f.metadata().is_ok_and(|m| m.is_file()))
        .map(|f| LineStream::new(BufReader::new(f), origin).count() as u64)
        .map(|n| n.div_ceil(args.every as u64))
        .map(|n| (n + (shard.count - shard.index) as u64) / shard.count as u64);
    let bar = match lines {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let template = if lines.is_some() {
        "{msg} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}"
    } else {
        "{msg} {spinner} {human_pos} puzzles {per_sec}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(origin.to_string());
    bar
}
