//! The reader's own contention-lab run, kept in this browser (`localStorage`) from the moment it
//! validates in the lab until the reader forgets it, so that `/results` can show where it stands
//! before it is submitted. Nothing leaves the browser: it is the file the lab offers for download.

use wasm_core::results::ResultsFile;

/// The `localStorage` key; the value is the run's results JSON, as the lab validated it.
const KEY: &str = "arc-str:own-browser-run";

/// What the run is called in the ranking's standings (it has no file name on the site).
pub const OWN_RUN_FILE: &str = "your-browser-run.json";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Keeps `json` (a run the lab has just validated), replacing the one kept before. A browser that
/// refuses storage (private mode, quota) keeps nothing; the lab's download still works.
pub fn keep(json: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, json);
    }
}

/// The kept run, if there is one and it still reads as a results file. The lab validated it before
/// keeping it; it is read back only here, for this reader's own eyes.
pub fn load() -> Option<ResultsFile> {
    let text = storage()?.get_item(KEY).ok()??;
    parse(&text)
}

fn parse(text: &str) -> Option<ResultsFile> {
    // from_slice, as the explorer reads files: one instantiation of the parser for ResultsFile.
    serde_json::from_slice(text.as_bytes()).ok()
}

/// Forgets the kept run.
pub fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(KEY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_run_reads_back_and_anything_else_is_nothing() {
        let text = include_str!("../../content/results/browser-headless-chrome-156-epyc-2vcpu-2026-11-24.json");
        assert_eq!(parse(text).map(|f| f.runner.name), Some("browser".to_owned()));
        assert!(parse("{\"label\": 1}").is_none());
        assert!(parse("").is_none());
    }
}
