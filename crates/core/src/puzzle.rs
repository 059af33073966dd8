//! A validated Sudoku puzzle: its order n, its houses and its givens.
//!
//! A *house* is a set of n cells that must hold the values 1..n exactly once: every row, every
//! column, and every box (or irregular region), plus the two main diagonals when the diagonal rule
//! is on. The houses are data on the puzzle, so a formulation iterates [`Puzzle::houses`] and never
//! special-cases a shape.
//!
//! Over 600 lines, about 120 of them unit tests: the puzzle's construction, its checks and its
//! derived views (houses, peers, implied sums) on one type.

pub use crate::geometry::{square_box_side, Cell, Grid, House, HouseKind, Layout};
use crate::implied::implied_sums;
use crate::layout_index::LayoutIndex;
use crate::rules::{lower_all, Primitive, Rule, RuleError};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

/// The largest order the tool accepts (a 64×64 grid, 262,144 binary variables).
pub const MAX_ORDER: usize = 64;

/// Why a set of givens and a shape do not make a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error("order {0} is too small: a grid needs at least 1 row")]
    Empty(usize),
    #[error("order {0} is larger than the maximum {MAX_ORDER}")]
    TooLarge(usize),
    #[error("order {0} has no square boxes: give the box shape (\"box\": [rows, cols] in JSON)")]
    NoBoxShape(usize),
    #[error("box {rows}x{cols} does not tile a {n}x{n} grid (rows x cols must equal {n})")]
    BadBox { n: usize, rows: usize, cols: usize },
    #[error("regions: {0}")]
    BadRegions(String),
    #[error("{cell}: value {value} is outside 0..{n}")]
    ValueOutOfRange { cell: Cell, value: usize, n: usize },
    #[error("{tag}: {cell} is outside the {n}x{n} grid")]
    CellOutside { tag: String, cell: Cell, n: usize },
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("{first} and {second} both hold {value} in {house}")]
    DuplicateGiven {
        house: HouseKind,
        value: u8,
        first: Cell,
        second: Cell,
    },
}

/// The same value given in two cells of one house: two givens that no grid can complete
/// (what [`PuzzleError::DuplicateGiven`] reports, kept as data by [`Puzzle::new_lenient`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub house: HouseKind,
    pub value: u8,
    pub first: Cell,
    pub second: Cell,
}

/// A validated puzzle: order, layout, optional diagonals, givens (0 = empty), and its houses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    n: usize,
    layout: Layout,
    diagonals: bool,
    givens: Vec<u8>,
    houses: Vec<House>,
    /// The variant rules beside the houses (empty for a classic puzzle).
    rules: Vec<Rule>,
    /// The variant constraints beside the houses: the rules' lowering, or set directly.
    primitives: Vec<Primitive>,
    name: Option<String>,
    /// An optional linear objective over the candidates ([`crate::objective`]).
    objective: Option<crate::objective::Objective>,
    /// The implied sums of the houses and the primitives, computed once on first use.
    implied: Derived<Vec<Primitive>>,
    /// Houses and peers of every cell, built once on first use ([`Puzzle::index`]).
    index: Derived<Arc<LayoutIndex>>,
}

/// A value derived from the rest of the puzzle, computed on first use and then kept; it takes
/// no part in comparing puzzles. The implied sums ([`crate::implied`], over at most
/// `Puzzle::implied_cells_cap` open cells) start anew at every change to the givens or
/// primitives; the [`LayoutIndex`] is built from the houses, which never change after
/// [`Puzzle::new`], and is shared by clones.
#[derive(Debug, Clone)]
struct Derived<T>(OnceLock<T>);

impl<T> Default for Derived<T> {
    fn default() -> Derived<T> {
        Derived(OnceLock::new())
    }
}

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Derived<T>) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

/// A puzzle is its own reference, so that functions over many puzzles take owned puzzles,
/// references or `Arc`s alike ([`crate::batch::solve_puzzles`]).
impl AsRef<Puzzle> for Puzzle {
    fn as_ref(&self) -> &Puzzle {
        self
    }
}

