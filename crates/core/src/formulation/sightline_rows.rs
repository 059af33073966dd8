//! The sightline primitive ([`Sightline`]: outside clues) in both models. Cells c₀…c_{m−1} in
//! reading order; x_kv the binary model's column of cell k and value v (the natural model's
//! value binaries z_kv stand in for it where it needs them).
//!
//! **Binary model** (position indicators, each product of two binaries written exactly with
//! Σ_v p_kv = w_k, p_kv ≤ x_kv, which holds because cell k takes exactly one value):
//! ```text
//! between(lo, hi): L_k = Σ_{i<k} x_{i,lo}, H_k = Σ_{i<k} x_{i,hi}, E_k = x_{k,lo} + x_{k,hi}
//!   b_k ≥ L_k − H_k − E_k,  b_k ≥ H_k − L_k − E_k,  b_k ≤ L_k + H_k,
//!   b_k ≤ 2 − L_k − H_k,  b_k ≤ 1 − E_k                          {tag}_b{k}_1..5
//!   q_kv ≤ x_kv,  Σ_v q_kv = b_k,  Σ_k Σ_v v·q_kv = S             {tag}_q{k}_v{v}, {tag}_q{k}, {tag}
//! prefix:  w_k = Σ_{X>k} x_{0,X} (cell k is among the first value(c₀))
//!   p_kv ≤ x_kv,  Σ_v p_kv = w_k,  Σ_v v·x_{0,v} + Σ_{k≥1} Σ_v v·p_kv = S
//!   x_{0,X} = 0 when X different digits cannot sum to S              {tag}_x{X}
//! visible: s_kv = cell k holds v and is seen (k ≥ 1, v > k)
//!   s_kv ≤ x_kv,  s_kv + Σ_{w>v} x_iw ≤ 1 ∀ i < k,  s_kv ≥ x_kv − Σ_{i<k} Σ_{w>v} x_iw
//!   1 + Σ s_kv = S
//! ```
//! **Natural model** (big-M on the integer cells v_k):
//! ```text
//! prefix:  for each X: Σ_{k<X} v_k − S ≤ M⁺(1 − z_{0,X}),  ≥ −M⁻(1 − z_{0,X})
//!          (M⁺, M⁻: the largest and smallest sum of X different digits against S)
//! between: b_k as above on z; t_k ∈ [0, n]: t_k ≤ n·b_k, t_k ≤ v_k, t_k ≥ v_k − n(1 − b_k);
//!          Σ t_k = S
//! visible: running maximum m_k ∈ [1, n] (m₀ = v₀), seen_k ∈ {0,1} for k ≥ 1:
//!          m_k ≥ m_{k−1}, m_k ≥ v_k, m_k ≤ m_{k−1} + n·seen_k, m_k ≤ v_k + n(1 − seen_k),
//!          v_k ≥ m_{k−1} + 1 − n(1 − seen_k), v_k ≤ m_{k−1} − 1 + n·seen_k;  1 + Σ seen_k = S
//! ```

use super::{sum_of, BuiltModel, Indicator, Sense};
use crate::puzzle::Cell;
use crate::rules::primitive::{Measure, Sightline};
use good_lp::{variable, Expression, Variable};

/// What an auxiliary column of a sightline is, read off the values along its line
/// ([`BuiltModel::encode`] sets it from a grid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineFact {
    /// 1 when the cell lies strictly between the cells holding `low` and `high` (and holds
    /// `digit`, when given).
    Between {
        low: u8,
        high: u8,
        digit: Option<u8>,
    },
    /// The cell's value when it lies strictly between, else 0.
    BetweenAmount { low: u8, high: u8 },
    /// 1 when the cell is among the first value(c₀) cells and holds `digit`.
    Counted { digit: u8 },
    /// 1 when the cell is seen (larger than every cell before it) and holds `digit`, when given.
    Seen { digit: Option<u8> },
    /// The largest value up to and including the cell.
    RunningMax,
}

