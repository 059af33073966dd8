//! The command line's value parsers for the library's named enums ([`Named`]): the names, their
//! help lines and their aliases come from the library, so no enum is mirrored here.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::ValueEnum;
use sudoku_ilp::named::Named;

/// The value parser of a [`Named`] enum: its names as possible values (with their help lines
/// and hidden aliases), parsed through the enum's `FromStr`.
pub fn named<T: Named + std::str::FromStr<Err = sudoku_ilp::named::UnknownName> + Clone>(
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::all().iter().map(|v| {
        PossibleValue::new(v.name())
            .help(v.about())
            .aliases(v.aliases().iter().copied())
    }))
    .try_map(|name| name.parse::<T>())
}

/// `solve --output`: how a solution is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputArg {
    /// The boxed grid and a statistics block (--quiet: the grid alone).
    Grid,
    /// The grid on one line: n² characters for n ≤ 9, else n² integers separated by spaces.
    Line,
    /// One JSON object (docs/solve-output.schema.json).
    Json,
}
