//! Reading a source whole or line by line: a file, standard input or an f-puzzles link, with
//! its size limit, its name in messages, UTF-8 checked where it is read, and the note on an
//! f-puzzles document's drawing-only keys. Files and standard input are not in the browser
//! build (wasm32), where the page hands text.

use super::fpuzzles::{self, decompress_link, is_fpuzzles_json, presentation_keys};
use super::{InputError, Place};
#[cfg(not(target_arch = "wasm32"))]
use std::io::Read;

/// Inputs larger than this are refused before they are read whole (a 64×64 JSON grid is
/// about 16 KiB; the largest puzzle collection in use is under 4 MiB).
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

// Files and standard input: not in the browser build (wasm32), where the page hands text.
/// Reads a whole input: a file path, or `-` for standard input. Refuses more than
/// [`MAX_INPUT_BYTES`] and binary input; drops a UTF-8 byte-order mark. Bytes that are not
/// UTF-8 become U+FFFD, which the parser refuses where it reads them (a line of a line file,
/// or anywhere in a whole document). An f-puzzles link given as `path` is the text itself.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_source(path: &str) -> Result<String, InputError> {
    if is_link(path) {
        // The puzzle is the argument itself: one line, read as an f-puzzles link.
        return Ok(path.trim().to_string());
    }
    let origin = origin_name(path);
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(|e| {
            InputError::new(
                &origin,
                Place::Whole,
                format!("cannot open: {}", io_reason(&e)),
            )
        })?;
        let metadata = file.metadata().ok();
        if metadata.as_ref().is_some_and(|m| m.is_dir()) {
            // As open_lines says it: one wording for a directory given as a file.
            return Err(InputError::new(
                &origin,
                Place::Whole,
                "cannot open: is a directory",
            ));
        }
        let len = metadata.map_or(0, |m| m.len());
        if len > MAX_INPUT_BYTES {
            return Err(too_large(&origin));
        }
        file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)
    };
    read.map_err(|e| {
        InputError::new(
            &origin,
            Place::Whole,
            format!("cannot read: {}", io_reason(&e)),
        )
    })?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(&origin));
    }
    decode_utf8(&origin, bytes)
}

/// Opens an input to read line by line (see [`LineStream`]): a file path, or `-` for standard
/// input. Errors as [`read_source`]'s: "cannot open: no such file", "is a directory".
#[cfg(not(target_arch = "wasm32"))]
pub fn open_lines(path: &str) -> Result<Box<dyn std::io::BufRead + Send>, InputError> {
    if is_link(path) {
        let line = format!("{}\n", path.trim());
        return Ok(Box::new(std::io::Cursor::new(line.into_bytes())));
    }
    if path == "-" {
        return Ok(Box::new(std::io::BufReader::new(std::io::stdin())));
    }
    let origin = origin_name(path);
    let cannot =
        |reason: String| InputError::new(&origin, Place::Whole, format!("cannot open: {reason}"));
    let file = std::fs::File::open(path).map_err(|e| cannot(io_reason(&e)))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(cannot("is a directory".into()));
    }
    Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, file)))
}

#[cfg(not(target_arch = "wasm32"))]
fn too_large(origin: &str) -> InputError {
    InputError::new(
        origin,
        Place::Whole,
        format!("larger than {} MiB", MAX_INPUT_BYTES >> 20),
    )
}

/// The name of standard input in messages and in batch results' `"file"`.
pub const STDIN_NAME: &str = "<stdin>";

/// The name used for a source in messages: the path, or [`STDIN_NAME`].
pub fn origin_name(path: &str) -> String {
    if path == "-" {
        STDIN_NAME.into()
    } else if is_link(path) && (super::is_lz_text(path) || fpuzzles::link_payload(path).is_some()) {
        "<f-puzzles link>".into()
    } else {
        path.into()
    }
}

