//! Where the chooser's clone costs come from: one results file (the reader's own browser run when
//! this browser kept one, else the richest of the build's summary) and one of its thread counts,
//! both the reader's to change, and named once above the table. The machines on offer are the
//! summary's, narrowed by the ranking's filters when the page's address carries them.

use leptos::prelude::*;

use wasm_core::summary::{cpu_text, MachineSummary};

use super::costs::thread_counts;
use crate::components::bench::native::NativeFile;
use crate::model::explorer::ranking::RankingState;

/// The article's Ryzen (`reference-ryzen5600x-2024.json`): an `Arc<str>` clone + drop at 2 and at 8
/// threads, in ns, as the page quotes them (a test checks them against the file).
const RYZEN_ARC_NS: (&str, &str) = ("25.6", "222");

#[component]
pub fn CloneSource(
    /// Every machine on offer, the reader's own run first.
    machines: Memo<Vec<MachineSummary>>,
    /// The file of the machine chosen (or about to be: its file may still be on its way).
    chosen_name: Memo<Option<String>>,
    /// Why the page opened on it, when the reader did not pick it (nor is it their own run).
    opened_why: Memo<Option<super::costs::Opened>>,
    /// That machine's file, once fetched, and the thread count its costs are taken at.
    chosen: Memo<Option<(NativeFile, u32)>>,
    /// The threads the reader's program runs (their answer, or the sharing's default).
    wanted_threads: Memo<u32>,
    set_machine: WriteSignal<Option<String>>,
    set_threads: WriteSignal<Option<u32>>,
    /// Whether the reader's clones contend on one counter (`costs::contended`): where they do not,
    /// the one-thread cases stand for any thread count.
    contended: Memo<bool>,
    /// The ranking's filters from the address, if any.
    filters: StoredValue<RankingState>,
    /// Why the summary or the chosen file could not be read.
    #[prop(into)]
    load_error: Signal<Option<String>>,
    /// Whether the chosen file timed reads (else clones are charged alone).
    reads_timed: Memo<bool>,
) -> impl IntoView {
    let distinct = move || !contended.get();
    let machine_options = move || {
        machines
            .get()
            .into_iter()
            .map(|m| {
                let selected = chosen_name.with(|c| c.as_ref() == Some(&m.file));
                view! { <option value=m.file.clone() selected=selected>{format!("{} ({})", m.label, m.description())}</option> }
            })
            .collect_view()
    };
    let named = move || {
        chosen.get().map(|(f, t)| {
            let r = &f.results;
            let cpus = r.machine.logical_cores.map(|n| format!(", {n} logical CPUs")).unwrap_or_default();
            let at = if distinct() {
                "at one thread: no two of your threads clone one value (your strings stay on one thread, or each thread clones its own), \
                 so no counter is contended and the file's one-thread cases stand for any thread count (the allocator's own contention aside)."
                    .to_owned()
            } else {
                format!("at {t} thread{} cloning at once, the most it measured at or below your {}.", if t == 1 { "" } else { "s" }, wanted_threads.get())
            };
            let reads = if reads_timed.get() {
                " Reads come from the same file: every thread reading the one value."
            } else {
                " This file timed no reads (it was made before the clone suite read texts, or without --mode read), so each clone is charged alone, whatever reads you give it."
            };
            let opened = opened_why.get().map(|o| format!(" {}", o.reason())).unwrap_or_default();
            format!("Clone costs below: results/{} (“{}”: {}{cpus}, allocator {}), {at}{opened}{reads}", f.name, r.label, cpu_text(r), r.allocator.name)
        })
    };
    let error = move || load_error.get().map(|e| view! { <p class="note error" role="alert" data-testid="choose-load-error">{e}</p> });
    view! {
        <div class="controls" data-testid="choose-source">
            <label for="choose-machine">"Clone costs from:"</label>
            <select id="choose-machine" data-testid="choose-machine" on:change=move |ev| set_machine.set(Some(event_target_value(&ev)))>
                {machine_options}
            </select>
            <label for="choose-threads">"Threads in your program:"</label>
            <input type="number" id="choose-threads" data-testid="choose-threads" min="1" max=super::costs::MAX_THREADS.to_string() step="1"
                inputmode="numeric" prop:value=move || wanted_threads.get().to_string() prop:disabled=distinct
                on:change=move |ev| set_threads.set(event_target_value(&ev).parse::<u32>().ok().map(|t| t.clamp(1, super::costs::MAX_THREADS)))/>
        </div>
        <FewerThreadsNote machines chosen wanted_threads contended set_machine/>
        <FiltersNote filters machines/>
        {error}
        <p class="source-note" data-testid="choose-machine-note">{named}</p>
    }
}

