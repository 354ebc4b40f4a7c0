//! One contention case, independent of how threads are started or time is read: the browser gives
//! rayon's Web Workers and `performance.now()`, the native tests std threads and `Instant`.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use wasm_core::clone_run::{case_result, contend, contender_cap, CaseRequest, CaseTimes, PlannedCase};
use wasm_core::kernels::{clone_batch, CloneMode, CloneSource, CloneType};
use wasm_core::results::CaseResult;

/// How long the timed thread waits for every contender to start before it gives up (a pool smaller
/// than the case, or a browser that stalls its workers), instead of waiting forever.
pub const START_TIMEOUT_MS: f64 = 10_000.0;

/// The shortest timed repeat for a clock of `step_ms`: 100 steps (so the step is at most 1 % of a
/// repeat), and never under 10 ms.
pub fn repeat_ms_for_step(step_ms: f64) -> f64 {
    (100.0 * step_ms).max(10.0)
}

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

/// Bytes dlmalloc keeps for one leaked clone of `ty` (none for the types whose clone does not allocate).
pub fn leak_per_clone(ty: CloneType, mode: CloneMode, len: usize) -> u64 {
    if mode == CloneMode::Forget && ty.clone_allocates() {
        wasm_core::heap::dlmalloc_block(ty.text_len(len)) as u64
    } else {
        0
    }
}

/// Parses and checks a request into the case it plans.
pub fn planned_case(request: &CaseRequest) -> Result<PlannedCase, String> {
    let ty = CloneType::parse(&request.type_id).ok_or_else(|| format!("unknown type {:?}", request.type_id))?;
    let mode = CloneMode::parse(&request.mode).ok_or_else(|| format!("unknown mode {:?}", request.mode))?;
    if request.threads == 0 || (request.threads > 1 && !ty.is_thread_safe()) {
        return Err(format!("{ty} cannot run on {} threads", request.threads));
    }
    if request.repeats == 0 {
        return Err("repeats must be at least 1".into());
    }
    Ok(PlannedCase { ty, mode, threads: request.threads, samples: request.samples, note: None })
}

/// Clones on one thread, doubling the batch until one batch lasts `min_ms` (untimed calibration).
fn calibrate(source: &CloneSource, case: &PlannedCase, clock: &impl Clock, min_ms: f64, most: u64) -> u64 {
    let mut n = 1024u64.min(most).max(1);
    loop {
        let start = clock.now_ms();
        clone_batch(source, case.ty, case.mode, n);
        let elapsed = clock.now_ms() - start;
        if elapsed >= min_ms || n >= most {
            // Scale to the target from the last batch, with a margin, so a repeat is surely long enough.
            let scaled = if elapsed > 0.0 { (n as f64 * 1.25 * min_ms / elapsed).ceil() as u64 } else { n };
            return scaled.clamp(1, most);
        }
        n = n.saturating_mul(2).min(most);
    }
}

/// One timed repeat: the contenders start, the timed thread waits until all are cloning, then times
/// `samples` clones. Returns the timed nanoseconds and the contenders' summed clones per second.
fn repeat(threads: &impl Threads, clock: &impl Clock, source: &CloneSource, case: &PlannedCase) -> Result<(f64, Option<f64>), String> {
    let contenders = case.threads - 1;
    let shared = source.shared();
    let running = AtomicBool::new(true);
    let started = AtomicU32::new(0);
    // Clones per second of each contender, as f64 bits (a contender writes only its own slot).
    let rates: Vec<std::sync::atomic::AtomicU64> = (0..contenders).map(|_| Default::default()).collect();
    let cap = contender_cap(case.mode, case.samples);
    let contender = |i: u32| {
        started.fetch_add(1, Ordering::AcqRel);
        let start = clock.now_ms();
        let ops = contend(shared, case.ty, case.mode, cap, &running);
        let seconds = ((clock.now_ms() - start) / 1e3).max(1e-9);
        rates[i as usize].store((ops as f64 / seconds).to_bits(), Ordering::Relaxed);
    };
    let timed = || {
        let waited = clock.now_ms();
        while started.load(Ordering::Acquire) < contenders {
            if clock.now_ms() - waited > START_TIMEOUT_MS {
                running.store(false, Ordering::Relaxed);
                return Err(format!(
                    "only {} of {contenders} contender threads started within {} s",
                    started.load(Ordering::Acquire),
                    START_TIMEOUT_MS / 1e3
                ));
            }
            std::hint::spin_loop();
        }
        let start = clock.now_ms();
        clone_batch(source, case.ty, case.mode, case.samples);
        let elapsed_ms = clock.now_ms() - start;
        running.store(false, Ordering::Relaxed);
        Ok(elapsed_ms)
    };
    let elapsed_ms = threads.with_contenders(contenders, &contender, timed)?;
    let rate = (contenders > 0).then(|| rates.iter().map(|r| f64::from_bits(r.load(Ordering::Relaxed))).sum());
    // A repeat the clock saw as 0 ms is recorded as one clock step's worth of nothing: 1 ns.
    Ok(((elapsed_ms * 1e6).max(1.0), rate))
}

