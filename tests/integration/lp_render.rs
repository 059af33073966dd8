//! `render --lp`: the root LP relaxation on the grid. A 17-clue grid's LP fixes every cell; a
//! hardest grid's leaves fractional cells; the SVG parses and its caption names the count.

use crate::common::{cli, shared_data};
use std::path::Path;

/// Runs `render --lp` on line `line` of `file` with `extra` arguments; returns the SVG text.
fn render_lp(file: &Path, line: usize, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lp.svg");
    cli()
        .args(["render", "--lp", "--line", &line.to_string()])
        .arg(file)
        .args(extra)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    std::fs::read_to_string(out).unwrap()
}

/// The fractional count the root element declares, after checking that the caption names the
/// same count, and all texts of the document.
fn fractional_and_texts(svg: &str) -> (usize, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let fractional: usize = root.attribute("data-fractional").unwrap().parse().unwrap();
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    let named = format!("fractional columns: {fractional} ");
    assert!(
        texts.iter().any(|t| t.starts_with(&named)),
        "the caption names {fractional}: {texts:?}"
    );
    (fractional, texts)
}

#[test]
fn seventeen_clue_lp_fixes_every_cell_hardest_lp_does_not() {
    let (Some(easy), Some(hard)) = (
        shared_data("sudoku17_tdoku.txt"),
        shared_data("forum_hardest_1905_11plus.txt"),
    ) else {
        return;
    };
    let svg = render_lp(&easy, 1, &[]);
    let (fractional, texts) = fractional_and_texts(&svg);
    assert_eq!(fractional, 0);
    assert!(texts
        .iter()
        .any(|t| t.starts_with("this LP vertex is a grid: yes")));
    assert!(!svg.contains("fill-opacity"), "no small weighted digits");
    // 81 big digits and no small ones: every cell fixed.
    assert!(texts.iter().any(|t| t.contains("leaves open: 0 of 81")));

    let svg = render_lp(&hard, 1, &[]);
    let (fractional, texts) = fractional_and_texts(&svg);
    assert!(fractional > 0);
    assert!(texts
        .iter()
        .any(|t| t.starts_with("this LP vertex is a grid: no")));
    assert!(svg.matches("fill-opacity").count() >= fractional);
}

#[test]
fn natural_lp_names_fractional_pair_binaries() {
    let Some(hard) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let svg = render_lp(&hard, 1, &["--model", "natural"]);
    let (fractional, texts) = fractional_and_texts(&svg);
    assert!(fractional > 0);
    let pairs = texts
        .iter()
        .find_map(|t| t.strip_prefix("fractional pair binaries: "))
        .expect("the caption counts the pair binaries");
    let pairs: usize = pairs.split_whitespace().next().unwrap().parse().unwrap();
    assert!(pairs > 0 && pairs <= fractional);
}
