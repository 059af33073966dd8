//! `sudoku-ilp prove`: the student's certificate of an elimination, checked.

use super::hint::PuzzleArgs;
use super::{emit, Code, Failure};
use clap::Args;
use sudoku_ilp::hint::certificate::CertificateFailure;
use sudoku_ilp::prove::{check_proof, model_answer, parse_elimination, ProveError};
use sudoku_ilp::report::prove::{prove_json, prove_text};

/// Check your own proof that a candidate is eliminated: a combination of the model's rows.
///
/// Write rows of the binary model, named as `export --format lp` writes them (cell_r1_c1,
/// row_r1_v1, col_c1_v1, box_b1_v1, given_r1_c1, ...), each with a multiplier:
/// "row_r9_v2 - box_b8_v2", "2 cell_r1_c1 + 0.5*col_c1_v1". The rows are summed, with the
/// givens placed (their columns fixed at 1) and the candidates they rule out removed (fixed at
/// 0). The combination proves the elimination on the LP relaxation when the sum's
/// coefficient on the candidate's x is at least 1, every other open column's is at least 0,
/// and its right-hand side is at most 0: then, with 0 <= x <= 1, x <= 0. The first line says
/// "proven" or "not proven"; then the rows written out, their sum and why (the open columns
/// with a negative coefficient that spoil it, when they do); then the tool's own certificate
/// (from the LP's dual) as the model answer.
///
/// Exit codes: 0 checked (read the first line: proven or not proven), 2 bad input (a row name
/// the model does not have, an elimination outside the grid or of a given), 3 time limit or
/// internal error.
///
/// Example:
///   sudoku-ilp prove data/seeds/seed003_minizinc_9x9.json --eliminate r7c1=5 --rows "col_c1_v5 - box_b1_v5"
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct ProveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// The candidate to eliminate, rRcC=V (1-based).
    #[arg(long, value_name = "rRcC=V")]
    pub eliminate: String,

    /// The combination of rows, e.g. "row_r9_v2 - box_b8_v2".
    #[arg(long, value_name = "ROWS", allow_hyphen_values = true)]
    pub rows: String,

    /// Leave out the model answer (the tool's own certificate).
    #[arg(long)]
    pub no_answer: bool,

    /// Print one JSON object: {"elimination", "column", "proves", "rows", "summed", "error",
    /// "model_answer"}.
    #[arg(long)]
    pub json: bool,
}

fn bad_input(option: &str, e: ProveError) -> Failure {
    match e {
        ProveError::Model(_) => Failure::internal(e),
        e => Failure::usage(format!("{option}: {e}")),
    }
}

pub fn run(args: ProveArgs) -> Result<Code, Failure> {
    let puzzle = args.puzzle.puzzle("prove")?;
    let limits = args.puzzle.time_limit.limits()?;
    let target =
        parse_elimination(&args.eliminate, &puzzle).map_err(|e| bad_input("--eliminate", e))?;
    let check = check_proof(&puzzle, target, &args.rows).map_err(|e| bad_input("--rows", e))?;
    let answer = if args.no_answer {
        None
    } else {
        let backend = sudoku_ilp::solve::lab_lp::hint_backend_until(limits.deadline());
        match model_answer(&puzzle, target, backend) {
            Ok(proof) => Some(proof),
            Err(CertificateFailure::TimeLimit) => {
                return Err(Failure::internal(anyhow::anyhow!(
                    "the time limit was reached before the model answer was found"
                )))
            }
            Err(e) => return Err(Failure::internal(e)),
        }
    };
    if args.json {
        emit(&format!("{}\n", prove_json(&check, answer.as_ref())))?;
    } else {
        emit(&prove_text(&check, answer.as_ref()))?;
    }
    Ok(Code::Ok)
}
