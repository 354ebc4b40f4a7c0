//! A run's CPU checks (`RunConditions::cpu_checks`, judged by `wasm_core::disturbance`): the same
//! CPU-only work timed on the run's timed thread alone, then on as many threads as the run's widest
//! case at once. A browser cannot read the load average; this is how a run in one knows that other
//! programs shared its CPUs.

use crate::timing::{all_at_once, calibrate_checked, Clock, Threads};
use wasm_core::results::CpuChecks;

/// How long one timing of the work lasts: long enough for an operating system to share a busy CPU
/// out between its programs (its time slices are a few milliseconds), short enough that the checks
/// add little to a run.
pub const CHECK_MS: f64 = 10.0;

/// Timings of each half of a check, of which the fastest is kept: a moment's interruption (the
/// page's own thread, a timer) slows one of them, while a program that holds a CPU slows them all.
/// On a quiet 2-vCPU VM a single 20 ms timing of one thread ranged over 1.6× within one run.
pub const TIMINGS: u32 = 3;

/// The work: a chain of `n` dependent multiply-adds. It touches no memory and takes no lock, and
/// each step waits for the one before, so two threads on one core's two hyperthreads barely slow
/// each other: only another program's use of a CPU does.
pub fn chain(n: u64) -> u64 {
    let mut x = std::hint::black_box(0x9E37_79B9_7F4A_7C15_u64);
    for _ in 0..n {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    }
    std::hint::black_box(x)
}

/// The checks of one run, as they are taken.
pub struct CpuCheck {
    threads: u32,
    /// The chain's length that lasts [`CHECK_MS`] on one thread, measured at the first check.
    steps: Option<u64>,
    one_thread_ms: Vec<f64>,
    all_threads_ms: Vec<f64>,
}

impl CpuCheck {
    /// Checks of `threads` threads at once (the run's most).
    pub fn new(threads: u32) -> CpuCheck {
        CpuCheck { threads: threads.max(1), steps: None, one_thread_ms: Vec::new(), all_threads_ms: Vec::new() }
    }

    /// One check: the work on this thread, then on `threads` at once (each thread timing its own,
    /// the slowest counting), each [`TIMINGS`] times with the fastest kept. The first check sizes
    /// the work first (untimed).
    pub fn take(&mut self, threads: &impl Threads, clock: &impl Clock) -> Result<(), String> {
        let steps = *self.steps.get_or_insert_with(|| {
            calibrate_checked(clock, CHECK_MS, u64::MAX, |n| {
                chain(n);
            })
        });
        let (mut one, mut all) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..TIMINGS {
            let start = clock.now_ms();
            chain(steps);
            one = one.min(clock.now_ms() - start);
        }
        for _ in 0..TIMINGS {
            all = all.min(self.together(threads, clock, steps)?);
        }
        self.one_thread_ms.push(one.max(1e-3));
        self.all_threads_ms.push(all.max(1e-3));
        Ok(())
    }

    /// The slowest thread's milliseconds when all `self.threads` run `chain(steps)` at once: they
    /// wait for each other, then start together.
    fn together(&self, threads: &impl Threads, clock: &impl Clock, steps: u64) -> Result<f64, String> {
        let ms = all_at_once(threads, clock, self.threads, &|_| {
            std::hint::black_box(chain(steps));
        })
        .map_err(|e| format!("{e} for a CPU check"))?;
        Ok(ms.into_iter().fold(0.0, f64::max))
    }

    /// What the file records: every check so far.
    pub fn record(&self) -> CpuChecks {
        CpuChecks { threads: self.threads, one_thread_ms: self.one_thread_ms.clone(), all_threads_ms: self.all_threads_ms.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::tests::{InstantClock, JumpingClock, NoThreads, StdThreads};

    #[test]
    fn each_check_times_one_thread_then_all_and_keeps_both() {
        let mut check = CpuCheck::new(2);
        let clock = InstantClock(std::time::Instant::now());
        for _ in 0..3 {
            check.take(&StdThreads, &clock).unwrap();
        }
        let record = check.record();
        assert_eq!((record.threads, record.one_thread_ms.len(), record.all_threads_ms.len()), (2, 3, 3));
        // Each lasted about CHECK_MS on one thread (calibrated to at least that, on a machine that
        // may be slow or busy: no upper bound is asserted).
        assert!(record.one_thread_ms.iter().all(|&ms| ms >= CHECK_MS * 0.5), "{record:?}");
        assert!(record.all_threads_ms.iter().all(|&ms| ms > 0.0));
    }

    #[test]
    fn threads_that_never_start_end_the_check_with_a_reason() {
        let mut check = CpuCheck::new(3);
        let clock = JumpingClock(std::sync::atomic::AtomicU32::new(0));
        let err = check.take(&NoThreads, &clock).unwrap_err();
        assert!(err.contains("only 1 of 3 threads started") && err.ends_with("for a CPU check"), "{err}");
    }

    #[test]
    fn the_chain_depends_on_its_length() {
        assert_ne!(chain(1), chain(2));
        assert_eq!(chain(0), 0x9E37_79B9_7F4A_7C15);
    }
}
