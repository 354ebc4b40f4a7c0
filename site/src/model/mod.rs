//! The site's model layer: pure state and what to show, computed from data with no view code, so
//! each can be unit-tested natively. Components are thin views over it.

pub mod choose;
pub mod explorer;
pub mod lab;
pub mod layout_diagram;
