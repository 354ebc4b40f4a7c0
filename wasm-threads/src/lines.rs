//! The cache-lines run: wasm-core's `lines` kernel on real threads in the browser, measured as the
//! native runner's `lines` suite measures it. Every thread is timed: all of them wait until each has
//! started, then each adds 1 to its counter `updates` times and records its own time.

use crate::cpu_check::CpuCheck;
use crate::timing::{all_at_once, calibrate_checked, Clock, Threads};
use wasm_core::browser::{contention_context, BrowserFacts};
use wasm_core::clone_run::thread_list;
use wasm_core::kernels::lines::{count_batch, Counters, LineVariant};
use wasm_core::results::Suite;
use wasm_core::results::{CaseParams, CaseResult, ResultsFile};

/// The most updates a thread makes per repeat (the native runner's default).
pub const MOST_UPDATES: u64 = 1 << 24;

/// How the cases of a run are timed.
#[derive(Clone, Debug, PartialEq)]
pub struct LineSettings {
    pub warmups: u32,
    pub repeats: u32,
    /// The shortest timed repeat worth having on this clock.
    pub min_repeat_ms: f64,
}

/// Parses the page's lists: thread counts (`1,2,4`) and variant ids (`one_counter,padded`).
pub fn plan(threads: &str, variants: &str) -> Result<Vec<(LineVariant, u32)>, String> {
    let mut counts = thread_list(threads)?;
    let mut chosen = LineVariant::parse_list(variants)?;
    counts.sort_unstable();
    counts.dedup();
    chosen.sort_unstable();
    chosen.dedup();
    if counts.is_empty() || chosen.is_empty() {
        return Err("choose at least one thread count and one variant".into());
    }
    Ok(counts.iter().flat_map(|&t| chosen.iter().map(move |&v| (v, t))).collect())
}

/// Updates per thread so that one thread's repeat of the cheapest layout (the padded counter) lasts
/// `min_ms`.
pub fn calibrate(clock: &impl Clock, min_ms: f64) -> u64 {
    let counters = Counters::new(LineVariant::Padded, 1);
    calibrate_checked(clock, min_ms, MOST_UPDATES, |n| {
        std::hint::black_box(count_batch(&counters, 0, n));
    })
}

/// One repeat: each thread's nanoseconds for its `updates` updates, thread 0 (the calling one) first.
fn repeat(threads: &impl Threads, clock: &impl Clock, counters: &Counters, n: u32, updates: u64) -> Result<Vec<f64>, String> {
    let ms = all_at_once(threads, clock, n, &|index| {
        std::hint::black_box(count_batch(counters, index, updates));
    })?;
    Ok(ms.into_iter().map(|ms| (ms * 1e6).max(1.0)).collect())
}

/// Runs one case on fresh counters: warm-ups, then timed repeats; every thread's time is a sample.
pub fn run_case(
    threads: &impl Threads,
    clock: &impl Clock,
    variant: LineVariant,
    n: u32,
    updates: u64,
    settings: &LineSettings,
) -> Result<CaseResult, String> {
    if n == 0 || settings.repeats == 0 {
        return Err("a case needs at least one thread and one repeat".into());
    }
    let counters = Counters::new(variant, n);
    let mut samples = Vec::new();
    let mut rates = Vec::new();
    for round in 0..settings.warmups + settings.repeats {
        let times = repeat(threads, clock, &counters, n, updates)?;
        if round >= settings.warmups {
            rates.push(times.iter().map(|ns| updates as f64 * 1e9 / ns).sum::<f64>());
            samples.extend(times);
        }
    }
    let rounds = u64::from(settings.warmups + settings.repeats);
    if counters.total() != updates * u64::from(n) * rounds {
        return Err(format!("{variant} x{n}: the counters hold {} updates, not {}", counters.total(), updates * u64::from(n) * rounds));
    }
    let mut case =
        CaseResult::new(Suite::Lines, variant.display_name(), variant.id(), n, updates, CaseParams::default(), settings.warmups, samples);
    case.all_threads_ops_per_sec = wasm_core::stats::summarize(&rates).map(|s| s.median);
    if n > 1 {
        case.notes.push(format!("repeat_times_ns holds each of the {n} threads' time of every repeat"));
    }
    case.notes.push(format!("updates calibrated on one thread so a repeat lasts about {:.0} ms", settings.min_repeat_ms));
    Ok(case)
}

/// A whole cache-lines run, one case at a time, every case with the same calibrated updates, with a
/// CPU check before each case and after the last ([`crate::cpu_check`]).
pub struct LinesSession {
    cases: Vec<(LineVariant, u32)>,
    settings: LineSettings,
    updates: Option<u64>,
    done: Vec<CaseResult>,
    checks: CpuCheck,
}

impl LinesSession {
    pub fn new(cases: Vec<(LineVariant, u32)>, settings: LineSettings) -> LinesSession {
        let most_threads = cases.iter().map(|c| c.1).max().unwrap_or(1);
        LinesSession { cases, settings, updates: None, done: Vec::new(), checks: CpuCheck::new(most_threads) }
    }

