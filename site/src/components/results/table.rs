//! The same numbers as a chart, as a table: the text alternative to every explorer chart (folded
//! under a `<details>`, so the page stays short).

use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;

use crate::charts::{ChartSpec, XValue};
use crate::model::explorer::format::{sig, sig4};
use crate::model::explorer::series::SPREAD_UNKNOWN;

fn x_text(x: &XValue) -> String {
    match x {
        XValue::Number(n) => sig4(*n),
        XValue::Category(c) => c.clone(),
    }
}

#[component]
pub fn ChartTable(#[prop(into)] spec: Signal<ChartSpec>, #[prop(into)] test_id: String) -> impl IntoView {
    let opt = |v: Option<f64>| v.map(sig4).unwrap_or_default();
    view! {
        <details class="chart-table-details">
        <summary>"The numbers as a table"</summary>
        <ScrollRegion label="The chart's numbers">
            <table class="data chart-table" data-testid=test_id>
                <caption>{move || format!("{} (as a table)", spec.read().title)}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Series"</th>
                        <th scope="col" class="num">{move || spec.read().x_label.clone()}</th>
                        <th scope="col" class="num">{move || spec.read().y_label.clone()}</th>
                        <th scope="col" class="num">"low"</th>
                        <th scope="col" class="num">"high"</th>
                        <th scope="col">"Spread"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        spec.read().series.iter().flat_map(|s| s.points.iter().map(move |p| {
                            let x = x_text(&p.x);
                            let data_x = x.clone();
                            view! {
                                <tr data-series=s.name.clone() data-x=data_x>
                                    <th scope="row">{s.name.clone()}</th>
                                    <td class="num">{x}</td>
                                    <td class="num" data-field="y" data-noisy=p.noisy.then_some("")>
                                        {p.digits.map_or_else(|| sig4(p.y), |d| sig(p.y, d, false))}
                                        {p.noisy.then(|| if p.spread.as_deref() == Some(SPREAD_UNKNOWN) { " (spread unknown)" } else { " (noisy)" })}
                                    </td>
                                    <td class="num" data-field="low">{opt(p.y_low)}</td>
                                    <td class="num" data-field="high">{opt(p.y_high)}</td>
                                    <td data-field="spread">{p.spread.clone().unwrap_or_default()}</td>
                                </tr>
                            }
                        })).collect_view()
                    }}
                </tbody>
            </table>
        </ScrollRegion>
        </details>
    }
}
