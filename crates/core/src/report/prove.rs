//! `prove`'s verdict on a student's certificate, and the model answer, as text and JSON.

use super::hint::{summed_json, summed_text};
use crate::check::summed::number;
use crate::hint::certificate::Proof;
use crate::prove::ProofCheck;
use serde_json::{json, Value};

/// `+row_r9_v2 -box_b8_v2`, `+2·cell_r1_c1`.
fn combination_text(rows: &[(String, f64)]) -> String {
    rows.iter()
        .map(|(r, m)| match m {
            1.0 => format!("+{r}"),
            -1.0 => format!("-{r}"),
            m if *m >= 0.0 => format!("+{}·{r}", number(*m)),
            m => format!("-{}·{r}", number(-m)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first line: `proven: ...` or `not proven: ...`.
fn verdict_line(check: &ProofCheck) -> String {
    let (x, what) = (&check.column, format!("{} in {}", check.value, check.cell));
    match &check.summed {
        Ok(_) if check.proves() => {
            format!("proven: the rows force {x} <= 0 on the LP relaxation ({what} is eliminated)")
        }
        Ok(_) => format!("not proven: the rows do not force {x} <= 0 ({what})"),
        Err(e) => {
            format!("not proven: {e}, so the rows do not add up to an inequality of the model")
        }
    }
}

/// The model answer, written out.
pub fn answer_text(answer: &Proof) -> String {
    match answer {
        Proof::Implied(c) => format!(
            "model answer: {}\n{}",
            combination_text(c),
            summed_text(&c.summed, "  ")
        ),
        Proof::NotImplied { max } => format!(
            "model answer: none: the LP relaxation does not imply this elimination (its maximum of x is {}), so by LP duality no combination of rows proves it\n",
            number(*max)
        ),
    }
}

/// The verdict as text: the first line says proven or not, then the rows written out, the
/// sum and why; the model answer after it when given.
pub fn prove_text(check: &ProofCheck, answer: Option<&Proof>) -> String {
    let mut out = verdict_line(check) + "\n";
    out += &format!("your rows: {}\n", combination_text(&check.rows));
    if let Ok(sum) = &check.summed {
        out += &summed_text(sum, "  ");
        let spoilers: Vec<&str> = sum.spoilers().map(|(c, _)| c.as_str()).collect();
        if !spoilers.is_empty() {
            out += &format!(
                "  spoiled by (open, coefficient below 0): {}\n",
                spoilers.join(", ")
            );
        }
    }
    if let Some(answer) = answer {
        out += &answer_text(answer);
    }
    out
}

/// The model answer as JSON: `{implied: true, certificate: [{row, multiplier}], summed}` or
/// `{implied: false, lp_max}`.
pub fn answer_json(answer: &Proof) -> Value {
    match answer {
        Proof::Implied(c) => json!({
            "implied": true,
            "certificate": c.iter().map(|(r, m)| json!({"row": r, "multiplier": m})).collect::<Vec<_>>(),
            "summed": summed_json(&c.summed),
        }),
        Proof::NotImplied { max } => json!({"implied": false, "lp_max": max}),
    }
}

/// The verdict as one JSON object: `elimination`, `column`, `proves`, `rows`, `summed` (the
/// rows written out, or null when a multiplier has a wrong sign), `error`, `model_answer`.
pub fn prove_json(check: &ProofCheck, answer: Option<&Proof>) -> Value {
    let answer = answer.map(answer_json);
    json!({
        "elimination": format!("{}={}", check.cell, check.value),
        "column": check.column,
        "proves": check.proves(),
        "rows": check.rows.iter().map(|(r, m)| json!({"row": r, "multiplier": m})).collect::<Vec<_>>(),
        "summed": check.summed.as_ref().ok().map(summed_json),
        "error": check.summed.as_ref().err().map(|e| e.to_string()),
        "model_answer": answer,
    })
}
