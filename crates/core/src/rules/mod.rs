//! Variant rules beside the houses. A puzzle carries a list of [`Rule`]s; each rule type lives in
//! its own file with its data, its validation and its lowering to the four
//! [`primitive::Primitive`]s, which formulations and engines handle without knowing the rule's
//! type.
//!
//! | rule | JSON `"type"` | lowers to |
//! |---|---|---|
//! | [`killer::Cage`] | `killer` | all-different `cageK`, sum `cageK_sum` (when it has a sum) |
//! | [`little_killer::LittleKiller`] | `little_killer` | sum `lkK_sum` (repeats allowed) |
//! | [`thermometer::Thermometer`] | `thermometer` | value(a) + 1 ≤ value(b) per step, `thermoK_stepI` |
//! | [`arrow::Arrow`] | `arrow` | Σ line − number(circle) = 0, `arrowK_sum` |
//! | [`kropki::Kropki`] | `kropki` | allowed pairs `whiteK` / `blackK` |
//! | [`xv::Xv`] | `xv` | value(a) + value(b) = 10 or 5, `xvK` |
//! | [`greater_than::GreaterThan`] | `greater_than` | value(a) − value(b) ≥ 1, `gtK` |
//! | [`parity::Parity`] | `parity` | allowed values `oddK` / `evenK` |
//! | [`extra_region::ExtraRegion`] | `extra_region` | all-different `extraK` |
//! | [`windoku`] | `windoku` | all-different `windokuK` (the windows between the boxes) |
//! | [`anti_knight`] | `anti_knight` | all-different pairs `antiknight_r1c1_r2c3` |
//! | [`anti_king`] | `anti_king` | all-different pairs `antiking_r1c1_r2c2` |
//! | [`non_consecutive`] | `non_consecutive` | allowed pairs `noncons_r1c1_r1c2` (unmarked neighbours) |
//! | [`disjoint_groups`] | `disjoint_groups` | all-different `disjointK` (same position in every box) |
//! | [`negative::Negative`] | `negative` | allowed pairs `negxv_…` / `negblack_…` (unmarked neighbours) |
//! | [`sandwich::Sandwich`] | `sandwich` | sightline `sandwichK`: Σ between the 1 and the n |
//! | [`x_sum::XSum`] | `x_sum` | sightline `xsumK`: Σ of the first value(c₁) cells |
//! | [`skyscraper::Skyscraper`] | `skyscraper` | sightline `skyK`: cells seen from the side |
//! | [`numbered_room::NumberedRoom`] | `numbered_room` | allowed pairs `roomK_X` (first cell, X-th cell) |
//! | [`indexer::Indexer`] | `indexer` | allowed pairs `colindexK_…` / `rowindexK_…` / `boxindexK_…` |
//!
//! A pair of orthogonal neighbours that carries a kropki dot or an X/V is *marked*: it follows its
//! marker only and is exempt from `non_consecutive` and `negative` (as in f-puzzles).
//!
//! [`crate::implied`] derives consequences of the rules, not rules: the implied sums of the
//! houses and the cage sums (innies and outies), which the engines add to the primitives; the
//! independent checker never uses them.

pub mod anti_king;
pub mod anti_knight;
pub mod arrow;
pub mod disjoint_groups;
pub mod extra_region;
pub mod greater_than;
mod holds;
pub mod indexer;
pub mod killer;
pub mod kropki;
pub mod little_killer;
pub mod negative;
pub mod non_consecutive;
pub mod numbered_room;
pub mod outside;
pub mod parity;
pub mod primitive;
pub mod sandwich;
pub mod sightline;
pub mod skyscraper;
pub mod thermometer;
pub mod windoku;
pub mod x_sum;
pub mod xv;

pub use primitive::{LinearRelation, Primitive, Relation, ValueSet};

use crate::geometry::{Cell, Grid, Layout};
use std::collections::HashSet;

