//! How the runner fails: one line for the reader and an exit status (2: bad arguments or a refused
//! request, 1: a failure while working, 130: stopped by a signal). Every suite returns it; `main`
//! prints it.

use crate::interrupt;

/// A failure to report on one line, with its exit code (2: bad arguments or a refused request, 1: a
/// failure while working).
#[derive(Debug)]
pub struct Failure {
    pub(crate) code: u8,
    pub(crate) message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl Failure {
    pub fn usage(message: String) -> Self {
        Failure { code: 2, message }
    }
    pub fn runtime(message: String) -> Self {
        Failure { code: 1, message }
    }

    /// A run a signal stopped (exit status 130), with what became of its finished cases.
    pub fn interrupted(message: String) -> Self {
        Failure { code: interrupt::EXIT_CODE, message }
    }
}
