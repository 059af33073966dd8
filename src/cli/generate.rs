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
    let generated = generate(&options).map_err(Failure::internal)?;
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
