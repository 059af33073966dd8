//! `sudoku-ilp hint`, `steps` and `rate`: human techniques with the LP rows that prove them.

use super::model_args::InputArgs;
use super::output::write_out;
use super::values::named;
use super::{emit, input_failure, parse_box, Code, Failure};
use clap::Args;
use std::path::PathBuf;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::hint::path::{solve_path, HintError, Path, PathOptions};
use sudoku_ilp::hint::rating::{rate, RateOptions, Rating};
use sudoku_ilp::input::{
    is_jigsaw_line, origin_name, parse_jigsaw_line, parse_line, parse_puzzle, read_source, Problem,
};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::hint::{
    difficulty_text, hint_text, path_json, rating_json, step_svg, step_text, HintLevel,
};

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
    pub(super) fn limits(&self) -> Result<Limits, Failure> {
        Limits::seconds(self.time_limit).map_err(|e| Failure::usage(e.said_of("--time-limit")))
    }
}

impl PuzzleArgs {
    pub(super) fn puzzle(&self, command: &str) -> Result<Puzzle, Failure> {
        let text = read_source(&self.file)?;
        parse_puzzle(
            &origin_name(&self.file),
            &text,
            self.input.options(self.box_shape),
        )
        .map_err(|e| input_failure(command, e))
    }
}

/// The next step only, in levels: where to look, the technique, its rows, the digit.
///
/// The step is the cheapest of the catalogue (Sukaku Explainer's order and scale); each
/// candidate it removes comes with the rows of the binary model (named as `export --format lp`
/// names them) and multipliers that prove it on the LP relaxation, checked before printing, or
/// with "not implied by the LP relaxation" and the LP's maximum.
///
/// Exit codes: 0 a hint (or the grid is complete), 1 no solution or several (one line on
/// standard error), 2 bad input, 3 time limit or internal error (a time limit prints status
/// time_limit).
///
/// Example:
///   sudoku-ilp hint --line 1 ../shared/data/sudoku_exchange_diabolical.txt --level technique
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct HintArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// How much to show.
    #[arg(long, value_name = "LEVEL", value_parser = named::<HintLevel>(), default_value_t = HintLevel::Value)]
    pub level: HintLevel,

    /// Print one JSON object (the step as in `steps --json`; {"status": "complete"} when the
    /// grid has no empty cell).
    #[arg(long)]
    pub json: bool,

    /// Leave out the uniqueness techniques (unique rectangles/loops, BUG: they assume one
    /// solution).
    #[arg(long)]
    pub no_uniqueness: bool,
}

/// The path to the solution, one step per technique, with the certificate of every removed
/// candidate; as text, --json, or pictures (--svg DIR: one SVG per step). Where the catalogue
/// stops, an "LP elimination" step removes what the LP relaxation proves: it is no technique of
/// Sukaku Explainer ("se_scale": false), and the rating printed is `rate`'s, from the path
/// without it.
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

    /// Write one SVG picture per step into this directory (step-001.svg, …); it is made when
    /// missing, in a directory that exists.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,

    /// Leave out the certificates (faster).
    #[arg(long)]
    pub no_certificates: bool,

    /// Also compute the LP level (rating.lp_level).
    #[arg(long)]
    pub lp_level: bool,

    /// Leave out the uniqueness techniques (unique rectangles/loops, BUG: they assume one
    /// solution).
    #[arg(long)]
    pub no_uniqueness: bool,
}

