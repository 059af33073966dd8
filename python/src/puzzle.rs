//! `Puzzle`: a grid to solve, read from a string, a JSON object, a list of rows or a file.

use crate::convert::{rows, to_py, value_error, Raise};
use crate::pictures::Picture;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use sudoku_ilp::format::grid_text;
use sudoku_ilp::input::{parse_puzzle, read_source, InputFormat, ParseOptions};
use sudoku_ilp::puzzle::{Layout, Puzzle};
use sudoku_ilp::report::json::puzzle_json;
use sudoku_ilp::report::svg::svg;
use sudoku_ilp::report::text::grid_line;

/// A Sudoku puzzle: its order n, its box shape (or irregular regions) and its givens.
///
/// Build one with `Puzzle.from_string`, `Puzzle.from_json`, `Puzzle.from_grid` or
/// `Puzzle.from_file`; bad input raises `ValueError` with the same one-line message as the
/// command line.
#[pyclass(name = "Puzzle", frozen, module = "sudoku_ilp")]
#[derive(Clone)]
pub struct PyPuzzle {
    pub inner: Arc<Puzzle>,
}

/// The parse options of the keyword arguments `box`, `line` and `format`.
fn parse_options(
    box_shape: Option<(usize, usize)>,
    line: Option<usize>,
    format: &str,
) -> PyResult<ParseOptions> {
    let format: InputFormat = format.parse().raise()?;
    Ok(ParseOptions {
        box_shape,
        line,
        format,
    })
}

impl PyPuzzle {
    /// Parses `text`; a puzzle from a string or a list of rows has no name unless its JSON
    /// gave one (the parser would name it after the origin, e.g. `<string> line 1`).
    fn parse(origin: &str, text: &str, options: ParseOptions) -> PyResult<PyPuzzle> {
        let mut puzzle = parse_puzzle(origin, text, options).raise()?;
        if origin.starts_with('<') && puzzle.name().is_some_and(|n| n.starts_with(origin)) {
            puzzle = puzzle.with_name(None);
        }
        Ok(PyPuzzle {
            inner: Arc::new(puzzle),
        })
    }
}

