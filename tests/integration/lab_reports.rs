//! The lab's numbers in the reports. `compare`: the `lp-bb` and `lp-bb-cuts-*` columns carry the nodes
//! and cuts that `solve --method lp-bb [--cuts K] --json` reports for the same puzzle, and with
//! an objective every optimising column (MILP, lp-bb) shows the optimum and a bound that
//! closes on it, in the table, the JSON and the flat records. `solve --method lp-bb --tree`
//! with an objective or `--cuts` draws the lab loop's tree: one box per node it explored.

use crate::common::{cli, highs_lock};
use serde_json::Value;
use sudoku_ilp::compare::{compare, variants_named};
use sudoku_ilp::input::{parse_puzzle, ParseOptions};
use sudoku_ilp::report::compare::column_record;
use sudoku_ilp::solve::SolveOptions;

/// The empty 6×6 with a seeded random objective, minimised: plain lp-bb branches (its root LP
/// is fractional) and the Gomory loop adds cuts.
const EMPTY6: &str = r#"{"grid": "....................................", "box": [2, 3],
    "objective": {"sense": "min", "weights": "random:2"}}"#;

fn json(args: &[&str], file: &std::path::Path) -> Value {
    let out = cli().args(args).arg(file).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn compare_shows_nodes_cuts_objective_and_bound_of_lp_bb_runs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty6.json");
    std::fs::write(&file, EMPTY6).unwrap();
    let names = "binary,lp-bb,lp-bb-cuts-gomory";
    let doc = json(&["compare", "--json", "--variants", names], &file);
    let columns = doc["columns"].as_array().unwrap();
    assert_eq!(columns.len(), 3);
    let optimum = columns[0]["objective"]["value"].as_f64().unwrap();
    for (column, cuts) in columns[1..].iter().zip([None, Some("gomory")]) {
        let mut args = vec!["solve", "--json", "--method", "lp-bb"];
        args.extend(cuts.iter().flat_map(|k| ["--cuts", *k]));
        let solved = json(&args, &file);
        let v = column["variant"].as_str().unwrap();
        assert_eq!(column["status"], "solved", "{v}");
        assert_eq!(column["stats"]["nodes"], solved["stats"]["nodes"], "{v}");
        assert_eq!(column["cuts"], solved["stats"]["cuts"], "{v}");
        assert_eq!(column["objective"]["value"].as_f64(), Some(optimum), "{v}");
        let bound = column["objective"]["bound"].as_f64().unwrap();
        assert!(
            bound <= optimum + 1e-6,
            "{v}: a minimum's bound {bound} above {optimum}"
        );
        assert!((bound - optimum).abs() < 1e-6, "{v}: gap left at the end");
    }
    let plain_nodes = columns[1]["stats"]["nodes"].as_u64().unwrap();
    assert!(plain_nodes > 1, "plain lp-bb branches on this puzzle");
    assert!(
        columns[2]["cuts"].as_u64().unwrap() > 0,
        "the Gomory loop cuts"
    );
    assert!(
        columns[0]["cuts"].is_null(),
        "the MILP column has no lab cuts"
    );

    // The table and the flat records carry the same rows.
    let out = cli()
        .args(["compare", "--variants", names])
        .arg(&file)
        .output()
        .unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    let row = |name: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("{name}  ")))
            .unwrap();
        line[name.len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(row("cuts")[0], "-");
    assert_eq!(row("cuts")[2], columns[2]["cuts"].to_string());
    assert_eq!(row("objective"), vec![optimum.to_string(); 3]);
    assert_eq!(row("nodes")[1], plain_nodes.to_string());

    let _guard = highs_lock();
    let puzzle = parse_puzzle("empty6", EMPTY6, ParseOptions::default()).unwrap();
    let options = SolveOptions::default();
    let variants = variants_named(&["lp-bb-cuts-gomory".to_string()], &options).unwrap();
    let record =
        column_record(&compare(&puzzle, &variants, &options, &Default::default()).unwrap()[0]);
    assert_eq!(record["cuts"], columns[2]["cuts"]);
    assert_eq!(record["objective"].as_f64(), Some(optimum));
    assert_eq!(record["objective_bound"].as_f64(), Some(optimum));
    assert_eq!(record["nodes"], columns[2]["stats"]["nodes"]);
}

#[test]
fn the_tree_of_the_lab_loop_has_one_box_per_node() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty6.json");
    std::fs::write(&file, EMPTY6).unwrap();
    for cuts in [None, Some("gomory")] {
        let (svg, tree) = (dir.path().join("t.svg"), dir.path().join("t.json"));
        let mut args = vec!["solve", "--json", "--method", "lp-bb"];
        args.extend(cuts.iter().flat_map(|k| ["--cuts", *k]));
        let mut with_svg = args.clone();
        with_svg.extend(["--tree", svg.to_str().unwrap()]);
        let solved = json(&with_svg, &file);
        let nodes = solved["stats"]["nodes"].as_u64().unwrap() as usize;
        assert!(nodes >= 1, "{cuts:?}");
        let text = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let boxes: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("node"))
            .collect();
        assert_eq!(boxes.len(), nodes, "{cuts:?}: one box per node");
        assert_eq!(
            doc.root_element().attribute("data-nodes"),
            Some(nodes.to_string().as_str())
        );
        assert!(boxes
            .iter()
            .any(|b| b.attribute("data-status") == Some("integral")));
        let mut with_json = args.clone();
        with_json.extend(["--tree", tree.to_str().unwrap()]);
        json(&with_json, &file);
        let tree: Value = serde_json::from_str(&std::fs::read_to_string(&tree).unwrap()).unwrap();
        let listed = tree["nodes"].as_array().unwrap();
        assert_eq!(listed.len(), nodes, "{cuts:?}");
        assert_eq!(tree["cuts"], solved["stats"]["cuts"]);
        for (i, node) in listed.iter().enumerate() {
            assert_eq!(node["id"].as_u64(), Some(i as u64));
            assert_eq!(
                node["parent"].is_null(),
                i == 0,
                "only the root has no parent"
            );
        }
    }
}
