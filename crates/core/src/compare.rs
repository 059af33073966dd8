//! Formulations side by side on the same puzzle: model sizes, what presolve leaves, the root LP
//! relaxation, the branch and bound, times, and whether the grids agree.

use crate::engine::lp_bb::LpBb;
use crate::engine::milp::Milp;
use crate::engine::{Engine, EngineError, Limits, Method, Solution, Stats, Status};
use crate::formulation::{
    binary::Binary, natural::Natural, CageForm, Formulation, ModelSize, PairForm, StepForm,
};
use crate::lab::auto::CutPolicy;
use crate::puzzle::{Grid, Puzzle};
use crate::solve::{presolved_size, root_relaxation, PresolvedSize, SolveOptions, SolveStats};
use std::sync::Arc;

/// A named variant to compare: any engine. A MILP engine's column also shows its model.
pub struct Variant {
    /// Short name used on the command line and as column header.
    pub name: &'static str,
    pub engine: Arc<dyn Engine>,
    /// The MILP engine's formulation, for the model measures (`None` for a search method).
    pub formulation: Option<Arc<dyn Formulation + Send + Sync>>,
}

impl Variant {
    /// A formulation solved by HiGHS with `options`.
    pub fn model(
        name: &'static str,
        formulation: impl Formulation + Send + Sync + 'static,
        options: &SolveOptions,
    ) -> Variant {
        let formulation: Arc<dyn Formulation + Send + Sync> = Arc::new(formulation);
        let engine = Milp {
            formulation: formulation.clone(),
            options: options.clone(),
            presolve: Default::default(),
            start: None,
        };
        Variant {
            name,
            engine: Arc::new(engine),
            formulation: Some(formulation),
        }
    }

    /// A search method (no model).
    pub fn search(name: &'static str, engine: Box<dyn Engine>) -> Variant {
        Variant {
            name,
            engine: Arc::from(engine),
            formulation: None,
        }
    }
}

/// Every variant `compare` knows, in the order of its columns; the MILP ones use `options`.
pub fn all_variants(options: &SolveOptions) -> Vec<Variant> {
    let mut variants = model_variants(options);
    for method in [Method::Propagate, Method::Sat, Method::Backtrack] {
        if let Some(engine) = method.search_engine() {
            variants.push(Variant::search(method.name(), engine));
        }
    }
    variants
}

/// The lab's branch and cut (`lp-bb --cuts`), run only when named (`--variants`): `lp-bb`
/// (cell branching; the lab's loop when the puzzle has an objective) and `lp-bb-cuts-gomory`,
/// `lp-bb-cuts-clique`, `lp-bb-cuts-all` (root cut rounds, then branch and bound).
pub fn lab_variants(options: &SolveOptions) -> Vec<Variant> {
    [
        ("lp-bb", CutPolicy::None),
        ("lp-bb-cuts-gomory", CutPolicy::Gomory),
        ("lp-bb-cuts-clique", CutPolicy::Clique),
        ("lp-bb-cuts-all", CutPolicy::All),
    ]
    .into_iter()
    .map(|(name, cuts)| {
        let engine = LpBb {
            options: options.clone(),
            cuts,
            ..LpBb::default()
        };
        Variant::search(name, Box::new(engine))
    })
    .collect()
}

/// A variant name that neither [`all_variants`] nor [`lab_variants`] knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {name:?} (known: {known})")]
pub struct UnknownVariant {
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

/// The variants named in `names`, in the order of [`all_variants`] then [`lab_variants`];
/// every variant of [`all_variants`] when `names` is empty.
pub fn variants_named(
    names: &[String],
    options: &SolveOptions,
) -> Result<Vec<Variant>, UnknownVariant> {
    let mut all = all_variants(options);
    if names.is_empty() {
        return Ok(all);
    }
    all.extend(lab_variants(options));
    let known: Vec<&str> = all.iter().map(|v| v.name).collect();
    if let Some(bad) = names.iter().find(|n| !known.contains(&n.as_str())) {
        return Err(UnknownVariant {
            name: bad.clone(),
            known: known.join(", "),
        });
    }
    Ok(all
        .into_iter()
        .filter(|v| names.iter().any(|n| n == v.name))
        .collect())
}

/// The MILP variants: the binary and natural formulations with their switches.
fn model_variants(options: &SolveOptions) -> Vec<Variant> {
    let natural = |name, n: Natural| Variant::model(name, n, options);
    vec![
        Variant::model(
            "binary",
            Binary {
                reduce: false,
                ..Binary::default()
            },
            options,
        ),
        Variant::model(
            "binary-reduce",
            Binary {
                reduce: true,
                ..Binary::default()
            },
            options,
        ),
        Variant::model(
            "binary-cage-sum",
            Binary {
                cages: CageForm::Sum,
                ..Binary::default()
            },
            options,
        ),
        Variant::model(
            "binary-thermo-aggregated",
            Binary {
                steps: StepForm::Aggregated,
                ..Binary::default()
            },
            options,
        ),
        Variant::model(
            "binary-pair-conflict",
            Binary {
                pairs: PairForm::Conflict,
                ..Binary::default()
            },
            options,
        ),
        natural("natural", Natural::textbook()),
        natural(
            "natural-pair-m",
            Natural {
                pair_m: true,
                ..Natural::default()
            },
        ),
        natural(
            "natural-drop-given-pairs",
            Natural {
                drop_given_pairs: true,
                ..Natural::default()
            },
        ),
        natural(
            "natural-exclusions",
            Natural {
                exclusions: true,
                ..Natural::default()
            },
        ),
        natural(
            "natural-sums",
            Natural {
                sums: true,
                ..Natural::default()
            },
        ),
        natural(
            "natural-subset-sums",
            Natural {
                subset_sums: true,
                ..Natural::default()
            },
        ),
        natural("natural-strong", Natural::strengthened()),
    ]
}

/// What the root LP relaxation says.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct RootLp {
    pub status: Status,
    pub objective: f64,
    /// Integer columns with a fractional value in the LP solution.
    pub fractional: usize,
    /// The LP solution is integral and decodes to a grid that passes the checker.
    pub gives_grid: bool,
}

