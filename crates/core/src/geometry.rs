//! Grid geometry, below the puzzle and its rules: a [`Cell`] and its name `r1c1`, the
//! [`Layout`] of the third family of houses, the square box side of an order, a [`House`] and a
//! [`Grid`] of values. It imports nothing of the crate, so the puzzle and the rules both build
//! on it without importing each other.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A cell position, 0-based internally; shown 1-based to users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    /// The cell at row-major index `index` of an n×n grid.
    pub fn at(index: usize, n: usize) -> Cell {
        Cell {
            row: index / n.max(1),
            col: index % n.max(1),
        }
    }

    /// The cell's row-major index in an n×n grid.
    pub fn index(self, n: usize) -> usize {
        self.row * n + self.col
    }
}

impl fmt::Display for Cell {
    /// Formats as `r{row}c{col}`, 1-based, as in the model names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// How the grid is cut into the third family of houses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// Boxes of `rows × cols` cells, with `rows · cols = n`.
    Boxes { rows: usize, cols: usize },
    /// Irregular regions: a region index 0..n per cell (row-major), each region n cells.
    Regions(Vec<usize>),
}

/// The square box side of order n, if n is a perfect square.
pub fn square_box_side(n: usize) -> Option<usize> {
    let s = (n as f64).sqrt().round() as usize;
    (s * s == n).then_some(s)
}

/// What kind of house, with its 0-based index among houses of that kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HouseKind {
    Row(usize),
    Col(usize),
    Box(usize),
    Region(usize),
    /// 0: the main diagonal (r = c); 1: the anti-diagonal (r + c = n − 1).
    Diagonal(usize),
}

impl HouseKind {
    /// The house's name as used in model names, 1-based: `r3`, `c5`, `b2`, `region4`, `diag1`.
    pub fn tag(&self) -> String {
        match *self {
            HouseKind::Row(i) => format!("r{}", i + 1),
            HouseKind::Col(i) => format!("c{}", i + 1),
            HouseKind::Box(i) => format!("b{}", i + 1),
            HouseKind::Region(i) => format!("region{}", i + 1),
            HouseKind::Diagonal(i) => format!("diag{}", i + 1),
        }
    }
}

impl fmt::Display for HouseKind {
    /// Formats for people: `row 3`, `column 5`, `box 2`, `region 4`, `diagonal 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HouseKind::Row(i) => write!(f, "row {}", i + 1),
            HouseKind::Col(i) => write!(f, "column {}", i + 1),
            HouseKind::Box(i) => write!(f, "box {}", i + 1),
            HouseKind::Region(i) => write!(f, "region {}", i + 1),
            HouseKind::Diagonal(0) => write!(f, "main diagonal"),
            HouseKind::Diagonal(_) => write!(f, "anti-diagonal"),
        }
    }
}

/// n cells that must hold 1..n exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    pub kind: HouseKind,
    pub cells: Vec<Cell>,
}

/// A filled (or partly filled) grid of values, row-major, 0 = empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub n: usize,
    pub values: Vec<u8>,
}

impl Grid {
    pub fn get(&self, cell: Cell) -> u8 {
        self.values[cell.row * self.n + cell.col]
    }

    /// The grid as n rows of n values.
    pub fn rows(&self) -> Vec<Vec<u8>> {
        self.values.chunks(self.n).map(|r| r.to_vec()).collect()
    }
}

// Cells in the project's JSON are written `"r1c1"` (1-based row and column).

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let text = String::deserialize(d)?;
        parse_cell(&text).ok_or_else(|| {
            de::Error::custom(format!("cell {text:?}: expected r<row>c<col>, 1-based"))
        })
    }
}

/// Reads `r3c5` (1-based) as the row-major index of a cell of an n×n grid; `None` for any
/// other text or a cell outside the grid.
pub fn parse_cell_index(text: &str, n: usize) -> Option<usize> {
    let cell = parse_cell(text)?;
    (cell.row < n && cell.col < n).then(|| cell.index(n))
}

/// Reads `r3c5` / `R3C5` (1-based) as a cell.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let lower = text.trim().to_ascii_lowercase();
    let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    (row >= 1 && col >= 1).then(|| Cell {
        row: row - 1,
        col: col - 1,
    })
}
