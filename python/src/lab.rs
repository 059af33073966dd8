//! `sudoku_ilp.Lab`: the driven branch and bound of [`sudoku_ilp::lab`] in a notebook. Every
//! step returns what it did; the lab shows its tree inline (`_repr_svg_`, `_repr_html_`) the
//! way gilp shows its pictures.

use crate::convert::{value_error, Raise};
use crate::puzzle::PyPuzzle;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_ilp::lab::cuts::student::Validity;
use sudoku_ilp::lab::cuts::{short, CutKind};
use sudoku_ilp::lab::script::{self, parse_cell};
use sudoku_ilp::lab::LabError;
use sudoku_ilp::lab::{auto, native, NativeLab, NodeRule};
use sudoku_ilp::limits::{Limits, DEFAULT_TIME_LIMIT};
use sudoku_ilp::named::parse;
use sudoku_ilp::objective::Objective;
use sudoku_ilp::report::lab::{node_line, step_text, summary, tree_svg, tree_text};

/// A branch and bound you drive on the binary model: `Lab(puzzle, objective="max:diagonal")`,
/// then `branch(node, "r1c1", 5)` (x = 1 / x = 0) or `branch(node, "r1c1")` (one child per
/// digit), `cut(node, "gomory")`, `next("best")`, `finish(node)`, `suggest(node)`, `auto()`.
/// Nodes are numbered from 0 (the root). Bad steps raise `ValueError`, LP failures
/// `SolverError`. `time_limit` (seconds, 60 by default) bounds each call: the root's solve,
/// each step, `auto()`, each `script()` as a whole; `stopped` then says the last call
/// reached it.
#[pyclass(name = "Lab", unsendable, module = "sudoku_ilp")]
pub struct PyLab {
    lab: NativeLab,
    limits: Limits,
}

/// A lab error as `ValueError` (a bad step) or `SolverError` (the LP failed), mapped once in
/// [`crate::convert`].
fn step_error(e: LabError) -> PyErr {
    PyErr::from(crate::convert::Error::from(e))
}

#[pymethods]
impl PyLab {
    #[new]
    #[pyo3(signature = (puzzle, *, objective = None, time_limit = DEFAULT_TIME_LIMIT))]
    fn new(puzzle: &PyPuzzle, objective: Option<&str>, time_limit: f64) -> PyResult<PyLab> {
        let limits = Limits::seconds(time_limit).raise()?;
        let mut p = (*puzzle.inner).clone();
        if let Some(spec) = objective {
            let o = Objective::parse(spec, p.order()).map_err(value_error)?;
            p = p.with_objective(Some(o));
        }
        Ok(PyLab {
            lab: native(&p, &limits).map_err(step_error)?,
            limits,
        })
    }

    /// True when the last call stopped at `time_limit` (its search is not complete).
    #[getter]
    fn stopped(&self) -> bool {
        self.lab.hit_limit
    }

    /// Branches `node`: on candidate `cell`=`value` (children x = 1, x = 0) or, without a
    /// value, on the cell (one child per open digit). Returns the children's ids.
    #[pyo3(signature = (node, cell, value = None))]
    fn branch(&mut self, node: usize, cell: &str, value: Option<u8>) -> PyResult<Vec<usize>> {
        let c = parse_cell(cell, self.lab.n)
            .ok_or_else(|| step_error(LabError::NotCell(cell.to_string())))?;
        self.start()?;
        match value {
            Some(v) => self.lab.branch_candidate(node, c, v),
            None => self.lab.branch_cell(node, c),
        }
        .map_err(step_error)
    }

