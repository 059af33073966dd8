//! Reading puzzles: JSON files, one-line text puzzles and grid blocks (n lines of n cells),
//! from a file or standard input.
//!
//! Every failure is an [`InputError`] that names the source and the place (line and column, or
//! grid row and column) and says what is wrong in one line; what is wrong is a typed
//! [`Problem`] (an invalid puzzle keeps its [`PuzzleError`]).
//!
//! This file holds the format detection and the dispatch to the readers (each reader is a file
//! of its own); [`error`] the input errors with their places, [`source`] reading files,
//! standard input and links.

mod block;
mod error;
mod fpuzzles;
mod fpuzzles_outside;
mod jigsaw;
mod json;
mod link;
mod short_killer;
mod source;
mod stream;
mod sudocue;
mod text;
mod tokens;

pub use error::{InputError, LineError, OptionNames, Place, Problem};
pub use fpuzzles::{decompress_link, is_fpuzzles_json, presentation_keys};
pub use jigsaw::{is_jigsaw_line, parse_jigsaw_line};
pub use link::{is_address, is_lz_text, link_problem};
pub use short_killer::{is_short_killer, parse_short_killer};
use source::valid_utf8;
pub use source::{
    drawing_note, drawing_note_at, is_link, origin_name, MAX_INPUT_BYTES, STDIN_NAME,
};
#[cfg(not(target_arch = "wasm32"))]
pub use source::{open_lines, read_source};
pub use stream::{LineStream, MAX_LINE_BYTES};
pub use sudocue::{is_sudocue, parse_sudocue};
pub use text::parse_line;
pub use tokens::{char_cells, tokens};

use crate::named::{impl_named_text, Named};
use crate::puzzle::{square_box_side, Conflict, Grid, Layout, Puzzle, PuzzleError};

/// Largest JSON document or grid block read as one puzzle (a 64×64 grid with its regions takes
/// about 40 KiB as JSON): a larger one is refused before it is parsed.
pub const MAX_DOCUMENT_BYTES: usize = 1024 * 1024;

/// How the text of a source is read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Decided by the content (see [`detect_format`]).
    #[default]
    Auto,
    /// One JSON object.
    Json,
    /// One puzzle per line (81 characters, n² integers, or a jigsaw line).
    Lines,
    /// A grid block: n lines of n cells, with optional box rules.
    Grid,
}

impl InputFormat {
    /// Every input format, in the order help texts list them.
    pub const ALL: [InputFormat; 4] = [
        InputFormat::Auto,
        InputFormat::Json,
        InputFormat::Lines,
        InputFormat::Grid,
    ];
}

impl Named for InputFormat {
    const WHAT: &'static str = "input format";
    fn all() -> &'static [InputFormat] {
        &InputFormat::ALL
    }
    fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Json => "json",
            InputFormat::Lines => "lines",
            InputFormat::Grid => "grid",
        }
    }
    fn about(self) -> &'static str {
        match self {
            InputFormat::Auto => "Decide by the content (the default)",
            InputFormat::Json => "One JSON object",
            InputFormat::Lines => {
                "One puzzle per line: 81 characters, n² integers, or a jigsaw line"
            }
            InputFormat::Grid => {
                "A grid block: n lines of n cells, optionally with '|' and '-+' box rules"
            }
        }
    }
}
impl_named_text!(InputFormat);

/// Options that the command line adds to what the input says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Box shape (rows, cols) for grids whose order is not a perfect square.
    pub box_shape: Option<(usize, usize)>,
    /// Which line of a line file to take: its 1-based line number in the file, as error
    /// messages and `batch`'s `"line"` count (blank and `#` lines included).
    pub line: Option<usize>,
    /// How to read the text (by default: by content).
    pub format: InputFormat,
}

/// Parses one puzzle from the text of a source, read as `options.format` says (by default:
/// JSON when it starts with `{`, `[` or `"`, a grid block when it looks like one (see
/// [`detect_format`]), otherwise a line file with `#` comment lines and blank lines skipped).
pub fn parse_puzzle(origin: &str, text: &str, options: ParseOptions) -> Result<Puzzle, InputError> {
    parse(origin, text, options, false).map(|(puzzle, _)| puzzle)
}