/// The box shape of an order-`n` grid: `given` when its sides multiply to `n`, else square
/// boxes when `n` is a perfect square.
///
/// ```
/// use sudoku_ilp::puzzle::{box_shape, PuzzleError};
/// assert_eq!(box_shape(9, None), Ok((3, 3)));
/// assert_eq!(box_shape(6, Some((2, 3))), Ok((2, 3)));
/// assert_eq!(box_shape(6, None), Err(PuzzleError::NoBoxShape(6)));
/// assert_eq!(box_shape(6, Some((2, 2))), Err(PuzzleError::BadBox { n: 6, rows: 2, cols: 2 }));
/// ```
pub fn box_shape(n: usize, given: Option<(usize, usize)>) -> Result<(usize, usize), PuzzleError> {
    match given.or_else(|| square_box_side(n).filter(|&s| s > 0).map(|s| (s, s))) {
        Some((rows, cols)) if rows.checked_mul(cols) == Some(n) => Ok((rows, cols)),
        Some((rows, cols)) => Err(PuzzleError::BadBox { n, rows, cols }),
        None => Err(PuzzleError::NoBoxShape(n)),
    }
}

impl Puzzle {
    /// Builds a puzzle from row-major values (0 = empty) and a layout; checks the shape, the value
    /// range and that no house holds a given twice.
    ///
    /// ```
    /// use sudoku_ilp::puzzle::{Layout, Puzzle};
    /// let mut cells = vec![0u8; 16];
    /// cells[0] = 1;
    /// let p = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, false, cells).unwrap();
    /// assert_eq!(p.houses().len(), 12); // 4 rows, 4 columns, 4 boxes
    /// ```
    pub fn new(
        n: usize,
        layout: Layout,
        diagonals: bool,
        givens: Vec<u8>,
    ) -> Result<Puzzle, PuzzleError> {
        if n == 0 {
            return Err(PuzzleError::Empty(n));
        }
        if n > MAX_ORDER {
            return Err(PuzzleError::TooLarge(n));
        }
        assert_eq!(givens.len(), n * n, "caller passes n² cells");
        match &layout {
            Layout::Boxes { rows, cols } if rows.checked_mul(*cols) != Some(n) => {
                return Err(PuzzleError::BadBox {
                    n,
                    rows: *rows,
                    cols: *cols,
                });
            }
            Layout::Regions(ids) => check_regions(n, ids)?,
            Layout::Boxes { .. } => {}
        }
        for (i, &v) in givens.iter().enumerate() {
            if v as usize > n {
                return Err(PuzzleError::ValueOutOfRange {
                    cell: Cell {
                        row: i / n,
                        col: i % n,
                    },
                    value: v as usize,
                    n,
                });
            }
        }
        let houses = build_houses(n, &layout, diagonals);
        let puzzle = Puzzle {
            n,
            layout,
            diagonals,
            givens,
            houses,
            rules: Vec::new(),
            primitives: Vec::new(),
            name: None,
            objective: None,
            implied: Derived::default(),
            index: Derived::default(),
        };
        puzzle.check_duplicates()?;
        Ok(puzzle)
    }

