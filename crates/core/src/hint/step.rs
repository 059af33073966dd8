//! One step of a path: the technique, what it places and removes, and the pattern it saw.

use super::grid::Candidates;
use super::technique::Technique;

/// A step a technique found on a candidate grid.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// Sukaku Explainer's scale (the technique's base, plus a chain's length).
    pub difficulty: f64,
    /// (cell index, value) placed.
    pub placements: Vec<(usize, u8)>,
    /// (cell index, value) removed.
    pub eliminations: Vec<(usize, u8)>,
    /// The cells of the pattern (where to look).
    pub cells: Vec<usize>,
    /// The houses of the pattern (indices into [`Candidates::houses`]).
    pub houses: Vec<usize>,
    /// One sentence for people.
    pub text: String,
    /// The pigeon-hole argument the text makes, as rows of the binary model with multipliers
    /// (the certificate of every elimination of the step); empty when the technique is not a
    /// pigeon-hole argument, and its certificates come from the LP.
    pub argument: Vec<(ModelRow, f64)>,
}

/// A row of the binary model by what it sums: the places of a value in a house
/// (`Σ_{c∈H} x_cv = 1`) or the values of a cell (`Σ_v x_cv = 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelRow {
    /// (house index into [`Candidates::houses`], value).
    House(usize, u8),
    /// A cell index.
    Cell(usize),
}

/// `+1` on each row of `plus`, `−1` on each row of `minus`: the pigeon-hole argument's form.
pub fn plus_minus(
    plus: impl IntoIterator<Item = ModelRow>,
    minus: impl IntoIterator<Item = ModelRow>,
) -> Vec<(ModelRow, f64)> {
    let plus = plus.into_iter().map(|r| (r, 1.0));
    plus.chain(minus.into_iter().map(|r| (r, -1.0))).collect()
}

impl Step {
    /// A step of `technique` at its base difficulty.
    pub fn new(technique: Technique, text: String) -> Step {
        Step {
            technique,
            difficulty: technique.difficulty(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            text,
            argument: Vec::new(),
        }
    }

    /// Applies the step: values placed (with their peers' removals), candidates removed.
    pub fn apply(&self, grid: &mut Candidates) {
        for &(c, v) in &self.placements {
            grid.place(c, v);
        }
        for &(c, v) in &self.eliminations {
            grid.eliminate(c, v);
        }
    }

    /// Whether the step changes anything on `grid`.
    pub fn changes(&self, grid: &Candidates) -> bool {
        self.placements.iter().any(|&(c, _)| grid.value[c] == 0)
            || self.eliminations.iter().any(|&(c, v)| grid.has(c, v))
    }
}

/// The removals of value v from `cells`, keeping only open candidates.
pub fn removals(
    grid: &Candidates,
    cells: impl IntoIterator<Item = usize>,
    v: u8,
) -> Vec<(usize, u8)> {
    cells
        .into_iter()
        .filter(|&c| grid.value[c] == 0 && grid.has(c, v))
        .map(|c| (c, v))
        .collect()
}

/// Cell names `r1c1, r1c2` of cell indices.
pub fn cell_list(grid: &Candidates, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| grid.cell(c).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Values `{1,2,3}` of a mask.
pub fn value_list(mask: u64) -> String {
    let vs: Vec<String> = super::grid::values(mask).map(|v| v.to_string()).collect();
    format!("{{{}}}", vs.join(","))
}
