//! Lockout line: the two ends differ by at least ⌊n/2⌋ (4 on 9×9), and no value on the line lies
//! between them, the ends' own values included.
//!
//! ```text
//! |value(a) − value(b)| ≥ ⌊n/2⌋   as allowed pairs                               lockoutK_ends
//! (value(a), value(b), value(m)) ∈ {(u, w, t) : t < min(u, w) or t > max(u, w)}   lockoutK_m
//! ```

use super::holds::broken;
use super::{
    check_two_ends, pair_table, triples, Broken, Context, Primitive, RuleKind, RuleProblem,
};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lockout {
    /// The two ends are the first and the last cell.
    pub cells: Vec<Cell>,
}

impl RuleKind for Lockout {
    fn name(&self) -> &'static str {
        "lockout line"
    }

    fn tag_prefix(&self) -> &'static str {
        "lockout"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_two_ends(self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        let gap = (n / 2) as i64;
        let len = self.cells.len();
        let (a, b) = (self.cells[0], self.cells[len - 1]);
        let mut out = vec![Primitive::Pairs {
            tag: format!("{tag}_ends"),
            a,
            b,
            allowed: pair_table(n, |u, w| (u - w).abs() >= gap),
        }];
        out.extend(self.cells[1..len - 1].iter().map(|&m| {
            triples(format!("{tag}_{m}"), [a, b, m], ctx, |u, w, t| {
                t < u.min(w) || t > u.max(w)
            })
        }));
        out
    }

    /// The ends are ⌊n/2⌋ or more apart; every middle value is below both or above both.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let len = self.cells.len();
        let (u, w) = (grid.get(self.cells[0]), grid.get(self.cells[len - 1]));
        let (low, high) = (u.min(w), u.max(w));
        if ((high - low) as usize) < grid.n / 2 {
            return broken(name, format!("the ends hold {u} and {w}, too close"));
        }
        for &m in &self.cells[1..len - 1] {
            let t = grid.get(m);
            if (low..=high).contains(&t) {
                return broken(name, format!("{m} holds {t}, within {low}..{high}"));
            }
        }
        Ok(())
    }
}
