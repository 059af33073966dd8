//! Formulations side by side on the same puzzle: model sizes, what presolve leaves, the root LP
//! relaxation, the branch and bound, times, and whether the grids agree.

use crate::formulation::{binary::Binary, natural::Natural, Formulation, ModelSize};
use crate::methods::{self, Method};
use crate::puzzle::{Grid, Puzzle};
use crate::run::{run, RunError};
use crate::solve::{
    presolved_size, root_relaxation, PresolvedSize, SolveOptions, SolveStats, Status,
};
use std::time::{Duration, Instant};

/// What a variant runs: a formulation solved by HiGHS, or one of the seeds' other methods.
pub enum Solver {
    Model(Box<dyn Formulation + Send + Sync>),
    Method(Method),
}

/// A named variant to compare.
pub struct Variant {
    /// Short name used on the command line and as column header.
    pub name: &'static str,
    pub solver: Solver,
}

/// Every variant `compare` knows, in the order of its columns.
pub fn all_variants() -> Vec<Variant> {
    let mut variants = model_variants();
    for (name, method) in [
        ("propagate", Method::Propagate),
        ("backtrack", Method::Backtrack),
    ] {
        variants.push(Variant {
            name,
            solver: Solver::Method(method),
        });
    }
    variants
}

/// The MILP variants: the binary and natural formulations with their switches.
fn model_variants() -> Vec<Variant> {
    let natural = |n: Natural| Solver::Model(Box::new(n));
    vec![
        Variant {
            name: "binary",
            solver: Solver::Model(Box::new(Binary { reduce: false })),
        },
        Variant {
            name: "binary-reduce",
            solver: Solver::Model(Box::new(Binary { reduce: true })),
        },
        Variant {
            name: "natural",
            solver: natural(Natural::textbook()),
        },
        Variant {
            name: "natural-pair-m",
            solver: natural(Natural {
                pair_m: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-drop-given-pairs",
            solver: natural(Natural {
                drop_given_pairs: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-exclusions",
            solver: natural(Natural {
                exclusions: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-sums",
            solver: natural(Natural {
                sums: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-subset-sums",
            solver: natural(Natural {
                subset_sums: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-strong",
            solver: natural(Natural::strengthened()),
        },
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
    #[serde(skip)]
    pub grid: Option<Grid>,
}

/// Runs every variant on the puzzle; `options.time_limit` also bounds the methods.
pub fn compare(
    puzzle: &Puzzle,
    variants: &[Variant],
    options: &SolveOptions,
) -> Result<Vec<Column>, RunError> {
    let mut columns: Vec<Column> = Vec::with_capacity(variants.len());
    for variant in variants {
        let mut column = match &variant.solver {
            Solver::Model(formulation) => model_column(puzzle, formulation.as_ref(), options)?,
            Solver::Method(method) => method_column(puzzle, *method, options.time_limit)?,
        };
        column.variant = variant.name;
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

/// A formulation's column: sizes, presolve, root LP, then the MILP solve.
fn model_column(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
) -> Result<Column, RunError> {
    let model = formulation.build(puzzle);
    let presolved = presolved_size(&model, options)?;
    let relaxation = root_relaxation(&model, options)?;
    let gives_grid = relaxation.fractional == 0
        && relaxation
            .values
            .as_ref()
            .is_some_and(|v| crate::check::check(puzzle, &model.decode(v)).is_ok());
    let report = run(puzzle, formulation, options)?;
    Ok(Column {
        variant: "",
        size: Some(report.size),
        presolved: Some(presolved),
        root: Some(RootLp {
            status: relaxation.status,
            objective: relaxation.objective,
            fractional: relaxation.fractional,
            gives_grid,
        }),
        status: report.status,
        build_ms: report.build_ms,
        stats: report.stats,
        fixed_by_reasoning: None,
        agrees: None,
        grid: report.grid,
    })
}

/// A method's column: its status, time and search nodes (its grid is checked by
/// [`methods::run`]).
fn method_column(puzzle: &Puzzle, method: Method, time_limit: f64) -> Result<Column, RunError> {
    let deadline = Instant::now().checked_add(Duration::from_secs_f64(time_limit.clamp(0.0, 1e9)));
    let report = methods::run(puzzle, method, deadline)?;
    let counter = |name: &str| {
        report
            .counters
            .iter()
            .find(|(k, _)| *k == name)
            .and_then(|(_, v)| v.as_u64())
    };
    Ok(Column {
        variant: "",
        size: None,
        presolved: None,
        root: None,
        status: report.status,
        build_ms: 0.0,
        stats: SolveStats {
            solve_ms: report.solve_ms,
            highs_ms: 0.0,
            nodes: counter("nodes").map_or(-1, |n| n as i64),
            lp_iterations: -1,
        },
        fixed_by_reasoning: counter("fixed_by_reasoning").map(|n| n as usize),
        agrees: None,
        grid: report.grid,
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
        let mut names: Vec<&str> = all_variants().iter().map(|v| v.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all_variants().len());
    }
}
