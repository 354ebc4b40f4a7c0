//! One module per route.

pub mod home;
pub mod not_found;
pub mod results;
pub mod submit;
