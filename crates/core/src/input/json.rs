//! The JSON puzzle form:
//! `{"grid": [[5,3,0,…], …]}` (n rows of n integers, 0 = empty) or `{"grid": "53..7…"}` (n²
//! characters, n ≤ 9), with optional `"box": [rows, cols]`, `"regions"` (a region id per cell,
//! replacing boxes), `"diagonals": true`, `"name"`, and two fields for collections of puzzles:
//! `"source"` (where the grid comes from) and `"solutions"` (its known number of solutions),
//! and `"rules"`: the variant rules, a list of objects with a `"type"` (see
//! [`crate::rules::Rule`] and `docs/solve-output.schema.json`).
//!
//! The object that `solve --json` prints reads back: its `"puzzle"` (the givens) is the puzzle
//! then, its `"grid"` (the solution) is not read, and its `"status"`, `"order"`, `"givens"`,
//! `"model"` and `"stats"` are ignored. Any other field is an error.

use super::{boxed_puzzle, make_puzzle, InputError, Place};
use crate::puzzle::{Conflict, Layout, Puzzle, MAX_ORDER};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    grid: Option<Value>,
    /// The givens, in `solve --json` output; read instead of `"grid"` when present.
    puzzle: Option<Value>,
    #[serde(rename = "box")]
    box_shape: Option<[usize; 2]>,
    regions: Option<Vec<Vec<i64>>>,
    #[serde(default)]
    diagonals: bool,
    name: Option<String>,
    /// Variant rules ([`crate::rules::Rule`], each `{"type": "killer", …}`).
    #[serde(default)]
    rules: Vec<crate::rules::Rule>,
    /// A linear objective ([`crate::objective::Objective::from_json`]).
    objective: Option<Value>,
    #[allow(dead_code)]
    source: Option<String>,
    #[allow(dead_code)]
    solutions: Option<u64>,
    #[allow(dead_code)]
    status: Option<serde::de::IgnoredAny>,
    #[allow(dead_code)]
    order: Option<serde::de::IgnoredAny>,
    #[allow(dead_code)]
    givens: Option<serde::de::IgnoredAny>,
    #[allow(dead_code)]
    model: Option<serde::de::IgnoredAny>,
    #[allow(dead_code)]
    stats: Option<serde::de::IgnoredAny>,
}

/// serde's "invalid type: floating point `1e+26`, expected usize" in the tool's words
/// ("expected a whole number (0 or more), not 1e+26"): Rust's type names never reach the user.
fn plain_words(problem: &str) -> String {
    let Some((got, want)) = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|p| problem.strip_prefix(p))
        .and_then(|rest| rest.split_once(", expected "))
    else {
        return problem.to_string();
    };
    format!("expected {}, not {}", wanted(want), found(got))
}

/// What serde expected, in words.
fn wanted(want: &str) -> String {
    match want {
        "usize" | "u64" | "u32" | "u16" | "u8" => "a whole number (0 or more)".into(),
        "i64" | "i32" | "i16" | "i8" | "isize" => "a whole number".into(),
        "f64" | "f32" => "a number".into(),
        "struct JsonPuzzle" => "a puzzle object {\"grid\": [[5,3,0,...], ...]}".into(),
        "a sequence" => "a list [...]".into(),
        "a boolean" => "true or false".into(),
        w if w.starts_with("struct ") || w.starts_with("enum ") || w == "a map" => {
            "an object {...}".into()
        }
        w => match w.strip_prefix("an array of length ") {
            Some(k) => format!("a list of {k} values"),
            None => w.to_string(),
        },
    }
}

/// What serde found, in words: the value itself when it has one.
fn found(got: &str) -> String {
    let quoted = got.split_once('`').and_then(|(_, v)| v.strip_suffix('`'));
    match (quoted, got) {
        (Some(value), _) => value.to_string(),
        (None, "sequence") => "a list".into(),
        (None, "map") => "an object".into(),
        (None, "unit value") => "null".into(),
        (None, g) => g
            .strip_prefix("string ")
            .map_or(g.to_string(), |s| format!("the text {s}")),
    }
}

