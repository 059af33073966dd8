//! The options that choose and shape a model, shared by every subcommand that builds one.

use super::values::named;
use super::{input_failure, parse_box, Failure};
use clap::{Args, ValueEnum};
use std::sync::Arc;
use sudoku_ilp::engine::milp::START_BUDGET;
use sudoku_ilp::engine::spec::{EngineSpec, ModelSpec, SpecError};
use sudoku_ilp::engine::{Engine, Limits, Method};
use sudoku_ilp::formulation::{CageForm, Formulation, ModelKind, PairForm, StepForm};
use sudoku_ilp::input::{origin_name, parse_puzzle, read_source, InputFormat, ParseOptions};
use sudoku_ilp::limits::{Limit, LimitError, DEFAULT_TIME_LIMIT};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::{check_options, SolveOptions};

/// Which puzzle to read and which model to build from it.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// Puzzle file (JSON, line file or grid block), or '-' for standard input.
    pub file: String,

    #[command(flatten)]
    pub choice: ModelChoice,

    #[command(flatten)]
    pub input: InputArgs,

    /// A linear objective to optimise over the grids of the puzzle: [max:|min:]diagonal (the
    /// main diagonal's digits), first-row (the first row read as a number, n ≤ 9) or
    /// random:SEED (a seeded weight 1..9 per candidate); replaces the file's "objective".
    #[arg(long, value_name = "SPEC")]
    pub objective: Option<String>,
}

/// Which puzzle of a file, and how to read the file.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// In a line file, take the puzzle on line K (the file's line number, as in messages and
    /// in batch's "line"; blank and '#' lines count).
    #[arg(long, value_name = "K", value_parser = parse_positive, allow_negative_numbers = true)]
    pub line: Option<usize>,

    /// How to read the puzzle file (default: by its content).
    #[arg(long, value_parser = named::<InputFormat>(), value_name = "FORMAT", default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,
}

impl InputArgs {
    /// The parse options of these arguments with a box shape.
    pub fn options(&self, box_shape: Option<(usize, usize)>) -> ParseOptions {
        ParseOptions {
            box_shape,
            line: self.line,
            format: self.input_format,
        }
    }
}

impl ModelArgs {
    /// Reads and validates the puzzle for `command` (named in the "pick one with --line K"
    /// message).
    pub fn puzzle(&self, command: &str) -> Result<Puzzle, Failure> {
        let text = read_source(&self.file)?;
        let options = self.parse_options();
        let puzzle = parse_puzzle(&origin_name(&self.file), &text, options)
            .map_err(|e| input_failure(command, e))?;
        if let Some(note) = sudoku_ilp::input::drawing_note_at(&text, options.line) {
            eprintln!("{note}");
        }
        match &self.objective {
            None => Ok(puzzle),
            Some(spec) => {
                let objective = sudoku_ilp::objective::Objective::parse(spec, puzzle.order())
                    .map_err(|e| Failure::usage(format!("--objective {spec}: {e}")))?;
                Ok(puzzle.with_objective(Some(objective)))
            }
        }
    }

    /// The parse options: `--line`, `--input-format` and `--box`.
    pub fn parse_options(&self) -> ParseOptions {
        self.input.options(self.choice.box_shape)
    }

    /// See [`ModelChoice::has_model_switches`].
    pub fn has_model_switches(&self) -> bool {
        self.choice.has_model_switches()
    }

    /// See [`ModelChoice::formulation`].
    pub fn formulation(&self) -> Result<Box<dyn Formulation + Send + Sync>, Failure> {
        self.choice.formulation()
    }
}

/// The formulation, its switches, and the box shape of the grids.
#[derive(Debug, Args)]
pub struct ModelChoice {
    /// The formulation.
    #[arg(long, value_parser = named::<ModelKind>(), default_value_t = ModelKind::Binary)]
    pub model: ModelKind,

    /// Leave out the columns that givens rule out (x_rcv where v is given in a house of (r,c)).
    #[arg(long)]
    pub reduce: bool,

