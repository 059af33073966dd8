//! The table "One picture per technique" of `docs/tutorial.md` (section 12) is what the tool
//! prints: every row is written again here from `steps --json` on the puzzle and step it cites
//! (technique, difficulty, placed digit, first removal, rows of its certificate), and its
//! picture must be the bytes `steps --svg` draws for that step, so no number or picture in the
//! table can go stale. After a deliberate change of the path, regenerate the rows from the
//! message this test prints and the pictures with `steps --svg DIR --line K`.

use crate::common::{run, shared_data};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const HEADER: &str = "| technique | difficulty | picture | step | rows of the certificate |";

/// The kinds of rows a certificate names, by the prefix of their names, in the order shown.
const ROW_KINDS: [(&str, &str); 4] = [
    ("cell_", "cell"),
    ("row_", "row"),
    ("col_", "column"),
    ("box_", "box"),
];

/// The table's rows, as written.
fn table_rows(markdown: &str) -> Vec<&str> {
    let mut lines = markdown.lines().skip_while(|l| *l != HEADER).skip(2);
    std::iter::from_fn(|| lines.next().filter(|l| l.starts_with('|'))).collect()
}

/// The (line, step) a row cites: "diabolical line K, step S: …".
fn cited(row: &str) -> (usize, usize) {
    let after = row.split("diabolical line ").nth(1).expect("a cited line");
    let (line, rest) = after.split_once(", step ").expect("a cited step");
    let step = rest.split(':').next().unwrap();
    (line.parse().unwrap(), step.parse().unwrap())
}

/// The picture's file name: the technique in lower case, spaces as hyphens.
fn picture(technique: &str) -> String {
    format!(
        "img/hint-{}.svg",
        technique.to_lowercase().replace(' ', "-")
    )
}

/// What the step does: its first placement and its first removal.
fn action(step: &Value) -> String {
    let placed = step["placements"].as_array().unwrap().first();
    let removed = step["eliminations"].as_array().unwrap().first();
    let placed = placed.map(|p| format!("places {} in {}", p["value"], str_of(&p["cell"])));
    let removed = removed.map(|e| format!("removes {} from {}", e["value"], str_of(&e["cell"])));
    placed
        .into_iter()
        .chain(removed)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The rows of the certificate: a single's one row; the first removal's rows with their signs
/// (at most six, each ±1), or their number and kinds; or the LP's maximum when not implied.
fn certificate_rows(step: &Value) -> String {
    let Some(removal) = step["eliminations"].as_array().unwrap().first() else {
        let placed = &step["placements"][0];
        return if step["technique"] == "naked single" {
            format!("one row: the cell row of {}", str_of(&placed["cell"]))
        } else {
            let house = str_of(&step["houses"][0]);
            format!(
                "one row: the house row of {house} and value {}",
                placed["value"]
            )
        };
    };
    if removal["lp_implied"] == false {
        let max = removal["lp_max"].as_f64().unwrap();
        return format!("not implied by the LP relaxation (LP maximum {max})");
    }
    let rows = removal["certificate"].as_array().unwrap();
    let unit = |r: &Value| r["multiplier"].as_f64().unwrap().abs() == 1.0;
    if rows.len() <= 6 && rows.iter().all(unit) {
        let signed = rows.iter().map(|r| {
            let sign = if r["multiplier"].as_f64().unwrap() > 0.0 {
                "+"
            } else {
                "−"
            };
            format!("{sign} `{}`", str_of(&r["row"]))
        });
        return signed.collect::<Vec<_>>().join(" ");
    }
    let kinds: Vec<&str> = ROW_KINDS
        .iter()
        .filter(|(prefix, _)| rows.iter().any(|r| str_of(&r["row"]).starts_with(prefix)))
        .map(|(_, kind)| *kind)
        .collect();
    let (last, rest) = kinds.split_last().expect("rows of a known kind");
    let kinds = if rest.is_empty() {
        last.to_string()
    } else {
        format!("{} and {last}", rest.join(", "))
    };
    format!("{} rows ({kinds} rows)", rows.len())
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("a string: {v}"))
}

