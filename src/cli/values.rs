//! The command line's names for library types (`clap::ValueEnum` lives here, not in the
//! library): each mirrors a library enum and converts into it with `From`.

use clap::ValueEnum;
use sudoku_ilp::export::Format;
use sudoku_ilp::formulation::ModelKind;
use sudoku_ilp::input::InputFormat;

/// `--model`: the formulations (see [`ModelKind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelArg {
    /// x_rcv ∈ {0,1}: one binary per cell and value; every cell, row×value, column×value and
    /// box×value sums to 1.
    Binary,
    /// The seed's natural model: integer x_rc ∈ [1, n], one binary per pair of cells that share
    /// a house, two big-M rows per pair (M = n). Strengthening switches: --pair-m,
    /// --drop-given-pairs, --exclusions, --sums, --subset-sums.
    Natural,
    /// The natural model with every strengthening switch on but --subset-sums.
    NaturalStrong,
}

impl From<ModelArg> for ModelKind {
    fn from(m: ModelArg) -> ModelKind {
        match m {
            ModelArg::Binary => ModelKind::Binary,
            ModelArg::Natural => ModelKind::Natural,
            ModelArg::NaturalStrong => ModelKind::NaturalStrong,
        }
    }
}

/// `export --format`: the file formats (see [`Format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// CPLEX LP (`.lp`): glpsol --lp, cbc, highs.
    Lp,
    /// Free MPS (`.mps`): glpsol --freemps, cbc, highs.
    Mps,
    /// GNU MathProg data (`.dat`) for models/sudoku.mod and models/natural.mod.
    GmplData,
    /// DIMACS CNF (`.cnf`): the SAT encoding of seed 001, for any SAT solver.
    Cnf,
    /// DIMACS graph colouring (`.col`): the Sudoku graph, givens as a precolouring in comments.
    Col,
    /// MiniZinc data (`.dzn`) for models/sudoku.mzn.
    Dzn,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Lp => Format::Lp,
            FormatArg::Mps => Format::Mps,
            FormatArg::GmplData => Format::GmplData,
            FormatArg::Cnf => Format::Cnf,
            FormatArg::Col => Format::Col,
            FormatArg::Dzn => Format::Dzn,
        }
    }
}

/// `--input-format`: how a puzzle file is read (see [`InputFormat`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// Decide by the content (the default).
    Auto,
    /// One JSON object.
    Json,
    /// One puzzle per line: 81 characters, n² integers, or a jigsaw line.
    Lines,
    /// A grid block: n lines of n cells, optionally with '|' and '-+' box rules.
    Grid,
}

impl From<InputFormatArg> for InputFormat {
    fn from(f: InputFormatArg) -> InputFormat {
        match f {
            InputFormatArg::Auto => InputFormat::Auto,
            InputFormatArg::Json => InputFormat::Json,
            InputFormatArg::Lines => InputFormat::Lines,
            InputFormatArg::Grid => InputFormat::Grid,
        }
    }
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
