//! The functions of the module: solve, count, check, explain, export, compare, the pictures
//! and batch. Each reads its options, releases the GIL while the library works, and wraps the
//! library's typed result.

use crate::convert::{to_py, value_error, Raise};
use crate::options::{time_limited, Options};
use crate::pictures::Picture;
use crate::puzzle::PyPuzzle;
use crate::results::{Count, Explanation, SolveResult};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyString};
use std::collections::VecDeque;
use std::sync::Arc;
use sudoku_ilp::batch::solve_puzzles;
use sudoku_ilp::compare::{compare as compare_variants, variants_named};
use sudoku_ilp::engine::{Engine, Limits};
use sudoku_ilp::explain::explain as explain_grid;
use sudoku_ilp::export::{export as export_model, Format};
use sudoku_ilp::fix::fix as fix_puzzle;
use sudoku_ilp::generate::{generate as generate_puzzle, GenerateOptions, Variant};
use sudoku_ilp::limits::{Limit, DEFAULT_TIME_LIMIT};
use sudoku_ilp::named::{parse, Named};
use sudoku_ilp::puzzle::box_shape;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::compare::column_record;
use sudoku_ilp::report::fix::fixed_json;
use sudoku_ilp::report::html::html;
use sudoku_ilp::solve::SolveOptions;

/// Solves `puzzle` and returns a `Result`.
///
/// Options: `method` ("ilp", "backtrack", "propagate", "lp-bb", "sat"), `model` ("binary",
/// "natural", "natural-strong") and its switches (`reduce`, `pair_m`, `drop_given_pairs`,
/// `exclusions`, `sums`, `subset_sums`), the binary model's forms (`cage_form` "sets", "sum"
/// or "implied", `thermo_form` "cumulative" or "aggregated", `pair_form` "support" or
/// "conflict"), `singles`, `start` (a search whose grid HiGHS gets as a MIP start:
/// "propagate", "backtrack", "sat"), `start_budget`, `time_limit` (seconds),
/// `threads`, `highs` (a dict of HiGHS options); `tree=True` with method "lp-bb" records the
/// branch-and-bound tree. `objective` ("max:diagonal", "min:random:7", "first-row") makes
/// it an optimisation problem (ilp and lp-bb; lp-bb also takes `branch` and `cuts`).
#[pyfunction]
#[pyo3(signature = (puzzle, *, tree = false, **options))]
pub fn solve(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    tree: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SolveResult> {
    let options = Options::new("solve", options);
    let objective = options.take::<String>("objective")?;
    let (spec, limits) = options.engine()?;
    options.finish()?;
    let mut inner = puzzle.inner.clone();
    if let Some(text) = objective {
        let o = sudoku_ilp::objective::Objective::parse(&text, inner.order())
            .map_err(crate::convert::value_error)?;
        inner = std::sync::Arc::new((*inner).clone().with_objective(Some(o)));
    }
    if tree {
        let lp_bb = spec.tree_recorder().raise()?;
        let (solution, tree) = py
            .detach(|| {
                lp_bb
                    .run(&inner, &limits)
                    .map(|(s, lab)| (s, crate::results::RecordedTree::of(&lab)))
            })
            .raise()?;
        return Ok(SolveResult {
            puzzle: inner,
            solution,
            tree: Some(tree),
        });
    }
    let engine = spec.build().raise()?;
    let solution = py.detach(|| engine.solve(&inner, &limits)).raise()?;
    Ok(SolveResult {
        puzzle: inner,
        solution,
        tree: None,
    })
}

/// Counts the solutions of `puzzle`, up to `max`, with `method` "ilp" (no-good rows),
/// "backtrack" or "sat" (blocking clauses); the other options as for `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, max = 1000, **options))]
pub fn count(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    max: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Count> {
    if max == 0 {
        return Err(value_error("max must be at least 1"));
    }
    counted(py, "count", puzzle, max, options)
}

/// Tells whether `puzzle` has a unique solution: `answer` is "unique", "several", "none" or
/// "unknown" (time limit). Options as for `count`.
#[pyfunction]
#[pyo3(signature = (puzzle, **options))]
pub fn check(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Count> {
    counted(py, "check", puzzle, 1, options)
}

/// `count` and `check`: up to `max` solutions with the engine the options name.
fn counted(
    py: Python<'_>,
    function: &'static str,
    puzzle: &PyPuzzle,
    max: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Count> {
    let options = Options::new(function, options);
    let (spec, limits) = options.engine()?;
    options.finish()?;
    let engine = spec.build().raise()?;
    let inner = puzzle.inner.clone();
    let count = py.detach(|| engine.count(&inner, max, &limits)).raise()?;
    Ok(Count {
        puzzle: inner,
        count,
        is_check: function == "check",
    })
}

/// Explains why `puzzle` has no solution: a minimal set of givens (and, on a variant puzzle,
/// rule instances) that already has no completion and, with `houses=True`, a minimal set of
/// houses whose rules forbid it; each unit of the set is verified needed. `houses=None` (the
/// default) chooses as `sudoku-ilp explain` does: the houses on a classic grid, not on a
/// puzzle with rules (where each house is a slow HiGHS proof).
#[pyfunction]
#[pyo3(signature = (puzzle, *, houses = None, time_limit = DEFAULT_TIME_LIMIT))]
pub fn explain(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    houses: Option<bool>,
    time_limit: f64,
) -> PyResult<Explanation> {
    let limits = time_limited(time_limit)?;
    let inner = puzzle.inner.clone();
    let houses = houses.unwrap_or(inner.rules().is_empty());
    let options = SolveOptions::default();
    let explained = py
        .detach(|| explain_grid(&inner, &[], houses, &options, &limits))
        .raise()?;
    Ok(Explanation {
        puzzle: inner,
        explained,
        houses_asked: houses,
    })
}

/// The fewest givens and rule instances to remove so that `puzzle` has a solution (`explain
/// --fix`), as the dict of `explain --fix --json`: "status" ("optimal" or "time_limit"),
/// "remove" {"givens": [[row, col, value], …], "rules": […]}, "removed", "kept", "items",
/// "grid" (one solution of the fixed puzzle, checked) and, when one removal is the fewest,
/// "single_fixes" {"count", "givens", "rules", "complete"}: every single removal that leaves a
/// solution, each checked (several mean the puzzle alone does not say which given is wrong).
#[pyfunction]
#[pyo3(signature = (puzzle, *, time_limit = DEFAULT_TIME_LIMIT))]
pub fn fix<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    time_limit: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = time_limited(time_limit)?;
    let inner = puzzle.inner.clone();
    let options = SolveOptions::default();
    let fixed = py
        .detach(|| fix_puzzle(&inner, &options, &limits))
        .raise()?;
    to_py(py, &fixed_json(&inner, &fixed))
}

/// The model (or the puzzle) written in `format`: "lp", "mps", "gmpl-data", "cnf", "col" or
/// "dzn". `model` and its switches as for `solve` (LP and MPS only).
#[pyfunction]
#[pyo3(signature = (puzzle, format = "lp", **options))]
pub fn export(
    puzzle: &PyPuzzle,
    format: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let format: Format = format.parse().raise()?;
    let options = Options::new("export", options);
    let model = options.model()?;
    options.finish()?;
    let formulation = model.formulation().raise()?;
    export_model(format, &puzzle.inner, formulation.as_ref()).raise()
}

/// Runs the formulations (and methods) side by side; one dict per variant, with the model's
/// size, what presolve leaves, the root LP, nodes, iterations, times, status and whether the
/// grids agree: `pandas.DataFrame(compare(p))` takes the list as it is. `variants` default:
/// "binary", "natural", "natural-strong", "propagate", "sat" (listed in compare's column order).
#[pyfunction]
#[pyo3(signature = (puzzle, variants = None, *, time_limit = DEFAULT_TIME_LIMIT))]
pub fn compare<'py>(
    py: Python<'py>,
    puzzle: &PyPuzzle,
    variants: Option<Vec<String>>,
    time_limit: f64,
) -> PyResult<Bound<'py, PyList>> {
    let limits = time_limited(time_limit)?;
    let options = SolveOptions::default();
    let names = variants.unwrap_or_else(|| {
        ["binary", "natural", "natural-strong", "propagate", "sat"]
            .map(String::from)
            .to_vec()
    });
    let variants = variants_named(&names, &options).raise()?;
    let inner = puzzle.inner.clone();
    let columns = py
        .detach(|| compare_variants(&inner, &variants, &options, &limits))
        .raise()?;
    let records = columns
        .iter()
        .map(|c| to_py(py, &serde_json::Value::Object(column_record(c))))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, records)
}

