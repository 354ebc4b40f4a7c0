//! Fetches `results/index.json` (written at build time by `scripts/postbuild.mjs`), then every file it
//! lists, and validates each with `wasm_core::validate`. One bad or missing file becomes an error
//! card; only an unreadable index fails the whole load. The one loader of results files: the
//! explorer, the bench page, the chapters' recorded results and the size table all start here.
//!
//! Limits, so that no file and no index can take a page down: each file is read as raw bytes (the
//! same bytes `native-runner validate` judges, so a BOM or bad UTF-8 gets the same verdict) and
//! never past `MAX_FILE_BYTES` + 1, whatever its `Content-Length` says; at most [`MAX_FILES`] files
//! are loaded, [`PARALLEL_FETCHES`] at a time, with progress reported as each one lands.

use futures::StreamExt;
use serde::Deserialize;
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_core::validate::MAX_FILE_BYTES;

/// Most results files one page loads. Far more than the project will hold for years; an index
/// listing more is cut here and says so in an error card.
pub const MAX_FILES: usize = 200;
/// Files fetched at once.
const PARALLEL_FETCHES: usize = 4;
/// Largest index read, in bytes: 100,000 names still fit (and are then cut to [`MAX_FILES`]).
const MAX_INDEX_BYTES: usize = 4 << 20;

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

/// Fetches `url` as bytes, reading at most `limit` + 1 of them: a larger file is refused without
/// downloading it (by its `Content-Length`) or abandoned once the stream passes the limit.
async fn fetch_bytes(url: &str, limit: usize) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(js_message)?
        .dyn_into()
        .map_err(js_message)?;
    if !response.ok() {
        return Err(format!("could not be fetched (HTTP {})", response.status()));
    }
    let too_big = |size: String| format!("is {size} bytes; at most {limit} are allowed, so it was not read");
    if let Some(length) = response.headers().get("content-length").ok().flatten().and_then(|l| l.parse::<u64>().ok()) {
        if length > limit as u64 {
            return Err(too_big(length.to_string()));
        }
    }
    let Some(body) = response.body() else { return Ok(Vec::new()) };
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().dyn_into().map_err(|o: js_sys::Object| js_message(o.into()))?;
    let mut bytes = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(js_message)?;
        if js_sys::Reflect::get(&chunk, &"done".into()).map_err(js_message)?.is_truthy() {
            return Ok(bytes);
        }
        let value: js_sys::Uint8Array = js_sys::Reflect::get(&chunk, &"value".into()).map_err(js_message)?.dyn_into().map_err(js_message)?;
        bytes.extend(value.to_vec());
        if bytes.len() > limit {
            let _ = reader.cancel();
            return Err(too_big(format!("more than {limit}")));
        }
    }
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
    load_results_with_progress(|_, _| {}).await
}

/// [`load_results`], calling `progress(loaded, total)` as the index arrives and after each file.
pub async fn load_results_with_progress(progress: impl Fn(usize, usize)) -> Result<Vec<LoadedFile>, LoadError> {
    let index_bytes = fetch_bytes(&format!("{RESULTS_DIR}/index.json"), MAX_INDEX_BYTES)
        .await
        .map_err(|e| LoadError(format!("results/index.json {e}")))?;
    let index: Index = serde_json::from_slice(&index_bytes).map_err(|e| LoadError(format!("results/index.json: {e}")))?;
    let listed = index.files.len();
    let names: Vec<String> = index.files.into_iter().take(MAX_FILES).collect();
    let total = names.len();
    progress(0, total);
    let loaded = std::cell::Cell::new(0);
    let mut files: Vec<LoadedFile> = futures::stream::iter(names)
        .map(|name| async move {
            if !is_plain_name(&name) {
                return LoadedFile::unreachable(&name, "is not a plain .json file name".into());
            }
            match fetch_bytes(&format!("{RESULTS_DIR}/{name}"), MAX_FILE_BYTES).await {
                Ok(bytes) => LoadedFile::from_bytes(&name, &bytes),
                Err(why) => LoadedFile::unreachable(&name, why),
            }
        })
        .buffered(PARALLEL_FETCHES)
        .inspect(|_| {
            loaded.set(loaded.get() + 1);
            progress(loaded.get(), total);
        })
        .collect()
        .await;
    if listed > MAX_FILES {
        let why = format!("lists {listed} files; this page loads the first {MAX_FILES} and skipped the rest");
        files.push(LoadedFile::unreachable("index.json", why));
    }
    Ok(files)
}
