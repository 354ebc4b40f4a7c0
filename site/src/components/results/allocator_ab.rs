//! Allocator A/B: where the same machine ran once with jemalloc and once with the system allocator,
//! both runs side by side (shown whenever one of them is chosen).

use leptos::prelude::*;

use super::contention_chart::ChartWithTable;
use crate::model::explorer::series::allocator_spec;
use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::{allocator_groups, ValidFile};

#[component]
pub fn AllocatorComparison(machines: StoredValue<Vec<ValidFile>>, state: Memo<ExplorerState>) -> impl IntoView {
    let groups = Memo::new(move |_| {
        let chosen = state.read().machines.clone();
        machines.with_value(|all| {
            allocator_groups(all, &chosen).iter().map(|g| g.iter().map(|m| m.id.clone()).collect::<Vec<_>>()).collect::<Vec<_>>()
        })
    });
    move || {
        groups
            .get()
            .into_iter()
            .map(|ids| {
                let spec = Memo::new(move |_| {
                    let s = state.get();
                    machines.with_value(|all| {
                        let group: Vec<&ValidFile> = ids.iter().filter_map(|id| all.iter().find(|m| &m.id == id)).collect();
                        allocator_spec(&group, s.view, s.mode, s.scale, s.types)
                    })
                });
                view! {
                    <section class="allocator-ab" data-testid="allocator-ab">
                        <h2>"Allocator A/B"</h2>
                        <p class="note">
                            "Files of one machine (what they record of its hardware is the same; a cloud VM may not be the same host) measured with each global allocator: the colour is the type, the marker the machine, and the numeral beside it the file (the legend names its allocator); dashed lines are forget mode."
                        </p>
                        <ChartWithTable spec=spec test_id="allocator-ab-chart" empty_note="These runs share no clone cases in this mode."/>
                    </section>
                }
            })
            .collect_view()
    }
}
