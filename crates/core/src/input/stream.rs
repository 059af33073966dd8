//! A puzzle file read line by line, never whole: batch runs go over collections of 100,000
//! lines and more, and their memory must not grow with the file.

use super::{InputError, Place};
use std::io::BufRead;

/// Longest line accepted (a 64×64 grid as integers is about 12 KiB, as JSON about 20 KiB).
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

/// How far past [`MAX_LINE_BYTES`] the rest of an over-long line is skipped in search of its
/// end; an input with no newline in that span (`/dev/zero`, a binary file) ends the stream after
/// the line's error instead of being read forever.
pub const MAX_SKIP_BYTES: usize = super::MAX_INPUT_BYTES as usize;

/// The puzzle lines of a reader with their 1-based line numbers, like
/// [`super::puzzle_lines`]: blank and `#` lines are skipped, a trailing `\r` and a leading
/// byte-order mark are dropped. A line that is not UTF-8 or is longer than [`MAX_LINE_BYTES`]
/// is an `Err` for that line only; a read error, or a line with no newline within
/// [`MAX_SKIP_BYTES`], ends the stream after its `Err`.
///
/// ```
/// use sudoku_ilp::input::LineStream;
/// let text = "# two puzzles\n1.3.........4..2\n\n.2..........4..1\r\n";
/// let lines: Vec<_> = LineStream::new(text.as_bytes(), "list.txt").map(Result::unwrap).collect();
/// assert_eq!(lines, vec![(2, "1.3.........4..2".to_string()), (4, ".2..........4..1".to_string())]);
/// ```
pub struct LineStream<R> {
    reader: R,
    origin: String,
    number: usize,
    /// The number of the first line (where a byte-order mark may be).
    first: usize,
    buf: Vec<u8>,
    finished: bool,
}

/// What [`LineStream::read_raw`] found.
enum Raw {
    /// A line (possibly the last, without a newline).
    Line,
    /// The end of the input.
    End,
    /// A line with no newline within [`MAX_SKIP_BYTES`]: reading stops.
    Endless,
}

impl<R: BufRead> LineStream<R> {
    pub fn new(reader: R, origin: &str) -> LineStream<R> {
        LineStream::with_offset(reader, origin, 0)
    }

    /// A stream whose first line is numbered `offset + 1`: the lines of a chunk of a larger file
    /// (e.g. one job of `parallel --pipe -N 1000`, whose chunk k starts after `(k-1) * 1000`
    /// lines) keep their numbers in the whole file, in results and in error messages.
    pub fn with_offset(reader: R, origin: &str, offset: usize) -> LineStream<R> {
        LineStream {
            reader,
            origin: origin.to_string(),
            number: offset,
            first: offset + 1,
            buf: Vec::new(),
            finished: false,
        }
    }

    /// Reads one raw line into `buf` (without its newline), at most `MAX_LINE_BYTES + 1`
    /// bytes of it; the rest of a longer line is read and dropped, up to [`MAX_SKIP_BYTES`].
    fn read_raw(&mut self) -> std::io::Result<Raw> {
        self.buf.clear();
        let mut any = false;
        let mut seen = 0usize;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                return Ok(if any { Raw::Line } else { Raw::End });
            }
            any = true;
            let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(p) => (&chunk[..p], true),
                None => (chunk, false),
            };
            let room = (MAX_LINE_BYTES + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            let used = part.len() + usize::from(newline);
            self.reader.consume(used);
            seen = seen.saturating_add(used);
            if newline {
                return Ok(Raw::Line);
            }
            if seen > MAX_LINE_BYTES + MAX_SKIP_BYTES {
                return Ok(Raw::Endless);
            }
        }
    }
}

impl<R: BufRead> Iterator for LineStream<R> {
    type Item = Result<(usize, String), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.finished {
                return None;
            }
            match self.read_raw() {
                Ok(Raw::End) => return None,
                Ok(Raw::Line) => {}
                Ok(Raw::Endless) => {
                    self.finished = true;
                    self.number += 1;
                    let problem = format!(
                        "line longer than 1 MiB with no end in {} MiB: not a puzzle, reading stops",
                        MAX_SKIP_BYTES >> 20
                    );
                    let place = Place::Line(self.number);
                    return Some(Err(InputError::new(&self.origin, place, problem)));
                }
                Err(e) => {
                    self.finished = true;
                    let place = Place::Line(self.number + 1);
                    return Some(Err(InputError::new(&self.origin, place, e.to_string())));
                }
            }
            self.number += 1;
            let number = self.number;
            let error = |problem: &str| {
                Some(Err(InputError::new(
                    &self.origin,
                    Place::Line(number),
                    problem,
                )))
            };
            if self.buf.len() > MAX_LINE_BYTES {
                return error("line longer than 1 MiB: not a puzzle");
            }
            let mut bytes: &[u8] = &self.buf;
            if number == self.first {
                bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
            }
            let Ok(text) = std::str::from_utf8(bytes) else {
                return error("not valid UTF-8 text");
            };
            let line = text.trim_end_matches('\r');
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            return Some(Ok((number, line.to_string())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_without_end_stops_the_stream() {
        let items: Vec<_> =
            LineStream::new(std::io::BufReader::new(std::io::repeat(0)), "zero").collect();
        assert_eq!(items.len(), 1);
        let e = items[0].as_ref().unwrap_err().to_string();
        assert!(
            e.starts_with("zero:1: line longer than 1 MiB with no end"),
            "{e}"
        );
    }

    #[test]
    fn an_offset_numbers_lines_in_the_whole_file() {
        let text = "\u{feff}1.3.........4..2\n\n.2..\n";
        let items: Vec<_> = LineStream::with_offset(text.as_bytes(), "-", 1000).collect();
        assert_eq!(
            items[0].as_ref().unwrap(),
            &(1001, "1.3.........4..2".into())
        );
        assert_eq!(items[1].as_ref().unwrap(), &(1003, ".2..".into()));
    }

    #[test]
    fn bad_lines_are_errors_and_the_stream_goes_on() {
        let mut input = b"\xef\xbb\xbf1.3.........4..2\n".to_vec();
        input.extend_from_slice(b"\xff\xfe bad\n");
        input.extend(std::iter::repeat_n(b'.', MAX_LINE_BYTES + 10));
        input.extend_from_slice(b"\n.2..........4..1");
        let items: Vec<_> = LineStream::new(&input[..], "f.txt").collect();
        assert_eq!(items.len(), 4);
        assert_eq!(items[0].as_ref().unwrap().0, 1);
        assert_eq!(items[0].as_ref().unwrap().1, "1.3.........4..2");
        assert_eq!(
            items[1].as_ref().unwrap_err().to_string(),
            "f.txt:2: not valid UTF-8 text"
        );
        assert!(items[2]
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("f.txt:3: line longer"));
        assert_eq!(
            items[3].as_ref().unwrap(),
            &(4, ".2..........4..1".to_string())
        );
    }
}
