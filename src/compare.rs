//! Formulations side by side on the same puzzle: model sizes, what presolve leaves, the root LP
//! relaxation, the branch and bound, times, and whether the grids agree.

use crate::formulation::{binary::Binary, natural::Natural, Formulation, ModelSize};
use crate::puzzle::{Grid, Puzzle};
use crate::run::{run, RunError};
use crate::solve::{
    presolved_size, root_relaxation, PresolvedSize, SolveOptions, SolveStats, Status,
};

/// A named variant to compare.
pub struct Variant {
    /// Short name used on the command line and as column header.
    pub name: &'static str,
    pub formulation: Box<dyn Formulation + Send + Sync>,
}

/// Every variant `compare` knows, in the order of its columns.
pub fn all_variants() -> Vec<Variant> {
    let natural = |n: Natural| Box::new(n) as Box<dyn Formulation + Send + Sync>;
    vec![
        Variant {
            name: "binary",
            formulation: Box::new(Binary { reduce: false }),
        },
        Variant {
            name: "binary-reduce",
            formulation: Box::new(Binary { reduce: true }),
        },
        Variant {
            name: "natural",
            formulation: natural(Natural::textbook()),
        },
        Variant {
            name: "natural-pair-m",
            formulation: natural(Natural {
                pair_m: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-drop-given-pairs",
            formulation: natural(Natural {
                drop_given_pairs: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-exclusions",
            formulation: natural(Natural {
                exclusions: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-sums",
            formulation: natural(Natural {
                sums: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-subset-sums",
            formulation: natural(Natural {
                subset_sums: true,
                ..Natural::default()
            }),
        },
        Variant {
            name: "natural-strong",
            formulation: natural(Natural::strengthened()),
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

/// One column of the comparison.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Column {
    pub variant: &'static str,
    pub size: ModelSize,
    pub presolved: PresolvedSize,
    pub root: RootLp,
    pub status: Status,
    pub build_ms: f64,
    pub stats: SolveStats,
    /// Equal to the first solved column's grid (`None` when not solved).
    pub agrees: Option<bool>,
    #[serde(skip)]
    pub grid: Option<Grid>,
}

/// Runs every variant on the puzzle.
pub fn compare(
    puzzle: &Puzzle,
    variants: &[Variant],
    options: &SolveOptions,
) -> Result<Vec<Column>, RunError> {
    let mut columns: Vec<Column> = Vec::with_capacity(variants.len());
    for variant in variants {
        let model = variant.formulation.build(puzzle);
        let presolved = presolved_size(&model, options)?;
        let relaxation = root_relaxation(&model, options)?;
        let gives_grid = relaxation.fractional == 0
            && relaxation
                .values
                .as_ref()
                .is_some_and(|v| crate::check::check(puzzle, &model.decode(v)).is_ok());
        let report = run(puzzle, variant.formulation.as_ref(), options)?;
        let reference = columns.iter().find_map(|c| c.grid.as_ref());
        let agrees = match (&report.grid, reference) {
            (Some(grid), Some(reference)) => Some(grid == reference),
            (Some(_), None) => Some(true),
            (None, _) => None,
        };
        columns.push(Column {
            variant: variant.name,
            size: report.size,
            presolved,
            root: RootLp {
                status: relaxation.status,
                objective: relaxation.objective,
                fractional: relaxation.fractional,
                gives_grid,
            },
            status: report.status,
            build_ms: report.build_ms,
            stats: report.stats,
            agrees,
            grid: report.grid,
        });
    }
    Ok(columns)
}

/// A measure's name and how to read it from a column.
pub type Measure = (&'static str, fn(&Column) -> f64);

/// The measures shown as rows of the table.
pub const MEASURES: &[Measure] = &[
    ("variables", |c| c.size.variables as f64),
    ("binary", |c| c.size.binary as f64),
    ("integer", |c| c.size.integer as f64),
    ("constraints", |c| c.size.constraints as f64),
    ("nonzeros", |c| c.size.nonzeros as f64),
    ("presolved columns", |c| c.presolved.columns as f64),
    ("presolved rows", |c| c.presolved.rows as f64),
    ("presolved nonzeros", |c| c.presolved.nonzeros as f64),
    ("root LP objective", |c| c.root.objective),
    ("root LP fractional", |c| c.root.fractional as f64),
    ("nodes", |c| c.stats.nodes as f64),
    ("simplex iterations", |c| c.stats.lp_iterations as f64),
    ("build ms", |c| c.build_ms),
    ("solve ms", |c| c.stats.solve_ms),
];

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
                root_gives_grid: cols.iter().filter(|c| c.root.gives_grid).count(),
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
