//! What every measuring subcommand shares: where the results file goes, the progress bar, the
//! thread counts, threads that start each repeat together, and assembling and writing the file.

use crate::cli::RunArgs;
use crate::progress::{Progress, Step};
use crate::{allocator, info, output, Failure};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Barrier, Condvar, Mutex};
use std::time::{Duration, Instant};
use wasm_core::clone_run::{default_thread_counts, RunContext};
use wasm_core::results::CaseResult;

/// Where results files go by default, relative to the repository root (the working directory).
/// Where a run's file goes by default: the folder the site imports and pull requests add to.
pub const RESULTS_DIR: &str = "content/results";
/// Where a `--quick` run's file goes by default.
pub const QUICK_DIR: &str = "target/quick-runs";

/// The `--threads` list, sorted and without repeats, or the default for this machine.
pub fn thread_counts(asked: &Option<Vec<u32>>) -> Vec<u32> {
    sorted_unique(asked.clone().unwrap_or_else(|| default_thread_counts(info::logical_cpus())))
}

/// `asked` (or `all` when nothing was asked), sorted and without repeats.
pub fn chosen<T: Copy + Ord>(asked: &Option<Vec<T>>, all: &[T]) -> Vec<T> {
    sorted_unique(asked.clone().unwrap_or_else(|| all.to_vec()))
}

fn sorted_unique<T: Ord>(mut values: Vec<T>) -> Vec<T> {
    values.sort();
    values.dedup();
    values
}

/// Median of `values`, `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    wasm_core::stats::summarize(values).map(|s| s.median)
}

/// Decides the output path before anything runs, so a clash fails in a second, not after minutes.
/// The default name is `<label>-<date>.json`, or `<label>-<suite>-<date>.json` when `suite` is given.
pub fn output_path(run: &RunArgs, suite: Option<&str>, created_at: &str) -> Result<PathBuf, Failure> {
    let path = match &run.out {
        Some(path) => path.clone(),
        None => {
            if !Path::new(RESULTS_DIR).is_dir() {
                return Err(Failure::usage(format!("{RESULTS_DIR}/ is not here: run from the repository root or pass --out FILE")));
            }
            let date = &created_at[..10];
            // A --quick run is a try-out, never a submission: it goes under target/ with a name of
            // its own, so it neither takes the real run's file name nor shows up on the site.
            let quick = if run.quick { "-quick" } else { "" };
            let name = match suite {
                Some(suite) => format!("{}-{suite}{quick}-{date}.json", run.label),
                None => format!("{}{quick}-{date}.json", run.label),
            };
            if run.quick {
                std::fs::create_dir_all(QUICK_DIR).map_err(|e| Failure::runtime(format!("cannot create {QUICK_DIR}/: {e}")))?;
                Path::new(QUICK_DIR).join(name)
            } else {
                Path::new(RESULTS_DIR).join(name)
            }
        }
    };
    output::check_destination(&path, run.force)?;
    Ok(path)
}

/// After a signal stopped the run: writes the cases that finished, marked incomplete, beside `path`
/// (`interrupt::incomplete_path`); the failure (exit status 130) says where they are.
pub fn write_incomplete(run: &RunArgs, path: &Path, created_at: String, probe: &info::Probe, cases: Vec<CaseResult>) -> Failure {
    if cases.is_empty() {
        return Failure::interrupted("stopped before any case finished; nothing was written".into());
    }
    let kept = crate::interrupt::incomplete_path(path);
    let finished = cases.len();
    match write_file(run, &kept, created_at, probe, cases) {
        Ok(()) => Failure::interrupted(format!(
            "stopped: the {finished} case(s) that finished are in {}, marked incomplete (validate --submission refuses it; run again to submit)",
            kept.display()
        )),
        Err(failure) => failure,
    }
}

/// Builds the results file of this run around `cases` (each marked with its noise figure) and the
/// conditions `probe` started reading when the run began (`incomplete` when a signal stopped the
/// run), and writes it to `path`.
pub fn write_file(run: &RunArgs, path: &Path, created_at: String, probe: &info::Probe, cases: Vec<CaseResult>) -> Result<(), Failure> {
    let mut conditions = probe.finish();
    conditions.incomplete = crate::interrupt::requested();
    let file = RunContext {
        label: run.label.clone(),
        created_at,
        runner: info::runner(),
        machine: info::machine(),
        toolchain: info::toolchain(),
        allocator: allocator::info(),
        conditions: Some(conditions),
    }
    .into_file(cases);
    output::write_results(path, &file, run.force)
}

