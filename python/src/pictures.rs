//! A picture or page the library drew (SVG or HTML), shown inline by Jupyter.

use crate::convert::Raise;
use pyo3::prelude::*;
use std::sync::Arc;
use sudoku_ilp::engine::Limits;
use sudoku_ilp::formulation::ModelKind;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::lp_svg;
use sudoku_ilp::solve::SolveOptions;

/// An SVG picture or an HTML page: Jupyter shows it inline; `str()` gives its text and
/// `save(path)` writes it.
#[pyclass(frozen, module = "sudoku_ilp")]
pub struct Picture {
    /// `"svg"` or `"html"`.
    #[pyo3(get)]
    pub kind: &'static str,
    /// The SVG or HTML text.
    #[pyo3(get)]
    pub text: String,
}

impl Picture {
    pub fn svg(text: String) -> Picture {
        Picture { kind: "svg", text }
    }

    pub fn html(text: String) -> Picture {
        Picture { kind: "html", text }
    }
}

#[pymethods]
impl Picture {
    /// Writes the text to `path`.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.text).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot write {}: {e}", path.display()))
        })
    }

    fn _repr_svg_(&self) -> Option<String> {
        (self.kind == "svg").then(|| self.text.clone())
    }

    fn _repr_html_(&self) -> Option<String> {
        (self.kind == "html").then(|| self.text.clone())
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Picture {} ({} bytes)>", self.kind, self.text.len())
    }
}

/// The LP picture of `puzzle` for the model named `model`.
pub fn lp_picture_of(
    py: Python<'_>,
    puzzle: &Arc<Puzzle>,
    model: &str,
    title: Option<String>,
) -> PyResult<Picture> {
    let kind: ModelKind = model.parse().raise()?;
    let formulation = sudoku_ilp::engine::spec::ModelSpec::of(kind)
        .formulation()
        .raise()?;
    let puzzle = puzzle.clone();
    let picture = py.detach(|| {
        lp_svg::lp_picture(
            &puzzle,
            formulation.as_ref(),
            &SolveOptions::default(),
            &Limits::default(),
            title.as_deref(),
        )
    });
    picture.map(Picture::svg).raise()
}
