//! What a runner's own bookkeeping makes impossible: figures of one file that contradict each other
//! (round medians that are not their rounds' medians, allocator statistics out of order, a memory
//! timeline running past its repeat, contenders far faster than the thread timed beside them, an
//! all-threads rate that no thread's repeat times allow, repeats thousands of times apart), cases
//! no runner plans, and runner versions that cannot be.
//! Part of [`crate::validate::validate_file`]: the build refuses such a file as the pull-request
//! check does.

use crate::kernels::clone::INLINE_TEXT_BYTES;
use crate::kernels::{CloneMode, CloneType};
use crate::problem::Problem;
use crate::results::{CaseResult, ResultsFile};

/// Most untimed warm-ups a case records (`native-runner --warmups` takes 1 to 100).
pub const MAX_WARMUPS: u32 = 100;
/// Widest spread, slowest repeat over fastest, of a case's repeats: a busy machine's repeats differ
/// by a few times (the widest shipped, 37×, is a 2-vCPU VM's SSO case), never by thousands, and a
/// median with a MAD of 0 over such repeats hides it.
pub const MAX_REPEAT_SPREAD: f64 = 1000.0;
/// How far the contenders' clones per second, per contender, may stand from the timed thread's own
/// (they clone the same value in the same way; shipped runs stay within 0.27–1.4×).
pub const MAX_RATE_RATIO: f64 = 1000.0;
/// Relative slack for a rate computed from the same times in another order of float operations.
pub const RATE_ROUNDING: f64 = 1e-6;
/// Slack past the end of the last repeat for a memory timeline's last sample (the sampler wakes
/// once more after the repeat ends).
pub const TIMELINE_SLACK_NS: f64 = 1e9;

/// The problems of one case, its fields under `at` (`cases[3]`).
pub fn case_problems(at: &str, case: &CaseResult) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: String| {
        if !ok {
            problems.push(Problem::new(format!("{at}.{field}"), problem));
        }
    };
    check(
        case.warmup_repeats <= MAX_WARMUPS,
        "warmup_repeats",
        format!("is {}; the runners warm up at most {MAX_WARMUPS} times", case.warmup_repeats),
    );
    let repeats = &case.repeat_times_ns;
    // `min_ns` and `max_ns` are checked against the repeats beside this (`validate_case`).
    if case.min_ns > 0.0 && case.max_ns.is_finite() {
        let spread = case.max_ns / case.min_ns;
        check(
            spread <= MAX_REPEAT_SPREAD,
            "repeat_times_ns",
            format!("has repeats {spread:.0}× apart; a measurement's repeats are never more than {MAX_REPEAT_SPREAD:.0}× apart"),
        );
    }
    if let Some(rounds) = case.round_medians_ns.as_deref().filter(|r| r.len() >= 2 && repeats.len().is_multiple_of(r.len())) {
        let per_round = repeats.len() / rounds.len();
        for (i, (stored, chunk)) in rounds.iter().zip(repeats.chunks(per_round)).enumerate() {
            let Some(expected) = crate::stats::summarize(chunk).map(|s| s.median) else { continue };
            check(
                (stored - expected).abs() <= 1e-9 * expected.abs().max(1.0),
                "round_medians_ns",
                format!("round {} is {stored} ns, but the median of its {per_round} repeats is {expected} ns", i + 1),
            );
        }
    }
    if let Some(m) = &case.memory {
        for (when, allocated, resident, mapped) in [
            ("before", m.allocated_before_bytes, m.resident_before_bytes, m.mapped_before_bytes),
            ("after", m.allocated_after_bytes, m.resident_after_bytes, m.mapped_after_bytes),
        ] {
            check(
                allocated <= resident && allocated <= mapped,
                &format!("memory.allocated_{when}_bytes"),
                format!("is {allocated}, above resident ({resident}) or mapped ({mapped}); jemalloc's allocated bytes lie in its resident, mapped pages"),
            );
        }
    }
    if let (Some(timeline), Some(last)) = (&case.mapped_timeline, repeats.last()) {
        let end = timeline.iter().map(|p| p.elapsed_ns).max().unwrap_or(0) as f64;
        check(
            end <= last + TIMELINE_SLACK_NS,
            "mapped_timeline",
            format!("has a sample at {end} ns, past the end of the repeat it samples ({last} ns)"),
        );
    }
    if let (Some(rate), true) = (case.all_threads_ops_per_sec, case.min_ns > 0.0 && case.max_ns.is_finite()) {
        // Each repeat's rate is a sum over the threads of operations over that thread's time. The
        // first thread's times are always stored, so the sum is at least one slowest repeat's rate.
        // Other threads' times may not be stored (the runner caps samples), so the ceiling only
        // assumes what the spread rule above holds every time to: none 1000× under the slowest.
        let floor = case.ops_per_repeat as f64 / (case.max_ns / 1e9);
        let ceiling = floor * f64::from(case.threads) * MAX_REPEAT_SPREAD;
        check(
            rate >= floor * (1.0 - RATE_ROUNDING) && rate <= ceiling * (1.0 + RATE_ROUNDING),
            "all_threads_ops_per_sec",
            format!(
                "is {rate:e} a second, but {} thread(s) of {} operations, the slowest repeat taking {} ns, give {floor:e} to {ceiling:e}",
                case.threads, case.ops_per_repeat, case.max_ns
            ),
        );
    }
    if case.is_global_clone() {
        let ty = CloneType::parse(&case.variant_id);
        if let (Some(ty), Some(CloneMode::Forget)) = (ty, case.clone_mode()) {
            check(
                ty.has_forget_mode(),
                "mode",
                format!("is forget, but {} owns nothing to forget: the runner runs it in drop mode only", ty.display_name()),
            );
        }
        if let (Some(ty), Some(len)) = (ty, case.params.string_len_bytes) {
            check(
                ty.inline_capacity().is_none() || len <= INLINE_TEXT_BYTES as u64,
                "params.string_len_bytes",
                format!("is {len}, but the inline {} case measures at most {INLINE_TEXT_BYTES} bytes", ty.display_name()),
            );
        }
        if let (Some(rate), true) = (case.contender_ops_per_sec, case.threads > 1 && case.median_ns > 0.0) {
            let timed = case.ops_per_repeat as f64 / (case.median_ns / 1e9);
            let ratio = rate / f64::from(case.threads - 1) / timed;
            check(
                rate == 0.0 || (1.0 / MAX_RATE_RATIO..=MAX_RATE_RATIO).contains(&ratio),
                "contender_ops_per_sec",
                format!(
                    "is {rate:e}: {ratio:.3e}× per contender the timed thread's own {timed:e} per second, but contenders clone the same value the same way"
                ),
            );
        }
    }
    problems
}

