//! Reusable pieces shared by several pages.

pub mod bench;
pub mod chart;
pub mod choose;
pub mod code_copy;
pub mod contention;
pub mod crossover;
pub mod layout_diagram;
pub mod layout_table;
pub mod results;
pub mod scroll_region;
pub mod search_box;
pub mod section_heading;
pub mod shell;
pub mod submit_steps;
pub mod theme_toggle;
pub mod try_it;
pub mod widgets;
