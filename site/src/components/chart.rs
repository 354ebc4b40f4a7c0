//! `<Chart>`: a host element that d3 draws into. The component only creates the empty host and
//! re-renders through `charts.rs` when the spec changes; it never puts children inside it.

use leptos::html::Div;
use leptos::prelude::*;

use crate::charts::{clear_chart, render_chart, ChartSpec};

#[component]
pub fn Chart(
    /// The chart to draw; a change redraws it.
    #[prop(into)]
    spec: Signal<ChartSpec>,
    /// Used by tests and for accessibility labels.
    #[prop(into)]
    test_id: String,
) -> impl IntoView {
    let host = NodeRef::<Div>::new();
    let (error, set_error) = signal(None::<String>);
    Effect::new(move |_| {
        let spec = spec.get();
        if let Some(el) = host.get() {
            set_error.set(render_chart(&el, &spec).err());
        }
    });
    on_cleanup(move || {
        if let Some(el) = host.get_untracked() {
            clear_chart(&el);
        }
    });
    // The chart's numbers as a file: a data: address, so the download needs no script of ours.
    let data_href = move || {
        let json = crate::charts::data_json(&spec.read());
        format!("data:application/json;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&json)))
    };
    let file_name = move || format!("{}.json", slug(&spec.read().title));
    let data_id = format!("{test_id}-data");
    let machines_id = format!("{test_id}-machines");
    view! {
        {move || { let spec = spec.read(); machines_line(&spec.machines, &spec.left_out, &machines_id) }}
        <div class="chart-host" data-testid=test_id node_ref=host></div>
        <p class="chart-data"><a href=data_href download=file_name data-testid=data_id>"Data (JSON)"</a>
            " — every mark's value and whisker ends, by series"</p>
        {move || error.get().map(|e| view! { <p class="error-card" role="alert">"Chart failed: " {e}</p> })}
    }
}

/// A file name from a chart's title: lower case letters and digits, words joined by `-`.
fn slug(title: &str) -> String {
    let words: Vec<String> =
        title.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(|w| w.to_ascii_lowercase()).collect();
    if words.is_empty() {
        "chart".to_owned()
    } else {
        words.join("-")
    }
}

/// A chart drawn at build time: the pre-renderer notes its spec (`charts::static_chart`) and the
/// build draws it into this host with `js/charts.js`, so it reads with JavaScript off. Only for
/// static pages: in the browser the live `<Chart>` replaces it.
#[component]
pub fn StaticChart(spec: ChartSpec, #[prop(into)] test_id: String) -> impl IntoView {
    let number = crate::charts::static_chart(&spec);
    let machines = machines_line(&spec.machines, &spec.left_out, &format!("{test_id}-machines"));
    view! { {machines} <div class="chart-host" data-testid=test_id data-static-chart=number></div> }
}

/// The line above a chart, live or static, that names its machines (none when it has none), and
/// the note naming those it left out.
fn machines_line(machines: &[String], left_out: &[String], test_id: &str) -> Option<impl IntoView> {
    let line = crate::charts::machines_line(machines)?;
    let left_out = crate::charts::left_out_line(left_out)
        .map(|note| view! { <p class="chart-machines note" data-testid=format!("{test_id}-left-out")>{note}</p> });
    Some(view! { <p class="chart-machines" data-testid=test_id.to_owned()>{line}</p> {left_out} })
}

#[cfg(test)]
mod tests {
    #[test]
    fn file_names_come_from_titles() {
        assert_eq!(super::slug("Recorded sso results: input set long, 2 threads"), "recorded-sso-results-input-set-long-2-threads");
        assert_eq!(super::slug("Arc<str> ÷ String"), "arc-str-string");
        assert_eq!(super::slug("  "), "chart");
    }
}
