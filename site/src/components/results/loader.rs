//! Fetches the catalogue `results/summary.json` (written at build time by the pre-renderer), then
//! the files it lists that a page wants ([`Wanted`]), and reads each through the page's
//! [`ShippedReader`]. One bad or missing file becomes an error card; only an unreadable catalogue
//! fails the whole load. The one loader of results files: the explorer, the bench page, the
//! chapters' recorded results and the size table all start here. `/results` reads the whole
//! summary ([`load_summary`]), and fetches only the files it lists for the charts, parsed but not
//! validated again (`built_files.rs`).
//!
//! Limits, so that no file and no catalogue can take a page down: each file is read as raw bytes (the
//! same bytes `native-runner validate` judges, so a BOM or bad UTF-8 gets the same verdict) and
//! never past `MAX_FILE_BYTES` + 1, whatever its `Content-Length` says; at most [`MAX_FILES`] files
//! are loaded, [`PARALLEL_FETCHES`] at a time, with progress reported as each one lands, and a file
//! that has not arrived whole within [`FETCH_TIMEOUT_MS`] (a server sending 10 bytes a second) is
//! abandoned and becomes an error card, so the page never stays at "Loading" for ever.

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use futures::StreamExt;
use leptos::prelude::use_context;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_core::summary::Summary;
use wasm_core::validate::MAX_FILE_BYTES;

use crate::results_index::ResultsIndex;
pub use crate::results_index::Wanted;

/// Most results files one page loads. Far more than the project will hold for years; a catalogue
/// listing more is cut here and says so in an error card.
pub const MAX_FILES: usize = 200;
/// Files fetched at once.
pub const PARALLEL_FETCHES: usize = 4;
/// Longest one fetch may take, headers and body, in milliseconds. A results file is at most 1 MiB:
/// 20 s is ample on a slow phone connection, and short enough that a stalled file does not hold
/// the page.
pub const FETCH_TIMEOUT_MS: u32 = 20_000;

use crate::model::explorer::LoadedFile;

/// Where the built site keeps the results files.
pub const RESULTS_DIR: &str = "/results";

/// The results list could not be loaded.
#[derive(Clone, Debug)]
pub struct LoadError(pub String);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

