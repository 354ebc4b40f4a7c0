//! One contention case, independent of how threads are started or time is read: the browser gives
//! rayon's Web Workers and `performance.now()`, the native tests std threads and `Instant`.

use crate::timing::{calibrate_batch, grown};
use crate::timing::{Clock, Threads, START_TIMEOUT_MS};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use wasm_core::browser::{contention_context, BrowserFacts};
use wasm_core::clone_run::{case_result, contend, contender_cap, CaseTimes, ClonePlan, PlannedCase, CONTENDER_BATCH, DEFAULT_STRING_LEN};
use wasm_core::kernels::{clone_batch, CloneAllocator, CloneMode, CloneSource, CloneType, ThreadAllocators};
use wasm_core::results::{CaseResult, ResultsFile};

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
    /// Most bytes the arenas of one repeat of a `bump_herd` case may hold together (they are reset
    /// after each repeat, and dlmalloc reuses what they give back).
    pub max_arena_bytes: u64,
}

impl Settings {
    /// The site's: the article's 64-byte text, one warm-up and five timed repeats, 24 MiB of leak
    /// per case and 128 MiB of arena per repeat (a run of every type at 16 threads stays far inside
    /// the tier's 1 GiB memory).
    pub fn site(min_repeat_ms: f64) -> Settings {
        Settings {
            string_len: DEFAULT_STRING_LEN,
            warmups: 1,
            repeats: 5,
            min_repeat_ms,
            max_leak_bytes: 24 << 20,
            max_arena_bytes: 128 << 20,
        }
    }
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

/// `n` clones of `case`'s type from `source`, on its allocator.
fn clone_n(source: &CloneSource, allocators: &ThreadAllocators, case: &PlannedCase, n: u64) {
    match case.allocator {
        CloneAllocator::Global => clone_batch(source, case.ty, case.mode, n),
        other => allocators.clone_drop_n(other, source.shared().text_of(case.ty), n),
    }
}

/// One timed repeat: the contenders start, the timed thread waits until all are cloning, then times
/// `samples` clones. Returns the timed nanoseconds and the contenders' summed clones per second.
fn repeat(
    threads: &impl Threads,
    clock: &impl Clock,
    source: &CloneSource,
    allocators: &ThreadAllocators,
    case: &PlannedCase,
) -> Result<(f64, Option<f64>), String> {
    let contenders = case.threads - 1;
    let shared = source.shared();
    let running = AtomicBool::new(true);
    let started = AtomicU32::new(0);
    // Clones per second of each contender, as f64 bits (a contender writes only its own slot).
    let rates: Vec<std::sync::atomic::AtomicU64> = (0..contenders).map(|_| Default::default()).collect();
    let cap = contender_cap(case.mode, case.allocator, case.samples);
    let contender = |i: u32| {
        started.fetch_add(1, Ordering::AcqRel);
        let start = clock.now_ms();
        let ops = match case.allocator {
            CloneAllocator::Global => contend(shared, case.ty, case.mode, cap, &running),
            other => allocators.clone_drop_while(other, shared.text_of(case.ty), CONTENDER_BATCH, cap, &running),
        };
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
        clone_n(source, allocators, case, case.samples);
        let elapsed_ms = clock.now_ms() - start;
        running.store(false, Ordering::Relaxed);
        Ok(elapsed_ms)
    };
    let elapsed_ms = threads.with_contenders(contenders, &contender, timed)?;
    let rate = (contenders > 0).then(|| rates.iter().map(|r| f64::from_bits(r.load(Ordering::Relaxed))).sum());
    // A repeat the clock saw as 0 ms is recorded as one clock step's worth of nothing: 1 ns.
    Ok(((elapsed_ms * 1e6).max(1.0), rate))
}

/// The samples one type and mode gets: calibrated on one thread so that a repeat lasts
/// `min_repeat_ms`, held to the leak budget in forget mode.
#[derive(Clone, Debug, PartialEq)]
struct Sizing {
    samples: u64,
    /// Most samples the leak budget allows (`u64::MAX` for a type whose clones leak nothing).
    most: u64,
    /// Bytes each thread's arena must hold in one repeat: a contender's cap of clones at `most`
    /// samples (0 for a case on no arena).
    arena_bytes_each: u64,
}

impl Sizing {
    /// Why its cases clone `samples` times, as their note: held by the leak or arena budget, or
    /// calibrated.
    fn note(&self, settings: &Settings, allocator: CloneAllocator) -> String {
        let min_ms = settings.min_repeat_ms;
        if self.samples >= self.most && allocator == CloneAllocator::BumpHerd {
            format!(
                "samples held to {} by the arena budget ({} MiB per repeat for all threads' arenas, reset after each repeat), so a repeat may last less than {min_ms:.0} ms",
                self.samples,
                settings.max_arena_bytes >> 20
            )
        } else if self.samples >= self.most {
            format!(
                "samples held to {} by the leak budget ({} MiB per case: forgotten clones are never freed), so a repeat may last less than {min_ms:.0} ms",
                self.samples,
                settings.max_leak_bytes >> 20
            )
        } else {
            format!("samples calibrated on one thread after a warm-up so a repeat lasts at least {min_ms:.0} ms")
        }
    }
}

/// What one step of a run does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Warm up type, mode and allocator `pair` (the wasm's optimised code, the allocator's free
    /// lists), then calibrate its samples. Untimed.
    Calibrate { pair: usize },
    /// One repeat of case `case` in round `round` (rounds before `Settings::warmups` are not recorded).
    Repeat { round: u32, case: usize },
    /// The CPU check before round `before` (the last one, after the last round, has `before` equal
    /// to the number of rounds): whether other programs share the CPUs ([`crate::cpu_check`]).
    Check { before: u32 },
}

