//! For tests: the results files the site ships, read from `content/results/` on disk (native tests
//! only: Miri's isolation forbids reading files, so the tests that call these are ignored there).

use crate::results::ResultsFile;

/// The shipped file `name`, parsed.
pub fn file(name: &str) -> ResultsFile {
    let path = format!("{}/../content/results/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_slice(&std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))).unwrap()
}

/// The shipped file `name` with its name, as the rules that compare files take them.
pub fn named(name: &str) -> (String, ResultsFile) {
    (name.to_owned(), file(name))
}

/// Every shipped results file with its name, in name order.
pub fn all() -> Vec<(String, ResultsFile)> {
    let dir = format!("{}/../content/results", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).filter(|n| n.ends_with(".json")).collect();
    names.sort();
    names.iter().map(|n| named(n)).collect()
}
