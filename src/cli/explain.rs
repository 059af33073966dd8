//! `sudoku-ilp explain`: why a grid has no solution.

use super::emit;
use super::model_args::{InputArgs, SolverArgs};
use super::{input_failure, parse_box, Code, Failure};
use clap::Args;
use sudoku_ilp::engine::Status;
use sudoku_ilp::explain::explain;
use sudoku_ilp::fix::{fix, FixVerdict};
use sudoku_ilp::input::{origin_name, parse_puzzle, read_source};
use sudoku_ilp::limits::Limits;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::explain::{explained_json, explained_svg, explained_text};
use sudoku_ilp::report::fix::{fixed_json, fixed_text};
use sudoku_ilp::solve::SolveOptions;

/// Explain why a grid has no solution: a minimal set of givens (and, on a variant puzzle, rule
/// instances: one cage, one thermometer, one dot, ...) that already has no completion.
///
/// A value given twice in a house is bad input (exit 2), as in `solve`. Otherwise the binary
/// model is solved with HiGHS and, if it is infeasible, a deletion filter drops each given in
/// turn and decides the rest with CaDiCaL: a given whose removal keeps the grid without a
/// solution stays dropped. The givens left have no completion, and without any one of them the
/// rest have a completion (the set is minimal; the whole grid still has no solution). The same
/// filter then runs over the rule instances, and a last one, in HiGHS, finds a
/// minimal set of houses whose rules, with those givens and rules, already leave no completion.
/// Each unit kept is then dropped alone once more to verify that the rest has a completion.
///
/// Times on 9x9: under a second for most grids; for grids made from the hardest puzzles, where
/// each proof of "no completion" in HiGHS is a hard MILP, 7-17 s with the houses (--no-houses
/// skips them). On a puzzle with rules the houses filter is skipped unless --houses asks for
/// it: there each house needs a HiGHS proof, and on a killer with one cage sum off by one it
/// reached the 60 s limit where the filters over givens and cages (CaDiCaL) took 0.5 s.
///
/// --fix answers another question: the fewest givens and rule instances to remove so that the
/// puzzle has a solution (a maximum feasible subsystem: one binary per given and per rule
/// instance, its rows relaxed by big-M when it is 0, Σ of them maximised, solved by HiGHS;
/// `export --fix` writes that model). The answer is checked: the puzzle without them is
/// solved again by CaDiCaL and its grid passes the checker.
///
/// Exit codes: 1 no solution (explained; with --fix: something must be removed), 0 the grid
/// has a solution (printed), 2 bad input, 3 time limit (a set printed then may not be minimal;
/// with --fix: no set) or internal error.
///
/// Example:
///   sudoku-ilp explain data/seeds/seed004_no_solution_9x9.json
///   sudoku-ilp explain --fix data/seeds/seed004_no_solution_9x9.json
///   sudoku-ilp explain --json --line 19 ../shared/data/tdoku_test_puzzles.txt
///   sudoku-ilp explain --svg why.svg killer.json
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
#[command(mut_arg("time_limit", |a| a.help(
    "Time limit in seconds of the whole explanation (with --fix: of the whole search for the \
     fewest removals and the check of every single one)"
)))]
pub struct ExplainArgs {
    /// Puzzle file (JSON, line file or grid block), or '-' for standard input.
    pub file: String,

    /// Box shape ROWSxCOLS for grids whose order is not a perfect square (e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Skip the second filter (the houses): on grids made from the hardest puzzles it takes most
    /// of the time.
    #[arg(long, conflicts_with = "houses")]
    pub no_houses: bool,

    /// Run the houses filter on a puzzle with rules too (by default it runs on classic grids
    /// only: on a killer each house needs a HiGHS proof of "no completion", and the filter
    /// reached the 60 s limit where the rest took 0.5 s).
    #[arg(long)]
    pub houses: bool,

    /// Instead of a set without completion, the fewest givens and rule instances to remove so
    /// that the puzzle has a solution (a maximum feasible subsystem, proven by HiGHS).
    #[arg(long, conflicts_with_all = ["no_houses", "houses", "svg"])]
    pub fix: bool,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Print one JSON object: {"status", "reason", "givens": [[row, col, value], ...],
    /// "houses", "rules": [{"index", "type", "name", "cells", "rule"}, ...], "minimal", "solves",
    /// "time_ms"} (1-based).
    #[arg(long)]
    pub json: bool,

    /// Also draw the set on the grid into FILE (SVG): its houses and rule instances shaded,
    /// its givens in bold ('-' for standard output instead of the text).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

pub fn run(args: ExplainArgs) -> Result<Code, Failure> {
    let options = args.solver.options()?;
    let limits = args.solver.limits()?;
    let text = read_source(&args.file)?;
    let parse = args.input.options(args.box_shape);
    // A value given twice in a house is bad input (exit 2, one line), as in `solve`.
    let puzzle = parse_puzzle(&origin_name(&args.file), &text, parse)
        .map_err(|e| input_failure("explain", e))?;
    if let Some(note) = sudoku_ilp::input::drawing_note_at(&text, parse.line) {
        eprintln!("{note}");
    }
    if args.fix {
        return run_fix(&puzzle, &args, &options, &limits);
    }
    // Houses: asked for, or by default on a classic grid, where the filter finishes.
    let houses_asked = args.houses || (!args.no_houses && puzzle.rules().is_empty());
    let explained =
        explain(&puzzle, &[], houses_asked, &options, &limits).map_err(Failure::internal)?;
    let code = match explained.status() {
        Status::Solved => Code::Ok,
        Status::Infeasible => Code::NoSolution,
        Status::TimeLimit => Code::LimitOrInternal,
    };
    let out = if args.json {
        format!("{}\n", explained_json(&puzzle, &explained, houses_asked))
    } else {
        let mut text = explained_text(&puzzle, &explained, houses_asked);
        if !houses_asked && !args.no_houses && explained.status() != Status::Solved {
            text += "houses   not searched on a puzzle with rules (one HiGHS proof per house, \
                     minutes on a killer): --houses asks for them\n";
        }
        if explained.status() != Status::Solved {
            text += "fix      the fewest givens and rules to remove: explain --fix\n";
        }
        text
    };
    let svg_to_stdout = args.svg.as_deref().is_some_and(super::output::is_stdout);
    if !svg_to_stdout {
        emit(&out)?;
    }
    if let (Some(path), Some(picture)) = (&args.svg, explained_svg(&puzzle, &explained)) {
        super::output::write_out(Some(path), &[&args.file], &picture)?;
    }
    Ok(code)
}

/// `explain --fix`: the fewest givens and rule instances to remove, as text or JSON.
fn run_fix(
    puzzle: &Puzzle,
    args: &ExplainArgs,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Code, Failure> {
    let fixed = fix(puzzle, options, limits).map_err(Failure::internal)?;
    let code = match &fixed.verdict {
        FixVerdict::Fixed(r) if r.givens.is_empty() && r.rules.is_empty() => Code::Ok,
        FixVerdict::Fixed(_) => Code::NoSolution,
        FixVerdict::TimeLimit => Code::LimitOrInternal,
    };
    let out = match args.json {
        true => format!("{}\n", fixed_json(puzzle, &fixed)),
        false => fixed_text(puzzle, &fixed),
    };
    emit(&out)?;
    Ok(code)
}