/// Rate a puzzle, or every puzzle of a line file (one line each): the hardest technique's
/// difficulty on Sukaku Explainer's scale (from the path of its techniques: no LP step enters
/// it), its name, and beside them the LP level (what the LP relaxation proves).
///
/// Output per puzzle: `difficulty<TAB>hardest<TAB>lp_level<TAB>root_lp_integral` (`-` when
/// --no-lp), or one JSON object per line with --json. A puzzle without a unique solution
/// gives `several` or `no_solution` (`{"status": …}` in JSON) on its line, and one that
/// reaches --time-limit `time_limit`; a file of one such puzzle exits with code 1 (3 for the
/// time limit).
///
/// Example:
///   sudoku-ilp rate ../shared/data/sudoku_exchange_diabolical.txt --no-lp
///   sudoku-ilp rate --line 3 ../shared/data/sudoku_exchange_diabolical.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RateArgs {
    /// Puzzle file (JSON, grid block, or a line file of many puzzles), or '-'.
    pub file: String,

    /// Box shape ROWSxCOLS for line files of non-square orders.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Rate only the puzzle on line K of a line file (the file's line number, as in messages;
    /// blank and '#' lines count).
    #[arg(long, value_name = "K", value_parser = super::model_args::parse_positive,
          allow_negative_numbers = true)]
    pub line: Option<usize>,

    /// Skip the LP level (the difficulty stays the same).
    #[arg(long)]
    pub no_lp: bool,

    /// Leave out the uniqueness techniques (unique rectangles/loops, BUG: they assume one
    /// solution; Sukaku Explainer uses them).
    #[arg(long)]
    pub no_uniqueness: bool,

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
        uniqueness: !args.no_uniqueness,
        limits: args.puzzle.time_limit.limits()?,
        ..PathOptions::default()
    };
    let path = path_or_limit(&puzzle, options, args.json)?;
    let Some(step) = path.steps.first() else {
        emit(match args.json {
            true => "{\"status\":\"complete\"}\n",
            false => "the grid is already complete\n",
        })?;
        return Ok(Code::Ok);
    };
    if args.json {
        let json = sudoku_ilp::report::hint::step_json(step);
        emit(&format!("{json}\n"))?;
    } else {
        emit(&hint_text(step, args.level))?;
    }
    Ok(Code::Ok)
}

/// `--svg DIR`: an existing directory, or a new one whose parent exists (`make` makes it, as
/// `mkdir` would); a missing parent or a file in the way is a usage error (exit 2, one line),
/// found before any work.
fn svg_dir(dir: &std::path::Path, make: bool) -> Result<(), Failure> {
    let name = format!("--svg {}", dir.display());
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(()),
        Ok(_) => return Err(Failure::usage(format!("{name}: a file, not a directory"))),
        Err(_) => {}
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(Failure::usage(format!(
            "{name}: no such directory {} to make it in",
            parent.display()
        )));
    }
    match make {
        true => std::fs::create_dir(dir).map_err(|e| super::output::write_failure(&name, &e)),
        false => Ok(()),
    }
}

pub fn run_steps(args: StepsArgs) -> Result<Code, Failure> {
    if let Some(dir) = &args.svg {
        svg_dir(dir, false)?;
    }
    let puzzle = args.puzzle.puzzle("steps")?;
    let start = std::time::Instant::now();
    let limits = args.puzzle.time_limit.limits()?;
    let options = PathOptions {
        certificates: !args.no_certificates,
        uniqueness: !args.no_uniqueness,
        limits,
        ..PathOptions::default()
    };
    let path = path_or_limit(&puzzle, options, args.json)?;
    let rating = match rate(
        &puzzle,
        RateOptions {
            lp: args.lp_level,
            uniqueness: !args.no_uniqueness,
        },
        Some(&path),
        &limits.after(start.elapsed()),
    ) {
        Ok(rating) => rating,
        Err(e @ HintError::TimeLimit(_)) => return Err(time_limit_failure(e, args.json)?),
        Err(e) => return Err(hint_failure(e)),
    };
    if let Some(dir) = &args.svg {
        svg_dir(dir, true)?;
        for (i, s) in path.steps.iter().enumerate() {
            let file = dir.join(format!("step-{:03}.svg", i + 1));
            write_out(Some(&file), &[&args.puzzle.file], &step_svg(s))?;
        }
    }
    if args.json {
        emit(&format!("{}\n", path_json(&path, &rating)))?;
    } else {
        emit(&steps_text(&path, &rating))?;
    }
    Ok(Code::Ok)
}

