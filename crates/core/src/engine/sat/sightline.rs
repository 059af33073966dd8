//! Clauses of a sightline (outside clue): the automaton of [`Sightline::next`] unrolled along
//! the line. One literal q(k, σ) per state σ reachable after k cells (the start state is true;
//! the accepting state needs none, since nothing after it matters):
//!
//! ```text
//! q(k, σ) ∧ x(c_k, v) → q(k+1, next(σ, v))      a move to another open state
//! ¬q(k, σ) ∨ ¬x(c_k, v)                         a move no completion survives
//! q(k+1, τ) → ⋁_{σ → τ} q(k, σ)                 every state has a reason
//! ¬q(m, σ)                                      the line ends outside the accepting state
//! ```
//! Every grid satisfies them with q true along its own path exactly when the clue holds.
//!
//! [`Sightline::next`]: crate::rules::primitive::Sightline::next

use super::clauses::{RuleClauses, Term, Unsat};
use crate::rules::primitive::{Sightline, State};
use std::collections::HashMap;

impl RuleClauses<'_> {
    /// The clauses of the module documentation.
    pub(super) fn sightline(&mut self, line: &Sightline) -> Result<(), Unsat> {
        let top = self.order() as u8;
        let mut layer: Vec<(State, Term)> = vec![(State::Start, Term::Const(true))];
        for &cell in &line.cells {
            let mut next: HashMap<State, (Term, Vec<Term>)> = HashMap::new();
            let mut order: Vec<State> = Vec::new();
            for &(state, q) in &layer {
                for v in 1..=top {
                    let x = self.x(cell, v as usize);
                    if x == Term::Const(false) {
                        continue;
                    }
                    match line.next(top, state, v) {
                        None => self.clause([!q, !x])?,
                        Some(State::Accept) => {}
                        Some(to) => {
                            let (target, reasons) = match next.entry(to) {
                                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                                std::collections::hash_map::Entry::Vacant(e) => {
                                    order.push(to);
                                    e.insert((Term::Lit(self.fresh()), Vec::new()))
                                }
                            };
                            let target = *target;
                            if !reasons.contains(&q) {
                                reasons.push(q);
                            }
                            self.clause([!q, !x, target])?;
                        }
                    }
                }
            }
            layer = Vec::with_capacity(order.len());
            for state in order {
                let (lit, reasons) = next.remove(&state).expect("listed state");
                let mut clause = vec![!lit];
                clause.extend(reasons);
                self.clause(clause)?;
                layer.push((state, lit));
            }
        }
        for (_, q) in layer {
            self.clause([!q])?;
        }
        Ok(())
    }
}