impl LineFact {
    /// The column's value for the line's `values` at `position`.
    pub fn evaluate(self, values: &[u8], position: usize) -> f64 {
        let v = values[position];
        let holds = |d: Option<u8>| d.is_none_or(|d| d == v);
        let between = |low: u8, high: u8| {
            let at = |w| values.iter().position(|&x| x == w);
            matches!((at(low), at(high)), (Some(a), Some(b)) if a.min(b) < position && position < a.max(b))
        };
        let before = values[..position].iter().copied().max().unwrap_or(0);
        let on = match self {
            LineFact::Between { low, high, digit } => between(low, high) && holds(digit),
            LineFact::BetweenAmount { low, high } => {
                return if between(low, high) { v as f64 } else { 0.0 };
            }
            LineFact::Counted { digit } => position < values[0] as usize && v == digit,
            LineFact::Seen { digit } => v > before && holds(digit),
            LineFact::RunningMax => return before.max(v) as f64,
        };
        if on {
            1.0
        } else {
            0.0
        }
    }
}

/// A fresh column of the sightline's line `group`, set from a grid by `fact` at `position`.
fn column(
    model: &mut BuiltModel,
    name: String,
    group: usize,
    position: usize,
    fact: LineFact,
    bounds: Option<(f64, f64)>,
) -> Variable {
    let definition = match bounds {
        None => variable().binary(),
        Some((lo, hi)) => variable().integer().min(lo).max(hi),
    };
    let (var, column) = model.add_variable(definition.name(name));
    model.indicators.push(Indicator::Sightline {
        column,
        group,
        position,
        fact,
    });
    var
}

/// The column b_k, 1 when cell k lies strictly between the cells holding `low` and `high`,
/// from [L_k, H_k, E_k] (the module documentation's, on x or z) with its five rows
/// `{tag}_b{k}_1..5`:
/// b_k ≥ L_k − H_k − E_k, b_k ≥ H_k − L_k − E_k, b_k ≤ L_k + H_k, b_k ≤ 2 − L_k − H_k,
/// b_k ≤ 1 − E_k.
fn between_indicator(
    model: &mut BuiltModel,
    tag: &str,
    group: usize,
    k: usize,
    (low, high): (u8, u8),
    [l, h, e]: [Expression; 3],
) -> Variable {
    let fact = LineFact::Between {
        low,
        high,
        digit: None,
    };
    let b = column(model, format!("b_{tag}_k{k}"), group, k, fact, None);
    let rows = [
        (b - l.clone() + h.clone() + e.clone(), Sense::Ge, 0.0),
        (b - h.clone() + l.clone() + e.clone(), Sense::Ge, 0.0),
        (b - l.clone() - h.clone(), Sense::Le, 0.0),
        (b + l + h, Sense::Le, 2.0),
        (b + e, Sense::Le, 1.0),
    ];
    for (i, (expr, sense, rhs)) in rows.into_iter().enumerate() {
        model.add_row(format!("{tag}_b{k}_{}", i + 1), expr, sense, rhs);
    }
    b
}

/// A position indicator split over the digits of cell k: for each digit v of the cell a column
/// `{letter}_kv` with `{letter}_kv ≤ x_kv` and `Σ_v {letter}_kv = indicator`, so that
/// `{letter}_kv = indicator · x_kv` exactly (cell k takes one value); `Σ_v v·{letter}_kv` is
/// added to the line's total. Rows `{tag}_{letter}{k}_v{v}` and `{tag}_{letter}{k}`.
struct DigitSplit<'a> {
    letter: char,
    group: usize,
    k: usize,
    fact: &'a dyn Fn(u8) -> LineFact,
}

