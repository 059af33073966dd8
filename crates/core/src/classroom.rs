//! Everything the classroom page shows about one puzzle, computed in one place: each engine's
//! solution, whether it is unique, the comparison of formulations, the root LP pictures' data, the LP branch-and-bound
//! tree and the head of the LP export. [`crate::report::html`] renders it.

use crate::compare::{all_variants, compare, Column, Variant};
use crate::engine::lp_bb::LpBb;
use crate::engine::milp::Milp;
use crate::engine::propagate::Propagate;
use crate::engine::{backtrack::Backtrack, Count, Engine, EngineError, Limits, Solution};
use crate::export::{lp, ExportError};
use crate::formulation::{binary::Binary, natural::Natural, Formulation};
use crate::puzzle::{Grid, Puzzle};
use crate::solve::{grid_relaxation, GridRelaxation, SolveOptions};

/// The compare columns the page shows (the other natural switches are for `compare` itself).
pub const PAGE_VARIANTS: [&str; 6] = [
    "binary",
    "binary-reduce",
    "natural",
    "natural-strong",
    "propagate",
    "backtrack",
];

/// How many lines of the LP export the page shows.
pub const LP_HEAD_LINES: usize = 24;

/// The page's content.
pub struct Classroom {
    pub puzzle: Puzzle,
    /// The first checked grid any engine found.
    pub grid: Option<Grid>,
    /// MILP (binary), MILP (natural-strong), propagate, backtrack, LP branch and bound.
    pub solutions: Vec<Solution>,
    /// Whether the solution is unique: propagation's count of at most 2 solutions.
    pub count: Count,
    pub columns: Vec<Column>,
    /// Root LP of the binary model, then of the natural model.
    pub relaxations: Vec<GridRelaxation>,
    /// lp-bb's search tree (the lab's, its LP let go).
    pub tree: Option<crate::lab::record::Finished>,
    /// The first [`LP_HEAD_LINES`] lines of the binary model's LP file.
    pub lp_head: Vec<String>,
    /// Total lines of that LP file.
    pub lp_lines: usize,
}

/// Why the page could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum ClassroomError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// Runs every engine, the comparison, both root LPs and the LP export on `puzzle`, each within
/// `limits`.
pub fn gather(
    puzzle: &Puzzle,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Classroom, ClassroomError> {
    gather_with(puzzle, options, limits, &mut |_| {})
}

/// The stages of [`gather_with`], in order, as a progress line names them.
pub const STAGES: [&str; 10] = [
    "binary model (HiGHS)",
    "natural model (HiGHS)",
    "propagate",
    "backtrack",
    "lp-bb tree",
    "uniqueness count",
    "compare table",
    "binary root LP",
    "natural root LP",
    "LP file",
];

/// [`gather`], calling `stage(k)` as stage `k` of [`STAGES`] begins (a front end shows
/// progress with it; the library prints nothing).
pub fn gather_with(
    puzzle: &Puzzle,
    options: &SolveOptions,
    limits: &Limits,
    stage: &mut dyn FnMut(usize),
) -> Result<Classroom, ClassroomError> {
    let lp_bb = LpBb {
        options: options.clone(),
        ..LpBb::default()
    };
    let engines: Vec<Box<dyn Engine>> = vec![
        Box::new(Milp {
            options: options.clone(),
            ..Milp::new(Binary::default())
        }),
        Box::new(Milp {
            options: options.clone(),
            ..Milp::new(Natural::strengthened())
        }),
        Box::new(Propagate::default()),
        Box::new(Backtrack),
    ];
    let mut solutions = Vec::new();
    for (k, engine) in engines.iter().enumerate() {
        stage(k);
        solutions.push(engine.solve(puzzle, limits)?);
    }
    stage(4);
    let (bb, lab) = lp_bb.run(puzzle, limits)?;
    let tree = Some(lab.finished());
    solutions.push(bb);
    let grid = solutions.iter().find_map(|s| s.grid.clone());
    stage(5);
    let count = Propagate::default().count(puzzle, 2, limits)?;
    let mut variants: Vec<Variant> = all_variants(options)
        .into_iter()
        .filter(|v| PAGE_VARIANTS.contains(&v.name))
        .collect();
    variants.push(Variant::search("lp-bb", Box::new(lp_bb)));
    stage(6);
    let columns = compare(puzzle, &variants, options, limits)?;
    stage(7);
    let binary = Binary::default().build(puzzle);
    let binary_lp = grid_relaxation(puzzle, &binary, options, limits).map_err(EngineError::from)?;
    stage(8);
    let natural = Natural::textbook().build(puzzle);
    let natural_lp =
        grid_relaxation(puzzle, &natural, options, limits).map_err(EngineError::from)?;
    let relaxations = vec![binary_lp, natural_lp];
    stage(9);
    let lp_text = lp::write(puzzle, &binary)?;
    Ok(Classroom {
        puzzle: puzzle.clone(),
        grid,
        solutions,
        count,
        columns,
        relaxations,
        tree,
        lp_head: lp_text
            .lines()
            .take(LP_HEAD_LINES)
            .map(String::from)
            .collect(),
        lp_lines: lp_text.lines().count(),
    })
}
