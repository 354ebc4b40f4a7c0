//! The explorer: suite select, machine picker and controls, whose state lives in the URL query string
//! (kept by `app.rs`), the main chart for the chosen suite and view, the allocator A/B (clone), and
//! an error card per file that is not shown. The picker and the list of machines come from the
//! build's summary; the raw files are fetched (parsed, not validated again) only for the machines on
//! the charts, and for their runs with another allocator, and charted as they arrive.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::Summary;

use super::allocator_ab::AllocatorComparison;
use super::built_files::BuiltFiles;
use super::chosen::chosen_memo;
use super::contention_chart::{ChartWithTable, ContentionChart};
use super::controls::ChoiceSelect;
use super::error_card::ErrorCard;
use super::grid::MachineGrid;
use super::machine_picker::MachinePicker;
use super::memory_chart::MemoryCharts;
use super::suite_chart::{ConditionSelect, SuiteChart};
use crate::charts::Scale;
use crate::model::explorer::series::contention_spec;
use crate::model::explorer::state::{ExplorerState, ModeFilter, TypeFilter, View};
use crate::model::explorer::suites::{has_suite, summary_has_suite, Suite};
use crate::model::explorer::{partition, BadFile, BadKind, ValidFile};

/// The files to fetch for `state` (ids, each the file `ID.json`): the chosen machines and, for the
/// clone suite, every run of the same hardware with another allocator (the A/B chart). The build's
/// first frame of `/results` lists the default state's, so the loader can fetch them early.
pub fn to_load(summary: &Summary, state: &ExplorerState) -> Vec<String> {
    let mut ids = state.machines.clone();
    if state.suite == Suite::Clone {
        for m in summary.machines.iter().filter(|m| state.machines.iter().any(|id| id == m.id())) {
            // As `ValidFile::same_machine`: one machine key (`hardware`), and never the imported reference.
            let partner = |o: &&wasm_core::summary::MachineSummary| {
                o.hardware.is_some()
                    && o.hardware == m.hardware
                    && o.allocator != m.allocator
                    && o.kind == m.kind
                    && m.kind != wasm_core::summary::RunnerKind::Reference
            };
            for other in summary.machines.iter().filter(partner) {
                if summary_has_suite(other, Suite::Clone) && !ids.iter().any(|id| id == other.id()) {
                    ids.push(other.id().to_owned());
                }
            }
        }
    }
    ids
}

#[component]
pub fn Explorer(
    summary: Arc<Summary>,
    state: Memo<ExplorerState>,
    set_state: Callback<ExplorerState>,
    /// The ranking's search, which also narrows the picker.
    #[prop(into)]
    search: Signal<String>,
) -> impl IntoView {
    let suite = Memo::new(move |_| state.read().suite);
    let for_available = summary.clone();
    let available_for = move |s: Suite| crate::model::explorer::suites::available(&for_available, s);
    let available_for_toggle = available_for.clone();
    let on_toggle = Callback::new(move |(id, on): (String, bool)| {
        let s = state.get_untracked();
        set_state.run(s.toggle_machine(&id, on, &available_for_toggle(s.suite)));
    });
    let suite_sig = Signal::derive(move || suite.get());
    let view_sig = Signal::derive(move || state.read().view);
    let mode_sig = Signal::derive(move || state.read().mode);
    let scale_sig = Signal::derive(move || state.read().scale);
    let types_sig = Signal::derive(move || state.read().types);
    // The ratio and memory views chart Arc<str> and String, or memory, not a line per type.
    let per_type = Memo::new(move |_| matches!(state.read().view, View::Time | View::Rate | View::Placement));
    let chosen = Signal::derive(move || state.read().machines.clone());
    // A new suite gets back the machines chosen under it before (or its default), and its default condition.
    let on_suite = Callback::new(move |v: Suite| set_state.run(state.get_untracked().switch_suite(v)));
    let on_condition = Callback::new(move |c: String| set_state.run(ExplorerState { condition: Some(c), ..state.get_untracked() }));

    let for_load = summary.clone();
    let for_fetch = summary.clone();
    // The suite the files are for travels with them: until a new suite's files arrive, the old
    // ones are not offered under it (an empty condition list, a chart of the wrong suite).
    let wanted = Memo::new(move |_| (state.read().suite, to_load(&for_load, &state.read())));
    let built = BuiltFiles::default();
    let files = LocalResource::new(move || {
        let (suite, ids) = wanted.get();
        built.track();
        let summary = for_fetch.clone();
        async move { (suite, built.load(ids, &summary).await) }
    });
    let refused: Vec<BadFile> = summary
        .refused
        .iter()
        .map(|r| BadFile {
            file_name: r.file.clone(),
            kind: BadKind::Invalid,
            claimed_label: r.claimed_label.clone(),
            problems: r.problems.clone(),
        })
        .collect();
    let no_machines = available_for.clone();
    let for_picker = summary.clone();

    view! {
        <div class="explorer" data-testid="explorer">
            {refused.into_iter().map(|b| view! { <ErrorCard bad=b/> }).collect_view()}
            {move || {
                let s = suite.get();
                (no_machines(s).is_empty()).then(|| view! {
                    <p class="note" data-testid="no-machines">
                        {format!("No valid results files with {} cases are shipped yet: be the first to submit yours.", s.id())}
                    </p>
                })
            }}
            <form class="explorer-controls" aria-label="Chart options" on:submit=|ev| ev.prevent_default()>
                <MachinePicker summary=for_picker suite=suite_sig chosen=chosen search=search on_toggle=on_toggle/>
                <div class="explorer-selects">
                    <ChoiceSelect label="Suite" id="suite-select" value=suite_sig on_pick=on_suite/>
                    {move || if suite.get() == Suite::Clone {
                        view! {
                            <ChoiceSelect label="View" id="view-select" value=view_sig on_pick=Callback::new(move |v: View| set_state.run(ExplorerState { view: v, ..state.get_untracked() }))/>
                            <ChoiceSelect label="Clones are" id="mode-select" value=mode_sig on_pick=Callback::new(move |v: ModeFilter| set_state.run(ExplorerState { mode: v, ..state.get_untracked() }))/>
                            // Only the clone suite has line charts; the other suites' bars are always linear.
                            <ChoiceSelect label="Scale" id="scale-select" value=scale_sig on_pick=Callback::new(move |v: Scale| set_state.run(ExplorerState { scale: v, ..state.get_untracked() }))/>
                            {move || per_type.get().then(|| view! {
                                <ChoiceSelect label="Types" id="types-select" value=types_sig on_pick=Callback::new(move |v: TypeFilter| set_state.run(ExplorerState { types: v, ..state.get_untracked() }))/>
                            })}
                        }.into_any()
                    } else {
                        ().into_any()
                    }}
                </div>
            </form>
            <Transition fallback=|| view! { <p class="note" data-testid="results-loading" aria-live="polite">"Loading the chosen machines' results files…"</p> }>
                {move || Suspend::new(async move {
                    let (loaded_for, (loaded, pending)) = files.await;
                    let (good, bad) = partition(loaded);
                    view! {
                        <Pending pending=pending.clone() arrived=good.len() + bad.len()/>
                        {(!good.is_empty() || pending.is_empty()).then(|| view! {
                            <Charts good=good bad=bad loaded_for=loaded_for state=state on_condition=on_condition/>
                        })}
                    }
                })}
            </Transition>
        </div>
    }
}

