//! `import-reference`: turns the published data of the article's benchmark (BlockListed/arc_str_perf)
//! into a results file, so the reference dataset is generated, not typed by hand.
//!
//! The input is a JSON array of `{type, threads, drop, time_millis}`: one time in milliseconds for
//! 2^24 clones of a 64-byte string per case, measured on a Ryzen 5600X (6 cores / 12 threads, Arch
//! Linux 6.6.8, jemalloc). `Rc<str>` appears five times per mode at one thread: those become five
//! repeats of one case; every other case has a single repeat.

use serde::Deserialize;
use std::collections::BTreeMap;
use wasm_core::clone_run::{self, CaseTimes, PlannedCase};
use wasm_core::kernels::{CloneMode, CloneType};
use wasm_core::results::*;

/// Clones per published time (2^24), as the article states.
const REFERENCE_SAMPLES: u64 = 1 << 24;
/// String length of the article's benchmark, in bytes.
const REFERENCE_STRING_LEN: usize = 64;
/// The label of the converted file.
pub const REFERENCE_LABEL: &str = "reference-ryzen5600x-2024";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(rename = "type")]
    type_name: String,
    threads: u32,
    drop: bool,
    time_millis: f64,
}

/// `alloc::sync::Arc<str>` → `Arc<str>`.
fn clone_type(type_name: &str) -> Option<CloneType> {
    CloneType::parse(type_name.rsplit("::").next()?)
}

/// Converts the published JSON text into a results file.
pub fn convert(input: &str) -> Result<ResultsFile, String> {
    let entries: Vec<Entry> = serde_json::from_str(input).map_err(|e| format!("not arc_str_perf comparison data: {e}"))?;
    let mut groups: BTreeMap<(u32, CloneMode, CloneType), Vec<f64>> = BTreeMap::new();
    for (i, entry) in entries.iter().enumerate() {
        let ty = clone_type(&entry.type_name).ok_or_else(|| format!("entry {i}: unknown type {:?}", entry.type_name))?;
        if !(entry.time_millis.is_finite() && entry.time_millis > 0.0) || entry.threads == 0 {
            return Err(format!("entry {i}: time_millis must be positive and threads at least 1"));
        }
        let mode = if entry.drop { CloneMode::Drop } else { CloneMode::Forget };
        groups.entry((entry.threads, mode, ty)).or_default().push(entry.time_millis * 1e6);
    }
    if groups.is_empty() {
        return Err("no entries".into());
    }
    let cases = groups
        .into_iter()
        .map(|((threads, mode, ty), times)| {
            let case = PlannedCase::new(ty, mode, threads, REFERENCE_SAMPLES);
            clone_run::case_result(&case, REFERENCE_STRING_LEN, 0, CaseTimes { repeat_times_ns: times, contender_ops_per_sec: vec![] })
        })
        .collect();
    if !cfg!(target_pointer_width = "64") {
        return Err("run the import on a 64-bit target: its layout facts stand in for the reference's x86_64".into());
    }
    Ok(ResultsFile {
        // Schema 1: the reference's bytes are pinned by their hash (`ResultsFile::is_known_reference`),
        // and schema 2 added only what identifies a measured CPU, which the published data does not say.
        schema_version: OLDEST_SCHEMA_VERSION,
        label: REFERENCE_LABEL.into(),
        // The data carries no date; its kernel (6.6.8, December 2023) and the article date it to early 2024.
        created_at: "2024-01-01T00:00:00Z".into(),
        runner: RunnerInfo { name: "arc_str_perf".into(), version: None, git_revision: None },
        machine: MachineInfo {
            cpu_model: Some("AMD Ryzen 5 5600X 6-Core Processor".into()),
            logical_cores: Some(12),
            physical_cores: Some(6),
            arch: "x86_64".into(),
            os: Some("Arch Linux".into()),
            kernel_version: Some("6.6.8-zen1-1-zen".into()),
            memory_total_bytes: Some(16 << 30),
            user_agent: None,
            browser: None,
            device: None,
            cpu_identity: None,
        },
        toolchain: ToolchainInfo::default(),
        allocator: AllocatorInfo { name: "jemalloc".into(), version: None },
        layouts: LayoutFacts::current(),
        conditions: None,
        provenance: Some(Provenance {
            source: "github.com/BlockListed/arc_str_perf: its published comparison data (JSON), converted by `native-runner import-reference`".into(),
            article: Some("\"Arc<str> vs String, is Arc<str> really faster?\" by BlockListed".into()),
            notes: vec![
                "One published time per case: there were no repeats, so repeat_times_ns has one entry and mad_ns is 0; warmup_repeats is unknown and recorded as 0.".into(),
                "Rc<str> was published five times per mode at 1 thread; those five times are kept as five repeats of one case.".into(),
                "Times are the published whole milliseconds for 2^24 clones of a 64-byte string, converted to nanoseconds; contender throughput and memory statistics were not published.".into(),
                "Machine: AMD Ryzen 5 5600X (6 cores / 12 threads), 2x8 GB DDR4-3600, Arch Linux with kernel 6.6.8-zen1-1-zen, jemalloc (version not published).".into(),
                "created_at is approximate (the data has no date); the toolchain was not published; layouts are the x86_64 values as computed by the importer on a 64-bit target.".into(),
            ],
        }),
        cases,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_rc_repeats_and_converts_units() {
        let input = r#"[
            {"type": "alloc::sync::Arc<str>", "threads": 2, "drop": true, "time_millis": 430},
            {"type": "alloc::rc::Rc<str>", "threads": 1, "drop": false, "time_millis": 10},
            {"type": "alloc::rc::Rc<str>", "threads": 1, "drop": false, "time_millis": 12}
        ]"#;
        let file = convert(input).unwrap();
        assert_eq!(file.cases.len(), 2);
        let rc = &file.cases[0];
        assert_eq!((rc.variant.as_str(), rc.mode.as_deref(), rc.threads), ("Rc<str>", Some("forget"), 1));
        assert_eq!(rc.repeat_times_ns, vec![10e6, 12e6]);
        assert_eq!(rc.median_ns, 11e6);
        assert_eq!(file.cases[1].median_ns_per_op, 430e6 / (1u64 << 24) as f64);
        assert!(wasm_core::validate::validate_file(&file).is_empty());
    }

    #[test]
    fn rejects_unknown_types_and_shapes() {
        assert!(convert(r#"[{"type": "Cow<str>", "threads": 1, "drop": true, "time_millis": 1}]"#).is_err());
        assert!(convert(r#"{"type": "x"}"#).is_err());
        assert!(convert("[]").is_err());
    }
}