/// Read cases of one type and thread count at two text lengths: a read touches the length and the
/// first byte whatever the length, so the runner plans reads once, at the first length.
pub fn read_problems(file: &ResultsFile) -> Vec<Problem> {
    let reads: Vec<(usize, &CaseResult)> =
        file.cases.iter().enumerate().filter(|(_, c)| c.is_global_clone() && c.clone_mode() == Some(CloneMode::Read)).collect();
    reads
        .iter()
        .filter(|(i, c)| {
            reads.iter().any(|(j, o)| {
                j < i && o.variant_id == c.variant_id && o.threads == c.threads && o.params.string_len_bytes != c.params.string_len_bytes
            })
        })
        .map(|(i, c)| {
            Problem::new(
                format!("cases[{i}].params.string_len_bytes"),
                format!("reads {} at a second length; the runner reads each type once, at the first length", c.variant),
            )
        })
        .collect()
}

/// The version and revision of the program that wrote `file`: a runner of this project has a
/// version no newer than this code's, and a revision is a git commit's short or full hex name.
pub fn runner_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let ours = matches!(file.runner.name.as_str(), "native-runner" | crate::browser::BROWSER_RUNNER);
    if let (true, Some(version)) = (ours, file.runner.version.as_deref()) {
        let current = env!("CARGO_PKG_VERSION");
        match (semver(version), semver(current)) {
            (Some(v), Some(c)) if v <= c => {}
            (Some(_), _) => problems
                .push(Problem::new("runner.version", format!("is {version}, newer than any runner released (the newest is {current})"))),
            (None, _) => problems.push(Problem::new("runner.version", format!("is {version:?}; a runner's version is MAJOR.MINOR.PATCH"))),
        }
    }
    if let Some(revision) = &file.runner.git_revision {
        let hex = revision.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase());
        if !(7..=40).contains(&revision.len()) || !hex {
            problems.push(Problem::new("runner.git_revision", format!("is {revision:?}; a git revision is 7 to 40 lowercase hex digits")));
        }
    }
    problems
}

