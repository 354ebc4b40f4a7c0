//! Threads that start each repeat together (`StartGate`, `run_rounds`), and their times turned
//! into a case's samples (`thread_samples`).

use crate::common::median;
use crate::failure::Failure;
use std::sync::{mpsc, Barrier, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Holds spawned threads until every one of them exists, then lets them all go, or, when spawning
/// one failed (a process or memory limit), sends the ones already started home. A `Barrier` alone
/// would wait forever for the thread that never started.
#[derive(Default)]
pub struct StartGate {
    state: Mutex<Option<bool>>,
    opened: Condvar,
}

impl StartGate {
    /// Blocks until the gate is decided: `true` to start work, `false` to return at once.
    pub fn wait(&self) -> bool {
        let mut state = self.state.lock().expect("gate lock");
        loop {
            if let Some(go) = *state {
                return go;
            }
            state = self.opened.wait(state).expect("gate lock");
        }
    }

    /// Decides the gate for every waiting and future thread.
    pub fn decide(&self, go: bool) {
        *self.state.lock().expect("gate lock") = Some(go);
        self.opened.notify_all();
    }
}

/// The one-line error for a thread that could not be started.
pub fn spawn_failure(started: u32, wanted: u32, error: std::io::Error) -> Failure {
    Failure::runtime(format!(
        "could only start {started} of {wanted} threads ({error}); this machine or container limits threads or memory: pass a smaller --threads"
    ))
}

/// Runs `rounds` rounds of `work` on `threads` threads. Each thread builds its own state with
/// `setup(thread_index)` once (so per-thread caches live across rounds), then every round starts on
/// all threads together at a barrier. Returns each round's per-thread times of `work`, and calls
/// `on_round` as each round completes (for the progress bar). If a thread cannot be started, the
/// others are released and the error says how many started.
pub fn run_rounds<S>(
    threads: u32,
    rounds: u32,
    setup: impl Fn(u32) -> S + Sync,
    work: impl Fn(&mut S) + Sync,
    mut on_round: impl FnMut(),
) -> Result<Vec<Vec<Duration>>, Failure> {
    let barrier = Barrier::new(threads as usize);
    let gate = StartGate::default();
    let (sender, receiver) = mpsc::channel::<(u32, Duration)>();
    let mut times = vec![Vec::with_capacity(threads as usize); rounds as usize];
    std::thread::scope(|scope| {
        for index in 0..threads {
            let (sender, barrier, gate, setup, work) = (sender.clone(), &barrier, &gate, &setup, &work);
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                if !gate.wait() {
                    return;
                }
                let mut state = setup(index);
                for round in 0..rounds {
                    barrier.wait();
                    let start = Instant::now();
                    work(&mut state);
                    sender.send((round, start.elapsed())).expect("the collector outlives the workers");
                }
            });
            if let Err(error) = spawned {
                gate.decide(false);
                return Err(spawn_failure(index, threads, error));
            }
        }
        gate.decide(true);
        drop(sender);
        for (round, elapsed) in receiver {
            let round_times = &mut times[round as usize];
            round_times.push(elapsed);
            if round_times.len() == threads as usize {
                on_round();
            }
        }
        Ok(())
    })?;
    Ok(times)
}

/// Nanoseconds of `elapsed`, at least 1 (a repeat time must be positive).
pub fn nanos(elapsed: Duration) -> f64 {
    (elapsed.as_nanos() as f64).max(1.0)
}

/// A case's samples from [`run_rounds`]' times.
pub struct ThreadSamples {
    /// Every timed round's time of the first `kept_threads` threads.
    pub samples: Vec<f64>,
    /// Median over timed rounds of all threads' combined rate.
    pub rate: Option<f64>,
    /// Threads whose times are stored (all of them unless the cap cut it).
    pub kept_threads: u32,
}

impl ThreadSamples {
    /// The case note that says what `repeat_times_ns` holds, for more than one thread.
    pub fn note(&self, threads: u32, who: &str) -> Option<String> {
        match threads {
            1 => None,
            t if self.kept_threads == t => Some(format!("repeat_times_ns holds each of the {t} {who}' time of every repeat")),
            t => Some(format!(
                "repeat_times_ns holds the first {} of the {t} {who}' time of every repeat (stored samples capped to keep the file small); all_threads_ops_per_sec counts all {t}",
                self.kept_threads
            )),
        }
    }
}

/// Turns [`run_rounds`]' times into a case's samples: the timed rounds (the first `warmups`
/// dropped) of as many threads as fit in `cap` samples (at least one), and the median over rounds
/// of all threads' combined rate when each did `ops` operations.
pub fn thread_samples(times: &[Vec<Duration>], warmups: u32, ops: u64, cap: usize) -> ThreadSamples {
    let timed = &times[(warmups as usize).min(times.len())..];
    let threads = timed.first().map_or(0, Vec::len);
    let kept = (cap / timed.len().max(1)).clamp(1, threads.max(1));
    let samples = timed.iter().flat_map(|round| round.iter().take(kept)).map(|&t| nanos(t)).collect();
    let rates: Vec<f64> = timed.iter().map(|round| round.iter().map(|&t| ops as f64 * 1e9 / nanos(t)).sum()).collect();
    ThreadSamples { samples, rate: median(&rates), kept_threads: kept as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn rounds_run_on_every_thread_with_state_kept_across_rounds() {
        let setups = AtomicU32::new(0);
        let mut completed = 0;
        let times = run_rounds(
            3,
            4,
            |index| {
                setups.fetch_add(1, Ordering::Relaxed);
                (index, 0u32)
            },
            |(_, count)| *count += 1,
            || completed += 1,
        )
        .unwrap();
        assert_eq!(setups.load(Ordering::Relaxed), 3);
        assert_eq!(completed, 4);
        assert!(times.iter().all(|round| round.len() == 3));
        let all = thread_samples(&times, 1, 10, usize::MAX);
        assert_eq!((all.samples.len(), all.kept_threads), (9, 3));
        assert!(all.samples.iter().all(|&s| s >= 1.0) && all.rate.unwrap() > 0.0);
        // A cap keeps whole rounds of fewer threads; the rate still counts every thread.
        let capped = thread_samples(&times, 1, 10, 6);
        assert_eq!((capped.samples.len(), capped.kept_threads), (6, 2));
        assert_eq!(capped.rate, all.rate);
        assert!(capped.note(3, "threads").unwrap().contains("first 2 of the 3"));
    }
}
