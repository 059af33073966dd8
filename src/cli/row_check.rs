//! `sudoku-ilp row-check`: the student's own rows for one rule of a puzzle, checked.

use super::model_args::ModelArgs;
use super::{emit, Code, Failure};
use clap::Args;
use sudoku_ilp::report::exercise::row_check_text;
use sudoku_ilp::row_check::{row_check, RowCheckError};

/// Check your own linear rows for one rule of a puzzle (a killer cage, a thermometer step, a
/// kropki or XV pair, a house): do they accept exactly the digit assignments the rule allows
/// (every assignment of the rule's cells enumerated, each cell holding one digit), and are they
/// as strong as the project's form of the rule (a fractional point your LP allows and the
/// project's strong form cuts off is shown when there is one)?
///
/// Rows are written over the candidates of the rule's cells, as `export --format lp` names
/// them (x_r1_c1_v3) or in the short form r1c1=3, separated by ';'. The rule is named as the
/// model's rows name it: cage1, thermo1_step1 (one step) or thermo1 (the whole thermometer),
/// white1, black1, xv1, or a house row_r1, col_c2, box_b3.
///
/// The first line is the answer: "right, and as strong as …", "right, but weaker …",
/// "wrong: your rows accept a forbidden assignment" (named), or "wrong: your rows refuse an
/// allowed assignment" (named, with the row).
///
/// Exit codes: 0 answered (read the first line), 2 bad input (an unknown rule or a row that
/// cannot be read), 3 internal error.
///
/// Example:
///   sudoku-ilp row-check data/variants/killer_9x9.json --rule cage1 --rows "x_r1_c1_v1 + x_r2_c1_v1 <= 1"
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct RowCheckArgs {
    #[command(flatten)]
    pub model: ModelArgs,

    /// The rule, as the model names its rows (cage1, thermo1_step1, white1, xv1, row_r1, …).
    #[arg(long, value_name = "NAME")]
    pub rule: String,

    /// Your rows over the rule's candidates, separated by ';'.
    #[arg(long, value_name = "ROWS")]
    pub rows: String,
}

pub fn run(args: RowCheckArgs) -> Result<Code, Failure> {
    if args.model.has_model_switches() {
        return Err(Failure::usage(
            "row-check compares your rows with the model's default (strong) forms: \
             --model and the --*-form switches do not apply",
        ));
    }
    let puzzle = args.model.puzzle("row-check")?;
    let backend = sudoku_ilp::solve::lab_lp::lab_backend();
    let check = row_check(&puzzle, &args.rule, &args.rows, &backend).map_err(|e| match e {
        RowCheckError::Lp(_) | RowCheckError::TooMany => Failure::internal(e),
        e => Failure::usage(e.to_string()),
    })?;
    emit(&row_check_text(&check))?;
    Ok(Code::Ok)
}
