//! What a pull request's results file must be beyond valid: a run of the project's runners, made
//! since they existed, on a machine that was not busy, not a `--quick` try, measured cases with
//! enough repeats, and threads only past the CPUs where the run said so.

use super::physics::physics_problems;
use super::record::{frozen_clock_problems, jemalloc_statistics_problems};
use crate::problem::Problem;
use crate::results::{CaseResult, ResultsFile, Suite};

/// The day before the project's first run: no submission can be older.
pub const RUNNERS_SINCE: &str = "2026-11-20";

/// The day the runner began to write schema 2 (`machine.cpu_identity`): no schema-2 run is older.
pub const SCHEMA_2_SINCE: &str = "2026-11-27";

/// Most load average per logical CPU a results file may record at all.
pub const MAX_LOAD_PER_CPU: f64 = 4096.0;
/// Most load average per logical CPU before the run for a submission: above it, other work was
/// running and the times measure it too.
pub const BUSY_LOAD_PER_CPU: f64 = 2.0;

/// A run that started on a busy machine (load average above [`BUSY_LOAD_PER_CPU`] per logical
/// CPU): kept by the runner, refused as a submission.
pub fn busy_problems(file: &ResultsFile) -> Vec<Problem> {
    let Some(c) = &file.conditions else { return Vec::new() };
    let cpus = file.load_cpus();
    match c.load_average_before {
        Some(load) if load > BUSY_LOAD_PER_CPU * f64::from(cpus) => vec![Problem::new(
            "conditions.load_average_before",
            format!(
                "is {load} on {cpus} logical CPU(s): the machine was busy when the run started (more than {BUSY_LOAD_PER_CPU} runnable threads \
                 per CPU), so the times measure that other work too; run again on a quiet machine"
            ),
        )],
        _ => Vec::new(),
    }
}

/// Share of noisy cases above which (with more than [`TOO_NOISY_FEW`] of them) a run is too noisy to
/// compare with other machines: the runner's closing lines and the browser lab both advise running
/// again (a quieter machine, longer repeats) instead of sending it in.
pub const TOO_NOISY_SHARE: f64 = 0.25;
/// A run with this many noisy cases or fewer is never too noisy (one noisy case of a one-case run is
/// a reason to look, not to stop).
pub const TOO_NOISY_FEW: usize = 3;

/// A run's noisy cases (their repeats disagree by more than [`crate::results::NOISY_REL_MAD`]):
/// how many of how many, and whether that is too many ([`TOO_NOISY_SHARE`], [`TOO_NOISY_FEW`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noise {
    pub noisy: usize,
    pub cases: usize,
    pub too_noisy: bool,
}

pub fn noise(file: &ResultsFile) -> Noise {
    let noisy = file.cases.iter().filter(|c| c.noise_flag() == Some(true)).count();
    let cases = file.cases.len();
    Noise { noisy, cases, too_noisy: noisy > TOO_NOISY_FEW && noisy as f64 > TOO_NOISY_SHARE * cases as f64 }
}

/// A browser run the lab calls too noisy to compare ([`Noise::too_noisy`]) is a file to keep, not
/// to submit: the pull-request check holds it to the page's word. (A native run past the same
/// bound is told to run again by the runner's closing lines, and is left to review: a many-case
/// native run on a shared VM can be that noisy and still be the only data of its kind.)
pub fn noise_problem(file: &ResultsFile) -> Option<Problem> {
    let Noise { noisy, cases, too_noisy } = noise(file);
    (too_noisy && file.runner.name == crate::browser::BROWSER_RUNNER).then(|| {
        Problem::new(
            "cases",
            format!(
                "{noisy} of {cases} cases are noisy (their repeats disagree by more than {:.0} %): too many to compare with other machines; \
                 run again on a quieter machine (other work stopped, a laptop plugged in) and submit that run",
                crate::results::NOISY_REL_MAD * 100.0
            ),
        )
    })
}

/// The day the browser lab began to check its CPUs ([`crate::results::CpuChecks`]): a browser run
/// since then carries the checks.
pub const CPU_CHECKS_SINCE: &str = "2026-11-28";

