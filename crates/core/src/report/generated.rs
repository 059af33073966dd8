//! A generated puzzle as the JSON file `generate` writes: name, the command that makes it
//! again, its solution count, the box shape when it is not square, and the grid one row per
//! line (the input JSON contract, so the file reads back as a puzzle), and its variant rules
//! one per line.

use crate::generate::{GenerateOptions, Generated, Variant};
use crate::puzzle::square_box_side;
use serde_json::json;

/// The JSON text of `generated`, made with `options` by the command `source`.
pub fn generated_json(generated: &Generated, options: &GenerateOptions, source: &str) -> String {
    let n = options.order;
    let puzzle = &generated.puzzle;
    let kind = match (options.variant, puzzle.rules().len()) {
        (Variant::Classic, _) => String::new(),
        (Variant::Killer, k) => format!("killer, {k} cages, "),
        (Variant::Thermo, k) => format!("{k} thermometers, "),
    };
    let mut doc = json!({
        "name": format!("generated {n}x{n}, {kind}seed {}, {} givens", options.seed, puzzle.given_count()),
        "source": source,
        "solutions": 1,
    });
    let (rows, cols) = options.box_shape;
    if square_box_side(n) != Some(rows) || rows != cols {
        doc["box"] = json!([rows, cols]);
    }
    let grid: Vec<Vec<u8>> = puzzle.givens().chunks(n).map(|r| r.to_vec()).collect();
    doc["grid"] = json!(grid);
    if !puzzle.rules().is_empty() {
        doc["rules"] = json!(puzzle.rules());
    }
    if let Some(o) = puzzle.objective() {
        doc["objective"] = json!({"sense": o.sense.name(), "weights": o.weights_json()});
    }
    format!("{}\n", pretty_grid_json(&doc))
}

/// Pretty JSON with one grid row per line.
fn pretty_grid_json(doc: &serde_json::Value) -> String {
    let mut out = String::from("{\n");
    let obj = doc.as_object().expect("an object");
    let fields: Vec<String> = [
        "name",
        "source",
        "solutions",
        "box",
        "grid",
        "rules",
        "objective",
    ]
    .iter()
    .filter_map(|&k| obj.get(k).map(|v| (k, v)))
    .map(|(k, v)| {
        if k == "grid" {
            let rows: Vec<String> = v
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r
                        .as_array()
                        .expect("a row")
                        .iter()
                        .map(|v| v.to_string())
                        .collect();
                    format!("    [{}]", cells.join(", "))
                })
                .collect();
            format!("  \"grid\": [\n{}\n  ]", rows.join(",\n"))
        } else if k == "rules" {
            let rules: Vec<String> = v
                .as_array()
                .expect("rules")
                .iter()
                .map(|r| format!("    {r}"))
                .collect();
            format!("  \"rules\": [\n{}\n  ]", rules.join(",\n"))
        } else {
            let value = match v.as_array() {
                Some(items) => format!(
                    "[{}]",
                    items
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => v.to_string(),
            };
            format!("  {}: {}", json!(k), value)
        }
    })
    .collect();
    out.push_str(&fields.join(",\n"));
    out.push_str("\n}");
    out
}