/// Like [`parse_puzzle`], but a value given twice in a house is not an error: the later given is
/// left out of the puzzle and the pair is returned as a [`Conflict`] ([`Puzzle::new_lenient`]).
/// For `explain`, which reports such a pair instead of refusing the grid.
pub fn parse_puzzle_lenient(
    origin: &str,
    text: &str,
    options: ParseOptions,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    parse(origin, text, options, true)
}

/// The format of a source's text, judged by its content: JSON when it starts with `{`, `[` or
/// `"` or is the JSON word `null`, `true` or `false` (no grid is a word); a grid block when it has box-rule lines or `|` separators, or when its k puzzle lines
/// (k ≥ 2) all hold k cells; otherwise a line file.
///
/// ```
/// use sudoku_ilp::input::{detect_format, InputFormat};
/// assert_eq!(detect_format("1.3.\n..4.\n.1..\n...2\n"), InputFormat::Grid);
/// assert_eq!(detect_format("1.3.........4..2\n.2..........4..1\n"), InputFormat::Lines);
/// assert_eq!(detect_format(" {\"grid\": \"....\"}"), InputFormat::Json);
/// assert_eq!(detect_format("null\n"), InputFormat::Json);
/// ```
pub fn detect_format(text: &str) -> InputFormat {
    let json_word = matches!(text.trim(), "null" | "true" | "false");
    if json_word || text.trim_start().starts_with(['{', '[', '"']) {
        return InputFormat::Json;
    }
    // A block has at most 2·MAX_ORDER + 1 lines (rows and box rules): more is a line file,
    // and only that many lines are held to judge.
    let most = 2 * crate::puzzle::MAX_ORDER + 1;
    let lines: Vec<(usize, &str)> = puzzle_lines(text).take(most + 1).collect();
    if lines.len() <= most && block::looks_like_block(&lines) {
        InputFormat::Grid
    } else {
        InputFormat::Lines
    }
}

fn parse(
    origin: &str,
    text: &str,
    options: ParseOptions,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    parse_any(origin, text, options, lenient)
}

/// [`parse`] before the checks that look at the whole puzzle.
fn parse_any(
    origin: &str,
    text: &str,
    options: ParseOptions,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    let format = match options.format {
        InputFormat::Auto => detect_format(text),
        chosen => chosen,
    };
    let not_lines =
        |what: &'static str| InputError::with(origin, Place::Whole, Problem::LineInWhole { what });
    let too_large = |what: &str| {
        InputError::new(
            origin,
            Place::Whole,
            format!(
                "{what} larger than {} MiB: not a puzzle (a 64×64 grid takes about 40 KiB)",
                MAX_DOCUMENT_BYTES >> 20
            ),
        )
    };
    // Without --line the whole text is read; with it, only that line need be UTF-8.
    let whole_document = options.line.is_none()
        || match format {
            InputFormat::Json => !is_json_lines(text) || options.format != InputFormat::Auto,
            InputFormat::Grid => true,
            InputFormat::Lines | InputFormat::Auto => false,
        };
    if whole_document {
        // A byte that was not UTF-8 anywhere in what is read is an error.
        if let Some(at) = text.find(char::REPLACEMENT_CHARACTER) {
            let line = 1 + text[..at].matches('\n').count();
            let start = text[..at].rfind('\n').map_or(0, |p| p + 1);
            valid_utf8(origin, line, &text[start..])?;
        }
    }
    match format {
        InputFormat::Json if options.format == InputFormat::Auto && is_json_lines(text) => {
            let (number, line) = pick_line(origin, text, options.line)?;
            valid_utf8(origin, number, line)?;
            parse_json_line(origin, number, line, options.box_shape, lenient)
        }
        InputFormat::Json | InputFormat::Grid if text.len() > MAX_DOCUMENT_BYTES => {
            Err(too_large(if format == InputFormat::Json {
                "JSON document"
            } else {
                "grid block"
            }))
        }
        InputFormat::Json if options.line.is_some() => Err(not_lines("JSON")),
        InputFormat::Json => parse_any_json(origin, text, options.box_shape, lenient),
        InputFormat::Grid if options.line.is_some() => Err(not_lines("a grid block")),
        InputFormat::Grid => {
            let lines: Vec<(usize, &str)> = puzzle_lines(text).collect();
            block::parse_block(origin, &lines, options.box_shape, lenient)
        }
        InputFormat::Lines | InputFormat::Auto => {
            let (number, line) = pick_line(origin, text, options.line)?;
            valid_utf8(origin, number, line)?;
            parse_text_line(origin, number, line, options.box_shape, lenient)
                .map(|(puzzle, conflicts, _)| (puzzle, conflicts))
        }
    }
}

