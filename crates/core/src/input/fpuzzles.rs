//! The f-puzzles JSON, the variant community's exchange format, plain on one line or as the
//! lz-string base64 text of an f-puzzles link (with or without `https://f-puzzles.com/?load=`).
//!
//! Read: `size`, `grid` (`value` + `given`, `region`, the old per-cell `parity`), `killercage`,
//! `littlekillersum`, `thermometer`, `arrow`, `difference`, `ratio`, `xv`, `odd`, `even`,
//! `extraregion`, `diagonal+`, `diagonal-`, `antiknight`, `antiking`, `nonconsecutive`,
//! `disjointgroups`, `negative` (`xv`, `ratio`), the lines `palindrome`, `renban`, `whispers`
//! (`value`), `nabner`, `entropicline`, `modularline`, `betweenline`, `lockout`,
//! `regionsumline`, `zipperline`, `doublearrow`, `slowthermometer`, and `clone`
//! (`cells` + `cloneCells`), `quadruple` (`values`), `minimum`, `maximum`, the cells'
//! `givenPencilMarks`, the outside clues `sandwichsum`, `xsum`, `skyscraper`, `numberedroom`
//! and the indexers `columnindexer`, `rowindexer`, `boxindexer`; the drawing-only `text`,
//! `line`, `rectangle`, `circle`, `fogofwar` and `cage` (outlines drawn for another
//! constraint or with the cosmetic cage tool) are ignored with a one-line note. Metadata
//! (`title`, `author`, `ruleset`,
//! `disabledlogic`, `truecandidatesoptions`, …) is ignored but `title` names the puzzle, and a
//! given `solution` is checked against the puzzle. Any other constraint key is refused by name:
//! a rule is never dropped silently.

use super::{make_puzzle, InputError, Place};
use crate::check::check;
use crate::puzzle::{Cell, Conflict, Grid, Layout, Puzzle};
use crate::rules::arrow::Arrow;
use crate::rules::extra_region::ExtraRegion;
use crate::rules::killer::Cage;
use crate::rules::kropki::{Dot, Kropki};
use crate::rules::little_killer::LittleKiller;
use crate::rules::negative::Negative;
use crate::rules::parity::{Kind, Parity};
use crate::rules::thermometer::Thermometer;
use crate::rules::xv::Xv;
use crate::rules::Rule;
use crate::rules::{
    between::Between, clone::Clones, double_arrow::DoubleArrow, entropic::Entropic,
    extremum::Extreme, extremum::Extremum, lockout::Lockout, modular::Modular, nabner::Nabner,
    palindrome::Palindrome, pencil_marks::PencilMarks, quadruple::Quadruple, region_sum::RegionSum,
    renban::Renban, slow_thermometer::SlowThermometer, whispers::Whispers, zipper::Zipper,
};
use serde_json::{Map, Value};

/// The link prefix before the lz-string text.
pub(super) const LINK_PREFIX: &str = "load=";

/// Keys that carry no rule: read for the name or the solution, or ignored.
const METADATA: [&str; 12] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "activeConstraints",
    "highlightConflicts",
    "fogofwar",
    "lineColor",
];

/// Keys f-puzzles uses for drawing only (text, shapes, cosmetic lines, fog of war, and the lines
/// other rules draw with): read and ignored; [`presentation_keys`] names those a puzzle holds,
/// for a note.
pub const PRESENTATION: [&str; 5] = ["text", "line", "rectangle", "circle", "fogofwar"];

/// The drawing-only keys of an f-puzzles document that hold something (a `cage` list counts
/// too: its entries are outlines drawn for another constraint, carrying `fromConstraint`, as
/// around a column indexer's cells, or f-puzzles' cosmetic cage tool; a killer cage, with or
/// without a sum, is `killercage`), for a one-line note.
pub fn presentation_keys(doc: &Value) -> Vec<String> {
    let Some(obj) = doc.as_object() else {
        return Vec::new();
    };
    obj.iter()
        .filter(|(key, value)| {
            (PRESENTATION.contains(&key.as_str()) || key.as_str() == "cage")
                && !matches!(value, Value::Null | Value::Bool(false))
                && value.as_array().is_none_or(|a| !a.is_empty())
        })
        .map(|(key, _)| key.clone())
        .collect()
}

/// Whether a JSON object is an f-puzzles puzzle: it has `"size"` and a `"grid"` of arrays.
pub fn is_fpuzzles_json(value: &Value) -> bool {
    value.get("size").and_then(whole_number).is_some()
        && value
            .get("grid")
            .and_then(Value::as_array)
            .is_some_and(|rows| rows.iter().all(Value::is_array))
}

