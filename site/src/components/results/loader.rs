//! Fetches `results/index.json` (written at build time by `scripts/postbuild.mjs`), then every file it
//! lists, and validates each with `wasm_core::validate`. One bad or missing file becomes an error
//! card; only an unreadable index fails the whole load. The one loader of results files: the
//! explorer, the bench page, the chapters' recorded results and the size table all start here.

use serde::Deserialize;
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::explorer::LoadedFile;

/// Where the built site keeps the results files.
const RESULTS_DIR: &str = "/results";

/// The results list could not be loaded.
#[derive(Clone, Debug)]
pub struct LoadError(pub String);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

#[derive(Deserialize)]
struct Index {
    files: Vec<String>,
}

fn js_message(value: JsValue) -> String {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(js_message)?
        .dyn_into()
        .map_err(js_message)?;
    if !response.ok() {
        return Err(format!("could not be fetched (HTTP {})", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(js_message)?).await.map_err(js_message)?;
    text.as_string().ok_or_else(|| "is not text".to_owned())
}

/// A plain `.json` file name of `[A-Za-z0-9._-]`, not hidden: the index cannot point the loader at
/// another folder, query or fragment.
fn is_plain_name(name: &str) -> bool {
    name.ends_with(".json")
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

/// Every results file the site ships, validated, in the order of the index.
pub async fn load_results() -> Result<Vec<LoadedFile>, LoadError> {
    let index_text = fetch_text(&format!("{RESULTS_DIR}/index.json"))
        .await
        .map_err(|e| LoadError(format!("results/index.json {e}")))?;
    let index: Index = serde_json::from_str(&index_text).map_err(|e| LoadError(format!("results/index.json: {e}")))?;
    let mut files = Vec::with_capacity(index.files.len());
    for name in index.files {
        if !is_plain_name(&name) {
            files.push(LoadedFile::unreachable(&name, "is not a plain .json file name".into()));
            continue;
        }
        files.push(match fetch_text(&format!("{RESULTS_DIR}/{name}")).await {
            Ok(text) => LoadedFile::from_bytes(&name, text.as_bytes()),
            Err(why) => LoadedFile::unreachable(&name, why),
        });
    }
    Ok(files)
}