    /// Natural model: per-row big-M from the two cells' domains instead of M = n.
    #[arg(long, help_heading = "Natural model switches")]
    pub pair_m: bool,

    /// Natural model: no binary or rows for a pair of two givens.
    #[arg(long, help_heading = "Natural model switches")]
    pub drop_given_pairs: bool,

    /// Natural model: a pair with one given becomes an exclusion on the other cell (bounds,
    /// or one binary per excluded value inside the domain).
    #[arg(long, help_heading = "Natural model switches")]
    pub exclusions: bool,

    /// Natural model: add the house sums Σ x = n(n+1)/2.
    #[arg(long, help_heading = "Natural model switches")]
    pub sums: bool,

    /// Natural model: every subset S of a house's empty cells sums to at least the |S|
    /// smallest and at most the |S| largest missing values (houses with ≤ 10 empty cells).
    #[arg(long, help_heading = "Natural model switches")]
    pub subset_sums: bool,

    /// Binary model: how a killer cage's sum is written.
    #[arg(long, value_name = "FORM", value_parser = named::<CageForm>(), default_value_t = CageForm::Sets)]
    pub cage_form: CageForm,

    /// Binary model: how a two-cell step value(a) + 1 ≤ value(b) (thermometer, greater-than)
    /// is written.
    #[arg(long, value_name = "FORM", value_parser = named::<StepForm>(), default_value_t = StepForm::Cumulative)]
    pub thermo_form: StepForm,

    /// Binary model: how an allowed-pairs table (kropki, non-consecutive) is written.
    #[arg(long, value_name = "FORM", value_parser = named::<PairForm>(), default_value_t = PairForm::Support)]
    pub pair_form: PairForm,

    /// Box shape ROWSxCOLS for grids whose order is not a perfect square (e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,
}

impl ModelChoice {
    /// The model these options name.
    pub fn spec(&self) -> ModelSpec {
        ModelSpec {
            reduce: self.reduce,
            cages: self.cage_form,
            steps: self.thermo_form,
            pairs: self.pair_form,
            pair_m: self.pair_m,
            drop_given_pairs: self.drop_given_pairs,
            exclusions: self.exclusions,
            sums: self.sums,
            subset_sums: self.subset_sums,
            ..ModelSpec::of(self.model)
        }
    }

    /// True when a switch shapes the model beyond `--model` (`--reduce` or a natural switch).
    pub fn has_model_switches(&self) -> bool {
        self.spec() != ModelSpec::of(self.model)
    }

    /// The formulation these options name; a switch that does not apply to the model is a
    /// usage error.
    pub fn formulation(&self) -> Result<Box<dyn Formulation + Send + Sync>, Failure> {
        self.spec().formulation().map_err(spec_failure)
    }
}

/// How HiGHS runs, apart from its thread count (see [`SolverArgs`]). `batch` flattens this
/// alone: it runs one HiGHS thread per job, so `--threads` is not offered there.
#[derive(Debug, Args)]
pub struct HighsArgs {
    #[command(flatten)]
    pub time_limit: TimeLimitArg,

    /// Show HiGHS's log (on standard error).
    #[arg(long)]
    pub verbose: bool,

    /// Leave HiGHS's own option defaults: without this, RINS and RENS are off and the cut
    /// pool is capped at 100 (measured faster on this model class; docs/performance.md).
    #[arg(long)]
    pub plain_highs: bool,

    /// Set any HiGHS option, e.g. --highs mip_heuristic_effort=0 (repeatable).
    #[arg(long = "highs", value_name = "NAME=VALUE", value_parser = parse_highs_option)]
    pub highs: Vec<(String, String)>,
}

/// `--time-limit`, shared by every command that solves.
#[derive(Debug, Args)]
pub struct TimeLimitArg {
    /// Time limit in seconds, of each solve (a command whose limit covers more says so).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = DEFAULT_TIME_LIMIT,
        allow_negative_numbers = true
    )]
    pub time_limit: f64,
}

impl TimeLimitArg {
    /// The run's limits; a time limit that is not a positive number of seconds is a usage
    /// error.
    pub fn limits(&self) -> Result<Limits, Failure> {
        Limits::seconds(self.time_limit).map_err(limit_failure)
    }
}

