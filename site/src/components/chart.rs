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
    view! {
        <div class="chart-host" data-testid=test_id node_ref=host></div>
        {move || error.get().map(|e| view! { <p class="error-card" role="alert">"Chart failed: " {e}</p> })}
    }
}

/// A chart drawn at build time: the pre-renderer notes its spec (`charts::static_chart`) and the
/// build draws it into this host with `js/charts.js`, so it reads with JavaScript off. Only for
/// static pages: in the browser the live `<Chart>` replaces it.
#[component]
pub fn StaticChart(spec: ChartSpec, #[prop(into)] test_id: String) -> impl IntoView {
    let number = crate::charts::static_chart(&spec);
    view! { <div class="chart-host" data-testid=test_id data-static-chart=number></div> }
}
