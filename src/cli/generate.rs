//! `sudoku-ilp generate`: make a puzzle with a unique solution, printed as JSON.

use super::model_args::TimeLimitArg;
use super::values::named;
use super::{box_of, emit, parse_box, Code, Failure};
use clap::Args;
use sudoku_ilp::generate::{generate, GenerateOptions, Variant};
use sudoku_ilp::named::Named;
use sudoku_ilp::report::generated::generated_json;
use sudoku_ilp::solve::SolveOptions;

/// Generate a puzzle with a unique solution and print it as JSON.
///
/// HiGHS completes a grid from a random first row, random equivalence transformations shuffle
/// it, then givens are removed in random order while the binary model with a no-good row
/// proves the solution stays unique.
///
/// With --rules killer: a random partition of the solution into cages (connected, mostly 2 to 4
/// cells, different digits, sums from the solution), then givens removed (all of them when the
/// cages alone leave one solution) and neighbouring cages merged while the solution stays
/// unique, each step checked by counting with two engines (sat and propagate). Printed as the
/// project's JSON with "rules", which every command reads back. With --rules thermo: random
/// increasing walks on the solution as thermometers (3 to 6 cells), then as few givens as keep
/// the solution unique (checked the same way).
///
/// Exit codes: 0 a puzzle, 2 bad input or usage, 3 time limit, internal error, or no seed of
/// --tree-nodes's --tries had such a tree (a limit of the search, not bad input).
///
/// Example:
///   sudoku-ilp generate --size 6 --box 2x3 --seed 1 > data/generated/gen_6x6_2x3.json
///   sudoku-ilp generate --size 25 --seed 1 --attempts 200
///   sudoku-ilp generate --size 9 --rules killer --seed 3 > killer.json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct GenerateArgs {
    /// Order n of the grid (n x n cells, values 1..n).
    #[arg(long, value_name = "N", value_parser = super::model_args::parse_positive,
          allow_negative_numbers = true)]
    pub size: usize,

    /// Box shape ROWSxCOLS (default: square boxes when N is a perfect square).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Random seed: the same seed gives the same puzzle (a whole number, 0 or more).
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,

    /// How many cells to try to remove (default: all n² cells).
    #[arg(long, value_parser = super::model_args::parse_positive, allow_negative_numbers = true)]
    pub attempts: Option<usize>,

    /// Variant rules of the puzzle: none (givens only), killer (cages) or thermo
    /// (thermometers and the givens they need).
    #[arg(long, value_name = "RULES", value_parser = named::<Variant>(), default_value_t = Variant::Classic)]
    pub rules: Variant,

    #[command(flatten)]
    pub time_limit: TimeLimitArg,

    /// An exercise for the lab: try seeds --seed, --seed + 1, … until the puzzle's tree under
    /// lp-bb's textbook rule (--branch variable) has MIN-MAX nodes (e.g. 5-15).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_nodes)]
    pub tree_nodes: Option<(u64, u64)>,

    /// With --tree-nodes: the puzzle carries this objective ([max:|min:]diagonal, first-row,
    /// random:SEED) and its tree is counted with it (a bound to prune by).
    #[arg(long, value_name = "SPEC", requires = "tree_nodes")]
    pub objective: Option<String>,

    /// With --tree-nodes: how many seeds to try (--seed … --seed + TRIES − 1); when none has
    /// such a tree, exit 3 (a limit of the search).
    #[arg(long, default_value_t = 50, requires = "tree_nodes",
          value_parser = super::model_args::parse_positive, allow_negative_numbers = true)]
    pub tries: usize,
}

/// `--tree-nodes MIN-MAX` (or one number).
fn parse_nodes(s: &str) -> Result<(u64, u64), String> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    match (a.trim().parse::<u64>(), b.trim().parse::<u64>()) {
        (Ok(a), Ok(b)) if 1 <= a && a <= b => Ok((a, b)),
        _ => Err(format!(
            "{s:?}: expected MIN-MAX with 1 <= MIN <= MAX, e.g. 5-15"
        )),
    }
}

pub fn run(args: GenerateArgs) -> Result<Code, Failure> {
    let n = args.size;
    if n == 0 || n > sudoku_ilp::puzzle::MAX_ORDER {
        return Err(Failure::usage(format!(
            "--size must be in 1..={}",
            sudoku_ilp::puzzle::MAX_ORDER
        )));
    }
    let box_shape = box_of(n, args.box_shape)?;
    let options = GenerateOptions {
        order: n,
        box_shape,
        seed: args.seed,
        attempts: args.attempts.unwrap_or(n * n),
        solve: SolveOptions::default(),
        limits: args.time_limit.limits()?,
        variant: args.rules,
    };
    let generated = match args.tree_nodes {
        None => generate(&options).map_err(Failure::internal)?,
        Some((lo, hi)) => {
            let objective = match &args.objective {
                None => None,
                Some(spec) => Some(
                    sudoku_ilp::objective::Objective::parse(spec, n)
                        .map_err(|e| Failure::usage(format!("--objective {spec}: {e}")))?,
                ),
            };
            let found =
                sudoku_ilp::generate::exercise::exercise(&options, objective, lo..=hi, args.tries)
                    .map_err(Failure::internal)?;
            // The search budget (--tries) ran out: a limit (exit 3), not bad input (the range
            // is valid; other seeds may have such a tree) nor a proof that none exists.
            let Some((generated, seed, nodes)) = found else {
                let last = args.seed.saturating_add(args.tries as u64 - 1);
                return Err(Failure::internal(anyhow::anyhow!(
                    "no puzzle of seeds {}..={last} ({} tried) has a textbook lp-bb tree of \
                     {lo}-{hi} nodes: try another --seed or more --tries",
                    args.seed,
                    args.tries
                )));
            };
            eprintln!("sudoku-ilp: seed {seed}: the textbook lp-bb tree (--branch variable) has {nodes} nodes");
            let options = GenerateOptions { seed, ..options };
            let mut command = format!(
                "sudoku-ilp generate --size {n} --box {}x{} --seed {seed}",
                box_shape.0, box_shape.1
            );
            if let Some(o) = generated.puzzle.objective() {
                command += &format!(" --tree-nodes {nodes} --objective {} --tries 1", o.spec());
            }
            emit(&generated_json(&generated, &options, &command))?;
            return Ok(Code::Ok);
        }
    };
    let mut command = format!("sudoku-ilp generate --size {n}");
    if args.box_shape.is_some() {
        command += &format!(" --box {}x{}", box_shape.0, box_shape.1);
    }
    if options.variant != Variant::Classic {
        command += &format!(" --rules {}", options.variant.name());
    }
    command += &format!(" --seed {}", args.seed);
    if let Some(a) = args.attempts {
        command += &format!(" --attempts {a}");
    }
    emit(&generated_json(&generated, &options, &command))?;
    Ok(Code::Ok)
}

/// `--seed`: a whole number in 0..=u64::MAX, said in the tool's words.
fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("must be a whole number from 0 to {}", u64::MAX))
}
