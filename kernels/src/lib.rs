//! Benchmark kernels: the work being measured, with no clock inside. The native runner times them
//! across threads; the browser times them in slices of `n` iterations. Both call the same code
//! (through `wasm_core::kernels`, which re-exports this crate). A crate of its own so the site's
//! size profile builds exactly this code at opt-level 3.

pub mod arcswap;
pub mod arena;
pub mod clone;
pub mod harness;
pub mod inline_str;
pub mod lines;
pub mod sso;

pub use clone::{
    clone_batch, clone_batch_shared, CloneAllocator, CloneMode, CloneSource, CloneType, CloneWork, SharedCloneSource, ThreadAllocators,
};
