//! `sudoku-ilp hint`, `steps` and `rate`: human techniques with the LP rows that prove them.

use super::model_args::InputArgs;
use super::output::write_out;
use super::{emit, input_failure, parse_box, Code, Failure};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::hint::level::{lp_level, LpLevel};
use sudoku_ilp::hint::path::{solve_path, HintError, Path, PathOptions};
use sudoku_ilp::input::{
    is_jigsaw_line, origin_name, parse_jigsaw_line, parse_line, parse_puzzle, read_source, Problem,
};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::hint::{hint_text, path_json, rating_json, step_svg, step_text, HintLevel};

/// Which puzzle to read.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// Puzzle file (JSON, line file or grid block), or '-' for standard input.
    pub file: String,

    /// Box shape ROWSxCOLS (default: square boxes when N is a perfect square).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub time_limit: CommandTimeLimit,
}

/// `--time-limit` of `hint`, `steps` and `rate`.
#[derive(Debug, Args)]
pub struct CommandTimeLimit {
    /// Time limit in seconds of the whole command (rate: of each puzzle): the search for the
    /// solution, the steps and the LP level. When reached: status time_limit, exit code 3.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = sudoku_ilp::limits::DEFAULT_TIME_LIMIT,
        allow_negative_numbers = true
    )]
    pub time_limit: f64,
}

impl CommandTimeLimit {
    fn limits(&self) -> Result<Limits, Failure> {
        Limits::seconds(self.time_limit).map_err(|e| Failure::usage(e.said_of("--time-limit")))
    }
}

impl PuzzleArgs {
    fn puzzle(&self, command: &str) -> Result<Puzzle, Failure> {
        let text = read_source(&self.file)?;
        parse_puzzle(
            &origin_name(&self.file),
            &text,
            self.input.options(self.box_shape),
        )
        .map_err(|e| input_failure(command, e))
    }
}

/// How much of the next step to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    Where,
    Technique,
    Rows,
    Value,
}

/// The next step only, in levels: where to look, the technique, its rows, the digit.
///
/// The step is the cheapest of the catalogue (Sukaku Explainer's order and scale); each
/// candidate it removes comes with the rows of the binary model (named as `export --format lp`
/// names them) and multipliers that prove it on the LP relaxation, checked before printing, or
/// with "not implied by the LP relaxation" and the LP's maximum.
///
/// Exit codes: 0 a hint, 1 no solution or several (one line on standard error), 2 bad input,
/// 3 time limit (status time_limit) or internal error.
///
/// Example:
///   sudoku-ilp hint --line 1 ../shared/data/sudoku_exchange_diabolical.txt --level technique
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct HintArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// How much to show.
    #[arg(long, value_enum, default_value_t = LevelArg::Value)]
    pub level: LevelArg,

    /// Print one JSON object (the step as in `steps --json`).
    #[arg(long)]
    pub json: bool,
}

/// The path to the solution, one step per technique, with the certificate of every removed
/// candidate; as text, --json, or pictures (--svg DIR: one SVG per step).
///
/// Exit codes: 0 the steps, 1 no solution or several, 2 bad input, 3 time limit (status
/// time_limit) or internal error.
///
/// Example:
///   sudoku-ilp steps --line 1 ../shared/data/sudoku_exchange_diabolical.txt --json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct StepsArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Print one JSON object: {"status", "steps", "rating", "solution"}.
    #[arg(long)]
    pub json: bool,

    /// Write one SVG picture per step into this directory (step-001.svg, …).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,

    /// Leave out the certificates (faster).
    #[arg(long)]
    pub no_certificates: bool,

    /// Also compute the LP level (rating.lp_level).
    #[arg(long)]
    pub lp_level: bool,
}

