//! The numbers a lesson asks about, computed by the library: a model's rows and columns, its
//! root LP value and fractional count (one LP solve, integrality dropped), and the lab's node
//! values, incumbent, bound and gap.

use super::format::{Measure, ModelChoice};
use super::play::{solver_error, step_error, Player};
use super::read::model_spec;
use super::LessonError;
use crate::lab::lp::LabLp;
use crate::solve::root_relaxation_on;
use crate::solve::Status;

impl<L: LabLp> Player<L> {
    /// The value of `measure` now, at step `step`.
    pub fn measure(&mut self, step: usize, measure: &Measure) -> Result<f64, LessonError> {
        match measure {
            Measure::Rows { model } => Ok(self.built(step, model)?.size().constraints as f64),
            Measure::Columns { model } => Ok(self.built(step, model)?.size().variables as f64),
            Measure::RootLp { model } | Measure::RootFractional { model } => {
                let built = self.built(step, model)?;
                let mut lp =
                    (self.backends.relaxation)(&built).map_err(|e| solver_error(step, e))?;
                let root =
                    root_relaxation_on(&built, lp.as_mut()).map_err(|e| solver_error(step, e))?;
                match root.status {
                    Status::Solved => {}
                    Status::Infeasible => {
                        return Err(step_error(step, "the root LP has no feasible point"))
                    }
                    _ => return Err(solver_error(step, "the root LP stopped at its time limit")),
                }
                Ok(match measure {
                    Measure::RootLp { .. } => root.objective,
                    _ => root.fractional as f64,
                })
            }
            Measure::NodeLp { node } => {
                let current = self.current;
                let lab = self.lab(step)?;
                let id = node.unwrap_or(current);
                let node = lab.node(id).map_err(|e| step_error(step, e))?;
                if node.values.is_empty() {
                    return Err(step_error(step, format!("node {id}'s LP has no point")));
                }
                Ok(node.objective)
            }
            Measure::Incumbent => {
                let lab = self.lab(step)?;
                lab.incumbent
                    .as_ref()
                    .map(|i| i.value)
                    .ok_or_else(|| step_error(step, "the lab has no incumbent yet"))
            }
            Measure::Bound => {
                let lab = self.lab(step)?;
                lab.bound()
                    .ok_or_else(|| step_error(step, "the lab has no bound (no node is left)"))
            }
            Measure::Gap => {
                let lab = self.lab(step)?;
                match (lab.bound(), lab.incumbent.as_ref()) {
                    (Some(bound), Some(incumbent)) => Ok((bound - incumbent.value).abs()),
                    _ => Err(step_error(step, "the gap needs an incumbent and a bound")),
                }
            }
            Measure::OpenNodes => Ok(self.lab(step)?.open_count() as f64),
        }
    }

    /// The model `choice` names (the lesson's when `None`), built on the puzzle.
    fn built(
        &self,
        step: usize,
        choice: &Option<ModelChoice>,
    ) -> Result<crate::formulation::BuiltModel, LessonError> {
        let spec = match choice {
            None => self.model,
            Some(choice) => model_spec(choice).map_err(|e| step_error(step, e))?,
        };
        let formulation = spec.formulation().map_err(|e| step_error(step, e))?;
        Ok(formulation.build(&self.puzzle))
    }
}