/// A whole contention run, step by step (so the page can show progress and Cancel can stop it
/// between steps):
/// 1. each type and mode is warmed up and calibrated on one thread, untimed: the first timed case
///    after the page loads runs the same optimised code as the last;
/// 2. then the run goes in rounds, one repeat of every case per round, so that a slow minute (a
///    browser tab waking up, the OS scheduling something) hits every case alike instead of one;
/// 3. the first `warmups` rounds are not recorded; after them a type whose repeats came out shorter
///    than `min_repeat_ms` gets more samples, so every recorded repeat lasts the stated time (a case
///    that still does not says so in its notes);
/// 4. a CPU check goes before the first round and after each ([`crate::cpu_check`]), so the file
///    says whether other programs shared the CPUs while it ran.
///
/// All cases of a type and mode clone the same number of times: they differ only in their threads.
pub struct Session {
    cases: Vec<PlannedCase>,
    settings: Settings,
    /// The distinct types, modes and allocators of the plan, in its order, with each case's index
    /// into them.
    pairs: Vec<(CloneType, CloneMode, CloneAllocator)>,
    pair_of: Vec<usize>,
    sizing: Vec<Option<Sizing>>,
    /// Each case's recorded times, and its unrecorded warm-up repeats' milliseconds.
    times: Vec<CaseTimes>,
    warm_ms: Vec<Vec<f64>>,
    source: Option<CloneSource>,
    /// The arenas and the pool of the allocator A/B's cases (empty until one runs).
    allocators: ThreadAllocators,
    checks: crate::cpu_check::CpuCheck,
    next: usize,
}

impl Session {
    pub fn new(plan: &ClonePlan, settings: Settings) -> Session {
        let cases = plan.cases();
        let mut pairs = Vec::new();
        let pair_of = cases
            .iter()
            .map(|c| {
                let key = (c.ty, c.mode, c.allocator);
                pairs.iter().position(|p| *p == key).unwrap_or_else(|| {
                    pairs.push(key);
                    pairs.len() - 1
                })
            })
            .collect();
        let most_threads = cases.iter().map(|c| c.threads).max().unwrap_or(1);
        Session {
            checks: crate::cpu_check::CpuCheck::new(most_threads),
            sizing: vec![None; pairs.len()],
            times: vec![CaseTimes::default(); cases.len()],
            warm_ms: vec![Vec::new(); cases.len()],
            cases,
            settings,
            pairs,
            pair_of,
            source: None,
            allocators: ThreadAllocators::new(),
            next: 0,
        }
    }

    fn rounds(&self) -> u32 {
        self.settings.warmups + self.settings.repeats
    }

    /// How many steps the run has: a calibration per type and mode, then per round a CPU check and
    /// a repeat per case, then a last CPU check.
    pub fn steps(&self) -> usize {
        self.pairs.len() + self.rounds() as usize * (self.cases.len() + 1) + 1
    }

