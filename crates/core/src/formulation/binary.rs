//! The binary model (seeds 000, 002, 004): one 0/1 variable per cell and value.
//!
//! ```text
//! x_{r,c,v} ∈ {0,1}                         x = 1 iff cell (r,c) holds v
//! Σ_v x_{r,c,v} = 1        ∀ cell (r,c)      cell_r{r}_c{c}
//! Σ_{(r,c)∈H} x_{r,c,v} = 1  ∀ house H, ∀ v  row_r{r}_v{v}, col_c{c}_v{v}, box_b{b}_v{v}, …
//! x_{r,c,g} = 1            ∀ given g at (r,c) given_r{r}_c{c}
//! ```
//! No objective (a feasibility problem: minimise 0). For an n×n grid with square or rectangular
//! boxes this is n³ variables and 4n² rule rows, plus one row per given.
//!
//! With `reduce`, the columns that a given already rules out are left out before the solver sees
//! them (seed 001's negative unit clauses as a model reduction): in a given cell, every value but
//! the given; in an empty cell, every value given in one of its houses. A row whose columns are
//! all left out stays in the model as `0 = 1`, which makes the solver report infeasibility.
//! The values a [`Primitive::Values`] excludes lose their columns too (the `--singles` presolve
//! hands the candidates propagation ruled out to the model that way), and so does a killer
//! cage's digit set with a digit none of the cage's cells keeps.
//!
//! Variant rules add their primitives' rows ([`super::binary_rows`]); `cages` says how a killer
//! cage's sum is written. A reduction leaves out only columns the houses rule out, and never a
//! rule's row.

use super::binary_rows::{add_primitives, Forms};
use super::forms::{CageForm, PairForm, StepForm, IMPLIED_CAGE_CELLS};
pub use super::names::house_row_name;
use super::names::{candidate_column_name, cell_row_name, given_row_name};
use super::{sum_of, BuiltModel, CellEncoding, Formulation, ModelSize, Sense};
use crate::named::Named;
use crate::puzzle::Cell;
use crate::puzzle::Puzzle;
use crate::rules::primitive::{distinct_sums, Primitive};
use good_lp::{variable, Expression, Variable};
use std::borrow::Cow;

/// The x_rcv model; `reduce` leaves out the columns that givens rule out; `cages`, `steps` and
/// `pairs` are the forms of killer-cage sums, two-cell steps and pair tables ([`super::forms`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Binary {
    pub reduce: bool,
    pub cages: CageForm,
    pub steps: StepForm,
    pub pairs: PairForm,
}

/// For every cell (row-major), which values keep a column: all of 1..n, or with `reduce` only
/// those no given rules out and every [`Primitive::Values`] of the cell allows (x_cv = 0 for
/// the others is that primitive's own row, so leaving the column out is the same model).
fn candidates(puzzle: &Puzzle, primitives: &[Primitive], reduce: bool) -> Vec<Vec<bool>> {
    let n = puzzle.order();
    if !reduce {
        return vec![vec![true; n + 1]; n * n];
    }
    let ruled_out = puzzle.ruled_out_by_givens();
    let mut keep: Vec<Vec<bool>> = puzzle
        .cells()
        .zip(ruled_out)
        .map(|(cell, out)| match puzzle.given(cell) {
            Some(g) => (0..=n).map(|v| v == g as usize).collect(),
            None => out.iter().map(|&o| !o).collect(),
        })
        .collect();
    for p in primitives {
        if let Primitive::Values { cell, allowed, .. } = p {
            let cell_keep = &mut keep[cell.row * n + cell.col];
            for (v, k) in cell_keep.iter_mut().enumerate().skip(1) {
                *k &= allowed.contains(v as u8);
            }
        }
    }
    keep
}

impl Formulation for Binary {
    fn label(&self) -> String {
        let mut label = String::from("binary");
        if self.reduce {
            label.push_str(" --reduce");
        }
        for (option, name, default) in [
            ("cage", self.cages.name(), self.cages == CageForm::default()),
            (
                "thermo",
                self.steps.name(),
                self.steps == StepForm::default(),
            ),
            ("pair", self.pairs.name(), self.pairs == PairForm::default()),
        ] {
            if !default {
                label.push_str(&format!(" --{option}-form {name}"));
            }
        }
        label
    }

