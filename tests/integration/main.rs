//! All integration tests in one binary, so `cargo test` links once (as ripgrep does).

mod bad_input;
mod batch;
mod browser;
mod cli_data;
mod collections;
mod common;
mod count;
mod equivalence;
mod export;
mod hostile;
mod lp_bb;
mod lp_render;
mod methods;
mod natural;
mod render;
mod tutorial;
mod variants;
