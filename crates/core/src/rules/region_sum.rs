//! Region-sum line: where the line passes through several boxes (or regions), its pieces in
//! each have the same sum. A piece is a run of consecutive line cells in one box; a line that
//! enters a box twice has two pieces there.
//!
//! ```text
//! Σ_{c ∈ piece_k} value(c) − Σ_{c ∈ piece_{k+1}} value(c) = 0     regionsumK_K
//! ```

use super::holds::broken;
use super::{
    check_some_cells, region_of, Broken, Context, Primitive, Relation, RuleKind, RuleProblem,
};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionSum {
    pub cells: Vec<Cell>,
}

impl RegionSum {
    /// The pieces: runs of consecutive cells in one box or region.
    fn pieces(&self, ctx: &Context) -> Vec<Vec<Cell>> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        let mut last = None;
        for &c in &self.cells {
            let region = region_of(ctx, c);
            match out.last_mut() {
                Some(piece) if last == Some(region) => piece.push(c),
                _ => out.push(vec![c]),
            }
            last = Some(region);
        }
        out
    }
}

impl RuleKind for RegionSum {
    fn name(&self) -> &'static str {
        "region-sum line"
    }

    fn tag_prefix(&self) -> &'static str {
        "regionsum"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_some_cells(self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let pieces = self.pieces(ctx);
        pieces
            .windows(2)
            .enumerate()
            .map(|(k, w)| {
                let terms = w[0].iter().map(|&c| (1, c));
                let terms = terms.chain(w[1].iter().map(|&c| (-1, c))).collect();
                Primitive::linear(format!("{tag}_{}", k + 1), terms, Relation::Eq, 0)
            })
            .collect()
    }

    /// Walking the line, the sum of each stretch inside one box equals the first stretch's.
    fn holds(&self, name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        let mut sums: Vec<i64> = Vec::new();
        let mut previous = None;
        for &c in &self.cells {
            let here = region_of(ctx, c);
            if previous != Some(here) {
                sums.push(0);
            }
            *sums.last_mut().unwrap() += grid.get(c) as i64;
            previous = Some(here);
        }
        if sums.iter().any(|&s| s != sums[0]) {
            return broken(name, format!("its pieces sum to {sums:?}"));
        }
        Ok(())
    }
}
