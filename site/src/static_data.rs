//! The results as the build sees them: every file of the results folder validated once (the same
//! `LoadedFile::from_bytes` the browser uses), summarised into `results/summary.json`,
//! `results/headlines.json` and the case medians the facts compare, and handed
//! to the pre-renderer's pages as context ([`StaticResults`]), so that `/results` carries its
//! ranking and a chart in the static HTML. In the browser no page has this context: the wasm loads
//! the summary instead.

use std::sync::Arc;

use wasm_core::facts::Facts;
use wasm_core::summary::{CaseMedians, RefusedFile, Summary};

use crate::loaded::{partition, LoadedFile, ValidFile};

/// Every results file the build read: the summary, and the valid files themselves (what the static
/// charts are drawn from).
#[derive(Clone, Debug)]
pub struct StaticResults {
    pub summary: Arc<Summary>,
    pub medians: Arc<CaseMedians>,
    pub machines: Arc<Vec<ValidFile>>,
    /// The sentences about every run (`{{name}}` placeholders in the prose), from the same data.
    pub facts: Arc<Facts>,
}

/// Names the summary never reads as results files: what the build writes beside them, and
/// `index.json` and `medians.json`, which it once wrote (a stale copy left in a folder is not a
/// results file).
pub const NOT_RESULTS: [&str; 4] = ["index.json", "summary.json", "headlines.json", "medians.json"];

impl StaticResults {
    /// The summary of `files`. A bad file is an error naming it and each problem, unless
    /// `keep_refused` (test fixtures), where it is listed in `Summary::refused` instead.
    pub fn of(files: Vec<LoadedFile>, keep_refused: bool) -> Result<StaticResults, String> {
        let (good, bad) = partition(files);
        // Markers by rank among the machines the site ships: the valid files' machines.
        let markers = crate::palette::Markers::of(good.iter().map(ValidFile::machine_key));
        let good: Vec<ValidFile> = good.into_iter().map(|m| m.ranked(&markers)).collect();
        if !keep_refused && !bad.is_empty() {
            let lines: Vec<String> = bad.iter().map(|b| format!("{}:\n  {}", b.file_name, b.problems.join("\n  "))).collect();
            return Err(format!("{} results file(s) fail validation, so the site is not built:\n{}", bad.len(), lines.join("\n")));
        }
        let refused =
            bad.into_iter().map(|b| RefusedFile { file: b.file_name, claimed_label: b.claimed_label, problems: b.problems }).collect();
        let files: Vec<_> = good.iter().map(|m| (m.file_name.clone(), m.data.clone())).collect();
        let (summary, medians) = (Summary::of(&files, refused), CaseMedians::of(&files));
        let facts = Facts::of(&summary, &medians);
        Ok(StaticResults { summary: Arc::new(summary), medians: Arc::new(medians), machines: Arc::new(good), facts: Arc::new(facts) })
    }

    /// Reads every results file of `dir` ([`read_folder`]), validated against the clock of the build.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read_dir(dir: &std::path::Path, keep_refused: bool) -> Result<StaticResults, String> {
        StaticResults::of_folder(&read_folder(dir)?, keep_refused)
    }

    /// [`StaticResults::of`] the files [`read_folder`] read, validated against the clock of the build.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn of_folder(files: &[FolderFile], keep_refused: bool) -> Result<StaticResults, String> {
        let now = std::time::SystemTime::now();
        let loaded = files
            .iter()
            .map(|f| match &f.bytes {
                Ok(bytes) => LoadedFile::from_bytes(&f.name, bytes, now),
                Err(why) => LoadedFile::unreachable(&f.name, why.clone()),
            })
            .collect();
        StaticResults::of(loaded, keep_refused)
    }
}

/// One file of the results folder as the build read it: its bytes, or why they were not read.
pub struct FolderFile {
    pub name: String,
    pub bytes: Result<Vec<u8>, String>,
}

/// Every `.json` file of `dir` but [`NOT_RESULTS`], in name order, each read once (validation and
/// the summary start from these bytes). A file past the size limit is never read, as the
/// browser's loader would refuse it unread.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_folder(dir: &std::path::Path) -> Result<Vec<FolderFile>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json") && !NOT_RESULTS.contains(&n.as_str()))
        .collect();
    names.sort();
    let limit = wasm_core::validate::MAX_FILE_BYTES as u64;
    let read = |path: &std::path::Path| {
        let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
        if size > limit {
            return Err(format!("is {size} bytes; at most {limit} are allowed, so it was not read"));
        }
        std::fs::read(path).map_err(|e| e.to_string())
    };
    Ok(names.into_iter().map(|name| FolderFile { bytes: read(&dir.join(&name)), name }).collect())
}

