//! The variant primitives in the natural model, on the integer cells v_c ∈ [1, n].
//!
//! ```text
//! all-different S:  for each pair {a, b} ⊂ S that shares no house, the pair disjunction of the
//!                   natural model with M = n:                               {tag}_ne1/2_…
//!                   v_a − v_b + n·y ≥ 1,  v_b − v_a − n·y ≥ 1 − n
//! linear:           Σ_i a_i·v_{c_i} (=,≤,≥) b, one row                      {tag}
//! pairs, values:    value binaries z_cv for the cells they name:
//!                   Σ_v z_cv = 1 (onehot_{cell}),  v_c − Σ_v v·z_cv = 0 (link_{cell}),
//!                   then the support rows of [`super::forms`] on z (the binary model's,
//!                   z_{a,u} ≤ Σ_{w:(u,w) allowed} z_{b,w}, ...)         {tag}_a_v{u}, {tag}_b_v{w}
//!                   z_cv = 0 for v ∉ allowed                                {tag}_v{v}
//! tuples:           one y_t per allowed tuple, v_c = Σ_t t_c·y_t ([`super::tuples`])
//! ```

use super::binary_rows::sense;
use super::forms::{add_pairs, PairForm};
use super::names::cell_tag;
use super::{sum_of, BuiltModel, Indicator, Sense};
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::Primitive;
use good_lp::{variable, Expression, Variable};
use std::collections::{HashMap, HashSet};

/// Adds the rows of every primitive; `x` holds the integer cell columns, row-major.
pub(super) fn add_primitives(model: &mut BuiltModel, puzzle: &Puzzle, x: &[Variable]) {
    let n = puzzle.order();
    let index = |c: Cell| c.row * n + c.col;
    let peers: HashSet<(Cell, Cell)> = puzzle.peer_pairs().into_iter().collect();
    let mut z: HashMap<usize, Vec<Variable>> = HashMap::new();
    for p in puzzle.primitives() {
        match p {
            Primitive::AllDifferent { tag, cells } => {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        let (a, b) = if a < b { (a, b) } else { (b, a) };
                        if !peers.contains(&(a, b)) {
                            add_pair(
                                model,
                                n,
                                tag,
                                (a, b),
                                (x[index(a)], x[index(b)]),
                                (index(a), index(b)),
                            );
                        }
                    }
                }
            }
            Primitive::Linear(linear) => {
                let mut expr = Expression::with_capacity(linear.terms.len());
                for &(a, c) in &linear.terms {
                    expr.add_mul(a as f64, x[index(c)]);
                }
                model.add_row(
                    linear.tag.clone(),
                    expr,
                    sense(linear.relation),
                    linear.rhs as f64,
                );
            }
            Primitive::Pairs { tag, a, b, allowed } => {
                let za = value_binaries(model, &mut z, n, *a, x[index(*a)]);
                let zb = value_binaries(model, &mut z, n, *b, x[index(*b)]);
                let column = |c: Cell, v: usize| Some(if c == *a { za[v - 1] } else { zb[v - 1] });
                add_pairs(model, n, tag, (*a, *b), allowed, PairForm::Support, &column);
            }
            // The natural model writes a set of values as its pair tables (on value binaries).
            Primitive::ValueSets(choice) => {
                for t in choice.pairs(n) {
                    let za = value_binaries(model, &mut z, n, t.a, x[index(t.a)]);
                    let zb = value_binaries(model, &mut z, n, t.b, x[index(t.b)]);
                    let column =
                        |c: Cell, v: usize| Some(if c == t.a { za[v - 1] } else { zb[v - 1] });
                    add_pairs(
                        model,
                        n,
                        &t.tag,
                        (t.a, t.b),
                        &t.allowed,
                        PairForm::Support,
                        &column,
                    );
                }
            }
            Primitive::Values { tag, cell, allowed } => {
                let zc = value_binaries(model, &mut z, n, *cell, x[index(*cell)]);
                for v in (1..=n).filter(|&v| !allowed.contains(v as u8)) {
                    model.add_row(format!("{tag}_v{v}"), sum_of([zc[v - 1]]), Sense::Eq, 0.0);
                }
            }
            Primitive::Tuples {
                tag,
                cells,
                allowed,
            } => super::tuples::add_natural(model, n, tag, cells, allowed, x),
            Primitive::Sightline(line) => {
                let v: Vec<Variable> = line.cells.iter().map(|&c| x[index(c)]).collect();
                let mut binaries = |model: &mut BuiltModel, k: usize| {
                    let c = line.cells[k];
                    value_binaries(model, &mut z, n, c, x[index(c)])
                };
                super::sightline_rows::add_natural(model, n, line, &v, &mut binaries);
            }
        }
    }
}

/// The disjunction v_a ≠ v_b with a binary y (1 exactly when v_b > v_a) and M = n.
fn add_pair(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    (a, b): (Cell, Cell),
    (xa, xb): (Variable, Variable),
    (first, second): (usize, usize),
) {
    let name = format!("{tag}_{a}_{b}");
    let (y, column) = model.add_variable(variable().binary().name(format!("y_{name}")));
    model.indicators.push(Indicator::Greater {
        column,
        first,
        second,
    });
    let m = n as f64;
    model.add_row(format!("{name}_ne1"), xa - xb + m * y, Sense::Ge, 1.0);
    model.add_row(format!("{name}_ne2"), xb - xa - m * y, Sense::Ge, 1.0 - m);
}

/// The value binaries z_cv of a cell (made once, with their two linking rows).
fn value_binaries(
    model: &mut BuiltModel,
    z: &mut HashMap<usize, Vec<Variable>>,
    n: usize,
    cell: Cell,
    xc: Variable,
) -> Vec<Variable> {
    let i = cell.row * n + cell.col;
    if let Some(vars) = z.get(&i) {
        return vars.clone();
    }
    let tag = cell_tag(cell);
    let vars: Vec<Variable> = (1..=n)
        .map(|v| {
            let name = format!("z_{tag}_v{v}");
            let (var, column) = model.add_variable(variable().binary().name(name));
            model.indicators.push(Indicator::Equals {
                column,
                cell: i,
                value: v as u8,
            });
            var
        })
        .collect();
    model.add_row(
        format!("onehot_{tag}"),
        sum_of(vars.iter().copied()),
        Sense::Eq,
        1.0,
    );
    let mut link = Expression::from(xc);
    for (v, &var) in vars.iter().enumerate() {
        link.add_mul(-((v + 1) as f64), var);
    }
    model.add_row(format!("link_{tag}"), link, Sense::Eq, 0.0);
    z.insert(i, vars.clone());
    vars
}
