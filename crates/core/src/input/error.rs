//! The input errors: where in a source a problem is ([`Place`]), what is wrong ([`Problem`], an
//! invalid puzzle keeping its [`PuzzleError`]), and the one line that names both
//! ([`InputError`], [`LineError`] for a line of a line file), worded with the option names
//! of the front end that reads it ([`OptionNames`]).

use crate::puzzle::PuzzleError;
use std::fmt;

/// Where in the input a problem is, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The input as a whole.
    Whole,
    /// A line of a text file.
    Line(usize),
    /// A line and column of a file (text or JSON syntax).
    LineCol(usize, usize),
    /// A cell of the grid (JSON input).
    Cell(usize, usize),
}

/// What is wrong with an input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The grid was read, but it is not a valid puzzle (shape, values, a value twice in a house).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A line file with several puzzles where one is wanted, and no line picked
    /// ([`ParseOptions::line`]).
    #[error("{}", self.said_with(&OptionNames::LIBRARY).unwrap_or_default())]
    SeveralPuzzles { count: usize },
    /// The picked line is past the file's puzzle lines (or 0).
    #[error("{}", self.said_with(&OptionNames::LIBRARY).unwrap_or_default())]
    LineOutside {
        line: usize,
        count: usize,
        last: usize,
    },
    /// The picked line is blank or a `#` comment.
    #[error("{}", self.said_with(&OptionNames::LIBRARY).unwrap_or_default())]
    LineNotPuzzle { line: usize },
    /// A line was picked in an input that is not a line file.
    #[error("{}", self.said_with(&OptionNames::LIBRARY).unwrap_or_default())]
    LineInWhole { what: &'static str },
    /// The box shape given beside the input differs from the input's own layout.
    #[error("{}", self.said_with(&OptionNames::LIBRARY).unwrap_or_default())]
    BoxConflict {
        rows: usize,
        cols: usize,
        what: String,
    },
    /// Anything else (syntax, encoding, size, reading); the text says what.
    #[error("{0}")]
    Other(String),
}

/// How a front end names the options an input problem points to (the line to pick, the box
/// shape): the library words each such problem once ([`Problem::said_with`]) and the command
/// line and Python say it with their own option names.
#[derive(Debug, Clone, Copy)]
pub struct OptionNames<'a> {
    /// The line option before a line number: `--line ` (`--line 5`), `line=` (`line=5`).
    pub line: &'a str,
    /// The line option as a whole: `--line`, `line=`.
    pub line_option: &'a str,
    /// The line option with its placeholder: `--line K`, `line=K`.
    pub line_k: &'a str,
    /// How a box shape is written: `--box 2x3`, `box=(2, 3)`.
    pub box_shape: fn(usize, usize) -> String,
    /// Where a box shape is given besides JSON: `--box RxC on the command line`.
    pub box_hint: Option<&'a str>,
    /// That one puzzle is wanted: `solve takes one`, `a Puzzle is one`.
    pub takes_one: &'a str,
}

impl<'a> OptionNames<'a> {
    /// The command line's names (`--line K`, `--box RxC`); the browser page says the same.
    pub fn command_line(takes_one: &'a str) -> OptionNames<'a> {
        OptionNames {
            line: "--line ",
            line_option: "--line",
            line_k: "--line K",
            box_shape: |rows, cols| format!("--box {rows}x{cols}"),
            box_hint: Some("--box RxC on the command line"),
            takes_one,
        }
    }
}

impl OptionNames<'static> {
    /// The library's own words ([`ParseOptions`]' fields), used by `Display`.
    pub const LIBRARY: OptionNames<'static> = OptionNames {
        line: "line ",
        line_option: "a line number",
        line_k: "a line number",
        box_shape: |rows, cols| format!("box {rows}x{cols}"),
        box_hint: None,
        takes_one: "one puzzle is wanted",
    };
}

impl Problem {
    /// The problem in words with a front end's option names; `None` for a problem that names
    /// no option.
    pub fn said_with(&self, names: &OptionNames) -> Option<String> {
        Some(match self {
            Problem::SeveralPuzzles { count } => format!(
                "{count} puzzle lines; {} (pick one with {})",
                names.takes_one, names.line_k
            ),
            Problem::LineOutside { line, count, last } => format!(
                "{}{line}: the file has {count} puzzle lines (the last is line {last})",
                names.line
            ),
            Problem::LineNotPuzzle { line } => {
                format!("{}{line} is a blank or '#' line, not a puzzle", names.line)
            }
            Problem::LineInWhole { what } => {
                format!("{} applies to line files, not to {what}", names.line_option)
            }
            Problem::BoxConflict { rows, cols, what } => format!(
                "{} conflicts with the file's {what}",
                (names.box_shape)(*rows, *cols)
            ),
            Problem::Puzzle(e @ PuzzleError::NoBoxShape(_)) => match names.box_hint {
                Some(hint) => format!("{}, {hint})", e.to_string().trim_end_matches(')')),
                None => return None,
            },
            _ => return None,
        })
    }
}

/// A problem with the input: which source, where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    pub origin: String,
    pub place: Place,
    pub problem: Problem,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Whole => write!(f, "{}: {}", self.origin, self.problem),
            Place::Line(l) => write!(f, "{}:{l}: {}", self.origin, self.problem),
            Place::LineCol(l, c) => write!(f, "{}:{l}:{c}: {}", self.origin, self.problem),
            Place::Cell(r, c) => write!(
                f,
                "{}: grid row {r}, column {c}: {}",
                self.origin, self.problem
            ),
        }
    }
}

impl InputError {
    /// The error with a front end's option names ([`Problem::said_with`]): same origin and
    /// place, the problem in the front end's words.
    pub fn said_with(&self, names: &OptionNames) -> InputError {
        match self.problem.said_with(names) {
            Some(words) => InputError::new(&self.origin, self.place, words),
            None => self.clone(),
        }
    }

    /// An error whose problem is a message ([`Problem::Other`]).
    pub fn new(origin: &str, place: Place, problem: impl Into<String>) -> InputError {
        InputError::with(origin, place, Problem::Other(problem.into()))
    }

    /// An error with a typed problem.
    pub fn with(origin: &str, place: Place, problem: Problem) -> InputError {
        InputError {
            origin: origin.to_string(),
            place,
            problem,
        }
    }

    /// The error of a line parser ([`LineError`]) placed on line `number` of `origin`.
    pub fn at_line(origin: &str, number: usize, e: LineError) -> InputError {
        InputError::with(origin, Place::LineCol(number, e.column), e.problem)
    }
}

/// What the line parsers ([`parse_line`], [`parse_jigsaw_line`]) return on failure: the
/// 1-based column (in characters) and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {problem}")]
pub struct LineError {
    pub column: usize,
    pub problem: Problem,
}

impl LineError {
    /// A problem described by a message, at `column`.
    pub fn new(column: usize, problem: impl Into<String>) -> LineError {
        LineError {
            column,
            problem: Problem::Other(problem.into()),
        }
    }

    /// An invalid puzzle, placed at `column`.
    pub fn puzzle(column: usize, e: PuzzleError) -> LineError {
        LineError {
            column,
            problem: Problem::Puzzle(e),
        }
    }
}
