//! `sudoku-ilp explain`: why a grid has no solution.

use super::emit;
use super::model_args::{InputArgs, SolverArgs};
use super::{input_failure, parse_box, Code, Failure};
use clap::Args;
use serde_json::json;
use std::fmt::Write as _;
use sudoku_ilp::explain::{explain, Explanation, Reason, Verdict};
use sudoku_ilp::input::{origin_name, parse_puzzle_lenient, read_source};
use sudoku_ilp::puzzle::{Grid, Puzzle};
use sudoku_ilp::report::text::grid_text;

/// Explain why a grid has no solution: a minimal set of givens that already has no completion.
///
/// A value given twice in a house is reported first, without solving. Otherwise the binary model
/// is solved with HiGHS and, if it is infeasible, a deletion filter switches each given off in
/// turn and re-solves: a given whose removal keeps the grid infeasible stays off. The givens left
/// have no completion, and removing any one of them leaves a solvable grid. A second filter finds
/// a minimal set of houses whose rules, with those givens, already leave no completion.
///
/// Times on 9x9: under a second for most grids; for grids made from the hardest puzzles, where
/// each proof of "no completion" is a hard MILP, 1-3 s for the givens and 7-17 s with the houses
/// (--no-houses skips them).
///
/// Exit codes: 1 no solution (explained), 0 the grid has a solution (printed),
/// 2 bad input, 3 time limit (a set printed then may not be minimal) or internal error.
///
/// Example:
///   sudoku-ilp explain data/seeds/seed004_no_solution_9x9.json
///   sudoku-ilp explain --json --line 19 ../shared/data/tdoku_test_puzzles.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
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
    #[arg(long)]
    pub no_houses: bool,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Print one JSON object: {"status", "reason", "givens": [[row, col, value], ...],
    /// "houses", "minimal", "solves", "time_ms"} (1-based).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: ExplainArgs) -> Result<Code, Failure> {
    let mut out = String::new();
    let options = args.solver.options()?;
    let text = read_source(&args.file)?;
    let parse = args.input.options(args.box_shape);
    let (puzzle, conflicts) = parse_puzzle_lenient(&origin_name(&args.file), &text, parse)
        .map_err(|e| input_failure("explain", e))?;
    let explained =
        explain(&puzzle, &conflicts, !args.no_houses, &options).map_err(Failure::internal)?;
    let time_ms = sudoku_ilp::report::round3(explained.time_ms);
    let (status, code) = match &explained.verdict {
        Verdict::Solvable(_) => ("solved", Code::Ok),
        Verdict::NoSolution(e) if e.minimal => ("infeasible", Code::NoSolution),
        Verdict::NoSolution(_) | Verdict::TimeLimit => ("time_limit", Code::LimitOrInternal),
    };
    if args.json {
        let mut doc = json!({ "status": status });
        match &explained.verdict {
            Verdict::Solvable(grid) => doc["grid"] = json!(grid.rows()),
            Verdict::NoSolution(e) => {
                let givens: Vec<[usize; 3]> = e
                    .givens
                    .iter()
                    .map(|(c, v)| [c.row + 1, c.col + 1, *v as usize])
                    .collect();
                let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
                doc["reason"] = json!(e.reason);
                doc["givens"] = json!(givens);
                doc["houses"] = match (args.no_houses, e.reason) {
                    (true, Reason::NoCompletion) => serde_json::Value::Null,
                    _ => json!(houses),
                };
                doc["minimal"] = json!(e.minimal);
            }
            Verdict::TimeLimit => {}
        }
        doc["solves"] = json!(explained.solves);
        doc["time_ms"] = json!(time_ms);
        if let Some(name) = puzzle.name() {
            doc["name"] = json!(name);
        }
        let _ = writeln!(out, "{doc}");
    } else {
        match &explained.verdict {
            Verdict::Solvable(grid) => {
                let _ = writeln!(out, "the grid has a solution; nothing to explain:");
                let _ = write!(out, "{}", grid_text(grid, puzzle.layout()));
            }
            Verdict::NoSolution(e) => out.push_str(&explanation_text(&puzzle, e, !args.no_houses)),
            Verdict::TimeLimit => {
                out.push_str("time limit reached before HiGHS decided the grid\n")
            }
        }
        let _ = writeln!(
            out,
            "time     {:.1} ms in {} solves",
            explained.time_ms, explained.solves
        );
    }
    emit(&out)?;
    Ok(code)
}

/// The set as text: a headline, the givens, the houses and the grid of just those givens.
fn explanation_text(puzzle: &Puzzle, e: &Explanation, houses_asked: bool) -> String {
    let k = e.givens.len();
    let mut out = match (e.reason, e.minimal) {
        (Reason::DirectConflict, _) => {
            let (a, b) = (e.givens[0], e.givens[1]);
            let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
            format!(
                "no solution: {} and {} both hold {} in {} (found before solving)\n",
                a.0,
                b.0,
                a.1,
                houses.join(" and ")
            )
        }
        (Reason::NoCompletion, true) => format!(
            "no solution: these {k} givens already have no completion \
             (without any one of them the grid has a solution)\n"
        ),
        (Reason::NoCompletion, false) => format!(
            "no solution: these {k} givens have no completion \
             (time limit reached: some of them may not be needed)\n"
        ),
    };
    let givens: Vec<String> = e.givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
    out += &format!("givens   {}\n", givens.join(" "));
    let houses: Vec<String> = e.houses.iter().map(|h| h.to_string()).collect();
    if houses_asked || e.reason == Reason::DirectConflict {
        out += &format!("houses   {}\n", houses.join(", "));
    }
    let n = puzzle.order();
    let mut values = vec![0u8; n * n];
    for (c, v) in &e.givens {
        values[c.row * n + c.col] = *v;
    }
    out += &grid_text(&Grid { n, values }, puzzle.layout());
    out
}
