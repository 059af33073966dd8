//! Variant rules beside the houses. A puzzle carries a list of [`Rule`]s; each rule type lives in
//! its own file with its data, its validation and its lowering to the
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
//! | [`palindrome::Palindrome`] | `palindrome` | allowed pairs {(u, u)} of mirrored cells `palindromeK_I` |
//! | [`clone::Clones`] | `clone` | allowed pairs {(u, u)} cell for cell `cloneK_I` |
//! | [`renban::Renban`] | `renban` | value sets: the windows of L consecutive values `renbanK` |
//! | [`whispers::Whispers`] | `whispers` | allowed pairs \|u − w\| ≥ d along the line `whispersK_a_b` |
//! | [`nabner::Nabner`] | `nabner` | value sets: the L-sets without two consecutive values `nabnerK` (allowed pairs \|u − w\| ≥ 2 `nabnerK_a_b` past 1,000 sets) |
//! | [`entropic::Entropic`] | `entropic` | allowed tuples of three classes per 3 neighbouring cells `entropicK_c` |
//! | [`modular::Modular`] | `modular` | allowed tuples of three residues per 3 neighbouring cells `modularK_c` |
//! | [`between::Between`] | `between` | allowed triples (end, end, middle) `betweenK_m` |
//! | [`lockout::Lockout`] | `lockout` | allowed pairs of the ends, allowed triples `lockoutK_m` |
//! | [`region_sum::RegionSum`] | `region_sum` | Σ piece − Σ next piece = 0, `regionsumK_I` |
//! | [`zipper::Zipper`] | `zipper` | facing cells' sum − the reference = 0, `zipperK_I` |
//! | [`double_arrow::DoubleArrow`] | `double_arrow` | Σ middle − ends = 0, `doublearrowK` |
//! | [`slow_thermometer::SlowThermometer`] | `slow_thermometer` | value(a) ≤ value(b) per step, `slowthermoK_stepI` |
//! | [`extremum::Extremum`] | `extremum` | value(low) + 1 ≤ value(high) per neighbour, `minK_…` / `maxK_…` |
//! | [`quadruple::Quadruple`] | `quadruple` | allowed tuples of the corner's cells `quadK` |
//! | [`pencil_marks::PencilMarks`] | `pencil_marks` | allowed values `marksK` |
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
pub mod between;
pub mod class_table;
pub mod clone;
pub mod disjoint_groups;
pub mod double_arrow;
pub mod entropic;
pub mod extra_region;
pub mod extremum;
pub mod greater_than;
mod holds;
pub mod indexer;
pub mod killer;
pub mod kropki;
pub mod little_killer;
pub mod lockout;
pub mod modular;
pub mod nabner;
pub mod negative;
pub mod non_consecutive;
pub mod numbered_room;
pub mod outside;
pub mod palindrome;
pub mod parity;
pub mod pencil_marks;
pub mod primitive;
pub mod quadruple;
pub mod region_sum;
pub mod renban;
pub mod sandwich;
pub mod sightline;
pub mod skyscraper;
pub mod slow_thermometer;
pub mod thermometer;
pub mod value_set;
pub mod value_sets;
pub mod whispers;
pub mod windoku;
pub mod x_sum;
pub mod xv;
pub mod zipper;

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
    Palindrome(palindrome::Palindrome),
    Clone(clone::Clones),
    Renban(renban::Renban),
    Whispers(whispers::Whispers),
    Nabner(nabner::Nabner),
    Entropic(entropic::Entropic),
    Modular(modular::Modular),
    Between(between::Between),
    Lockout(lockout::Lockout),
    RegionSum(region_sum::RegionSum),
    Zipper(zipper::Zipper),
    DoubleArrow(double_arrow::DoubleArrow),
    SlowThermometer(slow_thermometer::SlowThermometer),
    Extremum(extremum::Extremum),
    Quadruple(quadruple::Quadruple),
    PencilMarks(pencil_marks::PencilMarks),
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
/// and its row in the table above) and its picture in `report/marks/` (the one other place
/// that looks at rule types: its arms in `layer_of` and `draw_rules` there, a drawing in its
/// family's file; `rule_pictures.rs` fails until a sample of it is drawn); and two of
/// documentation: its entry in
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
            Rule::Palindrome(r) => r,
            Rule::Clone(r) => r,
            Rule::Renban(r) => r,
            Rule::Whispers(r) => r,
            Rule::Nabner(r) => r,
            Rule::Entropic(r) => r,
            Rule::Modular(r) => r,
            Rule::Between(r) => r,
            Rule::Lockout(r) => r,
            Rule::RegionSum(r) => r,
            Rule::Zipper(r) => r,
            Rule::DoubleArrow(r) => r,
            Rule::SlowThermometer(r) => r,
            Rule::Extremum(r) => r,
            Rule::Quadruple(r) => r,
            Rule::PencilMarks(r) => r,
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

