//! What the fuzz targets share: turning AFL's bytes into the text a parser reads.
//!
//! Adding a target is one file `src/bin/NAME.rs` calling a parser inside `afl::fuzz!`, plus a
//! seed folder `corpus/NAME/` (see docs/fuzzing.md).

/// The bytes as UTF-8 text, or `None` when they are not (every reader decodes and refuses
/// non-UTF-8 input before parsing, so the parsers only ever see text).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Splits `data` at the first `\0` into two parts (the second empty when there is none): two
/// inputs for targets that read several (merge's shards).
pub fn two_parts(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == 0) {
        Some(p) => (&data[..p], &data[p + 1..]),
        None => (data, &[]),
    }
}
