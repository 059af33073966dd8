//! The names of the models' columns and rows that other code reads back (the lab, the
//! certificates, the page, the exports), written here once. 1-based, as DESIGN.md's contract
//! lists them: x_{r,c,v} is `x_r{r}_c{c}_v{v}`, a cell's row `cell_r{r}_c{c}`, a house's rows
//! `row_r{r}_v{v}`, `col_c{c}_v{v}`, `box_b{b}_v{v}`, `region_g{g}_v{v}`, `diag_d{d}_v{v}`.
//! A cell's own name `r{r}c{c}` is [`Cell`]'s `Display`. Code that needs a column or a row
//! asks the [`super::BuiltModel`] for it; the independent checker keeps its own parser.

use crate::puzzle::{Cell, HouseKind};

/// A cell inside model names, `r{row}_c{col}` (1-based).
pub fn cell_tag(cell: Cell) -> String {
    format!("r{}_c{}", cell.row + 1, cell.col + 1)
}

/// The binary model's column x_{cell,v}: `x_r{r}_c{c}_v{v}`.
pub fn candidate_column_name(cell: Cell, v: u8) -> String {
    format!("x_{}_v{v}", cell_tag(cell))
}

/// The binary model's row Σ_v x_{cell,v} = 1: `cell_r{r}_c{c}`.
pub fn cell_row_name(cell: Cell) -> String {
    format!("cell_{}", cell_tag(cell))
}

/// The row of a given: `given_r{r}_c{c}`.
pub fn given_row_name(cell: Cell) -> String {
    format!("given_{}", cell_tag(cell))
}

/// The binary model's row Σ_{cell∈H} x_{cell,v} = 1 of house `kind` and value v.
pub fn house_row_name(kind: HouseKind, v: usize) -> String {
    match kind {
        HouseKind::Row(i) => format!("row_r{}_v{v}", i + 1),
        HouseKind::Col(i) => format!("col_c{}_v{v}", i + 1),
        HouseKind::Box(i) => format!("box_b{}_v{v}", i + 1),
        HouseKind::Region(i) => format!("region_g{}_v{v}", i + 1),
        HouseKind::Diagonal(i) => format!("diag_d{}_v{v}", i + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_based() {
        let cell = Cell { row: 2, col: 4 };
        assert_eq!(candidate_column_name(cell, 7), "x_r3_c5_v7");
        assert_eq!(cell_row_name(cell), "cell_r3_c5");
        assert_eq!(given_row_name(cell), "given_r3_c5");
        assert_eq!(house_row_name(HouseKind::Box(0), 9), "box_b1_v9");
        assert_eq!(cell.to_string(), "r3c5");
    }
}