/// Parses JSON as [`serde_json::from_str`] does, but a key repeated in one object is an error
/// ("duplicate field `killercage`", as the project's own JSON says it) instead of the last
/// value silently replacing the others: a second `"killercage"` list would drop the first's
/// cages.
pub fn strict_json(text: &str) -> Result<Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// The seed of [`strict_json`]: a JSON value whose objects have no repeated key.
#[derive(Clone, Copy)]
struct Strict;

impl<'de> serde::de::DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Strict {
    type Value = Value;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict)? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Strict)?;
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

/// The lz-string part of a shared link: after `load=` (an f-puzzles link), after `fpuzzles` (the
/// SudokuPad form `https://sudokupad.app/fpuzzles…`, which carries an f-puzzles payload), with
/// `%2B`, `%2F`, `%3D` decoded; `None` for an address that is neither.
pub fn link_payload(line: &str) -> Option<String> {
    let line = line.trim();
    let after = |mark: &str| line.find(mark).map(|at| &line[at + mark.len()..]);
    let text = after(LINK_PREFIX).or_else(|| after(SUDOKUPAD_PREFIX))?;
    let text = text.split(['&', '#']).next().unwrap_or("");
    Some(
        text.replace("%2B", "+")
            .replace("%2b", "+")
            .replace("%2F", "/")
            .replace("%2f", "/")
            .replace("%3D", "=")
            .replace("%3d", "="),
    )
}

/// The mark before the payload of a SudokuPad link to an f-puzzles puzzle.
const SUDOKUPAD_PREFIX: &str = "fpuzzles";

/// The JSON text of an f-puzzles link (f-puzzles' own, or SudokuPad's `fpuzzles…` form) or of
/// its lz-string base64 part alone, if the line is one.
pub fn decompress_link(line: &str) -> Option<String> {
    let line = line.trim();
    let text = match line.starts_with("http") {
        true => link_payload(line)?,
        false => line.to_string(),
    };
    let base64 = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'$');
    if text.len() < 40 || !text.bytes().all(base64) {
        return None;
    }
    let json = lz_str::decompress_from_base64(&text)?;
    let json = String::from_utf16(&json).ok()?;
    json.trim_start().starts_with('{').then_some(json)
}

/// Reads an f-puzzles object into a puzzle with its rules.
pub(super) fn parse_fpuzzles(
    origin: &str,
    doc: &Value,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    let whole = |problem: String| InputError::new(origin, Place::Whole, problem);
    let obj = doc
        .as_object()
        .ok_or_else(|| whole("f-puzzles: not an object".into()))?;
    let n = obj.get("size").and_then(whole_number).unwrap_or(0);
    if n < 1 || n > crate::puzzle::MAX_ORDER as i64 {
        return Err(whole(format!("f-puzzles: size {n} is outside 1..64")));
    }
    let n = n as usize;
    let diagonal_up = flag(obj, "diagonal+").map_err(whole)?;
    let diagonal_down = flag(obj, "diagonal-").map_err(whole)?;
    let (givens, regions, mut rules) = read_grid(n, &obj["grid"]).map_err(whole)?;
    let layout = match regions {
        Some(ids) => Layout::Regions(ids),
        None => default_boxes(n),
    };
    rules.extend(read_rules(n, obj).map_err(whole)?);
    let diagonals = diagonal_up || diagonal_down;
    let puzzle_err = |e| InputError::with(origin, Place::Whole, super::Problem::Puzzle(e));
    if diagonal_up != diagonal_down {
        let (puzzle, conflicts) =
            make_puzzle(n, layout, false, givens, lenient).map_err(puzzle_err)?;
        let cells = (0..n).map(|i| match diagonal_down {
            true => Cell { row: i, col: i },
            false => Cell {
                row: n - 1 - i,
                col: i,
            },
        });
        rules.push(Rule::ExtraRegion(ExtraRegion {
            cells: cells.collect(),
        }));
        return finish(origin, obj, puzzle, conflicts, rules);
    }
    let (puzzle, conflicts) =
        make_puzzle(n, layout, diagonals, givens, lenient).map_err(puzzle_err)?;
    finish(origin, obj, puzzle, conflicts, rules)
}

