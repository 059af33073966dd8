//! The independent check of the variant rules, from each rule's own data: each rule file's
//! [`crate::rules::RuleKind::holds`] reads values off the grid and tests what the rule says in
//! words, with no code of the lowering or of the primitives (no pair tables, no linear terms).

use super::CheckError;
use crate::puzzle::{Grid, Puzzle};
use crate::rules::Context;

/// Checks every rule of `puzzle` on a grid whose cells all hold 1..n.
pub(super) fn check_rules(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let ctx = Context::new(puzzle.order(), puzzle.layout(), puzzle.rules());
    for rule in puzzle.rules() {
        let place = rule
            .cells()
            .first()
            .map_or(String::new(), |c| format!(" at {c}"));
        let name = format!("{}{place}", rule.kind_name());
        rule.kind()
            .holds(&name, grid, &ctx)
            .map_err(|b| CheckError::Rule {
                rule: b.rule,
                problem: b.problem,
            })?;
    }
    Ok(())
}
