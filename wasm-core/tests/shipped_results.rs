//! Every results file the site ships (`content/results/*.json`) must pass the same validation the
//! site and `native-runner validate` apply. Only `content/results/` is checked: the browser tests'
//! fixtures (`tests/fixtures/results/`) include files that are bad on purpose.

use std::path::{Path, PathBuf};
use wasm_core::validate::validate_bytes;

fn shipped_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("read content/results entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && p.file_name().is_some_and(|n| n != "index.json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_results_file_validates() {
    let mut failures = Vec::new();
    let files = shipped_files();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        match validate_bytes(&name, &bytes) {
            Err(problems) => failures.extend(problems.iter().map(|p| format!("content/results/{name}: {p}"))),
            Ok(file) => failures.extend(wasm_core::validate::future_problem(&file, std::time::SystemTime::now()).map(|p| format!("content/results/{name}: {p}"))),
        }
    }
    assert!(failures.is_empty(), "{} shipped results file(s) fail validation:\n{}", files.len(), failures.join("\n"));
    eprintln!("validated {} shipped results files", files.len());
}