/// Attaches the rules and the title, and checks a given `solution`.
fn finish(
    origin: &str,
    obj: &Map<String, Value>,
    puzzle: Puzzle,
    conflicts: Vec<Conflict>,
    rules: Vec<Rule>,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    let whole = |problem: String| InputError::new(origin, Place::Whole, problem);
    let title = obj.get("title").and_then(Value::as_str).map(str::to_string);
    let puzzle = puzzle
        .with_rules(rules)
        .map_err(|e| InputError::with(origin, Place::Whole, super::Problem::Puzzle(e)))?
        .with_name(title.filter(|t| !t.is_empty()));
    if let Some(solution) = obj.get("solution") {
        let n = puzzle.order();
        // Real files write the values as numbers or as digit strings ("9"); "" or null is a
        // cell the author left open.
        let value = |v: &Value| match v {
            Value::Null => Some(0),
            Value::String(t) if t.trim().is_empty() => Some(0),
            _ => whole_number(v)
                .filter(|&v| (0..=n as i64).contains(&v))
                .map(|v| v as u8),
        };
        let values: Option<Vec<u8>> = match solution {
            Value::Array(a) => a.iter().map(value).collect(),
            Value::String(s) => s.chars().map(|c| c.to_digit(36).map(|d| d as u8)).collect(),
            _ => None,
        };
        let values = values.filter(|v| v.len() == n * n).ok_or_else(|| {
            whole(format!(
                "f-puzzles: \"solution\" is not {} values of 1..{n} (numbers or digit strings)",
                n * n
            ))
        })?;
        if values.iter().all(|&v| v >= 1) {
            check(&puzzle, &Grid { n, values })
                .map_err(|e| whole(format!("f-puzzles: the given \"solution\" is wrong: {e}")))?;
        }
    }
    Ok((puzzle, conflicts))
}

/// Boxes as f-puzzles draws them: square when n is a square, else the widest boxes with more
/// columns than rows (6: 2×3, 8: 2×4, 12: 3×4).
fn default_boxes(n: usize) -> Layout {
    let rows = (1..=n)
        .filter(|r| n % r == 0 && r * r <= n)
        .max()
        .unwrap_or(1);
    Layout::Boxes {
        rows,
        cols: n / rows,
    }
}

type GridParts = (Vec<u8>, Option<Vec<usize>>, Vec<Rule>);

/// The givens, the regions (when any cell names one) and per-cell parity marks of `grid`.
fn read_grid(n: usize, grid: &Value) -> Result<GridParts, String> {
    let rows = grid.as_array().filter(|r| r.len() == n);
    let rows = rows.ok_or_else(|| format!("f-puzzles: \"grid\" must have {n} rows"))?;
    let Layout::Boxes { rows: br, cols: bc } = default_boxes(n) else {
        unreachable!("default_boxes returns boxes")
    };
    let mut givens = vec![0u8; n * n];
    let mut regions = vec![0usize; n * n];
    let mut any_region = false;
    let mut rules = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|c| c.len() == n);
        let row =
            row.ok_or_else(|| format!("f-puzzles: grid row {} must have {n} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let at =
                |what: &str| format!("f-puzzles: grid row {}, column {}: {what}", r + 1, c + 1);
            let given = match cell.get("given") {
                None => false,
                Some(v) => {
                    boolean(v).ok_or_else(|| at(&format!("\"given\" is {v}, not true or false")))?
                }
            };
            match (given, cell.get("value")) {
                (true, Some(v)) if !matches!(v, Value::Null) => {
                    let v = whole_number(v).filter(|&v| (0..=n as i64).contains(&v));
                    givens[r * n + c] =
                        v.ok_or_else(|| at(&format!("\"value\" is not a value of 1..{n}")))? as u8;
                }
                _ => {}
            }
            regions[r * n + c] = (r / br) * (n / bc) + c / bc;
            match cell.get("region") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    let id = whole_number(v).filter(|&id| (0..n as i64).contains(&id));
                    regions[r * n + c] = id.ok_or_else(|| at("\"region\" is not 0..n-1"))? as usize;
                    any_region = true;
                }
            }
            match cell.get("givenPencilMarks") {
                None | Some(Value::Null) => {}
                Some(marks) => {
                    let values =
                        small_numbers(Some(marks), "givenPencilMarks").map_err(|e| at(&e))?;
                    if !values.is_empty() {
                        rules.push(Rule::PencilMarks(PencilMarks {
                            cell: Cell { row: r, col: c },
                            values,
                        }));
                    }
                }
            }
            if let Some(p) = cell.get("parity").and_then(Value::as_str) {
                let parity = match p {
                    "Odd" | "odd" => Kind::Odd,
                    "Even" | "even" => Kind::Even,
                    _ => return Err(at(&format!("unknown parity {p:?}"))),
                };
                rules.push(Rule::Parity(Parity {
                    parity,
                    cell: Cell { row: r, col: c },
                }));
            }
        }
    }
    Ok((givens, any_region.then_some(regions), rules))
}

