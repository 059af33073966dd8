//! All integration tests in one binary, so `cargo test` links once (as ripgrep does).

mod bad_input;
mod batch;
mod cli_data;
mod collections;
mod common;
mod count;
mod equivalence;
mod export;
mod hostile;
mod methods;
mod natural;
mod render;
mod sat;
mod variants;
