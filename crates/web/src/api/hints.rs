//! Hints and the solving path, as `hint --json` and `steps --json` print them.

use super::input::named;
use super::{one_line, Core, Failure};
use serde_json::json;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::hint::grid::{values, Candidates};
use sudoku_ilp::hint::path::{solve_path_on, HintError, Path, PathOptions};
use sudoku_ilp::report::hint::{hint_text, path_json, step_json, step_svg, HintLevel};

impl Core {
    /// The next step as `hint --json` prints it, with its text at `level` (where, technique,
    /// rows, value) and its picture.
    pub fn hint(&self, level: &str) -> Result<String, Failure> {
        let given = (!level.is_empty()).then(|| level.to_string());
        let level = named(&given, "--level", HintLevel::default())?;
        let options = PathOptions {
            max_steps: 1,
            ..PathOptions::default()
        };
        let path =
            solve_path_on(&self.puzzle, options, self.backends.hints.clone()).map_err(one_line)?;
        let Some(step) = path.steps.first() else {
            return Ok(
                json!({"complete": true, "text": "the grid is already complete"}).to_string(),
            );
        };
        let mut out = step_json(step);
        out["hint"] = json!(hint_text(step, level));
        out["svg"] = json!(step_svg(step));
        Ok(out.to_string())
    }

    /// Step `k` (from 0) of the solving path, once steps 0..k are applied: as [`Core::hint`]
    /// (the step of `steps --json` at index k, its text at `level` and its picture), with
    /// `index` and the candidate grid the step starts from (`before`: per open cell its values,
    /// per cell placed by the applied steps its value). Past the last step: `complete`. The
    /// session's path is kept between calls ([`PathCache`](super::path_cache::PathCache)).
    pub fn hint_at(&self, k: usize, level: &str) -> Result<String, Failure> {
        let given = (!level.is_empty()).then(|| level.to_string());
        let level = named(&given, "--level", HintLevel::default())?;
        let path = self
            .path
            .answering(k, |max_steps| self.path_of(max_steps))
            .map_err(one_line)?;
        let Some(step) = path.steps.get(k) else {
            return Ok(
                json!({"complete": true, "index": k, "steps": path.steps.len(),
                "text": "the grid is complete"})
                .to_string(),
            );
        };
        let mut out = step_json(step);
        out["hint"] = json!(hint_text(step, level));
        out["svg"] = json!(step_svg(step));
        out["index"] = json!(k);
        out["before"] = before_json(&self.puzzle, &step.before);
        Ok(out.to_string())
    }

    /// Every step as `steps --json` prints it (`lp_level`: as `--lp-level`, lp-bb's node count
    /// included: its search runs on the page's LP).
    pub fn steps(&self, lp_level: bool) -> Result<String, Failure> {
        let path = self
            .path
            .whole(|max_steps| self.path_of(max_steps))
            .map_err(one_line)?;
        let rating = sudoku_ilp::hint::rating::rate_on(
            &self.puzzle,
            sudoku_ilp::hint::rating::RateOptions {
                lp: lp_level,
                ..Default::default()
            },
            self.backends.hints.clone(),
            Some(&path),
            &Limits::default(),
        )
        .map_err(one_line)?;
        Ok(path_json(&path, &rating).to_string())
    }

    /// The solving path of `steps --json` (certificates and LP steps), at most `max_steps`
    /// steps: [`PathCache`](super::path_cache::PathCache) keeps it between calls.
    fn path_of(&self, max_steps: usize) -> Result<Path, HintError> {
        let options = PathOptions {
            max_steps,
            ..PathOptions::default()
        };
        solve_path_on(&self.puzzle, options, self.backends.hints.clone())
    }
}

/// The candidate grid a step starts from: `{open: [{cell, values}], placed: [{cell, value}]}`,
/// `placed` holding only the cells the earlier steps filled (not the givens).
fn before_json(puzzle: &sudoku_ilp::puzzle::Puzzle, g: &Candidates) -> serde_json::Value {
    let givens = puzzle.givens();
    let mut open = Vec::new();
    let mut placed = Vec::new();
    for (i, &given) in givens.iter().enumerate() {
        let cell = g.cell(i).to_string();
        if g.value[i] == 0 {
            open.push(json!({"cell": cell, "values": values(g.cand[i]).collect::<Vec<_>>()}));
        } else if given == 0 {
            placed.push(json!({"cell": cell, "value": g.value[i]}));
        }
    }
    json!({"open": open, "placed": placed})
}