    pub fn len(&self) -> usize {
        self.cases.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    pub fn max_threads(&self) -> u32 {
        self.cases.iter().map(|c| c.1).max().unwrap_or(1)
    }

    /// `padded x2`: case `i` as the progress line names it.
    pub fn name(&self, i: usize) -> String {
        self.cases.get(i).map(|(v, t)| format!("{}, {}", v.id(), wasm_core::clone_run::threads_text(*t))).unwrap_or_default()
    }

    /// Runs the next case; `Ok(false)` when every case has run.
    pub fn run_next(&mut self, threads: &impl Threads, clock: &impl Clock) -> Result<bool, String> {
        let Some(&(variant, n)) = self.cases.get(self.done.len()) else { return Ok(false) };
        let updates = *self.updates.get_or_insert_with(|| calibrate(clock, self.settings.min_repeat_ms));
        self.checks.take(threads, clock)?;
        self.done.push(run_case(threads, clock, variant, n, updates, &self.settings)?);
        if self.done.len() == self.cases.len() {
            self.checks.take(threads, clock)?;
        }
        Ok(true)
    }

    /// The results file of the cases run so far, with its CPU checks.
    pub fn file(&self, facts: &BrowserFacts) -> ResultsFile {
        let mut context = contention_context(facts);
        context.conditions = Some(wasm_core::results::RunConditions { cpu_checks: Some(self.checks.record()), ..Default::default() });
        context.into_file(self.done.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::tests::{InstantClock, JumpingClock, NoThreads, StdThreads};
    use std::time::Instant;

    fn settings() -> LineSettings {
        LineSettings { warmups: 1, repeats: 2, min_repeat_ms: 1.0 }
    }

    #[test]
    fn plans_are_read_from_the_pages_lists_and_nonsense_is_refused() {
        let plan = plan("2, 1,2", "padded,adjacent").unwrap();
        assert_eq!(plan, [(LineVariant::Adjacent, 1), (LineVariant::Padded, 1), (LineVariant::Adjacent, 2), (LineVariant::Padded, 2)]);
        assert!(super::plan("0", "padded").unwrap_err().contains("\"0\""));
        assert!(super::plan("2", "false_sharing").unwrap_err().contains("false_sharing"));
        assert!(super::plan("", "padded").is_err());
    }

    #[test]
    fn every_thread_is_timed_and_the_file_validates() {
        let mut session = LinesSession::new(plan("1,3", "one_counter,padded").unwrap(), settings());
        let clock = InstantClock(Instant::now());
        assert_eq!((session.len(), session.max_threads(), session.name(3).as_str()), (4, 3, "padded, 3 threads"));
        while session.run_next(&StdThreads, &clock).unwrap() {}
        let facts = BrowserFacts {
            user_agent: "Mozilla/5.0 Chrome/131.0".into(),
            logical_cpus: 4,
            created_at: "2026-11-24T00:00:00Z".into(),
            ..Default::default()
        };
        let mut file = session.file(&facts);
        file.layouts = wasm_core::plausible::layouts_for_word(4);
        let three = file.cases.iter().find(|c| c.threads == 3 && c.variant_id == "padded").unwrap();
        assert_eq!(three.repeat_times_ns.len(), 6, "3 threads x 2 timed repeats");
        assert_eq!(three.ops_per_repeat, file.cases[0].ops_per_repeat, "one calibration for every case");
        assert!(wasm_core::validate::validate_file(&file).is_empty(), "{:?}", wasm_core::validate::validate_file(&file));
        assert_eq!(wasm_core::browser::file_name(&file), "browser-chrome-131-4cpu-lines-2026-11-24.json");
        // A CPU check before each of the four cases and after the last, on three threads.
        let checks = file.conditions.as_ref().and_then(|c| c.cpu_checks.clone()).unwrap();
        assert_eq!((checks.threads, checks.one_thread_ms.len()), (3, 5));
    }

    /// A clock that moves only as a fake kernel does: 10 ns per update for its first `slow_calls`
    /// batches (the baseline compiler), 1 ns after (optimised code).
    struct TierUpClock {
        now_ms: std::sync::Mutex<f64>,
    }

    impl Clock for TierUpClock {
        fn now_ms(&self) -> f64 {
            *self.now_ms.lock().unwrap()
        }
    }

    #[test]
    fn a_count_sized_on_slow_code_is_grown_once_the_code_is_fast() {
        // Sixteen batches cover both calibrations on the slow code; the check then finds the count
        // too small once the code is fast. (While the code stays slow, a count for slow code is right.)
        for slow_calls in [0, 3, 8, 9, 12, 16] {
            let clock = TierUpClock { now_ms: std::sync::Mutex::new(0.0) };
            let calls = std::cell::Cell::new(0u32);
            let ns_per_update = || if calls.get() < slow_calls { 10.0 } else { 1.0 };
            let batch = |n: u64| {
                *clock.now_ms.lock().unwrap() += n as f64 * ns_per_update() / 1e6;
                calls.set(calls.get() + 1);
            };
            let n = calibrate_checked(&clock, 1.0, MOST_UPDATES, batch);
            // On the optimised code (1 ns an update), a repeat of n updates lasts at least 1 ms.
            assert!(n >= 1_000_000, "{slow_calls} slow batches: {n} updates");
            assert!(n <= 2_000_000, "{slow_calls} slow batches: {n} updates, more than the margin");
        }
        let clock = InstantClock(Instant::now());
        assert!(calibrate_checked(&clock, 1e9, 4096, |_| ()) == 4096, "never more than `most`");
    }

    #[test]
    fn threads_that_never_start_end_the_case_with_a_reason() {
        // NoThreads runs only the calling thread, which gives up once its clock passes the timeout.
        let error = run_case(&NoThreads, &JumpingClock(std::sync::atomic::AtomicU32::new(0)), LineVariant::Padded, 2, 10, &settings());
        assert!(error.unwrap_err().contains("only 1 of 2 threads started"));
    }
}
