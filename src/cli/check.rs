//! `sudoku-ilp check`: does a puzzle have no, one, or several solutions?

use super::count::CountingArgs;
use super::{emit, Code, Failure};
use clap::Args;
use sudoku_ilp::report::count::{check_report, Answer};

/// Tell whether a puzzle has a unique solution, several, or none.
///
/// Solves the model, cuts the solution off with a no-good row and solves the same HiGHS model
/// once more: infeasible means unique; a second solution means several (both are printed, with
/// the cells where they differ). With --method backtrack a depth-first search looks for a
/// second solution instead; with --method sat CaDiCaL solves once more with a clause that
/// blocks the first solution. The first line of the output is the answer: "unique", "several",
/// "none" (or "unknown" at the time limit). A grid that gives the same value twice in a house
/// is bad input (exit 2), as in `solve`.
///
/// Exit codes: 0 answered unique or several (read the answer), 1 none (proven: no solution),
/// 2 bad input, 3 time limit or internal error.
///
/// Example:
///   sudoku-ilp check data/seeds/seed004_unique_9x9.json
///   sudoku-ilp check --json data/seeds/seed004_two_solutions_9x9.json
///   sudoku-ilp check --method backtrack data/seeds/seed004_unique_9x9.json
///   sudoku-ilp check --method sat --line 1 ../shared/data/grid25_misc.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CheckArgs {
    #[command(flatten)]
    pub counting: CountingArgs,

    /// Print one JSON object: {"answer", "solutions", "differ", "time_ms", "nodes", ...}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: CheckArgs) -> Result<Code, Failure> {
    let counting = args.counting.prepare("check")?;
    let count = counting.count(1)?;
    emit(&check_report(&counting.puzzle, &count, args.json))?;
    Ok(match Answer::of(&count) {
        Answer::Unknown => Code::LimitOrInternal,
        Answer::None => Code::NoSolution,
        Answer::Unique | Answer::Several => Code::Ok,
    })
}
