//! What the tasks return: `Result` (a solve), `Count` (count and check) and `Explanation`.

use crate::convert::{rows, to_py};
use crate::pictures::Picture;
use crate::puzzle::PyPuzzle;
use crate::stats::{json_name, stats_object};
use pyo3::prelude::*;
use std::sync::Arc;
use sudoku_ilp::engine::{Count as Counted, Solution, Stats, Status};
use sudoku_ilp::explain::{Explained, Verdict};
use sudoku_ilp::formulation::ModelKind;
use sudoku_ilp::lab::lp::LabLp;
use sudoku_ilp::lab::Lab;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::count::{check_report, count_json, count_text, Answer};
use sudoku_ilp::report::explain::{explained_json, explained_svg, explained_text};
use sudoku_ilp::report::json::solution_json;
use sudoku_ilp::report::lab::{tree_json, tree_svg_to_fit};
use sudoku_ilp::report::svg::{escape, svg};
use sudoku_ilp::report::text::solution_text;

/// The result of `solve`: the status, the grid (only when solved and passed by the independent
/// checker), the time and the engine's typed statistics.
#[pyclass(name = "Result", frozen, module = "sudoku_ilp")]
pub struct SolveResult {
    pub puzzle: Arc<Puzzle>,
    pub solution: Solution,
    /// The branch-and-bound tree (the lab's, numbered as `Lab` numbers it), when
    /// `solve(method="lp-bb", tree=True)` recorded it.
    pub tree: Option<RecordedTree>,
}

/// lp-bb's tree as the result keeps it: its JSON records and its picture, rendered when the
/// search ended (the lab itself holds the LP and stays behind).
pub struct RecordedTree {
    json: serde_json::Value,
    svg: String,
}

impl RecordedTree {
    pub fn of<L: LabLp>(lab: &Lab<L>) -> RecordedTree {
        RecordedTree {
            json: tree_json(lab),
            svg: tree_svg_to_fit(lab, Some("LP branch and bound")),
        }
    }
}

#[pymethods]
impl SolveResult {
    /// "solved", "infeasible" (proven: no solution) or "time_limit".
    #[getter]
    fn status(&self) -> String {
        json_name(self.solution.status)
    }

    /// True when the grid was found and checked.
    #[getter]
    fn solved(&self) -> bool {
        self.solution.status == Status::Solved
    }

    /// The solution as n rows of n ints, or None when not solved.
    #[getter]
    fn grid(&self) -> Option<Vec<Vec<u32>>> {
        self.solution.grid.as_ref().map(rows)
    }

    /// The engine's label, e.g. "binary", "natural --pair-m" or "propagate".
    #[getter]
    fn engine(&self) -> String {
        self.solution.engine.clone()
    }

    /// Wall-clock time of the whole solve, in milliseconds.
    #[getter]
    fn time_ms(&self) -> f64 {
        self.solution.time_ms
    }

