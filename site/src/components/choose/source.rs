//! Where the chooser's clone costs come from: one results file (the reader's own browser run when
//! this browser kept one, else the richest native run) and one of its thread counts, both the
//! reader's to change, and named once above the table.

use leptos::prelude::*;

use wasm_core::choose::constraints::Constraints;
use wasm_core::summary::cpu_text;

use super::costs::thread_counts;
use crate::components::bench::native::NativeFile;

#[component]
pub fn CloneSource(
    files: Memo<Vec<NativeFile>>,
    chosen: Memo<Option<(NativeFile, u32)>>,
    set_machine: WriteSignal<Option<String>>,
    set_threads: WriteSignal<Option<u32>>,
    /// The reader's answers: threads that clone their own values use the one-thread cases.
    constraints: Memo<Constraints>,
) -> impl IntoView {
    let distinct = move || !constraints.with(|c| c.same_value);
    let machine_options = move || {
        files.get().into_iter().map(|f| {
            let selected = chosen.with(|c| c.as_ref().is_some_and(|(k, _)| k.name == f.name));
            view! { <option value=f.name.clone() selected=selected>{format!("{} ({})", f.results.label, cpu_text(&f.results))}</option> }
        }).collect_view()
    };
    let thread_options = move || {
        chosen.get().map(|(f, t)| thread_counts(&f).into_iter().map(|n| view! { <option value=n.to_string() selected=n == t>{n.to_string()}</option> }).collect_view())
    };
    let named = move || {
        chosen.get().map(|(f, t)| {
            let r = &f.results;
            let cpus = r.machine.logical_cores.map(|n| format!(", {n} logical CPUs")).unwrap_or_default();
            let why = if distinct() {
                " Your threads clone their own values, so no two of them write one counter: the file's one-thread cases stand for any thread count (the allocator's own contention aside)."
            } else {
                ""
            };
            format!(
                "Clone costs below: results/{} (“{}”: {}{cpus}, allocator {}), at {t} thread{} cloning at once.{why}",
                f.name,
                r.label,
                cpu_text(r),
                r.allocator.name,
                if t == 1 { "" } else { "s" }
            )
        })
    };
    view! {
        <div class="controls" data-testid="choose-source">
            <label for="choose-machine">"Clone costs from:"</label>
            <select id="choose-machine" data-testid="choose-machine" on:change=move |ev| set_machine.set(Some(event_target_value(&ev)))>
                {machine_options}
            </select>
            <label for="choose-threads">"Threads:"</label>
            <select id="choose-threads" data-testid="choose-threads" prop:disabled=distinct on:change=move |ev| set_threads.set(event_target_value(&ev).parse().ok())>
                {thread_options}
            </select>
        </div>
        <p class="source-note" data-testid="choose-machine-note">{named}</p>
    }
}
