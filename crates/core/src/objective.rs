//! A linear objective over a puzzle's candidates: max (or min) Σ w_{c,v} x_{c,v}, with
//! x_{c,v} = 1 when cell c holds v. Sudoku has no objective of its own, so every LP bound is
//! 0 and branch and bound never prunes by bound; an objective makes the bound, the gap and a
//! cut's effect visible. With a unique solution the answer does not change; with several it is
//! a real optimisation problem ("the solution with the largest diagonal").
//!
//! Weights are whole numbers, so every objective value of a grid is an integer. Shorthands:
//! - `diagonal`: the main diagonal's digits, w_{(i,i),v} = v (the empty 4×4's maximum is 14);
//! - `first-row`: the first row read as a decimal number, w_{(0,c),v} = v·10^{n−1−c} (n ≤ 9);
//! - `random:SEED`: a seeded weight in 1..=9 per candidate.
//!
//! In JSON: `"objective": {"sense": "max", "weights": "diagonal"}`, where `"weights"` is a
//! shorthand, an n×n array of cell weights a_c (the objective Σ a_c·value(c)), or
//! `{"candidates": [[r, c, v, w], …]}` (1-based, other candidates 0). `"objective": "diagonal"`
//! means max. On the command line: `--objective max:diagonal`, `min:random:7`, `first-row`.

use serde_json::Value;

/// Maximise or minimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ObjectiveSense {
    Max,
    Min,
}

impl ObjectiveSense {
    pub fn name(self) -> &'static str {
        match self {
            ObjectiveSense::Max => "max",
            ObjectiveSense::Min => "min",
        }
    }

    /// True when `a` is a strictly better objective value than `b` (by more than `tol`).
    pub fn better(self, a: f64, b: f64, tol: f64) -> bool {
        match self {
            ObjectiveSense::Max => a > b + tol,
            ObjectiveSense::Min => a < b - tol,
        }
    }
}

/// A linear objective over the candidates of an order-n puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Objective {
    pub sense: ObjectiveSense,
    /// How it was given: `diagonal`, `first-row`, `random:7`, `cells`, `candidates`.
    pub label: String,
    /// The grid's order.
    pub n: usize,
    /// w_{c,v} at index c·n + (v − 1).
    pub weights: Vec<i64>,
    /// Some(a) when w_{c,v} = a_c·v for every candidate: an objective over cell values, which
    /// the natural model (one integer column per cell) can carry.
    pub cell_weights: Option<Vec<i64>>,
}

/// An objective that cannot be read; the message names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("objective: {0}")]
pub struct ObjectiveError(pub String);

fn bad<T>(text: impl Into<String>) -> Result<T, ObjectiveError> {
    Err(ObjectiveError(text.into()))
}

impl Objective {
    /// The objective Σ a_c·value(c) over cell values.
    pub fn cells(n: usize, sense: ObjectiveSense, label: &str, a: Vec<i64>) -> Objective {
        let weights = (0..n * n)
            .flat_map(|c| (1..=n as i64).map(move |v| (c, v)))
            .map(|(c, v)| a[c] * v)
            .collect();
        Objective {
            sense,
            label: label.to_string(),
            n,
            weights,
            cell_weights: Some(a),
        }
    }

    /// The main diagonal's digits.
    pub fn diagonal(n: usize, sense: ObjectiveSense) -> Objective {
        let a = (0..n * n).map(|c| i64::from(c / n == c % n)).collect();
        Objective::cells(n, sense, "diagonal", a)
    }

    /// The first row read as a decimal number (n ≤ 9, so that digits are decimal digits).
    pub fn first_row(n: usize, sense: ObjectiveSense) -> Result<Objective, ObjectiveError> {
        if n > 9 {
            return bad(format!(
                "first-row reads the row as a decimal number, so only for n ≤ 9 (this grid is {n}×{n})"
            ));
        }
        let a = (0..n * n)
            .map(|c| {
                if c < n {
                    10i64.pow((n - 1 - c) as u32)
                } else {
                    0
                }
            })
            .collect();
        Ok(Objective::cells(n, sense, "first-row", a))
    }

