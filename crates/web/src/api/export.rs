//! Exports as the command line writes them.

use super::{one_line, Core, Failure};
use sudoku_ilp::engine::spec::ModelSpec;
use sudoku_ilp::export::{self, Format};

impl Core {
    /// The text of `export --format <format>` for this model.
    pub fn export(&self, format: &str) -> Result<String, Failure> {
        let format: Format = sudoku_ilp::named::parse(format).map_err(|e| e.said_of("--format"))?;
        format.check_expressible(&self.puzzle).map_err(one_line)?;
        match format {
            Format::Lp => export::lp::write(&self.puzzle, &self.model),
            Format::Mps => export::mps::write(&self.puzzle, &self.model),
            _ => {
                let formulation = ModelSpec::default().formulation().map_err(one_line)?;
                export::export(format, &self.puzzle, formulation.as_ref())
            }
        }
        .map_err(one_line)
    }
}
