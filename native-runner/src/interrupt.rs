//! Ctrl-C and `kill` (SIGINT, SIGTERM) during a run: the first one stops the run (a clone case's
//! process is killed at once; an in-process suite stops after the case in hand), and the cases that
//! finished are written, marked incomplete (`conditions.incomplete`, which `validate --submission`
//! refuses), under a name of their own, so minutes of measurement are never lost to one keystroke. A
//! second signal ends the process at once.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);
/// The case process running now (0: none), for the handler to stop.
static CASE_PROCESS: AtomicU32 = AtomicU32::new(0);

/// Exit status of a run stopped by a signal (128 + SIGINT, as shells report it).
pub const EXIT_CODE: u8 = 130;

/// Installs the handler (once, before the run starts). `ctrlc` runs it on a thread of its own, not
/// in signal context, so it may print and exit.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_CODE));
        }
        stop_case_process();
        eprintln!("\nnative-runner: stopping; the cases that finished are written, marked incomplete (again to quit at once)");
    });
}

/// Kills the case process running now, if any.
fn stop_case_process() {
    let pid = CASE_PROCESS.load(Ordering::SeqCst);
    if pid != 0 {
        // SAFETY: kill(2) touches no memory. The pid is a child of ours that has not been waited
        // for (`CaseProcess` is dropped only after `wait` returns), so it cannot name another process.
        #[cfg(unix)]
        unsafe {
            libc::kill(pid as libc::pid_t, libc::SIGKILL);
        }
    }
}

/// A running case process, known to the handler while this lives.
pub struct CaseProcess;

impl CaseProcess {
    /// Watches `pid`; if a signal came just before, kills it at once.
    pub fn watch(pid: u32) -> CaseProcess {
        CASE_PROCESS.store(pid, Ordering::SeqCst);
        if requested() {
            stop_case_process();
        }
        CaseProcess
    }
}

impl Drop for CaseProcess {
    fn drop(&mut self) {
        CASE_PROCESS.store(0, Ordering::SeqCst);
    }
}

/// Whether a signal asked the run to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Where an interrupted run's file goes: `<name>-incomplete.json` beside the planned one, so the
/// complete run that follows keeps the planned name.
pub fn incomplete_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "results.json".into());
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    path.with_file_name(format!("{stem}-incomplete.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interrupted_run_is_written_beside_the_planned_file() {
        assert_eq!(
            incomplete_path(Path::new("content/results/epyc-2026-11-26.json")),
            Path::new("content/results/epyc-2026-11-26-incomplete.json")
        );
        assert!(!requested(), "nothing asked this test process to stop");
    }
}
