//! The natural integer model (seed 000): one integer per cell holding its value, and x_a ≠ x_b
//! for every two cells a, b that share a house.
//!
//! The disjunction a ≠ b ⇔ (x_a ≥ x_b + 1) ∨ (x_b ≥ x_a + 1) gets one binary y_ab per pair. The
//! seed first writes it with quadratic rows (x_a·y ≤ x_b·y − y, …) and then linearises it with a
//! big constant M:
//!
//! ```text
//! v_{r,c} ∈ {1..n} (integer), givens fixed by their bounds        v_r{r}_c{c}
//! y_ab ∈ {0,1} for every unordered pair {a,b} sharing a house       y_r{r1}c{c1}_r{r2}c{c2}
//! x_a − x_b + M·y_ab ≥ 1                                            ne1_…  (y = 0 ⇒ x_a > x_b)
//! x_b − x_a − M·y_ab ≥ 1 − M                                        ne2_…  (y = 1 ⇒ x_b > x_a)
//! ```
//! Why M = n is valid and the smallest constant that is: when y switches a row off it must hold
//! for every pair of values, i.e. x_a − x_b ≥ 1 − M for all x_a, x_b ∈ [1, n]; the smallest left
//! side is 1 − n, so M ≥ n. With domains [lo, hi] per cell, the row `ne1` needs only
//! M₁ = 1 + hi_b − lo_a and `ne2` only M₂ = 1 + hi_a − lo_b (the per-pair M; at least 1).
//!
//! For r×c boxes each cell has d = 2(n − 1) + (r − 1)(c − 1) peers, hence n²·d/2 pairs: 810 for
//! 9×9 (81 integers, 810 binaries, 1,620 rows).
//!
//! The textbook model is [`Natural::textbook`]. Each strengthening device is a separate switch,
//! so that `compare` can show what each one buys:
//! - `pair_m`: per-row M from the two cells' domains instead of M = n;
//! - `drop_given_pairs`: no binary and no rows for a pair of two givens (they differ already);
//! - `exclusions`: a pair with one given g becomes the exclusion x ≠ g on the other cell: values
//!   given in a cell's houses shrink its bounds when they sit at the ends of its domain, and each
//!   remaining hole h costs one binary w (x ≤ h − 1 or x ≥ h + 1) per cell and value, not per pair;
//! - `sums`: the seed's "necessary" house equations Σ_{cells of h} x = n(n + 1)/2;
//! - `subset_sums`: Rado's permutahedron inequalities on every subset of a house's empty cells
//!   (valid and exact for one house, but thousands of rows: not part of `natural-strong`).
//!
//! Variant rules add their primitives' rows ([`super::natural_rows`]).

use super::names::cell_tag;
use super::{sum_of, BuiltModel, CellEncoding, Formulation, Indicator, Sense};
use crate::puzzle::{Cell, HouseKind, Puzzle};
use good_lp::{variable, Expression, Variable};

/// The natural model and its strengthening switches; `Natural::default()` is the textbook model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Natural {
    pub pair_m: bool,
    pub drop_given_pairs: bool,
    pub exclusions: bool,
    pub sums: bool,
    pub subset_sums: bool,
}

impl Natural {
    /// The seed's model exactly: M = n for every pair, all pairs, no sums.
    pub fn textbook() -> Natural {
        Natural::default()
    }

    /// Every device that pays on the hardest 9×9 grids: all but `subset_sums` (thousands of
    /// rows that make each node slower without saving enough nodes).
    pub fn strengthened() -> Natural {
        Natural {
            pair_m: true,
            drop_given_pairs: true,
            exclusions: true,
            sums: true,
            subset_sums: false,
        }
    }
}

/// `r1c2` style tag used inside pair names: the cell's own name.
fn short(cell: Cell) -> String {
    cell.to_string()
}

/// The name of the sum row of a house: `sum_r3`, `sum_c5`, `sum_b2`, `sum_region4`, `sum_diag1`.
fn sum_name(kind: HouseKind) -> String {
    format!("sum_{}", kind.tag())
}