/// The classroom page: the puzzle and its solution, both models, the comparison, the LP
/// pictures and the branch-and-bound tree, as one self-contained HTML page.
#[pyfunction]
#[pyo3(signature = (puzzle, *, title = None, time_limit = DEFAULT_TIME_LIMIT))]
pub fn page(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    title: Option<String>,
    time_limit: f64,
) -> PyResult<Picture> {
    let limits = time_limited(time_limit)?;
    let inner = puzzle.inner.clone();
    let classroom = py
        .detach(|| sudoku_ilp::classroom::gather(&inner, &SolveOptions::default(), &limits))
        .raise()?;
    let title = title
        .unwrap_or_else(|| format!("Sudoku as an ILP: {}", inner.name().unwrap_or("a puzzle")));
    Ok(Picture::html(html(&classroom, &title)))
}

/// The root LP relaxation of `model` ("binary" or "natural") drawn on the grid.
#[pyfunction]
#[pyo3(signature = (puzzle, *, model = "binary", title = None))]
pub fn lp_picture(
    py: Python<'_>,
    puzzle: &PyPuzzle,
    model: &str,
    title: Option<String>,
) -> PyResult<Picture> {
    crate::pictures::lp_picture_of(py, &puzzle.inner, model, title)
}

/// Solves many puzzles on `jobs` threads and yields a `Result` per puzzle, in input order.
///
/// `puzzles` is any iterable of `Puzzle` objects or strings (each parsed as
/// `Puzzle.from_string`; a bad one raises `ValueError` naming its position). Puzzles are taken
/// from the iterable a window at a time, so an endless generator works. Options as for `solve`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, jobs = 2, **options))]
pub fn batch(
    puzzles: &Bound<'_, PyAny>,
    jobs: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Batch> {
    Limit::Jobs.count(jobs as u64).raise()?;
    let options = Options::new("batch", options);
    let (spec, limits) = options.engine()?;
    options.finish()?;
    Ok(Batch {
        source: Some(puzzles.try_iter()?.unbind()),
        engine: spec.build().raise()?,
        limits,
        jobs,
        taken: 0,
        ready: VecDeque::new(),
    })
}

/// The iterator `batch` returns.
#[pyclass(module = "sudoku_ilp")]
pub struct Batch {
    source: Option<Py<PyIterator>>,
    engine: Arc<dyn Engine>,
    limits: Limits,
    jobs: usize,
    /// Items taken from the source so far (for the position in messages).
    taken: usize,
    ready: VecDeque<SolveResult>,
}

#[pymethods]
impl Batch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<SolveResult>> {
        if self.ready.is_empty() {
            let window = self.take_window(py)?;
            if !window.is_empty() {
                let engine = self.engine.clone();
                let (limits, jobs) = (self.limits, self.jobs);
                let solved = py.detach(|| solve_puzzles(engine.as_ref(), &window, &limits, jobs));
                for (puzzle, solution) in window.into_iter().zip(solved) {
                    self.ready.push_back(SolveResult {
                        puzzle,
                        solution: solution.raise()?,
                        tree: None,
                    });
                }
            }
        }
        Ok(self.ready.pop_front())
    }
}

