//! Why a grid has no solution: a minimal set of givens and variant rule instances that already
//! has no completion, and the houses whose rules make it so.
//!
//! About 600 lines: one algorithm, its four filters below kept together so the minimality
//! argument reads in one place.
//!
//! 1. **Direct conflicts** first, without a solve: the same value given twice in one house (the
//!    pair that [`Puzzle::new_lenient`] sets aside). Two givens, and the houses holding both.
//! 2. Otherwise the binary model (x_{c,v}, every given a row `given_r{r}_c{c}`: x_{c,g} = 1) is
//!    passed to HiGHS once ([`NativeLp`]) and solved. If it is infeasible, a **deletion filter**
//!    runs over the givens: drop one given, decide the rest; if it still has no completion the
//!    given stays dropped, otherwise it is put back. The givens left form a set G with no
//!    completion such that G minus any one given has one (when a given g was tried, the givens
//!    still on were a superset of G; without g they had a completion, and so has G − {g}, which
//!    asks less). One decision per given.
//! 3. Then the same filter over the **rule instances** of a variant puzzle (one cage, one
//!    thermometer, one arrow, one dot, one odd cell, one extra region; a rule over the whole
//!    grid such as anti-knight is one instance). The instances left, R, are minimal the same
//!    way. These two filters decide with CaDiCaL ([`Sat`], counting up to one solution of the
//!    puzzle of the units still on): each decision is a new small SAT problem, while HiGHS needs
//!    about a second to prove that a killer missing a few cages has no completion.
//! 4. Then the filter over the **houses**, in HiGHS, with only G and R on: switching a house
//!    off frees its n rows (one per value); switching an instance off frees every row its
//!    primitives wrote ([`crate::rules::lower_each`]; the rows named after the primitives'
//!    tags, e.g. `cage3_v1`, `cage3_sum_sets`). The houses left, H, are minimal in the same
//!    sense. Houses holding fewer givens of G are tried first, so H tends to be where the
//!    givens meet.
//! 5. **Verification**: each unit of G, R (and H) is dropped once more, alone, and the rest
//!    must then have a completion (HiGHS when houses were asked for, else CaDiCaL); `minimal`
//!    is true only when every one did. The set itself has no completion: it is what the
//!    filters' last decision of "no completion" saw.
//!
//! Minimal is not smallest: another order could find other sets.
//!
//! The HiGHS model is never rebuilt between solves: only row bounds change. One decision per
//! given, per rule instance and per house, and one per unit kept; a proof that there is no
//! completion is the expensive kind of solve (timings with their commands in
//! `docs/counting.md`).
//!
//! Over 600 lines: the rule rows, the search for a minimal set and the verdicts share one model
//! and one solver session, which splitting would have to pass between files.

use crate::clock::Instant;
use crate::engine::{checked, sat::Sat, CountEnd, Engine, EngineError};
use crate::formulation::{
    binary::{house_row_name, Binary},
    BuiltModel, Formulation, Row, Sense,
};
use crate::limits::Limits;
use crate::lp_interface::LpUse;
use crate::puzzle::{Cell, Conflict, Grid, HouseKind, Puzzle};
use crate::rules::{lower_each, RuleError};
use crate::solve::lab_lp::NativeLp;
use crate::solve::{ms, SolveError, SolveOptions, Status};
use good_lp::IntoAffineExpression;
use std::collections::HashMap;
use std::time::Duration;

/// How the set of givens was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The same value given twice in a house, found without a solve.
    DirectConflict,
    /// The deletion filter over the givens, with HiGHS.
    NoCompletion,
}

