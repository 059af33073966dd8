//! The model as the page lists it: sizes, rows of a cell, house or cage, one row written out.

use super::{one_line, Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::export;
use sudoku_ilp::lab::script;
use sudoku_ilp::puzzle::Cell;
use sudoku_ilp::rules::Rule;

fn cell_name(n: usize, cell: usize) -> String {
    Cell::at(cell, n).to_string()
}

/// A cell named `r1c1` (1-based), row-major index.
fn parse_cell(text: &str, n: usize) -> Option<usize> {
    script::parse_cell(text, n)
}

impl Core {
    /// Columns, rows, nonzeros, the column names and every row's name and cells.
    pub fn model_json(&self) -> Result<String, Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        let n = self.puzzle.order();
        let cell_of = |j: usize| self.model.cell_of_column(j);
        let rows: Vec<Value> = lin
            .rows
            .iter()
            .map(|r| {
                let mut cells: Vec<usize> =
                    r.terms.iter().filter_map(|&(j, _)| cell_of(j)).collect();
                cells.sort_unstable();
                cells.dedup();
                let names: Vec<String> = cells.iter().map(|&c| cell_name(n, c)).collect();
                json!({"name": r.name, "cells": names})
            })
            .collect();
        let nonzeros: usize = lin.rows.iter().map(|r| r.terms.len()).sum();
        let columns: Vec<&str> = lin.columns.iter().map(|c| c.name).collect();
        Ok(json!({
            "model": self.model.label,
            "columns": lin.columns.len(),
            "rows": lin.rows.len(),
            "nonzeros": nonzeros,
            "column_names": columns,
            "rows_list": rows,
        })
        .to_string())
    }

    /// The cells of a target: a cell `r1c1`, a house by its model tag (`r3`, `c5`, `b2`,
    /// `region4`, `diag1`) or a killer cage `k1` (the first cage).
    fn target_cells(&self, target: &str) -> Result<(bool, Vec<usize>), Failure> {
        let n = self.puzzle.order();
        if let Some(cell) = parse_cell(target, n) {
            return Ok((true, vec![cell]));
        }
        for house in self.puzzle.houses() {
            if house.kind.tag() == target {
                let cells = house.cells.iter().map(|c| c.row * n + c.col).collect();
                return Ok((false, cells));
            }
        }
        if let Some(k) = target
            .strip_prefix('k')
            .and_then(|k| k.parse::<usize>().ok())
        {
            let cage = self
                .puzzle
                .rules()
                .iter()
                .filter_map(|r| match r {
                    Rule::Killer(cage) => Some(cage),
                    _ => None,
                })
                .nth(k.wrapping_sub(1));
            if let Some(cage) = cage {
                return Ok((
                    false,
                    cage.cells.iter().map(|c| c.row * n + c.col).collect(),
                ));
            }
        }
        Err(format!(
            "{target:?}: expected a cell r1c1, a house (r1, c1, b1, region1, diag1) or a cage k1"
        ))
    }

    /// The rows of a target: for a cell, every row with a column of it; for a house or a
    /// cage, the rows whose cells are exactly its cells, or when there is none (the natural
    /// model's pairwise rows) the rows of two or more cells all in it.
    pub fn rows_of(&self, target: &str) -> Result<String, Failure> {
        let (is_cell, mut cells) = self.target_cells(target)?;
        cells.sort_unstable();
        let lin = export::linear(&self.model).map_err(one_line)?;
        let cell_of = |j: usize| self.model.cell_of_column(j);
        let own = |r: &export::LinearRow| {
            let mut own: Vec<usize> = r.terms.iter().filter_map(|&(j, _)| cell_of(j)).collect();
            own.sort_unstable();
            own.dedup();
            own
        };
        let mut names: Vec<&str> = lin
            .rows
            .iter()
            .filter(|r| {
                let own = own(r);
                if is_cell {
                    own.contains(&cells[0])
                } else {
                    own == cells
                }
            })
            .map(|r| r.name)
            .collect();
        if names.is_empty() && !is_cell {
            // The natural model states a house pair by pair (ne1, ne2 and y of two cells): the
            // rows of two or more cells, all in the house.
            names = lin
                .rows
                .iter()
                .filter(|r| {
                    let own = own(r);
                    own.len() >= 2 && own.iter().all(|c| cells.binary_search(c).is_ok())
                })
                .map(|r| r.name)
                .collect();
        }
        Ok(json!(names).to_string())
    }

    /// One row: sense, right-hand side, and its terms with their cells.
    pub fn row(&self, name: &str) -> Result<String, Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        let n = self.puzzle.order();
        let cell_of = |j: usize| self.model.cell_of_column(j);
        let row =
            lin.rows.iter().find(|r| r.name == name).ok_or_else(|| {
                format!("no row named {name:?} in the {} model", self.model.label)
            })?;
        let terms: Vec<Value> = row
            .terms
            .iter()
            .map(|&(j, a)| {
                json!({
                    "column": lin.columns[j].name,
                    "coefficient": a,
                    "cell": cell_of(j).map(|c| cell_name(n, c)),
                })
            })
            .collect();
        let sense = match row.sense {
            sudoku_ilp::formulation::Sense::Le => "<=",
            sudoku_ilp::formulation::Sense::Ge => ">=",
            sudoku_ilp::formulation::Sense::Eq => "=",
        };
        Ok(json!({"name": row.name, "sense": sense, "rhs": row.rhs, "terms": terms}).to_string())
    }
}
