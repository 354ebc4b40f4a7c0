//! What every measuring subcommand shares: where the results file goes, the progress bar, the
//! thread counts, threads that start each repeat together, and assembling and writing the file.

use crate::cli::RunArgs;
use crate::{allocator, info, output, Failure};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Barrier};
use std::time::{Duration, Instant};
use wasm_core::results::{CaseResult, LayoutFacts, ResultsFile, SCHEMA_VERSION};

/// Where results files go by default, relative to the repository root (the working directory).
const RESULTS_DIR: &str = "content/results";

/// 1, 2, 4, ... up to `logical`, plus `logical` itself (1, 2, 4, 8, 12 on the article's 5600X).
pub fn default_thread_counts(logical: u32) -> Vec<u32> {
    let mut counts: Vec<u32> = std::iter::successors(Some(1u32), |n| n.checked_mul(2)).take_while(|&n| n <= logical).collect();
    if counts.last() != Some(&logical) && logical > 1 {
        counts.push(logical);
    }
    counts
}

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
            let name = match suite {
                Some(suite) => format!("{}-{suite}-{date}.json", run.label),
                None => format!("{}-{date}.json", run.label),
            };
            Path::new(RESULTS_DIR).join(name)
        }
    };
    if path.exists() && !run.force {
        return Err(Failure::runtime(format!("{} exists; pass --force to overwrite it", path.display())));
    }
    Ok(path)
}

/// A progress bar over `len` runs (hidden with `--quiet`).
pub fn progress_bar(len: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} runs  {msg}").expect("template").progress_chars("=> "));
    bar
}

/// Builds the results file of this run around `cases` and writes it to `path`.
pub fn write_file(run: &RunArgs, path: &Path, created_at: String, cases: Vec<CaseResult>) -> Result<(), Failure> {
    let file = ResultsFile {
        schema_version: SCHEMA_VERSION,
        label: run.label.clone(),
        created_at,
        runner: info::runner(),
        machine: info::machine(),
        toolchain: info::toolchain(),
        allocator: allocator::info(),
        layouts: LayoutFacts::current(),
        provenance: None,
        cases,
    };
    output::write_results(path, &file, run.force)
}

/// Measures every planned case (`measure` gets the plan and a callback to call after each round,
/// warm-ups included, `rounds` per plan) under one progress bar, prints `summary` unless `--quiet`,
/// and writes the results file.
#[allow(clippy::too_many_arguments)]
pub fn measure_and_write<P>(
    run: &RunArgs,
    path: &Path,
    created_at: String,
    plans: &[P],
    rounds: u32,
    name: impl Fn(&P) -> String,
    mut measure: impl FnMut(&P, &mut dyn FnMut()) -> CaseResult,
    summary: fn(&[CaseResult]),
) -> Result<(), Failure> {
    let bar = progress_bar(plans.len() as u64 * u64::from(rounds), run.quiet);
    let mut cases = Vec::with_capacity(plans.len());
    for plan in plans {
        bar.set_message(name(plan));
        cases.push(measure(plan, &mut || bar.inc(1)));
    }
    bar.finish_and_clear();
    if !run.quiet {
        summary(&cases);
    }
    write_file(run, path, created_at, cases)
}

/// Runs `rounds` rounds of `work` on `threads` threads. Each thread builds its own state with
/// `setup(thread_index)` once (so per-thread caches live across rounds), then every round starts on
/// all threads together at a barrier. Returns each round's per-thread times of `work`, and calls
/// `on_round` as each round completes (for the progress bar).
pub fn run_rounds<S>(
    threads: u32,
    rounds: u32,
    setup: impl Fn(u32) -> S + Sync,
    work: impl Fn(&mut S) + Sync,
    mut on_round: impl FnMut(),
) -> Vec<Vec<Duration>> {
    let barrier = Barrier::new(threads as usize);
    let (sender, receiver) = mpsc::channel::<(u32, Duration)>();
    let mut times = vec![Vec::with_capacity(threads as usize); rounds as usize];
    std::thread::scope(|scope| {
        for index in 0..threads {
            let (sender, barrier, setup, work) = (sender.clone(), &barrier, &setup, &work);
            scope.spawn(move || {
                let mut state = setup(index);
                for round in 0..rounds {
                    barrier.wait();
                    let start = Instant::now();
                    work(&mut state);
                    sender.send((round, start.elapsed())).expect("the collector outlives the workers");
                }
            });
        }
        drop(sender);
        for (round, elapsed) in receiver {
            let round_times = &mut times[round as usize];
            round_times.push(elapsed);
            if round_times.len() == threads as usize {
                on_round();
            }
        }
    });
    times
}

/// Nanoseconds of `elapsed`, at least 1 (a repeat time must be positive).
pub fn nanos(elapsed: Duration) -> f64 {
    (elapsed.as_nanos() as f64).max(1.0)
}

/// Turns [`run_rounds`]' times into a case's samples: every thread's time of every timed round (the
/// first `warmups` rounds dropped), and the median over rounds of all threads' combined rate when
/// each did `ops` operations.
pub fn thread_samples(times: &[Vec<Duration>], warmups: u32, ops: u64) -> (Vec<f64>, Option<f64>) {
    let timed = &times[(warmups as usize).min(times.len())..];
    let samples = timed.iter().flatten().map(|&t| nanos(t)).collect();
    let rates: Vec<f64> = timed.iter().map(|round| round.iter().map(|&t| ops as f64 * 1e9 / nanos(t)).sum()).collect();
    (samples, median(&rates))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn thread_counts_double_up_to_the_cpus() {
        assert_eq!(default_thread_counts(1), vec![1]);
        assert_eq!(default_thread_counts(2), vec![1, 2]);
        assert_eq!(default_thread_counts(12), vec![1, 2, 4, 8, 12]);
        assert_eq!(default_thread_counts(16), vec![1, 2, 4, 8, 16]);
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
        );
        assert_eq!(setups.load(Ordering::Relaxed), 3);
        assert_eq!(completed, 4);
        assert!(times.iter().all(|round| round.len() == 3));
        let (samples, rate) = thread_samples(&times, 1, 10);
        assert_eq!(samples.len(), 9);
        assert!(samples.iter().all(|&s| s >= 1.0) && rate.unwrap() > 0.0);
    }
}
