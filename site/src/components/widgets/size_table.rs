//! Chapter 4: `size_of`/`align_of` measured live on wasm32, beside the values a native run recorded
//! for x86_64 in a results file (`content/results/*.json`, served at `/results/<file>`, listed in
//! `/results/index.json`).

use leptos::prelude::*;
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_core::layout::{arc_header_bytes, string_type_layouts, TypeLayout};

/// Just the parts of a results file this table needs (the full schema is `wasm_core::results`);
/// reading only these keeps the table working when other fields evolve.
#[derive(Clone, Debug, Deserialize)]
struct NativeFile {
    label: String,
    runner: Runner,
    machine: Machine,
    layouts: Layouts,
}

#[derive(Clone, Debug, Deserialize)]
struct Runner {
    name: String,
}

#[derive(Clone, Debug, Deserialize)]
struct Machine {
    arch: String,
}

#[derive(Clone, Debug, Deserialize)]
struct Layouts {
    types: Vec<TypeLayout>,
    arc_header_bytes: u32,
}

#[derive(Deserialize)]
struct Index {
    files: Vec<String>,
}

#[derive(Clone, Debug)]
struct Native {
    file: String,
    data: NativeFile,
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| format!("{url}: network error"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| format!("{url}: not a response"))?;
    if !resp.ok() {
        return Err(format!("{url}: HTTP {}", resp.status()));
    }
    let text = JsFuture::from(resp.text().map_err(|_| format!("{url}: unreadable body"))?)
        .await
        .map_err(|_| format!("{url}: unreadable body"))?;
    text.as_string().ok_or_else(|| format!("{url}: body is not text"))
}

/// The first x86_64 results file written by the project's native runner, else any x86_64 one.
async fn load_native() -> Result<Option<Native>, String> {
    let index: Index = serde_json::from_str(&fetch_text("/results/index.json").await?)
        .map_err(|e| format!("/results/index.json: {e}"))?;
    let mut fallback = None;
    for file in index.files {
        let Ok(text) = fetch_text(&format!("/results/{file}")).await else { continue };
        let Ok(data) = serde_json::from_str::<NativeFile>(&text) else { continue };
        if data.machine.arch != "x86_64" {
            continue;
        }
        if data.runner.name == "native-runner" {
            return Ok(Some(Native { file, data }));
        }
        fallback.get_or_insert(Native { file, data });
    }
    Ok(fallback)
}

#[component]
pub fn SizeTable() -> impl IntoView {
    let live = string_type_layouts();
    let native = LocalResource::new(load_native);
    let native_now = move || native.get().and_then(|r| r.ok()).flatten();

    let rows = live
        .into_iter()
        .map(|l: TypeLayout| {
            let name = l.type_name.clone();
            let lookup = name.clone();
            let row_id = name.clone();
            let native_cell = move || {
                native_now()
                    .and_then(|n| n.data.layouts.types.into_iter().find(|t| t.type_name == lookup))
                    .map_or_else(|| "–".to_owned(), |t| format!("{} / {}", t.size_bytes, t.align_bytes))
            };
            view! {
                <tr data-type=row_id>
                    <th scope="row"><code>{name}</code></th>
                    <td class="num" data-field="size">{l.size_bytes}</td>
                    <td class="num" data-field="align">{l.align_bytes}</td>
                    <td class="num" data-field="native">{native_cell}</td>
                </tr>
            }
        })
        .collect_view();

    let note = move || match native.get() {
        None => "Looking for native results in /results/ …".to_owned(),
        Some(Err(e)) => format!("Could not read the native results ({e}); only the live wasm32 values are shown."),
        Some(Ok(None)) => "No x86_64 results file has been published yet, so the x86_64 column is empty. It fills in from \
            the first content/results/*.json file (its layouts.types list) that the project's native runner writes \
            on an x86_64 machine."
            .to_owned(),
        Some(Ok(Some(n))) => format!(
            "x86_64 values: recorded by {} in results/{} (run “{}”) on a real machine, read by this page just now.",
            n.data.runner.name, n.file, n.data.label
        ),
    };

    view! {
        <section class="widget" aria-labelledby="size-table-title">
            <h3 id="size-table-title">"Live: handle sizes, wasm32 here and x86_64 from a native run"</h3>
            <p class="source-note">
                "The wasm32 columns are " <code>"size_of::<T>()"</code> " and " <code>"align_of::<T>()"</code>
                " evaluated by this page's WebAssembly module. The x86_64 column is " <em>"size / align"</em>
                " from a results file."
            </p>
            <div class="table-scroll">
            <table class="data" data-testid="size-table">
                <thead><tr>
                    <th scope="col">"Type"</th><th scope="col" class="num">"wasm32 size"</th>
                    <th scope="col" class="num">"wasm32 align"</th><th scope="col" class="num">"x86_64 size / align"</th>
                </tr></thead>
                <tbody>
                    {rows}
                    <tr data-type="arc-header">
                        <th scope="row">"Arc header on the heap (strong + weak)"</th>
                        <td class="num" data-field="size">{arc_header_bytes()}</td>
                        <td class="num">"–"</td>
                        <td class="num" data-field="native">
                            {move || native_now().map_or_else(|| "–".to_owned(), |n| n.data.layouts.arc_header_bytes.to_string())}
                        </td>
                    </tr>
                </tbody>
            </table>
            </div>
            <p class="source-note" data-testid="size-table-note" aria-live="polite">{note}</p>
        </section>
    }
}
