//! Allocator memory around each case (mapped and resident after the repeat) and, where recorded, the
//! mapped-memory timeline of a repeat: how the explainer shows what leaking clones costs.

use leptos::prelude::*;

use super::chosen::chosen_memo;
use super::contention_chart::ChartWithTable;
use crate::model::explorer::memory::{memory_spec, missing_stats, timeline_spec, Figure};
use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::ValidFile;

#[component]
pub fn MemoryCharts(machines: StoredValue<Vec<ValidFile>>, state: Memo<ExplorerState>) -> impl IntoView {
    let mapped = chosen_memo(machines, state, |m, s| memory_spec(m, s.mode, Figure::Mapped, s.scale));
    let resident = chosen_memo(machines, state, |m, s| memory_spec(m, s.mode, Figure::Resident, s.scale));
    let timeline = chosen_memo(machines, state, |m, s| timeline_spec(m, s.mode, s.scale));
    let missing = chosen_memo(machines, state, |m, _| missing_stats(m));
    let no_stats = "None of the chosen runs recorded allocator statistics in this mode (see above why).";
    view! {
        {move || {
            let missing = missing.get();
            (!missing.is_empty()).then(|| view! {
                <ul class="note" data-testid="memory-missing">
                    {missing.into_iter().map(|(name, why)| view! { <li>"No allocator statistics from " <strong>{name}</strong> ": " {why} "."</li> }).collect_view()}
                </ul>
            })
        }}
        <p class="note">
            "A forgotten String clone is never freed, so the allocator keeps mapping fresh memory from the kernel; "
            "a dropped clone reuses the same few pages. Arc<str> clones allocate nothing either way."
        </p>
        <h3>"Mapped"</h3>
        <ChartWithTable spec=mapped test_id="memory-mapped-chart" empty_note=no_stats/>
        <h3>"Resident"</h3>
        <ChartWithTable spec=resident test_id="memory-resident-chart" empty_note=no_stats/>
        <h3>"Mapped memory during a repeat"</h3>
        <ChartWithTable
            spec=timeline
            test_id="mapped-timeline-chart"
            empty_note="No chosen run recorded a mapped-memory timeline in this mode (the runner's --mapped-timeline option)."
        />
    }
}