/// One variant rule, as read from a puzzle file. Serialised in the project's JSON under
/// `"rules"` as an object with a `"type"` and the rule's fields; cells are written `"r1c1"`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Rule {
    Killer(killer::Cage),
    LittleKiller(little_killer::LittleKiller),
    Thermometer(thermometer::Thermometer),
    Arrow(arrow::Arrow),
    Kropki(kropki::Kropki),
    Xv(xv::Xv),
    GreaterThan(greater_than::GreaterThan),
    Parity(parity::Parity),
    ExtraRegion(extra_region::ExtraRegion),
    Windoku,
    AntiKnight,
    AntiKing,
    NonConsecutive,
    DisjointGroups,
    Negative(negative::Negative),
    Sandwich(sandwich::Sandwich),
    XSum(x_sum::XSum),
    Skyscraper(skyscraper::Skyscraper),
    NumberedRoom(numbered_room::NumberedRoom),
    Indexer(indexer::Indexer),
}

/// Why a rule cannot hold on a puzzle: the rule (with its number and first cell) and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {problem}")]
pub struct RuleError {
    /// The rule as people name it, e.g. `killer cage 3 at r1c1`.
    pub rule: String,
    pub problem: RuleProblem,
}

/// What is wrong with a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleProblem {
    #[error("{cell} is outside the {n}x{n} grid")]
    CellOutside { cell: Cell, n: usize },
    #[error("{cell} appears twice")]
    RepeatedCell { cell: Cell },
    #[error("has no cells")]
    NoCells,
    #[error("{len} cells cannot hold different values of 1..{n}")]
    TooManyCells { len: usize, n: usize },
    #[error("sum {sum} is outside {min}..{max}, the sums its {len} cells can make")]
    SumOutOfRange {
        sum: i64,
        min: i64,
        max: i64,
        len: usize,
    },
    #[error("{a} and {b} are not orthogonal neighbours")]
    NotNeighbours { a: Cell, b: Cell },
    #[error("a circle of {len} cells: a circle holds 1 to 3 cells")]
    CircleSize { len: usize },
    #[error("the circle's cells are not in one row or column, left to right or top to bottom")]
    CircleShape,
    #[error("{0}")]
    Value(String),
    #[error("needs rectangular boxes, the grid has irregular regions")]
    NeedsBoxes,
    #[error("needs square boxes of at least 2x2 cells")]
    NeedsSquareBoxes,
}

/// What validation and lowering need to know about the grid.
pub struct Context<'a> {
    pub n: usize,
    pub layout: &'a Layout,
    /// Unordered orthogonal pairs that carry a kropki dot or an X/V (smaller cell first).
    pub marked: HashSet<(Cell, Cell)>,
}