/// Measures every planned case (`measure` gets the plan and a callback to call after each round,
/// warm-ups included, `rounds` per plan) under one progress line (its time left estimated per plan,
/// and per thread count from `threads`), prints `summary` unless `--quiet`, and writes the results file.
#[allow(clippy::too_many_arguments)]
pub fn measure_and_write<P>(
    run: &RunArgs,
    path: &Path,
    created_at: String,
    plans: &[P],
    rounds: u32,
    name: impl Fn(&P) -> String,
    threads: impl Fn(&P) -> u32,
    mut measure: impl FnMut(&P, &mut dyn FnMut()) -> Result<CaseResult, Failure>,
    summary: fn(&[CaseResult]),
) -> Result<(), Failure> {
    let steps = plans
        .iter()
        .enumerate()
        .map(|(case, plan)| (case, threads(plan)))
        .flat_map(|(case, class)| (0..rounds).map(move |_| Step { case, class }));
    let mut bar = Progress::new(steps.collect(), run.quiet);
    let probe = info::Probe::start(run.quick, run.oversubscribe);
    let mut cases = Vec::with_capacity(plans.len());
    for plan in plans {
        if crate::interrupt::requested() {
            break;
        }
        bar.set_message(name(plan));
        match measure(plan, &mut || bar.step_done()) {
            Ok(case) => cases.push(case),
            // The signal that stopped the run may have killed the case in hand: keep the others.
            Err(_) if crate::interrupt::requested() => break,
            Err(failure) => {
                bar.abandon();
                return Err(failure);
            }
        }
    }
    bar.finish_and_clear();
    if crate::interrupt::requested() {
        return Err(write_incomplete(run, path, created_at, &probe, cases));
    }
    if !run.quiet {
        summary(&cases);
    }
    write_file(run, path, created_at, &probe, cases)
}

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

/// Samples one file may store across all its cases. Each stored time costs about 20 bytes of
/// pretty-printed JSON, so this keeps a default run of any suite, on any number of cores, well
/// under `validate`'s 1 MiB limit (the rest of a case is a few hundred bytes).
pub const FILE_SAMPLE_BUDGET: usize = 24_000;
/// Bytes a case costs besides its samples, and a sample, in pretty JSON: measured on a default sso
/// run at 1..16 threads (417 KB for 180 cases and 16,524 samples), rounded up.
const CASE_BYTES: usize = 700;
const SAMPLE_BYTES: usize = 20;

/// How many samples each of `cases` cases may store: its share of [`FILE_SAMPLE_BUDGET`], but never
/// fewer than one thread's timed rounds.
pub fn sample_cap(cases: usize, timed_rounds: u32) -> usize {
    (FILE_SAMPLE_BUDGET / cases.max(1)).max(timed_rounds as usize)
}

/// Checks, before anything is measured, that a run of `cases` cases storing at most `per_case`
/// samples each fits in a results file; a run that cannot is refused now, not after an hour.
pub fn check_file_size(cases: usize, per_case: usize) -> Result<(), Failure> {
    let estimate = cases * (CASE_BYTES + per_case * SAMPLE_BYTES);
    let limit = wasm_core::validate::MAX_FILE_BYTES;
    if estimate > limit * 9 / 10 {
        return Err(Failure::usage(format!(
            "this run would write about {} KiB, over the {} KiB a results file may hold: measure fewer cases (--threads, --type, ...)",
            estimate / 1024,
            limit / 1024
        )));
    }
    Ok(())
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
    fn thread_counts_are_sorted_and_unique() {
        assert_eq!(thread_counts(&Some(vec![4, 1, 4])), vec![1, 4]);
        assert_eq!(chosen(&None, &[3, 1, 2]), vec![1, 2, 3]);
    }

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

    /// Issue 12, row 2: a default sso run on 16 (or 128) logical CPUs fits in one file.
    #[test]
    fn a_big_machines_default_sso_run_fits_in_a_file() {
        for cpus in [2, 16, 32, 128, 1024] {
            let thread_counts = default_thread_counts(cpus);
            let cases = 9 * 4 * thread_counts.len();
            let cap = sample_cap(cases, 51);
            let stored: usize = thread_counts.iter().map(|&t| (t as usize * 51).min(cap.max(51))).sum::<usize>() * 36;
            assert!(check_file_size(cases, cap).is_ok(), "{cpus} CPUs: {cases} cases, cap {cap}");
            assert!(stored <= FILE_SAMPLE_BUDGET.max(cases * 51), "{cpus} CPUs stores {stored}");
        }
    }
}