    /// Search or branch-and-bound nodes, when the engine counts them (None for SAT).
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.solution.stats.nodes()
    }

    /// The engine's statistics: MilpStats, SearchStats, PropagationStats, LpBbStats or SatStats.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        stats_object(py, &self.solution)
    }

    /// The puzzle that was solved.
    #[getter]
    fn puzzle(&self) -> PyPuzzle {
        PyPuzzle {
            inner: self.puzzle.clone(),
        }
    }

    /// The object `sudoku-ilp solve --json` prints, as a string.
    fn to_json(&self) -> String {
        solution_json(&self.puzzle, &self.solution).to_string()
    }

    /// The same object as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &solution_json(&self.puzzle, &self.solution))
    }

    /// The root LP relaxation of `model` ("binary" by default, or the MILP's own model when
    /// it was natural) drawn on the grid: the shade of each small digit is its LP weight.
    #[pyo3(signature = (model = None))]
    fn lp_picture(&self, py: Python<'_>, model: Option<&str>) -> PyResult<Picture> {
        // The MILP's own model when it was natural or natural-strong (its label starts with the
        // model's name), else the binary model.
        let own = match &self.solution.stats {
            Stats::Milp(_) => self.solution.engine.split(' ').next(),
            _ => None,
        };
        let kind = model
            .or(own.filter(|name| name.parse::<ModelKind>().is_ok()))
            .unwrap_or(ModelKind::Binary.name());
        crate::pictures::lp_picture_of(py, &self.puzzle, kind, None)
    }

    /// The branch-and-bound tree as a picture (`solve(..., method="lp-bb", tree=True)`).
    fn tree_picture(&self) -> PyResult<Picture> {
        Ok(Picture::svg(self.recorded_tree()?.svg.clone()))
    }

    /// The branch-and-bound tree as a dict: {"order", "nodes": [...], "cuts"}, one record per
    /// node, as `solve --tree tree.json` writes it.
    fn tree<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.recorded_tree()?.json)
    }

    /// The grid (or the puzzle when not solved) as a picture.
    fn picture(&self) -> Picture {
        Picture::svg(self._repr_svg_())
    }

    fn _repr_svg_(&self) -> String {
        svg(&self.puzzle, self.solution.grid.as_ref(), None)
    }

    /// The picture beside a table: status, engine, the model's size and the statistics.
    fn _repr_html_(&self) -> String {
        let doc = solution_json(&self.puzzle, &self.solution);
        let mut cells = vec![
            ("status".to_string(), self.status()),
            ("engine".to_string(), self.solution.engine.clone()),
        ];
        for section in ["model", "stats"] {
            let Some(fields) = doc[section].as_object() else {
                continue;
            };
            for (k, v) in fields {
                if k != "formulation" && k != "method" {
                    cells.push((k.clone(), plain(v)));
                }
            }
        }
        let rows: Vec<String> = cells
            .iter()
            .map(|(k, v)| format!("<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v)))
            .collect();
        format!(
            "<div style=\"display:flex;gap:1em;align-items:flex-start\">{}<table>{}</table></div>",
            self._repr_svg_(),
            rows.join("")
        )
    }

    /// The boxed grid and the statistics, as `sudoku-ilp solve` prints them.
    fn __str__(&self) -> String {
        solution_text(&self.puzzle, &self.solution)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Result {} by {} in {:.1} ms>",
            self.status(),
            self.solution.engine,
            self.solution.time_ms
        )
    }
}

impl SolveResult {
    fn recorded_tree(&self) -> PyResult<&RecordedTree> {
        self.tree.as_ref().ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(
                "no tree was recorded: solve with method=\"lp-bb\" and tree=True",
            )
        })
    }
}

/// A JSON value as a table cell: strings without quotes, objects as `key=value` pairs.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Object(m) => m
            .iter()
            .map(|(k, x)| format!("{k}={}", plain(x)))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// The solutions of `count` or `check`: how many (up to `max`), the grids, and how the search
/// ended.
#[pyclass(frozen, module = "sudoku_ilp")]
pub struct Count {
    pub puzzle: Arc<Puzzle>,
    pub count: Counted,
    /// True for `check` (a count with max 1): `to_json` gives check's object.
    pub is_check: bool,
}

#[pymethods]
impl Count {
    /// Solutions found (at most `max`).
    #[getter]
    fn count(&self) -> usize {
        self.count.solutions.len()
    }

    /// The solutions found, each n rows of n ints, checked.
    #[getter]
    fn solutions(&self) -> Vec<Vec<Vec<u32>>> {
        let mut all: Vec<_> = self.count.solutions.iter().map(rows).collect();
        if self.is_check {
            all.extend(self.count.beyond.iter().map(rows));
        }
        all
    }

    /// "complete" (all solutions found), "limit_reached" (more than `max` exist) or
    /// "time_limit" (the count is a lower bound).
    #[getter]
    fn end(&self) -> String {
        json_name(self.count.end)
    }

    /// True when more than `max` solutions exist.
    #[getter]
    fn limit_reached(&self) -> bool {
        self.count.end == sudoku_ilp::engine::CountEnd::LimitReached
    }

