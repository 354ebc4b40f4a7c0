//! The main explorer chart (time per clone, clones per second or the Arc<str> ÷ String ratio over the
//! thread count) with the same numbers as a table below it.

use leptos::prelude::*;

use super::table::ChartTable;
use crate::charts::ChartSpec;
use crate::components::chart::Chart;

/// A chart and its table, or a note when there is nothing to draw.
#[component]
pub fn ChartWithTable(#[prop(into)] spec: Signal<ChartSpec>, test_id: &'static str, empty_note: &'static str) -> impl IntoView {
    let empty = Memo::new(move |_| spec.read().series.is_empty());
    move || {
        if empty.get() {
            view! { <p class="note" data-testid=format!("{test_id}-empty")>{empty_note}</p> }.into_any()
        } else {
            view! {
                <figure class="explorer-figure">
                    <Chart spec=spec test_id=test_id/>
                    <ChartTable spec=spec test_id=format!("{test_id}-table")/>
                </figure>
            }
            .into_any()
        }
    }
}

#[component]
pub fn ContentionChart(#[prop(into)] spec: Signal<ChartSpec>) -> impl IntoView {
    view! {
        <ChartWithTable
            spec=spec
            test_id="contention-chart"
            empty_note="Nothing to chart: choose a machine that recorded clone cases of these types in this mode."
        />
    }
}
