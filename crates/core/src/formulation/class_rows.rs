//! A table that says "the cells hold values of pairwise different classes" (a window of an
//! entropic or modular line: the classes {1,2,3}, {4,5,6}, {7,8,9} or the residues mod 3),
//! written in the binary model by class sums instead of one column per allowed tuple.
//!
//! With classes K₁…K_m (a partition of 1..n) and a window w of k ≤ m cells:
//!
//! ```text
//! z_{c,K} = Σ_{v∈K} x_{c,v}            (an expression, no column)
//! Σ_{c∈w} Σ_{v∈K} x_{c,v} = 1   ∀K     (≤ 1 when k < m)                  {tag}_k{K}
//! ```
//!
//! These rows and the cells' rows Σ_v x_{c,v} = 1 give the convex hull of the table in the
//! x-space. The z's form a doubly stochastic k×m matrix (k = m; a bipartite matching polytope
//! when k < m), whose vertices are the class assignments (Birkhoff–von Neumann); and given z,
//! choosing in each cell c, apart from the others, the value v ∈ K with probability
//! x_{c,v}/z_{c,K} averages to x again. So the LP bound is the tuple table's
//! ([`super::tuples`]: one y per tuple, also the hull) with k·n instead of up to n³ columns, and
//! on a line, where windows overlap, the rows of two neighbouring windows give
//! z_{c₁,K} = z_{c₄,K}: the whole line's class pattern is one permutation (docs/models.md).
//!
//! The table is recognised from its rows alone ([`classes_of_table`]): two values are of one
//! class when no allowed tuple holds both, and the form is used only when that relation is a
//! partition and the table holds exactly the tuples whose classes differ pairwise (every such
//! tuple, each once).

use super::{sum_of, BuiltModel, Sense};
use crate::puzzle::Cell;
pub(super) use crate::rules::class_table::classes_of_table;
use good_lp::Variable;

/// The rows Σ_{c∈cells} Σ_{v∈K} x_{c,v} (= or ≤) 1 for every class K; `at(cell, v)` is
/// x_{cell,v}, `None` where a reduction left it out (0).
pub(super) fn add_binary(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    class: &[usize],
    at: &dyn Fn(Cell, usize) -> Option<Variable>,
) {
    let classes = class[1..].iter().max().map_or(0, |&m| m + 1);
    let sense = if cells.len() == classes {
        Sense::Eq
    } else {
        Sense::Le
    };
    for k in 0..classes {
        let terms = cells.iter().flat_map(|&c| {
            (1..=n)
                .filter(|&v| class[v] == k)
                .filter_map(move |v| at(c, v))
        });
        model.add_row(format!("{tag}_k{}", k + 1), sum_of(terms), sense, 1.0);
    }
}