    /// Adds a cut of `kind` (gomory, clique, nogood) at `node`; returns the cut (its row in LP
    /// syntax, the bound and fractional count before and after) or None when none is violated.
    /// `kind` may instead be your own inequality (`"x_r1_c1_v1 + x_r1_c2_v1 <= 1"` or
    /// `"r1c1=1 + r1c2=1 <= 1"`): it is checked exactly on the node's subproblem (a MILP) and
    /// the dict says "valid" (True, False, or None when the time limit stopped the check),
    /// "counterexample" (a violating grid, checked, when not valid), "cuts_off" (whether it
    /// cuts off the node's LP point), "violation", "added" and, when added, the bound's move.
    fn cut<'py>(
        &mut self,
        py: Python<'py>,
        node: usize,
        kind: &str,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        if kind.contains(['<', '>', '=', '≤', '≥']) {
            return self.student_cut(py, node, kind).map(Some);
        }
        let kind: CutKind = parse(kind).map_err(|e| step_error(e.into()))?;
        self.start()?;
        let Some(r) = self.lab.cut(node, kind).map_err(step_error)? else {
            return Ok(None);
        };
        let cut = &self.lab.cuts[r.cut];
        let d = PyDict::new(py);
        d.set_item("name", &cut.name)?;
        d.set_item("row", cut.lp_text(|j| self.lab.column_name(j)))?;
        d.set_item("origin", &cut.origin)?;
        d.set_item("violation", cut.violation)?;
        d.set_item("bound_before", r.bound_before)?;
        d.set_item("bound_after", r.bound_after)?;
        d.set_item("fractional_before", r.fractional_before)?;
        d.set_item("fractional_after", r.fractional_after)?;
        Ok(Some(d))
    }

    /// Grades a prediction at `node` without changing the tree: "next best 3", "next depth 2",
    /// "branch x_r1_c3_v4" (the most-fractional column), "infeasible r1c1=5 yes" (the child
    /// x = 1; r1c1!=5 for x = 0), "bound r1c1=5 12.5" (the child's LP value, within 0.001),
    /// "integral no" (the root LP point). Returns {"correct", "given", "expected", "reason"}.
    fn predict<'py>(
        &mut self,
        py: Python<'py>,
        node: usize,
        question: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.start()?;
        let g = self.lab.predict(node, question).map_err(step_error)?;
        let d = PyDict::new(py);
        d.set_item("question", &g.question)?;
        d.set_item("correct", g.correct)?;
        d.set_item("given", &g.given)?;
        d.set_item("expected", &g.expected)?;
        d.set_item("reason", &g.reason)?;
        Ok(d)
    }

    /// The next open node: rule "best" (best bound) or "depth" (depth first); None when none.
    #[pyo3(signature = (rule = "best"))]
    fn next(&self, rule: &str) -> PyResult<Option<usize>> {
        let rule: NodeRule = parse(rule).map_err(|e| step_error(e.into()))?;
        Ok(self.lab.next(rule))
    }

    /// Lets HiGHS solve `node`'s subtree as a MILP within `time_limit`; returns HiGHS's node
    /// count (`stopped` says whether it stopped at the limit, the node then still open).
    fn finish(&mut self, node: usize) -> PyResult<i64> {
        self.start()?;
        let finish = self
            .lab
            .finish(node, self.limits.time_limit)
            .map_err(step_error)?;
        Ok(finish.mip_nodes)
    }

    /// Marks an open node pruned.
    fn prune(&mut self, node: usize) -> PyResult<()> {
        self.lab.prune(node).map_err(step_error)
    }

    /// What lp-bb's rules would branch on: {"cell": "r1c3", "variable": "x_r1_c3_v4"}.
    fn suggest<'py>(&mut self, py: Python<'py>, node: usize) -> PyResult<Bound<'py, PyDict>> {
        self.lab.evaluate(node).map_err(step_error)?;
        let s = self.lab.suggest(node).map_err(step_error)?;
        let d = PyDict::new(py);
        d.set_item("cell", s.cell.map(|c| self.lab.cell_name(c)))?;
        d.set_item("variable", s.variable.map(|j| self.lab.column_name(j)))?;
        Ok(d)
    }

    /// Runs the automatic loop, lp-bb's own search (branching "cell", lp-bb's default, or
    /// "variable"; best bound with an objective, depth first without one) to the end or
    /// `time_limit`.
    #[pyo3(signature = (branching = "cell"))]
    fn auto(&mut self, branching: &str) -> PyResult<()> {
        let branching: auto::Branching = parse(branching).map_err(|e| step_error(e.into()))?;
        self.start()?;
        let options = auto::AutoOptions::for_lab(&self.lab, branching);
        auto::run(&mut self.lab, &options)
            .map_err(step_error)
            .map(|_| ())
    }

    /// Runs a `;`-separated script as `sudoku-ilp lab --do` does (from the root); returns the
    /// printed steps.
    fn script(&mut self, steps: &str) -> PyResult<String> {
        self.start()?;
        let mut out = String::new();
        script::run_each(&mut self.lab, steps, |lab, k, step| {
            out += &step_text(lab, k, step)
        })
        .map_err(step_error)?;
        Ok(out)
    }

    /// Every node as a dict: id, parent, label, status, lp (value or None), fractional
    /// (count), order (of expansion or None).
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.lab
            .nodes
            .iter()
            .map(|n| {
                let d = PyDict::new(py);
                d.set_item("id", n.id)?;
                d.set_item("parent", n.parent)?;
                d.set_item("label", &n.label)?;
                d.set_item("status", n.status.name())?;
                d.set_item("lp", (!n.objective.is_nan()).then_some(n.objective))?;
                d.set_item("fractional", n.fractional.len())?;
                d.set_item("order", n.order)?;
                Ok(d)
            })
            .collect()
    }

    /// The best grid so far (rows) or None.
    #[getter]
    fn incumbent(&self) -> Option<Vec<Vec<u32>>> {
        self.lab
            .incumbent
            .as_ref()
            .map(|i| crate::convert::rows(&i.grid))
    }

    /// The incumbent's objective value, or None.
    #[getter]
    fn value(&self) -> Option<f64> {
        self.lab.incumbent.as_ref().map(|i| i.value)
    }

    /// The best bound over the open nodes and the incumbent.
    #[getter]
    fn bound(&self) -> Option<f64> {
        self.lab.bound()
    }

    /// One node in a line.
    fn describe(&self, node: usize) -> PyResult<String> {
        Ok(node_line(
            &self.lab,
            self.lab.node(node).map_err(step_error)?,
        ))
    }

    /// The tree as indented text.
    fn tree(&self) -> String {
        tree_text(&self.lab)
    }

    /// The tree as an SVG picture.
    fn svg(&self) -> String {
        tree_svg(&self.lab, None)
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn _repr_html_(&self) -> String {
        let cuts: String = self
            .lab
            .cuts
            .iter()
            .map(|c| {
                format!(
                    "<pre>{}</pre>",
                    html(&c.lp_text(|j| self.lab.column_name(j)))
                )
            })
            .collect();
        format!(
            "<div>{}<p>{}</p>{cuts}</div>",
            self.svg(),
            html(&summary(&self.lab))
        )
    }

    fn __repr__(&self) -> String {
        let bound = self.lab.bound().map_or("—".into(), short);
        format!("<Lab {} nodes, bound {bound}>", self.lab.nodes.len())
    }
}

