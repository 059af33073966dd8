//! Differential testing: small random puzzles with random rules of every type, counted by every
//! engine that counts (the MILP on the binary model in every cage, step and pair form with and
//! without `reduce`, the natural model with random switches, natural-strong, backtrack,
//! propagate, sat) and compared with the brute-force counter of `common::brute`, which shares
//! no code with the library. Every grid an engine returns must keep the puzzle's rules as the
//! brute-force checker reads them, and be distinct from the others; `solve` of lp-bb and of the
//! natural model must agree on whether a solution exists.
//!
//! The always-on sample is `differential_sample_agrees_with_brute_force` (proptest, a few
//! dozen puzzles). The long run is `differential_long_run` (ignored; `docs/testing.md`):
//! `SUDOKU_DIFF_SECONDS=1800 cargo test --release --test integration differential_long_run
//! -- --ignored --nocapture`.

use crate::common::brute::{self, Spec, C, R};
use crate::common::highs_lock;
use fastrand::Rng;
use proptest::prelude::*;
use sudoku_ilp::engine::spec::{EngineSpec, ModelSpec};
use sudoku_ilp::engine::{CountEnd, Engine, Limits, Method, Status};
use sudoku_ilp::formulation::{CageForm, ModelKind, PairForm, StepForm};
use sudoku_ilp::input::{parse_puzzle, ParseOptions};
use sudoku_ilp::puzzle::Puzzle;

/// The most solutions asked of each engine; a puzzle with more must say "limit reached".
const MAX: usize = 12;

/// A limit only a hang reaches: a count cut by it is a failure here, not a slow machine.
const HANG: f64 = 3600.0;

/// Brute-force search nodes allowed per puzzle before the puzzle is drawn again with more
/// givens.
const BUDGET: u64 = 400_000;

/// A random puzzle: shape, layout, rules made to hold on a random solution (some then changed
/// so that they need not), and givens from that solution.
pub fn random_spec(rng: &mut Rng) -> Spec {
    let shapes = [(2, 2), (2, 2), (2, 3), (3, 2), (3, 3)];
    let (br, bc) = shapes[rng.usize(..shapes.len())];
    let n = br * bc;
    let mut spec = Spec {
        n,
        box_rows: br,
        box_cols: bc,
        regions: None,
        diagonals: rng.f64() < 0.2,
        givens: vec![0; n * n],
        rules: Vec::new(),
    };
    if rng.f64() < 0.25 {
        spec.regions = Some(jigsaw(n, br, bc, rng));
    }
    let square = br == bc && spec.regions.is_none();
    let globals = [
        (R::Windoku, square),
        (R::DisjointGroups, spec.regions.is_none()),
        (R::AntiKnight, true),
        (R::AntiKing, true),
        (R::NonConsecutive, true),
        (
            R::Negative {
                xv: rng.bool(),
                ratio: rng.bool(),
            },
            true,
        ),
    ];
    for (rule, fits) in globals {
        if fits && rng.f64() < 0.12 {
            if let R::Negative {
                xv: false,
                ratio: false,
            } = rule
            {
                continue;
            }
            spec.rules.push(rule);
        }
    }
    let solution = loop {
        let mut order: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut order);
        if let Some(s) = brute::a_solution(&spec, order, 50_000) {
            break s;
        }
        // No solution found quickly: drop a global rule, then the diagonals, then the regions.
        if spec.rules.pop().is_none() {
            if spec.diagonals {
                spec.diagonals = false;
            } else {
                spec.regions = None;
            }
        }
    };
    for _ in 0..rng.usize(0..=5) {
        let boxes = spec.regions.is_none().then_some((br, bc));
        if let Some(rule) = local_rule(n, boxes, &solution, rng) {
            if !clashes(&spec.rules, &rule) {
                spec.rules.push(rule);
            }
        }
    }
    for _ in 0..rng.usize(0..=2) {
        if let Some(rule) = line_rule(&spec, &solution, rng) {
            spec.rules.push(rule);
        }
    }
    let density = match n {
        4 => rng.f64() * 0.4,
        6 => 0.3 + rng.f64() * 0.4,
        _ => 0.55 + rng.f64() * 0.3,
    };
    for (given, &value) in spec.givens.iter_mut().zip(&solution) {
        if rng.f64() < density {
            *given = value;
        }
    }
    spec
}

