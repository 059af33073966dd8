//! The comparison of formulations ([`crate::compare`]) as a table (a row per measure, a column
//! per variant, as `compare` prints it) and as flat records (one per variant, for a data frame).

use crate::compare::{Column, Summary, MEASURES};
use crate::report::text::status_text;
use serde_json::{Map, Value};

/// The table of one puzzle: aligned text columns, or Markdown.
pub fn single_table(columns: &[Column], markdown: bool) -> String {
    table(&single_rows(columns), markdown)
}

/// The table of many puzzles: counts, then median / p90 / max of each measure.
pub fn batch_table(summaries: &[Summary], markdown: bool) -> String {
    table(&batch_rows(summaries), markdown)
}

/// One variant as a flat record: `variant`, every measure of [`MEASURES`] under its name in
/// snake case (`presolved_columns`, `root_lp_objective`, ...; null when it does not apply),
/// `root_lp_gives_grid`, `status` and `grids_agree`.
pub fn column_record(c: &Column) -> Map<String, Value> {
    let mut record = Map::new();
    record.insert("variant".into(), c.variant.into());
    for (name, read) in MEASURES {
        let x = read(c);
        let value = if x.is_nan() {
            Value::Null
        } else if x.fract() == 0.0 && x.abs() < 1e15 {
            Value::from(x as i64)
        } else {
            Value::from(x)
        };
        record.insert(snake_case(name), value);
    }
    record.insert(
        "root_lp_gives_grid".into(),
        c.root.map(|r| r.gives_grid).into(),
    );
    record.insert("status".into(), serde_json::json!(c.status));
    record.insert("grids_agree".into(), c.agrees.into());
    record
}

/// `root LP objective` → `root_lp_objective`.
fn snake_case(name: &str) -> String {
    name.to_ascii_lowercase().replace(' ', "_")
}

/// Numbers as people read them: integers without decimals, times with one.
fn number(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x:.1}")
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// Rows of the single-puzzle table: header row, then one row per measure.
fn single_rows(columns: &[Column]) -> Vec<Vec<String>> {
    let mut rows = vec![std::iter::once("measure".to_string())
        .chain(columns.iter().map(|c| c.variant.to_string()))
        .collect::<Vec<_>>()];
    for (name, read) in MEASURES {
        let mut row = vec![name.to_string()];
        row.extend(columns.iter().map(|c| number(read(c))));
        rows.push(row);
    }
    let mut push = |name: &str, cell: &dyn Fn(&Column) -> String| {
        let mut row = vec![name.to_string()];
        row.extend(columns.iter().map(cell));
        rows.push(row);
    };
    push("root LP gives grid", &|c| {
        c.root.map_or("-".into(), |r| yes_no(r.gives_grid))
    });
    push("status", &|c| status_text(c.status).to_string());
    push("grids agree", &|c| match c.agrees {
        Some(a) => yes_no(a),
        None => "-".into(),
    });
    rows
}

/// Rows of the batch table: counts, then median / p90 / max of each measure.
fn batch_rows(summaries: &[Summary]) -> Vec<Vec<String>> {
    let mut rows = vec![std::iter::once("measure".to_string())
        .chain(summaries.iter().map(|s| s.variant.to_string()))
        .collect::<Vec<_>>()];
    type Count = (&'static str, fn(&Summary) -> usize);
    let counts: [Count; 6] = [
        ("puzzles", |s| s.puzzles),
        ("solved", |s| s.solved),
        ("no solution", |s| s.infeasible),
        ("time limit", |s| s.time_limit),
        ("root LP gives grid", |s| s.root_gives_grid),
        ("grids differ", |s| s.disagreements),
    ];
    for (name, read) in counts {
        let mut row = vec![name.to_string()];
        row.extend(summaries.iter().map(|s| read(s).to_string()));
        rows.push(row);
    }
    for (m, (name, _)) in MEASURES.iter().enumerate() {
        for (stat, pick) in [("median", 0usize), ("p90", 1), ("max", 2)] {
            let mut row = vec![format!("{name} {stat}")];
            row.extend(summaries.iter().map(|s| {
                let (_, median, p90, max) = s.measures[m];
                number([median, p90, max][pick])
            }));
            rows.push(row);
        }
    }
    rows
}

/// Aligned text columns, or a Markdown table.
fn table(rows: &[Vec<String>], markdown: bool) -> String {
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (k, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                if i == 0 {
                    format!("{cell:<w$}", w = widths[i])
                } else {
                    format!("{cell:>w$}", w = widths[i])
                }
            })
            .collect();
        if markdown {
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
            if k == 0 {
                let rule: Vec<String> = widths
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        if i == 0 {
                            "-".repeat(*w)
                        } else {
                            format!("{}:", "-".repeat(w.saturating_sub(1)))
                        }
                    })
                    .collect();
                out.push_str(&format!("| {} |\n", rule.join(" | ")));
            }
        } else {
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{all_variants, compare};
    use crate::puzzle::Puzzle;
    use crate::solve::SolveOptions;

    #[test]
    fn a_record_per_variant_with_every_measure_in_snake_case() {
        let p = Puzzle::with_square_boxes(4, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2])
            .unwrap();
        let options = SolveOptions::default();
        let variants: Vec<_> = all_variants(&options)
            .into_iter()
            .filter(|v| v.name == "binary" || v.name == "propagate")
            .collect();
        let columns = compare(&p, &variants, &options, &Default::default()).unwrap();
        let binary = column_record(&columns[0]);
        assert_eq!(binary["variant"], "binary");
        assert_eq!(binary["variables"], 64);
        assert_eq!(binary["status"], "solved");
        assert_eq!(binary["grids_agree"], true);
        assert!(binary.contains_key("root_lp_fractional"));
        let propagate = column_record(&columns[1]);
        assert_eq!(propagate["variables"], Value::Null);
        assert_eq!(propagate.len(), binary.len());
        let table = single_table(&columns, false);
        assert!(table.starts_with("measure") && table.contains("root LP gives grid"));
    }
}
