//! The explorer: machine picker and controls, whose state lives in the URL query string, the main
//! chart for the chosen view, the allocator A/B, and an error card per file that failed validation.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;

use super::allocator_ab::AllocatorComparison;
use super::contention_chart::ContentionChart;
use super::controls::ChoiceSelect;
use super::error_card::ErrorCard;
use super::machine_picker::MachinePicker;
use super::memory_chart::MemoryCharts;
use crate::charts::Scale;
use crate::explorer::series::contention_spec;
use crate::explorer::state::{ExplorerState, ModeFilter, View};
use crate::explorer::{partition, LoadedFile, Machine};

/// A memo of `f` over the chosen machines and the state: recomputed (and redrawn) only on change.
pub fn chosen_memo<T>(
    machines: StoredValue<Vec<Machine>>,
    state: Memo<ExplorerState>,
    f: impl Fn(&[&Machine], &ExplorerState) -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| {
        let s = state.get();
        machines.with_value(|all| {
            let chosen: Vec<&Machine> = all.iter().filter(|m| s.machines.contains(&m.id)).collect();
            f(&chosen, &s)
        })
    })
}

#[component]
pub fn Explorer(files: Vec<LoadedFile>) -> impl IntoView {
    let (mut good, bad) = partition(files);
    let other_suites = good.len();
    good.retain(Machine::has_clone_cases);
    let other_suites = other_suites - good.len();
    let available: Vec<(String, bool)> = good.iter().map(|m| (m.id.clone(), m.is_reference())).collect();
    let available = StoredValue::new(available);
    let machines = StoredValue::new(good);

    let query = use_query_map();
    let state = Memo::new(move |_| query.with(|q| available.with_value(|a| ExplorerState::from_query(|k| q.get(k), a))));
    let navigate = use_navigate();
    let set_state = Callback::new(move |s: ExplorerState| {
        navigate(&format!("/results?{}", s.to_query()), NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });
    let on_toggle = Callback::new(move |(id, on): (String, bool)| {
        set_state.run(available.with_value(|a| state.get_untracked().toggle_machine(&id, on, a)));
    });
    let view_sig = Signal::derive(move || state.read().view);
    let mode_sig = Signal::derive(move || state.read().mode);
    let scale_sig = Signal::derive(move || state.read().scale);
    let chosen = Signal::derive(move || state.read().machines.clone());
    let is_memory = Memo::new(move |_| state.read().view == View::Memory);
    let contention = chosen_memo(machines, state, |m, s| contention_spec(m, s.view, s.mode, s.scale));
    let has_machines = !available.with_value(Vec::is_empty);

    view! {
        <div class="explorer" data-testid="explorer">
            {bad.into_iter().map(|b| view! { <ErrorCard bad=b/> }).collect_view()}
            {(!has_machines).then(|| view! { <p class="note">"No valid results files with clone cases are shipped yet: be the first to submit yours."</p> })}
            {(other_suites > 0).then(|| view! {
                <p class="note" data-testid="other-suites">
                    {other_suites} " more results files hold only other suites (SSO, ArcSwap, arenas); the chapters chart those."
                </p>
            })}
            <form class="explorer-controls" aria-label="Chart options" on:submit=|ev| ev.prevent_default()>
                <MachinePicker machines=machines chosen=chosen on_toggle=on_toggle/>
                <div class="explorer-selects">
                    <ChoiceSelect label="View" id="view-select" value=view_sig on_pick=Callback::new(move |v: View| set_state.run(ExplorerState { view: v, ..state.get_untracked() }))/>
                    <ChoiceSelect label="Clones are" id="mode-select" value=mode_sig on_pick=Callback::new(move |v: ModeFilter| set_state.run(ExplorerState { mode: v, ..state.get_untracked() }))/>
                    <ChoiceSelect label="Scale" id="scale-select" value=scale_sig on_pick=Callback::new(move |v: Scale| set_state.run(ExplorerState { scale: v, ..state.get_untracked() }))/>
                </div>
            </form>
            <section class="explorer-main" aria-live="polite">
                {move || if is_memory.get() {
                    view! { <MemoryCharts machines=machines state=state/> }.into_any()
                } else {
                    view! { <ContentionChart spec=contention/> }.into_any()
                }}
            </section>
            <AllocatorComparison machines=machines state=state/>
        </div>
    }
}
