//! One module per route.

pub mod ablation;
pub mod bench;
pub mod chapter;
pub mod chapters_index;
pub mod choose;
pub mod glossary;
pub mod home;
pub mod not_found;
pub mod results;
pub mod results_file;
pub mod search;
pub mod submit;
