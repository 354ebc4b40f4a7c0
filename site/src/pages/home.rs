//! The landing page: what the site is, and a first live look at layouts computed by this very wasm.

use leptos::prelude::*;

use leptos_router::components::A;

use crate::components::layout_table::LayoutTable;
use crate::content::CHAPTERS;

#[component]
pub fn Home() -> impl IntoView {
    let (text, set_text) = signal(String::from("hello, wasm"));
    let word_bytes = std::mem::size_of::<usize>();

    view! {
        <article class="prose">
            <h1>"String, Box<str>, Arc<str>: byte by byte"</h1>
            <p class="lede">
                "Every number on this site is measured, live in this page or by a native run whose results file ships "
                "with the site, or quoted from a named source. The table below was computed a moment ago by "
                "Rust code compiled to WebAssembly and running in your browser."
            </p>
            <LayoutTable/>
            <section aria-labelledby="start-here">
                <h2 id="start-here">"Start here"</h2>
                <p>
                    "“Just use " <code>"Arc<str>"</code> "” is good advice until several threads clone the same value: "
                    "then every clone fights over one counter. The chapters build up to that from the bytes; "
                    "the two instruments measure it."
                </p>
                <ol class="home-chapters" data-testid="home-chapters">
                    {CHAPTERS.iter().map(|c| view! {
                        <li><A href=format!("/chapters/{}", c.slug)>{c.title}</A></li>
                    }).collect_view()}
                </ol>
                <ul class="home-instruments">
                    <li>
                        <A href="/bench">"Benchmarks in your browser"</A>
                        ": the same kernels as the native runner, one thread, on your machine."
                    </li>
                    <li>
                        <A href="/results">"Results from real machines"</A>
                        ": the contention that one thread cannot show, from every submitted run."
                    </li>
                </ul>
            </section>
            <section aria-labelledby="try-it">
                <h2 id="try-it">"Try it"</h2>
                <label for="try-text">"Type any text:"</label>
                <input
                    id="try-text"
                    type="text"
                    prop:value=text
                    on:input=move |ev| set_text.set(event_target_value(&ev))
                />
                <p data-testid="try-result">
                    {move || {
                        let t = text.get();
                        format!(
                            "{} bytes of UTF-8 ({} chars) on the heap; the &str pointing at them is still {} bytes: pointer + length.",
                            t.len(),
                            t.chars().count(),
                            2 * word_bytes,
                        )
                    }}
                </p>
            </section>
        </article>
    }
}
