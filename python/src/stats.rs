//! Typed statistics, one class per engine family, with the names of the `solve --json` stats.

use pyo3::prelude::*;
use sudoku_ilp::engine::{Stage, Stats};

/// A value as Python's `repr` shows it.
trait PyRepr {
    fn py_repr(&self) -> String;
}

macro_rules! plain_repr {
    ($($t:ty),*) => { $(impl PyRepr for $t { fn py_repr(&self) -> String { self.to_string() } })* };
}
plain_repr!(usize, u64, i64);

impl PyRepr for f64 {
    fn py_repr(&self) -> String {
        format!("{:.3}", self)
    }
}

impl PyRepr for bool {
    fn py_repr(&self) -> String {
        if *self { "True" } else { "False" }.into()
    }
}

impl PyRepr for String {
    fn py_repr(&self) -> String {
        format!("{self:?}")
    }
}

impl<T: PyRepr> PyRepr for Option<T> {
    fn py_repr(&self) -> String {
        self.as_ref().map_or("None".into(), PyRepr::py_repr)
    }
}

/// A frozen Python class with read-only attributes and a `repr` that lists them.
macro_rules! stats_class {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$doc])*
        #[pyclass(frozen, get_all, module = "sudoku_ilp")]
        #[derive(Debug, Clone)]
        pub struct $name { $($(#[$fdoc])* pub $field: $ty),* }

        impl PyRepr for $name {
            fn py_repr(&self) -> String {
                let fields: Vec<String> = vec![
                    $(format!("{}={}", stringify!($field), self.$field.py_repr())),*
                ];
                format!("{}({})", stringify!($name), fields.join(", "))
            }
        }

        #[pymethods]
        impl $name {
            fn __repr__(&self) -> String {
                self.py_repr()
            }
        }
    };
}

stats_class!(
    /// What the MIP start's search did before HiGHS ran.
    StartStats {
        /// The start engine, e.g. "propagate".
        engine: String,
        ms: f64,
        /// True when the search found a grid and HiGHS got it.
        found: bool,
        /// How the search ended: "solved", "infeasible" or "time_limit".
        status: String,
        /// True when HiGHS returned the start's grid.
        certified: bool,
    }
);

stats_class!(
    /// A MILP solve: the model's size and HiGHS's counters.
    MilpStats {
        formulation: String,
        variables: usize,
        binary: usize,
        integer: usize,
        constraints: usize,
        nonzeros: usize,
        build_ms: f64,
        solve_ms: f64,
        highs_ms: f64,
        nodes: i64,
        lp_iterations: i64,
        /// Empty cells that singles filled before the model was built (singles=True).
        singles_fixed: Option<usize>,
        start: Option<StartStats>,
    }
);

stats_class!(
    /// A depth-first search.
    SearchStats { solve_ms: f64, nodes: u64 }
);

stats_class!(
    /// Unit propagation, the failed-literal rule, then search.
    PropagationStats {
        solve_ms: f64,
        /// "unit_propagation", "failed_literal" or "search": the stage that finished.
        stage: String,
        empty_cells: usize,
        fixed_by_unit_propagation: usize,
        fixed_by_reasoning: usize,
        failed_literals: u64,
        probes: u64,
        search_needed: bool,
        nodes: u64,
    }
);

stats_class!(
    /// LP branch and bound.
    LpBbStats {
        solve_ms: f64,
        nodes: u64,
        lp_solves: u64,
        lp_iterations: i64,
        lp_ms: f64,
        lp_pruned: u64,
        propagation_pruned: u64,
        max_depth: usize,
    }
);

stats_class!(
    /// The CNF over the open literals solved by CaDiCaL.
    SatStats {
        solve_ms: f64,
        variables: usize,
        clauses: usize,
        solves: usize,
        encode_ms: f64,
        cadical_ms: f64,
        conflicts: u64,
        decisions: u64,
        propagations: u64,
    }
);

/// The status's JSON name (`solved`, `infeasible`, `time_limit`, ...).
pub fn json_name(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The Python object of an engine's statistics.
pub fn stats_object<'py>(
    py: Python<'py>,
    engine: &str,
    time_ms: f64,
    stats: &Stats,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match stats {
        Stats::Milp(m) => Bound::new(
            py,
            MilpStats {
                formulation: engine.to_string(),
                variables: m.size.variables,
                binary: m.size.binary,
                integer: m.size.integer,
                constraints: m.size.constraints,
                nonzeros: m.size.nonzeros,
                build_ms: m.build_ms,
                solve_ms: m.highs.solve_ms,
                highs_ms: m.highs.highs_ms,
                nodes: m.highs.nodes,
                lp_iterations: m.highs.lp_iterations,
                singles_fixed: m.singles_fixed,
                start: m.start.as_ref().map(|s| StartStats {
                    engine: s.engine.clone(),
                    ms: s.ms,
                    found: s.found(),
                    status: json_name(s.status),
                    certified: s.certified,
                }),
            },
        )?
        .into_any(),
        Stats::Search(s) => Bound::new(
            py,
            SearchStats {
                solve_ms: time_ms,
                nodes: s.nodes,
            },
        )?
        .into_any(),
        Stats::Propagation(p) => Bound::new(
            py,
            PropagationStats {
                solve_ms: time_ms,
                stage: json_name(p.stage),
                empty_cells: p.empty_cells,
                fixed_by_unit_propagation: p.fixed_by_unit,
                fixed_by_reasoning: p.fixed_by_reasoning,
                failed_literals: p.failed_literals,
                probes: p.probes,
                search_needed: p.stage == Stage::Search,
                nodes: p.nodes,
            },
        )?
        .into_any(),
        Stats::LpBb(b) => Bound::new(
            py,
            LpBbStats {
                solve_ms: time_ms,
                nodes: b.nodes,
                lp_solves: b.lp_solves,
                lp_iterations: b.lp_iterations,
                lp_ms: b.lp_ms,
                lp_pruned: b.lp_pruned,
                propagation_pruned: b.propagation_pruned,
                max_depth: b.max_depth,
            },
        )?
        .into_any(),
        Stats::Sat(s) => Bound::new(
            py,
            SatStats {
                solve_ms: time_ms,
                variables: s.variables,
                clauses: s.clauses,
                solves: s.solves,
                encode_ms: s.encode_ms,
                cadical_ms: s.cadical_ms,
                conflicts: s.conflicts,
                decisions: s.decisions,
                propagations: s.propagations,
            },
        )?
        .into_any(),
    })
}