/// The one puzzle line of a line file: the only one, or line `k` of the file (its line number,
/// blank and `#` lines counted, as in messages and `batch`'s `"line"`).
fn pick_line<'a>(
    origin: &str,
    text: &'a str,
    line: Option<usize>,
) -> Result<(usize, &'a str), InputError> {
    // Counted as they go, never collected: a 64 MiB file may hold 30 million short lines.
    let (mut count, mut first, mut last, mut found) = (0, None, (0, ""), None);
    for entry in puzzle_lines(text) {
        count += 1;
        first = first.or(Some(entry));
        last = entry;
        if line == Some(entry.0) {
            found = Some(entry);
        }
    }
    let whole = |problem: Problem| InputError::with(origin, Place::Whole, problem);
    match (line, count) {
        (_, 0) => Err(whole(Problem::Other(
            "no puzzle: the input is empty".into(),
        ))),
        (None, 1) => Ok(first.unwrap_or(last)),
        (None, count) => Err(whole(Problem::SeveralPuzzles { count })),
        (Some(k), count) => match found {
            Some(found) => Ok(found),
            None if k == 0 || k > last.0 => Err(whole(Problem::LineOutside {
                line: k,
                count,
                last: last.0,
            })),
            None => Err(InputError::with(
                origin,
                Place::Line(k),
                Problem::LineNotPuzzle { line: k },
            )),
        },
    }
}

/// A puzzle line that is not JSON: a jigsaw line (with its solution) or a plain grid line.
fn parse_text_line(
    origin: &str,
    number: usize,
    line: &str,
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>, Option<Grid>), InputError> {
    let at = |e: LineError| InputError::at_line(origin, number, e);
    if line.len() > MAX_LINE_BYTES {
        return Err(InputError::new(
            origin,
            Place::Line(number),
            "line longer than 1 MiB: not a puzzle",
        ));
    }
    if line.contains('\r') {
        return Err(InputError::new(
            origin,
            Place::Line(number),
            "a carriage return (CR) inside the line: lines that end in CR alone are not read; \
             end them in LF (e.g. tr '\\r' '\\n')",
        ));
    }
    let name = Some(format!("{origin} line {number}"));
    if let Some(found) = variant_line(origin, number, line, lenient) {
        let (puzzle, conflicts) = found?;
        let name = puzzle.name().map(str::to_string).or(name);
        return Ok((puzzle.with_name(name), conflicts, None));
    }
    if jigsaw::is_jigsaw_line(line) {
        let (puzzle, solution) = jigsaw::parse_jigsaw_line(line).map_err(at)?;
        return Ok((puzzle.with_name(name), Vec::new(), Some(solution)));
    }
    let (puzzle, conflicts) = text::parse_line_lenient(line, box_shape, lenient).map_err(at)?;
    Ok((puzzle.with_name(name), conflicts, None))
}

