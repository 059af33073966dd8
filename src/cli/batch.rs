//! `sudoku-ilp batch`: every puzzle of a line file, in parallel, one JSON line each.

use super::model_args::{engine, parse_jobs, parse_positive, HighsArgs, MethodArg, ModelChoice};
use super::{Code, Failure};
use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::File;
use std::io::{BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use sudoku_ilp::batch::{
    line_json, peak_memory_mb, run_batch, severity, BatchConfig, RunFacts, Summary,
};
use sudoku_ilp::engine::Limits;
use sudoku_ilp::input::{open_lines, origin_name, LineStream};

/// Solve every puzzle of a line file and write one JSON line per puzzle, in input order.
///
/// Lines: 81 characters for 9x9 ('.' or '0' empty), n² integers separated by spaces, jigsaw
/// lines (givens, regions, solution), or one JSON puzzle object per line; blank lines and
/// lines starting with '#' are skipped. Each output line has "line" (1-based line number of
/// the input), "status" (solved, infeasible, time_limit, bad_line or error), "grid" when
/// solved (checked), the model, HiGHS statistics and "ms" for the whole line. A bad line
/// gets its reason in "error" and the batch goes on. The summary (counts, median/p90/max
/// time, puzzles per second) goes to standard error, or to standard output with --out.
/// Ctrl-C stops reading, finishes the puzzles in flight and writes them and the summary
/// (a second Ctrl-C quits at once).
///
/// Exit code: the worst line decides: 3 time limit or error, 2 bad line, 1 no solution,
/// 0 all solved; 130 after Ctrl-C.
///
/// Examples:
///   sudoku-ilp batch --fast ../shared/data/sudoku17_tdoku.txt --out results.jsonl
///   sudoku-ilp batch --jobs 1 --summary-json ../shared/data/magictour_top95.txt > /dev/null
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

    /// The fastest measured setting: --singles --reduce (binary model).
    #[arg(long)]
    pub fast: bool,

    /// Solution method for every line (see `solve --method`).
    #[arg(long, value_enum, default_value_t = MethodArg::Ilp)]
    pub method: MethodArg,

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

    /// Write the JSON lines to FILE instead of standard output ('-': standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub summary_json: bool,

    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

pub fn run(mut args: BatchArgs) -> Result<Code, Failure> {
    if args.out.as_deref().is_some_and(super::output::is_stdout) {
        args.out = None; // `--out -`: standard output, the summary on standard error
    }
    if args.threads.is_some() {
        return Err(Failure::usage(
            "batch runs one HiGHS thread per job: use --jobs instead of --threads",
        ));
    }
    let options = args.solver.options()?;
    if args.fast {
        args.singles = true;
        args.choice.reduce = true;
    }
    let engine = engine(args.method, &args.choice, args.singles, &options)?;
    if args.every == 0 {
        return Err(Failure::usage("--every must be at least 1"));
    }
    let jobs = match args.jobs {
        Some(0) => return Err(Failure::usage("--jobs must be at least 1")),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let origin = origin_name(&args.file);
    let input = open_lines(&args.file)?;
    let mut model = engine.label();
    if args.singles {
        model += ", singles";
    }
    if !options.tuned && args.method == MethodArg::Ilp {
        model += ", plain HiGHS";
    }
    let config = BatchConfig {
        engine,
        limits: Limits {
            time_limit: options.time_limit,
        },
        box_shape: args.choice.box_shape,
        jobs,
        window: 256 * jobs,
        every: args.every,
    };

    let stop = Arc::new(AtomicBool::new(false));
    let handler_stop = Arc::clone(&stop);
    // A second Ctrl-C quits at once; the handler can be set once per process.
    let _ = ctrlc::set_handler(move || {
        if handler_stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });

    let mut sink: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))
                .map_err(|e| Failure {
                    code: Code::BadInput,
                    error: e,
                })?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let progress = progress_bar(&args, &origin);
    let start = Instant::now();
    let mut summary = Summary::default();
    let mut worst = 0;
    let mut write_error = None;
    let complete = run_batch(input, &origin, config, &stop, |result| {
        summary.add(&result);
        worst = worst.max(severity(result.kind()));
        progress.inc(1);
        if write_error.is_none() {
            if let Err(e) = writeln!(sink, "{}", line_json(&result)) {
                write_error = Some(e);
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    progress.finish_and_clear();
    let flushed = sink.flush();
    drop(sink);
    let facts = RunFacts {
        file: origin,
        model,
        jobs,
        wall_s: start.elapsed().as_secs_f64(),
        complete,
        peak_memory_mb: peak_memory_mb(),
    };
    let summary_text = if args.summary_json {
        format!("{}\n", summary.json(&facts))
    } else {
        summary.text(&facts)
    };
    match write_error.map_or(flushed, Err) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            eprint!("{summary_text}");
            return Err(Failure::internal(
                anyhow::Error::new(e).context("cannot write the results"),
            ));
        }
        Ok(()) => {}
    }
    if args.out.is_some() {
        super::emit(&summary_text)?;
    } else {
        eprint!("{summary_text}");
    }
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

/// A progress bar on standard error when it is a terminal: with a length (lines counted in a
/// quick first pass) for a file, a counter for standard input.
fn progress_bar(args: &BatchArgs, origin: &str) -> ProgressBar {
    if args.quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let lines = (args.file != "-")
        .then(|| File::open(&args.file).ok())
        .flatten()
        .map(|f| LineStream::new(BufReader::new(f), origin).count() as u64)
        .map(|n| n.div_ceil(args.every as u64));
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