fn parse_highs_option(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .filter(|(k, v)| !k.is_empty() && !v.is_empty())
        .ok_or_else(|| format!("{s:?}: expected NAME=VALUE, e.g. mip_heuristic_effort=0"))
}

impl HighsArgs {
    /// The solve options with one HiGHS thread; an unknown `--highs` option or a value of the
    /// wrong type is a usage error (each is checked on a throwaway HiGHS instance before any
    /// puzzle is read).
    pub fn options(&self) -> Result<SolveOptions, Failure> {
        let options = SolveOptions {
            threads: 1,
            verbose: self.verbose,
            tuned: !self.plain_highs,
            highs: self.highs.clone(),
        };
        for (name, value) in &self.highs {
            // A whole number is held to the threads limit; other text is HiGHS's to refuse.
            if name == "threads" && value.parse::<i64>().is_ok() {
                parse_threads(value)
                    .map_err(|e| Failure::usage(format!("--highs threads={value}: {e}")))?;
            }
        }
        check_options(&options).map_err(|e| {
            if e.is_option() {
                Failure::usage(e.to_string())
            } else {
                Failure::internal(e)
            }
        })?;
        Ok(options)
    }
}

/// How HiGHS runs: [`HighsArgs`] and its thread count.
#[derive(Debug, Args)]
pub struct SolverArgs {
    #[command(flatten)]
    pub highs: HighsArgs,

    /// HiGHS threads (1..=64).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_threads,
          allow_negative_numbers = true)]
    pub threads: u32,
}

impl SolverArgs {
    /// The run's limits ([`TimeLimitArg::limits`]).
    pub fn limits(&self) -> Result<Limits, Failure> {
        self.highs.time_limit.limits()
    }

    /// The solve options (see [`HighsArgs::options`]) with `--threads`.
    pub fn options(&self) -> Result<SolveOptions, Failure> {
        Ok(SolveOptions {
            threads: self.threads,
            ..self.highs.options()?
        })
    }
}

/// A whole number in 1..=max; negative numbers, zero and text get "must be a positive number".
pub fn positive_at_most(s: &str, max: u64) -> Result<u64, String> {
    let t = s.trim();
    match t.parse::<u64>() {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        Ok(0) => Err("must be a positive number (at least 1)".into()),
        Ok(_) => Err(format!("must be at most {max}")),
        Err(_) if t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty() => {
            Err(format!("must be at most {max}"))
        }
        Err(_) => Err("must be a positive number".into()),
    }
}

/// `--line`, `--max`, `--limit`, `--every` and other counts: a positive whole number.
pub fn parse_positive(s: &str) -> Result<usize, String> {
    positive_at_most(s, usize::MAX as u64).map(|v| v as usize)
}

/// `--threads`: [`Limit::Threads`].
pub fn parse_threads(s: &str) -> Result<u32, String> {
    parse_limit(s, Limit::Threads).map(|v| v as u32)
}

/// `--jobs`: [`Limit::Jobs`].
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    parse_limit(s, Limit::Jobs).map(|v| v as usize)
}

/// A whole number that the library's `limit` bounds; the error is the library's words after
/// the option's name (clap names the option).
fn parse_limit(s: &str, limit: Limit) -> Result<u64, String> {
    let t = s.trim();
    match t.parse::<u64>() {
        Ok(v) => limit.count(v).map_err(|e| e.words()),
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            let max = limit.max().unwrap_or(u64::MAX);
            Err(LimitError::TooMany { limit, max }.words())
        }
        Err(_) => Err("must be a positive number".into()),
    }
}

/// The command line's name of a limit's option.
fn flag(limit: Limit) -> &'static str {
    match limit {
        Limit::TimeLimit => "--time-limit",
        Limit::StartBudget => "--start-budget",
        Limit::Threads => "--threads",
        Limit::Jobs => "--jobs",
        Limit::BoxSide => "--box",
    }
}

/// A [`LimitError`] as a usage failure: the library's sentence with the option's name.
pub fn limit_failure(e: LimitError) -> Failure {
    Failure::usage(e.said_of(flag(e.limit())))
}

