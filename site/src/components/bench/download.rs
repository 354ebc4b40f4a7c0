//! A browser run as a results file in the native runner's schema, and the button that saves it.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_core::results::{AllocatorInfo, LayoutFacts, MachineInfo, ResultsFile, RunnerInfo, ToolchainInfo, SCHEMA_VERSION};
use wasm_core::validate::validate_file;

use super::runner::BenchRun;

/// The run in the shared schema; `machine.arch` is `wasm32` and the browser names itself.
pub fn results_file(run: &BenchRun) -> ResultsFile {
    let navigator = web_sys::window().map(|w| w.navigator());
    let cores = navigator.as_ref().map(|n| n.hardware_concurrency() as u32).filter(|&c| c > 0);
    ResultsFile {
        schema_version: SCHEMA_VERSION,
        label: format!("browser-{}-{}b", run.params.mode.id(), run.params.string_len),
        created_at: String::from(js_sys::Date::new_0().to_iso_string()),
        runner: RunnerInfo { name: "browser".into(), version: Some(env!("CARGO_PKG_VERSION").into()), git_revision: None },
        machine: MachineInfo {
            arch: "wasm32".into(),
            logical_cores: cores,
            user_agent: navigator.and_then(|n| n.user_agent().ok()),
            ..Default::default()
        },
        toolchain: ToolchainInfo {
            target_triple: Some("wasm32-unknown-unknown".into()),
            profile: Some("wasm-release".into()),
            opt_level: Some("z (kernels: 3)".into()),
            ..Default::default()
        },
        allocator: AllocatorInfo { name: "dlmalloc (Rust's wasm32 default)".into(), version: None },
        layouts: LayoutFacts::current(),
        provenance: None,
        conditions: None,
        cases: run.cases.clone(),
    }
}

/// Saves `text` as `file_name` (shared with the contention lab's download) through a temporary object URL and `<a download>`.
pub fn save(file_name: &str, text: &str) -> Result<(), JsValue> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(file_name);
    link.click();
    // The click has started the download; the URL can go once this task ends.
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    web_sys::window().ok_or("no window")?.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 0)?;
    Ok(())
}

/// "Download JSON": offered only when the file passes the same validation native files get.
#[component]
pub fn DownloadButton(#[prop(into)] run: Signal<Option<BenchRun>>) -> impl IntoView {
    let (error, set_error) = signal(None::<String>);
    let problems = Memo::new(move |_| {
        run.with(|r| r.as_ref().map(|r| validate_file(&results_file(r)).iter().map(ToString::to_string).collect::<Vec<_>>()))
            .unwrap_or_else(|| vec!["there is no run".into()])
    });
    let download = move |_| {
        let Some(file) = run.with_untracked(|r| r.as_ref().map(results_file)) else { return };
        let name = format!("{}.json", file.label);
        set_error.set(save(&name, &file.to_pretty_json()).err().map(|e| format!("{e:?}")));
    };
    view! {
        <Show
            when=move || problems.with(Vec::is_empty)
            fallback=move || view! {
                <p class="error-card" role="alert" data-testid="bench-invalid">
                    "This run does not pass validation, so it is not offered for download: "
                    {move || problems.get().join("; ")}
                </p>
            }
        >
            <button type="button" class="secondary" data-testid="bench-download" on:click=download>
                "Download results (JSON)"
            </button>
        </Show>
        {move || error.get().map(|e| view! { <p class="error-card" role="alert">"Download failed: " {e}</p> })}
    }
}
