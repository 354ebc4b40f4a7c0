//! One case's rules: finite positive times, summaries that agree with the repeats, rates within what
//! any machine records, and each suite's own variants, parameters and conditions.

// Imported from the modules that define them, not through `super` (the parent re-exports this
// module, so importing the parent back would make a loop).
use crate::kernels::arcswap::ReadVariant;
use crate::kernels::arena::ArenaVariant;
use crate::kernels::harness::Harness;
use crate::kernels::lines::LineVariant;
use crate::kernels::sso::{InputSet, SsoVariant};
use crate::kernels::{CloneAllocator, CloneMode, CloneType};
use crate::problem::{Problem, MAX_THREADS, MAX_TIMELINE_POINTS, MAX_TIME_NS};
use crate::results::Suite;
use crate::results::{CaseResult, PLACEMENTS};

/// Slowest and fastest rate of operations a second any run records: one every 1,000 s, and ten
/// million million (a hundred threads at a tenth of a nanosecond each).
pub(super) const MIN_RATE: f64 = 1e-3;
pub(super) const MAX_RATE: f64 = 1e13;
/// Longest text the runner clones (`--string-len` stops at 1 MiB).
pub const MAX_STRING_LEN_BYTES: u64 = 1 << 20;

/// Relative tolerance when checking a stored summary against the repeats.
const SUMMARY_TOLERANCE: f64 = 1e-6;

/// Whether a stored summary agrees with the one recomputed from the repeats. Never true against a
/// recomputation that is not finite: then nothing can agree with it.
pub(super) fn close(stored: f64, expected: f64) -> bool {
    stored.is_finite() && expected.is_finite() && (stored - expected).abs() <= SUMMARY_TOLERANCE * expected.abs().max(1e-12)
}