    /// Like [`Puzzle::new`], but a given that repeats a value already given in one of its houses
    /// does not fail: it is left out of the puzzle and returned as a [`Conflict`] with that
    /// earlier given (earlier in row-major order). Used by `explain`, which reports such a pair
    /// as a set of givens without a completion; every other problem is still an error.
    pub fn new_lenient(
        n: usize,
        layout: Layout,
        diagonals: bool,
        givens: Vec<u8>,
    ) -> Result<(Puzzle, Vec<Conflict>), PuzzleError> {
        match Puzzle::new(n, layout.clone(), diagonals, givens.clone()) {
            Ok(puzzle) => return Ok((puzzle, Vec::new())),
            Err(PuzzleError::DuplicateGiven { .. }) => {}
            Err(other) => return Err(other),
        }
        let shape = Puzzle::new(n, layout.clone(), diagonals, vec![0; n * n])?;
        let houses_of = shape.houses_of_cells();
        // seen[h][v]: the kept given of value v in house h.
        let mut seen: Vec<Vec<Option<Cell>>> = vec![vec![None; n + 1]; shape.houses.len()];
        let mut kept = vec![0u8; n * n];
        let mut conflicts = Vec::new();
        for (i, cell) in shape.cells().enumerate() {
            let v = givens[i];
            if v == 0 {
                continue;
            }
            let clash = houses_of[i]
                .iter()
                .find_map(|&h| seen[h][v as usize].map(|first| (h, first)));
            match clash {
                Some((h, first)) => conflicts.push(Conflict {
                    house: shape.houses[h].kind,
                    value: v,
                    first,
                    second: cell,
                }),
                None => {
                    for &h in &houses_of[i] {
                        seen[h][v as usize] = Some(cell);
                    }
                    kept[i] = v;
                }
            }
        }
        Ok((Puzzle::new(n, layout, diagonals, kept)?, conflicts))
    }

    /// A puzzle with square boxes (n must be a perfect square).
    pub fn with_square_boxes(n: usize, givens: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let side = square_box_side(n).ok_or(PuzzleError::NoBoxShape(n))?;
        Puzzle::new(
            n,
            Layout::Boxes {
                rows: side,
                cols: side,
            },
            false,
            givens,
        )
    }