impl DigitSplit<'_> {
    fn add(
        &self,
        model: &mut BuiltModel,
        line: &Sightline,
        cell: impl Iterator<Item = (u8, Variable)>,
        indicator: Expression,
        total: &mut Expression,
    ) {
        let (letter, k, tag) = (self.letter, self.k, &line.tag);
        let mut parts = Vec::new();
        for (v, xv) in cell {
            let name = format!("{letter}_{tag}_k{k}_v{v}");
            let part = column(model, name, self.group, k, (self.fact)(v), None);
            model.add_row(format!("{tag}_{letter}{k}_v{v}"), part - xv, Sense::Le, 0.0);
            total.add_mul(v as f64, part);
            parts.push(part);
        }
        model.add_row(
            format!("{tag}_{letter}{k}"),
            sum_of(parts) - indicator,
            Sense::Eq,
            0.0,
        );
    }
}

/// Registers the line's cells as a cell group and returns its index.
fn line_group(model: &mut BuiltModel, n: usize, line: &Sightline) -> usize {
    model
        .cell_groups
        .push(line.cells.iter().map(|c| c.row * n + c.col).collect());
    model.cell_groups.len() - 1
}

/// Σ of the optional columns.
fn sum_some(vars: impl IntoIterator<Item = Option<Variable>>) -> Expression {
    sum_of(vars.into_iter().flatten())
}

/// The smallest and largest sum of `k` different values of 1..n.
fn sum_range(n: usize, k: usize) -> (i64, i64) {
    crate::rules::distinct_sum_range(n, k)
}

/// The binary model's rows of a sightline; `at(c, v)` is x_cv (`None`: left out, 0).
pub(super) fn add_binary(
    model: &mut BuiltModel,
    n: usize,
    line: &Sightline,
    at: &dyn Fn(Cell, usize) -> Option<Variable>,
) {
    let group = line_group(model, n, line);
    let x = |k: usize, v: usize| at(line.cells[k], v);
    match line.measure {
        Measure::Between { low, high } => {
            let ends = |k: usize| sum_some([x(k, low as usize), x(k, high as usize)]);
            let mut total = Expression::default();
            for k in 1..line.cells.len().saturating_sub(1) {
                let before = |w: u8| sum_some((0..k).map(|i| x(i, w as usize)));
                let (l, h, e) = (before(low), before(high), ends(k));
                let b = between_indicator(model, &line.tag, group, k, (low, high), [l, h, e]);
                let split = DigitSplit {
                    letter: 'q',
                    group,
                    k,
                    fact: &|v| LineFact::Between {
                        low,
                        high,
                        digit: Some(v),
                    },
                };
                let digits = (1..=n as u8).filter(|&v| v != low && v != high);
                let cell = digits.filter_map(|v| x(k, v as usize).map(|xv| (v, xv)));
                split.add(model, line, cell, b.into(), &mut total);
            }
            model.add_row(line.tag.clone(), total, Sense::Eq, line.value as f64);
        }
        Measure::Prefix => {
            let m = line.cells.len();
            let mut total = Expression::default();
            for v in 1..=n {
                if let Some(xv) = x(0, v) {
                    total.add_mul(v as f64, xv);
                    let (lo, hi) = sum_range(n, v);
                    if v > m || line.value < lo || line.value > hi {
                        model.add_row(format!("{}_x{v}", line.tag), sum_of([xv]), Sense::Eq, 0.0);
                    }
                }
            }
            for k in 1..m {
                let w = sum_some((k + 1..=n).map(|big| x(0, big)));
                let split = DigitSplit {
                    letter: 'p',
                    group,
                    k,
                    fact: &|v| LineFact::Counted { digit: v },
                };
                let cell = (1..=n as u8).filter_map(|v| x(k, v as usize).map(|xv| (v, xv)));
                split.add(model, line, cell, w, &mut total);
            }
            model.add_row(line.tag.clone(), total, Sense::Eq, line.value as f64);
        }
        Measure::Visible => {
            let mut seen = Expression::default();
            for k in 1..line.cells.len() {
                for v in k + 1..=n {
                    let Some(xv) = x(k, v) else { continue };
                    let taller = |i: usize| sum_some((v + 1..=n).map(|w| x(i, w)));
                    let fact = LineFact::Seen {
                        digit: Some(v as u8),
                    };
                    let s = column(
                        model,
                        format!("s_{}_k{k}_v{v}", line.tag),
                        group,
                        k,
                        fact,
                        None,
                    );
                    let name = |what: String| format!("{}_s{k}_v{v}_{what}", line.tag);
                    model.add_row(name("x".into()), s - xv, Sense::Le, 0.0);
                    let mut all_taller = Expression::default();
                    for i in 0..k {
                        model.add_row(name(format!("i{i}")), s + taller(i), Sense::Le, 1.0);
                        all_taller += taller(i);
                    }
                    model.add_row(name("on".into()), s - xv + all_taller, Sense::Ge, 0.0);
                    seen += s;
                }
            }
            model.add_row(line.tag.clone(), seen, Sense::Eq, (line.value - 1) as f64);
        }
    }
}