/// The table's row for step `number` of `line`, from that step's JSON.
fn expected_row(step: &Value, line: usize, number: usize) -> String {
    let technique = str_of(&step["technique"]);
    format!(
        "| {technique} | {:.1} | ![{technique}]({}) | diabolical line {line}, step {number}: {} | {} |",
        step["difficulty"].as_f64().unwrap(),
        picture(technique),
        action(step),
        certificate_rows(step)
    )
}

/// Where the row's technique is now on the path of `line`: its first step's row, to copy.
fn where_now(path: &Value, row: &str, line: usize) -> String {
    let technique = row.split('|').nth(1).unwrap_or_default().trim();
    let steps = path["steps"].as_array().unwrap();
    match steps.iter().position(|s| s["technique"] == technique) {
        Some(i) => format!(
            "its first {technique} step on line {line}:\n{}",
            expected_row(&steps[i], line, i + 1)
        ),
        None => format!("line {line} has no {technique} step now: cite another line"),
    }
}

/// `steps --json` of one line of the collection, its pictures drawn into `dir`.
fn steps_with_pictures(collection: &Path, line: usize, dir: &Path) -> Value {
    let (line, dir_arg) = (line.to_string(), dir.to_str().unwrap());
    let file = collection.to_str().unwrap();
    let args = ["steps", "--json", "--svg", dir_arg, "--line", &line, file];
    let (code, out, err) = run(&args, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn the_tutorial_hint_table_is_what_steps_prints() {
    let Some(collection) = shared_data("sudoku_exchange_diabolical.txt") else {
        return;
    };
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs");
    let markdown = std::fs::read_to_string(docs.join("tutorial.md")).unwrap();
    let rows = table_rows(&markdown);
    assert!(rows.len() >= 16, "the table has its rows: {rows:?}");
    let scratch = tempfile::tempdir().unwrap();
    let mut paths: BTreeMap<usize, Value> = BTreeMap::new();
    let mut techniques = Vec::new();
    for row in rows {
        let (line, number) = cited(row);
        let pictures = scratch.path().join(line.to_string());
        let path = paths
            .entry(line)
            .or_insert_with(|| steps_with_pictures(&collection, line, &pictures));
        let step = &path["steps"][number - 1];
        assert!(step.is_object(), "line {line} has no step {number}");
        let expected = expected_row(step, line, number);
        assert!(
            row == expected,
            "the tutorial's row is stale:\n{row}\n`steps` prints at that step:\n{expected}\n{}",
            where_now(path, row, line)
        );
        let technique = str_of(&step["technique"]);
        let drawn = std::fs::read(pictures.join(format!("step-{number:03}.svg"))).unwrap();
        let shown = std::fs::read(docs.join(picture(technique))).unwrap();
        assert!(
            drawn == shown,
            "docs/{} is not the picture of line {line}, step {number}",
            picture(technique)
        );
        techniques.push(technique.to_string());
    }
    let count = techniques.len();
    techniques.sort();
    techniques.dedup();
    assert_eq!(techniques.len(), count, "one row per technique");
}

/// The worked certificate of `docs/hints.md` (the naked pair {4,6} of column 7, step 15 of
/// diabolical line 1) is what `steps --line 1` prints at that step.
#[test]
fn the_hints_doc_certificate_example_is_what_steps_prints() {
    let Some(collection) = shared_data("sudoku_exchange_diabolical.txt") else {
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/hints.md")).unwrap();
    let after = doc.split("Example (the naked pair").nth(1).unwrap();
    let example: Vec<&str> = after.split("```").nth(1).unwrap().lines().skip(1).collect();
    assert!(!example.is_empty(), "hints.md shows its example");
    let (code, out, err) = run(
        &["steps", "--line", "1", collection.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let step: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("15. "))
        .take_while(|l| !l.starts_with("16. "))
        .collect();
    assert!(
        step[0].starts_with("15. naked pair (3.0): r1c7, r3c7 in column 7 hold only {4,6}"),
        "{step:?}"
    );
    for line in example {
        assert!(
            step.iter().any(|l| l.trim() == line),
            "step 15 does not print {line:?}"
        );
    }
}
