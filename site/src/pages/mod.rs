//! One module per route.

pub mod bench;
pub mod chapter;
pub mod chapters_index;
pub mod choose;
pub mod glossary;
pub mod home;
pub mod not_found;
pub mod results;
pub mod search;
pub mod submit;