impl<'a> Context<'a> {
    /// The context of `rules` on an n×n grid with `layout`.
    pub fn new(n: usize, layout: &'a Layout, rules: &[Rule]) -> Context<'a> {
        let marked = rules
            .iter()
            .filter(|r| r.kind().marks_pair())
            .filter_map(|r| match r.cells()[..] {
                [a, b] => Some(ordered(a, b)),
                _ => None,
            })
            .collect();
        Context { n, layout, marked }
    }

    /// Every unordered pair of orthogonal neighbours that carries no marker, smaller cell first.
    pub fn unmarked_neighbours(&self) -> Vec<(Cell, Cell)> {
        let n = self.n;
        let mut pairs = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let a = Cell { row, col };
                let right = Cell { row, col: col + 1 };
                let down = Cell { row: row + 1, col };
                for b in [right, down] {
                    if b.row < n && b.col < n && !self.marked.contains(&(a, b)) {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }
}

/// The pair with the smaller cell (row-major) first.
pub fn ordered(a: Cell, b: Cell) -> (Cell, Cell) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Everything the library knows of one kind of rule. Each rule file implements it; the one
/// `match` over the rule variants is [`Rule::kind`], which picks the implementation.
///
/// Adding a rule type touches three files of code: its own file here (its data and this
/// trait), this module (its `pub mod` line, its variant in [`Rule`], its arm in [`Rule::kind`]
/// and its row in the table above) and its picture in `report/marks.rs` (the one other place
/// that looks at rule types); and two of documentation: its entry in
/// `docs/solve-output.schema.json` and the README's list of rule files. Reading it from
/// f-puzzles files is one more arm in `input/fpuzzles.rs`.
pub trait RuleKind {
    /// The kind as people name it, e.g. `killer cage`, `white dot`.
    fn name(&self) -> &'static str;

    /// The short tag prefix of the kind's primitives (`cage`, `thermo`, …), numbered per prefix.
    fn tag_prefix(&self) -> &'static str;

    /// The cells the rule names (empty for the rules that cover the whole grid).
    fn cells(&self) -> Vec<Cell> {
        Vec::new()
    }

    /// The sum its cells add up to, for a rule that is a sum over its cells (a killer cage with a
    /// sum, a little killer): shown beside its cells.
    fn sum(&self) -> Option<i64> {
        None
    }

    /// Whether the rule marks the pair of cells it names (a kropki dot, an X/V): the two must
    /// be orthogonal neighbours, and the pair is exempt from the rules over unmarked neighbours.
    fn marks_pair(&self) -> bool {
        false
    }

    /// Checks that the rule can hold on the grid of `ctx`, beyond its cells lying in the grid
    /// once each (which [`lower_each`] checks for every rule).
    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        Ok(())
    }

    /// The rule's primitives; `tag` names this instance (`cage3`, `thermo2`, …).
    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive>;

    /// The independent check on a grid whose cells all hold 1..n: reads the values off the grid
    /// and tests what the rule says in words, with no code of the lowering or of the primitives.
    /// `name` names the rule instance in the failure.
    fn holds(&self, name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken>;
}

/// A rule that does not hold on a grid: the rule (or the part of it) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    pub rule: String,
    pub problem: String,
}

impl Rule {
    /// The implementation of the rule's kind: the one `match` over the rule variants.
    pub fn kind(&self) -> &dyn RuleKind {
        match self {
            Rule::Killer(r) => r,
            Rule::LittleKiller(r) => r,
            Rule::Thermometer(r) => r,
            Rule::Arrow(r) => r,
            Rule::Kropki(r) => r,
            Rule::Xv(r) => r,
            Rule::GreaterThan(r) => r,
            Rule::Parity(r) => r,
            Rule::ExtraRegion(r) => r,
            Rule::Windoku => &windoku::Windoku,
            Rule::AntiKnight => &anti_knight::AntiKnight,
            Rule::AntiKing => &anti_king::AntiKing,
            Rule::NonConsecutive => &non_consecutive::NonConsecutive,
            Rule::DisjointGroups => &disjoint_groups::DisjointGroups,
            Rule::Negative(r) => r,
            Rule::Sandwich(r) => r,
            Rule::XSum(r) => r,
            Rule::Skyscraper(r) => r,
            Rule::NumberedRoom(r) => r,
            Rule::Indexer(r) => r,
        }
    }

    /// The rule's kind as people name it, e.g. `killer cage`, `white dot`.
    pub fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// The cells the rule names (empty for the rules that cover the whole grid).
    pub fn cells(&self) -> Vec<Cell> {
        self.kind().cells()
    }

    /// The sum its cells add up to, if it is a sum over its cells ([`RuleKind::sum`]).
    pub fn sum(&self) -> Option<i64> {
        self.kind().sum()
    }

    /// Checks that the rule can hold on the grid of `ctx`; `number` is its 1-based number among
    /// the rules of its kind, used in the message.
    fn validate(&self, number: usize, ctx: &Context) -> Result<(), RuleError> {
        let cells = self.cells();
        let name = match cells.first() {
            Some(first) => format!("{} {number} at {first}", self.kind_name()),
            None => self.kind_name().to_string(),
        };
        let fail = |problem| RuleError {
            rule: name.clone(),
            problem,
        };
        if let Some(&cell) = cells.iter().find(|c| c.row >= ctx.n || c.col >= ctx.n) {
            return Err(fail(RuleProblem::CellOutside { cell, n: ctx.n }));
        }
        let mut seen = HashSet::new();
        if let Some(&cell) = cells.iter().find(|&&c| !seen.insert(c)) {
            return Err(fail(RuleProblem::RepeatedCell { cell }));
        }
        if let (&[a, b], true) = (&cells[..], self.kind().marks_pair()) {
            if !are_neighbours(a, b) {
                return Err(fail(RuleProblem::NotNeighbours { a, b }));
            }
        }
        self.kind().validate(ctx).map_err(fail)
    }
}

/// Validates `rules` on an n×n grid with `layout` and lowers them to primitives, numbering each
/// rule's tag among the rules of its prefix (`cage1`, `cage2`, …, `thermo1`, …).
pub fn lower_all(n: usize, layout: &Layout, rules: &[Rule]) -> Result<Vec<Primitive>, RuleError> {
    Ok(lower_each(n, layout, rules)?.concat())
}

/// [`lower_all`] kept per rule: the primitives of each rule, in the rules' order (`explain`
/// switches a rule instance on and off through them).
pub fn lower_each(
    n: usize,
    layout: &Layout,
    rules: &[Rule],
) -> Result<Vec<Vec<Primitive>>, RuleError> {
    let ctx = Context::new(n, layout, rules);
    let mut counts: std::collections::HashMap<&str, usize> = Default::default();
    let mut kind_counts: std::collections::HashMap<&str, usize> = Default::default();
    let mut out = Vec::new();
    for rule in rules {
        let number = kind_counts.entry(rule.kind_name()).or_insert(0);
        *number += 1;
        rule.validate(*number, &ctx)?;
        let kind = rule.kind();
        let k = counts.entry(kind.tag_prefix()).or_insert(0);
        *k += 1;
        out.push(kind.lower(&format!("{}{}", kind.tag_prefix(), k), &ctx));
    }
    Ok(out)
}

/// The sums k different values of 1..n can make: 1 + … + k up to (n − k + 1) + … + n.
pub fn distinct_sum_range(n: usize, k: usize) -> (i64, i64) {
    let (n, k) = (n as i64, k as i64);
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// At least one cell and at most n: the cells of a rule whose values differ (or increase).
pub(crate) fn check_distinct_cells(len: usize, n: usize) -> Result<(), RuleProblem> {
    match len {
        0 => Err(RuleProblem::NoCells),
        len if len > n => Err(RuleProblem::TooManyCells { len, n }),
        _ => Ok(()),
    }
}

/// Checks a sum over `len` cells against `min..=max`.
pub(crate) fn check_sum(sum: i64, min: i64, max: i64, len: usize) -> Result<(), RuleProblem> {
    if sum < min || sum > max {
        Err(RuleProblem::SumOutOfRange { sum, min, max, len })
    } else {
        Ok(())
    }
}

/// Whether two cells are orthogonal neighbours.
pub fn are_neighbours(a: Cell, b: Cell) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// `r1c1_r1c2`: the tag part of a pair of cells.
pub(crate) fn pair_tag(a: Cell, b: Cell) -> String {
    format!("{a}_{b}")
}

/// The pair table of a relation between the values of a and b on 1..n.
pub(crate) fn pair_table(n: usize, allowed: impl Fn(i64, i64) -> bool) -> Vec<ValueSet> {
    (1..=n as u8)
        .map(|u| ValueSet::of((1..=n as u8).filter(|&w| allowed(u as i64, w as i64))))
        .collect()
}

/// An all-different primitive on two cells for every pair of cells a `step` apart (both signs
/// of both coordinates), skipping pairs in one row or column (houses already cover them).
pub(crate) fn move_pairs(n: usize, steps: &[(i64, i64)], prefix: &str) -> Vec<Primitive> {
    let mut out = Vec::new();
    for row in 0..n {
        for col in 0..n {
            let a = Cell { row, col };
            for &(dr, dc) in steps {
                let (r, c) = (row as i64 + dr, col as i64 + dc);
                if r < 0 || c < 0 || r >= n as i64 || c >= n as i64 || dr == 0 || dc == 0 {
                    continue;
                }
                let b = Cell {
                    row: r as usize,
                    col: c as usize,
                };
                if a < b {
                    out.push(Primitive::AllDifferent {
                        tag: format!("{prefix}_{}", pair_tag(a, b)),
                        cells: vec![a, b],
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