/// `1.2.3` as numbers; `None` for anything else.
fn semver(text: &str) -> Option<(u64, u64, u64)> {
    let mut parts = text.split('.').map(|p| p.parse::<u64>().ok());
    let version = (parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(version)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Suite;
    use crate::results::{CaseParams, MemoryStats, TimelinePoint};
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn clone_case(variant: &str, mode: &str, threads: u32, repeats: Vec<f64>) -> CaseResult {
        let ty = CloneType::parse(variant).unwrap();
        let params = CaseParams { string_len_bytes: Some(64), ..Default::default() };
        let mut case = CaseResult::new(Suite::Clone, ty.display_name(), ty.id(), threads, 100_000, params, 1, repeats);
        case.mode = Some(mode.into());
        case
    }

    fn fields(case: &CaseResult) -> Vec<String> {
        case_problems("cases[0]", case).into_iter().map(|p| p.field).collect()
    }

    #[test]
    fn an_honest_case_passes() {
        let mut case = clone_case("arc_str", "drop", 2, vec![1e6, 1.1e6, 0.9e6, 1e6]);
        case.contender_ops_per_sec = Some(1e8);
        case.round_medians_ns = Some(vec![1.05e6, 0.95e6]);
        assert_eq!(fields(&case), Vec::<String>::new());
    }

    #[test]
    fn figures_that_contradict_each_other_are_refused() {
        let mut rounds = clone_case("arc_str", "drop", 1, vec![1e6, 1.1e6, 0.9e6, 1e6]);
        rounds.round_medians_ns = Some(vec![0.95e6, 1.05e6]);
        assert_eq!(fields(&rounds), ["cases[0].round_medians_ns", "cases[0].round_medians_ns"]);

        let spread = clone_case("string", "drop", 1, vec![1e3, 1e3, 1e3, 1e3, 5e6]);
        assert_eq!(spread.mad_ns, 0.0, "the MAD alone sees nothing");
        assert_eq!(fields(&spread), ["cases[0].repeat_times_ns"]);

        let mut memory = clone_case("string", "drop", 1, vec![1e6; 3]);
        memory.memory = Some(MemoryStats {
            mapped_before_bytes: 100,
            mapped_after_bytes: 100,
            allocated_before_bytes: 50,
            allocated_after_bytes: 500,
            resident_before_bytes: 80,
            resident_after_bytes: 90,
        });
        assert_eq!(fields(&memory), ["cases[0].memory.allocated_after_bytes"]);

        let mut timeline = clone_case("string", "drop", 1, vec![1e6; 3]);
        timeline.mapped_timeline =
            Some(vec![TimelinePoint { elapsed_ns: 10, mapped_bytes: 1 }, TimelinePoint { elapsed_ns: 5_000_000_000, mapped_bytes: 1 }]);
        assert_eq!(fields(&timeline), ["cases[0].mapped_timeline"]);

        let mut rate = clone_case("arc_str", "drop", 2, vec![1e6; 3]);
        rate.contender_ops_per_sec = Some(1e12);
        assert_eq!(fields(&rate), ["cases[0].contender_ops_per_sec"]);

        // Two threads of 100,000 operations, the slowest repeat 2 ms: 5e7 a second at least (the first
        // thread's own), at most 1e11 (both threads at 1/1000 of the slowest repeat).
        let mut all =
            CaseResult::new(Suite::Sso, "to_string", "to_string", 2, 100_000, CaseParams::default(), 1, vec![1e6, 2e6, 1.5e6, 1.2e6]);
        for (rate, refused) in [(5e7, false), (2e8, false), (1e11, false), (4.9e7, true), (1.1e11, true), (1e300, true)] {
            all.all_threads_ops_per_sec = Some(rate);
            let expected: &[&str] = if refused { &["cases[0].all_threads_ops_per_sec"] } else { &[] };
            assert_eq!(fields(&all), expected, "{rate:e} a second");
        }
    }

    #[test]
    fn cases_no_runner_plans_are_refused() {
        assert_eq!(fields(&clone_case("static_str", "forget", 1, vec![1e6; 3])), ["cases[0].mode"]);
        let mut inline = clone_case("hipstr_inline", "drop", 1, vec![1e6; 3]);
        inline.params.string_len_bytes = Some(4096);
        assert_eq!(fields(&inline), ["cases[0].params.string_len_bytes"]);
        let mut warm = clone_case("arc_str", "drop", 1, vec![1e6; 3]);
        warm.warmup_repeats = u32::MAX;
        assert_eq!(fields(&warm), ["cases[0].warmup_repeats"]);
    }

    #[test]
    fn reads_at_a_second_length_are_refused() {
        let read = |len: u64| {
            let mut c = clone_case("arc_str", "read", 1, vec![1e6; 3]);
            c.params.string_len_bytes = Some(len);
            c
        };
        let mut f = crate::browser::contention_context(&crate::browser::BrowserFacts::default()).into_file(vec![read(64), read(64)]);
        assert!(read_problems(&f).is_empty());
        f.cases[1] = read(4096);
        assert_eq!(read_problems(&f).into_iter().map(|p| p.field).collect::<Vec<_>>(), ["cases[1].params.string_len_bytes"]);
    }

    #[test]
    fn runner_versions_that_cannot_be_are_refused() {
        let file = |name: &str, version: Option<&str>, revision: Option<&str>| {
            let mut f = crate::browser::contention_context(&crate::browser::BrowserFacts::default()).into_file(Vec::new());
            f.runner.name = name.into();
            f.runner.version = version.map(str::to_owned);
            f.runner.git_revision = revision.map(str::to_owned);
            runner_problems(&f).into_iter().map(|p| p.field).collect::<Vec<_>>()
        };
        assert!(file("native-runner", Some(env!("CARGO_PKG_VERSION")), Some("962a88b")).is_empty());
        assert!(file("native-runner", Some("0.0.9"), None).is_empty());
        assert_eq!(file("native-runner", Some("9.0.0"), None), ["runner.version"]);
        assert_eq!(file("browser", Some("one"), None), ["runner.version"]);
        assert_eq!(file("native-runner", None, Some("zzzzzzz")), ["runner.git_revision"]);
        assert_eq!(file("native-runner", None, Some("abc")), ["runner.git_revision"]);
        assert!(file("arc_str_perf", Some("9.9.9"), None).is_empty(), "another program's versions are its own");
    }
}
