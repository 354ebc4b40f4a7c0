//! What the page makes of a contention run's results file (already through the validator, like
//! every shipped file): its chart, drawn by the explorer's own contention chart so a browser run
//! looks like a native one, and its finding in words.

use wasm_core::results::{CaseResult, ResultsFile};

use crate::charts::{ChartSpec, Scale};
use crate::explorer::series::metric_spec;
use crate::explorer::state::{ModeFilter, View};
use crate::explorer::Machine;

/// The run drawn as the explorer draws a native machine: ns per clone against threads, one line per
/// type (and mode), colour fixed per type.
pub fn chart(file: &ResultsFile) -> ChartSpec {
    let machine = Machine { id: file.label.clone(), file_name: wasm_core::browser::file_name(file), data: file.clone() };
    let has = |mode: &str| file.cases.iter().any(|c| c.mode.as_deref() == Some(mode));
    // The clones when the run made any (drop, and forget beside it); a run of reads alone, its reads
    // (their times are in the sentences either way).
    let mode = match (has("forget"), has("drop") || !has("read")) {
        (true, _) => ModeFilter::Both,
        (false, true) => ModeFilter::Drop,
        (false, false) => ModeFilter::Read,
    };
    let mut spec = metric_spec(&[&machine], View::Time, mode, Scale::Log, crate::explorer::state::TypeFilter::All);
    spec.title = if mode == ModeFilter::Read { "Time per read in this browser" } else { "Time per clone in this browser" }.into();
    spec
}

/// `Arc<str> (drop): 9.4 ns on 1 thread, 56.0 ns on 2 threads, 6.0× as long` for each type and mode
/// measured at 1 and more threads: the run's finding in words, from its own numbers.
pub fn slowdowns(cases: &[CaseResult]) -> Vec<String> {
    let mut lines = Vec::new();
    for one in cases.iter().filter(|c| c.threads == 1) {
        let most = cases.iter().filter(|c| c.variant_id == one.variant_id && c.mode == one.mode && c.threads > 1).max_by_key(|c| c.threads);
        if let Some(most) = most {
            lines.push(format!(
                "{} ({}): {:.1} ns on 1 thread, {:.1} ns on {} threads, {:.1}× as long",
                one.variant,
                one.mode.as_deref().unwrap_or("drop"),
                one.median_ns_per_op,
                most.median_ns_per_op,
                most.threads,
                most.median_ns_per_op / one.median_ns_per_op
            ));
        }
    }
    lines
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
        let planned = PlannedCase { ty, mode, threads, samples: 1000, note: None };
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
        let facts =
            BrowserFacts { user_agent: "Chrome/131.0".into(), logical_cpus: 2, created_at: "2026-11-24T00:00:00Z".into(), rustc: None };
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
    fn slowdowns_compare_each_type_with_its_own_one_thread_time() {
        let lines = slowdowns(&run());
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("Arc<str> (drop): 9.4 ns on 1 thread, 56.0 ns on 2 threads, 6.0× as long"), "{}", lines[0]);
        assert!(slowdowns(&run()[..2]).is_empty());
    }
}