/// A set of givens without a completion.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    pub reason: Reason,
    /// The givens of the set with their values, row-major.
    pub givens: Vec<(Cell, u8)>,
    /// The houses involved: for a direct conflict, the houses holding both cells; otherwise a
    /// minimal set of houses whose rules leave the givens no completion (module notes), or
    /// none when they were not asked for.
    pub houses: Vec<HouseKind>,
    /// The rule instances of the set: indices into [`Puzzle::rules`], in order (empty for a
    /// classic grid and for a direct conflict).
    pub rules: Vec<usize>,
    /// False when the time limit stopped a filter: the set still has no completion, but some of
    /// its givens (or houses) may not be needed.
    pub minimal: bool,
}

/// What [`explain`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The grid has a solution (checked): nothing to explain.
    Solvable(Grid),
    /// Proven: no solution, and why.
    NoSolution(Explanation),
    /// The time limit was reached before the first solve decided.
    TimeLimit,
}

/// The verdict with the work it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Explained {
    pub verdict: Verdict,
    /// Solves: HiGHS's, and CaDiCaL's in the filters over givens and rule instances.
    pub solves: usize,
    /// Wall-clock time, building the model included.
    pub time_ms: f64,
}

impl Explained {
    /// Solved, infeasible (a minimal set was found), or time limit (undecided, or a set that
    /// may not be minimal).
    pub fn status(&self) -> Status {
        match &self.verdict {
            Verdict::Solvable(_) => Status::Solved,
            Verdict::NoSolution(e) if e.minimal => Status::Infeasible,
            Verdict::NoSolution(_) | Verdict::TimeLimit => Status::TimeLimit,
        }
    }
}