/// Rate a puzzle, or every puzzle of a line file (one line each): the hardest technique's
/// difficulty on Sukaku Explainer's scale, its name, and the LP level.
///
/// Output per puzzle: `difficulty<TAB>hardest<TAB>lp_level<TAB>root_lp_integral` (`-` when
/// --no-lp), or one JSON object per line with --json. A puzzle without a unique solution
/// gives `several` or `no_solution` (`{"status": …}` in JSON) on its line, and one that
/// reaches --time-limit `time_limit`; a file of one such puzzle exits with code 1 (3 for the
/// time limit).
///
/// Example:
///   sudoku-ilp rate ../shared/data/sudoku_exchange_diabolical.txt --no-lp
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RateArgs {
    /// Puzzle file (JSON, grid block, or a line file of many puzzles), or '-'.
    pub file: String,

    /// Box shape ROWSxCOLS for line files of non-square orders.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Skip the LP level (technique rating only).
    #[arg(long)]
    pub no_lp: bool,

    /// One JSON object per puzzle.
    #[arg(long)]
    pub json: bool,

    /// Append each puzzle's wall time in milliseconds as a last column (text output only).
    #[arg(long, conflicts_with = "json")]
    pub time: bool,

    #[command(flatten)]
    pub time_limit: CommandTimeLimit,
}

fn hint_failure(e: HintError) -> Failure {
    match e {
        HintError::NoSolution | HintError::Several => Failure {
            code: Code::NoSolution,
            error: e.into(),
        },
        e => Failure::internal(e),
    }
}

/// The path, or the code to exit with: a time limit prints status `time_limit` (a JSON object
/// with --json, a line of text otherwise) on standard output and the reason on standard
/// error, exit 3.
fn path_or_limit(puzzle: &Puzzle, options: PathOptions, json: bool) -> Result<Path, Failure> {
    match solve_path(puzzle, options) {
        Err(e @ HintError::TimeLimit(_)) => Err(time_limit_failure(e, json)?),
        other => other.map_err(hint_failure),
    }
}

/// Status `time_limit` on standard output, the reason as the failure (exit 3).
fn time_limit_failure(e: HintError, json: bool) -> Result<Failure, Failure> {
    emit(if json {
        "{\"status\":\"time_limit\"}\n"
    } else {
        "time_limit\n"
    })?;
    Ok(Failure::internal(e))
}

pub fn run_hint(args: HintArgs) -> Result<Code, Failure> {
    let puzzle = args.puzzle.puzzle("hint")?;
    let options = PathOptions {
        max_steps: 1,
        limits: args.puzzle.time_limit.limits()?,
        ..PathOptions::default()
    };
    let path = path_or_limit(&puzzle, options, args.json)?;
    let Some(step) = path.steps.first() else {
        emit("the grid is already complete\n")?;
        return Ok(Code::Ok);
    };
    if args.json {
        let json = sudoku_ilp::report::hint::step_json(step);
        emit(&format!("{json}\n"))?;
    } else {
        let level = match args.level {
            LevelArg::Where => HintLevel::Where,
            LevelArg::Technique => HintLevel::Technique,
            LevelArg::Rows => HintLevel::Rows,
            LevelArg::Value => HintLevel::Value,
        };
        emit(&hint_text(step, level))?;
    }
    Ok(Code::Ok)
}

pub fn run_steps(args: StepsArgs) -> Result<Code, Failure> {
    let puzzle = args.puzzle.puzzle("steps")?;
    let start = std::time::Instant::now();
    let limits = args.puzzle.time_limit.limits()?;
    let options = PathOptions {
        certificates: !args.no_certificates,
        limits,
        ..PathOptions::default()
    };
    let path = path_or_limit(&puzzle, options, args.json)?;
    let level = if args.lp_level {
        match lp_level(&puzzle, &path.solution, &limits.after(start.elapsed())) {
            Ok(level) => Some(level),
            Err(e) => match HintError::from(e) {
                e @ HintError::TimeLimit(_) => return Err(time_limit_failure(e, args.json)?),
                e => return Err(Failure::internal(e)),
            },
        }
    } else {
        None
    };
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::usage(format!("--svg {}: {e}", dir.display())))?;
        for (i, s) in path.steps.iter().enumerate() {
            let file = dir.join(format!("step-{:03}.svg", i + 1));
            write_out(Some(&file), &[&args.puzzle.file], &step_svg(s))?;
        }
    }
    if args.json {
        emit(&format!("{}\n", path_json(&path, level.as_ref())))?;
    } else {
        emit(&steps_text(&path, level.as_ref()))?;
    }
    Ok(Code::Ok)
}

