//! The options that choose and shape a model, shared by every subcommand that builds one.

use super::{parse_box, Failure};
use clap::{Args, ValueEnum};
use std::sync::Arc;
use sudoku_ilp::engine::milp::{Milp, Presolve};
use sudoku_ilp::engine::{Engine, Method};
use sudoku_ilp::formulation::{binary::Binary, natural::Natural, Formulation, ModelKind};
use sudoku_ilp::input::{origin_name, parse_puzzle, read_source, ParseOptions};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::SolveOptions;

/// Which puzzle to read and which model to build from it.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// Puzzle file (JSON or line file), or '-' for standard input.
    pub file: String,

    #[command(flatten)]
    pub choice: ModelChoice,

    /// In a line file, take the K-th puzzle line (1-based; blank and '#' lines not counted).
    #[arg(long, value_name = "K")]
    pub line: Option<usize>,
}

impl ModelArgs {
    /// Reads and validates the puzzle.
    pub fn puzzle(&self) -> Result<Puzzle, Failure> {
        let text = read_source(&self.file)?;
        let options = ParseOptions {
            box_shape: self.choice.box_shape,
            line: self.line,
        };
        Ok(parse_puzzle(&origin_name(&self.file), &text, options)?)
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
    #[arg(long, value_enum, default_value_t = ModelKind::Binary)]
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

    /// Box shape ROWSxCOLS for grids whose order is not a perfect square (e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,
}

impl ModelChoice {
    /// True when a natural-model switch is on.
    fn natural_switches(&self) -> bool {
        self.pair_m || self.drop_given_pairs || self.exclusions || self.sums || self.subset_sums
    }

    /// True when a switch shapes the model beyond `--model` (`--reduce` or a natural switch).
    pub fn has_model_switches(&self) -> bool {
        self.reduce || self.natural_switches()
    }

    /// The formulation these options name; a switch that does not apply to the model is a
    /// usage error.
    pub fn formulation(&self) -> Result<Box<dyn Formulation + Send + Sync>, Failure> {
        let natural_switches = self.natural_switches();
        match self.model {
            ModelKind::Binary if natural_switches => Err(Failure::usage(
                "--pair-m, --drop-given-pairs, --exclusions and --sums apply to --model natural",
            )),
            ModelKind::Binary => Ok(Box::new(Binary {
                reduce: self.reduce,
            })),
            _ if self.reduce => Err(Failure::usage("--reduce applies to --model binary")),
            ModelKind::Natural => Ok(Box::new(Natural {
                pair_m: self.pair_m,
                drop_given_pairs: self.drop_given_pairs,
                exclusions: self.exclusions,
                sums: self.sums,
                subset_sums: self.subset_sums,
            })),
            ModelKind::NaturalStrong => Ok(Box::new(Natural::strengthened())),
        }
    }
}

/// How HiGHS runs.
#[derive(Debug, Args)]
pub struct SolverArgs {
    /// HiGHS time limit in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub time_limit: f64,

    /// HiGHS threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: u32,

    /// Show HiGHS's log.
    #[arg(long)]
    pub verbose: bool,

    /// Leave HiGHS's own option defaults: without this, RINS and RENS are off and the cut
    /// pool is capped at 100 (measured faster on this model class; README, "Speed").
    #[arg(long)]
    pub plain_highs: bool,

    /// Set any HiGHS option, e.g. --highs mip_heuristic_effort=0 (repeatable).
    #[arg(long = "highs", value_name = "NAME=VALUE", value_parser = parse_highs_option)]
    pub highs: Vec<(String, String)>,
}

fn parse_highs_option(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .filter(|(k, v)| !k.is_empty() && !v.is_empty())
        .ok_or_else(|| format!("{s:?}: expected NAME=VALUE, e.g. mip_heuristic_effort=0"))
}

impl SolverArgs {
    pub fn options(&self) -> Result<SolveOptions, Failure> {
        if !(self.time_limit > 0.0 && self.time_limit.is_finite()) {
            return Err(Failure::usage(
                "--time-limit must be a positive number of seconds",
            ));
        }
        if self.threads == 0 {
            return Err(Failure::usage("--threads must be at least 1"));
        }
        Ok(SolveOptions {
            time_limit: self.time_limit,
            threads: self.threads,
            verbose: self.verbose,
            tuned: !self.plain_highs,
            highs: self.highs.clone(),
        })
    }
}

/// The solving methods as the command line names them (see [`Method`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The MILP model solved by HiGHS.
    #[value(alias = "milp")]
    Ilp,
    /// Depth-first search, most-constrained choice first.
    Backtrack,
    /// Unit propagation on the SAT clauses, the failed-literal rule, then search.
    Propagate,
    /// Seed 001's SAT clauses (only the literals givens leave open) solved by CaDiCaL.
    Sat,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Ilp => Method::Ilp,
            MethodArg::Backtrack => Method::Backtrack,
            MethodArg::Propagate => Method::Propagate,
            MethodArg::Sat => Method::Sat,
        }
    }
}

/// The engine a command runs: `method`, and for the MILP the model choice, `--singles` and
/// the HiGHS options. Model switches with a search method are a usage error.
pub fn engine(
    method: MethodArg,
    choice: &ModelChoice,
    singles: bool,
    options: &SolveOptions,
) -> Result<Arc<dyn Engine>, Failure> {
    let method = Method::from(method);
    if let Some(engine) = method.search_engine() {
        if choice.has_model_switches() || choice.model != ModelKind::Binary || singles {
            return Err(Failure::usage(format!(
                "--model, --reduce, --singles and the natural-model switches apply to --method ilp, not {}",
                method.name()
            )));
        }
        return Ok(Arc::from(engine));
    }
    Ok(Arc::new(Milp {
        formulation: Arc::from(choice.formulation()?),
        options: options.clone(),
        presolve: if singles {
            Presolve::Singles
        } else {
            Presolve::None
        },
    }))
}
