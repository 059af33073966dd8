//! The LP point cell by cell, as the page draws it on its grid (small digits shaded by weight,
//! fractional ones clickable to branch on): the root LP's (in `relaxation()`) and a lab node's.

use super::lab::node_grid;
use super::{Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::puzzle::Cell;
use sudoku_ilp::solve::{CellLp, GridRelaxation};

/// `[{cell: "r1c1", values: [[v, x_{cell,v}], …]}]` for a one-hot model (the values with
/// x > 0, largest first), `[{cell, value: x_rc}]` for an integer (natural) model.
pub fn json(grid: &GridRelaxation, n: usize) -> Value {
    let cells: Vec<Value> = grid
        .cells
        .iter()
        .enumerate()
        .map(|(i, lp)| {
            let cell = Cell::at(i, n).to_string();
            match lp {
                CellLp::Weights(w) => json!({"cell": cell, "values": w}),
                CellLp::Value(x) => json!({"cell": cell, "value": x}),
            }
        })
        .collect();
    Value::Array(cells)
}

impl Core {
    /// A lab node: its LP picture and its point cell by cell (`{svg, cells}`).
    pub fn lab_node(&self, node: usize) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        lab.node(node).map_err(super::one_line)?;
        let grid = node_grid(lab, model, node);
        Ok(json!({
            "svg": self.lab_node_svg(node)?,
            "cells": json(&grid, lab.puzzle.order()),
        })
        .to_string())
    }
}