    fn build(&self, puzzle: &Puzzle) -> BuiltModel {
        let primitives = match self.cages {
            CageForm::Implied => with_implied_cages(puzzle, IMPLIED_CAGE_CELLS),
            _ => Cow::Borrowed(puzzle.primitives()),
        };
        let n = puzzle.order();
        let mut model = BuiltModel::new(self.label(), n);
        let keep = candidates(puzzle, &primitives, self.reduce);
        // x[v][cell] for v in 1..=n (index 0 unused); None where the column is left out.
        let mut x: Vec<Vec<Option<Variable>>> = vec![vec![None; n * n]; n + 1];
        for (i, cell) in puzzle.cells().enumerate() {
            let mut options = Vec::new();
            for v in 1..=n {
                if keep[i][v] {
                    let name = candidate_column_name(cell, v as u8);
                    let (var, column) = model.add_variable(variable().binary().name(name));
                    x[v][i] = Some(var);
                    options.push((column, v as u8));
                }
            }
            model.add_cell(CellEncoding::OneHot(options));
        }
        let sum = |vars: &mut dyn Iterator<Item = Option<Variable>>| -> Expression {
            sum_of(vars.flatten())
        };
        for (i, cell) in puzzle.cells().enumerate() {
            let expr = sum(&mut x.iter().map(|by_cell| by_cell[i]));
            model.add_row(cell_row_name(cell), expr, Sense::Eq, 1.0);
        }
        for house in puzzle.houses() {
            for (v, by_cell) in x.iter().enumerate().skip(1) {
                let expr = sum(&mut house.cells.iter().map(|c| by_cell[c.row * n + c.col]));
                model.add_row(house_row_name(house.kind, v), expr, Sense::Eq, 1.0);
            }
        }
        for (i, cell) in puzzle.cells().enumerate() {
            if let Some(g) = puzzle.given(cell) {
                let expr = sum(&mut std::iter::once(x[g as usize][i]));
                model.add_row(given_row_name(cell), expr, Sense::Eq, 1.0);
            }
        }
        let forms = Forms {
            cages: self.cages,
            steps: self.steps,
            pairs: self.pairs,
        };
        add_primitives(&mut model, puzzle, &primitives, &x, forms);
        if self.reduce {
            model.unreduced = Some(full_size(puzzle));
        }
        model.apply_objective(puzzle);
        model
    }

    fn drops_excluded_values(&self) -> bool {
        self.reduce
    }
}

/// The puzzle's primitives with those of its implied sums ([`crate::implied`], over at most `max`
/// open cells) that the binary model gains from: a sum over cells that must differ (written in
/// the digit-set form, a cut of the LP relaxation), a two-cell difference (a pair table, whose
/// support rows are cuts too) and a single cell's value. The other implied sums are sums of rows
/// the model already has, which its LP relaxation implies.
fn with_implied_cages(puzzle: &Puzzle, max: usize) -> Cow<'_, [Primitive]> {
    let Cow::Owned(primitives) = puzzle.primitives_with_implied(max) else {
        return Cow::Borrowed(puzzle.primitives());
    };
    let houses: Vec<Vec<Cell>> = puzzle.houses().iter().map(|h| h.cells.clone()).collect();
    let cages: Vec<String> = distinct_sums(&primitives, &houses)
        .into_iter()
        .map(|d| d.tag)
        .collect();
    let original = puzzle.primitives().len();
    let kept: Vec<Primitive> = primitives
        .into_iter()
        .enumerate()
        .filter(|(i, p)| {
            *i < original
                || matches!(p, Primitive::Values { .. } | Primitive::Pairs { .. })
                || cages.iter().any(|t| t == p.tag())
        })
        .map(|(_, p)| p)
        .collect();
    Cow::Owned(kept)
}

