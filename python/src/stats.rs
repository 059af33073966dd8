//! Typed statistics, one class per engine family. Their attributes are the fields of the
//! `solve --json` report's `"model"` and `"stats"` objects ([`stats_fields`]), so the names
//! come from the library's statistics types (their serde attributes), not from this file.

use crate::convert::to_py;
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat};
use serde_json::{Map, Value};
use sudoku_ilp::engine::{Solution, Stats};
use sudoku_ilp::report::json::stats_fields;

/// A frozen Python class whose read-only attributes are the fields of one JSON object; the
/// `optional` ones read as None when the report leaves them out.
macro_rules! stats_class {
    ($(#[$doc:meta])* $name:ident, optional: [$($opt:literal),*]) => {
        $(#[$doc])*
        #[pyclass(frozen, module = "sudoku_ilp")]
        pub struct $name {
            fields: Py<PyDict>,
        }

        #[pymethods]
        impl $name {
            fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
                attribute(self.fields.bind(py), name, &[$($opt),*], stringify!($name))
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                repr(stringify!($name), self.fields.bind(py))
            }

            fn __dir__(&self, py: Python<'_>) -> Vec<String> {
                let mut names: Vec<String> =
                    self.fields.bind(py).keys().iter().map(|k| k.to_string()).collect();
                names.extend([$($opt),*].iter().map(|s: &&str| s.to_string()));
                names.sort();
                names.dedup();
                names
            }
        }
    };
}

stats_class!(
    /// What the MIP start's search did before HiGHS ran.
    StartStats, optional: []
);
stats_class!(
    /// A MILP solve: the model's size and HiGHS's counters.
    MilpStats, optional: ["singles_fixed", "start", "unreduced"]
);
stats_class!(
    /// A depth-first search.
    SearchStats, optional: []
);
stats_class!(
    /// Unit propagation, the failed-literal rule, then search.
    PropagationStats, optional: []
);
stats_class!(
    /// LP branch and bound.
    LpBbStats, optional: []
);
stats_class!(
    /// The CNF over the open literals solved by CaDiCaL.
    SatStats, optional: []
);

/// Field `name` of `fields`: None when it is one of the `optional` fields the report left out.
fn attribute<'py>(
    fields: &Bound<'py, PyDict>,
    name: &str,
    optional: &[&str],
    class: &str,
) -> PyResult<Bound<'py, PyAny>> {
    match fields.get_item(name)? {
        Some(value) => Ok(value),
        None if optional.contains(&name) => Ok(fields.py().None().into_bound(fields.py())),
        None => Err(PyAttributeError::new_err(format!(
            "'{class}' object has no attribute '{name}'"
        ))),
    }
}

/// `Class(name=value, ...)`, milliseconds with three decimals.
fn repr(class: &str, fields: &Bound<'_, PyDict>) -> PyResult<String> {
    let parts = fields
        .iter()
        .map(|(k, v)| {
            let value = match v.cast::<PyFloat>() {
                Ok(f) => format!("{:.3}", f.value()),
                Err(_) => v.repr()?.to_string(),
            };
            Ok(format!("{k}={value}"))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(format!("{class}({})", parts.join(", ")))
}

/// The status's JSON name (`solved`, `infeasible`, `time_limit`, ...).
pub fn json_name(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The Python object of a solution's statistics: the report's `"model"` (but its `"method"`)
/// and `"stats"` fields as one object of the engine family's class.
pub fn stats_object<'py>(py: Python<'py>, solution: &Solution) -> PyResult<Bound<'py, PyAny>> {
    let (model, stats) = stats_fields(solution);
    let mut fields = Map::new();
    for part in [model, stats] {
        if let Value::Object(map) = part {
            fields.extend(map.into_iter().filter(|(k, _)| k != "method"));
        }
    }
    let start = fields.remove("start");
    let dict = to_py(py, &Value::Object(fields))?.cast_into::<PyDict>()?;
    if let Some(Value::Object(start)) = start {
        let start = to_py(py, &Value::Object(start))?.cast_into::<PyDict>()?;
        let start = Bound::new(
            py,
            StartStats {
                fields: start.unbind(),
            },
        )?;
        dict.set_item("start", start)?;
    }
    let fields = dict.unbind();
    Ok(match solution.stats {
        Stats::Milp(_) => Bound::new(py, MilpStats { fields })?.into_any(),
        Stats::Search(_) => Bound::new(py, SearchStats { fields })?.into_any(),
        Stats::Propagation(_) => Bound::new(py, PropagationStats { fields })?.into_any(),
        Stats::LpBb(_) => Bound::new(py, LpBbStats { fields })?.into_any(),
        Stats::Sat(_) => Bound::new(py, SatStats { fields })?.into_any(),
    })
}