    /// The most threads any case uses.
    pub fn max_threads(&self) -> u32 {
        self.cases.iter().map(|c| c.threads).max().unwrap_or(1)
    }

    fn step(&self, i: usize) -> Option<Step> {
        if i < self.pairs.len() {
            return Some(Step::Calibrate { pair: i });
        }
        let i = i - self.pairs.len();
        let per_round = self.cases.len() + 1;
        let (round, at) = (i / per_round, i % per_round);
        match (round.cmp(&(self.rounds() as usize)), at) {
            (std::cmp::Ordering::Greater, _) | (std::cmp::Ordering::Equal, 1..) => None,
            (_, 0) => Some(Step::Check { before: round as u32 }),
            (_, at) => Some(Step::Repeat { round: round as u32, case: at - 1 }),
        }
    }

    /// Step `i` as the page's progress line names it: `warming up String drop`, `warm-up round:
    /// Arc<str> drop, 2 threads`, `round 3 of 5: String drop, 1 thread`.
    pub fn name(&self, i: usize) -> String {
        match self.step(i) {
            None => String::new(),
            Some(Step::Calibrate { pair }) => {
                let (ty, mode, allocator) = self.pairs[pair];
                match allocator {
                    CloneAllocator::Global => format!("warming up and calibrating {ty} {}", mode.id()),
                    other => format!("warming up and calibrating {ty} {} in a {other}", mode.id()),
                }
            }
            Some(Step::Check { before }) => {
                format!("checking that no other program uses the CPUs ({} of {})", before + 1, self.rounds() + 1)
            }
            Some(Step::Repeat { round, case }) if round < self.settings.warmups => format!("warm-up round: {}", self.cases[case].name()),
            Some(Step::Repeat { round, case }) => {
                format!("round {} of {}: {}", round - self.settings.warmups + 1, self.settings.repeats, self.cases[case].name())
            }
        }
    }

    /// Whether the last step finished the run: the moment to hand over its results. Not after each
    /// round: on a device with few cores the page's work on a file (validating it, drawing the chart
    /// and table) would take a core from the round that follows it.
    pub fn finished(&self) -> bool {
        self.next == self.steps()
    }

    /// Runs the next step; `Ok(false)` when every step has run.
    pub fn run_next(&mut self, threads: &impl Threads, clock: &impl Clock) -> Result<bool, String> {
        let Some(step) = self.step(self.next) else { return Ok(false) };
        if self.next == 0 {
            if let Some(why) = self.cases.iter().find_map(|c| refusal(c, &self.settings)) {
                return Err(why);
            }
        }
        let rounds = self.rounds();
        let source = self.source.get_or_insert_with(|| CloneSource::new(self.settings.string_len));
        match step {
            Step::Check { .. } => self.checks.take(threads, clock)?,
            Step::Calibrate { pair } => {
                let most_threads = self.cases.iter().zip(&self.pair_of).filter(|(_, p)| **p == pair).map(|(c, _)| c.threads).max();
                let most_threads = most_threads.unwrap_or(1);
                let sizing = size(clock, source, &self.allocators, self.pairs[pair], most_threads, rounds, &self.settings);
                self.allocators.reset();
                if sizing.arena_bytes_each > 0 {
                    let bytes = usize::try_from(sizing.arena_bytes_each).unwrap_or(usize::MAX);
                    self.allocators.reserve_arenas(most_threads as usize, bytes);
                }
                self.sizing[pair] = Some(sizing);
            }
            Step::Repeat { round, case } => {
                let pair = self.pair_of[case];
                let samples = self.sizing[pair].as_ref().map_or(1, |s| s.samples);
                let planned = PlannedCase { samples, ..self.cases[case].clone() };
                let result = repeat(threads, clock, source, &self.allocators, &planned);
                // An arena's drop: every thread's clones of this repeat freed at once, untimed.
                self.allocators.reset();
                let (ns, rate) = result?;
                if round < self.settings.warmups {
                    self.warm_ms[case].push(ns / 1e6);
                    if round + 1 == self.settings.warmups && case + 1 == self.cases.len() {
                        self.lengthen_short_repeats();
                    }
                } else {
                    self.times[case].repeat_times_ns.push(ns);
                    self.times[case].contender_ops_per_sec.extend(rate);
                }
            }
        }
        self.next += 1;
        Ok(true)
    }

