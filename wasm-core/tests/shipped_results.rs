//! Every results file the site ships (`content/results/*.json`) must pass the same validation the
//! site and `native-runner validate` apply. Only `content/results/` is checked: the browser tests'
//! fixtures (`tests/fixtures/results/`) include files that are bad on purpose.

use std::path::{Path, PathBuf};
use wasm_core::validate::validate_bytes;

/// `content/results/`, or the folder `ARC_STR_RESULTS_DIR` names (the contribution test's copy).
fn shipped_files() -> Vec<PathBuf> {
    let dir = std::env::var_os("ARC_STR_RESULTS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results"));
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> =
        entries.map(|e| e.expect("read content/results entry").path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    files.sort();
    files
}

#[test]
fn every_shipped_results_file_validates() {
    let mut failures = Vec::new();
    let files = shipped_files();
    // The article's reference dataset always ships; an empty or missing folder is a broken checkout.
    assert!(files.iter().any(|p| p.ends_with("reference-ryzen5600x-2024.json")), "no reference dataset among {files:?}");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        match validate_bytes(&name, &bytes) {
            Err(problems) => failures.extend(problems.iter().map(|p| format!("content/results/{name}: {p}"))),
            Ok(file) => failures.extend(
                wasm_core::validate::future_problem(&file, std::time::SystemTime::now()).map(|p| format!("content/results/{name}: {p}")),
            ),
        }
    }
    assert!(failures.is_empty(), "{} shipped results file(s) fail validation:\n{}", files.len(), failures.join("\n"));
    eprintln!("validated {} shipped results files", files.len());
}

/// Each case of a shipped file has its own fragment on the file's page (`/results/<file>/#…`),
/// made of characters a URL keeps as they are, so a chapter can link a figure to its case.
#[test]
fn every_shipped_case_has_a_unique_url_safe_anchor() {
    let mut cases = 0;
    for path in shipped_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(file) = validate_bytes(&name, &std::fs::read(&path).unwrap()) else { continue };
        let mut seen = std::collections::HashSet::new();
        for case in &file.cases {
            let anchor = case.anchor();
            assert!(anchor.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'), "{name}: {anchor}");
            assert!(anchor.starts_with(&format!("{}-{}-t", case.suite, case.variant_id)), "{name}: {anchor}");
            assert!(seen.insert(anchor.clone()), "{name}: two cases share the anchor {anchor}");
            cases += 1;
        }
    }
    assert!(cases > 100, "only {cases} cases read");
}
