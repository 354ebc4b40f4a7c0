//! Submission rules for numbers that physics rules out, one case against another of the same file:
//! a shared counter that got no slower with its contenders running flat out, contenders that barely
//! ran, an `Rc<str>` (a plain increment) slower than an `Arc<str>` (an atomic one), a forget-mode
//! run that leaked less per clone than the text it copied, a suite's all-threads rate that its own
//! per-thread times cannot give, lines and arena cases under their floors, and one case's repeats
//! copied into another. The runner keeps such
//! a run (a wildly disturbed machine can write one); the site does not take it.

use crate::kernels::{CloneMode, CloneType, CloneWork};
use crate::problem::Problem;
use crate::results::Suite;
use crate::results::{CaseResult, ResultsFile, DEFAULT_CLONE_LEN};

/// Least share of its own alone rate each contender must have run at: below it the contenders
/// barely ran, and the case timed one thread alone (shipped runs: 3 % at the least, a browser's
/// `String` contender starved by dlmalloc's lock; natively 7 %).
pub const MIN_CONTENDER_SHARE: f64 = 0.01;
/// Contenders at this share of their alone rate or more are running flat out: a shared counter
/// cannot then time as fast as alone.
pub const FLAT_OUT_SHARE: f64 = 0.25;
/// How much slower than `Arc<str>` an `Rc<str>` clone may time on one thread before it is refused:
/// the margin is for noise (shipped runs: `Rc<str>` at 0.05 to 0.27 of `Arc<str>`).
pub const RC_OVER_ARC_MARGIN: f64 = 1.1;
/// The range of a case's all-threads rate over what its per-thread times give (threads × 10⁹ ÷ ns
/// per op): shipped runs stay within 0.5 to 1.06.
pub const ALL_THREADS_RANGE: (f64, f64) = (0.2, 2.0);
/// Least ns per update of a `lines` case and per node of an `arena` case: a store takes a cycle
/// (fastest measured: 2.0 ns an update, 3.3 ns a node).
pub const LINES_FLOOR_NS: f64 = 0.1;
/// See [`LINES_FLOOR_NS`].
pub const ARENA_FLOOR_NS: f64 = 0.2;

/// Every rule of this module on `file`.
pub fn physics_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, case) in file.cases.iter().enumerate() {
        let at = |field: &str| format!("cases[{i}].{field}");
        if case.is_global_clone() && case.threads > 1 && case.placement.is_none() && case.params.harness.is_none() {
            if let (Some(rate), Some(alone)) = (case.contender_ops_per_sec, crate::plausible::alone_of(file, case)) {
                let share = rate / f64::from(case.threads - 1) * alone.median_ns_per_op / 1e9;
                if rate > 0.0 && share < MIN_CONTENDER_SHARE {
                    problems.push(Problem::new(
                        at("contender_ops_per_sec"),
                        format!(
                            "is {rate:e}: each contender ran at {:.2} % of the case's own rate alone, so the case timed one thread, not contention",
                            share * 100.0
                        ),
                    ));
                }
                let shared_counter =
                    CloneType::parse(&case.variant_id).is_some_and(|t| t.work() == CloneWork::Counter && t.is_thread_safe());
                if shared_counter
                    && case.clone_mode() != Some(CloneMode::Read)
                    && share >= FLAT_OUT_SHARE
                    && case.median_ns_per_op < alone.median_ns_per_op
                {
                    problems.push(Problem::new(
                        at("median_ns_per_op"),
                        format!(
                            "is {} ns at {} threads, faster than the same shared counter alone ({} ns) while its contenders ran at {:.0} % of that rate: \
                             threads that write one cache line wait for each other",
                            case.median_ns_per_op,
                            case.threads,
                            alone.median_ns_per_op,
                            share * 100.0
                        ),
                    ));
                }
            }
        }
        if let Some(problem) = leak_problem(case) {
            problems.push(Problem::new(at("memory.allocated_after_bytes"), problem));
        }
        if let Some(rate) = case.all_threads_ops_per_sec.filter(|r| *r > 0.0 && case.median_ns_per_op > 0.0) {
            let given = f64::from(case.threads) * 1e9 / case.median_ns_per_op;
            let ratio = rate / given;
            if !(ALL_THREADS_RANGE.0..=ALL_THREADS_RANGE.1).contains(&ratio) {
                problems.push(Problem::new(
                    at("all_threads_ops_per_sec"),
                    format!(
                        "is {rate:e}, {ratio:.2}× the {given:e} per second its own time per operation gives at {} thread(s); \
                         the two are measured over the same repeats",
                        case.threads
                    ),
                ));
            }
        }
        let floor = match case.suite() {
            Some(Suite::Lines) => Some((LINES_FLOOR_NS, "an update")),
            Some(Suite::Arena) => Some((ARENA_FLOOR_NS, "a node")),
            _ => None,
        };
        if let Some((floor, what)) = floor.filter(|(f, _)| case.median_ns_per_op < *f) {
            problems.push(Problem::new(
                at("median_ns_per_op"),
                format!("is {} ns for {what}; no machine does that in under {floor} ns", case.median_ns_per_op),
            ));
        }
    }
    problems.extend(rc_over_arc(file));
    problems.extend(copied_cases(file));
    problems
}