/// An explanation that failed for a reason other than the puzzle.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ExplainError {
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// The grid of a solvable puzzle failed the independent checker.
    #[error(transparent)]
    Check(#[from] EngineError),
    #[error("internal error: the binary model has no row {0}")]
    MissingRow(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error(transparent)]
    Puzzle(#[from] crate::puzzle::PuzzleError),
    #[error("internal error: row {0} of the binary model belongs to no rule instance")]
    RowWithoutRule(String),
    /// Verification failed: without this unit the set still had no completion (a bug).
    #[error("internal error: the set is not minimal: it has no completion without {0}")]
    NotMinimal(String),
}

/// Explains why `puzzle` has no solution: reports the first of `conflicts` (from
/// [`crate::input::parse_puzzle_lenient`]) if there is one, else runs the deletion filters over
/// the givens, the rule instances and, with `find_houses`, the houses (else
/// [`Explanation::houses`] is empty), and verifies each unit kept. `limits` bound the whole
/// search.
///
/// ```
/// use sudoku_ilp::{explain::{explain, Verdict}, puzzle::Puzzle, solve::SolveOptions};
/// // Row 1 holds 1 and 2, so r1c3 must hold 3 or 4; column 3 holds both.
/// let p = Puzzle::with_square_boxes(4, vec![1,2,0,0, 0,0,0,0, 0,0,3,0, 0,0,4,0]).unwrap();
/// let e = explain(&p, &[], true, &SolveOptions::default(), &Default::default()).unwrap();
/// let Verdict::NoSolution(why) = e.verdict else { panic!("no solution expected") };
/// assert_eq!(why.givens.len(), 4);
/// let houses: Vec<String> = why.houses.iter().map(|h| h.to_string()).collect();
/// assert_eq!(houses, ["row 1", "column 3"]);
/// ```
pub fn explain(
    puzzle: &Puzzle,
    conflicts: &[Conflict],
    find_houses: bool,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Explained, ExplainError> {
    let start = Instant::now();
    if let Some(c) = conflicts.first() {
        return Ok(Explained {
            verdict: Verdict::NoSolution(direct_conflict(puzzle, c)),
            solves: 0,
            time_ms: ms(start.elapsed()),
        });
    }
    let model = Binary {
        reduce: false,
        ..Binary::default()
    }
    .build(puzzle);
    let rows = RuleRows::of(puzzle, &model)?;
    let mut search = Search {
        session: NativeLp::for_use(&model, options, LpUse::Search)?,
        deadline: start + Duration::from_secs_f64(limits.time_limit.max(0.0)),
        sat_checks: 0,
    };
    let verdict = match search.solve()? {
        Outcome::TimeLimit => Verdict::TimeLimit,
        Outcome::Solved(values) => {
            Verdict::Solvable(checked(&model.label, puzzle, model.decode(&values))?)
        }
        Outcome::Infeasible => {
            Verdict::NoSolution(search.no_completion(puzzle, &rows, find_houses)?)
        }
    };
    Ok(Explained {
        verdict,
        solves: search.session.solves + search.sat_checks,
        time_ms: ms(start.elapsed()),
    })
}

/// The explanation of a value given twice in a house: the two givens and the houses holding both.
fn direct_conflict(puzzle: &Puzzle, c: &Conflict) -> Explanation {
    let houses = puzzle
        .houses()
        .iter()
        .filter(|h| h.cells.contains(&c.first) && h.cells.contains(&c.second))
        .map(|h| h.kind)
        .collect();
    Explanation {
        reason: Reason::DirectConflict,
        givens: vec![(c.first, c.value), (c.second, c.value)],
        houses,
        rules: Vec::new(),
        minimal: true,
    }
}

/// A unit of the filters: rows switched off and on together, with their bounds when on.
type Group = Vec<(usize, Bounds)>;

/// The binary model's rows that the filters switch off: one per given, n per house, those of
/// each rule instance.
struct RuleRows {
    /// (cell, value, row) per given, row-major.
    givens: Vec<(Cell, u8, usize)>,
    /// (house, its n rows `house_v` for v = 1..n) per house of the puzzle.
    houses: Vec<(HouseKind, Vec<usize>)>,
    /// The rows of each rule of [`Puzzle::rules`], with their bounds.
    rules: Vec<Group>,
}

impl RuleRows {
    /// Finds the rows by their names in `model`.
    fn of(puzzle: &Puzzle, model: &BuiltModel) -> Result<RuleRows, ExplainError> {
        let index: HashMap<&str, usize> = model
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name(), i))
            .collect();
        let row = |name: String| {
            index
                .get(name.as_str())
                .copied()
                .ok_or(ExplainError::MissingRow(name))
        };
        let givens: Vec<(Cell, u8, usize)> = puzzle
            .cells()
            .filter_map(|cell| puzzle.given(cell).map(|v| (cell, v)))
            .map(|(cell, v)| {
                let name = format!("given_r{}_c{}", cell.row + 1, cell.col + 1);
                row(name).map(|r| (cell, v, r))
            })
            .collect::<Result<_, _>>()?;
        let n = puzzle.order();
        let houses: Vec<(HouseKind, Vec<usize>)> = puzzle
            .houses()
            .iter()
            .map(|h| {
                let rows = (1..=n)
                    .map(|v| row(house_row_name(h.kind, v)))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok((h.kind, rows))
            })
            .collect::<Result<_, ExplainError>>()?;
        let known = givens
            .iter()
            .map(|g| g.2)
            .chain(houses.iter().flat_map(|h| h.1.clone()))
            .collect();
        Ok(RuleRows {
            rules: rule_rows(puzzle, model, &known)?,
            givens,
            houses,
        })
    }
}

