//! One contention case, independent of how threads are started or time is read: the browser gives
//! rayon's Web Workers and `performance.now()`, the native tests std threads and `Instant`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use wasm_core::browser::{contention_context, BrowserFacts};
use wasm_core::clone_run::{case_result, contend, contender_cap, CaseTimes, ClonePlan, PlannedCase, DEFAULT_STRING_LEN};
use wasm_core::kernels::{clone_batch, CloneMode, CloneSource, CloneType};
use wasm_core::results::{CaseResult, ResultsFile};

/// How long the timed thread waits for every contender to start before it gives up (a pool smaller
/// than the case, or a browser that stalls its workers), instead of waiting forever.
pub const START_TIMEOUT_MS: f64 = 10_000.0;

/// The shortest timed repeat for a clock of `step_ms`: 100 steps (so the step is at most 1 % of a
/// repeat), and never under 10 ms.
pub fn repeat_ms_for_step(step_ms: f64) -> f64 {
    (100.0 * step_ms).max(10.0)
}

/// How every case of a run is timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub string_len: usize,
    pub warmups: u32,
    pub repeats: u32,
    /// The shortest timed repeat worth having (see [`repeat_ms_for_step`]).
    pub min_repeat_ms: f64,
    /// Most bytes one case may leak in forget mode (wasm memory never shrinks).
    pub max_leak_bytes: u64,
}

