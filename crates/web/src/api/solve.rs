//! Solving and counting: each grid passes the library's checker before it is returned.

use super::names::page_methods;
use super::{one_line, Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::check::check;
use sudoku_ilp::engine::lp_bb;
use sudoku_ilp::engine::Method;
use sudoku_ilp::engine::{backtrack::Backtrack, propagate::Propagate, Engine, Limits};
use sudoku_ilp::export;
use sudoku_ilp::lab::auto::{AutoEnd, Branching, CutPolicy};
use sudoku_ilp::lab::lab_model;
use sudoku_ilp::lp_interface::LpState;
use sudoku_ilp::puzzle::Grid;
use sudoku_ilp::report::svg::svg;
use sudoku_ilp::solve::Status;

/// A status, the grid when one was found, and the nodes of a branch and bound.
type Solved = (Status, Option<Grid>, Option<i64>);

impl Core {
    pub fn grid_svg(&self) -> String {
        svg(&self.puzzle, None, None)
    }

    /// Solves with one of the page's methods ([`page_methods`], by [`Method`]'s names; `highs`
    /// is the page's older name of `ilp`): `ilp` is the session's model as a MILP on HiGHS,
    /// `lp-bb` the lab's automatic loop (as `solve --method lp-bb`).
    pub fn solve(&self, method: &str, time_limit: f64) -> Result<String, Failure> {
        let limits = Limits { time_limit };
        let clock = sudoku_ilp::clock::Instant::now();
        let chosen = if method == "highs" {
            Method::Ilp
        } else {
            sudoku_ilp::named::parse::<Method>(method).map_err(|e| e.said_of("--method"))?
        };
        let (status, grid, nodes) = match chosen {
            Method::Propagate | Method::Backtrack => {
                let solution = if chosen == Method::Propagate {
                    Propagate::default().solve(&self.puzzle, &limits)
                } else {
                    Backtrack.solve(&self.puzzle, &limits)
                }
                .map_err(one_line)?;
                (solution.status, solution.grid, None)
            }
            Method::Ilp => self.solve_milp(time_limit)?,
            Method::LpBb => self.solve_lp_bb(&limits)?,
            other => {
                let names: Vec<&str> = page_methods().iter().map(|m| m.name()).collect();
                return Err(format!(
                    "--method {}: not in the page (its engine is not built for WebAssembly): use one of {}",
                    other.name(),
                    names.join(", ")
                ));
            }
        };
        let ms = clock.elapsed().as_secs_f64() * 1000.0;
        let mut out = json!({
            "status": status,
            "method": method,
            "time_ms": ms,
        });
        if let Some(grid) = grid {
            check(&self.puzzle, &grid).map_err(|e| {
                format!("internal error: {method} returned a grid that fails the check: {e}")
            })?;
            out["grid"] = json!(grid.rows());
            out["svg"] = json!(svg(&self.puzzle, Some(&grid), None));
        }
        if let Some(nodes) = nodes {
            out["nodes"] = json!(nodes);
        }
        Ok(out.to_string())
    }

    /// The session's model as a MILP (every column of both models is integer) on the LP
    /// backend: HiGHS's branch and bound.
    fn solve_milp(&self, time_limit: f64) -> Result<Solved, Failure> {
        let lin = export::linear(&self.model).map_err(one_line)?;
        if !lin.columns.iter().all(|c| c.integer) {
            return Err("internal error: the model has continuous columns".into());
        }
        let mut lp = (self.backends.mip)(&self.model).map_err(one_line)?;
        let mip = lp.solve_mip(time_limit).map_err(one_line)?;
        Ok(match mip.state {
            LpState::Optimal => (
                Status::Solved,
                Some(self.model.decode(&mip.columns)),
                Some(mip.nodes),
            ),
            LpState::Infeasible => (Status::Infeasible, None, Some(mip.nodes)),
            LpState::Stopped => (Status::TimeLimit, None, Some(mip.nodes)),
        })
    }

    /// lp-bb: the lab's automatic loop on the binary model (cell branching, best bound with an
    /// objective, depth first without one), as `solve --method lp-bb`; its node count.
    fn solve_lp_bb(&self, limits: &Limits) -> Result<Solved, Failure> {
        let model = lab_model(&self.puzzle);
        let lp = (self.backends.lab)(&model).map_err(one_line)?;
        let (end, lab) = lp_bb::search(
            &self.puzzle,
            &model,
            lp,
            limits.deadline(),
            Branching::Cell,
            CutPolicy::default(),
        )
        .map_err(one_line)?;
        let grid = lab.incumbent.as_ref().map(|i| i.grid.clone());
        let status = match (&grid, end) {
            (_, AutoEnd::TimeLimit) if self.puzzle.objective().is_some() || grid.is_none() => {
                Status::TimeLimit
            }
            (Some(_), _) => Status::Solved,
            (None, _) => Status::Infeasible,
        };
        Ok((status, grid, Some(lab.nodes.len() as i64)))
    }

    /// Up to `limit` solutions with the propagation engine.
    pub fn count(&self, limit: usize, time_limit: f64) -> Result<String, Failure> {
        let count = Propagate::default()
            .count(&self.puzzle, limit, &Limits { time_limit })
            .map_err(one_line)?;
        let grids: Vec<Value> = count.solutions.iter().map(|g| json!(g.rows())).collect();
        Ok(json!({
            "count": count.solutions.len(),
            "end": count.end,
            "time_ms": count.time_ms,
            "solutions": grids,
        })
        .to_string())
    }
}