fn steps_text(path: &Path, level: Option<&LpLevel>) -> String {
    let mut out = String::new();
    for (i, s) in path.steps.iter().enumerate() {
        out += &step_text(i + 1, s);
    }
    let r = rating_json(path, level);
    out += &format!(
        "rating: {} ({})",
        r["difficulty"],
        r["hardest"].as_str().unwrap_or("")
    );
    if let Some(l) = level {
        out += &format!(", LP level {}", l.level);
    }
    out.push('\n');
    out
}

/// The status line (or JSON line) of a puzzle without a rating.
fn status_line(status: &str, json: bool) -> String {
    if json {
        format!("{{\"status\":\"{status}\"}}\n")
    } else {
        format!("{status}\n")
    }
}

/// One rating line (or JSON line) of a puzzle within `limits`; a puzzle without a unique
/// solution says so, and so does one that reaches the limit.
fn rate_one(puzzle: &Puzzle, lp: bool, json: bool, limits: &Limits) -> Result<String, Failure> {
    let start = std::time::Instant::now();
    let options = PathOptions {
        certificates: false,
        lp_steps: lp,
        max_steps: usize::MAX,
        limits: *limits,
    };
    let unrated = |e: HintError| match e {
        HintError::NoSolution => Ok(status_line("no_solution", json)),
        HintError::Several => Ok(status_line("several", json)),
        HintError::TimeLimit(_) => Ok(status_line("time_limit", json)),
        e => Err(Failure::internal(e)),
    };
    let path = match solve_path(puzzle, options) {
        Ok(p) => p,
        Err(e) => return unrated(e),
    };
    let level = if lp {
        match lp_level(puzzle, &path.solution, &limits.after(start.elapsed())) {
            Ok(level) => Some(level),
            Err(e) => return unrated(e.into()),
        }
    } else {
        None
    };
    let r = rating_json(&path, level.as_ref());
    if json {
        return Ok(format!("{r}\n"));
    }
    let lv = level
        .as_ref()
        .map_or("-".to_string(), |l| l.level.to_string());
    let ri = level
        .as_ref()
        .map_or("-".to_string(), |l| l.root_integral.to_string());
    Ok(format!(
        "{:.1}\t{}\t{lv}\t{ri}\n",
        r["difficulty"].as_f64().unwrap_or(0.0),
        r["hardest"].as_str().unwrap_or("")
    ))
}

/// [`rate_one`], with its wall time appended when `--time` asks for it.
fn timed(puzzle: &Puzzle, args: &RateArgs, limits: &Limits) -> Result<String, Failure> {
    let start = std::time::Instant::now();
    let line = rate_one(puzzle, !args.no_lp, args.json, limits)?;
    if !args.time {
        return Ok(line);
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(format!("{}\t{ms:.2}\n", line.trim_end()))
}

pub fn run_rate(args: RateArgs) -> Result<Code, Failure> {
    let limits = args.time_limit.limits()?;
    let text = read_source(&args.file)?;
    let origin = origin_name(&args.file);
    let options = InputArgs {
        line: None,
        input_format: Default::default(),
    }
    .options(args.box_shape);
    match parse_puzzle(&origin, &text, options) {
        Ok(puzzle) => {
            let line = timed(&puzzle, &args, &limits)?;
            emit(&line)?;
            // One puzzle stopped by the time limit: its status line, and exit 3.
            if line.starts_with("time_limit") || line.contains("\"status\":\"time_limit\"") {
                return Ok(Code::LimitOrInternal);
            }
            // One puzzle without a unique solution: its status line, and exit 1.
            if line.starts_with("several")
                || line.starts_with("no_solution")
                || line.contains("\"status\"")
            {
                return Ok(Code::NoSolution);
            }
        }
        Err(e) if matches!(e.problem, Problem::SeveralPuzzles { .. }) => {
            for (k, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let parsed = if is_jigsaw_line(line) {
                    parse_jigsaw_line(line).map(|(p, _)| p)
                } else {
                    parse_line(line, args.box_shape)
                };
                let puzzle =
                    parsed.map_err(|e| Failure::usage(format!("{origin}: line {}: {e}", k + 1)))?;
                emit(&timed(&puzzle, &args, &limits)?)?;
            }
        }
        Err(e) => return Err(input_failure("rate", e)),
    }
    Ok(Code::Ok)
}
