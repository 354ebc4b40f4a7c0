//! Browser benchmarks and recorded results, shared by `/bench` (`pages/bench.rs`) and the chapter
//! widgets: the measuring loop (`timing`), a run's life cycle and status line (`live`), forms
//! (`controls`), the chapter benchmarks' frame (`suite_run`), tables in a chosen unit (`results_table`), bar charts (`spec`), the shipped results
//! files (`native`); and `/bench`'s own clone run (`runner`) and JSON download (`download`).

pub mod app;
pub mod controls;
pub mod download;
pub mod live;
pub mod native;
pub mod results_table;
pub mod runner;
pub mod spec;
pub mod suite_run;