/// The one-line note for an f-puzzles document (plain, a link or its lz-string text) whose
/// drawing-only keys (`text`, `line`, `rectangle`, `circle`, `fogofwar`, a `cage` outline
/// drawn for another constraint or with the cosmetic cage tool) were read and ignored; `None` when it has none or is not f-puzzles.
pub fn drawing_note(text: &str) -> Option<String> {
    let text = text.trim();
    let json = match text.starts_with('{') {
        true => text.to_string(),
        false => decompress_link(text.lines().next()?)?,
    };
    let doc: serde_json::Value = serde_json::from_str(&json).ok()?;
    let keys = presentation_keys(&doc);
    (is_fpuzzles_json(&doc) && !keys.is_empty()).then(|| {
        format!(
            "note: f-puzzles {} {} drawing only, read and ignored",
            keys.join(", "),
            if keys.len() == 1 { "is" } else { "are" }
        )
    })
}

/// [`drawing_note`] of the puzzle a command reads: line `line` (1-based, every line counted) of a
/// line file when one is chosen, else the whole text.
pub fn drawing_note_at(text: &str, line: Option<usize>) -> Option<String> {
    match line {
        Some(k) => drawing_note(text.lines().nth(k.checked_sub(1)?)?),
        None => drawing_note(text),
    }
}

/// Whether a command's argument is a link rather than a file name: any web address (an
/// f-puzzles link `https://f-puzzles.com/?load=…`, SudokuPad's `https://sudokupad.app/fpuzzles…`;
/// another address is refused by the reader in one line) or the lz-string text of an f-puzzles
/// payload alone; read as the puzzle itself. A file of that name, should one exist, is read
/// instead.
///
/// ```
/// use sudoku_ilp::input::is_link;
/// assert!(is_link("https://f-puzzles.com/?load=N4IgzglgXpAsCMIBcBmAtAJgAwE51gHYA2eEAGhAA"));
/// assert!(is_link("https://sudokupad.app/fpuzzlesN4IgzglgXpAsCMIBcBmAtAJgAwE51gHYA2eEAGhAA"));
/// assert!(!is_link("puzzle.json"));
/// ```
pub fn is_link(path: &str) -> bool {
    (super::is_address(path) || super::is_lz_text(path))
        && !std::path::Path::new(path.trim()).exists()
}

#[cfg(not(target_arch = "wasm32"))]
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => e.to_string(),
    }
}

/// The text without a UTF-8 byte-order mark. Bytes that are not UTF-8 become U+FFFD, so
/// that one bad line of a line file spoils that line only: the parser refuses a puzzle line
/// or a whole document that holds U+FFFD ([`valid_utf8`]), naming its line and column. Only a
/// file that is not text at all (a NUL byte and invalid UTF-8 in its first 8 KiB) is refused
/// here, at the first bad byte.
#[cfg(not(target_arch = "wasm32"))]
fn decode_utf8(origin: &str, bytes: Vec<u8>) -> Result<String, InputError> {
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            if s.starts_with('\u{feff}') {
                s.drain(..3);
            }
            Ok(s)
        }
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let head = &bytes[..bytes.len().min(8192)];
            if head.contains(&0) {
                let line = 1 + bytes[..bad].iter().filter(|&&b| b == b'\n').count();
                let col = 1 + bad
                    - bytes[..bad]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |p| p + 1);
                return Err(InputError::new(
                    origin,
                    Place::LineCol(line, col),
                    "not valid UTF-8 text",
                ));
            }
            let mut s = String::from_utf8_lossy(&bytes).into_owned();
            if s.starts_with('\u{feff}') {
                s.drain(..3);
            }
            Ok(s)
        }
    }
}

/// Refuses line `number` when it holds U+FFFD, the mark [`read_source`] puts where a byte
/// was not UTF-8: "not valid UTF-8 text" at its line and column (in characters).
pub(super) fn valid_utf8(origin: &str, number: usize, line: &str) -> Result<(), InputError> {
    match line.find(char::REPLACEMENT_CHARACTER) {
        None => Ok(()),
        Some(at) => Err(InputError::new(
            origin,
            Place::LineCol(number, line[..at].chars().count() + 1),
            "not valid UTF-8 text",
        )),
    }
}
