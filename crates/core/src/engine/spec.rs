//! An engine named by plain values: the method, and for the MILP the model, its switches,
//! singles, the HiGHS options and a MIP start. The command line and the Python package both
//! turn their options into an [`EngineSpec`] and call [`EngineSpec::build`] (or
//! [`EngineSpec::tree_recorder`] for lp-bb's search tree), so the rules of which option goes
//! with which method live here once, and so do the `--fast` preset ([`EngineSpec::fast`]) and
//! the engine's description in a batch summary ([`EngineSpec::describe`]).
//!
//! ```
//! use sudoku_ilp::engine::spec::{EngineSpec, ModelSpec};
//! use sudoku_ilp::engine::{Engine, Method};
//! use sudoku_ilp::formulation::ModelKind;
//! let spec = EngineSpec { start: Some(Method::Propagate), ..EngineSpec::default() };
//! assert_eq!(spec.build().unwrap().label(), "binary");
//! let bad = EngineSpec { method: Method::Sat, model: ModelSpec::of(ModelKind::Natural), ..EngineSpec::default() };
//! assert!(bad.build().is_err());
//! ```

#[cfg(feature = "highs")]
use super::lp_bb::LpBb;
#[cfg(feature = "highs")]
use super::milp::{Milp, Presolve, Start, START_BUDGET};
#[cfg(feature = "highs")]
use super::{Engine, Method};
use crate::formulation::{
    binary::Binary, natural::Natural, CageForm, Formulation, ModelKind, PairForm, StepForm,
};
#[cfg(feature = "highs")]
use crate::limits::Limit;
use crate::limits::LimitError;
#[cfg(feature = "highs")]
use crate::solve::SolveOptions;
#[cfg(feature = "highs")]
use std::sync::Arc;

/// A formulation and its switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelSpec {
    pub kind: ModelKind,
    /// Binary model: leave out the columns that givens rule out.
    pub reduce: bool,
    /// Binary model: how a killer cage's sum is written.
    pub cages: CageForm,
    /// Binary model: how a two-cell step (thermometer, greater-than) is written.
    pub steps: StepForm,
    /// Binary model: how an allowed-pairs table is written.
    pub pairs: PairForm,
    /// Natural model switches ([`Natural`]).
    pub pair_m: bool,
    pub drop_given_pairs: bool,
    pub exclusions: bool,
    pub sums: bool,
    pub subset_sums: bool,
}

impl Default for ModelSpec {
    /// The binary model without switches.
    fn default() -> Self {
        ModelSpec::of(ModelKind::Binary)
    }
}

impl ModelSpec {
    /// `kind` without switches.
    pub fn of(kind: ModelKind) -> ModelSpec {
        ModelSpec {
            kind,
            reduce: false,
            cages: CageForm::default(),
            steps: StepForm::default(),
            pairs: PairForm::default(),
            pair_m: false,
            drop_given_pairs: false,
            exclusions: false,
            sums: false,
            subset_sums: false,
        }
    }

    /// True when a natural-model switch is on.
    fn natural_switches(&self) -> bool {
        self.pair_m || self.drop_given_pairs || self.exclusions || self.sums || self.subset_sums
    }

    /// True when a binary-model form other than the default is asked for.
    fn has_forms(&self) -> bool {
        self.cages != CageForm::default()
            || self.steps != StepForm::default()
            || self.pairs != PairForm::default()
    }

    /// True when anything but the plain binary model is asked for.
    #[cfg(feature = "highs")]
    fn is_default(&self) -> bool {
        *self == ModelSpec::default()
    }

    /// The formulation; a switch that does not belong to the model is an error.
    pub fn formulation(&self) -> Result<Box<dyn Formulation + Send + Sync>, SpecError> {
        match self.kind {
            ModelKind::Binary if self.natural_switches() => Err(SpecError::NaturalSwitchOnBinary),
            ModelKind::Binary => Ok(Box::new(Binary {
                reduce: self.reduce,
                cages: self.cages,
                steps: self.steps,
                pairs: self.pairs,
            })),
            _ if self.reduce => Err(SpecError::ReduceOnNatural),
            _ if self.has_forms() => Err(SpecError::FormOnNatural),
            ModelKind::Natural => Ok(Box::new(Natural {
                pair_m: self.pair_m,
                drop_given_pairs: self.drop_given_pairs,
                exclusions: self.exclusions,
                sums: self.sums,
                subset_sums: self.subset_sums,
            })),
            ModelKind::NaturalStrong => Ok(Box::new(Natural::strengthened())),
        }
    }
}