fn steps_text(path: &Path, rating: &Rating) -> String {
    let mut out = String::new();
    for (i, s) in path.steps.iter().enumerate() {
        out += &step_text(i + 1, s);
    }
    let r = rating_json(rating);
    out += &format!(
        "rating: {} ({})",
        difficulty_text(rating),
        r["hardest"].as_str().unwrap_or("")
    );
    if let Some(l) = &rating.level {
        out += &format!(", LP level {}", l.level);
    }
    out.push('\n');
    out
}

/// How a rating ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RateEnd {
    Rated,
    /// No solution, or several: the line says which.
    NotUnique,
    TimeLimit,
}

/// The status line (or JSON line) of a puzzle without a rating.
fn status_line(status: &str, json: bool) -> String {
    if json {
        format!("{{\"status\":\"{status}\"}}\n")
    } else {
        format!("{status}\n")
    }
}

/// One rating line (or JSON line) of a puzzle within `limits`, and how it ended (a puzzle
/// without a unique solution says so on its line, and so does one that reaches the limit).
fn rate_one(
    puzzle: &Puzzle,
    options: RateOptions,
    json: bool,
    limits: &Limits,
) -> Result<(String, RateEnd), Failure> {
    let rating = match rate(puzzle, options, None, limits) {
        Ok(r) => r,
        Err(HintError::NoSolution) => {
            return Ok((status_line("no_solution", json), RateEnd::NotUnique))
        }
        Err(HintError::Several) => return Ok((status_line("several", json), RateEnd::NotUnique)),
        Err(HintError::TimeLimit(_)) => {
            return Ok((status_line("time_limit", json), RateEnd::TimeLimit))
        }
        Err(e) => return Err(Failure::internal(e)),
    };
    let r = rating_json(&rating);
    if json {
        return Ok((format!("{r}\n"), RateEnd::Rated));
    }
    let level = rating.level.as_ref();
    let lv = level.map_or("-".to_string(), |l| l.level.to_string());
    let ri = level.map_or("-".to_string(), |l| l.root_integral.to_string());
    Ok((
        format!(
            "{}\t{}\t{lv}\t{ri}\n",
            difficulty_text(&rating),
            r["hardest"].as_str().unwrap_or("")
        ),
        RateEnd::Rated,
    ))
}

/// [`rate_one`], with its wall time appended when `--time` asks for it.
fn timed(puzzle: &Puzzle, args: &RateArgs, limits: &Limits) -> Result<(String, RateEnd), Failure> {
    let start = std::time::Instant::now();
    let options = RateOptions {
        lp: !args.no_lp,
        uniqueness: !args.no_uniqueness,
    };
    let (line, end) = rate_one(puzzle, options, args.json, limits)?;
    if !args.time {
        return Ok((line, end));
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok((format!("{}\t{ms:.2}\n", line.trim_end()), end))
}

pub fn run_rate(args: RateArgs) -> Result<Code, Failure> {
    let limits = args.time_limit.limits()?;
    let text = read_source(&args.file)?;
    let origin = origin_name(&args.file);
    let options = InputArgs {
        line: args.line,
        input_format: Default::default(),
    }
    .options(args.box_shape);
    match parse_puzzle(&origin, &text, options) {
        Ok(puzzle) => {
            let (line, end) = timed(&puzzle, &args, &limits)?;
            emit(&line)?;
            // One puzzle stopped by the time limit: its status line, and exit 3.
            match end {
                RateEnd::TimeLimit => return Ok(Code::LimitOrInternal),
                // One puzzle without a unique solution: its status line, and exit 1.
                RateEnd::NotUnique => return Ok(Code::NoSolution),
                RateEnd::Rated => {}
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
                emit(&timed(&puzzle, &args, &limits)?.0)?;
            }
        }
        Err(e) => return Err(input_failure("rate", e)),
    }
    Ok(Code::Ok)
}
