//! `/results`: every results file shipped in `content/results/`, charted. The text is static; the
//! explorer is an island (`components/results/app.rs`).

use leptos::prelude::*;

use crate::islands::{Island, Live};

#[component]
pub fn Results() -> impl IntoView {
    view! {
        <article class="prose wide">
            <h1>"Results from real machines"</h1>
            <p class="lede">
                "Cloning an Arc<str> bumps one shared counter; cloning a String asks the allocator for new memory. "
                "On one thread the counter usually wins (3× on the article's Ryzen; our 2-vCPU Xeon VM, whose locked "
                "instructions are slow, is an exception worth a look). With every extra thread cloning the same "
                "Arc<str>, the threads queue for that one cache line, and String becomes the faster clone."
            </p>
            <p>
                "The Suite menu also charts the runner's other measurements: the nine ways to own a list of small "
                "strings (SSO), arc-swap's reads, and bump-arena lists. "
                "Each machine below is one results file written by the native runner and sent in by pull request. "
                "Pick machines and a view; the address bar keeps your choice, so you can share the chart. "
                <a href="/submit">"Add your machine"</a> "."
            </p>
            <Live island=Island::Results/>
        </article>
    }
}
