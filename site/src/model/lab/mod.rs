//! The threaded labs' model: what the reader chooses before a run (`plan`) and what is made of its
//! cases (`report`: table rows, chart, findings), pure and tested natively. The components in
//! `components/contention/` are the views and the JavaScript boundary over them.

pub mod plan;
pub mod report;