/// A program with more threads than the chosen file measured: says so, and names the machines that
/// measured that many, one click from being the source.
#[component]
fn FewerThreadsNote(
    machines: Memo<Vec<MachineSummary>>,
    chosen: Memo<Option<(NativeFile, u32)>>,
    wanted_threads: Memo<u32>,
    contended: Memo<bool>,
    set_machine: WriteSignal<Option<String>>,
) -> impl IntoView {
    let distinct = move || !contended.get();
    let fewer_than_asked = move || {
        let (wanted, (file, t)) = (wanted_threads.get(), chosen.get()?);
        let most = thread_counts(&file).last().copied().unwrap_or(t);
        (most < wanted && !distinct()).then(|| {
            let others: Vec<MachineSummary> =
                machines.with(|ms| ms.iter().filter(|m| m.clone_threads.iter().any(|&c| c >= wanted)).take(3).cloned().collect());
            let switch = others
                .into_iter()
                .map(|m| {
                    let file = m.file.clone();
                    let most_there = m.clone_threads.iter().max().copied().unwrap_or(0);
                    view! {
                        " "
                        <button type="button" class="link-button" data-testid="choose-switch-machine" on:click=move |_| set_machine.set(Some(file.clone()))>
                            {format!("Use {} (measured up to {most_there} threads)", m.label)}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <p class="note warn" data-testid="choose-threads-note">
                    {format!(
                        "Your program runs {wanted} threads; this file measured at most {most}, so the costs below are its {t}-thread figures. \
                         Contention on one shared counter grows with the threads that write it (on the article's Ryzen, an Arc<str> clone \
                         took {} ns at 2 threads and {} ns at 8), so a counted clone may cost more in your program than shown.",
                        RYZEN_ARC_NS.0, RYZEN_ARC_NS.1
                    )}
                    {switch}
                </p>
            }
        })
    };
    fewer_than_asked
}

/// With the ranking's filters in the address: says so, and links the same selection ranked.
#[component]
fn FiltersNote(filters: StoredValue<RankingState>, machines: Memo<Vec<MachineSummary>>) -> impl IntoView {
    filters.with_value(|f| {
        let pairs = f.filter_pairs();
        (!pairs.is_empty()).then(|| {
            let text = pairs.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ");
            let query = crate::components::results::query::join(crate::components::results::query::encode_pairs(&pairs));
            let href = crate::routes::site_url(&format!("/results?{query}"));
            view! {
                <p class="note" data-testid="choose-filters">
                    {move || format!("Machines on offer: the {} that the ranking's filters admit ({text}). ", machines.with(Vec::len))}
                    <a href=href>"See them ranked"</a>"."
                </p>
            }
        })
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_quoted_ryzen_figures_are_its_files() {
        let file: wasm_core::results::ResultsFile =
            serde_json::from_str(include_str!("../../../../content/results/reference-ryzen5600x-2024.json")).unwrap();
        let at = |t: u32| {
            let c = file.cases.iter().find(|c| c.variant_id == "arc_str" && c.threads == t && c.mode.as_deref() == Some("drop")).unwrap();
            crate::model::explorer::format::rounded(c.median_ns_per_op, 3)
        };
        assert_eq!((at(2).as_str(), at(8).as_str()), super::RYZEN_ARC_NS);
    }
}
