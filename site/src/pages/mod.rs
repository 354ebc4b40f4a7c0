//! One module per route.

pub mod chapter;
pub mod choose;
pub mod chapters_index;
pub mod bench;
pub mod glossary;
pub mod home;
pub mod not_found;
pub mod results;
pub mod search;
pub mod submit;
