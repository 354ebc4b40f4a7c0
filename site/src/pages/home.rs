//! The landing page: what the site is, and a first live look at layouts computed by this very wasm
//! (the table and the "try it" line are islands).

use leptos::prelude::*;

use crate::components::section_heading::SectionHeading;

use crate::content::CHAPTERS;
use crate::live::{Island, Live};

#[component]
pub fn Home() -> impl IntoView {
    view! {
        <article class="prose">
            <h1>"String, Box<str>, Arc<str>: byte by byte"</h1>
            <p class="lede">
                "Every number on this site is either measured (live in this page, or by a run whose results file ships "
                "with the site) or quoted from a named source. The table below is computed as you open the page, by "
                "Rust code compiled to WebAssembly and running in your browser (so it needs JavaScript)."
            </p>
            <Live island=Island::LayoutTable/>
            <section aria-labelledby="start-here">
                <SectionHeading page="/" id="start-here" title="Start here"/>
                <p>
                    "“Just use " <code>"Arc<str>"</code> "” is good advice until several threads clone the same value: "
                    "then every clone fights over one counter. The chapters build up to that from the bytes; "
                    "the two instruments measure it."
                </p>
                <ol class="home-chapters" data-testid="home-chapters">
                    {CHAPTERS.iter().map(|c| view! {
                        <li><a href=format!("/chapters/{}", c.slug)>{c.title}</a></li>
                    }).collect_view()}
                </ol>
                <ul class="home-instruments">
                    <li>
                        <a href="/bench">"Benchmarks in your browser"</a>
                        ": the same kernels as the native runner, on one thread and on real threads, on your machine."
                    </li>
                    <li>
                        <a href="/results">"Results from real machines"</a>
                        ": the contention that one thread cannot show, from every submitted run."
                    </li>
                </ul>
            </section>
            <section aria-labelledby="try-it">
                <SectionHeading page="/" id="try-it" title="Try it"/>
                <Live island=Island::TryIt/>
            </section>
        </article>
    }
}
