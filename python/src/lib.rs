//! Python bindings of sudoku-ilp: the extension module `sudoku_ilp._native`, which the package
//! `sudoku_ilp` (`python/sudoku_ilp/__init__.py`) re-exports.
//!
//! A thin layer over the library, never over the command line: keyword options become an
//! [`sudoku_ilp::engine::spec::EngineSpec`], results are the library's typed results, and text,
//! JSON and pictures come from its report layer. The GIL is released while HiGHS or a search
//! runs, so Python threads solve in parallel.

// No unsafe code of our own; pyo3's macros expand to what they need.
#![deny(unsafe_code)]

mod convert;
mod exercises;
mod hints;
mod lab;
mod lesson;
mod lines;
mod options;
mod pictures;
mod puzzle;
mod results;
mod stats;
mod tasks;

use pyo3::prelude::*;

pyo3::create_exception!(
    sudoku_ilp,
    SolverError,
    pyo3::exceptions::PyRuntimeError,
    "HiGHS, CaDiCaL or an engine failed for a reason other than the puzzle (never a verdict on it)."
);

#[pymodule]
mod _native {
    use super::*;

    #[pymodule_export]
    use super::exercises::row_check;
    #[pymodule_export]
    use super::hints::{hint, prove, rate, steps, Step};
    #[pymodule_export]
    use super::lab::PyLab;
    #[pymodule_export]
    use super::lesson::{check_lesson, PyLesson};
    #[pymodule_export]
    use super::lines::solve_lines;
    #[pymodule_export]
    use super::pictures::Picture;
    #[pymodule_export]
    use super::puzzle::PyPuzzle;
    #[pymodule_export]
    use super::results::{Count, Explanation, SolveResult};
    #[pymodule_export]
    use super::stats::{LpBbStats, MilpStats, PropagationStats, SatStats, SearchStats, StartStats};
    #[pymodule_export]
    use super::tasks::generate;
    #[pymodule_export]
    use super::tasks::{
        batch, check, compare, count, explain, export, fix, lp_picture, page, solve, Batch,
    };

    use sudoku_ilp::named::names;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("SolverError", m.py().get_type::<SolverError>())?;
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("METHODS", names::<sudoku_ilp::engine::Method>())?;
        m.add("MODELS", names::<sudoku_ilp::formulation::ModelKind>())?;
        m.add("FORMATS", names::<sudoku_ilp::export::Format>())?;
        m.add("CAGE_FORMS", names::<sudoku_ilp::formulation::CageForm>())?;
        m.add("THERMO_FORMS", names::<sudoku_ilp::formulation::StepForm>())?;
        m.add("PAIR_FORMS", names::<sudoku_ilp::formulation::PairForm>())?;
        m.add("BRANCHINGS", names::<sudoku_ilp::lab::auto::Branching>())?;
        m.add("CUT_POLICIES", names::<sudoku_ilp::lab::auto::CutPolicy>())?;
        m.add("NODE_RULES", names::<sudoku_ilp::lab::NodeRule>())?;
        m.add("CUT_KINDS", names::<sudoku_ilp::lab::cuts::CutKind>())?;
        m.add(
            "HINT_LEVELS",
            names::<sudoku_ilp::report::hint::HintLevel>(),
        )?;
        Ok(())
    }
}