/// Whether a boolean flag key is set: `true`/`false`, or as real files also write it `1`/`0`
/// and `"true"`/`"false"`; anything else is refused by name (a rule is never dropped).
fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match obj.get(key) {
        None => Ok(false),
        Some(v) => {
            boolean(v).ok_or_else(|| format!("f-puzzles: \"{key}\" is {v}, not true or false"))
        }
    }
}

/// A boolean written as `true`/`false`, `1`/`0`, `"true"`/`"false"`/`"1"`/`"0"`, or null
/// (false).
fn boolean(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Null => Some(false),
        Value::Number(x) => match x.as_f64() {
            Some(0.0) => Some(false),
            Some(1.0) => Some(true),
            _ => None,
        },
        Value::String(t) => match t.trim().to_ascii_lowercase().as_str() {
            "true" | "1" => Some(true),
            "false" | "0" | "" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A whole number written as a number (`5`, `5.0`) or a string of one (`"5"`).
fn whole_number(v: &Value) -> Option<i64> {
    match v {
        Value::Number(x) => x.as_i64().or_else(|| {
            x.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                .map(|f| f as i64)
        }),
        Value::String(t) => t.trim().parse().ok(),
        _ => None,
    }
}

/// `R3C5` (1-based; row or column 0 or n + 1 outside the grid is allowed for little killers).
fn cell(v: &Value) -> Result<Cell, String> {
    let text = v
        .as_str()
        .ok_or_else(|| format!("f-puzzles: cell {v} is not a string"))?;
    let lower = text.to_ascii_lowercase();
    let parsed = lower
        .strip_prefix('r')
        .and_then(|s| s.split_once('c'))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    match parsed {
        Some((r, c)) if r >= 1 && c >= 1 => Ok(Cell {
            row: r - 1,
            col: c - 1,
        }),
        _ => Err(format!("f-puzzles: cell {text:?} is not R<row>C<col>")),
    }
}

fn cells(v: Option<&Value>) -> Result<Vec<Cell>, String> {
    v.and_then(Value::as_array)
        .ok_or_else(|| "f-puzzles: \"cells\" is missing".to_string())?
        .iter()
        .map(cell)
        .collect()
}

/// A number written as a string or a number; `None` when absent or empty.
fn number(v: Option<&Value>) -> Result<Option<i64>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(x)) => x
            .as_i64()
            .map(Some)
            .ok_or(format!("f-puzzles: {x} is not a whole number")),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("f-puzzles: {s:?} is not a number")),
        Some(other) => Err(format!("f-puzzles: {other} is not a number")),
    }
}

/// The entries of a list key (absent: none).
fn entries<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(format!("f-puzzles: \"{key}\" is not a list")),
    }
}