pub(super) fn validate_case(at: &str, case: &CaseResult) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: String| {
        if !ok {
            problems.push(Problem::new(format!("{at}.{field}"), problem));
        }
    };
    // Times are bounded by what a u64 of nanoseconds holds, so no sum of two of them overflows.
    let positive = |v: f64| v.is_finite() && v > 0.0 && v <= MAX_TIME_NS;
    check(!case.suite.trim().is_empty(), "suite", "is empty".into());
    check(!case.variant.trim().is_empty(), "variant", "is empty".into());
    check(!case.variant_id.trim().is_empty(), "variant_id", "is empty".into());
    check(case.threads >= 1, "threads", "must be at least 1".into());
    check(case.threads <= MAX_THREADS, "threads", format!("is {}; the runner measures at most {MAX_THREADS}", case.threads));
    check(case.ops_per_repeat >= 1, "ops_per_repeat", "must be at least 1".into());
    check(!case.repeat_times_ns.is_empty(), "repeat_times_ns", "is empty".into());
    for (j, &t) in case.repeat_times_ns.iter().enumerate() {
        check(
            positive(t),
            &format!("repeat_times_ns[{j}]"),
            format!("is {t}; times must be positive and at most {MAX_TIME_NS:e} ns (a u64 of nanoseconds)"),
        );
    }
    for (name, value) in
        [("median_ns", case.median_ns), ("min_ns", case.min_ns), ("max_ns", case.max_ns), ("median_ns_per_op", case.median_ns_per_op)]
    {
        check(positive(value), name, format!("is {value}; it must be positive and at most {MAX_TIME_NS:e} ns"));
    }
    check(case.mad_ns.is_finite() && case.mad_ns >= 0.0, "mad_ns", format!("is {}; it must be finite and not negative", case.mad_ns));
    if let Some(rate) = case.contender_ops_per_sec {
        check(rate.is_finite() && rate >= 0.0, "contender_ops_per_sec", format!("is {rate}; it must be finite and not negative"));
        // Zero is a contender that never ran (a submission rule names it); otherwise what a machine does.
        check(
            rate == 0.0 || (MIN_RATE..=MAX_RATE).contains(&rate),
            "contender_ops_per_sec",
            format!("is {rate}; a rate is 0 or between {MIN_RATE} and {MAX_RATE:e} operations a second"),
        );
        check(case.threads > 1, "contender_ops_per_sec", "is set but threads is 1 (no contenders)".into());
    }
    if let Some(rate) = case.all_threads_ops_per_sec {
        check(positive(rate), "all_threads_ops_per_sec", format!("is {rate}; it must be finite and positive"));
        check(
            (MIN_RATE..=MAX_RATE).contains(&rate),
            "all_threads_ops_per_sec",
            format!("is {rate}; a rate is between {MIN_RATE} and {MAX_RATE:e} operations a second"),
        );
    }
    // -0.0 is no measurement of spread: the runner writes +0.0 for repeats that agree.
    check(!(case.mad_ns == 0.0 && case.mad_ns.is_sign_negative()), "mad_ns", "is -0.0".into());
    if let Some(noise) = case.noise_rel_mad {
        check(!(noise == 0.0 && noise.is_sign_negative()), "noise_rel_mad", "is -0.0".into());
    }
    if let Some(len) = case.params.string_len_bytes {
        check(
            len <= MAX_STRING_LEN_BYTES,
            "params.string_len_bytes",
            format!("is {len}; the runner clones texts of at most {MAX_STRING_LEN_BYTES} bytes"),
        );
    }
    if case.repeat_times_ns.iter().all(|&t| positive(t)) {
        if let Some(s) = crate::stats::summarize(&case.repeat_times_ns) {
            for (name, stored, expected) in [
                ("median_ns", case.median_ns, s.median),
                ("min_ns", case.min_ns, s.min),
                ("max_ns", case.max_ns, s.max),
                ("mad_ns", case.mad_ns, s.mad),
            ] {
                check(close(stored, expected), name, format!("is {stored} but repeat_times_ns give {expected}"));
            }
            if case.ops_per_repeat >= 1 {
                let per_op = s.median / case.ops_per_repeat as f64;
                check(
                    close(case.median_ns_per_op, per_op),
                    "median_ns_per_op",
                    format!("is {} but median_ns / ops_per_repeat is {per_op}", case.median_ns_per_op),
                );
            }
        }
    }
    if let Some(noise) = case.noise_rel_mad {
        let expected = case.relative_mad();
        check(noise.is_finite() && close(noise, expected), "noise_rel_mad", format!("is {noise} but mad_ns / median_ns is {expected}"));
        if let Some(noisy) = case.noisy {
            let past = noise > crate::results::NOISY_REL_MAD;
            check(
                noisy == past,
                "noisy",
                format!(
                    "is {noisy} but noise_rel_mad {noise} is {} the {} threshold",
                    if past { "past" } else { "within" },
                    crate::results::NOISY_REL_MAD
                ),
            );
        }
    }
    check(case.noisy.is_none() || case.noise_rel_mad.is_some(), "noisy", "is set without noise_rel_mad".into());
    if let Some(timeline) = &case.mapped_timeline {
        check(
            timeline.len() <= MAX_TIMELINE_POINTS,
            "mapped_timeline",
            format!("has {} points; at most {MAX_TIMELINE_POINTS} are allowed", timeline.len()),
        );
        let sorted = timeline.windows(2).all(|w| w[0].elapsed_ns <= w[1].elapsed_ns);
        check(sorted, "mapped_timeline", "is not in time order (elapsed_ns must not decrease)".into());
    }
    problems.extend(suite_problems(at, case));
    problems
}

/// Looks a variant id up and gives the variant's display name.
pub(super) type VariantName = fn(&str) -> Option<&'static str>;

