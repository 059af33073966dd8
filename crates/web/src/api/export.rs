//! Exports as the command line writes them.

use super::{one_line, Core, Failure};
use sudoku_ilp::engine::spec::ModelSpec;
use sudoku_ilp::export::{self, Format, LinearRow};
use sudoku_ilp::formulation::Sense;

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

/// The GNU MathProg model files of `models/` that `gmpl-data` is written for.
const SUDOKU_MOD: &str = include_str!("../../../../models/sudoku.mod");
const NATURAL_MOD: &str = include_str!("../../../../models/natural.mod");
const VARIANTS_MOD: &str = include_str!("../../../../models/variants.mod");

impl Core {
    /// The GNU MathProg model that the `gmpl-data` export of this puzzle is for, as the data
    /// file's header names it: `{file, text}` of `models/variants.mod` when the puzzle has
    /// rules, `models/natural.mod` for the natural model, `models/sudoku.mod` otherwise
    /// (`glpsol -m FILE -d sudoku.dat`).
    pub fn gmpl_model(&self) -> String {
        let (file, text) = if !self.puzzle.rules().is_empty() {
            ("variants.mod", VARIANTS_MOD)
        } else if self.model.label.starts_with("natural") {
            ("natural.mod", NATURAL_MOD)
        } else {
            ("sudoku.mod", SUDOKU_MOD)
        };
        serde_json::json!({"file": file, "text": text}).to_string()
    }

    /// The LP of lab node `node` as a CPLEX LP file: the lab's binary model with the node's
    /// fixings (its path's branchings and propagation) as column bounds and the cuts valid at
    /// it (derived at it or above) as extra rows; an LP solver's relaxation of it is the
    /// node's LP value.
    pub fn lab_node_lp(&self, node: usize) -> Result<String, Failure> {
        let lab = self
            .lab
            .as_ref()
            .ok_or("the lab is not started (lab_start)")?;
        let model = self.lab_model.as_ref().ok_or("the lab is not started")?;
        let at = lab.node(node).map_err(one_line)?;
        let mut lin = export::linear(model).map_err(one_line)?;
        for (j, column) in lin.columns.iter().enumerate() {
            if column.name != lab.column_name(j) {
                return Err(format!(
                    "internal error: column {j} is {} in the export and {} in the lab",
                    column.name,
                    lab.column_name(j)
                ));
            }
        }
        for (column, (lower, upper)) in lin.columns.iter_mut().zip(lab.bounds_at(node)) {
            column.lower = lower;
            column.upper = upper;
        }
        let path = lab.path(node);
        let cuts: Vec<&sudoku_ilp::lab::cuts::Cut> = lab
            .cuts
            .iter()
            .filter(|c| path.contains(&c.scope))
            .collect();
        for cut in &cuts {
            let (sense, rhs) = match (cut.lower.is_finite(), cut.upper.is_finite()) {
                (true, true) if cut.lower == cut.upper => (Sense::Eq, cut.lower),
                (true, false) => (Sense::Ge, cut.lower),
                (false, true) => (Sense::Le, cut.upper),
                _ => {
                    return Err(format!(
                        "internal error: cut {} is not one inequality",
                        cut.name
                    ))
                }
            };
            let mut terms = cut.terms.clone();
            terms.sort_by_key(|&(j, _)| j);
            lin.rows.push(LinearRow {
                name: &cut.name,
                sense,
                terms,
                rhs,
            });
        }
        let text = export::lp::write_linear(&lab.puzzle, model, &lin).map_err(one_line)?;
        let fixings: Vec<String> = path
            .iter()
            .filter(|&&k| k != 0)
            .map(|&k| lab.nodes[k].label.clone())
            .collect();
        let cut_names: Vec<&str> = cuts.iter().map(|c| c.name.as_str()).collect();
        let mut out = format!(
            "\\ lab node {}: {} · LP value {}\n\\ branchings on its path: {}\n\\ cuts valid at it: {}\n",
            at.id,
            at.status.name(),
            if at.objective.is_finite() {
                sudoku_ilp::lab::cuts::short(at.objective)
            } else {
                "— (infeasible)".into()
            },
            if fixings.is_empty() { "none (the root)".into() } else { fixings.join(", ") },
            if cut_names.is_empty() { "none".into() } else { cut_names.join(", ") },
        );
        out.push_str(&text);
        Ok(out)
    }
}
