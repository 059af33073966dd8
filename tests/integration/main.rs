//! All integration tests in one binary, so `cargo test` links once (as ripgrep does).

mod bad_input;
mod batch;
mod browser;
mod cli_data;
mod cli_edges;
mod collections;
mod common;
mod count;
mod equivalence;
mod export;
mod highs;
mod hostile;
mod lp_bb;
mod lp_render;
mod methods;
mod natural;
mod propagate;
mod render;
mod rule_engines;
mod sat;
mod scale;
mod tutorial;
mod variants;
