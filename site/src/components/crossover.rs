//! Chapter 4's picture, placed right under its answer (`<!-- diagram: crossover -->`): `Arc<str>`'s
//! clone-and-drop time divided by `String`'s, per thread count, on the article's Ryzen and on the
//! machine `/choose` opens with, drawn at build time as a static chart with its numbers as a table.
//! Below the dashed line at 1 `Arc<str>` is the cheaper clone, above it `String` is: the crossover.

use leptos::prelude::*;

use crate::charts::Scale;
use crate::components::chart::StaticChart;
use crate::components::results::table::ChartTable;
use crate::model::explorer::series::ratio_spec;
use crate::model::explorer::state::ModeFilter;

/// The files the picture compares: the article's run, then the chooser's default machine.
fn pictured(machines: &[crate::loaded::ValidFile]) -> Vec<&crate::loaded::ValidFile> {
    let reference = machines.iter().find(|m| m.data.is_known_reference());
    let default = machines.iter().find(|m| m.file_name == crate::components::choose::costs::DEFAULT_MACHINE);
    reference.into_iter().chain(default).collect()
}

#[component]
pub fn CrossoverFigure() -> impl IntoView {
    let Some(data) = use_context::<crate::static_data::StaticResults>() else {
        return view! { <p class="note">"The picture is drawn from the results files at build time."</p> }.into_any();
    };
    let machines = pictured(&data.machines);
    let files: Vec<String> = machines.iter().map(|m| format!("results/{}", m.file_name)).collect();
    let spec = ratio_spec(&machines, ModeFilter::Drop, Scale::Log);
    let table_spec = spec.clone();
    view! {
        <figure class="explorer-figure crossover" data-testid="crossover">
            <StaticChart spec=spec test_id="crossover-chart"/>
            <ChartTable spec=Signal::derive(move || table_spec.clone()) test_id="crossover-table"/>
            <figcaption>
                {format!(
                    "Arc<str> clone-and-drop time divided by String's, for a 64-byte string, by threads cloning one value at once (log scale). Below the dashed line at 1, \
                     Arc<str> is the cheaper clone; above it, String is. From {}.",
                    files.join(" and ")
                )}
            </figcaption>
        </figure>
    }
    .into_any()
}
