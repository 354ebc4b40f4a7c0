//! One module per route.

pub mod home;
pub mod not_found;
