//! Hints and the solving path, as `hint --json` and `steps --json` print them.

use super::input::named;
use super::{one_line, Core, Failure};
use serde_json::json;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::hint::path::{solve_path_on, PathOptions};
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

    /// Every step as `steps --json` prints it (`lp_level`: as `--lp-level`, lp-bb's node count
    /// included: its search runs on the page's LP).
    pub fn steps(&self, lp_level: bool) -> Result<String, Failure> {
        let path = solve_path_on(
            &self.puzzle,
            PathOptions::default(),
            self.backends.hints.clone(),
        )
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
}