fn js_message(value: JsValue) -> String {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

/// Fetches `url` (the site's own: `/results/x.json`, under the base the site is served from,
/// [`crate::routes::site_url`]) as bytes, reading at most `limit` + 1 of them: a larger file is
/// refused without downloading it (by its `Content-Length`) or abandoned once the stream passes
/// the limit.
pub async fn fetch_bytes(url: &str, limit: usize) -> Result<Vec<u8>, String> {
    let url = &crate::routes::site_url(url);
    let window = web_sys::window().ok_or("no window")?;
    // One signal for the whole transfer: it aborts the body's stream too, not only the headers.
    let init = web_sys::RequestInit::new();
    init.set_signal(Some(&web_sys::AbortSignal::timeout_with_u32(FETCH_TIMEOUT_MS)));
    let timed_out = |e: JsValue| {
        let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string());
        if name.as_deref() == Some("TimeoutError") {
            format!("did not arrive within {} s (the server sends it too slowly); reload to try again", FETCH_TIMEOUT_MS / 1000)
        } else {
            js_message(e)
        }
    };
    let response: web_sys::Response =
        JsFuture::from(window.fetch_with_str_and_init(url, &init)).await.map_err(timed_out)?.dyn_into().map_err(js_message)?;
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
        let chunk = JsFuture::from(reader.read()).await.map_err(timed_out)?;
        if js_sys::Reflect::get(&chunk, &"done".into()).map_err(js_message)?.is_truthy() {
            return Ok(bytes);
        }
        let value: js_sys::Uint8Array =
            js_sys::Reflect::get(&chunk, &"value".into()).map_err(js_message)?.dyn_into().map_err(js_message)?;
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
    name.ends_with(".json") && !name.starts_with('.') && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

/// The results catalogue (`results/summary.json`), only what a page chooses files by: fetched once
/// per page however many of its islands load results (chapter 4's size table and recorded results
/// both do), the answer or the error shared by all of them.
pub async fn index() -> Result<std::rc::Rc<ResultsIndex>, LoadError> {
    type Catalogue = Shared<LocalBoxFuture<'static, Result<std::rc::Rc<ResultsIndex>, LoadError>>>;
    thread_local! {
        static CATALOGUE: std::cell::OnceCell<Catalogue> = const { std::cell::OnceCell::new() };
    }
    let read = || async { fetch_index().await.map(std::rc::Rc::new) }.boxed_local().shared();
    CATALOGUE.with(|c| c.get_or_init(read).clone()).await
}

/// [`index`]'s one request.
async fn fetch_index() -> Result<ResultsIndex, LoadError> {
    let bytes = fetch_bytes(&format!("{RESULTS_DIR}/summary.json"), MAX_SUMMARY_BYTES)
        .await
        .map_err(|e| LoadError(format!("results/summary.json {e}")))?;
    serde_json::from_slice(&bytes).map_err(|e| LoadError(format!("results/summary.json: {e}")))
}

/// How a page reads a results file the site ships, a value each wasm's mount function gives its
/// islands (`islands::mount_*`, as Leptos context) and each component hands to [`load_file`]: so a
/// wasm links only the reader it names. Most only parse ([`ShippedReader::PARSE`]): every file
/// `results/summary.json` lists passed the validator when the site was built (the build stops on one
/// that does not), so they need not carry it (55 KB gzip of the chapters' wasm). A wasm that carries
/// the validator anyway, for the reader's own run (the lab's tiers and the full one), reads with
/// [`ShippedReader::VALIDATE`]: a second path for the same files would cost it 17 KB gzip.
#[derive(Clone, Copy)]
pub struct ShippedReader(fn(&str, &[u8]) -> LoadedFile);

impl ShippedReader {
    /// Parse, as the build validated it.
    pub const PARSE: ShippedReader = ShippedReader(LoadedFile::from_built_bytes);
    /// Validate again ([`validate_shipped`]).
    pub const VALIDATE: ShippedReader = ShippedReader(validate_shipped);

    /// The reader the island was mounted with; one that reads nothing (each file an error card
    /// saying so) where its wasm gave none.
    pub fn of_island() -> ShippedReader {
        use_context::<ShippedReader>().unwrap_or(ShippedReader(|name, _| {
            LoadedFile::unreachable(name, "could not be read: this page's wasm set no reader for results files".into())
        }))
    }
}

/// A shipped file, validated as the build did (and, with the page's clock, not dated in the future).
pub fn validate_shipped(name: &str, bytes: &[u8]) -> LoadedFile {
    // wasm32 has no system clock; the page's is Date.now() (ms since the epoch).
    LoadedFile::from_bytes(name, bytes, std::time::UNIX_EPOCH + std::time::Duration::from_millis(js_sys::Date::now() as u64))
}

/// One results file the site ships, fetched and read with `read`.
pub async fn load_file(name: &str, read: ShippedReader) -> LoadedFile {
    if !is_plain_name(name) {
        return LoadedFile::unreachable(name, "is not a plain .json file name".into());
    }
    match fetch_bytes(&format!("{RESULTS_DIR}/{name}"), MAX_FILE_BYTES).await {
        Ok(bytes) => (read.0)(name, &bytes),
        Err(why) => LoadedFile::unreachable(name, why),
    }
}

/// [`load_file`] of a file the catalogue `index` lists, with its machine's marker: its rank among the
/// machines of every file the site ships, the same on every page whichever files a page loads.
pub async fn load_listed(index: &ResultsIndex, name: &str, read: ShippedReader) -> LoadedFile {
    let rank = index.rank_of(name);
    load_file(name, read).await.with_rank(rank)
}

/// The results files one page has asked for, each fetched and read once: two parts of a page that
/// want the same file (`/choose`'s clone costs and its count of the machines that agree) share one
/// request and one reading. Its clones share one cache.
#[derive(Clone, Default)]
pub struct FileCache(std::rc::Rc<std::cell::RefCell<HashMap<String, Shared<LocalBoxFuture<'static, LoadedFile>>>>>);

impl FileCache {
    /// [`load_file`] of `name`, or the one already under way or done. A file that could not be
    /// fetched (a timeout, a dropped connection) is not kept: the next ask fetches it again.
    pub fn load(&self, name: &str, read: ShippedReader) -> impl std::future::Future<Output = LoadedFile> {
        let shared = self
            .0
            .borrow_mut()
            .entry(name.to_owned())
            .or_insert_with(|| {
                let name = name.to_owned();
                async move { load_file(&name, read).await }.boxed_local().shared()
            })
            .clone();
        let (files, name) = (self.0.clone(), name.to_owned());
        async move {
            let loaded = shared.await;
            if matches!(&loaded, LoadedFile::Bad(bad) if bad.kind == crate::loaded::BadKind::Unreachable) {
                files.borrow_mut().remove(&name);
            }
            loaded
        }
    }
}

/// Largest summary read, in bytes: about 10,000 machines of a full clone run.
const MAX_SUMMARY_BYTES: usize = 64 << 20;

/// The build's summary of every results file (`results/summary.json`): one request, validated at
/// build time, so nothing in it is validated again here.
pub async fn load_summary() -> Result<Summary, LoadError> {
    let bytes = fetch_bytes(&format!("{RESULTS_DIR}/summary.json"), MAX_SUMMARY_BYTES)
        .await
        .map_err(|e| LoadError(format!("results/summary.json {e}")))?;
    Summary::from_json(&bytes).map_err(LoadError)
}

/// `summary` with every machine's headline measures, from `results/headlines.json` (what only the
/// ranking needs: asked for once the wasm runs, so the first chart never waits for its bytes).
pub async fn load_headlines(summary: Arc<Summary>) -> Result<Arc<Summary>, LoadError> {
    let bytes = fetch_bytes(&format!("{RESULTS_DIR}/headlines.json"), MAX_SUMMARY_BYTES)
        .await
        .map_err(|e| LoadError(format!("results/headlines.json {e}")))?;
    Ok(Arc::new((*summary).clone().with_headlines(&bytes).map_err(LoadError)?))
}

/// The results files `wanted` asks for, validated, in the order of the index.
pub async fn load_results(wanted: Wanted, read: ShippedReader) -> Result<Vec<LoadedFile>, LoadError> {
    load_results_with_progress(wanted, read, |_, _| {}).await
}

/// [`load_results`], calling `progress(loaded, total)` as the index arrives and after each file.
pub async fn load_results_with_progress(
    wanted: Wanted,
    read: ShippedReader,
    progress: impl Fn(usize, usize),
) -> Result<Vec<LoadedFile>, LoadError> {
    // `asked`, not the index's length: a page that skips files it has no use for skipped nothing.
    let index = index().await?;
    let (names, asked) = index.names(wanted, MAX_FILES);
    let total = names.len();
    progress(0, total);
    let loaded = std::cell::Cell::new(0);
    // Unordered, so that one slow file does not hold back the count of the files behind it; the
    // index's order is restored afterwards.
    let mut numbered: Vec<(usize, LoadedFile)> = futures::stream::iter(names.into_iter().enumerate())
        .map(|(i, name)| {
            let index = index.clone();
            async move { (i, load_listed(&index, &name, read).await) }
        })
        .buffer_unordered(PARALLEL_FETCHES)
        .inspect(|_| {
            loaded.set(loaded.get() + 1);
            progress(loaded.get(), total);
        })
        .collect()
        .await;
    wasm_core::order::sort_by_key(&mut numbered, |(i, _)| *i);
    let mut files: Vec<LoadedFile> = numbered.into_iter().map(|(_, file)| file).collect();
    if asked > MAX_FILES {
        let what = match wanted {
            Wanted::All => "results files".to_owned(),
            Wanted::Suite(suite) => format!("files with {} cases", suite.id()),
        };
        let why = format!(
            "{asked} {what}; this page loads the first {MAX_FILES}. Every machine is on /results, which reads the build's summary instead."
        );
        files.push(LoadedFile::capped("summary.json", why));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> ResultsIndex {
        serde_json::from_str(
            r#"{
                "summary_version": 7,
                "machines": [
                    { "file": "arm.json", "label": "arm", "suites": ["clone"], "arch": "aarch64", "kind": "native", "hardware": 0 },
                    { "file": "mixed.json", "suites": ["clone", "sso"], "arch": "x86_64", "kind": "native", "hardware": 1 },
                    { "file": "other-runner.json", "suites": ["clone"], "arch": "x86_64", "kind": "reference", "hardware": 2 },
                    { "file": "sso.json", "suites": ["sso"], "arch": "x86_64", "kind": "native", "hardware": 1 }
                ],
                "refused": [{ "file": "broken.json", "claimed_label": null, "problems": ["x: y"] }]
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn a_suite_gets_its_files_and_every_file_the_build_refused() {
        let i = index();
        assert_eq!(i.names(Wanted::Suite(wasm_core::results::Suite::Sso), MAX_FILES).0, ["broken.json", "mixed.json", "sso.json"]);
        assert_eq!(i.names(Wanted::Suite(wasm_core::results::Suite::Arena), MAX_FILES).0, ["broken.json"]);
        assert_eq!(i.names(Wanted::All, MAX_FILES).0, ["arm.json", "broken.json", "mixed.json", "other-runner.json", "sso.json"]);
    }

    #[test]
    fn a_marker_is_its_machines_rank_in_the_catalogue() {
        let i = index();
        assert_eq!((i.rank_of("mixed.json"), i.rank_of("sso.json"), i.rank_of("arm.json")), (Some(1), Some(1), Some(0)));
        assert_eq!(i.rank_of("broken.json"), None, "refused: its card has no marker");
    }

    #[test]
    fn by_preference_puts_the_runners_files_of_the_arch_first_and_drops_other_arches() {
        use wasm_core::summary::RunnerKind;
        assert_eq!(index().by_preference("x86_64", RunnerKind::Native), ["mixed.json", "sso.json", "broken.json", "other-runner.json"]);
    }
}
