//! Code shared by the browser site and the native runner: layout facts, benchmark kernels and the
//! results schema. Everything here compiles for both `wasm32-unknown-unknown` and native targets, so
//! no benchmark is ever written twice.

pub mod browser;
pub mod choose;
pub mod clone_run;
pub mod consistency;
pub mod disturbance;
pub mod facts;
pub mod heap;
pub mod inspect;
pub mod layout;
pub mod machine_key;
pub mod order;
pub mod plausible;
pub mod problem;
pub mod results;
pub mod review;
#[cfg(test)]
mod shipped_files;
pub mod stats;
pub mod summary;
pub mod validate;

// The kernels live in their own crate (built at opt-level 3 on the site); these paths keep the
// names every caller uses.
pub use kernels::{self, inline_str};