/// Everything that names an engine.
#[cfg(feature = "highs")]
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSpec {
    pub method: Method,
    /// The MILP's model (only the plain binary model goes with another method).
    pub model: ModelSpec,
    /// MILP: fill the cells that naked and hidden singles force before building the model.
    pub singles: bool,
    /// MILP: the search whose grid HiGHS gets as a MIP start (propagate, backtrack or sat).
    pub start: Option<Method>,
    /// The start search's time budget in seconds.
    pub start_budget: f64,
    /// HiGHS options (MILP and lp-bb).
    pub options: SolveOptions,
    /// lp-bb: branch on a cell or on a fractional variable.
    pub branch: crate::lab::auto::Branching,
    /// lp-bb: cut rounds at the root.
    pub cuts: crate::lab::auto::CutPolicy,
}

#[cfg(feature = "highs")]
impl Default for EngineSpec {
    /// The MILP on the binary model with the project's HiGHS options, no start.
    fn default() -> Self {
        EngineSpec {
            method: Method::Ilp,
            model: ModelSpec::default(),
            singles: false,
            start: None,
            start_budget: START_BUDGET,
            options: SolveOptions::default(),
            branch: Default::default(),
            cuts: Default::default(),
        }
    }
}

/// Options that do not go together.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpecError {
    #[error("the natural-model switches apply to the natural model, not binary")]
    NaturalSwitchOnBinary,
    #[error("reduce applies to the binary model")]
    ReduceOnNatural,
    #[error("the cage, thermometer and pair forms apply to the binary model")]
    FormOnNatural,
    #[error("a model, its switches and singles apply to method ilp, not {0}")]
    ModelWithSearch(&'static str),
    #[error("a MIP start applies to method ilp, not {0}")]
    StartWithSearch(&'static str),
    #[error("{0} cannot give a MIP start (propagate, backtrack or sat can)")]
    StartNotSearch(&'static str),
    #[error("only lp-bb records a search tree, not {0}")]
    TreeNotLpBb(&'static str),
    #[error("HiGHS options apply to the methods that run HiGHS (ilp, lp-bb), not {0}")]
    HighsWithoutHighs(&'static str),
    #[error("--threads sets HiGHS's threads (ilp, lp-bb); {0} runs on one thread")]
    ThreadsWithoutHighs(&'static str),
    #[error(transparent)]
    Limit(#[from] LimitError),
}

#[cfg(feature = "highs")]
impl EngineSpec {
    /// The fastest measured MILP path (`batch --fast`, `fast=True`; docs/performance.md):
    /// singles and the reduced binary model, and for the MILP a propagation MIP start unless
    /// a start is given.
    pub fn fast(self) -> EngineSpec {
        let start = match (self.method, self.start) {
            (Method::Ilp, None) => Some(Method::Propagate),
            (_, start) => start,
        };
        EngineSpec {
            singles: true,
            model: ModelSpec {
                reduce: true,
                ..self.model
            },
            start,
            ..self
        }
    }

    /// The engine as a batch summary names it: its label, then `, singles`, `, plain HiGHS`
    /// (MILP with HiGHS's own defaults) and `, start <method>` when they apply.
    pub fn describe(&self, engine: &dyn Engine) -> String {
        let mut text = engine.label();
        if self.singles {
            text += ", singles";
        }
        if !self.options.tuned && self.method == Method::Ilp {
            text += ", plain HiGHS";
        }
        if let Some(start) = self.start {
            text += &format!(", start {}", start.name());
        }
        text
    }

    /// The lp-bb engine that records every node of its search ([`LpBb::run`]): only method
    /// lp-bb records a tree.
    pub fn tree_recorder(&self) -> Result<LpBb, SpecError> {
        self.build()?;
        if self.method != Method::LpBb {
            return Err(SpecError::TreeNotLpBb(self.method.name()));
        }
        Ok(LpBb {
            options: self.options.clone(),
            branch: self.branch,
            cuts: self.cuts,
        })
    }

    /// The engine, or why these options do not go together.
    pub fn build(&self) -> Result<Arc<dyn Engine>, SpecError> {
        let Some(search) = self.method.search_engine() else {
            return self.milp();
        };
        let name = self.method.name();
        if !self.options.highs.is_empty() && self.method != Method::LpBb {
            return Err(SpecError::HighsWithoutHighs(name));
        }
        if self.options.threads > 1 && self.method != Method::LpBb {
            return Err(SpecError::ThreadsWithoutHighs(name));
        }
        if !self.model.is_default() || self.singles {
            return Err(SpecError::ModelWithSearch(name));
        }
        if self.start.is_some() {
            return Err(SpecError::StartWithSearch(name));
        }
        if self.method == Method::LpBb {
            return Ok(Arc::new(LpBb {
                options: self.options.clone(),
                branch: self.branch,
                cuts: self.cuts,
            }));
        }
        Ok(Arc::from(search))
    }

    /// The MILP engine of this spec.
    fn milp(&self) -> Result<Arc<dyn Engine>, SpecError> {
        Ok(Arc::new(Milp {
            formulation: Arc::from(self.model.formulation()?),
            options: self.options.clone(),
            presolve: if self.singles {
                Presolve::Singles
            } else {
                Presolve::None
            },
            start: self.start()?,
        }))
    }

    /// The MIP start: its engine and budget.
    fn start(&self) -> Result<Option<Start>, SpecError> {
        let Some(method) = self.start else {
            return Ok(None);
        };
        let budget = Limit::StartBudget.seconds(self.start_budget)?;
        let engine = match method {
            Method::Propagate | Method::Backtrack | Method::Sat => method.search_engine(),
            _ => None,
        }
        .ok_or(SpecError::StartNotSearch(method.name()))?;
        Ok(Some(Start {
            engine: Arc::from(engine),
            budget,
        }))
    }
}

#[cfg(feature = "highs")]
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_methods_take_no_model_and_no_start() {
        for method in [
            Method::Backtrack,
            Method::Propagate,
            Method::Sat,
            Method::LpBb,
        ] {
            let plain = EngineSpec {
                method,
                ..EngineSpec::default()
            };
            assert_eq!(plain.build().unwrap().label(), method.name());
            let reduced = EngineSpec {
                model: ModelSpec {
                    reduce: true,
                    ..ModelSpec::default()
                },
                ..plain.clone()
            };
            assert_eq!(
                reduced.build().err(),
                Some(SpecError::ModelWithSearch(method.name()))
            );
            let started = EngineSpec {
                start: Some(Method::Sat),
                ..plain
            };
            assert_eq!(
                started.build().err(),
                Some(SpecError::StartWithSearch(method.name()))
            );
        }
    }

    #[test]
    fn switches_belong_to_their_model() {
        let natural_on_binary = ModelSpec {
            sums: true,
            ..ModelSpec::default()
        };
        assert_eq!(
            natural_on_binary.formulation().err(),
            Some(SpecError::NaturalSwitchOnBinary)
        );
        let reduce_on_natural = ModelSpec {
            reduce: true,
            ..ModelSpec::of(ModelKind::Natural)
        };
        assert_eq!(
            reduce_on_natural.formulation().err(),
            Some(SpecError::ReduceOnNatural)
        );
    }

    #[test]
    fn fast_adds_singles_reduce_and_a_propagation_start_to_the_milp() {
        let fast = EngineSpec::default().fast();
        assert!(fast.singles && fast.model.reduce);
        assert_eq!(fast.start, Some(Method::Propagate));
        let engine = fast.build().unwrap();
        assert_eq!(
            fast.describe(engine.as_ref()),
            "binary --reduce, singles, start propagate"
        );
        let sat_start = EngineSpec {
            start: Some(Method::Sat),
            ..EngineSpec::default()
        };
        assert_eq!(sat_start.fast().start, Some(Method::Sat));
    }

    #[test]
    fn only_lp_bb_records_a_tree() {
        let lp_bb = EngineSpec {
            method: Method::LpBb,
            ..EngineSpec::default()
        };
        assert!(lp_bb.tree_recorder().is_ok());
        assert_eq!(
            EngineSpec::default().tree_recorder().err(),
            Some(SpecError::TreeNotLpBb("ilp"))
        );
    }

    #[test]
    fn only_searches_give_a_start() {
        for (method, ok) in [
            (Method::Propagate, true),
            (Method::Backtrack, true),
            (Method::Sat, true),
            (Method::Ilp, false),
            (Method::LpBb, false),
        ] {
            let spec = EngineSpec {
                start: Some(method),
                ..EngineSpec::default()
            };
            assert_eq!(spec.build().is_ok(), ok, "{method:?}");
        }
        let no_budget = EngineSpec {
            start: Some(Method::Sat),
            start_budget: 0.0,
            ..EngineSpec::default()
        };
        assert_eq!(
            no_budget.build().err().and_then(|e| match e {
                SpecError::Limit(l) => Some(l.limit()),
                _ => None,
            }),
            Some(Limit::StartBudget)
        );
    }
}
