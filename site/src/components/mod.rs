//! Reusable pieces shared by several pages.

pub mod chart;
pub mod layout_table;
pub mod results;
pub mod shell;
pub mod theme_toggle;