/// At least one cell.
pub(crate) fn check_some_cells(len: usize) -> Result<(), RuleProblem> {
    match len {
        0 => Err(RuleProblem::NoCells),
        _ => Ok(()),
    }
}

/// At least two cells: a line's two ends.
pub(crate) fn check_two_ends(len: usize) -> Result<(), RuleProblem> {
    match len {
        len if len < 2 => Err(RuleProblem::Value("a line needs two ends".into())),
        _ => Ok(()),
    }
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

/// The allowed pairs {(u, u)}: value(a) = value(b).
pub(crate) fn equal_pair(tag: String, a: Cell, b: Cell, n: usize) -> Primitive {
    Primitive::Pairs {
        tag,
        a,
        b,
        allowed: pair_table(n, |u, w| u == w),
    }
}

/// An allowed-pairs table `{tag}_{a}_{b}` for every two cells of a line at most `reach` apart
/// along it (`None`: every two cells).
pub(crate) fn line_pairs(
    tag: &str,
    cells: &[Cell],
    n: usize,
    reach: Option<usize>,
    allowed: impl Fn(i64, i64) -> bool,
) -> Vec<Primitive> {
    let table = pair_table(n, allowed);
    let mut out = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        let last = reach.map_or(cells.len(), |r| (i + 1 + r).min(cells.len()));
        for &b in &cells[i + 1..last] {
            out.push(Primitive::Pairs {
                tag: format!("{tag}_{}", pair_tag(a, b)),
                a,
                b,
                allowed: table.clone(),
            });
        }
    }
    out
}

/// The box or region of a cell (row-major box number for boxes).
pub(crate) fn region_of(ctx: &Context, c: Cell) -> usize {
    match ctx.layout {
        Layout::Boxes { rows, cols } => (c.row / rows) * (ctx.n / cols) + c.col / cols,
        Layout::Regions(ids) => ids[c.row * ctx.n + c.col],
    }
}

/// Whether two cells share a row, a column or a box (region): they must differ.
pub(crate) fn same_house(ctx: &Context, a: Cell, b: Cell) -> bool {
    a.row == b.row || a.col == b.col || region_of(ctx, a) == region_of(ctx, b)
}

/// At least one cell, and three `classes` (classes, residues) of 1..n: n ≥ 3.
pub(crate) fn check_three_classes(len: usize, n: usize, classes: &str) -> Result<(), RuleProblem> {
    check_some_cells(len)?;
    if n < 3 {
        return Err(RuleProblem::Value(format!("no three {classes} in 1..{n}")));
    }
    Ok(())
}

/// One allowed-tuples table `{tag}_{first cell}` per run of three neighbouring cells of a line
/// (the whole line when shorter): the tuples whose values have pairwise different `class`es,
/// without the tuples that repeat a value in two cells of one house.
pub(crate) fn class_windows(
    tag: &str,
    cells: &[Cell],
    ctx: &Context,
    class: impl Fn(u8) -> u8,
) -> Vec<Primitive> {
    let n = ctx.n as u8;
    let width = cells.len().min(3);
    cells
        .windows(width)
        .map(|w| {
            let mut rows: Vec<Vec<u8>> = vec![Vec::new()];
            for &c in w {
                let mut longer = Vec::new();
                for row in &rows {
                    for v in 1..=n {
                        let fits = row.iter().enumerate().all(|(j, &u)| {
                            class(u) != class(v) && (u != v || !same_house(ctx, w[j], c))
                        });
                        if fits {
                            let mut next = row.clone();
                            next.push(v);
                            longer.push(next);
                        }
                    }
                }
                rows = longer;
            }
            Primitive::Tuples {
                tag: format!("{tag}_{}", w[0]),
                cells: w.to_vec(),
                allowed: rows,
            }
        })
        .collect()
}

/// The allowed-tuples table of a relation over three cells, without the tuples that repeat a
/// value in two cells of one house.
pub(crate) fn triples(
    tag: String,
    cells: [Cell; 3],
    ctx: &Context,
    allowed: impl Fn(u8, u8, u8) -> bool,
) -> Primitive {
    let n = ctx.n as u8;
    let clash = |i: usize, j: usize, x: u8, y: u8| x == y && same_house(ctx, cells[i], cells[j]);
    let mut rows = Vec::new();
    for u in 1..=n {
        for w in 1..=n {
            for t in 1..=n {
                let fits = !clash(0, 1, u, w) && !clash(0, 2, u, t) && !clash(1, 2, w, t);
                if fits && allowed(u, w, t) {
                    rows.push(vec![u, w, t]);
                }
            }
        }
    }
    Primitive::Tuples {
        tag,
        cells: cells.to_vec(),
        allowed: rows,
    }
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