/// The files still on their way: while none has arrived, the loading note with a count; once some
/// are charted, which ones the charts still wait for.
#[component]
fn Pending(pending: Vec<String>, arrived: usize) -> impl IntoView {
    let waiting = pending.len();
    let names = pending.iter().map(|id| format!("{id}.json")).collect::<Vec<_>>().join(", ");
    let limit = super::loader::FETCH_TIMEOUT_MS / 1000;
    match (waiting, arrived) {
        (0, _) => ().into_any(),
        (_, 0) => view! {
            <p class="note" data-testid="results-loading" aria-live="polite">
                {format!("Loading the chosen machines' results files… still waiting for {names}; a file not here within {limit} s is shown as an error.")}
            </p>
        }
        .into_any(),
        _ => view! {
            <p class="note" data-testid="results-pending" aria-live="polite">
                {format!("Charted: the {} that arrived. Still waiting for {names}; it joins the charts when it arrives, or is shown as an error after {limit} s.", crate::model::explorer::format::count(arrived as u32, "file", "files"))}
            </p>
        }
        .into_any(),
    }
}

/// The charts of the loaded files (the chosen machines and their allocator A/B runs).
#[component]
fn Charts(
    good: Vec<ValidFile>,
    bad: Vec<BadFile>,
    loaded_for: Suite,
    state: Memo<ExplorerState>,
    on_condition: Callback<String>,
) -> impl IntoView {
    let suite = Memo::new(move |_| state.read().suite);
    let stale = Memo::new(move |_| suite.get() != loaded_for);
    let all = StoredValue::new(good);
    let clone_machines = StoredValue::new(all.with_value(|a| a.iter().filter(|m| has_suite(m, Suite::Clone)).cloned().collect::<Vec<_>>()));
    let is_memory = Memo::new(move |_| state.read().view == View::Memory);
    let contention = chosen_memo(clone_machines, state, |m, s| contention_spec(m, s.view, s.mode, s.scale, s.types));
    let charts = move || {
        view! {
            {move || (suite.get() != Suite::Clone).then(|| view! {
                <div class="explorer-selects"><ConditionSelect machines=all state=state on_pick=on_condition/></div>
            })}
            <section class="explorer-main" aria-live="polite">
                {move || if suite.get() != Suite::Clone {
                    view! { <SuiteChart machines=all state=state/> }.into_any()
                } else if is_memory.get() {
                    view! { <MemoryCharts machines=clone_machines state=state/> }.into_any()
                } else if state.read().view == View::Placement {
                    view! {
                        <ChartWithTable spec=contention test_id="placement-chart"
                            empty_note="None of the chosen machines has pinned cases: a run with `clone --pin` records where its contenders ran."/>
                        <p class="note" data-testid="placement-caveat">
                            "Placements come from the topology the operating system reports. On a virtual machine that is the "
                            "hypervisor's virtual topology: two vCPUs that \u{201C}share an L3\u{201D} there may sit anywhere on the host, "
                            "and the host may move them."
                        </p>
                    }.into_any()
                } else {
                    view! { <ContentionChart spec=contention/> <MachineGrid machines=clone_machines state=state/> }.into_any()
                }}
            </section>
            <AllocatorComparison machines=clone_machines state=state/>
        }
    };
    view! {
        {bad.into_iter().map(|b| view! { <ErrorCard bad=b/> }).collect_view()}
        {move || if stale.get() {
            view! { <p class="note" data-testid="results-loading">"Loading the chosen machines' results files…"</p> }.into_any()
        } else {
            charts().into_any()
        }}
    }
}