/// Parses a JSON puzzle; `cli_box` is used when the file gives no box shape. With `lenient`, a
/// value given twice in a house is set aside as a [`Conflict`] instead of failing.
pub(super) fn parse_json(
    origin: &str,
    text: &str,
    cli_box: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    if !text.trim_start().starts_with('{') {
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            return Err(InputError::new(
                origin,
                Place::Whole,
                format!(
                    "JSON but not an object ({}): a puzzle is {{\"grid\": [[5,3,0,...], ...]}}",
                    kind_of(&value)
                ),
            ));
        }
    }
    let doc: JsonPuzzle = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        // serde_json appends " at line L column C"; the place is shown in front instead.
        let problem = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        InputError::new(
            origin,
            Place::LineCol(e.line(), e.column()),
            format!("invalid JSON: {}", plain_words(problem)),
        )
    })?;
    let whole = |problem: String| InputError::new(origin, Place::Whole, problem);
    let grid =
        doc.puzzle.as_ref().or(doc.grid.as_ref()).ok_or_else(|| {
            whole("no \"grid\": a puzzle is {\"grid\": [[5,3,0,...], ...]}".into())
        })?;
    let (n, givens) = read_grid(origin, grid)?;
    let conflict = |what: String| {
        let (rows, cols) = cli_box.unwrap_or_default();
        Err(InputError::with(
            origin,
            Place::Whole,
            super::Problem::BoxConflict { rows, cols, what },
        ))
    };
    match (&doc.regions, doc.box_shape, cli_box) {
        (Some(_), _, Some(_)) => return conflict("\"regions\"".into()),
        (None, Some([r, c]), Some(shape)) if (r, c) != shape => {
            return conflict(format!("\"box\": [{r}, {c}]"))
        }
        _ => {}
    }
    let puzzle = match (&doc.regions, doc.box_shape) {
        (Some(_), Some(_)) => {
            return Err(whole("give either \"box\" or \"regions\", not both".into()))
        }
        (Some(regions), None) => {
            let ids = region_ids(origin, n, regions)?;
            make_puzzle(n, Layout::Regions(ids), doc.diagonals, givens, lenient)
        }
        (None, shape) => boxed_puzzle(
            n,
            shape.map(|[r, c]| (r, c)).or(cli_box),
            doc.diagonals,
            givens,
            lenient,
        ),
    };
    let objective = doc
        .objective
        .as_ref()
        .map(|o| crate::objective::Objective::from_json(o, n))
        .transpose()
        .map_err(|e| whole(e.to_string()))?;
    puzzle
        .and_then(|(p, conflicts)| Ok((p.with_rules(doc.rules)?.with_name(doc.name), conflicts)))
        .map(|(p, conflicts)| (p.with_objective(objective), conflicts))
        .map_err(|e| InputError::with(origin, Place::Whole, e.into()))
}

/// Reads `"grid"`: n arrays of n integers in 0..=n, or a string of n² characters (n ≤ 9).
fn read_grid(origin: &str, grid: &Value) -> Result<(usize, Vec<u8>), InputError> {
    let whole = |problem: String| InputError::new(origin, Place::Whole, problem);
    match grid {
        Value::String(s) => {
            let chars: Vec<char> = s.chars().collect();
            let n = (chars.len() as f64).sqrt().round() as usize;
            if n * n != chars.len() || n == 0 || n > 9 {
                return Err(whole(format!(
                    "\"grid\" string has {} characters; a string grid needs n² characters with n ≤ 9 (81 for 9x9)",
                    chars.len()
                )));
            }
            let mut givens = Vec::with_capacity(n * n);
            for (i, ch) in chars.into_iter().enumerate() {
                let place = Place::Cell(i / n + 1, i % n + 1);
                let v = match ch {
                    '.' => 0,
                    d if d.is_ascii_digit() => d as u8 - b'0',
                    other => {
                        return Err(InputError::new(
                            origin,
                            place,
                            format!("{other:?} is not a digit or '.'"),
                        ))
                    }
                };
                if v as usize > n {
                    return Err(InputError::new(
                        origin,
                        place,
                        format!("value {v} is outside 0..{n}"),
                    ));
                }
                givens.push(v);
            }
            Ok((n, givens))
        }
        Value::Array(rows) => {
            let n = rows.len();
            if n == 0 {
                return Err(whole("\"grid\" is empty".into()));
            }
            if n > MAX_ORDER {
                return Err(whole(format!(
                    "\"grid\" has {n} rows; the maximum order is {MAX_ORDER}"
                )));
            }
            if let Some(Value::Array(first)) = rows.first() {
                let m = first.len();
                if m != n
                    && rows
                        .iter()
                        .all(|r| r.as_array().is_some_and(|r| r.len() == m))
                {
                    return Err(whole(format!(
                        "\"grid\" has {n} rows of {m} values; a grid needs as many rows as columns"
                    )));
                }
            }
            let mut givens = Vec::with_capacity(n * n);
            for (r, row) in rows.iter().enumerate() {
                let Value::Array(row) = row else {
                    return Err(whole(format!(
                        "\"grid\" row {} is not an array of integers",
                        r + 1
                    )));
                };
                if row.len() != n {
                    return Err(whole(format!(
                        "\"grid\" row {} has {} values, expected {n} (one per column of a {n}x{n} grid)",
                        r + 1,
                        row.len()
                    )));
                }
                for (c, value) in row.iter().enumerate() {
                    let place = Place::Cell(r + 1, c + 1);
                    let v = match value.as_u64() {
                        Some(v) if v as usize <= n => v as u8,
                        Some(v) => {
                            return Err(InputError::new(
                                origin,
                                place,
                                format!("value {v} is outside 0..{n}"),
                            ))
                        }
                        None => {
                            let whole = value.as_f64().is_some_and(|v| v.fract() == 0.0);
                            let problem = if whole {
                                format!("value {value} is outside 0..{n}")
                            } else {
                                format!("{value} is not an integer in 0..{n}")
                            };
                            return Err(InputError::new(origin, place, problem));
                        }
                    };
                    givens.push(v);
                }
            }
            Ok((n, givens))
        }
        other => Err(whole(format!(
            "\"grid\" must be n arrays of n integers or one string, not {}",
            kind_of(other)
        ))),
    }
}

