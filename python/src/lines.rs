//! `solve_lines`: puzzle lines in, the JSON result lines of `sudoku-ilp batch` out — the unit of
//! work of a Dask, Spark, Ray or `multiprocessing` run, whose outputs `sudoku-ilp merge` joins.

use crate::convert::{value_error, Raise};
use crate::options::Options;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_ilp::batch::rate::RateOptions;
use sudoku_ilp::batch::BatchConfig;
use sudoku_ilp::input::STDIN_NAME;
use sudoku_ilp::limits::Limit;
use sudoku_ilp::report::lines::result_lines;

/// The JSON result lines `sudoku-ilp batch` writes for `lines` (a list of puzzle lines, one
/// puzzle each; a trailing newline is dropped; blank and `#` lines give no result but are
/// counted), numbered from `first_line` and with `"file": file` (default `"<stdin>"`, as
/// `batch -`). Bad lines give a `"bad_line"` result in place. Pass the chunk's first line number
/// in the whole file and the file's name, and `sudoku-ilp merge` joins the outputs of all
/// chunks into the output of one `batch` run.
///
/// Options: those of `solve` (`method`, `model` and its switches, `singles`, `start`,
/// `start_budget`, `time_limit`, `highs`), `fast=True` (as `batch --fast`: singles, reduce and a
/// propagation start for the MILP), `jobs` (worker threads, default 1: a chunk is usually one
/// task of a scheduler that already runs one task per core) and `rate` (as `batch --rate`:
/// `True` adds each solved line's `"rating"` with its LP level, `"no-lp"` without it).
#[pyfunction]
#[pyo3(signature = (lines, first_line = 1, file = None, **engine_options))]
pub fn solve_lines(
    py: Python<'_>,
    lines: Vec<String>,
    first_line: usize,
    file: Option<String>,
    engine_options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    if first_line == 0 {
        return Err(value_error("first_line counts from 1"));
    }
    if let Some(at) = lines
        .iter()
        .position(|l| l.strip_suffix('\n').unwrap_or(l).contains('\n'))
    {
        return Err(value_error(format!("lines[{at}] holds more than one line")));
    }
    let options = engine_options.map(|d| d.copy()).transpose()?;
    let jobs = take_jobs(options.as_ref())?;
    let fast = take_fast(options.as_ref())?;
    let rate = take_rate(options.as_ref())?;
    let options = Options::new("solve_lines", options.as_ref());
    let (mut spec, limits) = options.engine()?;
    options.finish()?;
    if fast {
        spec = spec.fast();
    }
    let config = BatchConfig {
        line_offset: first_line - 1,
        rate,
        ..BatchConfig::new(spec.build().raise()?, limits, jobs)
    };
    let file = file.unwrap_or_else(|| STDIN_NAME.into());
    Ok(py.detach(|| result_lines(lines.iter().map(String::as_str), &file, &file, config)))
}

/// Takes `jobs` (1..=[`MAX_JOBS`], default 1) out of the options.
fn take_jobs(options: Option<&Bound<'_, PyDict>>) -> PyResult<usize> {
    let Some(value) = options.map(|d| d.get_item("jobs")).transpose()?.flatten() else {
        return Ok(1);
    };
    options.map(|d| d.del_item("jobs")).transpose()?;
    // A negative or non-integer count is refused as zero is.
    let jobs = value.extract::<u64>().unwrap_or(0);
    Limit::Jobs.count(jobs).map(|j| j as usize).raise()
}

/// Takes `fast` (default false: `fast=True` is `batch --fast`, [`EngineSpec::fast`]) out of
/// the options.
///
/// [`EngineSpec::fast`]: sudoku_ilp::engine::spec::EngineSpec::fast
fn take_fast(options: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
    let Some(value) = options.map(|d| d.get_item("fast")).transpose()?.flatten() else {
        return Ok(false);
    };
    options.map(|d| d.del_item("fast")).transpose()?;
    value.is_truthy()
}

/// Takes `rate` out of the options: `False` (the default) solves only, `True` rates with the LP
/// level, `"no-lp"` without it (`batch --rate [--no-lp]`).
fn take_rate(options: Option<&Bound<'_, PyDict>>) -> PyResult<Option<RateOptions>> {
    let Some(value) = options.map(|d| d.get_item("rate")).transpose()?.flatten() else {
        return Ok(None);
    };
    options.map(|d| d.del_item("rate")).transpose()?;
    if let Ok(text) = value.extract::<String>() {
        return match text.as_str() {
            "no-lp" => Ok(Some(RateOptions {
                lp: false,
                ..RateOptions::default()
            })),
            other => Err(value_error(format!(
                "rate={other:?}: give True, False or \"no-lp\""
            ))),
        };
    }
    Ok(value.is_truthy()?.then_some(RateOptions::default()))
}
