//! The explorer: suite select, machine picker and controls, whose state lives in the URL query string
//! (read from and written to the address bar; the page is static, there is no router),
//! the main chart for the chosen suite and view, the allocator A/B (clone), and an error card per file
//! that failed validation.

use leptos::prelude::*;

use super::allocator_ab::AllocatorComparison;
use super::chosen::chosen_memo;
use super::contention_chart::{ChartWithTable, ContentionChart};
use super::controls::ChoiceSelect;
use super::error_card::ErrorCard;
use super::grid::MachineGrid;
use super::machine_picker::MachinePicker;
use super::memory_chart::MemoryCharts;
use super::suite_chart::{ConditionSelect, SuiteChart};
use crate::charts::Scale;
use crate::explorer::series::contention_spec;
use crate::explorer::state::{suite_in, ExplorerState, ModeFilter, View};
use crate::explorer::suites::{has_suite, Suite};
use crate::explorer::{partition, LoadedFile, Machine};

/// The address bar's query string (without `?`).
fn page_query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default().trim_start_matches('?').to_owned()
}

/// Puts `query` in the address bar, replacing the entry: the back button leaves the page rather than
/// undoing one tick.
fn replace_query(query: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("/results?{query}")));
    }
}

/// `key`'s value in a query string.
fn query_value(query: &str, key: &str) -> Option<String> {
    web_sys::UrlSearchParams::new_with_str(query).ok()?.get(key)
}

#[component]
pub fn Explorer(files: Vec<LoadedFile>) -> impl IntoView {
    let (good, bad) = partition(files);
    // Every good file, and per suite the ones with its cases (the picker's list).
    let all = StoredValue::new(good);
    let of_suite = move |suite: Suite| -> Vec<Machine> { all.with_value(|a| a.iter().filter(|m| has_suite(m, suite)).cloned().collect()) };
    let clone_machines = StoredValue::new(of_suite(Suite::Clone));
    let available_for = move |suite: Suite| -> Vec<(String, bool)> {
        all.with_value(|a| a.iter().filter(|m| has_suite(m, suite)).map(|m| (m.id.clone(), m.is_reference())).collect())
    };

    let (query, set_query) = signal(page_query());
    let state = Memo::new(move |_| {
        query.with(|q| {
            let get = |k: &str| query_value(q, k);
            ExplorerState::from_query(get, &available_for(suite_in(&get)))
        })
    });
    let suite = Memo::new(move |_| state.read().suite);
    let set_state = Callback::new(move |s: ExplorerState| {
        let q = s.to_query();
        replace_query(&q);
        set_query.set(q);
    });
    let on_toggle = Callback::new(move |(id, on): (String, bool)| {
        let s = state.get_untracked();
        set_state.run(s.toggle_machine(&id, on, &available_for(s.suite)));
    });
    let suite_sig = Signal::derive(move || suite.get());
    let view_sig = Signal::derive(move || state.read().view);
    let mode_sig = Signal::derive(move || state.read().mode);
    let scale_sig = Signal::derive(move || state.read().scale);
    let chosen = Signal::derive(move || state.read().machines.clone());
    let is_memory = Memo::new(move |_| state.read().view == View::Memory);
    let contention = chosen_memo(clone_machines, state, |m, s| contention_spec(m, s.view, s.mode, s.scale));
    // A new suite gets back the machines chosen under it before (or its default), and its default condition.
    let on_suite = Callback::new(move |v: Suite| set_state.run(state.get_untracked().switch_suite(v)));
    let on_condition = Callback::new(move |c: String| set_state.run(ExplorerState { condition: Some(c), ..state.get_untracked() }));

    view! {
        <div class="explorer" data-testid="explorer">
            {bad.into_iter().map(|b| view! { <ErrorCard bad=b/> }).collect_view()}
            {move || {
                let s = suite.get();
                (available_for(s).is_empty()).then(|| view! {
                    <p class="note" data-testid="no-machines">
                        {format!("No valid results files with {} cases are shipped yet: be the first to submit yours.", s.key_str())}
                    </p>
                })
            }}
            <form class="explorer-controls" aria-label="Chart options" on:submit=|ev| ev.prevent_default()>
                {move || {
                    let listed = StoredValue::new(of_suite(suite.get()));
                    view! { <MachinePicker machines=listed chosen=chosen on_toggle=on_toggle/> }
                }}
                <div class="explorer-selects">
                    <ChoiceSelect label="Suite" id="suite-select" value=suite_sig on_pick=on_suite/>
                    {move || if suite.get() == Suite::Clone {
                        view! {
                            <ChoiceSelect label="View" id="view-select" value=view_sig on_pick=Callback::new(move |v: View| set_state.run(ExplorerState { view: v, ..state.get_untracked() }))/>
                            <ChoiceSelect label="Clones are" id="mode-select" value=mode_sig on_pick=Callback::new(move |v: ModeFilter| set_state.run(ExplorerState { mode: v, ..state.get_untracked() }))/>
                        }.into_any()
                    } else {
                        view! { <ConditionSelect machines=all state=state on_pick=on_condition/> }.into_any()
                    }}
                    <ChoiceSelect label="Scale" id="scale-select" value=scale_sig on_pick=Callback::new(move |v: Scale| set_state.run(ExplorerState { scale: v, ..state.get_untracked() }))/>
                </div>
            </form>
            <section class="explorer-main" aria-live="polite">
                {move || if suite.get() != Suite::Clone {
                    view! { <SuiteChart machines=all state=state/> }.into_any()
                } else if is_memory.get() {
                    view! { <MemoryCharts machines=clone_machines state=state/> }.into_any()
                } else if state.read().view == View::Placement {
                    view! {
                        <ChartWithTable spec=contention test_id="placement-chart"
                            empty_note="None of the chosen machines has pinned cases: a run with `clone --pin` records where its contenders ran."/>
                    }.into_any()
                } else {
                    view! { <ContentionChart spec=contention/> <MachineGrid machines=clone_machines state=state/> }.into_any()
                }}
            </section>
            <AllocatorComparison machines=clone_machines state=state/>
        </div>
    }
}