/// Runs one case: calibrates when asked, fits forget mode to its leak budget, then the warm-ups and
/// timed repeats. The result is a clone case of the shared schema (`ops_per_repeat` is the samples
/// used, which the worker reuses for the same type and mode at other thread counts).
pub fn run_case(threads: &impl Threads, clock: &impl Clock, request: &CaseRequest) -> Result<CaseResult, String> {
    let mut case = planned_case(request)?;
    let source = CloneSource::new(request.string_len_bytes);
    let rounds = u64::from(request.warmups + request.repeats);
    let leak_each = leak_per_clone(case.ty, case.mode, request.string_len_bytes);
    let most = match leak_each {
        0 => u64::MAX,
        each => (request.max_leak_bytes / (each * u64::from(case.threads) * rounds)).max(1),
    };
    let mut notes = Vec::new();
    if case.samples == 0 {
        // The calibration leaks too: the timed repeats keep half the budget.
        let cap = (most / 2).max(1);
        case.samples = calibrate(&source, &case, clock, request.min_repeat_ms, cap);
        if case.samples == cap && leak_each > 0 {
            notes.push(format!(
                "samples held to {cap} by the leak budget ({} MiB per case: forgotten clones are never freed), so a repeat may last less than {:.0} ms",
                request.max_leak_bytes >> 20,
                request.min_repeat_ms
            ));
        } else {
            notes.push(format!("samples calibrated on one thread so a repeat lasts about {:.0} ms", request.min_repeat_ms));
        }
    } else if case.samples > most {
        notes.push(format!(
            "samples scaled down from {} to {most}: forgotten clones may leak at most {} MiB per case (wasm memory never shrinks)",
            case.samples,
            request.max_leak_bytes >> 20
        ));
        case.samples = most;
    }
    let mut times = CaseTimes::default();
    for round in 0..rounds {
        let (ns, rate) = repeat(threads, clock, &source, &case)?;
        if round >= u64::from(request.warmups) {
            times.repeat_times_ns.push(ns);
            times.contender_ops_per_sec.extend(rate);
        }
    }
    let mut result = case_result(&case, request.string_len_bytes, request.warmups, times);
    result.notes.extend(notes);
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    struct StdThreads;

    impl Threads for StdThreads {
        fn with_contenders<R>(&self, n: u32, contender: &(dyn Fn(u32) + Sync), timed: impl FnOnce() -> R) -> R {
            std::thread::scope(|scope| {
                for i in 0..n {
                    scope.spawn(move || contender(i));
                }
                timed()
            })
        }
    }

    /// Never starts its contenders: the timed thread must give up, not hang.
    struct NoThreads;

    impl Threads for NoThreads {
        fn with_contenders<R>(&self, _: u32, _: &(dyn Fn(u32) + Sync), timed: impl FnOnce() -> R) -> R {
            timed()
        }
    }

    struct InstantClock(Instant);

    impl Clock for InstantClock {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1e3
        }
    }

    /// A clock that jumps a second per reading, so waits time out at once.
    struct JumpingClock(AtomicU32);

    impl Clock for JumpingClock {
        fn now_ms(&self) -> f64 {
            f64::from(self.0.fetch_add(1, Ordering::Relaxed)) * 1000.0
        }
    }

    fn request(ty: &str, mode: &str, threads: u32, samples: u64) -> CaseRequest {
        CaseRequest {
            type_id: ty.into(),
            mode: mode.into(),
            threads,
            samples,
            string_len_bytes: 64,
            warmups: 1,
            repeats: 3,
            min_repeat_ms: 1.0,
            max_leak_bytes: 1 << 20,
        }
    }

    #[test]
    fn a_two_thread_case_is_timed_with_its_contender() {
        let case = run_case(&StdThreads, &InstantClock(Instant::now()), &request("arc_str", "drop", 2, 20_000)).unwrap();
        assert_eq!((case.variant_id.as_str(), case.threads, case.ops_per_repeat), ("arc_str", 2, 20_000));
        assert_eq!((case.repeat_times_ns.len(), case.warmup_repeats), (3, 1));
        assert!(case.repeat_times_ns.iter().all(|&t| t >= 1.0));
        assert!(case.contender_ops_per_sec.is_some_and(|r| r >= 0.0));
        assert!(wasm_core::validate::validate_file(&wasm_core::clone_run::RunContext {
            label: "t".into(),
            created_at: "2026-11-24T00:00:00Z".into(),
            runner: wasm_core::results::RunnerInfo { name: "browser".into(), version: None, git_revision: None },
            machine: wasm_core::results::MachineInfo { arch: "wasm32".into(), ..Default::default() },
            toolchain: Default::default(),
            allocator: wasm_core::results::AllocatorInfo { name: "dlmalloc".into(), version: None },
            conditions: None,
        }
        .into_file(vec![case]))
        .is_empty());
    }

    #[test]
    fn zero_samples_calibrates_on_one_thread() {
        let case = run_case(&StdThreads, &InstantClock(Instant::now()), &request("string", "drop", 1, 0)).unwrap();
        assert!(case.ops_per_repeat >= 1024, "{}", case.ops_per_repeat);
        assert!(case.notes.iter().any(|n| n.contains("calibrated")));
        assert_eq!(case.contender_ops_per_sec, None);
    }

    #[test]
    fn forget_mode_keeps_to_its_leak_budget() {
        let asked = request("string", "forget", 2, 1 << 20);
        let case = run_case(&StdThreads, &InstantClock(Instant::now()), &asked).unwrap();
        let each = leak_per_clone(CloneType::String, CloneMode::Forget, 64);
        assert!(each > 0);
        assert!(case.ops_per_repeat * each * 2 * 4 <= asked.max_leak_bytes, "{}", case.ops_per_repeat);
        assert!(case.notes.iter().any(|n| n.contains("scaled down")));
        // Arc<str> leaks no memory when forgotten (only its count grows): no budget applies.
        let arc = run_case(&StdThreads, &InstantClock(Instant::now()), &request("arc_str", "forget", 2, 1 << 12)).unwrap();
        assert_eq!(arc.ops_per_repeat, 1 << 12);
        // Calibrating a leaking case stops at the budget's half, and says so.
        let calibrated = run_case(&StdThreads, &InstantClock(Instant::now()), &CaseRequest { min_repeat_ms: 60_000.0, ..request("string", "forget", 2, 0) }).unwrap();
        assert!(calibrated.ops_per_repeat * each * 2 * 4 <= asked.max_leak_bytes / 2, "{}", calibrated.ops_per_repeat);
        assert!(calibrated.notes.iter().any(|n| n.contains("held to")), "{:?}", calibrated.notes);
    }

    #[test]
    fn contenders_that_never_start_end_the_case_with_a_reason() {
        let error = run_case(&NoThreads, &JumpingClock(AtomicU32::new(0)), &request("arc_str", "drop", 3, 100)).unwrap_err();
        assert!(error.contains("only 0 of 2 contender threads started"), "{error}");
    }

    #[test]
    fn repeats_last_a_hundred_clock_steps_and_at_least_10_ms() {
        assert_eq!(repeat_ms_for_step(0.005), 10.0);
        assert_eq!(repeat_ms_for_step(0.1), 10.0);
        assert_eq!(repeat_ms_for_step(1.0), 100.0);
    }

    #[test]
    fn bad_requests_are_refused() {
        let clock = InstantClock(Instant::now());
        assert!(run_case(&StdThreads, &clock, &request("rc_str", "drop", 2, 10)).unwrap_err().contains("cannot run on 2 threads"));
        assert!(run_case(&StdThreads, &clock, &request("cow", "drop", 1, 10)).unwrap_err().contains("unknown type"));
        assert!(run_case(&StdThreads, &clock, &request("string", "keep", 1, 10)).unwrap_err().contains("unknown mode"));
    }
}
