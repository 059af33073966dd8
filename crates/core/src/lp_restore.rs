//! What a restored basis saves, on any backend: one node of a model's LP re-solved cold (a
//! fresh LP), from wherever the warm LP was (another node's basis), and from the node's own
//! basis handed back with [`LabLp::set_basis`], all through the `Box<dyn LabLp>` an
//! [`LpBackend`] makes. The lab restores a node's basis this way when it returns to the node;
//! the tests of both backends (in-process and WebAssembly) check the saving on their own LPs.

use crate::formulation::BuiltModel;
use crate::lp_interface::{LabLp, LpBackend, LpError, LpPoint, LpState};

/// The simplex iterations of one node's LP, solved three ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RestoreIterations {
    /// The column fixed at the node (`x_column = value`), fractional at the root.
    pub column: usize,
    pub value: u8,
    /// A fresh LP with the node's bounds, solved once.
    pub cold: i64,
    /// The warm LP, last solved at the sibling node (`x_column = 1 − value`).
    pub from_sibling: i64,
    /// The warm LP, last solved at the sibling, handed the node's own optimal basis first.
    pub restored: i64,
}

/// Solves the root LP of `model` on `backend`, then the two children of its first fractional
/// column whose LPs are both optimal: node (x_j = v) and its sibling (x_j = 1 − v), and the
/// node again as [`RestoreIterations`] says. An error when the root LP is not optimal or has
/// no such column.
pub fn restore_iterations(
    backend: &LpBackend,
    model: &BuiltModel,
) -> Result<RestoreIterations, LpError> {
    let mut lp = backend(model)?;
    let root = optimal(lp.solve()?, "the root LP")?;
    for column in crate::lab::fractional_columns(&root.columns) {
        for value in [1u8, 0] {
            if let Some(found) = try_column(backend, model, lp.as_mut(), column, value)? {
                return Ok(found);
            }
        }
    }
    Err(LpError(
        "no fractional column of the root LP has two optimal children".into(),
    ))
}

/// The three solves at node x_column = value on `lp` (warm at its parent), or `None` when the
/// node's or its sibling's LP is not optimal (the LP is set back to the parent's bounds).
fn try_column(
    backend: &LpBackend,
    model: &BuiltModel,
    lp: &mut dyn LabLp,
    column: usize,
    value: u8,
) -> Result<Option<RestoreIterations>, LpError> {
    let (node, sibling) = (f64::from(value), f64::from(1 - value));
    let at = |lp: &mut dyn LabLp, x: f64| -> Result<LpPoint, LpError> {
        lp.set_column_bounds(column, x, x)?;
        lp.solve()
    };
    let first = at(lp, node)?;
    let basis = match first.state {
        LpState::Optimal => lp.basis()?,
        _ => return unfix(lp, column),
    };
    if at(lp, sibling)?.state != LpState::Optimal {
        return unfix(lp, column);
    }
    let from_sibling = at(lp, node)?.iterations;
    at(lp, sibling)?;
    lp.set_column_bounds(column, node, node)?;
    lp.set_basis(&basis)?;
    let restored = optimal(lp.solve()?, "the node's LP")?.iterations;
    let mut fresh = backend(model)?;
    let cold = optimal(at(fresh.as_mut(), node)?, "the node's fresh LP")?.iterations;
    Ok(Some(RestoreIterations {
        column,
        value,
        cold,
        from_sibling,
        restored,
    }))
}

/// Frees the column again (the parent's bounds); no node found here.
fn unfix(lp: &mut dyn LabLp, column: usize) -> Result<Option<RestoreIterations>, LpError> {
    lp.set_column_bounds(column, 0.0, 1.0)?;
    Ok(None)
}

/// `point` when optimal, else an error naming `what`.
fn optimal(point: LpPoint, what: &str) -> Result<LpPoint, LpError> {
    match point.state {
        LpState::Optimal => Ok(point),
        state => Err(LpError(format!("{what} ended {state:?}, not optimal"))),
    }
}

#[cfg(all(test, feature = "highs"))]
mod tests {
    use super::*;
    use crate::lab::lab_model;
    use crate::solve::lab_lp::lab_backend;

    /// AI Escargot (data/seeds/seed004_unique_9x9.json, its root LP fractional): the node
    /// re-solved from its restored basis, through the `Box<dyn LabLp>` of the native backend,
    /// needs fewer iterations than cold and than from its sibling's basis.
    #[test]
    fn a_restored_basis_saves_iterations_natively() {
        let line =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let puzzle = crate::input::parse_line(line, None).unwrap();
        let model = lab_model(&puzzle);
        let found = restore_iterations(&lab_backend(), &model).unwrap();
        eprintln!("restored basis, native: {found:?}");
        assert!(found.restored < found.cold, "{found:?}");
        assert!(found.restored < found.from_sibling, "{found:?}");
    }
}
