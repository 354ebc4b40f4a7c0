//! The results explorer's pieces: loading and validating files, the controls, the charts with
//! their tables, and error cards for files that do not pass validation.

pub mod allocator_ab;
pub mod app;
pub mod built_files;
pub mod chosen;
pub mod contention_chart;
pub mod controls;
pub mod error_card;
pub mod explorer;
pub mod grid;
pub mod loader;
pub mod machine_picker;
pub mod memory_chart;
pub mod query;
pub mod ranking;
pub mod ranking_controls;
pub mod ranking_section;
pub mod suite_chart;
pub mod table;
