use super::killer::Cage;
use super::thermometer::Thermometer;
use super::*;

fn c(row: usize, col: usize) -> Cell {
    Cell { row, col }
}

const BOXES: Layout = Layout::Boxes { rows: 3, cols: 3 };

#[test]
fn a_cage_lowers_to_all_different_and_a_sum() {
    let rule = Rule::Killer(Cage {
        cells: vec![c(0, 0), c(0, 1)],
        sum: Some(3),
    });
    let prims = lower_all(9, &BOXES, &[rule]).unwrap();
    let tags: Vec<&str> = prims.iter().map(|p| p.tag()).collect();
    assert_eq!(tags, ["cage1", "cage1_sum"]);
}

#[test]
fn a_cage_sum_out_of_range_names_the_cage() {
    let rule = Rule::Killer(Cage {
        cells: vec![c(0, 0), c(0, 1)],
        sum: Some(18),
    });
    let err = lower_all(9, &BOXES, &[rule]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "killer cage 1 at r1c1: sum 18 is outside 3..17, the sums its 2 cells can make"
    );
}

#[test]
fn a_long_thermometer_and_a_cell_outside_are_refused() {
    let long = Rule::Thermometer(Thermometer {
        cells: vec![c(0, 0), c(0, 1), c(1, 0), c(1, 1), c(2, 0)],
    });
    let err = lower_all(4, &Layout::Boxes { rows: 2, cols: 2 }, &[long]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "thermometer 1 at r1c1: 5 cells cannot hold different values of 1..4"
    );
    let outside = Rule::Thermometer(Thermometer {
        cells: vec![c(0, 0), c(9, 0)],
    });
    let err = lower_all(9, &BOXES, &[outside]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "thermometer 1 at r1c1: r10c1 is outside the 9x9 grid"
    );
}

#[test]
fn windows_and_disjoint_groups_on_9x9() {
    let w = windoku::windows(9);
    assert_eq!(w.len(), 4);
    assert_eq!(w[3][0], c(5, 5));
    let prims = lower_all(9, &BOXES, &[Rule::DisjointGroups]).unwrap();
    assert_eq!(prims.len(), 9);
    assert_eq!(prims[4].cells()[8], c(7, 7), "centre of box 9");
}

#[test]
fn marked_pairs_are_exempt_from_non_consecutive() {
    let dot = Rule::Kropki(kropki::Kropki {
        dot: kropki::Dot::White,
        a: c(0, 1),
        b: c(0, 0),
        value: None,
    });
    let prims = lower_all(
        4,
        &Layout::Boxes { rows: 2, cols: 2 },
        &[dot, Rule::NonConsecutive],
    )
    .unwrap();
    // 2·4·3 = 24 neighbour pairs, one marked; plus the dot itself.
    assert_eq!(prims.len(), 24);
    assert!(!prims.iter().any(|p| p.tag() == "noncons_r1c1_r1c2"));
}

#[test]
fn anti_knight_pairs_on_4x4() {
    // A knight has 2 moves from a corner of 4×4, … : 4·3 moves per 3×2 rectangle orientation.
    let prims = lower_all(4, &Layout::Boxes { rows: 2, cols: 2 }, &[Rule::AntiKnight]).unwrap();
    assert_eq!(prims.len(), 2 * 3 * 2 * 2);
}

fn line(cells: &[(usize, usize)]) -> Vec<Cell> {
    cells.iter().map(|&(r, k)| c(r, k)).collect()
}

#[test]
fn line_rules_lower_to_pairs_and_value_sets_on_the_cells_they_relate() {
    let cells = line(&[(0, 0), (0, 1), (0, 2)]);
    let renban = Rule::Renban(renban::Renban {
        cells: cells.clone(),
    });
    let whispers = Rule::Whispers(whispers::Whispers {
        cells: cells.clone(),
        difference: None,
    });
    let prims = lower_all(9, &BOXES, &[renban, whispers]).unwrap();
    let tags: Vec<&str> = prims.iter().map(|p| p.tag()).collect();
    assert_eq!(
        tags,
        ["renban1", "whispers1_r1c1_r1c2", "whispers1_r1c2_r1c3"]
    );
    // German whispers by default on 9×9: a 1 sits beside 6..9 only.
    let Primitive::Pairs { allowed, .. } = &prims[1] else {
        panic!("{}", prims[1]);
    };
    assert_eq!(allowed[0], ValueSet::of([6, 7, 8, 9]));
    // Renban of 3: the seven windows {w, w+1, w+2}; in its pair form a 1 sits beside 2 or 3.
    let Primitive::ValueSets(choice) = &prims[0] else {
        panic!("{}", prims[0]);
    };
    assert_eq!(choice.sets.len(), 7);
    assert_eq!(choice.sets[0], ValueSet::of([1, 2, 3]));
    let pairs = choice.pairs(9);
    assert_eq!(pairs[0].tag, "renban1_r1c1_r1c2");
    assert_eq!(pairs[0].allowed[0], ValueSet::of([2, 3]));
}