impl Batch {
    /// The next puzzles of the source: 8 per job, fewer at its end.
    fn take_window(&mut self, py: Python<'_>) -> PyResult<Vec<Arc<Puzzle>>> {
        let mut window = Vec::new();
        let Some(source) = &self.source else {
            return Ok(window);
        };
        let mut source = source.bind(py).clone();
        while window.len() < 8 * self.jobs {
            let Some(item) = source.next() else {
                self.source = None;
                break;
            };
            let item = item?;
            self.taken += 1;
            window.push(self.puzzle_of(&item)?);
        }
        Ok(window)
    }

    /// A `Puzzle`, or a string read as one.
    fn puzzle_of(&self, item: &Bound<'_, PyAny>) -> PyResult<Arc<Puzzle>> {
        if let Ok(p) = item.cast::<PyPuzzle>() {
            return Ok(p.get().inner.clone());
        }
        let at = |e: String| value_error(format!("batch item {}: {e}", self.taken));
        let Ok(text) = item.cast::<PyString>() else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "batch item {}: expected a Puzzle or a string",
                self.taken
            )));
        };
        let text = text.to_string();
        sudoku_ilp::input::parse_puzzle("<string>", &text, Default::default())
            .map(Arc::new)
            .map_err(|e| at(e.to_string()))
    }
}

/// A new puzzle with a unique solution, made by the tool (`sudoku-ilp generate`): order `size`,
/// boxes `box` (rows, cols; default square), `seed` (the same seed gives the same puzzle),
/// `rules` "none" (givens only), "killer" (cages from a random partition, givens and cages
/// taken away while sat and propagate both count one solution) or "thermo" (thermometers and
/// the givens they need), `attempts` (classic only: how
/// many cells to try to remove, default all), `time_limit` per solve or count.
#[pyfunction]
#[pyo3(signature = (size = 9, *, r#box = None, seed = 1, rules = "none", attempts = None,
                    time_limit = DEFAULT_TIME_LIMIT))]
pub fn generate(
    py: Python<'_>,
    size: usize,
    r#box: Option<(usize, usize)>,
    seed: u64,
    rules: &str,
    attempts: Option<usize>,
    time_limit: f64,
) -> PyResult<PyPuzzle> {
    let variant: Variant = parse(rules).map_err(|e| value_error(e.said_of("rules")))?;
    if size == 0 || size > sudoku_ilp::puzzle::MAX_ORDER {
        return Err(value_error(format!(
            "size must be in 1..={}",
            sudoku_ilp::puzzle::MAX_ORDER
        )));
    }
    let options = GenerateOptions {
        order: size,
        box_shape: box_shape(size, r#box).map_err(value_error)?,
        seed,
        attempts: attempts.unwrap_or(size * size),
        solve: SolveOptions::default(),
        limits: time_limited(time_limit)?,
        variant,
    };
    let generated = py.detach(|| generate_puzzle(&options)).raise()?;
    let name = match variant {
        Variant::Classic => format!("generated {size}x{size}, seed {seed}"),
        _ => format!("generated {size}x{size} {}, seed {seed}", variant.name()),
    };
    Ok(PyPuzzle {
        inner: Arc::new(generated.puzzle.with_name(Some(name))),
    })
}