/// The suites this reader knows, each with its variant lookup.
pub(super) const SUITES: [(Suite, VariantName); 5] = [
    (Suite::Clone, |id| CloneType::parse(id).filter(|t| t.id() == id).map(CloneType::display_name)),
    (Suite::Sso, |id| SsoVariant::parse(id).filter(|v| v.id() == id).map(SsoVariant::display_name)),
    (Suite::Arcswap, |id| ReadVariant::parse(id).filter(|v| v.id() == id).map(ReadVariant::display_name)),
    (Suite::Arena, |id| ArenaVariant::parse(id).filter(|v| v.id() == id).map(ArenaVariant::display_name)),
    (Suite::Lines, |id| LineVariant::parse(id).filter(|v| v.id() == id).map(LineVariant::display_name)),
];

/// Rules that depend on the suite: known suite and variant, and the parameters each suite needs.
pub(super) fn suite_problems(at: &str, case: &CaseResult) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: String| {
        if !ok {
            problems.push(Problem::new(format!("{at}.{field}"), problem));
        }
    };
    let Some((suite, variant_name)) = SUITES.iter().find(|(suite, _)| case.is(*suite)) else {
        let known: Vec<&str> = SUITES.iter().map(|(suite, _)| suite.id()).collect();
        check(case.suite.trim().is_empty(), "suite", format!("{:?} is not a known suite ({})", case.suite, known.join(", ")));
        return problems;
    };
    match variant_name(&case.variant_id) {
        None => check(false, "variant_id", format!("{:?} is not a variant of suite {}", case.variant_id, case.suite)),
        Some(name) => {
            check(case.variant == name, "variant", format!("is {:?} but variant_id {} is {name:?}", case.variant, case.variant_id))
        }
    }
    let params = &case.params;
    let allowed = crate::results::suite_params(case.suite());
    for name in params.present().into_iter().filter(|name| !allowed.contains(name)) {
        check(false, &format!("params.{name}"), format!("is set, but {} cases have only {}", case.suite, allowed.join(", ")));
    }
    match suite {
        Suite::Clone => {
            let mode = case.mode.as_deref().and_then(CloneMode::parse);
            check(mode.is_some(), "mode", format!("is {:?}; clone cases are {}", case.mode, CloneMode::ALL.map(CloneMode::id).join(", ")));
            if mode == Some(CloneMode::Read) {
                check(
                    params.harness.is_none(),
                    "params.harness",
                    "is set, but a read case has no clone loop for a method to change".into(),
                );
            }
            if case.variant_id == CloneType::RcStr.id() {
                check(case.threads == 1, "threads", "must be 1: Rc<str> is single-thread only".into());
            }
            if let Some(harness) = &params.harness {
                let known = Harness::parse(harness).is_some_and(|h| h != Harness::OURS);
                check(
                    known,
                    "params.harness",
                    format!(
                        "is {harness:?}; it is absent for the default method, else `article` or changes from ours joined by + ({})",
                        Harness::words().collect::<Vec<_>>().join(", ")
                    ),
                );
            }
            if let Some(allocator) = &params.allocator {
                let alternative = CloneAllocator::parse(allocator).filter(|a| *a != CloneAllocator::Global);
                check(
                    alternative.is_some(),
                    "params.allocator",
                    format!(
                        "is {allocator:?}; it is absent for the file's allocator, else one of {}",
                        CloneAllocator::ALTERNATIVES.map(CloneAllocator::id).join(", ")
                    ),
                );
                check(
                    case.variant_id == CloneType::String.id() && mode == Some(CloneMode::Drop),
                    "params.allocator",
                    format!(
                        "is set on a {} {} case; only String's drop cases run on another allocator",
                        case.variant,
                        case.mode.as_deref().unwrap_or("?")
                    ),
                );
            }
            // Leaking String/Box<str> clones can only grow the allocator's memory.
            let leaks = mode == Some(CloneMode::Forget) && matches!(case.variant_id.as_str(), "string" | "box_str");
            if let (true, Some(m)) = (leaks, case.memory) {
                check(
                    m.mapped_after_bytes >= m.mapped_before_bytes,
                    "memory.mapped_after_bytes",
                    "is below mapped_before_bytes, but a forget case only leaks".into(),
                );
                check(
                    m.allocated_after_bytes >= m.allocated_before_bytes,
                    "memory.allocated_after_bytes",
                    "is below allocated_before_bytes, but a forget case only leaks".into(),
                );
            }
        }
        Suite::Sso => {
            let known = params.input_set.as_deref().and_then(InputSet::parse).is_some();
            check(known, "params.input_set", format!("is {:?}; sso needs one of empty, short, mixed, long", params.input_set));
        }
        Suite::Arcswap => {
            check(params.writer.is_some(), "params.writer", "is missing; arcswap cases say whether a writer ran".into());
            if params.writer == Some(true) {
                check(
                    params.writer_period_us.is_some_and(|p| p >= 1),
                    "params.writer_period_us",
                    "must be at least 1 when a writer ran".into(),
                );
            } else {
                check(params.writer_period_us.is_none(), "params.writer_period_us", "is set, but no writer ran".into());
            }
        }
        Suite::Arena => {
            let nodes = params.nodes.unwrap_or(0);
            check(nodes >= 1, "params.nodes", "must be at least 1".into());
            check(
                case.ops_per_repeat == nodes,
                "ops_per_repeat",
                format!("is {} but an arena repeat builds params.nodes = {nodes} nodes", case.ops_per_repeat),
            );
            if case.variant_id == ArenaVariant::Bump.id() {
                check(case.threads == 1, "threads", "must be 1: a bumpalo::Bump is single-thread only".into());
            }
        }
        _ => {}
    }
    if !case.is(Suite::Clone) {
        check(case.mode.is_none(), "mode", format!("is {:?}; only clone cases have a mode", case.mode));
        check(case.placement.is_none() && case.cpus.is_none(), "placement", "is set; only clone cases are pinned".into());
        check(case.round_medians_ns.is_none(), "round_medians_ns", "is set; only clone cases run in rounds".into());
    }
    if let Some(rounds) = &case.round_medians_ns {
        let repeats = case.repeat_times_ns.len();
        check(
            rounds.len() >= 2 && repeats.is_multiple_of(rounds.len()),
            "round_medians_ns",
            format!("holds {} round(s) for {repeats} repeats; rounds are 2 or more, each with the same number of repeats", rounds.len()),
        );
        // A round's median is the median of its own repeats, so it lies between the smallest and
        // largest repeat of all.
        let inside = rounds.iter().all(|r| r.is_finite() && *r >= case.min_ns && *r <= case.max_ns);
        check(inside, "round_medians_ns", format!("has a round median outside the repeats' range {}..={} ns", case.min_ns, case.max_ns));
    }
    if let Some(placement) = &case.placement {
        check(PLACEMENTS.contains(&placement.as_str()), "placement", format!("is {placement:?}; one of {}", PLACEMENTS.join(", ")));
        check(case.threads >= 2, "placement", "is set but threads is 1 (no contender to place)".into());
        check(case.cpus.is_some(), "cpus", "is missing; a pinned case names its CPUs".into());
    }
    if let Some(cpus) = &case.cpus {
        check(case.placement.is_some(), "placement", "is missing; cpus are recorded only for a pinned case".into());
        check(
            cpus.len() >= 2 && cpus.len() <= case.threads as usize,
            "cpus",
            format!("lists {} CPUs for {} threads; a pinned case uses 2 to `threads`", cpus.len(), case.threads),
        );
        let mut sorted = cpus.clone();
        sorted.sort_unstable();
        sorted.dedup();
        check(sorted.len() == cpus.len(), "cpus", "lists a CPU twice".into());
        check(cpus.iter().all(|&c| c < 65_536), "cpus", "names a CPU past 65535".into());
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_validator_knows_every_suite_by_its_one_name() {
        let known: Vec<Suite> = SUITES.iter().map(|(suite, _)| *suite).collect();
        assert_eq!(known, Suite::ALL);
        for suite in Suite::ALL {
            assert_eq!(Suite::parse(suite.id()), Some(suite));
        }
        assert_eq!(Suite::parse("Clone"), None);
    }
}