    /// A seeded weight in 1..=9 per candidate.
    pub fn random(n: usize, sense: ObjectiveSense, seed: u64) -> Objective {
        let mut rng = fastrand::Rng::with_seed(seed);
        let weights = (0..n * n * n).map(|_| rng.i64(1..=9)).collect();
        Objective {
            sense,
            label: format!("random:{seed}"),
            n,
            weights,
            cell_weights: None,
        }
    }

    /// Reads `[max:|min:]diagonal|first-row|random:SEED` (max when no sense is given).
    pub fn parse(text: &str, n: usize) -> Result<Objective, ObjectiveError> {
        let (sense, rest) = match text.split_once(':') {
            Some(("max", rest)) => (ObjectiveSense::Max, rest),
            Some(("min", rest)) => (ObjectiveSense::Min, rest),
            _ => (ObjectiveSense::Max, text),
        };
        Objective::shorthand(rest, sense, n)
    }

    fn shorthand(text: &str, sense: ObjectiveSense, n: usize) -> Result<Objective, ObjectiveError> {
        match text {
            "diagonal" => Ok(Objective::diagonal(n, sense)),
            "first-row" => Objective::first_row(n, sense),
            _ => match text.strip_prefix("random:").map(str::parse::<u64>) {
                Some(Ok(seed)) => Ok(Objective::random(n, sense, seed)),
                _ => bad(format!(
                    "unknown objective {text:?}: expected [max:|min:]diagonal, first-row or random:SEED"
                )),
            },
        }
    }

    /// Reads the JSON `"objective"` field (module notes) for an order-n puzzle.
    pub fn from_json(value: &Value, n: usize) -> Result<Objective, ObjectiveError> {
        let object = match value {
            Value::String(s) => return Objective::parse(s, n),
            Value::Object(o) => o,
            _ => return bad("expected an object {\"sense\": \"max\", \"weights\": ...}"),
        };
        // `spec`, `value`, `bound` and `gap` are what `solve --json` adds; they read back.
        let known = ["sense", "weights", "spec", "value", "bound", "gap"];
        if let Some(key) = object.keys().find(|k| !known.contains(&k.as_str())) {
            return bad(format!("unknown field {key:?} (expected sense, weights)"));
        }
        let sense = match object.get("sense").and_then(Value::as_str) {
            None | Some("max") => ObjectiveSense::Max,
            Some("min") => ObjectiveSense::Min,
            Some(other) => return bad(format!("sense {other:?}: expected \"max\" or \"min\"")),
        };
        match object.get("weights") {
            Some(Value::String(s)) => Objective::shorthand(s, sense, n),
            Some(Value::Array(rows)) => {
                cell_array(rows, n).map(|a| Objective::cells(n, sense, "cells", a))
            }
            Some(Value::Object(o)) => candidates(o, n, sense),
            _ => bad("\"weights\" must be a shorthand, an n×n array or {\"candidates\": [...]}"),
        }
    }

    /// w_{c,v} for cell c (row-major) and value v in 1..=n.
    pub fn weight(&self, cell: usize, value: u8) -> i64 {
        self.weights[cell * self.n + usize::from(value) - 1]
    }

    /// The objective value of a complete grid (row-major values).
    pub fn value(&self, grid: &[u8]) -> i64 {
        grid.iter()
            .enumerate()
            .filter(|(_, &v)| v > 0)
            .map(|(c, &v)| self.weight(c, v))
            .sum()
    }

    /// The spec that [`Objective::parse`] reads back (`max:diagonal`), or the label.
    pub fn spec(&self) -> String {
        format!("{}:{}", self.sense.name(), self.label)
    }

