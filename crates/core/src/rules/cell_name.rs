//! Cells in the project's JSON are written `"r1c1"` (1-based row and column).

use crate::puzzle::Cell;
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

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
