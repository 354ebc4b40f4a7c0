//! What the page makes of a contention run's results file (already through the validator, like
//! every shipped file): its chart, drawn by the explorer's own contention chart so a browser run
//! looks like a native one, and its finding in words.

use wasm_core::kernels::{CloneAllocator, CloneMode, CloneType, CloneWork};
use wasm_core::results::{CaseResult, ResultsFile};

use crate::charts::{ChartSpec, Scale};
use crate::model::explorer::series::metric_spec;
use crate::model::explorer::state::{ModeFilter, View};
use crate::model::explorer::ValidFile;

/// The run drawn as the explorer draws a native machine: ns per clone against threads, one line per
/// type (and mode), colour fixed per type.
pub fn chart(file: &ResultsFile) -> ChartSpec {
    let machine = ValidFile { id: file.label.clone(), ..ValidFile::new(&wasm_core::browser::file_name(file), file.clone()) };
    let has = |mode: CloneMode| file.cases.iter().any(|c| c.clone_mode() == Some(mode));
    // The clones when the run made any (drop, and forget beside it); a run of reads alone, its reads
    // (their times are in the sentences either way).
    let mode = match (has(CloneMode::Forget), has(CloneMode::Drop) || !has(CloneMode::Read)) {
        (true, _) => ModeFilter::Both,
        (false, true) => ModeFilter::Drop,
        (false, false) => ModeFilter::Read,
    };
    let mut spec = metric_spec(&[&machine], View::Time, mode, Scale::Log, crate::model::explorer::state::TypeFilter::All);
    spec.title = if mode == ModeFilter::Read { "Time per read in this browser" } else { "Time per clone in this browser" }.into();
    spec
}

/// How far apart two times must be (as a ratio) before the words call one slower: inside it, the
/// repeats' own noise could have put either first.
const SAME_WITHIN: f64 = 1.10;

/// One sentence about one type and mode, and where the page explains what it saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub text: String,
    /// `(href, link text)` where the result differs from what the chapter leads a reader to expect.
    pub why: Option<(&'static str, &'static str)>,
}

/// What the chapter says about this contention result, in words that match the numbers: "as long"
/// only where the time grew, "no slower" or "faster" where it did not, and then why that can happen.
pub fn findings(cases: &[CaseResult]) -> Vec<Finding> {
    let mut found = Vec::new();
    for one in cases.iter().filter(|c| c.threads == 1) {
        let same = |c: &&CaseResult| c.variant_id == one.variant_id && c.mode == one.mode && c.params.allocator == one.params.allocator;
        let most = cases.iter().filter(|c| same(c) && c.threads > 1).max_by_key(|c| c.threads);
        let Some(most) = most else { continue };
        let allocator = one.params.allocator.as_deref().and_then(CloneAllocator::parse).filter(|a| *a != CloneAllocator::Global);
        let work = CloneType::parse(&one.variant_id).map(CloneType::work);
        let ratio = most.median_ns_per_op / one.median_ns_per_op;
        let times = format!(
            "{} ({}{}): {:.1} ns on 1 thread, {:.1} ns on {} threads",
            one.variant,
            one.clone_mode().map_or("?", CloneMode::id),
            allocator.map(|a| format!(", {a}")).unwrap_or_default(),
            one.median_ns_per_op,
            most.median_ns_per_op,
            most.threads
        );
        let noisy = one.noise_flag() == Some(true) || most.noise_flag() == Some(true);
        let (verdict, why) = if ratio >= SAME_WITHIN {
            (format!("{ratio:.1}× as long."), None)
        } else {
            let verdict = if ratio > 1.0 / SAME_WITHIN {
                format!("no slower with more threads ({ratio:.2}×).")
            } else {
                format!("faster with more threads ({ratio:.2}×).")
            };
            let why = match work {
                _ if allocator.is_some() => "Expected: each thread's clones come from its own arena or free list, so no lock is shared.",
                Some(CloneWork::Copy) => "Expected: this clone copies a few words and touches nothing another thread writes.",
                _ if noisy => "Its repeats disagree by more than 5 %, so the difference may be noise: run again on a quieter device.",
                Some(CloneWork::Counter) => {
                    "Unexpected for a shared counter: the threads probably did not run at the same time (the browser or the OS gave the other threads no core of their own while this one was timed)."
                }
                Some(CloneWork::Allocation) => {
                    "Unexpected with dlmalloc's one lock: the threads probably took turns on the cores instead of overlapping, so the lock was seldom contended."
                }
                None => "",
            };
            (
                format!("{verdict} {why}"),
                (!matches!(work, Some(CloneWork::Copy)) && allocator.is_none())
                    .then_some(("/chapters/clone-cost#in-your-browser", "why threads slow a clone down")),
            )
        };
        found.push(Finding { text: format!("{times}: {}", verdict.trim_end()), why });
    }
    found
}