/// The results folder the tests read: `content/results/`, or the folder `ARC_STR_RESULTS_DIR`
/// names (the contribution test points it at a copy with contributed files added).
#[cfg(not(target_arch = "wasm32"))]
pub fn results_dir() -> std::path::PathBuf {
    std::env::var_os("ARC_STR_RESULTS_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results"))
}

/// `html` with its `{{fact}}` placeholders filled from the build's results ([`Facts::fill`]).
/// Pages are rendered only by the pre-renderer, which provides [`StaticResults`]; without it (a unit
/// test rendering a component alone) the text is returned as it is. An unknown fact stops the build,
/// naming it.
pub fn filled(html: &str) -> String {
    match leptos::prelude::use_context::<StaticResults>() {
        Some(data) => data.facts.fill(html).unwrap_or_else(|e| panic!("a page's text: {e}")),
        None => html.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pull-request check reserves the names the build writes: the same list, or a contributed
    /// `summary.json` would be overwritten (or a new site-written file accepted from a stranger).
    #[test]
    fn the_pull_request_check_reserves_exactly_the_names_the_build_writes() {
        let script = include_str!("../../scripts/check-results-pr.sh");
        let line = script.lines().find(|l| l.starts_with("RESERVED=(")).expect("check-results-pr.sh has a RESERVED=( line");
        let reserved: Vec<&str> = line.trim_start_matches("RESERVED=(").trim_end_matches(')').split_whitespace().collect();
        assert_eq!(reserved, NOT_RESULTS);
    }

    /// Every `{{fact}}` a chapter names exists: the build would stop on an unknown one.
    #[test]
    fn every_placeholder_in_the_chapters_is_a_fact() {
        let data = StaticResults::read_dir(&results_dir(), false).unwrap();
        let mut used = 0;
        for c in crate::content::CHAPTERS {
            let texts = std::iter::once(c.lede_html).chain(c.parts.iter().filter_map(|p| match p {
                crate::content::Part::Html(h) => Some(*h),
                _ => None,
            }));
            for text in texts {
                used += Facts::placeholders(text).len();
                let filled = data.facts.fill(text).unwrap_or_else(|e| panic!("{}: {e}", c.slug));
                assert!(!filled.contains("{{"), "{}", c.slug);
            }
        }
        assert!(used >= 3, "chapter 4's lede names three facts");
    }

    #[test]
    fn the_shipped_results_summarise_and_a_bad_file_stops_the_build_naming_it() {
        let dir = results_dir();
        let shipped = StaticResults::read_dir(&dir, false).unwrap();
        assert_eq!(shipped.summary.machines.len(), shipped.machines.len());
        assert!(shipped.summary.refused.is_empty());

        let good = LoadedFile::from_bytes(
            "a.json",
            &std::fs::read(dir.join("epyc-2vcpu-jemalloc-2026-11-23.json")).unwrap(),
            std::time::SystemTime::now(),
        );
        let bad = LoadedFile::from_bytes("bad.json", br#"{"label": "x"}"#, std::time::SystemTime::now());
        let err = StaticResults::of(vec![good.clone(), bad.clone()], false).unwrap_err();
        assert!(err.contains("bad.json:") && err.contains("not built"), "{err}");
        let kept = StaticResults::of(vec![good, bad], true).unwrap();
        assert_eq!(kept.summary.machines.len(), 1);
        assert_eq!(kept.summary.refused[0].file, "bad.json");
        assert_eq!(kept.summary.refused[0].claimed_label.as_deref(), Some("x"));
    }

    /// A machine's marker is one value, whichever way a page comes to it: the build's (the file
    /// pages, chapter figures drawn at build time) and the summary's rank (`/results`, and every
    /// page that loads files by the catalogue, `results_index`).
    #[test]
    fn the_build_and_the_summary_give_each_machine_one_marker() {
        let shipped = StaticResults::read_dir(&results_dir(), false).unwrap();
        let mut machines = 0;
        for (built, listed) in shipped.machines.iter().zip(&shipped.summary.machines) {
            assert_eq!(built.file_name, listed.file);
            assert_eq!(listed.hardware.map(crate::palette::marker_of_rank), Some(built.marker), "{}: the summary's", built.file_name);
            machines = machines.max(listed.hardware.unwrap() + 1);
        }
        // One machine, one shape: as many shapes as machines (while they fit in the twelve).
        let mut shapes: Vec<u32> = shipped.machines.iter().map(|m| m.marker).collect();
        shapes.sort_unstable();
        shapes.dedup();
        assert_eq!(shapes.len() as u32, machines.min(crate::palette::BROWSER_MARKER));
        assert!(machines >= 6 && (machines as usize) < shipped.machines.len(), "{machines} machines");
    }
}