impl Formulation for Natural {
    fn label(&self) -> String {
        if *self == Natural::textbook() {
            return "natural".into();
        }
        if *self == Natural::strengthened() {
            return "natural-strong".into();
        }
        let mut label = String::from("natural");
        for (on, flag) in [
            (self.pair_m, " --pair-m"),
            (self.drop_given_pairs, " --drop-given-pairs"),
            (self.exclusions, " --exclusions"),
            (self.sums, " --sums"),
            (self.subset_sums, " --subset-sums"),
        ] {
            if on {
                label.push_str(flag);
            }
        }
        label
    }

    fn build(&self, puzzle: &Puzzle) -> BuiltModel {
        let n = puzzle.order();
        let mut model = BuiltModel::new(self.label(), n);
        // Values given in the houses of each cell (for `exclusions`).
        let excluded = if self.exclusions {
            puzzle.ruled_out_by_givens()
        } else {
            vec![vec![false; n + 1]; n * n]
        };
        let (x, bounds) = add_cell_columns(&mut model, puzzle, &excluded);
        self.add_pairs(&mut model, puzzle, &x, &bounds);
        if self.exclusions {
            add_exclusions(&mut model, puzzle, &x, &bounds, &excluded);
        }
        if self.sums {
            let total = (n * (n + 1) / 2) as f64;
            for house in puzzle.houses() {
                let expr = sum_of(house.cells.iter().map(|&c| x[c.row * n + c.col]));
                model.add_row(sum_name(house.kind), expr, Sense::Eq, total);
            }
        }
        if self.subset_sums {
            for house in puzzle.houses() {
                add_subset_sums(&mut model, puzzle, house, &x);
            }
        }
        super::natural_rows::add_primitives(&mut model, puzzle, &x);
        model.apply_objective(puzzle);
        model
    }
}

impl Natural {
    /// The disjunction x_a ≠ x_b of every peer pair {a, b} as two big-M rows with a binary y:
    /// x_a − x_b + M₁·y ≥ 1 and x_b − x_a − M₂·y ≥ 1 − M₂ (M = n, or per pair with `pair_m`).
    fn add_pairs(
        &self,
        model: &mut BuiltModel,
        puzzle: &Puzzle,
        x: &[Variable],
        bounds: &[(usize, usize)],
    ) {
        let n = puzzle.order();
        let index = |c: Cell| c.row * n + c.col;
        for (a, b) in puzzle.peer_pairs() {
            let (ga, gb) = (puzzle.given(a), puzzle.given(b));
            if ga.is_some() && gb.is_some() && self.drop_given_pairs {
                continue;
            }
            if self.exclusions && (ga.is_some() != gb.is_some()) {
                continue; // an exclusion on the empty cell instead (`add_exclusions`)
            }
            let ((lo_a, hi_a), (lo_b, hi_b)) = (bounds[index(a)], bounds[index(b)]);
            let (m1, m2) = if self.pair_m {
                // Any M at least the minimum is valid; 1 keeps the binary's coefficient nonzero
                // when the domains do not overlap.
                let m = |hi: usize, lo: usize| (1 + hi).saturating_sub(lo).max(1) as f64;
                (m(hi_b, lo_a), m(hi_a, lo_b))
            } else {
                (n as f64, n as f64)
            };
            let tag = format!("{}_{}", short(a), short(b));
            let (y, column) = model.add_variable(variable().binary().name(format!("y_{tag}")));
            model.indicators.push(Indicator::Greater {
                column,
                first: index(a),
                second: index(b),
            });
            let (xa, xb) = (x[index(a)], x[index(b)]);
            model.add_row(format!("ne1_{tag}"), xa - xb + m1 * y, Sense::Ge, 1.0);
            model.add_row(format!("ne2_{tag}"), xb - xa - m2 * y, Sense::Ge, 1.0 - m2);
        }
    }
}