/// The rows of each rule instance: a row belongs to the instance whose primitive's tag is the
/// row's name or the longest part of it before a `_` (`cage3_v1` → `cage3`, `white2_a_v4` →
/// `white2`), as the formulation names them.
///
/// Every row that is not a cell's, a given's or a house's (`known`) must belong to an instance
/// (else [`ExplainError::RowWithoutRule`]): a row left on by mistake would make a set that is not
/// minimal look minimal. Primitives set without rules ([`Puzzle::with_primitives`]) stay on.
fn rule_rows(
    puzzle: &Puzzle,
    model: &BuiltModel,
    known: &std::collections::HashSet<usize>,
) -> Result<Vec<Group>, ExplainError> {
    let per_rule = lower_each(puzzle.order(), puzzle.layout(), puzzle.rules())?;
    let owner: HashMap<&str, usize> = per_rule
        .iter()
        .enumerate()
        .flat_map(|(k, prims)| prims.iter().map(move |p| (p.tag(), k)))
        .collect();
    let mut groups = vec![Group::new(); per_rule.len()];
    for (i, r) in model.rows.iter().enumerate() {
        let mut name = r.name();
        loop {
            if let Some(&k) = owner.get(name) {
                groups[k].push((i, row_bounds(r)));
                break;
            }
            match name.rfind('_') {
                Some(at) => name = &name[..at],
                None => {
                    let rules = !puzzle.rules().is_empty();
                    if rules && !known.contains(&i) && !r.name().starts_with("cell_") {
                        return Err(ExplainError::RowWithoutRule(r.name().to_string()));
                    }
                    break;
                }
            }
        }
    }
    Ok(groups)
}

/// The bounds HiGHS got for `row`: good_lp keeps `e + c (≤ | =) 0`, and writes a `≥` row with
/// its coefficients negated back (so c ≤ −e).
fn row_bounds(row: &Row) -> Bounds {
    let c = row.constraint.expression().constant();
    if row.constraint.is_equality() {
        (-c, -c)
    } else if row.sense == Sense::Ge {
        (c, f64::INFINITY)
    } else {
        (f64::NEG_INFINITY, -c)
    }
}

/// The bounds of every given row and house row: = 1.
const EQUALS_ONE: Bounds = (1.0, 1.0);
/// The bounds of a row switched off.
const OFF: Bounds = (f64::NEG_INFINITY, f64::INFINITY);

/// A row's bounds: `lower ≤ a x ≤ upper`.
type Bounds = (f64, f64);

enum Outcome {
    Solved(Vec<f64>),
    Infeasible,
    TimeLimit,
}

struct Search {
    session: NativeLp,
    deadline: Instant,
    /// CaDiCaL runs of the filters over givens and rule instances.
    sat_checks: usize,
}

/// A unit of the filters over givens and rule instances, by index.
#[derive(Debug, Clone, Copy)]
enum Unit {
    Given(usize),
    Rule(usize),
}

/// Which givens and rule instances are on.
struct Units {
    givens: Vec<bool>,
    rules: Vec<bool>,
}

impl Units {
    fn set(&mut self, unit: Unit, value: bool) {
        match unit {
            Unit::Given(i) => self.givens[i] = value,
            Unit::Rule(k) => self.rules[k] = value,
        }
    }
}

/// `rule 3 (killer cage)`: a rule instance in an error message.
fn rule_name(puzzle: &Puzzle, k: usize) -> String {
    format!("rule {} ({})", k + 1, puzzle.rules()[k].kind_name())
}

