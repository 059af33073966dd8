//! A linear row over one-hot cells as a layered sum diagram (an MDD), whose clauses make unit
//! propagation enforce generalised arc consistency of the row.
//!
//! The row is Σᵢ wᵢ ∈ [lo, hi], where layer i picks one option (w, x) of its cell: exactly one
//! literal x of each layer is true (the cell's one-hot literals, "exactly one" is not written
//! here). A node (i, t) says "the first i layers sum to t"; only the sums reachable from the
//! root and able to reach [lo, hi] are kept (pruned both ways), and every sum from which each
//! completion is accepted collapses into one node `Free` of its layer (the last layer is only
//! `Free`). An edge (i, t, x) goes from (i, t) to (i + 1, t + w). Every node and edge gets a
//! variable, and:
//! - the root (0, 0) and the last layer's `Free` are true (units);
//! - an edge implies its tail, its head and its literal: e → q(i, t), e → q(i + 1, t + w), e → x;
//! - a node implies one of its out-edges and (but the root) one of its in-edges;
//! - a literal implies one of the edges it labels (none: the literal is false).
//!
//! A true assignment of the literals that satisfies the row sets the nodes and edges of its one
//! path true, the rest false; conversely a true node needs a true in-edge from a true node, so
//! from the root the true nodes form one path ending in `Free`: the clauses are exact. Unit
//! propagation falsifies an edge whose literal, tail or head is false and a node without a
//! possible in- or out-edge: its fixpoint keeps exactly the edges on some root-to-end path, so a
//! literal on no such path is falsified (generalised arc consistency).

use rustsat::types::Lit;
use std::collections::BTreeSet;

/// The row cannot hold (no path from the root to an accepted sum).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Empty;

/// A node of a layer: a partial sum, or "every completion is accepted".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum State {
    Sum(i64),
    Free,
}

/// The nodes and edges of the diagram, before they get variables.
struct Shape {
    /// `nodes[i]`: the states of layer i (i = 0 … layers).
    nodes: Vec<Vec<State>>,
    /// `edges[i]`: (tail index in layer i, option index, head index in layer i + 1).
    edges: Vec<Vec<(usize, usize, usize)>>,
}

/// The pruned diagram of `weights` (per layer, the options' weights) with end sums in [lo, hi].
fn shape(weights: &[Vec<i64>], lo: i64, hi: i64) -> Result<Shape, Empty> {
    let m = weights.len();
    let least = |w: &Vec<i64>| w.iter().copied().min().unwrap_or(0);
    let most = |w: &Vec<i64>| w.iter().copied().max().unwrap_or(0);
    // rest[i]: the least and largest sum of layers i … m − 1.
    let mut rest = vec![(0i64, 0i64); m + 1];
    for i in (0..m).rev() {
        rest[i] = (
            rest[i + 1].0 + least(&weights[i]),
            rest[i + 1].1 + most(&weights[i]),
        );
    }
    let free = |i: usize, t: i64| t + rest[i].0 >= lo && t + rest[i].1 <= hi;
    // Forward: reachable sums, each collapsed to Free when every completion is accepted.
    let mut layers: Vec<BTreeSet<State>> = vec![BTreeSet::from([if free(0, 0) {
        State::Free
    } else {
        State::Sum(0)
    }])];
    for i in 0..m {
        let mut next = BTreeSet::new();
        for &s in &layers[i] {
            for &w in &weights[i] {
                next.insert(match s {
                    State::Free => State::Free,
                    State::Sum(t) if free(i + 1, t + w) => State::Free,
                    State::Sum(t) => State::Sum(t + w),
                });
            }
        }
        layers.push(next);
    }
    // Backward: keep the states that can reach an accepted end (a Sum can; Free always can).
    let alive_end = |s: &State| match *s {
        State::Free => true,
        State::Sum(t) => (lo..=hi).contains(&t),
    };
    layers[m].retain(alive_end);
    let step = |s: State, w: i64, i: usize| match s {
        State::Free => State::Free,
        State::Sum(t) if free(i + 1, t + w) => State::Free,
        State::Sum(t) => State::Sum(t + w),
    };
    for i in (0..m).rev() {
        let (before, after) = layers.split_at_mut(i + 1);
        let heads = &after[0];
        before[i].retain(|&s| weights[i].iter().any(|&w| heads.contains(&step(s, w, i))));
    }
    if layers[0].is_empty() {
        return Err(Empty);
    }
    let nodes: Vec<Vec<State>> = layers
        .into_iter()
        .map(|l| l.into_iter().collect())
        .collect();
    let mut edges = Vec::with_capacity(m);
    for i in 0..m {
        let mut layer = Vec::new();
        for (a, &s) in nodes[i].iter().enumerate() {
            for (k, &w) in weights[i].iter().enumerate() {
                if let Ok(b) = nodes[i + 1].binary_search(&step(s, w, i)) {
                    layer.push((a, k, b));
                }
            }
        }
        edges.push(layer);
    }
    Ok(Shape { nodes, edges })
}