/// A browser run its own CPU checks call disturbed ([`crate::disturbance`]) is a file to keep, not
/// to submit; so is one made since the lab checks that carries no checks (a check cannot be dodged
/// by deleting it).
pub fn disturbance_problem(file: &ResultsFile) -> Option<Problem> {
    if file.runner.name != crate::browser::BROWSER_RUNNER {
        return None;
    }
    match file.conditions.as_ref().and_then(|c| c.cpu_checks.as_ref()) {
        Some(checks) => crate::disturbance::disturbance(checks).map(|why| {
            Problem::new(
                "conditions.cpu_checks",
                format!("say the run was disturbed: {why}; close other programs and tabs and run again, and submit that run"),
            )
        }),
        None if file.created_at.as_str() >= CPU_CHECKS_SINCE => Some(Problem::new(
            "conditions.cpu_checks",
            format!("is missing; the lab records its CPU checks in every run since {CPU_CHECKS_SINCE}"),
        )),
        None => None,
    }
}

/// What makes a valid run a file to keep rather than one to submit: too noisy to compare
/// ([`noise_problem`]) or disturbed ([`disturbance_problem`]). The lab still offers such a run, and
/// says why it is not for submitting.
pub fn keep_only_problems(file: &ResultsFile) -> Vec<Problem> {
    noise_problem(file).into_iter().chain(disturbance_problem(file)).collect()
}

/// The extra rules for a file sent in by pull request (`native-runner validate --submission`): on
/// top of [`validate_bytes`](super::validate_bytes), its numbers must be real measurements.
pub fn submission_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    match file.runner.name.as_str() {
        "native-runner" => {}
        crate::browser::BROWSER_RUNNER => problems.extend(crate::browser::submission_problems(file)),
        other => problems.push(Problem::new(
            "runner.name",
            format!("is {other:?}; submitted files come from native-runner or the site's browser runs (reference datasets are added by the project)"),
        )),
    }
    if file.provenance.is_some() {
        problems.push(Problem::new("provenance", "is set; it marks data the project imported from elsewhere, never a machine's own run"));
    }
    match &file.conditions {
        None => problems.push(Problem::new("conditions", "is missing; the runner records the conditions of every run (and whether it was --quick)")),
        Some(c) if c.quick => problems.push(Problem::new(
            "conditions.quick",
            "is true: a --quick run uses tiny sample counts to try the runner out, and its numbers are not measurements; run without --quick to submit",
        )),
        Some(c) if c.incomplete => problems.push(Problem::new(
            "conditions.incomplete",
            "is true: a signal stopped this run before its plan was done; run again to submit",
        )),
        Some(_) => {}
    }
    problems.extend(keep_only_problems(file));
    if file.runner.name == "native-runner" {
        problems.extend(oversubscription_problems(file));
        if file.machine.logical_cores.is_none() {
            problems.push(Problem::new(
                "machine.logical_cores",
                "is missing; the runner records the CPUs it may use, and the oversubscription rule needs them",
            ));
        }
    }
    // No submitted run is older than the runners (the project's first results are of 2026-11-21).
    if file.created_at.as_str() < RUNNERS_SINCE {
        problems.push(Problem::new(
            "created_at",
            format!("is {}, before the runners existed ({RUNNERS_SINCE}); a submitted run is a new measurement", file.created_at),
        ));
    }
    if file.schema_version >= 2 && file.created_at.as_str() < SCHEMA_2_SINCE {
        problems.push(Problem::new(
            "created_at",
            format!(
                "is {}, but schema {} files are written since {SCHEMA_2_SINCE}; a run cannot be older than its format",
                file.created_at, file.schema_version
            ),
        ));
    }
    problems.extend(crate::plausible::faster_than_alone(file));
    problems.extend(frozen_clock_problems(file));
    problems.extend(jemalloc_statistics_problems(file));
    problems.extend(physics_problems(file));
    problems.extend(busy_problems(file));
    for (i, case) in file.cases.iter().enumerate() {
        problems.extend(measurement_problems(&format!("cases[{i}]"), case));
        if let Some(harness) = &case.params.harness {
            problems.push(Problem::new(
                format!("cases[{i}].params.harness"),
                format!("is {harness:?}: runs with another method than ours exist for chapter 4's ablation and are not compared with other machines; run without --method to submit"),
            ));
        }
    }
    problems
}

/// Threads a case runs at once: its `threads`, and an arc-swap case's writer beside them.
pub fn running_threads(case: &CaseResult) -> u32 {
    case.threads.saturating_add(u32::from(case.params.writer == Some(true)))
}