impl Search {
    /// The deletion filters of an infeasible puzzle: over the givens and the rule instances
    /// (decided by CaDiCaL), then (with `find_houses`) over the houses (by HiGHS, on the rows of
    /// the givens and instances kept), each when the one before finished; then the verification
    /// of every unit kept (module notes).
    fn no_completion(
        &mut self,
        puzzle: &Puzzle,
        rows: &RuleRows,
        find_houses: bool,
    ) -> Result<Explanation, ExplainError> {
        let (givens, houses) = (&rows.givens, &rows.houses);
        let mut on = Units {
            givens: vec![true; givens.len()],
            rules: vec![true; rows.rules.len()],
        };
        let mut done = true;
        for i in 0..givens.len() {
            done = done && self.drop_if_still_infeasible(puzzle, rows, &mut on, Unit::Given(i))?;
        }
        for k in 0..rows.rules.len() {
            done = done && self.drop_if_still_infeasible(puzzle, rows, &mut on, Unit::Rule(k))?;
        }
        let kept_givens: Vec<usize> = (0..givens.len()).filter(|&i| on.givens[i]).collect();
        let kept_rules: Vec<usize> = (0..rows.rules.len()).filter(|&k| on.rules[k]).collect();
        // The HiGHS model keeps only the givens and instances left.
        for (g, _) in givens.iter().zip(&on.givens).filter(|(_, &o)| !o) {
            self.session.set_row_bounds(g.2, OFF.0, OFF.1)?;
        }
        for (k, group) in rows.rules.iter().enumerate() {
            if !on.rules[k] {
                for &(r, _) in group {
                    self.session.set_row_bounds(r, OFF.0, OFF.1)?;
                }
            }
        }
        // Houses holding fewer givens of the set are tried first, so the houses left tend to be
        // those where the givens meet.
        let mut order: Vec<usize> = (0..houses.len()).collect();
        order.sort_by_key(|&h| {
            let cells = &puzzle.houses()[h].cells;
            kept_givens
                .iter()
                .filter(|&&g| cells.contains(&givens[g].0))
                .count()
        });
        let house_group =
            |h: usize| -> Group { houses[h].1.iter().map(|&r| (r, EQUALS_ONE)).collect() };
        let house_rows: Vec<Group> = order.iter().map(|&h| house_group(h)).collect();
        let (kept_houses, houses_done) = match (find_houses, done) {
            (true, true) => {
                let (kept, finished) = self.filter(&house_rows)?;
                let mut kept: Vec<usize> = kept.into_iter().map(|k| order[k]).collect();
                kept.sort_unstable();
                (kept, finished)
            }
            (true, false) => ((0..houses.len()).collect(), false),
            (false, _) => (Vec::new(), true),
        };
        let mut minimal = done && houses_done;
        if minimal && find_houses {
            let units = kept_givens
                .iter()
                .map(|&g| {
                    (
                        format!("given {}", givens[g].0),
                        vec![(givens[g].2, EQUALS_ONE)],
                    )
                })
                .chain(
                    kept_rules
                        .iter()
                        .map(|&k| (rule_name(puzzle, k), rows.rules[k].clone())),
                )
                .chain(
                    kept_houses
                        .iter()
                        .map(|&h| (houses[h].0.to_string(), house_group(h))),
                );
            for (name, group) in units {
                if !self.verify_needed(&name, &group)? {
                    minimal = false;
                    break;
                }
            }
        } else if minimal {
            let units = kept_givens
                .iter()
                .map(|&g| Unit::Given(g))
                .chain(kept_rules.iter().map(|&k| Unit::Rule(k)));
            for unit in units {
                on.set(unit, false);
                let outcome = self.sat_outcome(puzzle, rows, &on)?;
                on.set(unit, true);
                match outcome {
                    Outcome::Solved(_) => {}
                    Outcome::TimeLimit => {
                        minimal = false;
                        break;
                    }
                    Outcome::Infeasible => {
                        let name = match unit {
                            Unit::Given(g) => format!("given {}", givens[g].0),
                            Unit::Rule(k) => rule_name(puzzle, k),
                        };
                        return Err(ExplainError::NotMinimal(name));
                    }
                }
            }
        }
        Ok(Explanation {
            reason: Reason::NoCompletion,
            givens: kept_givens
                .iter()
                .map(|&i| (givens[i].0, givens[i].1))
                .collect(),
            houses: kept_houses.iter().map(|&i| houses[i].0).collect(),
            rules: kept_rules,
            minimal,
        })
    }

    /// One step of the deletion filter over givens and rule instances: `unit` is switched off
    /// and stays off when CaDiCaL proves the rest still has no completion. False at the time
    /// limit (the unit is then kept).
    fn drop_if_still_infeasible(
        &mut self,
        puzzle: &Puzzle,
        rows: &RuleRows,
        on: &mut Units,
        unit: Unit,
    ) -> Result<bool, ExplainError> {
        on.set(unit, false);
        match self.sat_outcome(puzzle, rows, on)? {
            Outcome::Infeasible => Ok(true),
            Outcome::Solved(_) => {
                on.set(unit, true);
                Ok(true)
            }
            Outcome::TimeLimit => {
                on.set(unit, true);
                Ok(false)
            }
        }
    }