    /// After the warm-up rounds: a type and mode whose repeats at some thread count lasted less than
    /// `min_repeat_ms` (its calibration ran on slower code than the rounds, or its threads were
    /// faster together than alone) gets the samples its shortest case needs, up to its leak budget.
    fn lengthen_short_repeats(&mut self) {
        let min_ms = self.settings.min_repeat_ms;
        for (pair, sizing) in self.sizing.iter_mut().enumerate() {
            let Some(sizing) = sizing else { continue };
            let shortest = self.warm_ms.iter().zip(&self.pair_of).filter(|(_, p)| **p == pair).flat_map(|(ms, _)| ms).copied();
            let shortest = shortest.fold(f64::INFINITY, f64::min);
            if shortest.is_finite() && shortest < min_ms {
                let wanted = grown(sizing.samples, min_ms, shortest);
                sizing.samples = wanted.clamp(sizing.samples, sizing.most.max(sizing.samples));
            }
        }
    }

    /// The results file of the rounds recorded so far: every case with at least one recorded repeat.
    pub fn file(&self, facts: &BrowserFacts) -> ResultsFile {
        let mut context = contention_context(facts);
        context.conditions = Some(wasm_core::results::RunConditions { cpu_checks: Some(self.checks.record()), ..Default::default() });
        context.into_file(self.results())
    }

    fn results(&self) -> Vec<CaseResult> {
        let min_ms = self.settings.min_repeat_ms;
        let (settings, sizing) = (&self.settings, &self.sizing);
        let cases = self.cases.iter().zip(&self.pair_of).zip(&self.times);
        cases
            .filter(|(_, times)| !times.repeat_times_ns.is_empty())
            .map(|((case, &pair), times)| {
                let sizing = sizing[pair].as_ref();
                let planned = PlannedCase { samples: sizing.map_or(case.samples, |s| s.samples), ..case.clone() };
                let mut result = case_result(&planned, settings.string_len, settings.warmups, times.clone());
                result.notes.extend(sizing.map(|s| s.note(settings, case.allocator)));
                if case.allocator == CloneAllocator::BumpHerd {
                    result.notes.push("each clone copies the text into its thread's arena and its drop frees nothing; the arenas are reset after each repeat, untimed".into());
                }
                let short: Vec<f64> = times.repeat_times_ns.iter().map(|ns| ns / 1e6).filter(|ms| *ms < min_ms).collect();
                if !short.is_empty() {
                    result.notes.push(format!(
                        "{} of {} repeats lasted less than the {min_ms:.0} ms asked (shortest {:.1} ms)",
                        short.len(),
                        times.repeat_times_ns.len(),
                        short.iter().copied().fold(f64::INFINITY, f64::min)
                    ));
                }
                result
            })
            .collect()
    }
}

