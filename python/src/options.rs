//! Keyword options of `solve`, `count`, `check`, `batch` and `export`, turned into the
//! library's [`EngineSpec`] (which says which options go together) and HiGHS options.

use crate::convert::Raise;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use sudoku_ilp::engine::milp::START_BUDGET;
use sudoku_ilp::engine::spec::{EngineSpec, ModelSpec};
use sudoku_ilp::engine::{Limits, Method};
use sudoku_ilp::formulation::{CageForm, ModelKind, PairForm, StepForm};
use sudoku_ilp::limits::{Limit, DEFAULT_TIME_LIMIT};
use sudoku_ilp::named::{parse, Named};
use sudoku_ilp::solve::{check_options, SolveOptions};

/// Keyword options, read one by one; `finish` refuses the ones nobody read.
pub struct Options<'py> {
    function: &'static str,
    given: Option<Bound<'py, PyDict>>,
}

impl<'py> Options<'py> {
    pub fn new(function: &'static str, given: Option<&Bound<'py, PyDict>>) -> Options<'py> {
        Options {
            function,
            given: given.map(|d| d.copy()).transpose().ok().flatten(),
        }
    }

    /// Takes option `name`, or `None` when it was not given (or given as None).
    pub(crate) fn take<T: for<'a> FromPyObject<'a, 'py>>(&self, name: &str) -> PyResult<Option<T>> {
        let Some(dict) = &self.given else {
            return Ok(None);
        };
        let Some(value) = dict.get_item(name)? else {
            return Ok(None);
        };
        dict.del_item(name)?;
        if value.is_none() {
            return Ok(None);
        }
        value.extract().map(Some).map_err(|_| {
            PyTypeError::new_err(format!(
                "{}(): {name}={} has the wrong type",
                self.function,
                value.repr().map_or("?".into(), |r| r.to_string())
            ))
        })
    }

    fn flag(&self, name: &str) -> PyResult<bool> {
        Ok(self.take::<bool>(name)?.unwrap_or(false))
    }

    /// Refuses every option that was not read: `TypeError`, as Python does for a wrong keyword.
    pub fn finish(self) -> PyResult<()> {
        if let Some(dict) = &self.given {
            if let Some((key, _)) = dict.iter().next() {
                return Err(PyTypeError::new_err(format!(
                    "{}() got an unexpected keyword argument {}",
                    self.function,
                    key.repr()?
                )));
            }
        }
        Ok(())
    }

    /// A form of the binary model by its command-line name (`cage_form="sum"` is
    /// `--cage-form sum`); the default form when not given, a `ValueError` with the library's
    /// sentence for an unknown name (the names it lists are the library's).
    fn form<F: Named + Default>(&self, option: &str) -> PyResult<F> {
        match self.take::<String>(option)? {
            None => Ok(F::default()),
            Some(name) => parse(&name).map_err(|e| PyValueError::new_err(e.said_of(option))),
        }
    }

    /// `model`, its switches and the binary model's forms (`cage_form`, `thermo_form`,
    /// `pair_form`, as `--cage-form`, `--thermo-form`, `--pair-form`).
    pub fn model(&self) -> PyResult<ModelSpec> {
        let name = self.take::<String>("model")?.unwrap_or("binary".into());
        let kind: ModelKind = name.parse().raise()?;
        Ok(ModelSpec {
            reduce: self.flag("reduce")?,
            cages: self.form::<CageForm>("cage_form")?,
            steps: self.form::<StepForm>("thermo_form")?,
            pairs: self.form::<PairForm>("pair_form")?,
            pair_m: self.flag("pair_m")?,
            drop_given_pairs: self.flag("drop_given_pairs")?,
            exclusions: self.flag("exclusions")?,
            sums: self.flag("sums")?,
            subset_sums: self.flag("subset_sums")?,
            ..ModelSpec::of(kind)
        })
    }

    /// `time_limit` (seconds, default [`DEFAULT_TIME_LIMIT`]) as the run's limits.
    pub fn limits(&self) -> PyResult<Limits> {
        let time_limit = self.take::<f64>("time_limit")?;
        time_limited(time_limit.unwrap_or(DEFAULT_TIME_LIMIT))
    }

    /// The HiGHS options: `threads` (1..=[`sudoku_ilp::limits::MAX_THREADS`]) and `highs` (a dict of HiGHS option
    /// names to values), checked on a throwaway HiGHS instance.
    pub fn solve_options(&self) -> PyResult<SolveOptions> {
        let threads = self.take::<u64>("threads")?.unwrap_or(1);
        let threads = Limit::Threads.count(threads).raise()? as u32;
        let highs = match self.take::<Bound<'py, PyDict>>("highs")? {
            None => Vec::new(),
            Some(dict) => highs_options(&dict)?,
        };
        let options = SolveOptions {
            threads,
            highs,
            ..SolveOptions::default()
        };
        check_options(&options).raise()?;
        Ok(options)
    }

    /// Every engine option: the method, the model, singles, the MIP start and HiGHS's options.
    pub fn engine(&self) -> PyResult<(EngineSpec, Limits)> {
        let method = method(self.take::<String>("method")?.as_deref().unwrap_or("ilp"))?;
        let start = match self.take::<String>("start")?.as_deref() {
            None | Some("none") => None,
            Some(name) => Some(self::method(name)?),
        };
        let limits = self.limits()?;
        let options = self.solve_options()?;
        let spec = EngineSpec {
            method,
            model: self.model()?,
            singles: self.flag("singles")?,
            start,
            start_budget: self.take::<f64>("start_budget")?.unwrap_or(START_BUDGET),
            options,
            branch: self.form::<sudoku_ilp::lab::auto::Branching>("branch")?,
            cuts: self.form::<sudoku_ilp::lab::auto::CutPolicy>("cuts")?,
        };
        Ok((spec, limits))
    }
}

/// The method of a name (`ilp` or `milp`, `backtrack`, `propagate`, `lp-bb`, `sat`).
pub fn method(name: &str) -> PyResult<Method> {
    name.parse().raise()
}

/// `{"mip_heuristic_effort": 0, "presolve": "off"}` as (name, value) text pairs.
fn highs_options(dict: &Bound<'_, PyDict>) -> PyResult<Vec<(String, String)>> {
    dict.iter()
        .map(|(k, v)| {
            let value = if v.is_instance_of::<PyBool>() {
                if v.extract::<bool>()? {
                    "true"
                } else {
                    "false"
                }
                .to_string()
            } else {
                v.str()?.to_string()
            };
            Ok((k.str()?.to_string(), value))
        })
        .collect()
}

/// A time limit, which must be a positive number of seconds.
pub fn time_limited(time_limit: f64) -> PyResult<Limits> {
    Limits::seconds(time_limit).raise()
}
