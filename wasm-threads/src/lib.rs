//! The site's threaded wasm tier: wasm-core's clone kernels on real threads in the reader's browser.
//!
//! One timed thread (the Web Worker that calls [`run`]'s entry point) clones a value while `threads - 1`
//! contenders, rayon threads on their own Web Workers over the same shared memory, clone the same
//! value: the native runner's method, in a browser. The plan, the contender loop and the shape of the
//! results come from `wasm_core::clone_run`; this crate adds only what the browser needs: a pool of
//! workers, `performance.now()` as the clock, and a JSON boundary for the worker script.
//!
//! It is built apart from the other tiers (nightly, `-Z build-std`, atomics; `scripts/threads-tier.mjs`)
//! and fetched only when a reader starts a run. On native targets the same [`run`] code runs on std
//! threads, so its tests need neither a browser nor nightly.

pub mod cpu_check;
pub mod lines;
pub mod run;
pub mod timing;
#[cfg(target_arch = "wasm32")]
pub mod web;