    /// The `"weights"` field that reads back as this objective: the shorthand, or the
    /// candidates with a nonzero weight as `{"candidates": [[r, c, v, w], …]}`.
    pub fn weights_json(&self) -> Value {
        if Objective::shorthand(&self.label, self.sense, self.n).is_ok() {
            return Value::String(self.label.clone());
        }
        let n = self.n;
        let list: Vec<Value> = (0..n * n)
            .flat_map(|c| (1..=n as u8).map(move |v| (c, v)))
            .filter(|&(c, v)| self.weight(c, v) != 0)
            .map(|(c, v)| serde_json::json!([c / n + 1, c % n + 1, v, self.weight(c, v)]))
            .collect();
        serde_json::json!({ "candidates": list })
    }
}

/// An n×n array of whole cell weights.
fn cell_array(rows: &[Value], n: usize) -> Result<Vec<i64>, ObjectiveError> {
    if rows.len() != n {
        return bad(format!("weights has {} rows, the grid {n}", rows.len()));
    }
    let mut out = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().filter(|c| c.len() == n);
        let Some(cells) = cells else {
            return bad(format!(
                "weights row {} is not a list of {n} whole numbers",
                r + 1
            ));
        };
        for (c, w) in cells.iter().enumerate() {
            let Some(w) = w.as_i64() else {
                return bad(format!(
                    "weight at r{}c{} is not a whole number",
                    r + 1,
                    c + 1
                ));
            };
            out.push(w);
        }
    }
    Ok(out)
}

/// `{"candidates": [[r, c, v, w], …]}` (1-based).
fn candidates(
    object: &serde_json::Map<String, Value>,
    n: usize,
    sense: ObjectiveSense,
) -> Result<Objective, ObjectiveError> {
    let Some(Value::Array(list)) = object.get("candidates") else {
        return bad("weights object must be {\"candidates\": [[r, c, v, w], ...]}");
    };
    let mut weights = vec![0i64; n * n * n];
    for (k, entry) in list.iter().enumerate() {
        let quad: Option<Vec<i64>> = entry
            .as_array()
            .filter(|a| a.len() == 4)
            .and_then(|a| a.iter().map(Value::as_i64).collect());
        let in_range = |x: i64| (1..=n as i64).contains(&x);
        match quad.as_deref() {
            Some(&[r, c, v, w]) if in_range(r) && in_range(c) && in_range(v) => {
                let cell = (r as usize - 1) * n + c as usize - 1;
                weights[cell * n + v as usize - 1] = w;
            }
            _ => {
                return bad(format!(
                    "candidate {} is not [r, c, v, w] with r, c, v in 1..={n} and w whole",
                    k + 1
                ))
            }
        }
    }
    Ok(Objective {
        sense,
        label: "candidates".into(),
        n,
        weights,
        cell_weights: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthands_and_json_agree() {
        let d = Objective::parse("diagonal", 4).unwrap();
        assert_eq!(d.sense, ObjectiveSense::Max);
        assert_eq!(d.weight(5, 3), 3);
        assert_eq!(d.weight(1, 3), 0);
        let j: Value = serde_json::json!({"sense": "max", "weights": "diagonal"});
        assert_eq!(Objective::from_json(&j, 4).unwrap(), d);
        let f = Objective::parse("min:first-row", 4).unwrap();
        assert_eq!(
            f.value(&[1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            1234
        );
        assert_eq!(
            Objective::parse("random:7", 4).unwrap(),
            Objective::random(4, ObjectiveSense::Max, 7)
        );
        assert!(Objective::parse("sideways", 4).is_err());
        assert!(Objective::first_row(16, ObjectiveSense::Max).is_err());
        let c = serde_json::json!({"weights": {"candidates": [[1, 2, 3, 5]]}});
        assert_eq!(Objective::from_json(&c, 4).unwrap().weight(1, 3), 5);
    }
}
