//! Solving and counting: each grid passes the library's checker before it is returned.

use super::{one_line, Core, Failure};
use serde_json::{json, Value};
use sudoku_ilp::check::check;
use sudoku_ilp::engine::{backtrack::Backtrack, propagate::Propagate, Engine, Limits};
use sudoku_ilp::export;
use sudoku_ilp::lp_interface::LpState;
use sudoku_ilp::report::svg::svg;
use sudoku_ilp::solve::Status;

impl Core {
    pub fn grid_svg(&self) -> String {
        svg(&self.puzzle, None, None)
    }

    /// Solves with `propagate`, `backtrack` or `highs` (the session's model, MILP).
    pub fn solve(&self, method: &str, time_limit: f64) -> Result<String, Failure> {
        let limits = Limits { time_limit };
        let clock = sudoku_ilp::clock::Instant::now();
        let (status, grid, nodes) = match method {
            "propagate" | "backtrack" => {
                let solution = if method == "propagate" {
                    Propagate::default().solve(&self.puzzle, &limits)
                } else {
                    Backtrack.solve(&self.puzzle, &limits)
                }
                .map_err(one_line)?;
                (solution.status, solution.grid, None)
            }
            "highs" | "ilp" => self.solve_milp(time_limit)?,
            other => {
                return Err(format!(
                    "--method {other:?}: expected one of propagate, backtrack, highs"
                ))
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
    fn solve_milp(
        &self,
        time_limit: f64,
    ) -> Result<(Status, Option<sudoku_ilp::puzzle::Grid>, Option<i64>), Failure> {
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