impl Settings {
    /// The site's: the article's 64-byte text, one warm-up and five timed repeats, 24 MiB of leak
    /// per case (a run of every type at 16 threads stays far inside the tier's 1 GiB memory).
    pub fn site(min_repeat_ms: f64) -> Settings {
        Settings { string_len: DEFAULT_STRING_LEN, warmups: 1, repeats: 5, min_repeat_ms, max_leak_bytes: 24 << 20 }
    }
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

/// Why `case` cannot run, if it cannot.
fn refusal(case: &PlannedCase, settings: &Settings) -> Option<String> {
    if case.threads == 0 || (case.threads > 1 && !case.ty.is_thread_safe()) {
        return Some(format!("{} cannot run on {} threads", case.ty, case.threads));
    }
    (settings.repeats == 0).then(|| "repeats must be at least 1".into())
}

/// Runs `batch(n)` on this thread, doubling `n` (from 1024, at most `most`) until one batch lasts
/// `min_ms`, and returns the `n` a repeat of at least `min_ms` needs (untimed calibration).
pub(crate) fn calibrate_batch(clock: &impl Clock, min_ms: f64, most: u64, mut batch: impl FnMut(u64)) -> u64 {
    let mut n = 1024u64.min(most).max(1);
    loop {
        let start = clock.now_ms();
        batch(n);
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

/// Runs one case: calibrates when `case.samples` is 0, fits forget mode to its leak budget, then the
/// warm-ups and timed repeats. The result is a clone case of the shared schema (`ops_per_repeat` is
/// the samples used).
pub fn run_case(threads: &impl Threads, clock: &impl Clock, case: &PlannedCase, request: &Settings) -> Result<CaseResult, String> {
    if let Some(why) = refusal(case, request) {
        return Err(why);
    }
    let mut case = case.clone();
    let source = CloneSource::new(request.string_len);
    let rounds = u64::from(request.warmups + request.repeats);
    let leak_each = leak_per_clone(case.ty, case.mode, request.string_len);
    let most = match leak_each {
        0 => u64::MAX,
        each => (request.max_leak_bytes / (each * u64::from(case.threads) * rounds)).max(1),
    };
    let mut notes = Vec::new();
    if case.samples == 0 {
        // The calibration leaks too: the timed repeats keep half the budget.
        let cap = (most / 2).max(1);
        case.samples = calibrate_batch(clock, request.min_repeat_ms, cap, |n| clone_batch(&source, case.ty, case.mode, n));
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
    let mut result = case_result(&case, request.string_len, request.warmups, times);
    result.notes.extend(notes);
    Ok(result)
}

/// A whole run, one case at a time (so the page can show progress and Cancel can stop it between
/// or inside cases): the plan's cases, the samples each type and mode was calibrated to on its first
/// case (so its cases differ only in their threads), and the results so far.
pub struct Session {
    cases: Vec<PlannedCase>,
    settings: Settings,
    samples_of: HashMap<(CloneType, CloneMode), u64>,
    done: Vec<CaseResult>,
}

impl Session {
    pub fn new(plan: &ClonePlan, settings: Settings) -> Session {
        Session { cases: plan.cases(), settings, samples_of: HashMap::new(), done: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.cases.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// The most threads any case uses.
    pub fn max_threads(&self) -> u32 {
        self.cases.iter().map(|c| c.threads).max().unwrap_or(1)
    }

    /// `Arc<str> drop x2`: case `i` as the page's progress line names it.
    pub fn name(&self, i: usize) -> String {
        self.cases.get(i).map(PlannedCase::name).unwrap_or_default()
    }

    /// Runs the next case; `Ok(false)` when every case has run.
    pub fn run_next(&mut self, threads: &impl Threads, clock: &impl Clock) -> Result<bool, String> {
        let Some(planned) = self.cases.get(self.done.len()) else { return Ok(false) };
        let key = (planned.ty, planned.mode);
        let case = PlannedCase { samples: self.samples_of.get(&key).copied().unwrap_or(planned.samples), ..planned.clone() };
        let result = run_case(threads, clock, &case, &self.settings)?;
        self.samples_of.entry(key).or_insert(result.ops_per_repeat);
        self.done.push(result);
        Ok(true)
    }

    /// The results file of the cases run so far.
    pub fn file(&self, facts: &BrowserFacts) -> ResultsFile {
        contention_context(facts).into_file(self.done.clone())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::time::Instant;

    pub(crate) struct StdThreads;

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
    pub(crate) struct NoThreads;

    impl Threads for NoThreads {
        fn with_contenders<R>(&self, _: u32, _: &(dyn Fn(u32) + Sync), timed: impl FnOnce() -> R) -> R {
            timed()
        }
    }

    pub(crate) struct InstantClock(pub(crate) Instant);

    impl Clock for InstantClock {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1e3
        }
    }

    /// A clock that jumps a second per reading, so waits time out at once.
    pub(crate) struct JumpingClock(pub(crate) AtomicU32);

    impl Clock for JumpingClock {
        fn now_ms(&self) -> f64 {
            f64::from(self.0.fetch_add(1, Ordering::Relaxed)) * 1000.0
        }
    }

    fn case(ty: &str, mode: &str, threads: u32, samples: u64) -> PlannedCase {
        PlannedCase { ty: CloneType::parse(ty).unwrap(), mode: CloneMode::parse(mode).unwrap(), threads, samples, note: None }
    }

    fn settings() -> Settings {
        Settings { string_len: 64, warmups: 1, repeats: 3, min_repeat_ms: 1.0, max_leak_bytes: 1 << 20 }
    }

    #[test]
    fn a_two_thread_case_is_timed_with_its_contender() {
        let case = run_case(&StdThreads, &InstantClock(Instant::now()), &case("arc_str", "drop", 2, 20_000), &settings()).unwrap();
        assert_eq!((case.variant_id.as_str(), case.threads, case.ops_per_repeat), ("arc_str", 2, 20_000));
        assert_eq!((case.repeat_times_ns.len(), case.warmup_repeats), (3, 1));
        assert!(case.repeat_times_ns.iter().all(|&t| t >= 1.0));
        assert!(case.contender_ops_per_sec.is_some_and(|r| r >= 0.0));
        assert!(wasm_core::validate::validate_file(
            &wasm_core::clone_run::RunContext {
                label: "t".into(),
                created_at: "2026-11-24T00:00:00Z".into(),
                runner: wasm_core::results::RunnerInfo { name: "browser".into(), version: None, git_revision: None },
                machine: wasm_core::results::MachineInfo { arch: std::env::consts::ARCH.into(), ..Default::default() },
                toolchain: Default::default(),
                allocator: wasm_core::results::AllocatorInfo { name: "dlmalloc".into(), version: None },
                conditions: None,
            }
            .into_file(vec![case])
        )
        .is_empty());
    }

    #[test]
    fn zero_samples_calibrates_on_one_thread() {
        let case = run_case(&StdThreads, &InstantClock(Instant::now()), &case("string", "drop", 1, 0), &settings()).unwrap();
        assert!(case.ops_per_repeat >= 1024, "{}", case.ops_per_repeat);
        assert!(case.notes.iter().any(|n| n.contains("calibrated")));
        assert_eq!(case.contender_ops_per_sec, None);
    }

    #[test]
    fn forget_mode_keeps_to_its_leak_budget() {
        let asked = settings();
        let scaled = run_case(&StdThreads, &InstantClock(Instant::now()), &case("string", "forget", 2, 1 << 20), &asked).unwrap();
        let each = leak_per_clone(CloneType::String, CloneMode::Forget, 64);
        assert!(each > 0);
        assert!(scaled.ops_per_repeat * each * 2 * 4 <= asked.max_leak_bytes, "{}", scaled.ops_per_repeat);
        assert!(scaled.notes.iter().any(|n| n.contains("scaled down")));
        // Arc<str> leaks no memory when forgotten (only its count grows): no budget applies.
        let arc = run_case(&StdThreads, &InstantClock(Instant::now()), &case("arc_str", "forget", 2, 1 << 12), &asked).unwrap();
        assert_eq!(arc.ops_per_repeat, 1 << 12);
        // Calibrating a leaking case stops at the budget's half, and says so.
        let slow = Settings { min_repeat_ms: 60_000.0, ..settings() };
        let calibrated = run_case(&StdThreads, &InstantClock(Instant::now()), &case("string", "forget", 2, 0), &slow).unwrap();
        assert!(calibrated.ops_per_repeat * each * 2 * 4 <= asked.max_leak_bytes / 2, "{}", calibrated.ops_per_repeat);
        assert!(calibrated.notes.iter().any(|n| n.contains("held to")), "{:?}", calibrated.notes);
    }

    #[test]
    fn contenders_that_never_start_end_the_case_with_a_reason() {
        let error = run_case(&NoThreads, &JumpingClock(AtomicU32::new(0)), &case("arc_str", "drop", 3, 100), &settings()).unwrap_err();
        assert!(error.contains("only 0 of 2 contender threads started"), "{error}");
    }

    #[test]
    fn a_session_runs_its_plan_case_by_case_and_keeps_each_types_samples() {
        let plan = ClonePlan::from_lists("1,2", "arc_str,string", "drop", 0, 64).unwrap();
        let mut session = Session::new(&plan, settings());
        assert_eq!((session.len(), session.max_threads(), session.name(2).as_str()), (4, 2, "Arc<str> drop, 2 threads"));
        let clock = InstantClock(Instant::now());
        while session.run_next(&StdThreads, &clock).unwrap() {}
        let facts = BrowserFacts {
            user_agent: "Mozilla/5.0 Chrome/131.0".into(),
            logical_cpus: 2,
            created_at: "2026-11-24T00:00:00Z".into(),
            rustc: None,
        };
        let mut file = session.file(&facts);
        // The file says wasm32; natively this test's layouts are the host's, so give it wasm32's.
        file.layouts = wasm_core::plausible::layouts_for_word(4);
        assert_eq!(file.cases.len(), 4);
        let samples = |id: &str, t: u32| file.cases.iter().find(|c| c.variant_id == id && c.threads == t).unwrap().ops_per_repeat;
        assert_eq!(samples("arc_str", 1), samples("arc_str", 2), "calibrated once, reused at 2 threads");
        assert_eq!(samples("string", 1), samples("string", 2));
        assert!(wasm_core::validate::validate_file(&file).is_empty());
        assert!(!session.run_next(&StdThreads, &clock).unwrap(), "nothing is left");
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
        assert!(run_case(&StdThreads, &clock, &case("rc_str", "drop", 2, 10), &settings())
            .unwrap_err()
            .contains("cannot run on 2 threads"));
        let no_repeats = Settings { repeats: 0, ..settings() };
        assert!(run_case(&StdThreads, &clock, &case("string", "drop", 1, 10), &no_repeats).unwrap_err().contains("repeats"));
    }
}