/// Warms up `ty` in `mode` on `allocator` on this thread (one untimed calibration: V8 first runs a
/// wasm function on its baseline compiler and swaps in optimised code once it is hot), then
/// calibrates its samples on the warm code, held to the leak budget of a case on `most_threads`
/// threads over `rounds` (or, in an arena, to the arena budget of one repeat: the arenas are reset
/// after each, and each thread's arena gets room for twice the timed thread's clones, a
/// contender's cap).
fn size(
    clock: &impl Clock,
    source: &CloneSource,
    allocators: &ThreadAllocators,
    (ty, mode, allocator): (CloneType, CloneMode, CloneAllocator),
    most_threads: u32,
    rounds: u32,
    settings: &Settings,
) -> Sizing {
    let threads = u64::from(most_threads);
    let kept_each = allocator.kept_per_clone(ty.text_len(settings.string_len));
    let (leak_each, most) = match kept_each {
        0 => {
            let each = leak_per_clone(ty, mode, settings.string_len);
            (each, if each == 0 { u64::MAX } else { (settings.max_leak_bytes / (each * threads * u64::from(rounds))).max(1) })
        }
        // Each thread's arena keeps a contender's cap of clones per timed clone.
        each => (each, (settings.max_arena_bytes / (each * contender_cap(mode, allocator, 1) * threads)).max(1)),
    };
    // The calibrations leak too: they stay within half the budget together. The warm-up round
    // lengthens the samples up to `most` where the cap cut them short.
    let cap = if leak_each == 0 { u64::MAX } else { (most / 4).max(1) };
    let min_ms = settings.min_repeat_ms;
    let case = PlannedCase { allocator, ..PlannedCase::new(ty, mode, 1, 0) };
    calibrate_batch(clock, min_ms, cap, |n| clone_n(source, allocators, &case, n));
    let samples = calibrate_batch(clock, min_ms, cap, |n| clone_n(source, allocators, &case, n));
    // Room in every arena for a contender's clones at the most samples the warm-up round may grow
    // them to (the same cap the contenders run under); nothing where no allocator keeps clones.
    let arena_bytes_each = kept_each.saturating_mul(contender_cap(mode, allocator, most));
    Sizing { samples, most, arena_bytes_each }
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

    fn settings() -> Settings {
        Settings { string_len: 64, warmups: 1, repeats: 3, min_repeat_ms: 1.0, max_leak_bytes: 1 << 20, max_arena_bytes: 4 << 20 }
    }

    fn facts() -> BrowserFacts {
        BrowserFacts {
            user_agent: "Mozilla/5.0 Chrome/131.0".into(),
            logical_cpus: 2,
            created_at: "2026-11-24T00:00:00Z".into(),
            ..Default::default()
        }
    }

    /// Runs `plan` to the end, returning its file with wasm32's layouts (natively this test's
    /// layouts are the host's) and the names of its steps.
    fn run(threads: &str, types: &str, modes: &str, settings: Settings) -> (ResultsFile, Vec<String>) {
        let plan = ClonePlan::from_lists(&[threads, types, modes, ""], 0, 64).unwrap();
        let mut session = Session::new(&plan, settings);
        let names = (0..session.steps()).map(|i| session.name(i)).collect();
        let clock = InstantClock(Instant::now());
        while session.run_next(&StdThreads, &clock).unwrap() {}
        let mut file = session.file(&facts());
        file.layouts = wasm_core::plausible::layouts_for_word(4);
        (file, names)
    }

    #[test]
    fn a_session_calibrates_each_type_once_then_runs_its_cases_in_rounds() {
        let plan = ClonePlan::from_lists(&["1,2", "arc_str,string", "drop", ""], 0, 64).unwrap();
        let session = Session::new(&plan, settings());
        // 2 calibrations; 4 rounds of a CPU check and 4 cases; a last check.
        assert_eq!((session.cases.len(), session.steps(), session.max_threads()), (4, 2 + 4 * 5 + 1, 2));
        let names: Vec<String> = (0..session.steps()).map(|i| session.name(i)).collect();
        assert_eq!(names[0], "warming up and calibrating Arc<str> drop");
        assert_eq!(names[1], "warming up and calibrating String drop");
        assert_eq!(names[2], "checking that no other program uses the CPUs (1 of 5)");
        assert_eq!(names[3], "warm-up round: Arc<str> drop, 1 thread");
        assert_eq!(names[6], "warm-up round: String drop, 2 threads");
        // Interleaved: round 1 visits every case before round 2 starts.
        assert_eq!(
            names[7..12],
            [
                "checking that no other program uses the CPUs (2 of 5)",
                "round 1 of 3: Arc<str> drop, 1 thread",
                "round 1 of 3: String drop, 1 thread",
                "round 1 of 3: Arc<str> drop, 2 threads",
                "round 1 of 3: String drop, 2 threads"
            ]
        );
        assert_eq!(names[21], "round 3 of 3: String drop, 2 threads");
        assert_eq!(names[22], "checking that no other program uses the CPUs (5 of 5)");
        assert_eq!(session.name(23), "");

        let (file, _) = run("1,2", "arc_str,string", "drop", settings());
        assert_eq!(file.cases.len(), 4);
        let case = |id: &str, t: u32| file.cases.iter().find(|c| c.variant_id == id && c.threads == t).unwrap();
        assert_eq!(case("arc_str", 1).ops_per_repeat, case("arc_str", 2).ops_per_repeat, "one type's cases differ only in threads");
        assert_eq!(case("string", 1).ops_per_repeat, case("string", 2).ops_per_repeat);
        for c in &file.cases {
            assert_eq!((c.repeat_times_ns.len(), c.warmup_repeats), (3, 1), "{}", c.variant);
            assert!(c.ops_per_repeat >= 1024, "calibrated: {}", c.ops_per_repeat);
            assert!(c.notes.iter().any(|n| n.contains("after a warm-up")), "{:?}", c.notes);
        }
        assert!(case("arc_str", 2).contender_ops_per_sec.is_some_and(|r| r >= 0.0));
        assert_eq!(case("arc_str", 1).contender_ops_per_sec, None);
        assert!(wasm_core::validate::validate_file(&file).is_empty(), "{:?}", wasm_core::validate::validate_file(&file));
        // The file carries its five CPU checks, of two threads.
        let checks = file.conditions.as_ref().and_then(|c| c.cpu_checks.clone()).unwrap();
        assert_eq!((checks.threads, checks.one_thread_ms.len(), checks.all_threads_ms.len()), (2, 5, 5));
    }

    #[test]
    fn the_allocator_ab_runs_strings_drop_cases_on_each_allocator_and_records_it() {
        let plan = ClonePlan::from_lists(&["1,2", "arc_str,string", "drop,forget", "bump_herd,thread_pool"], 0, 64).unwrap();
        let session = Session::new(&plan, settings());
        let names: Vec<String> = (0..session.steps()).map(|i| session.name(i)).collect();
        assert!(names.contains(&"warming up and calibrating String drop in a bumpalo-herd arena per thread".to_owned()), "{names:?}");
        assert!(names.contains(&"round 1 of 3: String drop in a sharded-slab pool per thread, 2 threads".to_owned()), "{names:?}");

        let mut session = session;
        let clock = InstantClock(Instant::now());
        while session.run_next(&StdThreads, &clock).unwrap() {}
        let mut file = session.file(&facts());
        file.layouts = wasm_core::plausible::layouts_for_word(4);
        let allocators = |t: u32| -> Vec<Option<&str>> {
            let strings = file.cases.iter().filter(|c| c.variant_id == "string" && c.mode.as_deref() == Some("drop") && c.threads == t);
            strings.map(|c| c.params.allocator.as_deref()).collect()
        };
        // Only String's drop cases have other allocators: forget and Arc<str> run on the global one.
        assert_eq!(allocators(1), [None, Some("bump_herd"), Some("thread_pool")]);
        assert_eq!(allocators(2), allocators(1));
        assert_eq!(file.cases.iter().filter(|c| c.params.allocator.is_some()).count(), 4);
        let herd = file.cases.iter().find(|c| c.params.allocator.as_deref() == Some("bump_herd") && c.threads == 2).unwrap();
        // The arena budget holds a repeat's clones: room for twice the timed thread's in each arena.
        assert!(herd.ops_per_repeat * 64 * 4 <= 4 << 20, "{}", herd.ops_per_repeat);
        assert!(herd.notes.iter().any(|n| n.contains("reset after each repeat")), "{:?}", herd.notes);
        assert!(herd.contender_ops_per_sec.is_some());
        assert!(wasm_core::validate::validate_file(&file).is_empty(), "{:?}", wasm_core::validate::validate_file(&file));
        // Each case has its own anchor on the file's page.
        let mut anchors: Vec<String> = file.cases.iter().map(|c| c.anchor()).collect();
        anchors.sort();
        anchors.dedup();
        assert_eq!(anchors.len(), file.cases.len());
    }

    #[test]
    fn the_file_grows_a_round_at_a_time_and_is_handed_over_at_the_end() {
        let plan = ClonePlan::from_lists(&["1", "arc_str,string", "drop", ""], 0, 64).unwrap();
        let mut session = Session::new(&plan, settings());
        let clock = InstantClock(Instant::now());
        let mut seen = Vec::new();
        while session.run_next(&StdThreads, &clock).unwrap() {
            let file = session.file(&facts());
            seen.push((session.finished(), file.cases.len(), file.cases.first().map_or(0, |c| c.repeat_times_ns.len())));
        }
        // 2 calibrations; a warm-up round (a CPU check and 2 cases), then 3 recorded rounds of the
        // same; a last CPU check.
        assert_eq!(
            seen,
            [
                (false, 0, 0),
                (false, 0, 0),
                (false, 0, 0),
                (false, 0, 0),
                (false, 0, 0),
                (false, 0, 0),
                (false, 1, 1),
                (false, 2, 1),
                (false, 2, 1),
                (false, 2, 2),
                (false, 2, 2),
                (false, 2, 2),
                (false, 2, 3),
                (false, 2, 3),
                (true, 2, 3)
            ]
        );
        assert!(!session.run_next(&StdThreads, &clock).unwrap(), "nothing is left");
    }

    #[test]
    fn recorded_repeats_last_the_time_asked() {
        let asked = Settings { min_repeat_ms: 5.0, ..settings() };
        let (file, _) = run("1,2", "string", "drop", asked);
        for case in &file.cases {
            let shortest = case.repeat_times_ns.iter().copied().fold(f64::INFINITY, f64::min) / 1e6;
            let said_so = case.notes.iter().any(|n| n.contains("lasted less than the 5 ms asked"));
            assert!(shortest >= 5.0 || said_so, "{} x{}: {shortest} ms, {:?}", case.variant, case.threads, case.notes);
        }
    }

    #[test]
    fn repeats_shorter_than_asked_after_the_warm_up_round_get_more_samples() {
        let plan = ClonePlan::from_lists(&["1", "string", "drop", ""], 0, 64).unwrap();
        let mut session = Session::new(&plan, settings());
        let clock = InstantClock(Instant::now());
        session.run_next(&StdThreads, &clock).unwrap();
        let calibrated = session.sizing[0].as_ref().unwrap().samples;
        // As if the warm-up round had found the code twice as fast as the calibration did.
        session.warm_ms[0].push(0.5);
        session.lengthen_short_repeats();
        assert_eq!(session.sizing[0].as_ref().unwrap().samples, (calibrated as f64 * 1.25 * 2.0).ceil() as u64);
    }

    #[test]
    fn forget_mode_keeps_to_its_leak_budget() {
        let asked = settings();
        let each = leak_per_clone(CloneType::String, CloneMode::Forget, 64);
        assert!(each > 0);
        // Repeats asked to last a minute: only the leak budget stops the samples, and the note says so.
        let (file, _) = run("1,2", "string", "forget", Settings { min_repeat_ms: 60_000.0, ..asked.clone() });
        let string = file.cases.iter().find(|c| c.variant_id == "string" && c.threads == 2).unwrap();
        assert!(string.ops_per_repeat * each * 2 * 4 <= asked.max_leak_bytes, "{}", string.ops_per_repeat);
        assert!(string.notes.iter().any(|n| n.contains("held to")), "{:?}", string.notes);
        // Arc<str> leaks no memory when forgotten (only its count grows): no budget applies.
        assert_eq!(leak_per_clone(CloneType::ArcStr, CloneMode::Forget, 64), 0);
    }

    #[test]
    fn contenders_that_never_start_end_the_run_with_a_reason() {
        let plan = ClonePlan::from_lists(&["3", "arc_str", "drop", ""], 0, 64).unwrap();
        let mut session = Session::new(&plan, Settings { min_repeat_ms: 0.0, ..settings() });
        let clock = JumpingClock(AtomicU32::new(0));
        session.run_next(&NoThreads, &clock).unwrap();
        // The first CPU check is the first step on threads: it ends the run.
        let error = session.run_next(&NoThreads, &clock).unwrap_err();
        assert!(error.contains("only 1 of 3 threads started") && error.contains("for a CPU check"), "{error}");
        // A repeat whose contenders never start ends it the same way.
        let case = PlannedCase { samples: 10, ..plan.cases()[0].clone() };
        let error = repeat(&NoThreads, &clock, &CloneSource::new(64), &ThreadAllocators::new(), &case).unwrap_err();
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
        let rc = PlannedCase::new(CloneType::RcStr, CloneMode::Drop, 2, 0);
        assert!(refusal(&rc, &settings()).unwrap().contains("cannot run on 2 threads"));
        let plan = ClonePlan::from_lists(&["1", "string", "drop", ""], 0, 64).unwrap();
        let mut no_repeats = Session::new(&plan, Settings { repeats: 0, ..settings() });
        assert!(no_repeats.run_next(&StdThreads, &clock).unwrap_err().contains("repeats"));
    }
}