/// One integer column v_rc ∈ [lo, hi] per cell: a given's value, else 1..n narrowed at both ends
/// by `excluded`. A cell with every value excluded gets the empty row 0 ≥ 1 (no completion).
/// Returns the columns and the domains, row-major.
fn add_cell_columns(
    model: &mut BuiltModel,
    puzzle: &Puzzle,
    excluded: &[Vec<bool>],
) -> (Vec<Variable>, Vec<(usize, usize)>) {
    let n = puzzle.order();
    let mut bounds = Vec::with_capacity(n * n);
    let mut x: Vec<Variable> = Vec::with_capacity(n * n);
    for (i, cell) in puzzle.cells().enumerate() {
        let allowed = |v: &usize| !excluded[i][*v];
        let (lo, hi) = match puzzle.given(cell) {
            Some(g) => (g as usize, g as usize),
            None => match ((1..=n).find(allowed), (1..=n).rev().find(allowed)) {
                (Some(lo), Some(hi)) => (lo, hi),
                _ => {
                    let name = format!("empty_{}", cell_tag(cell));
                    model.add_row(name, Expression::from(0), Sense::Ge, 1.0);
                    (1, n)
                }
            },
        };
        let name = format!("v_{}", cell_tag(cell));
        let definition = variable().integer().bounds(lo as f64..=hi as f64);
        let (var, column) = model.add_variable(definition.name(name));
        x.push(var);
        bounds.push((lo, hi));
        model.add_cell(CellEncoding::Integer(column));
    }
    (x, bounds)
}

/// For each value h given in a peer of an empty cell and strictly inside its domain [lo, hi],
/// a binary w with w = 0 ⇒ x ≤ h − 1 and w = 1 ⇒ x ≥ h + 1 (rows ex1_/ex2_).
fn add_exclusions(
    model: &mut BuiltModel,
    puzzle: &Puzzle,
    x: &[Variable],
    bounds: &[(usize, usize)],
    excluded: &[Vec<bool>],
) {
    for (i, cell) in puzzle.cells().enumerate() {
        let (lo, hi) = bounds[i];
        if puzzle.given(cell).is_some() {
            continue;
        }
        for h in (lo + 1..hi).filter(|&h| excluded[i][h]) {
            let tag = format!("{}_v{h}", cell_tag(cell));
            let (w, column) = model.add_variable(variable().binary().name(format!("w_{tag}")));
            model.indicators.push(Indicator::Above {
                column,
                cell: i,
                value: h as u8,
            });
            let (m_low, m_high) = ((hi + 1 - h) as f64, (h + 1 - lo) as f64);
            let low = h as f64 - 1.0;
            model.add_row(format!("ex1_{tag}"), x[i] - m_low * w, Sense::Le, low);
            let high = h as f64 + 1.0 - m_high;
            model.add_row(format!("ex2_{tag}"), x[i] - m_high * w, Sense::Ge, high);
        }
    }
}

/// Houses with more empty cells than this get no subset-sum rows (2^k of them).
const SUBSET_SUM_MAX_EMPTY: usize = 10;

