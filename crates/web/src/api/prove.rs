//! The student's own certificate of an elimination (issue 45 item 1), as `prove --json`
//! prints it: the rows written out, their sum, and why it proves x ≤ 0 or what spoils it; the
//! tool's own certificate (from the LP's dual) as the model answer when asked for.

use super::{one_line, Core, Failure};
use serde_json::json;
use sudoku_ilp::prove::{check_proof, model_answer, parse_elimination};
use sudoku_ilp::report::prove::{answer_json, answer_text, prove_json, prove_text};

impl Core {
    /// Checks `rows` (`row_r9_v2 - box_b8_v2`, `2 cell_r1_c1 + 0.5*col_c1_v1`) as a proof that
    /// `elimination` (`r9c8=2`) is eliminated in the session's puzzle: `prove --json`'s object
    /// (`with_answer`: with `model_answer`) and `text`, what `prove` prints.
    pub fn prove(
        &self,
        elimination: &str,
        rows: &str,
        with_answer: bool,
    ) -> Result<String, Failure> {
        let target = parse_elimination(elimination, &self.puzzle)
            .map_err(|e| format!("--eliminate: {e}"))?;
        let check = check_proof(&self.puzzle, target, rows).map_err(|e| format!("--rows: {e}"))?;
        let answer = if with_answer {
            Some(
                model_answer(&self.puzzle, target, self.backends.hints.clone())
                    .map_err(one_line)?,
            )
        } else {
            None
        };
        let mut out = prove_json(&check, answer.as_ref());
        out["text"] = prove_text(&check, answer.as_ref()).into();
        Ok(out.to_string())
    }

    /// The tool's own certificate of `elimination` (from the LP's dual), the model answer:
    /// `{model_answer, text}` as `prove` writes it (`model answer: …`).
    pub fn prove_answer(&self, elimination: &str) -> Result<String, Failure> {
        let target = parse_elimination(elimination, &self.puzzle)
            .map_err(|e| format!("--eliminate: {e}"))?;
        let answer =
            model_answer(&self.puzzle, target, self.backends.hints.clone()).map_err(one_line)?;
        Ok(json!({"model_answer": answer_json(&answer), "text": answer_text(&answer)}).to_string())
    }
}
