//! One module per route.

pub mod bench;
pub mod home;
pub mod not_found;
