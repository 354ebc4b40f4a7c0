//! Pieces of the browser benchmark page (`pages/bench.rs`): the measuring loop, the form, the tables,
//! the native results it compares with, the chart spec and the JSON download.

pub mod controls;
pub mod download;
pub mod native;
pub mod results_table;
pub mod runner;
pub mod spec;
