//! The native results the site ships (`/results/summary.json` lists `/results/*.json`), loaded and
//! checked with wasm-core's validator, and the single-thread clone cases that match a browser run.

use leptos::prelude::*;
use wasm_core::kernels::clone::CloneMode;
use wasm_core::results::{CaseResult, ResultsFile};

use crate::components::results::loader::{load_results, ShippedReader, Wanted};
use crate::model::explorer::LoadedFile;

/// One results file that passed validation.
#[derive(Clone, Debug, PartialEq)]
pub struct NativeFile {
    pub name: String,
    pub results: ResultsFile,
    /// Its machine's marker on the charts ([`crate::loaded::ValidFile::marker`]).
    pub marker: u32,
}

impl NativeFile {
    /// The file of `machine`.
    pub fn of(machine: crate::loaded::ValidFile) -> NativeFile {
        NativeFile { name: machine.file_name, results: machine.data, marker: machine.marker }
    }
}

/// Everything `/results/` offered: the good files, and why the others were skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NativeResults {
    pub files: Vec<NativeFile>,
    pub skipped: Vec<(String, String)>,
}

/// The cases of one file that compare with a browser run, and the string length they used.
#[derive(Clone, Debug, PartialEq)]
pub struct NativeMatch {
    pub series_name: String,
    pub machine: String,
    /// The file's label and allocator, which tell apart two runs of one machine.
    pub label: String,
    /// Its machine ([`crate::loaded::ValidFile::machine_key`]) and that machine's marker on the charts.
    pub machine_key: String,
    pub marker: u32,
    pub allocator: String,
    pub string_len: u64,
    pub cases: Vec<CaseResult>,
}

/// The shipped native results files `wanted` asks for, loaded and validated by the one loader; bad
/// files are kept with the validator's first problem. Runs measured in a browser are left out: they
/// are the browser's figures, not a machine's native ones (the explorer shows them as their own kind).
pub async fn load(wanted: Wanted, read: ShippedReader) -> Result<NativeResults, String> {
    let mut out = NativeResults::default();
    for file in load_results(wanted, read).await.map_err(|e| e.to_string())? {
        match file {
            LoadedFile::Good(m) if m.is_browser_run() => {}
            LoadedFile::Good(m) => out.files.push(NativeFile::of(m)),
            LoadedFile::Bad(b) => out.skipped.push((b.file_name, b.problems.into_iter().next().unwrap_or_default())),
        }
    }
    Ok(out)
}

/// For each file, its `clone` cases on one thread in `mode` at `string_len` bytes; when the file has
/// no case at that length, the nearest length it has (the table says which).
pub fn matches(native: &NativeResults, mode: CloneMode, string_len: u64) -> Vec<NativeMatch> {
    native
        .files
        .iter()
        .filter(|f| f.results.machine.arch != "wasm32")
        .filter_map(|f| {
            let candidates: Vec<&CaseResult> =
                f.results.cases.iter().filter(|c| c.is_global_clone() && c.threads == 1 && c.mode.as_deref() == Some(mode.id())).collect();
            let nearest = candidates.iter().filter_map(|c| c.params.string_len_bytes).min_by_key(|len| len.abs_diff(string_len))?;
            let machine = f.results.machine.cpu_model.clone().unwrap_or_else(|| f.results.machine.arch.clone());
            Some(NativeMatch {
                series_name: format!("native: {}", f.results.label),
                machine,
                label: f.results.label.clone(),
                machine_key: wasm_core::machine_key::machine_key(&f.results),
                marker: f.marker,
                allocator: f.results.allocator.name.clone(),
                string_len: nearest,
                cases: candidates.into_iter().filter(|c| c.params.string_len_bytes == Some(nearest)).cloned().collect(),
            })
        })
        .collect()
}

/// The files not used, each named with why (the validator's first problem, a failed fetch, or the
/// page's cap on how many it loads); nothing when none.
#[component]
pub fn SkippedFiles(loaded: ReadSignal<Option<Result<NativeResults, String>>>, #[prop(optional)] test_id: &'static str) -> impl IntoView {
    move || {
        loaded.with(|l| match l {
            Some(Ok(n)) if !n.skipped.is_empty() => Some(view! {
                <details class="skipped" data-testid=test_id>
                    <summary>{match n.skipped.len() { 1 => "1 results file not used: why below".to_owned(), k => format!("{k} results files not used: why below") }}</summary>
                    <ul>{n.skipped.iter().map(|(f, why)| view! { <li><code>{f.clone()}</code> ": " {why.clone()}</li> }).collect_view()}</ul>
                </details>
            }),
            _ => None,
        })
    }
}