/// The size of the unreduced model: n³ columns; n² cell rows, n rows per house and one row per
/// given; n³ + n²·|houses| + givens nonzeros.
pub fn full_size(puzzle: &Puzzle) -> ModelSize {
    let n = puzzle.order();
    let houses = puzzle.houses().len();
    let givens = puzzle.given_count();
    ModelSize {
        variables: n * n * n,
        binary: n * n * n,
        integer: 0,
        constraints: n * n + houses * n + givens,
        nonzeros: n * n * n + houses * n * n + givens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Layout;

    fn puzzle(n: usize, r: usize, c: usize, givens: Vec<u8>) -> Puzzle {
        Puzzle::new(n, Layout::Boxes { rows: r, cols: c }, false, givens).unwrap()
    }

    #[test]
    fn sizes_follow_the_formulas() {
        for (n, r, c) in [
            (4, 2, 2),
            (6, 2, 3),
            (8, 4, 2),
            (9, 3, 3),
            (12, 3, 4),
            (16, 4, 4),
        ] {
            let m = Binary::default().build(&puzzle(n, r, c, vec![0; n * n]));
            let size = m.size();
            assert_eq!(size.variables, n * n * n, "n³ variables for n = {n}");
            assert_eq!(size.binary, n * n * n);
            assert_eq!(size.constraints, 4 * n * n, "4n² rule rows for n = {n}");
            assert_eq!(size.nonzeros, 4 * n * n * n);
            assert_eq!(size, full_size(&puzzle(n, r, c, vec![0; n * n])));
        }
    }

    #[test]
    fn nine_by_nine_has_729_columns_and_324_rule_rows_plus_givens() {
        let mut g = vec![0u8; 81];
        g[0] = 5;
        g[1] = 3;
        g[4] = 7;
        let m = Binary::default().build(&puzzle(9, 3, 3, g));
        assert_eq!(m.size().variables, 729);
        assert_eq!(m.size().constraints, 324 + 3);
        let names: Vec<&str> = m.rows.iter().map(|r| r.name()).collect();
        for expected in [
            "cell_r1_c1",
            "row_r9_v9",
            "col_c3_v1",
            "box_b9_v9",
            "given_r1_c5",
        ] {
            assert!(names.contains(&expected), "{expected} missing");
        }
        let first = m.variables.iter_variables_with_def().next().unwrap().1;
        assert_eq!(first.get_name(), "x_r1_c1_v1");
        assert!(m.unreduced.is_none());
    }

    #[test]
    fn reduce_leaves_out_values_ruled_out_by_givens() {
        // One given 1 at r1c1 of a 4×4: it removes 3 columns in its own cell and value 1 from its
        // 2(n−1) + (r−1)(c−1) = 7 peers.
        let mut g = vec![0u8; 16];
        g[0] = 1;
        let p = puzzle(4, 2, 2, g);
        let m = Binary {
            reduce: true,
            ..Binary::default()
        }
        .build(&p);
        assert_eq!(m.size().variables, 64 - 3 - 7);
        assert_eq!(m.unreduced, Some(full_size(&p)));
        assert_eq!(m.size().constraints, full_size(&p).constraints);
        match &m.cells[0] {
            CellEncoding::OneHot(options) => assert_eq!(options.len(), 1),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn reduce_leaves_out_excluded_values_and_the_digit_sets_they_rule_out() {
        use crate::puzzle::Cell;
        use crate::rules::primitive::{LinearRelation, Relation, ValueSet};
        // A 2-cell cage of sum 5 in row 1 of a 4×4 (digit sets {1,4} and {2,3}), both cells
        // allowed only {1,4}: reduce leaves out 2 columns per cell and the set {2,3}.
        let (a, b) = (Cell { row: 0, col: 0 }, Cell { row: 0, col: 1 });
        let allowed = |cell, tag: &str| Primitive::Values {
            tag: tag.into(),
            cell,
            allowed: ValueSet::of([1, 4]),
        };
        let cage = Primitive::Linear(LinearRelation {
            tag: "cage1".into(),
            terms: vec![(1, a), (1, b)],
            relation: Relation::Eq,
            rhs: 5,
        });
        let p = puzzle(4, 2, 2, vec![0; 16])
            .with_primitives(vec![cage, allowed(a, "cand_a"), allowed(b, "cand_b")])
            .unwrap();
        let full = Binary::default().build(&p);
        assert_eq!(full.size().variables, 64 + 2);
        let reduced = Binary {
            reduce: true,
            ..Binary::default()
        }
        .build(&p);
        assert_eq!(reduced.size().variables, 64 - 4 + 1);
        assert!(reduced.rows.iter().all(|r| !r.name().starts_with("cand_")));
        assert_eq!(reduced.cells[0], CellEncoding::OneHot(vec![(0, 1), (1, 4)]));
    }

    #[test]
    fn the_implied_cage_form_adds_the_rule_of_45s_cages_and_nothing_without_sums() {
        use crate::puzzle::Cell;
        use crate::rules::primitive::Relation;
        // A cage r1c1 + r1c2 = 3 on a 4×4: row 1 sums to 10, so r1c3 + r1c4 = 7 (digits {3,4}),
        // a cage the rule of 45 implies inside row 1.
        let cage = Primitive::linear(
            "cage1",
            vec![(1, Cell { row: 0, col: 0 }), (1, Cell { row: 0, col: 1 })],
            Relation::Eq,
            3,
        );
        let p = puzzle(4, 2, 2, vec![0; 16])
            .with_primitives(vec![cage])
            .unwrap();
        let implied = |q: &Puzzle, cages| {
            Binary {
                cages,
                ..Binary::default()
            }
            .build(q)
        };
        let sets = implied(&p, CageForm::Sets);
        let with = implied(&p, CageForm::Implied);
        let extra: Vec<&str> = with
            .rows
            .iter()
            .map(|r| r.name())
            .filter(|n| n.starts_with("implied_") && n.ends_with("_sets"))
            .collect();
        assert!(!extra.is_empty(), "no implied cage");
        assert!(sets.rows.iter().all(|r| !r.name().starts_with("implied_")));
        assert!(with.size().variables > sets.size().variables);
        let classic = puzzle(4, 2, 2, vec![0; 16]);
        assert_eq!(
            implied(&classic, CageForm::Implied).size(),
            implied(&classic, CageForm::Sets).size()
        );
    }
}