    /// "unique", "several", "none" or "unknown" (time limit), as `check` answers.
    #[getter]
    fn answer(&self) -> &'static str {
        Answer::of(&self.count).word()
    }

    #[getter]
    fn engine(&self) -> String {
        self.count.engine.clone()
    }

    #[getter]
    fn time_ms(&self) -> f64 {
        self.count.time_ms
    }

    /// The object `sudoku-ilp count --json --list` (or `check --json`) prints, as a string.
    fn to_json(&self) -> PyResult<String> {
        if self.is_check {
            Ok(check_report(&self.puzzle, &self.count, true)
                .trim_end()
                .to_string())
        } else {
            Ok(count_json(&self.puzzle, &self.count, true).to_string())
        }
    }

    fn __str__(&self) -> String {
        if self.is_check {
            check_report(&self.puzzle, &self.count, false)
        } else {
            count_text(&self.puzzle, &self.count, false, "max")
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<Count {} ({}, {}) by {}>",
            self.count(),
            self.end(),
            self.answer(),
            self.count.engine
        )
    }
}

/// Why a grid has no solution: a minimal set of givens (and houses) with no completion.
#[pyclass(frozen, module = "sudoku_ilp")]
pub struct Explanation {
    pub puzzle: Arc<Puzzle>,
    pub explained: Explained,
    pub houses_asked: bool,
}

#[pymethods]
impl Explanation {
    /// "infeasible" (explained), "solved" (the grid has a solution) or "time_limit".
    #[getter]
    fn status(&self) -> String {
        json_name(self.explained.status())
    }

    /// "direct_conflict" or "no_completion", when there is no solution.
    #[getter]
    fn reason(&self) -> Option<String> {
        match &self.explained.verdict {
            Verdict::NoSolution(e) => Some(json_name(e.reason)),
            _ => None,
        }
    }

    /// The givens of the set as (row, column, value), 1-based.
    #[getter]
    fn givens(&self) -> Vec<(usize, usize, u8)> {
        match &self.explained.verdict {
            Verdict::NoSolution(e) => e
                .givens
                .iter()
                .map(|(c, v)| (c.row + 1, c.col + 1, *v))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The houses whose rules already leave those givens no completion, e.g. "row 8".
    #[getter]
    fn houses(&self) -> Vec<String> {
        match &self.explained.verdict {
            Verdict::NoSolution(e) => e.houses.iter().map(|h| h.to_string()).collect(),
            _ => Vec::new(),
        }
    }

    /// The rule instances of the set (a variant puzzle), each a dict: "index" (1-based, in
    /// `Puzzle.rules`), "type", "name", "cells" ([row, col] pairs, 1-based) and "rule" (the rule
    /// as `Puzzle.rules` gives it).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let doc = explained_json(&self.puzzle, &self.explained, self.houses_asked);
        let rules = match doc.get("rules") {
            Some(v) if v.is_array() => v.clone(),
            _ => serde_json::json!([]),
        };
        crate::convert::to_py(py, &rules)
    }

    /// False when the time limit stopped a filter (some givens may not be needed).
    #[getter]
    fn minimal(&self) -> bool {
        matches!(&self.explained.verdict, Verdict::NoSolution(e) if e.minimal)
    }

    /// The solution, when the grid has one.
    #[getter]
    fn grid(&self) -> Option<Vec<Vec<u32>>> {
        match &self.explained.verdict {
            Verdict::Solvable(g) => Some(rows(g)),
            _ => None,
        }
    }

    /// MILP solves it took.
    #[getter]
    fn solves(&self) -> usize {
        self.explained.solves
    }

    #[getter]
    fn time_ms(&self) -> f64 {
        self.explained.time_ms
    }

    /// The set drawn on the grid (its houses and rule instances shaded, its givens in bold), or
    /// None when the grid has a solution.
    fn picture(&self) -> Option<crate::pictures::Picture> {
        explained_svg(&self.puzzle, &self.explained).map(crate::pictures::Picture::svg)
    }

    fn _repr_svg_(&self) -> Option<String> {
        explained_svg(&self.puzzle, &self.explained)
    }

    /// The object `sudoku-ilp explain --json` prints, as a string.
    fn to_json(&self) -> String {
        explained_json(&self.puzzle, &self.explained, self.houses_asked).to_string()
    }

    fn __str__(&self) -> String {
        explained_text(&self.puzzle, &self.explained, self.houses_asked)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Explanation {}: {} givens, {} rules, {} houses>",
            self.status(),
            self.givens().len(),
            match &self.explained.verdict {
                Verdict::NoSolution(e) => e.rules.len(),
                _ => 0,
            },
            self.houses().len()
        )
    }
}
