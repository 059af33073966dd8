//! Branching: on a candidate (x = 1 / x = 0), on any binary column, or on a cell (one child per
//! open digit); the columns and names of candidates and cells.

use super::lp::LabLp;
use super::{CellName, Lab, LabError, LabRow, NodeStatus};

impl<L: LabLp> Lab<L> {
    /// Branches node `id` on candidate (cell, value): children x = 1 then x = 0.
    pub fn branch_candidate(
        &mut self,
        id: usize,
        cell: usize,
        value: u8,
    ) -> Result<Vec<usize>, LabError> {
        self.evaluate(id)?;
        self.open_node(id, "branched")?;
        let col = self.column(cell, value)?;
        let bounds = self.bounds_at(id);
        if bounds[col].0 == bounds[col].1 {
            return Err(LabError::AlreadyFixed {
                cell: self.cell_ref(cell),
                value,
                node: id,
            });
        }
        self.expand(id, NodeStatus::Branched);
        let name = self.cell_name(cell);
        let fixings = self.fix_one(col, &bounds);
        let one = self.make_node(Some(id), format!("{name}={value}"), fixings)?;
        let zero = self.make_node(Some(id), format!("{name}≠{value}"), vec![(col, 0.0)])?;
        self.release_when_children_solved(id);
        Ok(vec![one, zero])
    }

    /// Branches node `id` on column `col`: a candidate x_{cell,v} as [`Lab::branch_candidate`]
    /// does, any other binary column (a cage's digit-set y_D) into children y = 1 then y = 0,
    /// labelled with its name.
    pub fn branch_column(&mut self, id: usize, col: usize) -> Result<Vec<usize>, LabError> {
        if let Some((cell, value)) = self.candidate.get(col).copied().flatten() {
            return self.branch_candidate(id, cell, value);
        }
        self.evaluate(id)?;
        self.open_node(id, "branched")?;
        let bounds = self
            .bounds_at(id)
            .get(col)
            .copied()
            .ok_or(LabError::NoColumn(col))?;
        let name = self.column_name(col);
        if bounds.0 == bounds.1 {
            return Err(LabError::ColumnFixed { name, node: id });
        }
        let all = self.bounds_at(id);
        self.expand(id, NodeStatus::Branched);
        let fixings = self.fix_one(col, &all);
        let one = self.make_node(Some(id), format!("{name}=1"), fixings)?;
        let zero = self.make_node(Some(id), format!("{name}=0"), vec![(col, 0.0)])?;
        self.release_when_children_solved(id);
        Ok(vec![one, zero])
    }

    /// Branches node `id` on a cell: one child per digit still open in it (x_{cell,v} = 1), in
    /// decreasing LP value x_{cell,v} at the node (ties by digit), so that depth first tries
    /// first the digit the LP leans to.
    pub fn branch_cell(&mut self, id: usize, cell: usize) -> Result<Vec<usize>, LabError> {
        self.evaluate(id)?;
        self.open_node(id, "branched")?;
        let bounds = self.bounds_at(id);
        let mut open: Vec<(u8, usize)> = (1..=self.n as u8)
            .filter_map(|v| self.column_of[cell][usize::from(v) - 1].map(|c| (v, c)))
            .filter(|&(_, c)| bounds[c].1 > 0.5)
            .collect();
        let weight = |c: usize| self.nodes[id].values.get(c).copied().unwrap_or(0.0);
        open.sort_by(|a, b| weight(b.1).total_cmp(&weight(a.1)).then(a.0.cmp(&b.0)));
        if open.len() < 2 {
            return Err(LabError::FewDigits {
                cell: self.cell_ref(cell),
                open: open.len(),
                node: id,
            });
        }
        self.expand(id, NodeStatus::Branched);
        let name = self.cell_name(cell);
        let mut children = Vec::new();
        for (v, col) in open {
            let fixings = self.fix_one(col, &bounds);
            children.push(self.make_node(Some(id), format!("{name}={v}"), fixings)?);
        }
        self.release_when_children_solved(id);
        Ok(children)
    }

    /// The fixings of x_col = 1 at a node with column bounds `bounds`: x_col = 1, and x_j = 0
    /// for every other column j of a model row `Σ x = 1` (all coefficients 1) holding col —
    /// the same cell's other digits, the same digit in its houses, whatever rule made the row.
    /// The LP is the same (those rows and x ≥ 0 force the zeros), but the dual simplex starts
    /// from the zeros instead of pivoting to them, and a tableau row read below has fewer
    /// nonbasic columns, so a Gomory cut there has fewer terms.
    pub(super) fn fix_one(&self, col: usize, bounds: &[(f64, f64)]) -> Vec<(usize, f64)> {
        let mut fixings = vec![(col, 1.0)];
        let partition = |row: &LabRow| {
            row.cut.is_none()
                && row.lower == 1.0
                && row.upper == 1.0
                && row
                    .terms
                    .iter()
                    .all(|&(j, a)| a == 1.0 && self.base[j].0 >= 0.0)
                && row.terms.iter().any(|&(j, _)| j == col)
        };
        for row in self.rows.iter().filter(|r| partition(r)) {
            for &(j, _) in &row.terms {
                if j != col && bounds[j] != (0.0, 0.0) && !fixings.contains(&(j, 0.0)) {
                    fixings.push((j, 0.0));
                }
            }
        }
        fixings
    }

    /// The column of candidate (cell, value).
    pub fn column(&self, cell: usize, value: u8) -> Result<usize, LabError> {
        self.column_of
            .get(cell)
            .and_then(|c| c.get(usize::from(value).wrapping_sub(1)))
            .copied()
            .flatten()
            .ok_or(LabError::NoCandidate {
                cell: self.cell_ref(cell),
                value,
            })
    }

    /// The column's name in the model (`x_r1_c1_v5`, `y_cage3_d2`).
    pub fn column_name(&self, col: usize) -> String {
        self.names.get(col).cloned().unwrap_or_default()
    }

    /// The cell's name `r1c1` … for labels.
    pub fn cell_name(&self, cell: usize) -> String {
        self.cell_ref(cell).to_string()
    }

    /// The cell's name as a value (`r1c1` when shown).
    pub fn cell_ref(&self, cell: usize) -> CellName {
        CellName::of(cell, self.n)
    }
}
