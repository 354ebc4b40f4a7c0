//! Where a run's results file goes, how much it may hold, and assembling and writing it: the one
//! run every suite but `clone` shares ([`Suite`]: the checks before it, the measure → write loop).

use crate::cli::RunArgs;
use crate::failure::Failure;
use crate::progress::{Progress, Step};
use crate::{allocator, info, output};
use std::path::{Path, PathBuf};
use wasm_core::clone_run::RunContext;
use wasm_core::results::CaseResult;

/// Where results files go by default, relative to the repository root (the working directory).
/// Where a run's file goes by default: the folder the site imports and pull requests add to.
pub const RESULTS_DIR: &str = "content/results";
/// Where a `--quick` run's file goes by default.
pub const QUICK_DIR: &str = "target/quick-runs";

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

/// Why a run ends before its plan is done.
pub enum Cut {
    /// A signal (Ctrl-C) stopped it.
    Signal,
    /// A case failed: its process died (a crash, an address-space limit, the OOM killer) or refused.
    Failed(Failure),
}

/// After a run was cut short: writes the cases that finished, marked incomplete, beside `path`
/// (`interrupt::incomplete_path`), so the measurements done are not lost with the case in hand; the
/// failure says why the run ended (exit status 130 for a signal) and where the finished cases are.
pub fn keep_finished(run: &RunArgs, path: &Path, created_at: String, probe: &info::Probe, cases: Vec<CaseResult>, cut: Cut) -> Failure {
    if cases.is_empty() {
        return match cut {
            Cut::Signal => Failure::interrupted("stopped before any case finished; nothing was written".into()),
            Cut::Failed(failure) => failure,
        };
    }
    let kept = crate::interrupt::incomplete_path(path);
    let finished = cases.len();
    match (cut, write_marked(run, &kept, created_at, probe, cases, true)) {
        (Cut::Signal, Ok(())) => Failure::interrupted(format!(
            "stopped: the {finished} case(s) that finished are in {}, marked incomplete (validate --submission refuses it; run again to submit)",
            kept.display()
        )),
        (Cut::Failed(failure), Ok(())) => Failure::runtime(format!(
            "{failure}\nthe {finished} case(s) that finished before it are in {}, marked incomplete (validate --submission refuses it; \
             mend the cause and run again to submit)",
            kept.display()
        )),
        (Cut::Signal, Err(write)) => write,
        (Cut::Failed(failure), Err(write)) => Failure::runtime(format!("{failure}\nand the cases that finished could not be kept: {write}")),
    }
}

/// Builds the results file of this run around `cases` (each marked with its noise figure) and the
/// conditions `probe` started reading when the run began (`incomplete` when a signal stopped the
/// run), and writes it to `path`.
pub fn write_file(run: &RunArgs, path: &Path, created_at: String, probe: &info::Probe, cases: Vec<CaseResult>) -> Result<(), Failure> {
    write_marked(run, path, created_at, probe, cases, crate::interrupt::requested())
}

fn write_marked(
    run: &RunArgs,
    path: &Path,
    created_at: String,
    probe: &info::Probe,
    cases: Vec<CaseResult>,
    incomplete: bool,
) -> Result<(), Failure> {
    let mut conditions = probe.finish();
    conditions.incomplete = incomplete;
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

/// A measuring suite besides `clone` (whose cases run in child processes, `suite.rs`): what one run
/// of it says of itself, its flags resolved. [`Suite::run`] does the rest, the same for every suite:
/// the file's path, the size budget, the checks before a run, the progress line, Ctrl-C, the
/// summary and the write.
pub trait Suite {
    /// One case of the plan.
    type Case;
    /// The suite's id, which the results file's default name carries (`<label>-<id>-<date>.json`).
    const ID: &'static str;
    /// Threads a case runs beside the ones it measures (arcswap's writer).
    const EXTRA_THREADS: u32 = 0;
    /// The flags every suite shares.
    fn run_args(&self) -> &RunArgs;
    /// Timed repeats per case (the untimed warm-ups before them are `--warmups`).
    fn repeats(&self) -> u32;
    /// The cases, in the order they run; a usage failure when the flags leave none or ask too much.
    fn cases(&self) -> Result<Vec<Self::Case>, Failure>;
    /// A case as the progress line names it.
    fn name(&self, case: &Self::Case) -> String;
    /// The threads a case measures.
    fn threads(&self, case: &Self::Case) -> u32;
    /// Measures one case, keeping at most `cap` samples, calling `on_round` after every round
    /// (warm-ups included).
    fn measure(&self, case: &Self::Case, cap: usize, on_round: &mut dyn FnMut()) -> Result<CaseResult, Failure>;
    /// What a reader sees on stderr once the run is done.
    fn summary(cases: &[CaseResult]);

    /// Runs every case and writes the results file; returns its path.
    fn run(&self) -> Result<PathBuf, Failure> {
        let run = self.run_args();
        let cases = self.cases()?;
        let created_at = info::now_rfc3339();
        let path = output_path(run, Some(Self::ID), &created_at)?;
        let cap = sample_cap(cases.len(), self.repeats());
        check_file_size(cases.len(), cap)?;
        let most_threads = cases.iter().map(|c| self.threads(c)).max().unwrap_or(1) + Self::EXTRA_THREADS;
        crate::limits::check_before_run(&path, cases.len(), most_threads, run)?;
        self.measure_and_write(&path, created_at, &cases, cap)?;
        Ok(path)
    }

    /// Measures every case under one progress line (its time left estimated per case, and per
    /// thread count), prints [`Suite::summary`] unless `--quiet`, and writes the results file; a run
    /// stopped by a signal keeps the cases it finished.
    fn measure_and_write(&self, path: &Path, created_at: String, cases: &[Self::Case], cap: usize) -> Result<(), Failure> {
        let run = self.run_args();
        let rounds = run.warmups + self.repeats();
        let steps = cases
            .iter()
            .enumerate()
            .map(|(index, case)| (index, self.threads(case)))
            .flat_map(|(case, class)| (0..rounds).map(move |_| Step { case, class }));
        let mut bar = Progress::new(steps.collect(), run.quiet);
        let probe = info::Probe::start(run.quick, run.oversubscribe);
        let mut results = Vec::with_capacity(cases.len());
        for case in cases {
            if crate::interrupt::requested() {
                break;
            }
            bar.set_message(self.name(case));
            match self.measure(case, cap, &mut || bar.step_done()) {
                Ok(result) => results.push(result),
                // The signal that stopped the run may have killed the case in hand: keep the others.
                Err(_) if crate::interrupt::requested() => break,
                Err(failure) => {
                    bar.abandon();
                    return Err(keep_finished(run, path, created_at, &probe, results, Cut::Failed(failure)));
                }
            }
        }
        bar.finish_and_clear();
        if crate::interrupt::requested() {
            return Err(keep_finished(run, path, created_at, &probe, results, Cut::Signal));
        }
        if !run.quiet {
            Self::summary(&results);
        }
        write_file(run, path, created_at, &probe, results)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::clone_run::default_thread_counts;

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