/// A solved variant's objective value (of its checked grid) and its proved bound.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ObjectiveCell {
    pub value: f64,
    pub bound: f64,
}

/// One column of the comparison. The model fields are `None` for a method column.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Column {
    pub variant: &'static str,
    pub size: Option<ModelSize>,
    pub presolved: Option<PresolvedSize>,
    pub root: Option<RootLp>,
    pub status: Status,
    pub build_ms: f64,
    /// For a method: its time in `solve_ms`, its search nodes in `nodes`, no LP iterations.
    pub stats: SolveStats,
    /// Propagate only: empty cells fixed by unit propagation and the failed-literal rule.
    pub fixed_by_reasoning: Option<usize>,
    /// Equal to the first solved column's grid (`None` when not solved).
    pub agrees: Option<bool>,
    /// lp-bb only: cuts added (`lp-bb-cuts-*`; 0 for plain `lp-bb`).
    pub cuts: Option<u64>,
    /// When the puzzle has an objective and the variant optimises it (a MILP or lp-bb): the
    /// objective value of its grid and the bound it proved.
    pub objective: Option<ObjectiveCell>,
    #[serde(skip)]
    pub grid: Option<Grid>,
}

/// Runs every variant on the puzzle; `options` drive the model measures (presolve, root LP) and
/// `limits` bound each engine and each measure.
pub fn compare(
    puzzle: &Puzzle,
    variants: &[Variant],
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Vec<Column>, EngineError> {
    let mut columns: Vec<Column> = Vec::with_capacity(variants.len());
    for variant in variants {
        let mut column = match &variant.formulation {
            Some(formulation) => model_column(puzzle, formulation.as_ref(), options, limits)?,
            None => Column::empty(),
        };
        column.fill(variant.name, variant.engine.solve(puzzle, limits)?, puzzle);
        let reference = columns.iter().find_map(|c| c.grid.as_ref());
        column.agrees = match (&column.grid, reference) {
            (Some(grid), Some(reference)) => Some(grid == reference),
            (Some(_), None) => Some(true),
            (None, _) => None,
        };
        columns.push(column);
    }
    Ok(columns)
}

impl Column {
    /// A column with no measure yet.
    fn empty() -> Column {
        Column {
            variant: "",
            size: None,
            presolved: None,
            root: None,
            status: Status::TimeLimit,
            build_ms: 0.0,
            stats: SolveStats::default(),
            fixed_by_reasoning: None,
            agrees: None,
            cuts: None,
            objective: None,
            grid: None,
        }
    }

    /// Takes the status, grid, counters and (with an objective) value and bound of an engine's
    /// solution.
    fn fill(&mut self, variant: &'static str, solution: Solution, puzzle: &Puzzle) {
        self.variant = variant;
        let value = match (puzzle.objective(), &solution.grid) {
            (Some(objective), Some(grid)) => Some(objective.value(&grid.values) as f64),
            _ => None,
        };
        self.status = solution.status;
        self.grid = solution.grid;
        self.stats = SolveStats {
            solve_ms: solution.time_ms,
            highs_ms: 0.0,
            nodes: solution.stats.nodes().map_or(-1, |n| n as i64),
            lp_iterations: -1,
        };
        match solution.stats {
            Stats::Milp(m) => {
                self.size = Some(m.size);
                self.build_ms = m.build_ms;
                self.stats = m.highs;
                self.objective = value.zip(m.objective).map(|(value, o)| ObjectiveCell {
                    value,
                    bound: o.bound,
                });
            }
            Stats::Propagation(p) => self.fixed_by_reasoning = Some(p.fixed_by_reasoning),
            Stats::LpBb(b) => {
                self.stats.lp_iterations = b.lp_iterations;
                self.cuts = Some(b.cuts);
                self.objective = value
                    .zip(b.bound)
                    .map(|(value, bound)| ObjectiveCell { value, bound });
            }
            Stats::Search(_) | Stats::Sat(_) => {}
        }
    }
}

/// A formulation's model measures: presolved size and root LP (the MILP solve comes after).
fn model_column(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Column, EngineError> {
    let model = formulation.build(puzzle);
    let presolved = presolved_size(&model, options, limits)?;
    let relaxation = root_relaxation(&model, options, limits)?;
    let gives_grid = relaxation.fractional == 0
        && relaxation
            .values
            .as_ref()
            .is_some_and(|v| crate::check::check(puzzle, &model.decode(v)).is_ok());
    Ok(Column {
        presolved: Some(presolved),
        root: Some(RootLp {
            status: relaxation.status,
            objective: relaxation.objective,
            fractional: relaxation.fractional,
            gives_grid,
        }),
        ..Column::empty()
    })
}

/// A measure's name and how to read it from a column.
pub type Measure = (&'static str, fn(&Column) -> f64);

/// The measures shown as rows of the table.
pub const MEASURES: &[Measure] = &[
    ("variables", |c| size(c, |s| s.variables)),
    ("binary", |c| size(c, |s| s.binary)),
    ("integer", |c| size(c, |s| s.integer)),
    ("constraints", |c| size(c, |s| s.constraints)),
    ("nonzeros", |c| size(c, |s| s.nonzeros)),
    ("presolved columns", |c| {
        c.presolved.map_or(f64::NAN, |p| p.columns as f64)
    }),
    ("presolved rows", |c| {
        c.presolved.map_or(f64::NAN, |p| p.rows as f64)
    }),
    ("presolved nonzeros", |c| {
        c.presolved.map_or(f64::NAN, |p| p.nonzeros as f64)
    }),
    ("root LP objective", |c| {
        c.root.map_or(f64::NAN, |r| r.objective)
    }),
    ("root LP fractional", |c| {
        c.root.map_or(f64::NAN, |r| r.fractional as f64)
    }),
    ("cells fixed by reasoning", |c| {
        c.fixed_by_reasoning.map_or(f64::NAN, |k| k as f64)
    }),
    ("nodes", |c| known(c.stats.nodes)),
    ("cuts", |c| c.cuts.map_or(f64::NAN, |k| k as f64)),
    ("objective", |c| c.objective.map_or(f64::NAN, |o| o.value)),
    ("objective bound", |c| {
        c.objective.map_or(f64::NAN, |o| o.bound)
    }),
    ("simplex iterations", |c| known(c.stats.lp_iterations)),
    ("build ms", |c| {
        if c.size.is_some() {
            c.build_ms
        } else {
            f64::NAN
        }
    }),
    ("solve ms", |c| c.stats.solve_ms),
];

/// A size of a model column; NaN (shown as "-") for a method.
fn size(c: &Column, read: fn(&ModelSize) -> usize) -> f64 {
    c.size.as_ref().map_or(f64::NAN, |s| read(s) as f64)
}

/// A counter, NaN when unavailable (-1).
fn known(x: i64) -> f64 {
    if x < 0 {
        f64::NAN
    } else {
        x as f64
    }
}

/// Aggregates over many puzzles for one variant.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Summary {
    pub variant: &'static str,
    pub puzzles: usize,
    pub solved: usize,
    pub infeasible: usize,
    pub time_limit: usize,
    /// How often the root LP already gave the grid.
    pub root_gives_grid: usize,
    /// How often the grid differed from the first variant's.
    pub disagreements: usize,
    /// Per measure of [`MEASURES`]: (name, median, p90, max).
    pub measures: Vec<(&'static str, f64, f64, f64)>,
}

/// The value at rank ⌈p·len⌉ of sorted values (nearest-rank percentile).
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Summarises per variant the columns of many comparisons (`runs[i][v]`: puzzle i, variant v).
pub fn summarise(runs: &[Vec<Column>]) -> Vec<Summary> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    (0..first.len())
        .map(|v| {
            let cols: Vec<&Column> = runs.iter().map(|r| &r[v]).collect();
            let count = |s: Status| cols.iter().filter(|c| c.status == s).count();
            let measures = MEASURES
                .iter()
                .map(|(name, read)| {
                    let mut values: Vec<f64> = cols.iter().map(|c| read(c)).collect();
                    values.sort_by(f64::total_cmp);
                    (
                        *name,
                        percentile(&values, 0.5),
                        percentile(&values, 0.9),
                        values.last().copied().unwrap_or(f64::NAN),
                    )
                })
                .collect();
            Summary {
                variant: first[v].variant,
                puzzles: cols.len(),
                solved: count(Status::Solved),
                infeasible: count(Status::Infeasible),
                time_limit: count(Status::TimeLimit),
                root_gives_grid: cols
                    .iter()
                    .filter(|c| c.root.is_some_and(|r| r.gives_grid))
                    .count(),
                disagreements: cols.iter().filter(|c| c.agrees == Some(false)).count(),
                measures,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_is_nearest_rank() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 5.0);
        assert_eq!(percentile(&v, 0.9), 9.0);
        assert_eq!(percentile(&[3.0], 0.9), 3.0);
    }

    #[test]
    fn variants_have_distinct_names() {
        let all = all_variants(&SolveOptions::default());
        let mut names: Vec<&str> = all.iter().map(|v| v.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }
}
