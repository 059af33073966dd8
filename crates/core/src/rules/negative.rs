//! The f-puzzles "negative" constraint: where no marker is drawn, its relation does not hold.
//! Every orthogonal pair without a kropki dot or an X/V (marked pairs follow their marker only):
//!
//! ```text
//! xv:    value(a) + value(b) ∉ {5, 10}                     negxv_r1c1_r1c2
//! ratio: value(a) ≠ 2·value(b) and value(b) ≠ 2·value(a)   negblack_r1c1_r1c2
//! ```

use super::holds::neighbours;
use super::{pair_table, pair_tag, Broken, Context, Primitive, RuleKind};
use crate::geometry::Grid;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Negative {
    /// No X/V: unmarked neighbours sum to neither 5 nor 10.
    #[serde(default)]
    pub xv: bool,
    /// No black dot: unmarked neighbours are not in ratio 2.
    #[serde(default)]
    pub ratio: bool,
}

impl RuleKind for Negative {
    fn name(&self) -> &'static str {
        "negative"
    }

    fn tag_prefix(&self) -> &'static str {
        "negative"
    }

    fn lower(&self, _tag: &str, ctx: &Context) -> Vec<Primitive> {
        let mut out = Vec::new();
        for (a, b) in ctx.unmarked_neighbours() {
            if self.xv {
                out.push(Primitive::Pairs {
                    tag: format!("negxv_{}", pair_tag(a, b)),
                    a,
                    b,
                    allowed: pair_table(ctx.n, |u, w| u + w != 5 && u + w != 10),
                });
            }
            if self.ratio {
                out.push(Primitive::Pairs {
                    tag: format!("negblack_{}", pair_tag(a, b)),
                    a,
                    b,
                    allowed: pair_table(ctx.n, |u, w| u != 2 * w && w != 2 * u),
                });
            }
        }
        out
    }
    /// No unmarked pair of orthogonal neighbours adds up to 5 or 10 (with `xv`), or has one
    /// value twice the other (with `ratio`).
    fn holds(&self, _name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        if self.xv {
            neighbours(grid, ctx, "negative X/V", |u, w| u + w == 5 || u + w == 10)?;
        }
        if self.ratio {
            neighbours(grid, ctx, "negative ratio", |u, w| u == 2 * w || w == 2 * u)?;
        }
        Ok(())
    }
}