impl PyLab {
    /// The student's own cut at `node` (see [`PyLab::cut`]).
    fn student_cut<'py>(
        &mut self,
        py: Python<'py>,
        node: usize,
        text: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.start()?;
        let r = self.lab.student_cut(node, text).map_err(step_error)?;
        let d = PyDict::new(py);
        let (valid, counterexample) = match &r.validity {
            Validity::Valid { .. } => (Some(true), None),
            Validity::Invalid { grid, .. } => (Some(false), Some(crate::convert::rows(grid))),
            Validity::Undecided => (None, None),
        };
        let name = |j: usize| self.lab.column_name(j);
        d.set_item("row", r.cut.lp_text(name))?;
        d.set_item("valid", valid)?;
        d.set_item("counterexample", counterexample)?;
        d.set_item("cuts_off", r.cuts_off())?;
        d.set_item("violation", r.violation)?;
        d.set_item("zeros", &r.zeros)?;
        d.set_item("added", r.added.is_some())?;
        if let Some(a) = &r.added {
            d.set_item("name", &self.lab.cuts[a.cut].name)?;
            d.set_item("bound_before", a.bound_before)?;
            d.set_item("bound_after", a.bound_after)?;
            d.set_item("fractional_before", a.fractional_before)?;
            d.set_item("fractional_after", a.fractional_after)?;
        }
        Ok(d)
    }

    /// Gives the next call `time_limit` from now.
    fn start(&mut self) -> PyResult<()> {
        self.lab.start_step(&self.limits).map_err(step_error)
    }
}

fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