/// Every rule of the top-level keys, in key order; an unknown non-empty key is an error.
fn read_rules(n: usize, obj: &Map<String, Value>) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for (key, value) in obj {
        let list = entries(obj, key);
        match key.as_str() {
            k if METADATA.contains(&k) || PRESENTATION.contains(&k) => {}
            "cage" => {}
            k if LINE_KEYS.contains(&k) => {
                for e in list? {
                    let value = number(e.get("value"))?;
                    for line in lines(key, e)? {
                        rules.extend(line_rule(k, cells(Some(line))?, value));
                    }
                }
            }
            "clone" => {
                for e in list? {
                    rules.push(Rule::Clone(Clones {
                        cells: cells(e.get("cells"))?,
                        copies: cells(e.get("cloneCells"))?,
                    }));
                }
            }
            "quadruple" => {
                for e in list? {
                    rules.push(Rule::Quadruple(Quadruple {
                        cells: cells(e.get("cells"))?,
                        values: small_numbers(e.get("values"), "quadruple")?,
                    }));
                }
            }
            "minimum" | "maximum" => {
                let extreme = if key == "minimum" {
                    Extreme::Minimum
                } else {
                    Extreme::Maximum
                };
                let mut all = Vec::new();
                for e in list? {
                    all.push(cell(e.get("cell").unwrap_or(&Value::Null))?);
                }
                if !all.is_empty() {
                    rules.push(Rule::Extremum(Extremum {
                        extreme,
                        cells: all,
                    }));
                }
            }
            "sandwichsum" | "xsum" | "skyscraper" | "numberedroom" => {
                for e in list? {
                    if let Some(rule) = super::fpuzzles_outside::clue(n, key, e)? {
                        rules.push(rule);
                    }
                }
            }
            "columnindexer" | "rowindexer" | "boxindexer" => {
                rules.extend(super::fpuzzles_outside::indexer(key, list?, cells)?);
            }
            "diagonal+" | "diagonal-" => {}
            "killercage" => {
                for e in list? {
                    let sum = number(e.get("value"))?;
                    rules.push(Rule::Killer(Cage {
                        cells: cells(e.get("cells"))?,
                        sum,
                    }));
                }
            }
            "littlekillersum" => {
                for e in list? {
                    let Some(sum) = number(e.get("value"))? else {
                        continue;
                    };
                    let cells = match e.get("cells") {
                        Some(_) => cells(e.get("cells"))?,
                        None => diagonal(n, e)?,
                    };
                    rules.push(Rule::LittleKiller(LittleKiller { cells, sum }));
                }
            }
            "thermometer" => {
                for e in list? {
                    for line in lines(key, e)? {
                        rules.push(Rule::Thermometer(Thermometer {
                            cells: cells(Some(line))?,
                        }));
                    }
                }
            }
            "arrow" => {
                for e in list? {
                    let mut circle = cells(e.get("cells"))?;
                    circle.sort();
                    for line in lines(key, e)? {
                        let line: Vec<Cell> = cells(Some(line))?
                            .into_iter()
                            .filter(|c| !circle.contains(c))
                            .collect();
                        rules.push(Rule::Arrow(Arrow {
                            circle: circle.clone(),
                            line,
                        }));
                    }
                }
            }
            "difference" | "ratio" => {
                let dot = if key == "difference" {
                    Dot::White
                } else {
                    Dot::Black
                };
                for e in list? {
                    let [a, b] = pair(e)?;
                    rules.push(Rule::Kropki(Kropki {
                        dot,
                        a,
                        b,
                        value: number(e.get("value"))?,
                    }));
                }
            }
            "xv" => {
                for e in list? {
                    let [a, b] = pair(e)?;
                    let sum = match e.get("value") {
                        // An X/V without a value is ignored by f-puzzles.
                        None | Some(Value::Null) => continue,
                        Some(Value::String(t)) if t.trim().is_empty() => continue,
                        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("x") => 10,
                        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("v") => 5,
                        Some(v) => match whole_number(v) {
                            Some(s @ (5 | 10)) => s,
                            _ => return Err(format!("f-puzzles: \"xv\": value {v} is not X or V")),
                        },
                    };
                    rules.push(Rule::Xv(Xv { a, b, sum }));
                }
            }
            "odd" | "even" => {
                let parity = if key == "odd" { Kind::Odd } else { Kind::Even };
                for e in list? {
                    let c = cell(e.get("cell").unwrap_or(&Value::Null))?;
                    rules.push(Rule::Parity(Parity { parity, cell: c }));
                }
            }
            "extraregion" => {
                for e in list? {
                    rules.push(Rule::ExtraRegion(ExtraRegion {
                        cells: cells(e.get("cells"))?,
                    }));
                }
            }
            "antiknight" | "antiking" | "nonconsecutive" | "disjointgroups" => {
                if flag(obj, key)? {
                    rules.push(match key.as_str() {
                        "antiknight" => Rule::AntiKnight,
                        "antiking" => Rule::AntiKing,
                        "nonconsecutive" => Rule::NonConsecutive,
                        _ => Rule::DisjointGroups,
                    });
                }
            }
            "negative" => {
                let mut neg = Negative {
                    xv: false,
                    ratio: false,
                };
                for kind in list? {
                    match kind.as_str() {
                        Some("xv") => neg.xv = true,
                        Some("ratio") => neg.ratio = true,
                        _ => {
                            return Err(format!(
                            "f-puzzles: \"negative\": {kind} is not supported (xv and ratio are)"
                        ))
                        }
                    }
                }
                if neg.xv || neg.ratio {
                    rules.push(Rule::Negative(neg));
                }
            }
            other => {
                let empty = match value {
                    Value::Array(a) => a.is_empty(),
                    Value::Bool(b) => !b,
                    Value::Null => true,
                    _ => false,
                };
                if !empty {
                    return Err(format!(
                        "f-puzzles: the constraint \"{other}\" is not supported"
                    ));
                }
            }
        }
    }
    Ok(rules)
}