/// The engines that can give HiGHS a MIP start. Each value is named as the method it runs
/// ([`Method::name`]), so adding a start engine is one line here.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum StartArg {
    /// No start: HiGHS alone (the MILP baseline).
    #[default]
    None,
    /// Unit propagation, the failed-literal rule, then search.
    Propagate,
    /// Depth-first search, most-constrained choice first.
    Backtrack,
    /// The SAT clauses solved by CaDiCaL.
    Sat,
}

impl StartArg {
    /// The method of the same name; `None` for `none`.
    pub fn method(self) -> Option<Method> {
        self.to_possible_value()?.get_name().parse().ok()
    }
}

/// The MIP start of a MILP solve: `--start` and its budget.
#[derive(Debug, Clone, Args)]
pub struct StartArgs {
    /// Let a search find a grid first and hand it to HiGHS as a MIP start, which HiGHS then
    /// certifies (--method ilp only). When the search finds no grid within its budget, or
    /// proves there is none, HiGHS runs without a start.
    #[arg(long, value_enum, default_value_t = StartArg::None)]
    pub start: StartArg,

    /// Time budget of the --start search in seconds (it also stops at --time-limit).
    #[arg(long, value_name = "SECONDS", default_value_t = START_BUDGET)]
    pub start_budget: f64,
}

impl Default for StartArgs {
    /// No start.
    fn default() -> Self {
        StartArgs {
            start: StartArg::None,
            start_budget: START_BUDGET,
        }
    }
}

/// The engine a command runs: `method`, and for the MILP the model choice, `--singles`, the
/// HiGHS options and the MIP start. Model switches or a start with a search method are a usage
/// error.
pub fn engine(
    method: Method,
    choice: &ModelChoice,
    singles: bool,
    options: &SolveOptions,
    start: &StartArgs,
) -> Result<Arc<dyn Engine>, Failure> {
    engine_spec(method, choice, singles, options, start)
        .build()
        .map_err(spec_failure)
}

/// The library's description of the engine these options name.
pub fn engine_spec(
    method: Method,
    choice: &ModelChoice,
    singles: bool,
    options: &SolveOptions,
    start: &StartArgs,
) -> EngineSpec {
    EngineSpec {
        method,
        model: choice.spec(),
        singles,
        start: start.start.method(),
        start_budget: start.start_budget,
        options: options.clone(),
        ..EngineSpec::default()
    }
}

/// A [`SpecError`] said with the command line's option names.
pub fn spec_failure(e: SpecError) -> Failure {
    Failure::usage(match e {
        SpecError::NaturalSwitchOnBinary => {
            "--pair-m, --drop-given-pairs, --exclusions, --sums and --subset-sums apply to --model natural".to_string()
        }
        SpecError::ReduceOnNatural => "--reduce applies to --model binary".into(),
        SpecError::FormOnNatural => {
            "--cage-form, --thermo-form and --pair-form apply to --model binary".into()
        }
        SpecError::ModelWithSearch(m) => format!(
            "--model, --reduce, --singles and the natural-model switches apply to --method ilp, not {m}"
        ),
        SpecError::StartWithSearch(m) => format!("--start applies to --method ilp, not {m}"),
        SpecError::Limit(e) => return limit_failure(e),
        SpecError::StartNotSearch(_) => e.to_string(),
        SpecError::TreeNotLpBb(_) => "--tree applies to --method lp-bb".into(),
        SpecError::HighsWithoutHighs(m) => format!(
            "--highs applies to --method ilp and lp-bb (the methods that run HiGHS), not {m}"
        ),
        SpecError::ThreadsWithoutHighs(m) => format!(
            "--threads applies to --method ilp and lp-bb (HiGHS's threads), not {m}, which runs on one thread"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_but_none_names_a_search_engine() {
        for arg in StartArg::value_variants() {
            let engine = arg.method().and_then(Method::search_engine);
            assert_eq!(engine.is_none(), *arg == StartArg::None, "{arg:?}");
        }
    }
}
