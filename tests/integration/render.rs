//! `render`: the SVG is well-formed XML and shows every digit of the solved grid in its cell,
//! givens in bold and solved digits in the solved colour.

use crate::common::{cli, json_grid, line_givens, lines, shared_data};
use sudoku_ilp::report::svg::{CELL, SOLVED_COLOUR};

/// One element of the SVG: its name, attributes and text content.
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// A small XML reader for what the renderer writes: checks that every tag is closed in order
/// and returns the elements in document order.
fn parse_svg(svg: &str) -> Vec<Element> {
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        if let Some(&(_, index)) = open.last() {
            elements[index].text.push_str(text.trim());
        }
        let end = rest[start..].find('>').expect("a tag ends") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let (opened, _) = open.pop().expect("a closing tag matches an open one");
            assert_eq!(opened, name.trim());
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().unwrap().to_string();
        let mut attributes = Vec::new();
        let mut attrs = &tag[name.len()..];
        while let Some(eq) = attrs.find('=') {
            let key = attrs[..eq].trim().to_string();
            let quote = attrs[eq + 1..].chars().next().unwrap();
            assert!(quote == '"' || quote == '\'', "quoted attribute {key}");
            let value_end = attrs[eq + 2..].find(quote).unwrap() + eq + 2;
            attributes.push((key, attrs[eq + 2..value_end].to_string()));
            attrs = &attrs[value_end + 1..];
        }
        elements.push(Element {
            name: name.clone(),
            attributes,
            text: String::new(),
        });
        if !self_closing {
            open.push((name, elements.len() - 1));
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert_eq!(elements[0].name, "svg");
    elements
}

/// The digits drawn in the grid as (cell index, value, bold, fill), read from positions.
fn digits(elements: &[Element], n: usize, top: usize) -> Vec<(usize, u32, bool, String)> {
    elements
        .iter()
        .filter(|e| e.name == "text" && e.text.parse::<u32>().is_ok())
        .map(|e| {
            let x: usize = e.attr("x").unwrap().parse().unwrap();
            let y: usize = e.attr("y").unwrap().parse().unwrap();
            let (c, r) = ((x - 12) / CELL, (y - top) / CELL);
            assert!(r < n && c < n);
            (
                r * n + c,
                e.text.parse().unwrap(),
                e.attr("font-weight") == Some("bold"),
                e.attr("fill").unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_solved_grid_shows_every_digit() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("grid.svg");
    cli()
        .args([
            "render",
            "--solve",
            "--line",
            "1",
            "--title",
            "top95 <1>",
            "-o",
        ])
        .arg(&out)
        .arg(&path)
        .assert()
        .code(0);
    let solved = cli()
        .args(["solve", "--json", "--line", "1"])
        .arg(&path)
        .output()
        .unwrap();
    let grid = json_grid(&serde_json::from_slice(&solved.stdout).unwrap());
    let givens = line_givens(&lines(&path)[0].1);
    let elements = parse_svg(&std::fs::read_to_string(&out).unwrap());
    assert!(elements
        .iter()
        .any(|e| e.name == "text" && e.text == "top95 &lt;1&gt;"));
    let drawn = digits(&elements, 9, 12 + 36);
    assert_eq!(drawn.len(), 81);
    let mut seen = [false; 81];
    for (cell, value, bold, fill) in drawn {
        assert!(!seen[cell], "cell {cell} drawn twice");
        seen[cell] = true;
        assert_eq!(value, grid[cell], "cell {cell}");
        assert_eq!(bold, givens[cell] != 0, "cell {cell}");
        if givens[cell] == 0 {
            assert_eq!(fill, SOLVED_COLOUR);
        }
    }
}

#[test]
fn an_unsolved_jigsaw_shows_its_givens_and_region_borders() {
    let Some(path) = shared_data("jigsaw_9x9_janko.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("jigsaw.svg");
    cli()
        .args(["render", "--line", "1", "-o"])
        .arg(&out)
        .arg(&path)
        .assert()
        .code(0);
    let line = &lines(&path)[0].1;
    let givens = line_givens(&line[..81]);
    let elements = parse_svg(&std::fs::read_to_string(&out).unwrap());
    let drawn = digits(&elements, 9, 12);
    assert_eq!(drawn.len(), givens.iter().filter(|&&g| g != 0).count());
    for (cell, value, bold, _) in drawn {
        assert_eq!((value, bold), (givens[cell], true));
    }
    // The thick group holds one segment per edge between two regions.
    let regions: Vec<char> = line[82..163].chars().collect();
    let mut borders = 0;
    for i in 0..81 {
        if i % 9 < 8 && regions[i] != regions[i + 1] {
            borders += 1;
        }
        if i < 72 && regions[i] != regions[i + 9] {
            borders += 1;
        }
    }
    let thick = elements
        .iter()
        .position(|e| e.name == "g" && e.attr("stroke-width") == Some("3"))
        .unwrap();
    let lines_in_thick = elements[thick + 1..]
        .iter()
        .take_while(|e| e.name == "line")
        .count();
    assert_eq!(lines_in_thick, borders);
}

#[test]
fn compare_batch_draws_one_dot_per_solved_run_and_a_row_per_variant() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("times.svg");
    let out = cli()
        .args(["compare", "--batch", "--limit", "5", "--json"])
        .args(["--variants", "binary-reduce,propagate,backtrack", "--chart"])
        .arg(&chart)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let solved: u64 = summary["summaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["solved"].as_u64().unwrap())
        .sum();
    assert_eq!(solved, 15);
    let svg = std::fs::read_to_string(&chart).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles as u64, solved, "one dot per solved run");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for name in ["binary-reduce", "propagate", "backtrack"] {
        assert!(texts.contains(&name), "a row labelled {name}: {texts:?}");
    }
    assert!(texts.iter().any(|t| t.contains("5 puzzles")));
}
