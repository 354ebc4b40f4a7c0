//! A browser run as a results file in the native runner's schema, and the button that saves it.

use crate::browser::download::save;
use leptos::prelude::*;
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
