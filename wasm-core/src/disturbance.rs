//! Whether a run had its CPUs to itself, judged from what it recorded ([`CpuChecks`]). A browser
//! cannot read the load average, so the lab measures itself: the same CPU-only work, timed on one
//! thread and then on every thread the run uses at once, before the first round and after each.
//! Two signs that other work shared the CPUs, each a ratio of the run's own times (so a slow device
//! is not a disturbed one):
//!
//! - **crowded**: the threads together took longer than one alone. The work touches no memory and
//!   no lock, so on free CPUs they take the same time; where another program holds a CPU, one of
//!   them waits its turn. A check counts as crowded above [`CROWDED_RATIO`], and the run when more
//!   than a quarter of its checks are (one slow check is a moment, not a run);
//! - **drift**: one thread took much longer at one check than at another ([`DRIFT_RATIO`]):
//!   something else ran for part of the run.
//!
//! A disturbed run is a file to keep, not to submit (`validate --submission` refuses it).

use crate::results::CpuChecks;

/// A check whose threads together took this many times one thread's time is crowded.
pub const CROWDED_RATIO: f64 = 1.3;

/// One thread's slowest check over its fastest above this: the machine was busier for a while.
pub const DRIFT_RATIO: f64 = 1.5;

/// Why `checks` say the run was disturbed, or `None` for a quiet one (and for checks too few to
/// judge: fewer than two).
pub fn disturbance(checks: &CpuChecks) -> Option<String> {
    let pairs: Vec<(f64, f64)> = checks.one_thread_ms.iter().copied().zip(checks.all_threads_ms.iter().copied()).collect();
    if pairs.len() < 2 || pairs.iter().any(|&(one, all)| !(one > 0.0 && all > 0.0)) {
        return None;
    }
    let ratios: Vec<f64> = pairs.iter().map(|&(one, all)| all / one).collect();
    let crowded = ratios.iter().filter(|&&r| r > CROWDED_RATIO).count();
    if checks.threads > 1 && crowded * 4 > ratios.len() {
        let worst = ratios.iter().copied().fold(0.0, f64::max);
        return Some(format!(
            "in {crowded} of its {} CPU checks, {} threads doing the same CPU-only work took longer than one alone (up to {worst:.2}×, \
             above {CROWDED_RATIO}×): other programs were using the CPUs, so its times measure them too",
            ratios.len(),
            checks.threads
        ));
    }
    let ones = pairs.iter().map(|&(one, _)| one);
    let (fastest, slowest) = ones.fold((f64::INFINITY, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    (slowest / fastest > DRIFT_RATIO).then(|| {
        format!(
            "one thread's CPU check took {slowest:.1} ms at its slowest and {fastest:.1} ms at its fastest ({:.2}×, above {DRIFT_RATIO}×): \
             the device was busier during part of the run",
            slowest / fastest
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checks(threads: u32, one: &[f64], all: &[f64]) -> CpuChecks {
        CpuChecks { threads, one_thread_ms: one.to_vec(), all_threads_ms: all.to_vec() }
    }

    #[test]
    fn a_quiet_run_passes_and_too_few_checks_say_nothing() {
        assert_eq!(disturbance(&checks(2, &[20.0, 20.4, 19.8, 20.1], &[20.6, 21.0, 20.2, 21.9])), None);
        assert_eq!(disturbance(&checks(2, &[20.0], &[60.0])), None, "one check: nothing to judge");
        assert_eq!(disturbance(&checks(2, &[], &[])), None);
        assert_eq!(disturbance(&checks(2, &[20.0, 0.0], &[20.0, 20.0])), None, "a zero time is no measurement");
    }

    #[test]
    fn threads_that_wait_their_turn_mark_the_run_crowded_but_one_slow_check_does_not() {
        // A CPU hog on one of two CPUs: two threads take about twice as long as one, every time.
        let hog = disturbance(&checks(2, &[20.0, 20.2, 20.1, 19.9], &[38.0, 41.0, 39.5, 40.2])).unwrap();
        assert!(hog.contains("in 4 of its 4 CPU checks, 2 threads") && hog.contains("2.03×"), "{hog}");
        // One crowded check of five is a moment.
        assert_eq!(disturbance(&checks(2, &[20.0; 5], &[20.5, 20.5, 35.0, 20.5, 20.5])), None);
        // Two of five is more than a quarter.
        assert!(disturbance(&checks(2, &[20.0; 5], &[20.5, 35.0, 35.0, 20.5, 20.5])).is_some());
        // A run of one thread has no crowd to judge, only its drift.
        assert_eq!(disturbance(&checks(1, &[20.0, 20.0, 20.0], &[40.0, 40.0, 40.0])), None);
    }

    #[test]
    fn one_thread_that_slows_for_a_while_marks_the_run() {
        let drift = disturbance(&checks(2, &[20.0, 20.0, 32.0, 20.0], &[20.0, 20.0, 33.0, 20.0])).unwrap();
        assert!(drift.contains("32.0 ms at its slowest and 20.0 ms at its fastest (1.60×"), "{drift}");
        assert_eq!(disturbance(&checks(2, &[20.0, 20.0, 28.0, 20.0], &[20.0, 20.0, 28.0, 20.0])), None, "1.4× is within bounds");
    }
}