/// The clauses of Σ (one option per layer) ∈ `[lo, hi]` (module documentation). `layers[i]`: the
/// options (weight, literal) of layer i; `fresh` gives a new variable. Layers must not be
/// empty. `None` (and no variable taken) when the diagram has more than `max_edges` edges.
pub(super) fn clauses(
    layers: &[Vec<(i64, Lit)>],
    lo: i64,
    hi: i64,
    max_edges: usize,
    mut fresh: impl FnMut() -> Lit,
) -> Result<Option<Vec<Vec<Lit>>>, Empty> {
    let weights: Vec<Vec<i64>> = layers
        .iter()
        .map(|l| l.iter().map(|&(w, _)| w).collect())
        .collect();
    let shape = shape(&weights, lo, hi)?;
    if shape.nodes[0] == [State::Free] {
        return Ok(Some(Vec::new()));
    }
    if shape.edges.iter().map(Vec::len).sum::<usize>() > max_edges {
        return Ok(None);
    }
    let mut out: Vec<Vec<Lit>> = Vec::new();
    let node: Vec<Vec<Lit>> = shape
        .nodes
        .iter()
        .map(|l| l.iter().map(|_| fresh()).collect())
        .collect();
    out.push(vec![node[0][0]]);
    let m = layers.len();
    if let Some(&last) = node[m].first() {
        out.push(vec![last]);
    }
    // in_edges[i][b]: the edges into node b of layer i.
    let mut in_edges: Vec<Vec<Vec<Lit>>> = node.iter().map(|l| vec![Vec::new(); l.len()]).collect();
    for (i, layer) in shape.edges.iter().enumerate() {
        let mut out_edges = vec![Vec::new(); node[i].len()];
        let mut labelled = vec![Vec::new(); layers[i].len()];
        for &(a, k, b) in layer {
            let e = fresh();
            let x = layers[i][k].1;
            out.push(vec![!e, node[i][a]]);
            out.push(vec![!e, node[i + 1][b]]);
            out.push(vec![!e, x]);
            out_edges[a].push(e);
            in_edges[i + 1][b].push(e);
            labelled[k].push(e);
        }
        for (a, edges) in out_edges.into_iter().enumerate() {
            out.push(std::iter::once(!node[i][a]).chain(edges).collect());
        }
        for (k, edges) in labelled.into_iter().enumerate() {
            out.push(std::iter::once(!layers[i][k].1).chain(edges).collect());
        }
    }
    for (i, layer) in in_edges.iter().enumerate().skip(1) {
        for (b, edges) in layer.iter().enumerate() {
            out.push(
                std::iter::once(!node[i][b])
                    .chain(edges.iter().copied())
                    .collect(),
            );
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rustsat::types::Var;

    /// Unit propagation to its fixpoint; `None` on a conflict. Values: index = variable.
    fn propagate(clauses: &[Vec<Lit>], values: &mut [Option<bool>]) -> Option<()> {
        let val = |values: &[Option<bool>], l: Lit| values[l.vidx()].map(|b| b != l.is_neg());
        loop {
            let mut changed = false;
            for c in clauses {
                if c.iter().any(|&l| val(values, l) == Some(true)) {
                    continue;
                }
                let open: Vec<Lit> = c
                    .iter()
                    .copied()
                    .filter(|&l| val(values, l).is_none())
                    .collect();
                match open.as_slice() {
                    [] => return None,
                    [l] => {
                        values[l.vidx()] = Some(!l.is_neg());
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Some(());
            }
        }
    }

    /// Cells with domains ⊆ 1..=4 and a row Σ aᵢ·vᵢ ∈ [lo, hi]: the literals, the one-hot
    /// clauses, the diagram's clauses (or Empty) and the number of variables.
    struct Case {
        layers: Vec<Vec<(i64, Lit)>>,
        values: Vec<Vec<i64>>,
        clauses: Vec<Vec<Lit>>,
        vars: usize,
    }

    fn case(coefs: &[i64], lo: i64, hi: i64) -> Result<Case, Empty> {
        let mut next = 0u32;
        let mut layers = Vec::new();
        let mut values = Vec::new();
        let mut clauses = Vec::new();
        for &a in coefs {
            let lits: Vec<Lit> = (1..=4)
                .map(|_| {
                    next += 1;
                    Var::new(next - 1).pos_lit()
                })
                .collect();
            clauses.push(lits.clone());
            for (k, &p) in lits.iter().enumerate() {
                for &q in &lits[k + 1..] {
                    clauses.push(vec![!p, !q]);
                }
            }
            layers.push((1..=4).map(|v| a * v).zip(lits).collect());
            values.push((1..=4).collect());
        }
        let mut counter = next;
        let row = clauses_of(&layers, lo, hi, &mut counter)?;
        clauses.extend(row);
        Ok(Case {
            layers,
            values,
            clauses,
            vars: counter as usize,
        })
    }

    fn clauses_of(
        layers: &[Vec<(i64, Lit)>],
        lo: i64,
        hi: i64,
        counter: &mut u32,
    ) -> Result<Vec<Vec<Lit>>, Empty> {
        let row = clauses(layers, lo, hi, usize::MAX, || {
            *counter += 1;
            Var::new(*counter - 1).pos_lit()
        })?;
        Ok(row.expect("no edge limit"))
    }

    /// Every assignment of values (one per cell) over `domains`.
    fn assignments(domains: &[Vec<i64>]) -> Vec<Vec<i64>> {
        domains.iter().fold(vec![Vec::new()], |acc, d| {
            acc.iter()
                .flat_map(|p| d.iter().map(move |&v| [p.clone(), vec![v]].concat()))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Exact: fixing every cell, unit propagation finds no conflict iff the row holds.
        /// Arc consistent: with some values removed, propagation removes exactly the values
        /// no solution uses (and conflicts iff no solution is left).
        #[test]
        fn exact_and_arc_consistent(
            coefs in prop::collection::vec(prop_oneof![-3i64..=-1, 1i64..=3], 1..=3),
            lo in -20i64..=20,
            width in 0i64..=6,
            removed in prop::collection::vec(prop::collection::vec(any::<bool>(), 4), 3),
        ) {
            let hi = lo + width;
            let holds = |vals: &[i64]| {
                let s: i64 = coefs.iter().zip(vals).map(|(a, v)| a * v).sum();
                (lo..=hi).contains(&s)
            };
            let Ok(c) = case(&coefs, lo, hi) else {
                prop_assert!(assignments(&vec![(1..=4).collect(); coefs.len()]).iter().all(|a| !holds(a)));
                return Ok(());
            };
            for a in assignments(&c.values) {
                let mut values = vec![None; c.vars];
                for (layer, &v) in c.layers.iter().zip(&a) {
                    values[layer[(v - 1) as usize].1.vidx()] = Some(true);
                }
                prop_assert_eq!(propagate(&c.clauses, &mut values).is_some(), holds(&a), "{:?}", a);
            }
            let domains: Vec<Vec<i64>> = (0..coefs.len())
                .map(|i| (1..=4).filter(|&v| !removed[i][(v - 1) as usize]).collect())
                .collect();
            let mut values = vec![None; c.vars];
            for (i, layer) in c.layers.iter().enumerate() {
                for v in 1..=4 {
                    if !domains[i].contains(&v) {
                        values[layer[(v - 1) as usize].1.vidx()] = Some(false);
                    }
                }
            }
            let solutions: Vec<Vec<i64>> = assignments(&domains).into_iter().filter(|a| holds(a)).collect();
            match propagate(&c.clauses, &mut values) {
                None => prop_assert!(solutions.is_empty()),
                Some(()) => {
                    prop_assert!(!solutions.is_empty());
                    for (i, layer) in c.layers.iter().enumerate() {
                        for v in 1..=4 {
                            let supported = solutions.iter().any(|s| s[i] == v);
                            let open = values[layer[(v - 1) as usize].1.vidx()] != Some(false);
                            prop_assert_eq!(open, supported, "cell {} value {}", i, v);
                        }
                    }
                }
            }
        }
    }
}
