//! The root LP relaxation: its point on the grid, duals, the range and dual pictures, and the
//! LP measurements.

use super::{cells, one_line, parse_objective, Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::lab::lab_model;
use sudoku_ilp::lab::range::{column_ranges, forced, Forced};
use sudoku_ilp::lp_interface::LpState;
use sudoku_ilp::lp_restore::restore_iterations;
use sudoku_ilp::report::lp_svg::lp_svg;
use sudoku_ilp::report::polytope_svg::range_svg;
use sudoku_ilp::solve::{grid_of, Relaxation, Status};

impl Core {
    /// The root LP of the session's model: status, objective, nonzero row duals, the picture.
    pub fn relaxation(&self) -> Result<String, Failure> {
        self.vertex("")
    }

    /// The root LP of the session's model with `objective` (as `--objective`; `""` keeps the
    /// session's): one optimal vertex. With objective 0 every LP point is optimal and HiGHS
    /// returns one of them; a seeded objective (`random:K`) picks another vertex of the same
    /// polytope.
    pub fn vertex(&self, objective: &str) -> Result<String, Failure> {
        let (puzzle, rebuilt);
        let model = if objective.trim().is_empty() {
            puzzle = self.puzzle.clone();
            &self.model
        } else {
            puzzle = self
                .puzzle
                .clone()
                .with_objective(Some(parse_objective(objective, self.puzzle.order())?));
            rebuilt = self.formulation.build(&puzzle);
            &rebuilt
        };
        let mut lp = (self.backends.lab)(model).map_err(one_line)?;
        let point = lp.solve().map_err(one_line)?;
        let status = match point.state {
            LpState::Optimal => Status::Solved,
            LpState::Infeasible => Status::Infeasible,
            LpState::Stopped => Status::TimeLimit,
        };
        let values = (status == Status::Solved).then(|| point.columns.clone());
        let fractional = values.as_ref().map_or(0, |v| {
            model
                .variables
                .iter_variables_with_def()
                .zip(v)
                .filter(|((_, def), &x)| def.is_integer() && (x - x.round()).abs() > 1e-6)
                .count()
        });
        let relaxation = Relaxation {
            status,
            objective: if status == Status::Solved {
                point.objective
            } else {
                0.0
            },
            fractional,
            values,
        };
        let grid = grid_of(&puzzle, model, relaxation);
        let duals: Vec<Value> = model
            .rows
            .iter()
            .zip(&point.row_duals)
            .filter(|(_, y)| y.abs() > 1e-9)
            .map(|(r, y)| json!({"row": r.name(), "value": y}))
            .collect();
        // The nonzero reduced costs d = c − Aᵀy of the candidate columns (the binary model's),
        // of the candidates the givens leave (the lab's model's columns, as the dual picture).
        let n = self.puzzle.order();
        let left = lab_model(&puzzle);
        let reduced: Vec<Value> = (0..point.reduced_costs.len())
            .filter_map(|j| Some((model.candidate(j)?, point.reduced_costs[j])))
            .filter(|&((cell, v), d)| d.abs() > 1e-9 && left.column(cell, v).is_some())
            .map(|((cell, v), d)| {
                let name = sudoku_ilp::puzzle::Cell {
                    row: cell / n,
                    col: cell % n,
                };
                json!({"cell": name.to_string(), "value": v, "d": d})
            })
            .collect();
        let title = format!("Root LP relaxation, {} model", model.label);
        Ok(json!({
            "status": grid.status,
            "objective": grid.objective,
            "fractional": grid.fractional,
            "gives_grid": grid.gives_grid,
            "iterations": point.iterations,
            "duals": duals,
            "reduced": reduced,
            "cells": cells::json(&grid, self.puzzle.order()),
            "objective_spec": puzzle.objective().map(|o| o.spec()),
            "svg": lp_svg(&puzzle, &grid, Some(&title)),
        })
        .to_string())
    }

    /// The range (`range`) or dual (`dual`) picture of the root LP, as `render --lp --range`
    /// and `--dual` draw them.
    pub fn polytope_svg(&self, kind: &str) -> Result<String, Failure> {
        use sudoku_ilp::report::polytope_svg::{dual_picture_on, range_picture_on};
        let picture = match kind {
            "range" => range_picture_on(&self.puzzle, &self.backends.lab, None),
            "dual" => dual_picture_on(&self.puzzle, &self.backends.lab, None),
            other => return Err(format!("{other:?}: expected range or dual")),
        }
        .map_err(one_line)?;
        Ok(picture.unwrap_or_default())
    }

    /// Times the lab's LP on this puzzle's binary model (for the measurements of
    /// docs/performance.md): the model passed to the backend, its cold root solve, then
    /// `rounds` warm re-solves, each after fixing one fractional column of the root point to
    /// 0 (and again after freeing it). Milliseconds: create, root, and the warm solves sorted.
    pub fn measure_lp(&self, rounds: usize) -> Result<String, Failure> {
        let ms = |t: sudoku_ilp::clock::Instant| t.elapsed().as_secs_f64() * 1000.0;
        let model = lab_model(&self.puzzle);
        let t = sudoku_ilp::clock::Instant::now();
        let mut lp = (self.backends.lab)(&model).map_err(one_line)?;
        let create_ms = ms(t);
        let t = sudoku_ilp::clock::Instant::now();
        let root = lp.solve().map_err(one_line)?;
        let root_ms = ms(t);
        let fractional: Vec<usize> = sudoku_ilp::lab::fractional_columns(&root.columns);
        let mut warm = Vec::new();
        let mut iterations = Vec::new();
        for k in 0..rounds {
            let Some(&j) = fractional.get(k % fractional.len().max(1)) else {
                break;
            };
            for (lower, upper) in [(0.0, 0.0), (0.0, 1.0)] {
                lp.set_column_bounds(j, lower, upper).map_err(one_line)?;
                let t = sudoku_ilp::clock::Instant::now();
                let point = lp.solve().map_err(one_line)?;
                warm.push(ms(t));
                iterations.push(point.iterations);
            }
        }
        warm.sort_by(f64::total_cmp);
        Ok(json!({
            "create_ms": create_ms,
            "root_ms": root_ms,
            "root_iterations": root.iterations,
            "root_fractional": fractional.len(),
            "warm_ms": warm,
            "warm_iterations": iterations,
        })
        .to_string())
    }

    /// One node of the lab's LP on this puzzle re-solved cold, from its sibling's basis and
    /// from its own restored basis, through the backend's `Box<dyn LabLp>`
    /// ([`sudoku_ilp::lp_restore`]): `{column, value, cold, from_sibling, restored}` in simplex
    /// iterations.
    pub fn restore_lp(&self) -> Result<String, Failure> {
        let model = lab_model(&self.puzzle);
        let found = restore_iterations(&self.backends.lab, &model).map_err(one_line)?;
        Ok(json!(found).to_string())
    }

    /// What the LP relaxation forces, over the whole polytope (the objective left out, as
    /// `render --lp --range`): per cell `[[v, min, max]]` of every candidate that is not 0 at
    /// every LP point, the counts of candidates forced to 1 (givens apart), forced to 0 and
    /// free, and the library's range picture; `{status: "infeasible"}` when the LP is.
    pub fn ranges(&self) -> Result<String, Failure> {
        let puzzle = self.puzzle.clone().with_objective(None);
        let model = lab_model(&puzzle);
        let mut lp = (self.backends.lab)(&model).map_err(one_line)?;
        let Some(ranges) = column_ranges(&mut lp, model.variables.len()).map_err(one_line)? else {
            return Ok(json!({"status": "infeasible"}).to_string());
        };
        let n = puzzle.order();
        let mut per_cell: Vec<Vec<(u8, f64, f64)>> = vec![Vec::new(); n * n];
        let (mut one, mut zero, mut free) = (0, 0, 0);
        let candidate: Vec<_> = (0..model.variables.len())
            .map(|j| model.candidate(j))
            .collect();
        for (j, (cell, v)) in candidate
            .iter()
            .enumerate()
            .filter_map(|(j, c)| c.map(|c| (j, c)))
        {
            match forced(ranges[j]) {
                Forced::One if puzzle.givens()[cell] == 0 => one += 1,
                Forced::One => {}
                Forced::Zero => zero += 1,
                Forced::Free => free += 1,
            }
            if forced(ranges[j]) != Forced::Zero {
                per_cell[cell].push((v, ranges[j].0, ranges[j].1));
            }
        }
        let cells: Vec<Value> = per_cell
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut r = r.clone();
                r.sort_by_key(|&(v, _, _)| v);
                json!({"cell": format!("r{}c{}", i / n + 1, i % n + 1), "ranges": r})
            })
            .collect();
        Ok(json!({
            "status": "solved",
            "forced_one": one,
            "forced_zero": zero,
            "free": free,
            "cells": cells,
            "svg": range_svg(&self.puzzle, &candidate, &ranges, None),
        })
        .to_string())
    }
}