/// A native run's cases that ran more threads at once than the CPUs the process could use
/// (`machine.logical_cores`) measure time-sharing, not contention between cores: refused for a
/// submission unless the run was asked for that (`conditions.oversubscribe`, from
/// `--oversubscribe`). One problem per case, so a reader sees which ones.
pub(super) fn oversubscription_problems(file: &ResultsFile) -> Vec<Problem> {
    let (Some(cpus), false) = (file.machine.logical_cores, file.conditions.as_ref().is_some_and(|c| c.oversubscribe)) else {
        return Vec::new();
    };
    file.cases
        .iter()
        .enumerate()
        .filter(|(_, case)| running_threads(case) > cpus)
        .map(|(i, case)| {
            Problem::new(
                format!("cases[{i}].threads"),
                format!(
                    "runs {} threads at once on a process that could use {cpus} CPU(s) (machine.logical_cores): they took turns on a CPU, which is not contention between cores; \
                     run with --threads up to {cpus}, or pass --oversubscribe to measure that on purpose (it is recorded as conditions.oversubscribe)",
                    running_threads(case)
                ),
            )
        })
        .collect()
}

/// Fewest timed repeats a submitted case has (`--quick` takes 2; a median of 3 is the least that
/// says anything about spread).
pub const MIN_SUBMISSION_REPEATS: usize = 3;
/// Shortest median repeat a submitted case has, in nanoseconds: 1 ms. A `--quick` repeat is far
/// shorter; the runner's defaults and the browser's calibration give 8 ms or more.
pub const MIN_SUBMISSION_REPEAT_NS: f64 = 1e6;

/// `--quick` sizes: the runner's defaults under `--quick`, and what a submission must exceed.
pub mod quick {
    use crate::results::Suite;

    /// Timed repeats per case, every suite.
    pub const REPEATS: u32 = 2;
    /// Clones by the timed thread per repeat (`clone`).
    pub const CLONE_SAMPLES: u64 = 1 << 14;
    /// Conversions of the whole tag list per thread per repeat (`sso`).
    pub const SSO_CALLS: u64 = 50;
    /// Reads per reader thread per repeat (`arcswap`).
    pub const ARCSWAP_READS: u64 = 1 << 12;
    /// Nodes in each list (`arena`).
    pub const ARENA_NODES: u64 = 10_000;
    /// Counter updates per thread per repeat (`lines`).
    pub const LINES_UPDATES: u64 = 1 << 14;

    /// Operations a `--quick` repeat does in `suite`; a submitted case does more.
    pub fn ops(suite: Option<Suite>) -> u64 {
        match suite {
            Some(Suite::Clone) => CLONE_SAMPLES,
            Some(Suite::Sso) => SSO_CALLS,
            Some(Suite::Arcswap) => ARCSWAP_READS,
            Some(Suite::Arena) => ARENA_NODES,
            Some(Suite::Lines) => LINES_UPDATES,
            None => 0,
        }
    }
}

/// A submitted case must be a measurement: enough repeats and operations, noise recorded, and
/// contenders that ran.
pub(super) fn measurement_problems(at: &str, case: &CaseResult) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: String| {
        if !ok {
            problems.push(Problem::new(format!("{at}.{field}"), problem));
        }
    };
    let repeats = case.repeat_times_ns.len()
        / if matches!(case.suite(), Some(Suite::Sso | Suite::Arcswap | Suite::Lines)) { case.threads.max(1) as usize } else { 1 };
    check(
        repeats >= MIN_SUBMISSION_REPEATS,
        "repeat_times_ns",
        format!("holds {repeats} repeat(s); a submitted case has at least {MIN_SUBMISSION_REPEATS}"),
    );
    let quick = quick::ops(case.suite());
    check(
        case.ops_per_repeat > quick,
        "ops_per_repeat",
        format!("is {}, a --quick run's size ({quick}); a submitted {} case does more", case.ops_per_repeat, case.suite),
    );
    check(
        case.median_ns >= MIN_SUBMISSION_REPEAT_NS,
        "median_ns",
        format!("is {} ns; a submitted case's repeats last at least 1 ms", case.median_ns),
    );
    check(case.noise_rel_mad.is_some(), "noise_rel_mad", "is missing; the runner writes it for every case".into());
    check(case.noisy.is_some(), "noisy", "is missing; the runner writes it for every case".into());
    if case.threads > 1 && case.is_global_clone() {
        let rate = case.contender_ops_per_sec;
        check(rate.is_some(), "contender_ops_per_sec", "is missing; a clone case with contenders records their rate".into());
        check(
            rate != Some(0.0),
            "contender_ops_per_sec",
            format!("is 0: the {} contender(s) never ran while the timed thread did, so nothing contended (was the run confined to one CPU, e.g. taskset -c 0?)", case.threads - 1),
        );
    }
    problems
}