/// Whether `rule` overlaps a rule of `rules` in a way puzzles do not: two markers (dots, X/V)
/// on one pair. (Killer cages may overlap, as in f-puzzles and ISS.)
fn clashes(rules: &[R], rule: &R) -> bool {
    let pair = |r: &R| match r {
        R::White(a, b, _) | R::Black(a, b, _) | R::Xv(a, b, _) => Some((*a.min(b), *a.max(b))),
        _ => None,
    };
    rules
        .iter()
        .any(|other| pair(other).is_some() && pair(other) == pair(rule))
}

/// A line or set rule of issue 44 on a random walk (or corner, or cell) that holds on
/// `solution` as the brute-force checker reads it; one time in five it is kept even when it
/// does not hold. `None` when the drawn rule does not hold and is not kept.
fn line_rule(spec: &Spec, solution: &[u8], rng: &mut Rng) -> Option<R> {
    let n = spec.n;
    let v = |(r, c): C| i64::from(solution[r * n + c]);
    let cells = walk(n, rng.usize(2..=5.min(n)), rng);
    let a = cells[0];
    let rule = match rng.usize(..17) {
        0 => {
            let twins: Vec<C> = (0..n * n)
                .map(|i| (i / n, i % n))
                .filter(|&c| c != a && v(c) == v(a))
                .collect();
            let b = *twins.get(rng.usize(..twins.len().max(1)))?;
            match rng.bool() {
                true => R::Palindrome(vec![a, b]),
                false => R::Clone(vec![a], vec![b]),
            }
        }
        1 => R::Palindrome(cells),
        2 => R::Renban(cells),
        3 => {
            let least = cells.windows(2).map(|w| (v(w[0]) - v(w[1])).abs()).min()?;
            R::Whispers(cells, least.max(1))
        }
        4 => R::Nabner(cells.into_iter().take(n.div_ceil(2)).collect()),
        5 => R::Entropic(cells),
        6 => R::Modular(cells),
        7 => R::Between(cells),
        8 => R::Lockout(cells),
        9 => R::RegionSum(cells),
        10 => R::Zipper(cells),
        11 if cells.len() < 3 => return None,
        11 => R::DoubleArrow(cells),
        12 => {
            let mut sorted = cells;
            sorted.sort_by_key(|&c| v(c));
            R::SlowThermo(sorted)
        }
        13 => R::Minimum(vec![a]),
        14 => R::Maximum(vec![a]),
        15 => {
            let (r, c) = (rng.usize(..n - 1), rng.usize(..n - 1));
            let corner = vec![(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let mut values: Vec<u8> = corner.iter().map(|&c| v(c) as u8).collect();
            rng.shuffle(&mut values);
            values.truncate(rng.usize(1..=4));
            R::Quadruple(corner, values)
        }
        _ => {
            let mut values = vec![v(a) as u8, rng.u8(1..=n as u8)];
            values.dedup();
            R::PencilMarks(a, values)
        }
    };
    let alone = Spec {
        rules: vec![rule.clone()],
        givens: vec![0; n * n],
        ..spec.clone()
    };
    (alone.holds(solution) || rng.f64() < 0.2).then_some(rule)
}

/// The boxes as regions, with a few random cells swapped between regions.
fn jigsaw(n: usize, br: usize, bc: usize, rng: &mut Rng) -> Vec<usize> {
    let mut ids: Vec<usize> = (0..n * n)
        .map(|i| (i / n / br) * (n / bc) + (i % n) / bc)
        .collect();
    for _ in 0..rng.usize(1..=n) {
        let (a, b) = (rng.usize(..n * n), rng.usize(..n * n));
        ids.swap(a, b);
    }
    ids
}

/// A random orthogonal neighbour of `c`.
fn neighbour(n: usize, (r, c): C, rng: &mut Rng) -> C {
    let options: Vec<C> = [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
        .iter()
        .map(|(dr, dc)| (r as i64 + dr, c as i64 + dc))
        .filter(|&(r, c)| r >= 0 && c >= 0 && r < n as i64 && c < n as i64)
        .map(|(r, c)| (r as usize, c as usize))
        .collect();
    options[rng.usize(..options.len())]
}

/// A walk of up to `len` distinct cells through orthogonal neighbours.
fn walk(n: usize, len: usize, rng: &mut Rng) -> Vec<C> {
    let mut cells = vec![(rng.usize(..n), rng.usize(..n))];
    for _ in 0..len * 4 {
        if cells.len() == len {
            break;
        }
        let next = neighbour(n, *cells.last().unwrap(), rng);
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    cells
}

/// A rule of a random type that holds on `solution` (sometimes changed so that it need not).
/// `boxes`: the box shape (rows, columns), `None` on irregular regions.
fn local_rule(
    n: usize,
    boxes: Option<(usize, usize)>,
    solution: &[u8],
    rng: &mut Rng,
) -> Option<R> {
    let v = |(r, c): C| i64::from(solution[r * n + c]);
    let wrong = rng.f64() < 0.2;
    let ni = n as i64;
    Some(match rng.usize(..13) {
        11 => outside_clue(n, solution, rng, wrong),
        12 => {
            let cells: Vec<C> = (0..rng.usize(1..=3))
                .map(|_| (rng.usize(..n), rng.usize(..n)))
                .collect();
            let mut cells = cells;
            cells.sort_unstable();
            cells.dedup();
            // Axis 0: column indexer, 1: row indexer, 2: box indexer (boxes only).
            let holds = |axis: usize| {
                cells.iter().all(|&(r, c)| {
                    let x = v((r, c)) as usize - 1;
                    match (axis, boxes) {
                        (0, _) => v((r, x)) == c as i64 + 1,
                        (1, _) => v((x, c)) == r as i64 + 1,
                        (_, Some((h, w))) => {
                            let (top, left) = (r / h * h, c / w * w);
                            let own = (r - top) * w + (c - left) + 1;
                            v((top + x / w, left + x % w)) == own as i64
                        }
                        _ => false,
                    }
                })
            };
            match rng.usize(..3) {
                0 if holds(0) != wrong => R::ColumnIndexer(cells),
                1 if holds(1) != wrong => R::RowIndexer(cells),
                2 if boxes.is_some() && holds(2) != wrong => R::BoxIndexer(cells),
                _ => return None,
            }
        }
        0 => {
            let mut cells = walk(n, rng.usize(2..=4.min(n)), rng);
            let mut seen = Vec::new();
            cells.retain(|&c| {
                let fresh = !seen.contains(&v(c));
                seen.push(v(c));
                fresh
            });
            let k = cells.len() as i64;
            let sum: i64 = cells.iter().map(|&c| v(c)).sum();
            let sum = if wrong {
                rng.i64(k * (k + 1) / 2..=k * (2 * ni - k + 1) / 2)
            } else {
                sum
            };
            R::Killer(cells, (rng.f64() < 0.85).then_some(sum))
        }
        1 => {
            let (r, c) = (rng.usize(..n), rng.usize(..n));
            let down = rng.bool();
            let cells: Vec<C> = (0..n)
                .map(|k| (r + k, if down { c + k } else { c.wrapping_sub(k) }))
                .take_while(|&(r, c)| r < n && c < n)
                .collect();
            let k = cells.len() as i64;
            let sum = if wrong {
                rng.i64(k..=k * ni)
            } else {
                cells.iter().map(|&c| v(c)).sum()
            };
            R::LittleKiller(cells, sum)
        }
        2 => {
            let mut cells = walk(n, rng.usize(2..=4.min(n)), rng);
            if !wrong {
                cells.sort_by_key(|&c| v(c));
                cells.dedup_by_key(|c| v(*c));
            }
            R::Thermo(cells)
        }
        3 => {
            let line = walk(n, rng.usize(1..=3), rng);
            let sum: i64 = line.iter().map(|&c| v(c)).sum();
            let free = |c: &C| !line.contains(c);
            let cells: Vec<C> = (0..n * n).map(|i| (i / n, i % n)).filter(free).collect();
            let circle = if wrong || sum > ni {
                if line.len() * n < 11 {
                    return None; // the line cannot reach a two-digit number
                }
                // A pill of two cells left to right (its number may not match).
                let r = rng.usize(..n);
                let c = rng.usize(..n - 1);
                let pill = vec![(r, c), (r, c + 1)];
                if pill.iter().any(|c| line.contains(c)) {
                    return None;
                }
                pill
            } else {
                let with: Vec<&C> = cells.iter().filter(|&&c| v(c) == sum).collect();
                vec![**with.get(rng.usize(..with.len().max(1)))?]
            };
            R::Arrow(circle, line)
        }
        4..=7 => {
            let a = (rng.usize(..n), rng.usize(..n));
            let b = neighbour(n, a, rng);
            let (x, y) = (v(a), v(b));
            match rng.usize(..4) {
                0 => R::White(a, b, if wrong { rng.i64(1..ni) } else { (x - y).abs() }),
                1 => {
                    let (hi, lo) = (x.max(y), x.min(y));
                    let k = if wrong || hi % lo != 0 || hi / lo < 2 {
                        rng.i64(2..=ni)
                    } else {
                        hi / lo
                    };
                    R::Black(a, b, k)
                }
                2 => R::Xv(a, b, if wrong { rng.i64(3..2 * ni) } else { x + y }),
                _ if (x > y) != wrong => R::Gt(a, b),
                _ => R::Gt(b, a),
            }
        }
        8 | 9 => {
            let c = (rng.usize(..n), rng.usize(..n));
            if (v(c) % 2 == 1) != wrong {
                R::Odd(c)
            } else {
                R::Even(c)
            }
        }
        _ => {
            let mut cells: Vec<C> = Vec::new();
            for _ in 0..rng.usize(2..=n) {
                let c = (rng.usize(..n), rng.usize(..n));
                if !cells.contains(&c) && (wrong || cells.iter().all(|&d| v(d) != v(c))) {
                    cells.push(c);
                }
            }
            if cells.len() < 2 {
                return None;
            }
            R::Extra(cells)
        }
    })
}

/// An outside clue (sandwich, X-sum, skyscraper, numbered room) on a random line read from a
/// random side, its number read off `solution` (or drawn at random when `wrong`).
fn outside_clue(n: usize, solution: &[u8], rng: &mut Rng, wrong: bool) -> R {
    let k = rng.usize(..n);
    let mut line: Vec<C> = match rng.bool() {
        true => (0..n).map(|i| (k, i)).collect(),
        false => (0..n).map(|i| (i, k)).collect(),
    };
    if rng.bool() {
        line.reverse();
    }
    let d: Vec<i64> = line
        .iter()
        .map(|&(r, c)| i64::from(solution[r * n + c]))
        .collect();
    let ni = n as i64;
    let pick = |right: i64, lo: i64, hi: i64, rng: &mut Rng| {
        if wrong {
            rng.i64(lo..=hi)
        } else {
            right
        }
    };
    match rng.usize(..4) {
        0 => {
            let a = d.iter().position(|&x| x == 1).unwrap();
            let b = d.iter().position(|&x| x == ni).unwrap();
            let sum = d[a.min(b) + 1..a.max(b)].iter().sum();
            R::Sandwich(line, pick(sum, 0, ni * (ni - 1) / 2 - 1, rng))
        }
        1 => {
            let sum = d.iter().take(d[0] as usize).sum();
            R::XSum(line, pick(sum, 1, ni * (ni + 1) / 2, rng))
        }
        2 => {
            let seen = (0..n).filter(|&i| d[..i].iter().all(|&x| x < d[i])).count();
            R::Skyscraper(line, pick(seen as i64, 1, ni, rng))
        }
        _ => {
            let digit = d[d[0] as usize - 1];
            R::NumberedRoom(line, pick(digit, 1, ni, rng))
        }
    }
}

/// Every setting that counts, for one puzzle: the searches, the natural models and a binary
/// model in random forms (all forms are drawn over many puzzles).
fn settings(rng: &mut Rng) -> Vec<EngineSpec> {
    let milp = |model: ModelSpec| EngineSpec {
        model,
        ..EngineSpec::default()
    };
    let method = |method: Method| EngineSpec {
        method,
        ..EngineSpec::default()
    };
    let cages = [CageForm::Sets, CageForm::Sum, CageForm::Implied];
    let binary = ModelSpec {
        reduce: rng.bool(),
        cages: cages[rng.usize(..3)],
        steps: [StepForm::Cumulative, StepForm::Aggregated][rng.usize(..2)],
        pairs: [PairForm::Support, PairForm::Conflict][rng.usize(..2)],
        ..ModelSpec::of(ModelKind::Binary)
    };
    let natural = ModelSpec {
        pair_m: rng.bool(),
        drop_given_pairs: rng.bool(),
        exclusions: rng.bool(),
        sums: rng.bool(),
        subset_sums: rng.f64() < 0.2,
        ..ModelSpec::of(ModelKind::Natural)
    };
    vec![
        method(Method::Backtrack),
        method(Method::Propagate),
        method(Method::Sat),
        milp(ModelSpec::default()),
        milp(binary),
        milp(ModelSpec::of(ModelKind::Natural)),
        milp(ModelSpec::of(ModelKind::NaturalStrong)),
        milp(natural),
    ]
}

/// A random puzzle that the brute force counts within its budget, with its solutions (up to
/// MAX + 1).
fn counted_spec(rng: &mut Rng) -> (Spec, Vec<Vec<u8>>) {
    loop {
        let spec = random_spec(rng);
        if let Some(solutions) = brute::solutions(&spec, MAX + 1, BUDGET) {
            return (spec, solutions);
        }
    }
}

/// Counts `spec` with every setting and compares with the brute force; returns the number of
/// settings run, or the first disagreement.
pub fn compare_one(rng: &mut Rng) -> Result<usize, String> {
    let (spec, truth) = counted_spec(rng);
    let json = spec.json();
    let puzzle = parse_puzzle("differential.json", &json, ParseOptions::default())
        .map_err(|e| format!("the library refused a generated puzzle: {e}\n{json}"))?;
    let limits = Limits { time_limit: HANG };
    let verbose = std::env::var_os("SUDOKU_DIFF_VERBOSE").is_some();
    if verbose {
        eprintln!("puzzle: {json} ({} brute-force solutions)", truth.len());
    }
    let mut runs = 0;
    for setting in settings(rng) {
        let engine = setting.build().map_err(|e| format!("{setting:?}: {e}"))?;
        let label = engine.label();
        let fail = |what: String| format!("{label}: {what}\npuzzle: {json}");
        let t = std::time::Instant::now();
        let count = engine
            .count(&puzzle, MAX, &limits)
            .map_err(|e| fail(format!("count failed: {e}")))?;
        runs += 1;
        if verbose {
            eprintln!("  {label}: {:.2} s", t.elapsed().as_secs_f64());
        }
        for grid in count.solutions.iter().chain(&count.beyond) {
            if !spec.holds(&grid.values) {
                return Err(fail(format!(
                    "a grid that breaks the rules: {:?}",
                    grid.values
                )));
            }
        }
        let mut distinct: Vec<&Vec<u8>> = count.solutions.iter().map(|g| &g.values).collect();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != count.solutions.len() {
            return Err(fail("a solution counted twice".into()));
        }
        let expected = if truth.len() > MAX {
            (MAX, CountEnd::LimitReached)
        } else {
            (truth.len(), CountEnd::Complete)
        };
        if (count.solutions.len(), count.end) != expected {
            return Err(fail(format!(
                "count {} ({:?}), brute force {}{}",
                count.solutions.len(),
                count.end,
                truth.len(),
                if truth.len() > MAX { " or more" } else { "" }
            )));
        }
    }
    for setting in [
        EngineSpec {
            method: Method::LpBb,
            ..EngineSpec::default()
        },
        EngineSpec {
            model: ModelSpec::of(ModelKind::Natural),
            ..EngineSpec::default()
        },
    ] {
        runs += 1;
        solve_agrees(&setting.build().unwrap(), &puzzle, &spec, &truth, &json)?;
    }
    Ok(runs)
}

/// `solve` finds a grid that keeps the rules exactly when the brute force finds one.
fn solve_agrees(
    engine: &std::sync::Arc<dyn Engine>,
    puzzle: &Puzzle,
    spec: &Spec,
    truth: &[Vec<u8>],
    json: &str,
) -> Result<(), String> {
    let label = engine.label();
    let solution = engine
        .solve(puzzle, &Limits { time_limit: HANG })
        .map_err(|e| format!("{label}: solve failed: {e}\npuzzle: {json}"))?;
    let agrees = match (solution.status, &solution.grid) {
        (Status::Solved, Some(grid)) => !truth.is_empty() && spec.holds(&grid.values),
        (Status::Infeasible, None) => truth.is_empty(),
        _ => false,
    };
    if agrees {
        Ok(())
    } else {
        Err(format!(
            "{label}: solve says {:?} {:?}, brute force {} solutions\npuzzle: {json}",
            solution.status,
            solution.grid.map(|g| g.values),
            truth.len()
        ))
    }
}

/// The puzzle of issue 34 that the natural model counted 2 (brute force and every other model
/// and engine: 4): an empty 4×4, r1c2 > r1c3, negative XV, extra region {r2c2, r2c3, r4c3}.
#[test]
fn the_natural_model_counts_the_issue_34_puzzle_as_brute_force_does() {
    let spec = Spec {
        rules: vec![
            R::Gt((0, 1), (0, 2)),
            R::Negative {
                xv: true,
                ratio: false,
            },
            R::Extra(vec![(1, 1), (1, 2), (3, 2)]),
        ],
        ..Spec::empty(2, 2)
    };
    let truth = brute::solutions(&spec, 1000, u64::MAX).unwrap();
    assert_eq!(truth.len(), 4, "brute force");
    let puzzle = parse_puzzle("issue34.json", &spec.json(), ParseOptions::default()).unwrap();
    let _highs = highs_lock();
    for kind in [
        ModelKind::Natural,
        ModelKind::NaturalStrong,
        ModelKind::Binary,
    ] {
        let engine = EngineSpec {
            model: ModelSpec::of(kind),
            ..EngineSpec::default()
        }
        .build()
        .unwrap();
        let count = engine
            .count(&puzzle, 1000, &Limits { time_limit: HANG })
            .unwrap();
        assert_eq!(count.end, CountEnd::Complete, "{kind:?}");
        assert_eq!(count.solutions.len(), 4, "{kind:?}");
        assert!(count.solutions.iter().all(|g| spec.holds(&g.values)));
    }
}

/// The brute-force counter itself, on counts known from elsewhere: the empty 4×4 has 288
/// grids; a white dot with difference 3 on r1c1–r1c2 leaves the pairs (1,4) and (4,1).
#[test]
fn the_brute_force_counter_counts_known_cases() {
    let mut spec = Spec::empty(2, 2);
    assert_eq!(brute::solutions(&spec, 1000, u64::MAX).unwrap().len(), 288);
    spec.rules.push(R::White((0, 0), (0, 1), 3));
    let with_dot = brute::solutions(&spec, 1000, u64::MAX).unwrap();
    // By symmetry of the values (v -> 5 - v keeps |a - b|), 2 of the 12 ordered pairs.
    assert_eq!(with_dot.len(), 288 * 2 / 12);
    assert!(with_dot
        .iter()
        .all(|g| (g[0] as i64 - g[1] as i64).abs() == 3));
}

/// Every rule kind of the brute-force counter's [`R`], as its `Debug` name.
const KINDS: [&str; 41] = [
    "Killer",
    "LittleKiller",
    "Thermo",
    "Arrow",
    "White",
    "Black",
    "Xv",
    "Gt",
    "Odd",
    "Even",
    "Extra",
    "Windoku",
    "AntiKnight",
    "AntiKing",
    "NonConsecutive",
    "DisjointGroups",
    "Negative",
    "Palindrome",
    "Clone",
    "Renban",
    "Whispers",
    "Nabner",
    "Entropic",
    "Modular",
    "Between",
    "Lockout",
    "RegionSum",
    "Zipper",
    "DoubleArrow",
    "SlowThermo",
    "Minimum",
    "Maximum",
    "Quadruple",
    "PencilMarks",
    "Sandwich",
    "XSum",
    "Skyscraper",
    "NumberedRoom",
    "ColumnIndexer",
    "RowIndexer",
    "BoxIndexer",
];

/// The kind of a rule: its `Debug` name up to the first bracket or space.
fn kind(rule: &R) -> String {
    let text = format!("{rule:?}");
    text.split(['(', ' ', '{'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The fixed sample: the first seeds (from 1 on) that together draw every rule kind, each seed
/// kept only when its puzzle brings a kind not seen yet; each is counted by every setting as
/// in the random sample. So every rule is compared with brute force on every run.
#[test]
fn a_fixed_sample_covers_every_rule_kind_and_agrees_with_brute_force() {
    let mut seen: std::collections::BTreeSet<String> = Default::default();
    let mut seeds = Vec::new();
    let new_kinds = |spec: &Spec, seen: &std::collections::BTreeSet<String>| {
        let kinds: Vec<String> = spec.rules.iter().map(kind).collect();
        kinds.iter().any(|k| !seen.contains(k)).then_some(kinds)
    };
    for seed in 1..=400u64 {
        // The first draw (cheap) first; the puzzle compare_one counts is the one the brute
        // force can count, which is this draw or a later one of the same seed.
        if new_kinds(&random_spec(&mut Rng::with_seed(seed)), &seen).is_none() {
            continue;
        }
        let (spec, _) = counted_spec(&mut Rng::with_seed(seed));
        if let Some(kinds) = new_kinds(&spec, &seen) {
            seen.extend(kinds);
            seeds.push(seed);
        }
        if KINDS.iter().all(|k| seen.contains(*k)) {
            break;
        }
    }
    let missing: Vec<&str> = KINDS
        .iter()
        .copied()
        .filter(|k| !seen.contains(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "no puzzle of seeds 1..=400 draws {missing:?}"
    );
    let _highs = highs_lock();
    for seed in seeds {
        let result = compare_one(&mut Rng::with_seed(seed));
        assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The always-on sample: every counting setting agrees with brute force on random puzzles.
    #[test]
    fn differential_sample_agrees_with_brute_force(seed in any::<u64>()) {
        let _highs = highs_lock();
        let result = compare_one(&mut Rng::with_seed(seed));
        prop_assert!(result.is_ok(), "seed {seed}: {}", result.unwrap_err());
    }
}

/// The long run (`docs/testing.md`): puzzles drawn from seed `SUDOKU_DIFF_SEED` (default 1)
/// on, for `SUDOKU_DIFF_SECONDS` (default 1800); prints how many puzzles and settings it
/// counted and fails at the first disagreement.
#[test]
#[ignore]
fn differential_long_run() {
    let seconds: f64 = std::env::var("SUDOKU_DIFF_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1800.0);
    let first: u64 = std::env::var("SUDOKU_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let _highs = highs_lock();
    let start = std::time::Instant::now();
    let (mut puzzles, mut runs) = (0u64, 0usize);
    let mut seed = first;
    while start.elapsed().as_secs_f64() < seconds {
        let t = std::time::Instant::now();
        let result = compare_one(&mut Rng::with_seed(seed));
        if t.elapsed().as_secs_f64() > 5.0 {
            eprintln!("seed {seed}: {:.1} s", t.elapsed().as_secs_f64());
        }
        match result {
            Ok(r) => runs += r,
            Err(e) => panic!("seed {seed} (after {puzzles} puzzles): {e}"),
        }
        puzzles += 1;
        seed += 1;
        if puzzles % 20 == 0 {
            eprintln!(
                "{puzzles} puzzles, {runs} settings, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "differential long run: {puzzles} puzzles (seeds {first}..{seed}), {runs} puzzle × setting runs, 0 disagreements, {:.0} s",
        start.elapsed().as_secs_f64()
    );
}
