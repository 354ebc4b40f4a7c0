//! "Contention in your browser": wasm-core's clone kernels on real threads in the reader's browser,
//! through the threaded wasm tier (`wasm-threads/`, loaded by `js/contention.js` only when the reader
//! presses Run). On `/bench` and in chapter 4 (`<!-- widget: contention-lab -->`).
//!
//! What is decided before a run and what is made of its cases are the model's
//! (`crate::model::lab`); here are the views and the boundary: `bridge.rs` is the JavaScript
//! boundary, `driver.rs` the run's state and progress, `download.rs` the label and download both
//! labs end with, `lab.rs` the contention lab and `lines_lab.rs` chapter "Cache lines"'s
//! false-sharing lab (`<!-- widget: lines-lab -->`).

pub mod bridge;
pub mod download;
pub mod driver;
pub mod lab;
pub mod lines_lab;