/// One line of a batch file (see [`LineStream`]): a JSON object on one line, a jigsaw line or
/// a grid line. Returns the puzzle and, for jigsaw lines, the solution the line gives.
/// Errors name the file and line (and for JSON the grid row and column).
///
/// ```
/// use sudoku_ilp::input::parse_batch_line;
/// let (p, _) = parse_batch_line("f.jsonl", 3, r#"{"grid": "1.3.........4..2"}"#, None).unwrap();
/// assert_eq!(p.given_count(), 4);
/// let e = parse_batch_line("f.txt", 7, "1.3.........4..x", None).unwrap_err();
/// assert!(e.to_string().starts_with("f.txt:7:16: "));
/// ```
pub fn parse_batch_line(
    origin: &str,
    number: usize,
    line: &str,
    box_shape: Option<(usize, usize)>,
) -> Result<(Puzzle, Option<Grid>), InputError> {
    let (puzzle, solution) = if !line.trim_start().starts_with('{') {
        parse_text_line(origin, number, line, box_shape, false)
            .map(|(puzzle, _, solution)| (puzzle, solution))?
    } else {
        parse_json_line(origin, number, line, box_shape, false).map(|(puzzle, _)| (puzzle, None))?
    };
    Ok((puzzle, solution))
}

/// A file of JSON lines, one puzzle object a line (what `batch` reads, e.g. the `.fpz.jsonl`
/// files of f-puzzles puzzles): two or more puzzle lines, the first a whole JSON object.
fn is_json_lines(text: &str) -> bool {
    let mut lines = puzzle_lines(text);
    match (lines.next(), lines.next()) {
        (Some((_, first)), Some(_)) => {
            let first = first.trim();
            first.starts_with('{')
                && first.len() <= MAX_LINE_BYTES
                && serde_json::from_str::<serde::de::IgnoredAny>(first).is_ok()
        }
        _ => false,
    }
}

/// One JSON puzzle on line `number` of a file of lines, named after the line when it has no
/// name of its own; errors point at that line.
fn parse_json_line(
    origin: &str,
    number: usize,
    line: &str,
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    let line_origin = format!("{origin}:{number}");
    parse_any_json(&line_origin, line, box_shape, lenient)
        .map(|(puzzle, conflicts)| {
            let name = puzzle.name().map(str::to_string);
            let name = name.unwrap_or_else(|| format!("{origin} line {number}"));
            (puzzle.with_name(Some(name)), conflicts)
        })
        .map_err(|e| match e.place {
            Place::LineCol(_, col) => {
                InputError::with(origin, Place::LineCol(number, col), e.problem)
            }
            Place::Whole | Place::Line(_) => {
                InputError::with(origin, Place::Line(number), e.problem)
            }
            Place::Cell(..) => e,
        })
}

/// A JSON puzzle: the f-puzzles JSON (it has `"size"` and a grid of cell objects) or the
/// project's own.
fn parse_any_json(
    origin: &str,
    text: &str,
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value) if fpuzzles::is_fpuzzles_json(&value) => {
            let value = fpuzzles::strict_json(text).map_err(|e| {
                InputError::new(
                    origin,
                    Place::LineCol(e.line(), e.column()),
                    format!("invalid JSON: {}", json_problem(&e)),
                )
            })?;
            fpuzzles::parse_fpuzzles(origin, &value, lenient)
        }
        _ => json::parse_json(origin, text, box_shape, lenient),
    }
}

