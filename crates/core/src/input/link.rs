//! Links as people share them, and what is wrong with one that cannot be read: an f-puzzles
//! link (`https://f-puzzles.com/?load=…`), SudokuPad's form that carries an f-puzzles payload
//! (`https://sudokupad.app/fpuzzles…`) and the lz-string base64 text alone are read
//! ([`super::fpuzzles::decompress_link`]); any other web address, a payload cut short and
//! lz-string text that does not decompress get one line saying so ([`link_problem`]).

use super::fpuzzles::{decompress_link, link_payload};

/// The start of the lz-string base64 text of every JSON object with a key (`{"` compressed):
/// how an f-puzzles payload begins.
const LZ_OBJECT_START: &str = "N4Ig";

/// Whether `text` is a web address (`http://` or `https://`).
pub fn is_address(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("https://") || text.starts_with("http://")
}

/// Whether `text` is lz-string base64 text of a JSON object (an f-puzzles payload without its
/// link), read or not: at least 40 characters of the base64 alphabet starting with `N4Ig`.
pub fn is_lz_text(text: &str) -> bool {
    let text = text.trim();
    let base64 = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'$');
    text.len() >= 40 && text.starts_with(LZ_OBJECT_START) && text.bytes().all(base64)
}

/// Why a line that is a link (or lz-string text) gives no puzzle, or `None` when it is no link
/// or decompresses to JSON (whose reading then says what is wrong).
pub fn link_problem(line: &str) -> Option<String> {
    let line = line.trim();
    if decompress_link(line).is_some() {
        return None;
    }
    if is_address(line) {
        return Some(match link_payload(line) {
            None => "a web address that is not an f-puzzles link: read are f-puzzles links \
                     (f-puzzles.com/?load=…) and SudokuPad links that carry one \
                     (sudokupad.app/fpuzzles…); open any other link (a short link, SudokuPad's \
                     own format) in its site and share it as an f-puzzles link"
                .into(),
            Some(_) => "the f-puzzles link's lz-string text does not decompress to a puzzle \
                        (cut short or changed when copied?)"
                .into(),
        });
    }
    is_lz_text(line).then(|| {
        "lz-string text that does not decompress to a puzzle (cut short or changed when copied?)"
            .into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An f-puzzles payload: the lz-string base64 text of a small JSON puzzle.
    fn payload() -> String {
        lz_str::compress_to_base64(
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
        )
    }

    #[test]
    fn every_json_object_with_a_key_compresses_to_text_starting_with_the_mark() {
        for json in [r#"{"size":9}"#, r#"{"grid":[]}"#, r#"{"a":1}"#] {
            let text = lz_str::compress_to_base64(json);
            assert!(text.starts_with(LZ_OBJECT_START), "{json}: {text}");
        }
        assert!(is_lz_text(&payload()));
    }

    #[test]
    fn links_that_read_have_no_problem_and_the_others_say_why() {
        let p = payload();
        for good in [
            format!("https://f-puzzles.com/?load={p}"),
            format!("https://sudokupad.app/fpuzzles{p}"),
            p.clone(),
        ] {
            assert_eq!(link_problem(&good), None, "{good}");
        }
        let cut = &p[..p.len() - 9];
        let problem = link_problem(&format!("https://f-puzzles.com/?load={cut}")).unwrap();
        assert!(problem.contains("does not decompress"), "{problem}");
        let problem = link_problem(cut).unwrap();
        assert!(problem.starts_with("lz-string text"), "{problem}");
        for other in ["https://sudokupad.app/scl123", "https://tinyurl.com/abc"] {
            let problem = link_problem(other).unwrap();
            assert!(problem.contains("not an f-puzzles link"), "{problem}");
        }
        // A grid line is no link.
        assert_eq!(link_problem("1.3.........4..2"), None);
    }
}