#[pymethods]
impl PyPuzzle {
    /// A puzzle from text: one line (81 characters with `.` or `0` for empty cells, or n²
    /// integers), a grid block (n lines of n cells, `|` and `-+` box rules allowed) or a JSON
    /// object. In a text of several puzzle lines, `line` picks one (the 1-based line number).
    /// `box` is (rows, cols) for orders that are not perfect squares, e.g. (2, 3) for 6×6.
    #[staticmethod]
    #[pyo3(signature = (text, *, r#box = None, line = None, format = "auto"))]
    fn from_string(
        text: &str,
        r#box: Option<(usize, usize)>,
        line: Option<usize>,
        format: &str,
    ) -> PyResult<PyPuzzle> {
        PyPuzzle::parse("<string>", text, parse_options(r#box, line, format)?)
    }

    /// A puzzle from a JSON object, as a string or as a dict: `{"grid": [[5, 3, 0, ...], ...]}`
    /// with optional `"box": [rows, cols]`, `"regions"`, `"diagonals"`, `"rules"` (the variant
    /// rules, as `Puzzle.rules` gives them) and `"name"` (the object `Result.to_json()` gives
    /// reads back too).
    #[staticmethod]
    fn from_json(obj: &Bound<'_, PyAny>) -> PyResult<PyPuzzle> {
        let text = if let Ok(s) = obj.cast::<PyString>() {
            s.to_string()
        } else {
            let json = obj.py().import("json")?;
            json.call_method1("dumps", (obj,))?.extract::<String>()?
        };
        PyPuzzle::parse("<json>", &text, parse_options(None, None, "json")?)
    }

    /// A puzzle from the f-puzzles format of the variant community: its JSON (plain, one
    /// object) or a link, with or without its `https://f-puzzles.com/?load=` prefix. Its rules
    /// (cages, thermometers, arrows, dots, ...) come with it; an f-puzzles constraint the tool
    /// does not know raises `ValueError` naming it.
    #[staticmethod]
    fn from_fpuzzles(text: &str) -> PyResult<PyPuzzle> {
        let trimmed = text.trim();
        if trimmed.starts_with('{') {
            let doc: serde_json::Value = serde_json::from_str(trimmed)
                .map_err(|e| value_error(format!("<f-puzzles>: not JSON: {e}")))?;
            if doc.get("size").is_none() || doc.get("grid").is_none() {
                return Err(value_error(
                    "<f-puzzles>: not an f-puzzles object (it needs \"size\" and \"grid\")",
                ));
            }
        } else if trimmed.lines().count() != 1 || trimmed.len() < 40 {
            return Err(value_error(
                "<f-puzzles>: neither f-puzzles JSON nor an f-puzzles link",
            ));
        }
        PyPuzzle::parse("<f-puzzles>", trimmed, parse_options(None, None, "auto")?)
    }

    /// The variant rules as plain dicts, as the project's JSON writes them under "rules":
    /// `{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 15}`, `{"type": "anti_knight"}`,
    /// ... (an empty list for a classic puzzle). `Puzzle.from_json` reads them back.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(self.inner.rules()).map_err(value_error)?;
        to_py(py, &value)
    }

    /// A puzzle from a list of n rows of n ints (0 for an empty cell).
    #[staticmethod]
    #[pyo3(signature = (rows, *, r#box = None))]
    fn from_grid(rows: Vec<Vec<i64>>, r#box: Option<(usize, usize)>) -> PyResult<PyPuzzle> {
        let text = serde_json::json!({ "grid": rows }).to_string();
        PyPuzzle::parse("<grid>", &text, parse_options(r#box, None, "json")?)
    }

    /// A puzzle from a file: JSON, a line file (pick a line with `line`) or a grid block.
    #[staticmethod]
    #[pyo3(signature = (path, *, r#box = None, line = None, format = "auto"))]
    fn from_file(
        path: std::path::PathBuf,
        r#box: Option<(usize, usize)>,
        line: Option<usize>,
        format: &str,
    ) -> PyResult<PyPuzzle> {
        let path = path.to_string_lossy().into_owned();
        let text = read_source(&path).raise()?;
        PyPuzzle::parse(&path, &text, parse_options(r#box, line, format)?)
    }

    /// The order n: the grid has n rows, n columns and values 1..n.
    #[getter]
    fn order(&self) -> usize {
        self.inner.order()
    }

    /// The box shape (rows, cols), or None for irregular regions.
    #[getter]
    fn r#box(&self) -> Option<(usize, usize)> {
        match self.inner.layout() {
            Layout::Boxes { rows, cols } => Some((*rows, *cols)),
            Layout::Regions(_) => None,
        }
    }

    /// The givens as n rows of n ints (0: empty).
    #[getter]
    fn givens(&self) -> Vec<Vec<u32>> {
        rows(&self.inner.givens_grid())
    }

    /// How many cells are given.
    #[getter]
    fn given_count(&self) -> usize {
        self.inner.given_count()
    }

    /// The puzzle's name, when its JSON gave one.
    #[getter]
    fn name(&self) -> Option<String> {
        self.inner.name().map(String::from)
    }

    /// The givens on one line (`.` for empty cells up to 9×9, else n² integers).
    fn to_line(&self) -> String {
        grid_line(&self.inner.givens_grid())
    }

    /// The puzzle as a JSON object (`Puzzle.from_json` reads it back).
    fn to_json(&self) -> String {
        puzzle_json(&self.inner).to_string()
    }

    /// The grid of givens as a picture.
    fn picture(&self) -> Picture {
        Picture::svg(svg(&self.inner, None, self.inner.name()))
    }

    fn _repr_svg_(&self) -> String {
        svg(&self.inner, None, self.inner.name())
    }

    /// The picture with a caption: order and givens.
    fn _repr_html_(&self) -> String {
        format!(
            "<figure style=\"margin:0\">{}<figcaption>{}×{}, {} givens</figcaption></figure>",
            svg(&self.inner, None, self.inner.name()),
            self.order(),
            self.order(),
            self.given_count()
        )
    }

    /// The givens as a boxed grid.
    fn __str__(&self) -> String {
        grid_text(&self.inner.givens_grid(), self.inner.layout())
    }

    fn __repr__(&self) -> String {
        format!(
            "Puzzle.from_string({:?})",
            grid_line(&self.inner.givens_grid())
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPuzzle>()
            .is_ok_and(|o| *o.get().inner == *self.inner)
    }
}