/// A variant puzzle line, when the line is one: an f-puzzles link (or its lz-string text), a
/// short killer line or a SudoCue killer line.
fn variant_line(
    origin: &str,
    number: usize,
    line: &str,
    lenient: bool,
) -> Option<Result<(Puzzle, Vec<Conflict>), InputError>> {
    let at_line = |problem: String| InputError::new(origin, Place::Line(number), problem);
    if let Some(json) = fpuzzles::decompress_link(line) {
        let value = fpuzzles::strict_json(&json);
        if let Err(e) = &value {
            if e.is_eof() {
                let problem = "the f-puzzles link's JSON ends early (cut short when copied?)";
                return Some(Err(at_line(problem.into())));
            }
            if e.is_data() {
                let problem = format!("the f-puzzles link's JSON: {}", json_problem(e));
                return Some(Err(at_line(problem)));
            }
        }
        let value = match value {
            Ok(v) if fpuzzles::is_fpuzzles_json(&v) => v,
            _ => {
                return Some(Err(at_line(
                    "an f-puzzles link whose JSON is not an f-puzzles puzzle".into(),
                )))
            }
        };
        let line_origin = format!("{origin}:{number}");
        return Some(
            fpuzzles::parse_fpuzzles(&line_origin, &value, lenient)
                .map_err(|e| InputError::with(origin, Place::Line(number), e.problem)),
        );
    }
    if let Some(problem) = link::link_problem(line) {
        return Some(Err(at_line(problem)));
    }
    let parsed = if short_killer::is_short_killer(line) {
        short_killer::parse_short_killer(line)
    } else if sudocue::is_sudocue(line) {
        sudocue::parse_sudocue(line)
    } else {
        return None;
    };
    Some(parsed.map(|p| (p, Vec::new())).map_err(at_line))
}

/// serde_json's message without its " at line L column C" (the place is shown in front).
fn json_problem(e: &serde_json::Error) -> String {
    let message = e.to_string();
    message
        .rsplit_once(" at line ")
        .map_or(message.clone(), |(m, _)| m.to_string())
}

/// The puzzle lines of a line file with their 1-based line numbers: blank lines and lines
/// starting with `#` are skipped; a trailing `\r` is dropped.
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_end_matches('\r');
        let t = line.trim();
        (!t.is_empty() && !t.starts_with('#')).then_some((i + 1, line))
    })
}

/// Builds a puzzle with boxes: the given shape, or square boxes when n is a perfect square.
/// With `lenient`, a value given twice in a house is set aside as a [`Conflict`].
fn boxed_puzzle(
    n: usize,
    box_shape: Option<(usize, usize)>,
    diagonals: bool,
    givens: Vec<u8>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), PuzzleError> {
    if n > crate::puzzle::MAX_ORDER {
        return Err(PuzzleError::TooLarge(n));
    }
    let (rows, cols) = match box_shape {
        Some(shape) => shape,
        None => {
            let side = square_box_side(n).ok_or(PuzzleError::NoBoxShape(n))?;
            (side, side)
        }
    };
    make_puzzle(n, Layout::Boxes { rows, cols }, diagonals, givens, lenient)
}

/// [`Puzzle::new`], or with `lenient` [`Puzzle::new_lenient`].
fn make_puzzle(
    n: usize,
    layout: Layout,
    diagonals: bool,
    givens: Vec<u8>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), PuzzleError> {
    if lenient {
        Puzzle::new_lenient(n, layout, diagonals, givens)
    } else {
        Puzzle::new(n, layout, diagonals, givens).map(|p| (p, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &str = "{\"grid\": \"1234341221434321\"}\n\n{\"grid\": \"12..34..21..43..\"}\n";

    #[test]
    fn json_lines_are_told_from_one_json_document() {
        assert!(is_json_lines(LINES));
        assert!(!is_json_lines("{\"grid\": \"1234341221434321\"}\n"));
        assert!(!is_json_lines("{\n  \"grid\": \"1234341221434321\"\n}\n"));
        assert!(!is_json_lines(
            "{\"a\":\n{\"grid\": \"1234341221434321\"}}\n"
        ));
    }

    #[test]
    fn a_line_of_json_lines_is_picked_and_named_after_its_line() {
        let options = ParseOptions {
            line: Some(3),
            ..ParseOptions::default()
        };
        let puzzle = parse_puzzle("f.jsonl", LINES, options).unwrap();
        assert_eq!(puzzle.name(), Some("f.jsonl line 3"));
        assert_eq!(puzzle.givens().iter().filter(|&&v| v != 0).count(), 8);
        let several = parse_puzzle("f.jsonl", LINES, ParseOptions::default()).unwrap_err();
        assert!(several.to_string().contains("2 puzzle lines"), "{several}");
    }
}