/// The natural model's rows of a sightline: `v[k]` the integer cell columns of the line, `z(k)`
/// the value binaries of cell k (made on first use).
pub(super) fn add_natural(
    model: &mut BuiltModel,
    n: usize,
    line: &Sightline,
    v: &[Variable],
    z: &mut dyn FnMut(&mut BuiltModel, usize) -> Vec<Variable>,
) {
    let group = line_group(model, n, line);
    let big = n as f64;
    let tag = &line.tag;
    let s = line.value as f64;
    match line.measure {
        Measure::Prefix => {
            let z0 = z(model, 0);
            for (i, &zx) in z0.iter().enumerate() {
                let count = i + 1;
                let (lo, hi) = sum_range(n, count.min(v.len()));
                let first = sum_of(v.iter().take(count).copied());
                let up = (hi - line.value).max(0) as f64;
                let down = (line.value - lo).max(0) as f64;
                if count > v.len() {
                    model.add_row(format!("{tag}_x{count}"), sum_of([zx]), Sense::Eq, 0.0);
                    continue;
                }
                model.add_row(
                    format!("{tag}_x{count}_le"),
                    first.clone() + up * zx,
                    Sense::Le,
                    s + up,
                );
                model.add_row(
                    format!("{tag}_x{count}_ge"),
                    first - down * zx,
                    Sense::Ge,
                    s - down,
                );
            }
        }
        Measure::Between { low, high } => {
            let zs: Vec<Vec<Variable>> = (0..v.len()).map(|k| z(model, k)).collect();
            let pick = |k: usize, w: u8| zs[k][w as usize - 1];
            let mut total = Expression::default();
            for (k, &vk) in v.iter().enumerate().take(v.len().saturating_sub(1)).skip(1) {
                let before = |w: u8| sum_of((0..k).map(|i| pick(i, w)));
                let (l, h) = (before(low), before(high));
                let e = sum_of([pick(k, low), pick(k, high)]);
                let b = between_indicator(model, tag, group, k, (low, high), [l, h, e]);
                let fact = LineFact::BetweenAmount { low, high };
                let t = column(
                    model,
                    format!("t_{tag}_k{k}"),
                    group,
                    k,
                    fact,
                    Some((0.0, big)),
                );
                model.add_row(format!("{tag}_t{k}_b"), t - big * b, Sense::Le, 0.0);
                model.add_row(format!("{tag}_t{k}_v"), t - vk, Sense::Le, 0.0);
                model.add_row(format!("{tag}_t{k}_on"), t - vk - big * b, Sense::Ge, -big);
                total += t;
            }
            model.add_row(tag.clone(), total, Sense::Eq, s);
        }
        Measure::Visible => {
            let mut seen = Expression::default();
            let mut max_before = Expression::from(v[0]);
            for (k, &vk) in v.iter().enumerate().skip(1) {
                let fact = LineFact::Seen { digit: None };
                let on = column(model, format!("seen_{tag}_k{k}"), group, k, fact, None);
                let fact = LineFact::RunningMax;
                let m = column(
                    model,
                    format!("m_{tag}_k{k}"),
                    group,
                    k,
                    fact,
                    Some((1.0, big)),
                );
                let prev = max_before.clone();
                let name = |what: &str| format!("{tag}_m{k}_{what}");
                model.add_row(name("prev"), m - prev.clone(), Sense::Ge, 0.0);
                model.add_row(name("cell"), m - vk, Sense::Ge, 0.0);
                model.add_row(name("keep"), m - prev.clone() - big * on, Sense::Le, 0.0);
                model.add_row(name("take"), m - vk + big * on, Sense::Le, big);
                model.add_row(
                    name("up"),
                    vk - prev.clone() - big * on,
                    Sense::Ge,
                    1.0 - big,
                );
                model.add_row(name("down"), vk - prev - big * on, Sense::Le, -1.0);
                seen += on;
                max_before = Expression::from(m);
            }
            model.add_row(tag.clone(), seen, Sense::Eq, s - 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::formulation::{binary::Binary, natural::Natural, Formulation};
    use crate::puzzle::{Cell, Grid, Puzzle};
    use crate::rules::primitive::{Measure, Primitive, Sightline};
    use good_lp::IntoAffineExpression;
    use std::collections::HashMap;

    /// Every row of `model` holds at the columns `encode` gives for `grid`.
    fn rows_hold(model: &crate::formulation::BuiltModel, grid: &Grid) {
        let columns = model.encode(grid).unwrap();
        let index: HashMap<_, usize> = model
            .variables
            .iter_variables_with_def()
            .enumerate()
            .map(|(j, (var, _))| (var, j))
            .collect();
        for row in &model.rows {
            let e = row.constraint.expression();
            let lhs: f64 = e
                .linear_coefficients()
                .map(|(v, a)| a * columns[index[&v]])
                .sum::<f64>()
                + e.constant();
            let ok = match row.constraint.is_equality() {
                true => lhs.abs() < 1e-9,
                false => lhs <= 1e-9,
            };
            assert!(ok, "row {} is off by {lhs}", row.name());
        }
    }

    #[test]
    fn a_solution_satisfies_every_sightline_row_of_both_models() {
        // 1 3 | 2 4 / 2 4 | 1 3 / 3 1 | 4 2 / 4 2 | 3 1: row 1 from the left sees 1,3,4 (3);
        // column 2 from the top: 3 4 1 2, prefix 3+4+1 = 8; row 3 from the right: 2 4 1 3,
        // between 1 and 4: nothing (0); column 1 from the bottom: 4 3 2 1, between: 5.
        let values = vec![1, 3, 2, 4, 2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1];
        let grid = Grid { n: 4, values };
        let row = |r: usize, rev: bool| -> Vec<Cell> {
            let mut c: Vec<Cell> = (0..4).map(|col| Cell { row: r, col }).collect();
            if rev {
                c.reverse();
            }
            c
        };
        let col = |c: usize, rev: bool| -> Vec<Cell> {
            let mut v: Vec<Cell> = (0..4).map(|row| Cell { row, col: c }).collect();
            if rev {
                v.reverse();
            }
            v
        };
        let line = |tag: &str, cells, measure, value| {
            Primitive::Sightline(Sightline {
                tag: tag.into(),
                cells,
                measure,
                value,
            })
        };
        let between = Measure::Between { low: 1, high: 4 };
        let lines = vec![
            line("sky1", row(0, false), Measure::Visible, 3),
            line("xsum1", col(1, false), Measure::Prefix, 8),
            line("sandwich1", row(2, true), between, 0),
            line("sandwich2", col(0, true), between, 5),
        ];
        for p in &lines {
            assert!(p.holds(|c| grid.get(c)), "{p}");
        }
        let puzzle = Puzzle::with_square_boxes(4, vec![0; 16])
            .unwrap()
            .with_primitives(lines)
            .unwrap();
        rows_hold(&Binary::default().build(&puzzle), &grid);
        rows_hold(&Natural::default().build(&puzzle), &grid);
    }
}
