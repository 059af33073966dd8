//! The one whitespace tokenizer of the text formats: every reader that splits a line into
//! fields or cells uses it, so every message counts columns the same way (in characters,
//! 1-based, as editors show them).

/// The whitespace-separated tokens of `line` with the 1-based column (in characters) where
/// each starts.
///
/// ```
/// # use sudoku_ilp::input::tokens;
/// assert_eq!(tokens(" é 12  3"), vec![(2, "é"), (4, "12"), (8, "3")]);
/// ```
pub fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((col + 1, byte)),
            (true, Some((c, from))) => {
                out.push((c, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, from)) = start {
        out.push((c, &line[from..]));
    }
    out
}

/// The characters of `line` that are not whitespace, each with its 1-based column (in
/// characters): the cells of a line written one character per cell.
pub fn char_cells(line: &str) -> Vec<(usize, &str)> {
    line.char_indices()
        .enumerate()
        .filter(|(_, (_, ch))| !ch.is_whitespace())
        .map(|(col, (byte, ch))| (col + 1, &line[byte..byte + ch.len_utf8()]))
        .collect()
}
