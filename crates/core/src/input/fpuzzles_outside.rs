//! The f-puzzles keys of the outside clues and indexers: `sandwichsum`, `xsum`, `skyscraper`,
//! `numberedroom` (`{"cell": "R0C4", "value": "5"}`, the cell beside the grid: row or column 0
//! or n + 1) and `columnindexer`, `rowindexer`, `boxindexer` (`{"cells": [...]}`).

use crate::geometry::Cell;
use crate::rules::indexer::{Axis, Indexer};
use crate::rules::numbered_room::NumberedRoom;
use crate::rules::outside::line_from;
use crate::rules::sandwich::Sandwich;
use crate::rules::skyscraper::Skyscraper;
use crate::rules::x_sum::XSum;
use crate::rules::Rule;
use serde_json::Value;

/// The rule of one outside clue of `key`; `None` for a clue without a value (drawn empty).
pub(super) fn clue(n: usize, key: &str, e: &Value) -> Result<Option<Rule>, String> {
    let text = e.get("cell").and_then(Value::as_str).unwrap_or("");
    let lower = text.to_ascii_lowercase();
    let (r, c) = lower
        .strip_prefix('r')
        .and_then(|s| s.split_once('c'))
        .and_then(|(r, c)| Some((r.parse::<i64>().ok()?, c.parse::<i64>().ok()?)))
        .ok_or_else(|| format!("f-puzzles: \"{key}\": cell {text:?} is not R<row>C<col>"))?;
    let cells = line_from(n, r - 1, c - 1).ok_or_else(|| {
        format!("f-puzzles: \"{key}\": {text} is not beside a row or column of the grid")
    })?;
    let value = match e.get("value") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(t)) if t.trim().is_empty() => return Ok(None),
        Some(Value::String(t)) => t.trim().parse::<i64>().ok(),
        Some(v) => v.as_i64(),
    };
    let value = value.ok_or_else(|| {
        format!("f-puzzles: \"{key}\" at {text}: the value is not a whole number")
    })?;
    Ok(Some(match key {
        "sandwichsum" => Rule::Sandwich(Sandwich { cells, sum: value }),
        "xsum" => Rule::XSum(XSum { cells, sum: value }),
        "skyscraper" => Rule::Skyscraper(Skyscraper {
            cells,
            count: value,
        }),
        _ => Rule::NumberedRoom(NumberedRoom {
            cells,
            digit: value,
        }),
    }))
}

/// One indexer rule over the cells of every entry of `key` (`None` when there are none).
pub(super) fn indexer(
    key: &str,
    entries: &[Value],
    cells: fn(Option<&Value>) -> Result<Vec<Cell>, String>,
) -> Result<Option<Rule>, String> {
    let axis = match key {
        "columnindexer" => Axis::Column,
        "rowindexer" => Axis::Row,
        _ => Axis::Box,
    };
    let mut all = Vec::new();
    for e in entries {
        all.extend(cells(e.get("cells"))?);
    }
    Ok((!all.is_empty()).then_some(Rule::Indexer(Indexer { axis, cells: all })))
}
