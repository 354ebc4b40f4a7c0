//! The chooser (`/choose`): the reader's sample strings and sharing pattern in, a table of every
//! candidate type (measured live in this page, clone costs from one results file at one thread
//! count, `source.rs`) and a recommendation out. `costs.rs`, `samples.rs` and `address.rs` (the
//! page's link) are pure and tested natively.

pub mod address;
pub mod advice;
pub mod agreement;
pub mod app;
pub mod costs;
pub mod form;
pub mod samples;
pub mod source;
pub mod table;
