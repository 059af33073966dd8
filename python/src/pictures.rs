//! A picture or page the library drew (SVG or HTML), shown inline by Jupyter.

use pyo3::prelude::*;

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