/// The cases whose repeats did not last the time the page promises, and why, in words: the run's
/// own notes (`wasm_threads::run`) on repeats under the time asked and on the leak budget.
pub fn short_repeats(cases: &[CaseResult]) -> Vec<String> {
    cases
        .iter()
        .flat_map(|c| {
            let allocator = c.params.allocator.as_deref().and_then(CloneAllocator::parse).map(|a| format!(", {a}")).unwrap_or_default();
            let name = format!(
                "{} ({}{allocator}), {}",
                c.variant,
                c.clone_mode().map_or("?", CloneMode::id),
                wasm_core::clone_run::threads_text(c.threads)
            );
            c.notes.iter().filter(|n| n.contains("lasted less than") || n.contains("held to")).map(move |n| format!("{name}: {n}."))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::browser::{contention_context, BrowserFacts};
    use wasm_core::clone_run::{case_result, CaseTimes, PlannedCase};
    use wasm_core::kernels::{CloneMode, CloneType};

    fn case(ty: CloneType, threads: u32, ns_per_clone: f64) -> CaseResult {
        case_in(CloneMode::Drop, ty, threads, ns_per_clone)
    }

    fn case_in(mode: CloneMode, ty: CloneType, threads: u32, ns_per_clone: f64) -> CaseResult {
        case_on(CloneAllocator::Global, mode, ty, threads, ns_per_clone)
    }

    fn case_on(allocator: CloneAllocator, mode: CloneMode, ty: CloneType, threads: u32, ns_per_clone: f64) -> CaseResult {
        let planned = PlannedCase { allocator, ..PlannedCase::new(ty, mode, threads, 1000) };
        let times = CaseTimes { repeat_times_ns: vec![ns_per_clone * 1000.0; 3], contender_ops_per_sec: vec![1e6; (threads > 1) as usize] };
        case_result(&planned, 64, 1, times)
    }

    fn run() -> Vec<CaseResult> {
        vec![
            case(CloneType::ArcStr, 1, 9.4),
            case(CloneType::String, 1, 29.0),
            case(CloneType::ArcStr, 2, 56.0),
            case(CloneType::String, 2, 240.0),
        ]
    }

    #[test]
    fn the_chart_has_a_line_per_type_over_threads() {
        let facts = BrowserFacts {
            user_agent: "Chrome/131.0".into(),
            logical_cpus: 2,
            created_at: "2026-11-24T00:00:00Z".into(),
            ..Default::default()
        };
        let spec = chart(&contention_context(&facts).into_file(run()));
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Arc<str>", "String"]);
        assert!(spec.series.iter().all(|s| s.points.len() == 2));
        assert_eq!(spec.y_scale, Scale::Log);
        // A run of reads alone draws its reads; beside clones, the clones.
        let reads = vec![case_in(CloneMode::Read, CloneType::ArcStr, 1, 0.5), case_in(CloneMode::Read, CloneType::ArcStr, 2, 0.5)];
        let read_spec = chart(&contention_context(&facts).into_file(reads.clone()));
        assert_eq!(
            (read_spec.title.as_str(), read_spec.series.len(), read_spec.series[0].points.len()),
            ("Time per read in this browser", 1, 2)
        );
        let mixed = chart(&contention_context(&facts).into_file(run().into_iter().chain(reads).collect()));
        assert_eq!(mixed.title, "Time per clone in this browser");
        assert!(mixed.series.iter().flat_map(|s| &s.points).all(|p| p.y > 1.0), "the clones, not the 0.5 ns reads");
    }

    #[test]
    fn the_allocator_ab_has_lines_and_findings_of_its_own() {
        let facts = BrowserFacts {
            user_agent: "Chrome/131.0".into(),
            logical_cpus: 2,
            created_at: "2026-11-28T00:00:00Z".into(),
            ..Default::default()
        };
        let on = |allocator: CloneAllocator, threads: u32, ns: f64| case_on(allocator, CloneMode::Drop, CloneType::String, threads, ns);
        let cases = vec![
            on(CloneAllocator::Global, 1, 60.0),
            on(CloneAllocator::BumpHerd, 1, 8.0),
            on(CloneAllocator::Global, 2, 500.0),
            on(CloneAllocator::BumpHerd, 2, 8.4),
        ];
        let spec = chart(&contention_context(&facts).into_file(cases.clone()));
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["String", "String in a bumpalo-herd arena per thread"]);
        assert_eq!(spec.series[1].points.iter().map(|p| p.y).collect::<Vec<_>>(), [8.0, 8.4]);
        let found = findings(&cases);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].text.starts_with("String (drop): 60.0 ns on 1 thread, 500.0 ns on 2 threads: 8.3× as long"), "{}", found[0].text);
        assert!(
            found[1].text.starts_with("String (drop, bumpalo-herd arena per thread): 8.0 ns on 1 thread, 8.4 ns on 2 threads: no slower"),
            "{}",
            found[1].text
        );
        assert!(found[1].text.contains("no lock is shared") && found[1].why.is_none(), "{:?}", found[1]);
    }

    #[test]
    fn repeats_shorter_than_promised_are_named_with_their_reason() {
        let mut cases = run();
        cases[1].notes.push("2 of 5 repeats lasted less than the 10 ms asked (shortest 7.1 ms)".into());
        cases[2].notes.push("samples calibrated on one thread after a warm-up so a repeat lasts at least 10 ms".into());
        assert_eq!(short_repeats(&cases), ["String (drop), 1 thread: 2 of 5 repeats lasted less than the 10 ms asked (shortest 7.1 ms)."]);
    }

    #[test]
    fn findings_say_as_long_only_where_the_time_grew() {
        let found = findings(&run());
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].text, "Arc<str> (drop): 9.4 ns on 1 thread, 56.0 ns on 2 threads: 6.0× as long.");
        assert_eq!(found[0].why, None);
        assert!(findings(&run()[..2]).is_empty());
        // String no slower, Arc<str> faster at 2 threads: said so, with why, never "as long".
        let flat = vec![
            case(CloneType::ArcStr, 1, 10.0),
            case(CloneType::String, 1, 40.0),
            case(CloneType::ArcStr, 2, 8.0),
            case(CloneType::String, 2, 41.0),
            case(CloneType::StaticStr, 1, 0.5),
            case(CloneType::StaticStr, 2, 0.5),
        ];
        let found = findings(&flat);
        assert!(
            found[0].text.contains("faster with more threads (0.80×)") && found[0].text.contains("shared counter"),
            "{}",
            found[0].text
        );
        assert!(found[1].text.contains("no slower with more threads (1.02×)") && found[1].text.contains("dlmalloc"), "{}", found[1].text);
        assert!(found[2].text.contains("Expected"), "{}", found[2].text);
        assert!(found[..2].iter().all(|f| f.why.is_some()) && found[2].why.is_none());
        assert!(found.iter().all(|f| !f.text.contains("as long")));
    }
}