    /// Whether the givens and rule instances of `on` (with every house) have a completion, by
    /// CaDiCaL ([`Sat`]) on the puzzle they make.
    fn sat_outcome(
        &mut self,
        puzzle: &Puzzle,
        rows: &RuleRows,
        on: &Units,
    ) -> Result<Outcome, ExplainError> {
        let remaining = self.deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Ok(Outcome::TimeLimit);
        }
        let n = puzzle.order();
        let mut values = vec![0u8; n * n];
        for (g, _) in rows.givens.iter().zip(&on.givens).filter(|(_, &o)| o) {
            values[g.0.row * n + g.0.col] = g.1;
        }
        let mut part = puzzle.with_givens(values)?;
        if !puzzle.rules().is_empty() {
            let rules = puzzle
                .rules()
                .iter()
                .zip(&on.rules)
                .filter(|(_, &o)| o)
                .map(|(r, _)| r.clone())
                .collect();
            part = part.with_rules(rules)?;
        }
        self.sat_checks += 1;
        let limits = Limits {
            time_limit: remaining.as_secs_f64(),
        };
        let count = Sat.count(&part, 1, &limits)?;
        Ok(match (count.end, count.solutions.is_empty()) {
            (CountEnd::TimeLimit, true) => Outcome::TimeLimit,
            (_, false) => Outcome::Solved(Vec::new()),
            (_, true) => Outcome::Infeasible,
        })
    }

    /// Switches `group` off alone and solves: true when the grid then has a completion (the
    /// unit is needed), false at the time limit; an error when it still has none.
    fn verify_needed(&mut self, name: &str, group: &Group) -> Result<bool, ExplainError> {
        for &(r, _) in group {
            self.session.set_row_bounds(r, OFF.0, OFF.1)?;
        }
        let outcome = self.solve()?;
        for &(r, on) in group {
            self.session.set_row_bounds(r, on.0, on.1)?;
        }
        match outcome {
            Outcome::Solved(_) => Ok(true),
            Outcome::TimeLimit => Ok(false),
            Outcome::Infeasible => Err(ExplainError::NotMinimal(name.to_string())),
        }
    }

    fn solve(&mut self) -> Result<Outcome, SolveError> {
        let remaining = self.deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Ok(Outcome::TimeLimit);
        }
        let outcome = self.session.solve_milp(remaining.as_secs_f64())?;
        Ok(match (outcome.status, outcome.values) {
            (Status::Solved, Some(values)) => Outcome::Solved(values),
            (Status::Infeasible, _) => Outcome::Infeasible,
            _ => Outcome::TimeLimit,
        })
    }

    /// The deletion filter over groups of rows (module notes), starting from a model that is
    /// infeasible with every group on: returns the indices of the groups left on, and whether
    /// every group was tried (false at the time limit).
    fn filter(&mut self, groups: &[Group]) -> Result<(Vec<usize>, bool), SolveError> {
        let mut kept = Vec::new();
        for (i, rows) in groups.iter().enumerate() {
            for &(r, _) in rows {
                self.session.set_row_bounds(r, OFF.0, OFF.1)?;
            }
            match self.solve()? {
                Outcome::Infeasible => {}
                outcome => {
                    for &(r, on) in rows {
                        self.session.set_row_bounds(r, on.0, on.1)?;
                    }
                    kept.push(i);
                    if matches!(outcome, Outcome::TimeLimit) {
                        kept.extend(i + 1..groups.len());
                        return Ok((kept, false));
                    }
                }
            }
        }
        Ok((kept, true))
    }
}