/// Rado's description of the permutahedron: the k empty cells E of a house must take exactly
/// the k missing values m₁ < … < m_k, so for every subset S ⊂ E with |S| = s,
/// Σ_S x ≥ m₁ + … + m_s and Σ_S x ≤ m_{k−s+1} + … + m_k (subset_lo/hi_…), and Σ_E x = Σ m.
fn add_subset_sums(
    model: &mut BuiltModel,
    puzzle: &Puzzle,
    house: &crate::puzzle::House,
    x: &[Variable],
) {
    let n = puzzle.order();
    let empty: Vec<Cell> = house
        .cells
        .iter()
        .copied()
        .filter(|&c| puzzle.given(c).is_none())
        .collect();
    let given: Vec<u8> = house
        .cells
        .iter()
        .filter_map(|&c| puzzle.given(c))
        .collect();
    let missing: Vec<usize> = (1..=n).filter(|v| !given.contains(&(*v as u8))).collect();
    let k = empty.len();
    if !(2..=SUBSET_SUM_MAX_EMPTY).contains(&k) || missing.len() != k {
        return;
    }
    for mask in 1u32..(1 << k) - 1 {
        let s = mask.count_ones() as usize;
        if s < 2 {
            continue;
        }
        let expr = sum_of(
            (0..k)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| x[empty[i].row * n + empty[i].col]),
        );
        let low: usize = missing[..s].iter().sum();
        let high: usize = missing[k - s..].iter().sum();
        let tag = format!("{}_{mask}", house.kind.tag());
        model.add_row(
            format!("subset_lo_{tag}"),
            expr.clone(),
            Sense::Ge,
            low as f64,
        );
        model.add_row(format!("subset_hi_{tag}"), expr, Sense::Le, high as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Layout;

    fn empty(n: usize, r: usize, c: usize) -> Puzzle {
        Puzzle::new(n, Layout::Boxes { rows: r, cols: c }, false, vec![0; n * n]).unwrap()
    }

    #[test]
    fn textbook_sizes_follow_the_formulas() {
        for (n, r, c) in [(4, 2, 2), (6, 2, 3), (9, 3, 3), (16, 4, 4)] {
            let d = 2 * (n - 1) + (r - 1) * (c - 1);
            let pairs = n * n * d / 2;
            let size = Natural::textbook().build(&empty(n, r, c)).size();
            assert_eq!(size.integer, n * n, "n² integers for n = {n}");
            assert_eq!(size.binary, pairs, "n²·d/2 pair binaries for n = {n}");
            assert_eq!(size.variables, n * n + pairs);
            assert_eq!(size.constraints, 2 * pairs);
            assert_eq!(size.nonzeros, 6 * pairs);
        }
        let nine = Natural::textbook().build(&empty(9, 3, 3)).size();
        assert_eq!(
            (nine.integer, nine.binary, nine.constraints),
            (81, 810, 1620)
        );
    }

    #[test]
    fn names_follow_the_design() {
        let m = Natural::textbook().build(&empty(4, 2, 2));
        let names: Vec<&str> = m
            .variables
            .iter_variables_with_def()
            .map(|(_, d)| d.get_name())
            .collect();
        assert_eq!(names[0], "v_r1_c1");
        assert!(names.contains(&"y_r1c1_r1c2"));
        assert!(names.contains(&"y_r1c1_r2c2"), "box peers");
        assert!(!names.contains(&"y_r1c1_r3c3"), "not peers");
        assert_eq!(m.rows[0].name(), "ne1_r1c1_r1c2");
        assert_eq!(m.rows[1].name(), "ne2_r1c1_r1c2");
    }

    #[test]
    fn devices_shrink_the_model() {
        let mut g = vec![0u8; 16];
        g[0] = 1; // r1c1 = 1
        g[5] = 2; // r2c2 = 2 (same box as r1c1)
        let p = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, false, g).unwrap();
        let textbook = Natural::textbook().build(&p).size();
        let dropped = Natural {
            drop_given_pairs: true,
            ..Natural::default()
        }
        .build(&p)
        .size();
        assert_eq!(
            dropped.binary,
            textbook.binary - 1,
            "the one given–given pair"
        );
        let excl = Natural {
            exclusions: true,
            ..Natural::default()
        }
        .build(&p);
        // Pairs with exactly one given disappear; their exclusions are bounds or holes.
        assert!(excl.size().binary < textbook.binary);
        let sums = Natural {
            sums: true,
            ..Natural::default()
        }
        .build(&p)
        .size();
        assert_eq!(
            sums.constraints,
            textbook.constraints + 12,
            "one sum per house"
        );
        assert_eq!(Natural::strengthened().label(), "natural-strong");
        assert_eq!(
            Natural {
                sums: true,
                ..Natural::default()
            }
            .label(),
            "natural --sums"
        );
    }

    #[test]
    fn exclusions_tighten_bounds_at_the_ends() {
        // r1c1 empty; its peers hold 1 and 4 (ends) and 2 (a hole next to the end 1).
        let mut g = vec![0u8; 16];
        g[1] = 1; // r1c2
        g[4] = 4; // r2c1
        g[2] = 2; // r1c3
        let p = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, false, g).unwrap();
        let m = Natural {
            exclusions: true,
            ..Natural::default()
        }
        .build(&p);
        let first = m.variables.iter_variables_with_def().next().unwrap().1;
        assert_eq!(
            (first.get_min(), first.get_max()),
            (3.0, 3.0),
            "domain {{3}}"
        );
    }
}