    /// The same puzzle (layout, diagonals, name) with other givens, e.g. the forced cells that
    /// propagation filled in; validated like [`Puzzle::new`].
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let mut puzzle = Puzzle::new(self.n, self.layout.clone(), self.diagonals, givens)?;
        puzzle.name = self.name.clone();
        puzzle.rules = self.rules.clone();
        puzzle.primitives = self.primitives.clone();
        puzzle.objective = self.objective.clone();
        Ok(puzzle)
    }

    /// The same puzzle with these variant rules (replacing any it had): each is validated
    /// (cells in the grid, a sum its cells can make, …) and lowered to [`Puzzle::primitives`].
    pub fn with_rules(mut self, rules: Vec<Rule>) -> Result<Puzzle, PuzzleError> {
        self.primitives = lower_all(self.n, &self.layout, &rules)?;
        self.rules = rules;
        self.implied = Derived::default();
        Ok(self)
    }

    /// The variant rules beside the houses (empty for a classic puzzle).
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The same puzzle with these variant constraints beside its houses; every cell they name
    /// must lie in the grid.
    pub fn with_primitives(mut self, primitives: Vec<Primitive>) -> Result<Puzzle, PuzzleError> {
        let n = self.n;
        for p in &primitives {
            if let Some(cell) = p.cells().into_iter().find(|c| c.row >= n || c.col >= n) {
                return Err(PuzzleError::CellOutside {
                    tag: p.tag().to_string(),
                    cell,
                    n,
                });
            }
        }
        self.primitives = primitives;
        self.implied = Derived::default();
        Ok(self)
    }

    /// The variant rules' constraints beside the houses (empty for a classic puzzle).
    pub fn primitives(&self) -> &[Primitive] {
        &self.primitives
    }

    /// The implied sums (innies and outies, [`crate::implied`]) over at most `max_cells` open
    /// cells, and never more than [`Puzzle::implied_cells_cap`], in the order [`implied_sums`]
    /// finds them: computed once per puzzle, up to that cap, and handed to each engine and model
    /// from there (none for a puzzle without sums).
    pub fn implied_sums(&self, max_cells: usize) -> Vec<&Primitive> {
        let all = self.implied.0.get_or_init(|| {
            let n = self.n;
            implied_sums(
                n,
                &self.houses,
                &self.givens,
                &self.primitives,
                self.implied_cells_cap(),
            )
        });
        // An implied sum over k open cells is a primitive over k cells (module `implied`).
        all.iter()
            .filter(|p| p.cells().len() <= max_cells)
            .collect()
    }

    /// The most open cells an implied sum kept by [`Puzzle::implied_sums`] has: the order, or 8
    /// when that is more. Every engine and model asks for at most that many (3, 5 and 6 cells,
    /// or the order for backtracking); computing every size instead built one sum per run of
    /// rows and columns, thousands of cells each, seconds of work on a 64×64 grid (issue 34).
    pub fn implied_cells_cap(&self) -> usize {
        self.n.max(8)
    }

    /// The puzzle's primitives followed by its implied sums over at most `max_cells` open cells:
    /// what an engine that adds the implied sums works on. Borrowed when there are none.
    pub fn primitives_with_implied(&self, max_cells: usize) -> Cow<'_, [Primitive]> {
        let implied = self.implied_sums(max_cells);
        if implied.is_empty() {
            return Cow::Borrowed(&self.primitives);
        }
        let mut all = self.primitives.clone();
        all.extend(implied.into_iter().cloned());
        Cow::Owned(all)
    }

    /// Attaches a display name (from the JSON `"name"` field or the file name).
    pub fn with_name(mut self, name: Option<String>) -> Puzzle {
        self.name = name;
        self
    }

    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Attaches (or removes) a linear objective; its order must be the puzzle's.
    pub fn with_objective(mut self, objective: Option<crate::objective::Objective>) -> Puzzle {
        self.objective = objective.filter(|o| o.n == self.n);
        self
    }

    /// The puzzle's objective, if it carries one.
    pub fn objective(&self) -> Option<&crate::objective::Objective> {
        self.objective.as_ref()
    }

    /// The order n: the grid is n×n and holds values 1..n.
    pub fn order(&self) -> usize {
        self.n
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Every house: rows, then columns, then boxes or regions, then diagonals.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The given value of a cell, or `None` when it is empty.
    pub fn given(&self, cell: Cell) -> Option<u8> {
        match self.givens[cell.row * self.n + cell.col] {
            0 => None,
            v => Some(v),
        }
    }

    /// Row-major givens, 0 for an empty cell.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The givens as a [`Grid`] (0 for an empty cell).
    pub fn givens_grid(&self) -> Grid {
        Grid {
            n: self.n,
            values: self.givens.clone(),
        }
    }

    /// Number of filled cells.
    pub fn given_count(&self) -> usize {
        self.givens.iter().filter(|&&v| v != 0).count()
    }

    /// All cells in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.n * self.n).map(move |i| Cell {
            row: i / self.n,
            col: i % self.n,
        })
    }

    /// Houses of every cell, peers of every cell, cells of every house ([`LayoutIndex`]), built
    /// on first use and kept.
    pub fn index(&self) -> &LayoutIndex {
        self.index
            .0
            .get_or_init(|| LayoutIndex::shared(self.n, &self.houses))
    }

    /// For each cell (row-major), the indices into [`Puzzle::houses`] of the houses that hold it.
    pub fn houses_of_cells(&self) -> &[Vec<usize>] {
        &self.index().houses_of
    }

    /// The cells that share at least one house with `cell` (its peers), each once, sorted.
    pub fn peers(&self, cell: Cell) -> Vec<Cell> {
        let peers = &self.index().peers[cell.index(self.n)];
        peers.iter().map(|&i| Cell::at(i, self.n)).collect()
    }

    /// Every unordered pair of distinct cells that share at least one house, each once, in
    /// row-major order of the first cell then the second: the edges of the Sudoku graph.
    pub fn peer_pairs(&self) -> Vec<(Cell, Cell)> {
        let mut pairs = Vec::new();
        for a in self.cells() {
            for b in self.peers(a) {
                if (b.row, b.col) > (a.row, a.col) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// For each cell (row-major), `ruled_out[i][v]` is true when value v (1..=n) is given in a
    /// peer of the cell: the literal x_{cell,v} is false in every completion.
    pub fn ruled_out_by_givens(&self) -> Vec<Vec<bool>> {
        let n = self.n;
        let mut ruled_out = vec![vec![false; n + 1]; n * n];
        for house in &self.houses {
            for &given_cell in &house.cells {
                let Some(g) = self.given(given_cell) else {
                    continue;
                };
                for &other in house.cells.iter().filter(|&&c| c != given_cell) {
                    ruled_out[other.row * n + other.col][g as usize] = true;
                }
            }
        }
        ruled_out
    }

    fn check_duplicates(&self) -> Result<(), PuzzleError> {
        for house in &self.houses {
            let mut seen: Vec<Option<Cell>> = vec![None; self.n + 1];
            for &cell in &house.cells {
                if let Some(v) = self.given(cell) {
                    if let Some(first) = seen[v as usize] {
                        return Err(PuzzleError::DuplicateGiven {
                            house: house.kind,
                            value: v,
                            first,
                            second: cell,
                        });
                    }
                    seen[v as usize] = Some(cell);
                }
            }
        }
        Ok(())
    }
}

fn check_regions(n: usize, ids: &[usize]) -> Result<(), PuzzleError> {
    if ids.len() != n * n {
        return Err(PuzzleError::BadRegions(format!(
            "{} region ids for {} cells",
            ids.len(),
            n * n
        )));
    }
    let mut sizes = vec![0usize; n];
    for (i, &id) in ids.iter().enumerate() {
        if id >= n {
            return Err(PuzzleError::BadRegions(format!(
                "{}: region {} is outside 1..{n}",
                Cell::at(i, n),
                id + 1
            )));
        }
        sizes[id] += 1;
    }
    if let Some((id, &size)) = sizes.iter().enumerate().find(|(_, &s)| s != n) {
        return Err(PuzzleError::BadRegions(format!(
            "region {} has {size} cells, expected {n}",
            id + 1
        )));
    }
    Ok(())
}

fn build_houses(n: usize, layout: &Layout, diagonals: bool) -> Vec<House> {
    let cell = |row, col| Cell { row, col };
    let mut houses = Vec::with_capacity(3 * n + 2);
    for r in 0..n {
        houses.push(House {
            kind: HouseKind::Row(r),
            cells: (0..n).map(|c| cell(r, c)).collect(),
        });
    }
    for c in 0..n {
        houses.push(House {
            kind: HouseKind::Col(c),
            cells: (0..n).map(|r| cell(r, c)).collect(),
        });
    }
    match layout {
        Layout::Boxes { rows, cols } => {
            let per_band = n / cols;
            for b in 0..n {
                let (r0, c0) = ((b / per_band) * rows, (b % per_band) * cols);
                houses.push(House {
                    kind: HouseKind::Box(b),
                    cells: (0..n).map(|i| cell(r0 + i / cols, c0 + i % cols)).collect(),
                });
            }
        }
        Layout::Regions(ids) => {
            let mut regions = vec![Vec::with_capacity(n); n];
            for (i, &id) in ids.iter().enumerate() {
                regions[id].push(cell(i / n, i % n));
            }
            for (id, cells) in regions.into_iter().enumerate() {
                houses.push(House {
                    kind: HouseKind::Region(id),
                    cells,
                });
            }
        }
    }
    if diagonals {
        houses.push(House {
            kind: HouseKind::Diagonal(0),
            cells: (0..n).map(|i| cell(i, i)).collect(),
        });
        houses.push(House {
            kind: HouseKind::Diagonal(1),
            cells: (0..n).map(|i| cell(i, n - 1 - i)).collect(),
        });
    }
    houses
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty(n: usize, rows: usize, cols: usize) -> Puzzle {
        Puzzle::new(n, Layout::Boxes { rows, cols }, false, vec![0; n * n]).unwrap()
    }

    #[test]
    fn rectangular_boxes_tile_the_grid() {
        for (n, r, c) in [(6, 2, 3), (6, 3, 2), (8, 2, 4), (12, 3, 4), (9, 3, 3)] {
            let p = empty(n, r, c);
            let boxes: Vec<_> = p
                .houses()
                .iter()
                .filter(|h| matches!(h.kind, HouseKind::Box(_)))
                .collect();
            assert_eq!(boxes.len(), n);
            let mut covered = vec![0; n * n];
            for b in &boxes {
                assert_eq!(b.cells.len(), n);
                for cell in &b.cells {
                    covered[cell.row * n + cell.col] += 1;
                    assert_eq!(cell.row / r, b.cells[0].row / r, "one band per box");
                    assert_eq!(cell.col / c, b.cells[0].col / c, "one stack per box");
                }
            }
            assert!(covered.iter().all(|&k| k == 1));
        }
    }

    #[test]
    fn peer_count_matches_formula() {
        // d = 2(n − 1) + (r − 1)(c − 1) peers per cell for r×c boxes.
        for (n, r, c) in [(4, 2, 2), (6, 2, 3), (9, 3, 3), (16, 4, 4)] {
            let p = empty(n, r, c);
            let d = 2 * (n - 1) + (r - 1) * (c - 1);
            for cell in p.cells() {
                assert_eq!(p.peers(cell).len(), d);
            }
        }
    }

    #[test]
    fn duplicate_given_names_both_cells_and_the_house() {
        let mut g = vec![0u8; 81];
        g[0] = 5;
        g[10] = 5; // r2c2, same box as r1c1
        let err = Puzzle::with_square_boxes(9, g).unwrap_err();
        assert_eq!(err.to_string(), "r1c1 and r2c2 both hold 5 in box 1");
    }

    #[test]
    fn lenient_constructor_sets_repeated_givens_aside() {
        let mut g = vec![0u8; 81];
        g[0] = 5;
        g[10] = 5; // r2c2, box 1
        g[8] = 5; // r1c9: row 1 with r1c1 (set aside, so r9c9 below stays)
        g[80] = 5; // r9c9: column 9 with r1c9 only
        let (p, conflicts) =
            Puzzle::new_lenient(9, Layout::Boxes { rows: 3, cols: 3 }, false, g).unwrap();
        assert_eq!(p.given_count(), 2, "r1c1 and r9c9 stay");
        let pairs: Vec<(String, String, String)> = conflicts
            .iter()
            .map(|c| {
                (
                    c.first.to_string(),
                    c.second.to_string(),
                    c.house.to_string(),
                )
            })
            .collect();
        assert_eq!(
            pairs,
            [
                ("r1c1".into(), "r1c9".into(), "row 1".into()),
                ("r1c1".into(), "r2c2".into(), "box 1".into())
            ]
        );
        let two_by_two = Layout::Boxes { rows: 2, cols: 2 };
        let (_, none) = Puzzle::new_lenient(4, two_by_two.clone(), false, vec![0; 16]).unwrap();
        assert!(none.is_empty());
        let bad_box = Puzzle::new_lenient(2, two_by_two, false, vec![0; 4]);
        assert!(matches!(bad_box, Err(PuzzleError::BadBox { .. })));
    }

    #[test]
    fn diagonals_add_two_houses() {
        let mut g = vec![0u8; 16];
        g[0] = 1;
        g[15] = 1; // r1c1 and r4c4 share only the main diagonal
        assert!(Puzzle::with_square_boxes(4, g.clone()).is_ok());
        let err = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, true, g).unwrap_err();
        assert!(err.to_string().contains("main diagonal"), "{err}");
    }

    #[test]
    fn shape_errors() {
        assert_eq!(
            Puzzle::with_square_boxes(6, vec![0; 36]).unwrap_err(),
            PuzzleError::NoBoxShape(6)
        );
        assert!(matches!(
            Puzzle::new(6, Layout::Boxes { rows: 2, cols: 2 }, false, vec![0; 36]),
            Err(PuzzleError::BadBox { .. })
        ));
        assert_eq!(
            Puzzle::with_square_boxes(81, vec![0; 81 * 81]).unwrap_err(),
            PuzzleError::TooLarge(81)
        );
        let bad_regions = Layout::Regions(vec![0, 0, 0, 1]);
        assert!(matches!(
            Puzzle::new(2, bad_regions, false, vec![0; 4]),
            Err(PuzzleError::BadRegions(_))
        ));
    }
}