/// A native run's case whose repeats, in any order, are exactly another case's of the same file:
/// two cases never time the same nanoseconds (a 2-CPU run claiming 8, its 4- and 8-thread cases
/// copied from its 2-thread ones). A browser's clock is coarse (microseconds), so browser runs are
/// left to the copy rules between files.
fn copied_cases(file: &ResultsFile) -> Vec<Problem> {
    if file.runner.name != "native-runner" {
        return Vec::new();
    }
    let mut seen: std::collections::HashMap<Vec<u64>, usize> = std::collections::HashMap::new();
    let mut problems = Vec::new();
    for (i, case) in file.cases.iter().enumerate().filter(|(_, c)| c.repeat_times_ns.len() >= 2) {
        let mut key: Vec<u64> = case.repeat_times_ns.iter().map(|t| t.to_bits()).collect();
        key.sort_unstable();
        match seen.get(&key) {
            Some(&first) => problems.push(Problem::new(
                format!("cases[{i}].repeat_times_ns"),
                format!("are exactly cases[{first}]'s, another case of this file: two cases never time the same nanoseconds"),
            )),
            None => {
                seen.insert(key, i);
            }
        }
    }
    problems
}

/// A forget-mode `String` or `Box<str>` clone leaks one copy of the text: jemalloc's allocated bytes
/// over one repeat grow by at least the text's length per clone, or `ops_per_repeat` is not what ran.
fn leak_problem(case: &CaseResult) -> Option<String> {
    if case.clone_mode() != Some(CloneMode::Forget) || !matches!(case.variant_id.as_str(), "string" | "box_str") {
        return None;
    }
    if case.params.fresh_process_per_repeat != Some(true) {
        return None;
    }
    let m = case.memory.as_ref()?;
    let len = case.params.string_len_bytes.unwrap_or(DEFAULT_CLONE_LEN);
    let grown = m.allocated_after_bytes.saturating_sub(m.allocated_before_bytes) as f64;
    let least = 0.9 * len as f64 * case.ops_per_repeat as f64;
    (grown < least).then(|| {
        format!(
            "grew by {grown} bytes over a repeat of {} leaked clones of a {len}-byte text, {:.1} bytes a clone: each keeps its own copy, so ops_per_repeat or the statistics are not this run's",
            case.ops_per_repeat,
            grown / case.ops_per_repeat as f64
        )
    })
}

