//! Chapter 4: `size_of`/`align_of` measured live on wasm32, beside the values a native run recorded
//! for x86_64 in a results file (`content/results/*.json`, served at `/results/<file>`, listed in
//! `/results/index.json`).

use leptos::prelude::*;
use crate::components::scroll_region::ScrollRegion;
use wasm_core::layout::{arc_header_bytes, string_type_layouts, TypeLayout};

use crate::components::results::loader;
use crate::explorer::{LoadedFile, Machine};

/// The first valid x86_64 results file written by the project's native runner, else any valid
/// x86_64 one. Fetches the likeliest file first (the index says which) and stops at the first that
/// settles it: one file, not all of them.
async fn load_native() -> Result<Option<Machine>, String> {
    let index = loader::index().await.map_err(|e| e.to_string())?;
    let mut fallback = None;
    for name in index.by_preference("x86_64", "native-runner") {
        let LoadedFile::Good(machine) = loader::load_file(&name).await else { continue };
        if machine.data.machine.arch != "x86_64" {
            continue;
        }
        if machine.data.runner.name == "native-runner" {
            return Ok(Some(machine));
        }
        fallback.get_or_insert(machine);
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
            n.data.runner.name, n.file_name, n.data.label
        ),
    };

    view! {
        <section class="widget" aria-labelledby="size-table-title">
            <h3 id="size-table-title">"Live: handle sizes, wasm32 here and x86_64 from a native run"</h3>
            <p class="source-note">
                "The wasm32 columns are " <code>"size_of::<T>()"</code> " and " <code>"align_of::<T>()"</code>
                " evaluated by this page's WebAssembly module; the Arc header is measured on a real "<code>"Arc<str>"</code>
                " as the distance from its block to its text. The x86_64 column is " <em>"size / align"</em>
                " from a results file."
            </p>
            <ScrollRegion label="Sizes and alignments">
            <table class="data" data-testid="size-table">
                <thead><tr>
                    <th scope="col">"Type"</th><th scope="col" class="num">"wasm32 size"</th>
                    <th scope="col" class="num">"wasm32 align"</th><th scope="col" class="num">"x86_64 size / align"</th>
                </tr></thead>
                <tbody>
                    {rows}
                    <tr data-type="arc-header">
                        <th scope="row">"Arc header on the heap (strong + weak): text address − block address"</th>
                        <td class="num" data-field="size">{arc_header_bytes()}</td>
                        <td class="num">"–"</td>
                        <td class="num" data-field="native">
                            {move || native_now().map_or_else(|| "–".to_owned(), |n| n.data.layouts.arc_header_bytes.to_string())}
                        </td>
                    </tr>
                </tbody>
            </table>
            </ScrollRegion>
            <p class="source-note" data-testid="size-table-note" aria-live="polite">{note}</p>
        </section>
    }
}