/// The keys of the line rules that take `lines` (and `value` for whispers).
const LINE_KEYS: [&str; 12] = [
    "palindrome",
    "renban",
    "whispers",
    "nabner",
    "entropicline",
    "modularline",
    "betweenline",
    "doublearrow",
    "lockout",
    "regionsumline",
    "zipperline",
    "slowthermometer",
];

/// The rule of the line key `key` on `cells` (with the entry's `value`); `None` for a line the
/// rule says nothing about (a between line or double arrow of two cells, as in f-puzzles).
fn line_rule(key: &str, cells: Vec<Cell>, value: Option<i64>) -> Option<Rule> {
    let ends_only = cells.len() <= 2;
    Some(match key {
        "palindrome" => Rule::Palindrome(Palindrome { cells }),
        "renban" => Rule::Renban(Renban { cells }),
        "whispers" => Rule::Whispers(Whispers {
            cells,
            difference: value,
        }),
        "nabner" => Rule::Nabner(Nabner { cells }),
        "entropicline" => Rule::Entropic(Entropic { cells }),
        "modularline" => Rule::Modular(Modular { cells }),
        "betweenline" if ends_only => return None,
        "betweenline" => Rule::Between(Between { cells }),
        "doublearrow" if ends_only => return None,
        "doublearrow" => Rule::DoubleArrow(DoubleArrow { cells }),
        "lockout" => Rule::Lockout(Lockout { cells }),
        "regionsumline" => Rule::RegionSum(RegionSum { cells }),
        "zipperline" => Rule::Zipper(Zipper { cells }),
        _ => Rule::SlowThermometer(SlowThermometer { cells }),
    })
}

/// A list of values 1..64 (`[2, 3, 5]`, numbers or digit strings).
fn small_numbers(v: Option<&Value>, key: &str) -> Result<Vec<u8>, String> {
    let list = v
        .and_then(Value::as_array)
        .ok_or_else(|| format!("f-puzzles: a \"{key}\" entry has no \"values\" list"))?;
    list.iter()
        .map(|x| {
            whole_number(x)
                .filter(|v| (1..=64).contains(v))
                .map(|v| v as u8)
                .ok_or_else(|| format!("f-puzzles: \"{key}\": {x} is not a value"))
        })
        .collect()
}

/// The `"lines"` of a thermometer or arrow entry (a missing list is refused, not skipped).
fn lines<'a>(key: &str, e: &'a Value) -> Result<&'a [Value], String> {
    e.get("lines")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or_else(|| format!("f-puzzles: a \"{key}\" entry has no \"lines\" list"))
}

/// The two cells of a dot or X/V.
fn pair(e: &Value) -> Result<[Cell; 2], String> {
    let cs = cells(e.get("cells"))?;
    <[Cell; 2]>::try_from(cs).map_err(|_| "f-puzzles: a dot or X/V needs two cells".to_string())
}

/// The diagonal of a little killer from its outside `cell` and `direction` (UR, UL, DR, DL).
fn diagonal(n: usize, e: &Value) -> Result<Vec<Cell>, String> {
    let text = e
        .get("cell")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_ascii_lowercase();
    let (r, c) = text
        .strip_prefix('r')
        .and_then(|s| s.split_once('c'))
        .and_then(|(r, c)| Some((r.parse::<i64>().ok()?, c.parse::<i64>().ok()?)))
        .ok_or_else(|| format!("f-puzzles: little killer cell {text:?} is not R<row>C<col>"))?;
    let (dr, dc) = match e.get("direction").and_then(Value::as_str) {
        Some("UR") => (-1, 1),
        Some("UL") => (-1, -1),
        Some("DR") => (1, 1),
        Some("DL") => (1, -1),
        other => return Err(format!("f-puzzles: little killer direction {other:?}")),
    };
    let inside = |r: i64, c: i64| r >= 1 && c >= 1 && r <= n as i64 && c <= n as i64;
    let (mut r, mut c) = (r + dr, c + dc);
    let mut out = Vec::new();
    while inside(r, c) {
        out.push(Cell {
            row: r as usize - 1,
            col: c as usize - 1,
        });
        r += dr;
        c += dc;
    }
    Ok(out)
}