/// `Rc<str>`'s clone + drop at one thread slower than `Arc<str>`'s: the same work with a plain
/// increment instead of an atomic one.
fn rc_over_arc(file: &ResultsFile) -> Vec<Problem> {
    let one = |variant: &str| {
        file.cases.iter().enumerate().find(|(_, c)| {
            c.is_global_clone()
                && c.variant_id == variant
                && c.threads == 1
                && c.placement.is_none()
                && c.clone_mode() == Some(CloneMode::Drop)
                && c.params.string_len_bytes.unwrap_or(DEFAULT_CLONE_LEN) == DEFAULT_CLONE_LEN
                && c.params.harness.is_none()
        })
    };
    match (one("rc_str"), one("arc_str")) {
        (Some((i, rc)), Some((_, arc))) if rc.median_ns_per_op > arc.median_ns_per_op * RC_OVER_ARC_MARGIN => vec![Problem::new(
            format!("cases[{i}].median_ns_per_op"),
            format!(
                "is {} ns for Rc<str>, slower than Arc<str>'s {} ns on one thread: the same clone with a plain increment instead of an atomic one",
                rc.median_ns_per_op, arc.median_ns_per_op
            ),
        )],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped_files::file;

    fn index(f: &ResultsFile, variant: &str, mode: &str, threads: u32) -> usize {
        f.cases
            .iter()
            .position(|c| {
                c.suite == "clone"
                    && c.variant_id == variant
                    && c.mode.as_deref() == Some(mode)
                    && c.threads == threads
                    && c.placement.is_none()
            })
            .unwrap()
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn every_shipped_file_passes() {
        for (name, f) in crate::shipped_files::all() {
            assert!(physics_problems(&f).is_empty(), "{name}: {:?}", physics_problems(&f));
        }
    }

    /// Each rule on both edges, from a shipped run.
    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn each_rule_refuses_past_its_edge_and_passes_before_it() {
        let base = file("epyc-2vcpu-jemalloc-all-types-2026-11-26.json");
        let fields = |f: &ResultsFile| physics_problems(f).into_iter().map(|p| p.field).collect::<Vec<_>>();

        // A shared counter at two threads as fast as alone, its contender flat out.
        let two = index(&base, "arc_str", "drop", 2);
        let alone = base.cases[index(&base, "arc_str", "drop", 1)].median_ns_per_op;
        let mut f = base.clone();
        f.cases[two].median_ns_per_op = alone * 0.99;
        f.cases[two].contender_ops_per_sec = Some(1e9 / alone * FLAT_OUT_SHARE);
        assert_eq!(fields(&f), [format!("cases[{two}].median_ns_per_op")]);
        f.cases[two].median_ns_per_op = alone * 1.01;
        assert!(fields(&f).is_empty(), "a hair slower than alone is possible");

        // Contenders that barely ran.
        let mut f = base.clone();
        f.cases[two].contender_ops_per_sec = Some(1e9 / alone * MIN_CONTENDER_SHARE * 0.9);
        assert_eq!(fields(&f), [format!("cases[{two}].contender_ops_per_sec")]);
        f.cases[two].contender_ops_per_sec = Some(1e9 / alone * MIN_CONTENDER_SHARE * 1.1);
        assert!(fields(&f).is_empty());

        // Rc<str> slower than Arc<str> on one thread.
        let rc = index(&base, "rc_str", "drop", 1);
        let mut f = base.clone();
        f.cases[rc].median_ns_per_op = alone * RC_OVER_ARC_MARGIN * 1.01;
        assert_eq!(fields(&f), [format!("cases[{rc}].median_ns_per_op")]);
        f.cases[rc].median_ns_per_op = alone * RC_OVER_ARC_MARGIN * 0.99;
        assert!(fields(&f).is_empty());

        // ops_per_repeat tripled, times and statistics unchanged.
        let forget = index(&base, "string", "forget", 1);
        let mut f = base.clone();
        f.cases[forget].ops_per_repeat *= 3;
        assert_eq!(fields(&f), [format!("cases[{forget}].memory.allocated_after_bytes")]);

        // An all-threads rate 300× what the case's own times give.
        let mut f = file("epyc-2vcpu-jemalloc-lines-2026-11-24.json");
        let i = f.cases.iter().position(|c| c.all_threads_ops_per_sec.is_some()).unwrap();
        let given = f64::from(f.cases[i].threads) * 1e9 / f.cases[i].median_ns_per_op;
        f.cases[i].all_threads_ops_per_sec = Some(given * 300.0);
        assert!(fields(&f).contains(&format!("cases[{i}].all_threads_ops_per_sec")));
        f.cases[i].all_threads_ops_per_sec = Some(given * ALL_THREADS_RANGE.1);
        assert!(fields(&f).is_empty());

        // A 4-thread case copied from the 2-thread one.
        let mut f2 = base.clone();
        f2.cases[rc].repeat_times_ns = f2.cases[two].repeat_times_ns.iter().rev().copied().collect();
        assert!(fields(&f2).contains(&format!("cases[{}].repeat_times_ns", rc.max(two))), "{:?}", fields(&f2));

        // A lines update under its floor.
        f.cases[i].median_ns_per_op = LINES_FLOOR_NS / 2.0;
        f.cases[i].all_threads_ops_per_sec = None;
        assert_eq!(fields(&f), [format!("cases[{i}].median_ns_per_op")]);
    }
}
