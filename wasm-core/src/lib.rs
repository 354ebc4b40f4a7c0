//! Code shared by the browser site and the native runner: layout facts, benchmark kernels and the
//! results schema. Everything here compiles for both `wasm32-unknown-unknown` and native targets, so
//! no benchmark is ever written twice.

pub mod browser;
pub mod choose;
pub mod clone_run;
pub mod consistency;
pub mod facts;
pub mod heap;
pub mod inline_str;
pub mod inspect;
pub mod kernels;
pub mod layout;
pub mod plausible;
pub mod results;
pub mod stats;
pub mod summary;
pub mod validate;
