//! How the threaded tier starts threads and reads time, whatever gives them (the browser: rayon's
//! Web Workers and `performance.now()`; the native tests: std threads and `Instant`), and how it
//! sizes a piece of work to last a given time. What a contention run ([`crate::run`]), a lines run
//! ([`crate::lines`]) and a CPU check ([`crate::cpu_check`]) share.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// How long the timed thread waits for every contender to start before it gives up (a pool smaller
/// than the case, or a browser that stalls its workers), instead of waiting forever.
pub const START_TIMEOUT_MS: f64 = 10_000.0;

/// Starts contender threads.
pub trait Threads {
    /// Runs `contender(i)` for `i` in `0..n` on `n` other threads while `timed` runs on this one, and
    /// returns `timed`'s value once all of them have returned.
    fn with_contenders<R>(&self, n: u32, contender: &(dyn Fn(u32) + Sync), timed: impl FnOnce() -> R) -> R;
}

/// A monotonic clock in milliseconds, readable from every thread.
pub trait Clock: Sync {
    fn now_ms(&self) -> f64;
}

/// Runs `work(i)` on `n` threads at once, thread 0 being this one: each waits until all have
/// started, then times its own `work`. Each thread's milliseconds, thread 0 first; an error when
/// not all started within [`START_TIMEOUT_MS`] (then none waits longer).
pub fn all_at_once(threads: &impl Threads, clock: &impl Clock, n: u32, work: &(dyn Fn(u32) + Sync)) -> Result<Vec<f64>, String> {
    let started = AtomicU32::new(0);
    let give_up = AtomicBool::new(false);
    let times: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
    let run = |index: u32| {
        started.fetch_add(1, Ordering::AcqRel);
        let waited = clock.now_ms();
        while started.load(Ordering::Acquire) < n {
            if give_up.load(Ordering::Relaxed) || clock.now_ms() - waited > START_TIMEOUT_MS {
                give_up.store(true, Ordering::Relaxed);
                return;
            }
            std::hint::spin_loop();
        }
        let start = clock.now_ms();
        work(index);
        times[index as usize].store((clock.now_ms() - start).to_bits(), Ordering::Relaxed);
    };
    threads.with_contenders(n.saturating_sub(1), &|i| run(i + 1), || run(0));
    if give_up.load(Ordering::Relaxed) {
        return Err(format!("only {} of {n} threads started within {} s", started.load(Ordering::Acquire).min(n), START_TIMEOUT_MS / 1e3));
    }
    Ok(times.iter().map(|t| f64::from_bits(t.load(Ordering::Relaxed))).collect())
}

/// Runs `batch(n)` on this thread, doubling `n` (from 1024, at most `most`) until one batch lasts
/// `min_ms`, and returns the `n` a repeat of at least `min_ms` needs (untimed calibration).
pub fn calibrate_batch(clock: &impl Clock, min_ms: f64, most: u64, mut batch: impl FnMut(u64)) -> u64 {
    let mut n = 1024u64.min(most).max(1);
    loop {
        let start = clock.now_ms();
        batch(n);
        let elapsed = clock.now_ms() - start;
        if elapsed >= min_ms || n >= most {
            // Scale to the target from the last batch, with a margin, so a repeat is surely long enough.
            let scaled = if elapsed > 0.0 { grown(n, min_ms, elapsed) } else { n };
            return scaled.clamp(1, most);
        }
        n = n.saturating_mul(2).min(most);
    }
}

/// The count that makes `n` operations, which took `elapsed_ms`, last `min_ms` with a quarter to spare.
pub fn grown(n: u64, min_ms: f64, elapsed_ms: f64) -> u64 {
    (n as f64 * 1.25 * min_ms / elapsed_ms.max(1e-6)).ceil() as u64
}

/// [`calibrate_batch`] for a kernel that leaks nothing, made sure of. It runs once untimed first: V8
/// runs a wasm function on its baseline compiler until it is hot, and a count sized on that slower
/// code made repeats seven times shorter than asked on a loaded machine (145 µs for 1 ms), which
/// the pull-request check refuses. Then the count itself is timed, and grown until one batch of it
/// lasts `min_ms` (a batch the machine slowed, by another process or a tier-up in its middle, sizes
/// the count too small; never too large).
pub fn calibrate_checked(clock: &impl Clock, min_ms: f64, most: u64, mut batch: impl FnMut(u64)) -> u64 {
    calibrate_batch(clock, min_ms, most, &mut batch);
    let mut n = calibrate_batch(clock, min_ms, most, &mut batch);
    for _ in 0..CHECKS {
        let start = clock.now_ms();
        batch(n);
        let elapsed = clock.now_ms() - start;
        if elapsed >= min_ms || n >= most {
            break;
        }
        n = grown(n, min_ms, elapsed).clamp(n + 1, most);
    }
    n
}

/// How many times [`calibrate_checked`] may grow the count: each growth is at least 1.25 times, and
/// in practice one is enough.
const CHECKS: u32 = 8;
