//! Reading a model file (LP or MPS) back into HiGHS, to compare what a solver sees with the model
//! that was exported.
//!
//! HiGHS picks the reader from the extension: `.lp` (CPLEX LP) and `.mps` (free MPS, which also
//! reads fixed MPS whose names have no spaces).

use super::{ffi, SolveError, SolveOptions, Status};
use crate::formulation::ModelSize;
use std::path::Path;

/// What HiGHS read from a model file: its size and its column names in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadModel {
    /// Columns, rows and nonzeros; a column counts as binary when it is integer with bounds
    /// exactly [0, 1], as in [`crate::formulation::BuiltModel::size`].
    pub size: ModelSize,
    pub column_names: Vec<String>,
}

/// Reads a model file with HiGHS (logging off) and counts what it holds.
pub fn read_model(path: &Path) -> Result<ReadModel, SolveError> {
    let mut highs = ffi::Instance::quiet()?;
    ffi::read_model(&mut highs, path)?;
    let (ncol, rows, _) = ffi::size(&mut highs);
    let columns = ffi::columns(&mut highs).map_err(|_| SolveError::Read {
        path: path.display().to_string(),
        reason: "cannot read the columns back".into(),
    })?;
    let mut size = ModelSize {
        variables: ncol,
        constraints: rows,
        nonzeros: columns.values.iter().filter(|v| **v != 0.0).count(),
        ..ModelSize::default()
    };
    let mut column_names = Vec::with_capacity(ncol);
    for j in 0..ncol {
        if ffi::is_integer(&mut highs, j)? {
            if columns.lower[j] == 0.0 && columns.upper[j] == 1.0 {
                size.binary += 1;
            } else {
                size.integer += 1;
            }
        }
        column_names.push(ffi::column_name(&mut highs, j)?);
    }
    Ok(ReadModel { size, column_names })
}

/// What HiGHS finds when it solves a model file: the status and, when solved, every column's
/// value with its name, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct FileSolution {
    pub status: Status,
    pub values: Vec<(String, f64)>,
}

/// Reads a model file with HiGHS and solves it with the default [`SolveOptions`] (one thread,
/// gap 0): what a user who hands the exported file to HiGHS gets.
pub fn solve_model_file(path: &Path) -> Result<FileSolution, SolveError> {
    let mut highs = ffi::Instance::quiet()?;
    super::set_options(&mut highs, &SolveOptions::default())?;
    ffi::read_model(&mut highs, path)?;
    ffi::run(&mut highs)?;
    let status = super::status_of(ffi::model_status(&mut highs)?)?;
    let mut values = Vec::new();
    if status == Status::Solved {
        for (j, value) in ffi::column_values(&mut highs)?.into_iter().enumerate() {
            values.push((ffi::column_name(&mut highs, j)?, value));
        }
    }
    Ok(FileSolution { status, values })
}
