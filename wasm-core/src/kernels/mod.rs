//! Benchmark kernels: the work being measured, with no clock inside. The native runner times them
//! across threads; the browser times them in slices of `n` iterations. Both call the same code.

pub mod arcswap;
pub mod arena;
pub mod clone;
pub mod harness;
pub mod lines;
pub mod sso;

pub use clone::{clone_batch, clone_batch_shared, CloneMode, CloneSource, CloneType, CloneWork, SharedCloneSource};
