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
