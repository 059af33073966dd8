//! The monotonic clock of the library: `std::time::Instant`, except in WebAssembly for the
//! browser (`wasm32-unknown-unknown`), where `std`'s panics and web-time's reads the page's
//! `performance.now()`. Durations are `std::time::Duration` in both.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