/// Maps the region ids of `"regions"` (any integers, n distinct) to 0..n in increasing order.
fn region_ids(origin: &str, n: usize, regions: &[Vec<i64>]) -> Result<Vec<usize>, InputError> {
    let whole = |problem: String| InputError::new(origin, Place::Whole, problem);
    if regions.len() != n || regions.iter().any(|r| r.len() != n) {
        return Err(whole(format!(
            "\"regions\" must be {n} arrays of {n} region ids, like \"grid\""
        )));
    }
    let mut distinct: Vec<i64> = regions.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != n {
        return Err(whole(format!(
            "\"regions\" has {} distinct ids, expected {n}",
            distinct.len()
        )));
    }
    Ok(regions
        .iter()
        .flatten()
        .map(|id| distinct.binary_search(id).expect("id is in the list"))
        .collect())
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Puzzle, String> {
        parse_json("p.json", text, None, false)
            .map(|(p, _)| p)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_rows_and_strings() {
        let rows = parse(r#"{"grid": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]]}"#).unwrap();
        let string = parse(r#"{"grid": "1..............2"}"#).unwrap();
        assert_eq!(rows, string);
    }

    #[test]
    fn reads_box_regions_and_diagonals() {
        let six = format!(
            r#"{{"grid": [{}], "box": [2, 3]}}"#,
            ["[0,0,0,0,0,0]"; 6].join(",")
        );
        assert_eq!(parse(&six).unwrap().order(), 6);
        let p =
            parse(r#"{"grid": "....", "regions": [[7,7],[9,9]], "diagonals": true, "name": "t"}"#)
                .unwrap();
        assert_eq!(p.layout(), &Layout::Regions(vec![0, 0, 1, 1]));
        assert!(p.has_diagonals());
        assert_eq!(p.name(), Some("t"));
    }

    #[test]
    fn json_that_is_not_an_object_says_so() {
        assert_eq!(
            parse("[[1,0],[0,1]]").unwrap_err(),
            "p.json: JSON but not an object (an array): a puzzle is {\"grid\": [[5,3,0,...], ...]}"
        );
    }

    #[test]
    fn solve_output_reads_back_through_puzzle() {
        let out = r#"{"status": "solved", "order": 4, "givens": 1, "model": {"method": "x"},
            "stats": {"nodes": 0}, "puzzle": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],
            "grid": [[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]]}"#;
        assert_eq!(parse(out).unwrap().given_count(), 1);
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            parse("{\"grid\": [[1,0],\n [0,0]],\n \"colour\": 1}").unwrap_err(),
            "p.json:3:9: invalid JSON: unknown field `colour`, expected one of `grid`, `puzzle`, `box`, `regions`, `diagonals`, `name`, `rules`, `objective`, `source`, `solutions`, `status`, `order`, `givens`, `model`, `stats`"
        );
        assert_eq!(
            parse(r#"{"grid": [[1,0,0,0],[0,0,0,0],[0,0,7,0],[0,0,0,0]]}"#).unwrap_err(),
            "p.json: grid row 3, column 3: value 7 is outside 0..4"
        );
        assert_eq!(
            parse(r#"{"grid": [[1,0,0,0],[0,0,0,0],[0,0,0],[0,0,0,0]]}"#).unwrap_err(),
            "p.json: \"grid\" row 3 has 3 values, expected 4 (one per column of a 4x4 grid)"
        );
        assert_eq!(
            parse(r#"{"grid": [[1,0,0,0],[0,0.5,0,0],[0,0,0,0],[0,0,0,0]]}"#).unwrap_err(),
            "p.json: grid row 2, column 2: 0.5 is not an integer in 0..4"
        );
        assert!(parse("{\"grid\": [[1,0],")
            .unwrap_err()
            .starts_with("p.json:1:"));
    }
}
