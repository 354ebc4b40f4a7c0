//! What a finished (or partly finished) contention run becomes: the results file in the shared
//! schema, its download name, and the chart, drawn by the explorer's own contention chart so a browser
//! run looks like a native one.

use wasm_core::browser::{self, BROWSER_ALLOCATOR};
use wasm_core::clone_run::RunContext;
use wasm_core::results::{CaseResult, MachineInfo, ResultsFile, RunConditions, ToolchainInfo};

use crate::charts::{ChartSpec, Scale};
use crate::explorer::series::contention_spec;
use crate::explorer::state::{ModeFilter, View};
use crate::explorer::Machine;

/// What the page knows of where the run happened.
#[derive(Clone, Debug, PartialEq)]
pub struct BrowserFacts {
    pub user_agent: String,
    /// `navigator.hardwareConcurrency`.
    pub logical_cpus: u32,
    /// RFC 3339, when the run finished.
    pub created_at: String,
    /// The nightly that built the threaded tier.
    pub rustc: Option<String>,
}

/// `browser-chrome-131-8cpu`: what ran, in the characters a label may hold.
pub fn label(facts: &BrowserFacts) -> String {
    let name = browser::browser_name(&facts.user_agent).unwrap_or_else(|| "unknown".into());
    let slug: String = name.to_ascii_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    format!("browser-{slug}-{}cpu", facts.logical_cpus)
}

/// The download's name: the label and the day, as the native runner names its files.
pub fn file_name(file: &ResultsFile) -> String {
    format!("{}-{}.json", file.label, file.created_at.get(..10).unwrap_or("undated"))
}

/// The run as a results file: `runner` "browser", `machine.arch` wasm32 with the user agent, the
/// browser and its CPU count, the threaded tier's toolchain, and dlmalloc as the allocator.
pub fn results_file(facts: &BrowserFacts, cases: Vec<CaseResult>) -> ResultsFile {
    RunContext {
        label: label(facts),
        created_at: facts.created_at.clone(),
        runner: browser::runner(),
        machine: MachineInfo {
            arch: "wasm32".into(),
            logical_cores: Some(facts.logical_cpus),
            user_agent: Some(facts.user_agent.clone()),
            browser: browser::browser_name(&facts.user_agent),
            ..Default::default()
        },
        toolchain: ToolchainInfo {
            rustc_version: facts.rustc.clone(),
            target_triple: Some("wasm32-unknown-unknown".into()),
            profile: Some("wasm-release, +atomics,+bulk-memory, std rebuilt (-Z build-std)".into()),
            opt_level: Some("z (wasm-core: 3)".into()),
        },
        allocator: wasm_core::results::AllocatorInfo { name: BROWSER_ALLOCATOR.into(), version: None },
        conditions: Some(RunConditions::default()),
    }
    .into_file(cases)
}

/// The run drawn as the explorer draws a native machine: ns per clone against threads, one line per
/// type (and mode), colour fixed per type.
pub fn chart(file: &ResultsFile) -> ChartSpec {
    let machine = Machine { id: file.label.clone(), file_name: file_name(file), data: file.clone() };
    let both = file.cases.iter().any(|c| c.mode.as_deref() == Some("forget"));
    let mode = if both { ModeFilter::Both } else { ModeFilter::Drop };
    let mut spec = contention_spec(&[&machine], View::Time, mode, Scale::Log);
    spec.title = "Time per clone in this browser".into();
    spec
}

/// `2 threads: Arc<str> 54 ns, 5.8× its 1-thread time` for each type and mode measured at 1 and more
/// threads: the run's finding in words, from its own numbers.
pub fn slowdowns(cases: &[CaseResult]) -> Vec<String> {
    let mut lines = Vec::new();
    for one in cases.iter().filter(|c| c.threads == 1) {
        let most = cases
            .iter()
            .filter(|c| c.variant_id == one.variant_id && c.mode == one.mode && c.threads > 1)
            .max_by_key(|c| c.threads);
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
    use wasm_core::clone_run::{case_result, CaseTimes, PlannedCase};
    use wasm_core::kernels::{CloneMode, CloneType};

    fn facts() -> BrowserFacts {
        BrowserFacts {
            user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36".into(),
            logical_cpus: 2,
            created_at: "2026-11-24T10:00:00Z".into(),
            rustc: Some("rustc 1.97.0-nightly".into()),
        }
    }

    fn case(ty: CloneType, mode: CloneMode, threads: u32, ns_per_clone: f64) -> CaseResult {
        let planned = PlannedCase { ty, mode, threads, samples: 1000, note: None };
        let times = CaseTimes { repeat_times_ns: vec![ns_per_clone * 1000.0; 3], contender_ops_per_sec: vec![1e6; (threads > 1) as usize] };
        case_result(&planned, 64, 1, times)
    }

    fn run() -> Vec<CaseResult> {
        vec![
            case(CloneType::ArcStr, CloneMode::Drop, 1, 9.4),
            case(CloneType::String, CloneMode::Drop, 1, 29.0),
            case(CloneType::ArcStr, CloneMode::Drop, 2, 56.0),
            case(CloneType::String, CloneMode::Drop, 2, 240.0),
        ]
    }

    #[test]
    fn a_browser_run_is_a_valid_submission() {
        let file = results_file(&facts(), run());
        assert_eq!(file.label, "browser-headless-chrome-156-2cpu");
        assert_eq!(file_name(&file), "browser-headless-chrome-156-2cpu-2026-11-24.json");
        assert_eq!((file.machine.arch.as_str(), file.machine.logical_cores), ("wasm32", Some(2)));
        assert_eq!(file.machine.browser.as_deref(), Some("Headless Chrome 156"));
        assert!(file.cases.iter().all(|c| c.noisy == Some(false)));
        let bytes = file.to_pretty_json();
        let parsed = wasm_core::validate::validate_bytes(&file_name(&file), bytes.as_bytes()).expect("valid");
        assert!(wasm_core::validate::submission_problems(&parsed).is_empty(), "{:?}", wasm_core::validate::submission_problems(&parsed));
    }

    #[test]
    fn the_chart_has_a_line_per_type_over_threads() {
        let spec = chart(&results_file(&facts(), run()));
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Arc<str>", "String"]);
        assert!(spec.series.iter().all(|s| s.points.len() == 2));
        assert_eq!(spec.y_scale, Scale::Log);
    }

    #[test]
    fn slowdowns_compare_each_type_with_its_own_one_thread_time() {
        let lines = slowdowns(&run());
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("Arc<str> (drop): 9.4 ns on 1 thread, 56.0 ns on 2 threads, 6.0× as long"), "{}", lines[0]);
        assert!(slowdowns(&run()[..2]).is_empty());
    }
}