#[test]
fn a_nabner_line_lowers_to_its_sets_without_two_consecutive_values() {
    let nabner = Rule::Nabner(nabner::Nabner {
        cells: line(&[(0, 0), (1, 4), (2, 8)]),
    });
    let prims = lower_all(9, &BOXES, &[nabner]).unwrap();
    let Primitive::ValueSets(choice) = &prims[0] else {
        panic!("{}", prims[0]);
    };
    // C(9 − 3 + 1, 3) = 35 sets, {1,3,5} first.
    assert_eq!(choice.sets.len(), 35);
    assert_eq!(choice.sets[0], ValueSet::of([1, 3, 5]));
    assert!(choice.may_hold(&[1, 0, 9]));
    assert!(!choice.may_hold(&[4, 5, 0]));
}

#[test]
fn entropic_classes_follow_f_puzzles_on_every_size() {
    let classes =
        |n: usize| -> Vec<i64> { (1..=n as i64).map(|v| entropic::class(n, v)).collect() };
    assert_eq!(classes(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
    assert_eq!(classes(6), [0, 0, 1, 1, 2, 2]);
    assert_eq!(classes(4), [0, 1, 1, 2]);
    assert_eq!(classes(8), [0, 0, 0, 1, 1, 2, 2, 2]);
}

#[test]
fn tuple_tables_of_a_between_line_and_a_quadruple() {
    let between = Rule::Between(between::Between {
        cells: line(&[(0, 0), (1, 1), (2, 2)]),
    });
    let quad = Rule::Quadruple(quadruple::Quadruple {
        cells: line(&[(0, 0), (0, 1), (1, 0), (1, 1)]),
        values: vec![1, 2, 3, 4],
    });
    let prims = lower_all(9, &BOXES, &[between, quad]).unwrap();
    let sizes: Vec<usize> = prims
        .iter()
        .map(|p| match p {
            Primitive::Tuples { allowed, .. } => allowed.len(),
            other => panic!("{other}"),
        })
        .collect();
    // 2·Σ_{u<w} (w − u − 1) triples; the 4! orders of 1..4 in one box.
    assert_eq!(sizes, [168, 24]);
}

#[test]
fn impossible_lines_are_refused_by_name() {
    let nabner = Rule::Nabner(nabner::Nabner {
        cells: line(&[(0, 0), (0, 1), (0, 2)]),
    });
    let err = lower_all(4, &Layout::Boxes { rows: 2, cols: 2 }, &[nabner]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "nabner line 1 at r1c1: 3 cells cannot hold values of 1..4 two or more apart (at most 2)"
    );
    let clone = Rule::Clone(clone::Clones {
        cells: line(&[(0, 0)]),
        copies: line(&[(0, 0)]),
    });
    let err = lower_all(9, &BOXES, &[clone]).unwrap_err();
    assert_eq!(err.to_string(), "clone 1 at r1c1: r1c1 appears twice");
}

#[test]
fn entropic_and_modular_checks_name_the_first_window_whose_cells_share_a_class() {
    use super::entropic::Entropic;
    use super::modular::Modular;
    // Row 1 holds 1 4 7 2 5 8 3 6 9 (classes low, middle, high; residues 1 1 1 2 2 2 0 0 0).
    let mut values = vec![1; 81];
    values[..9].copy_from_slice(&[1, 4, 7, 2, 5, 8, 3, 6, 9]);
    let grid = Grid { n: 9, values };
    let ctx = Context::new(9, &BOXES, &[]);
    let row = |cols: &[usize]| -> Vec<Cell> { cols.iter().map(|&k| c(0, k)).collect() };
    let entropic = |cols: &[usize]| Entropic { cells: row(cols) }.holds("e", &grid, &ctx);
    let modular = |cols: &[usize]| Modular { cells: row(cols) }.holds("m", &grid, &ctx);
    assert!(entropic(&[0, 1, 2, 3, 4, 5]).is_ok());
    assert!(modular(&[0, 3, 6, 1, 4]).is_ok());
    // 1 and 2 are both low: the second window, r1c2 r1c3 r1c4 holds 4 7 2, is fine, so the
    // first broken one is r1c3 r1c4 r1c1 (7 2 1).
    let window = |cols: &[usize]| format!("{:?}", row(cols));
    assert_eq!(
        entropic(&[1, 2, 3, 0]).unwrap_err().problem,
        format!("two cells of {} share a class", window(&[2, 3, 0]))
    );
    // A line shorter than three is one window.
    assert_eq!(
        entropic(&[0, 3]).unwrap_err().problem,
        format!("two cells of {} share a class", window(&[0, 3]))
    );
    // 2 and 5 (r1c4, r1c5) both have residue 2.
    assert_eq!(
        modular(&[0, 3, 4, 6]).unwrap_err().problem,
        format!("two cells of {} have residue 2", window(&[0, 3, 4]))
    );
}
