//! `/bench`: the reader runs wasm-core's clone kernels in their own browser. The text is static; the
//! benchmark itself is an island (`components/bench/app.rs`).

use leptos::prelude::*;

use crate::islands::{Island, Live};

#[component]
pub fn Bench() -> impl IntoView {
    view! {
        <article class="prose wide bench-page">
            <h1>"Clone benchmarks in your browser"</h1>
            <p class="lede">
                "Press Run and your browser clones an " <code>"Arc<str>"</code> ", a " <code>"String"</code> ", a "
                <code>"Box<str>"</code> " and an " <code>"Rc<str>"</code>
                " millions of times, with the same Rust kernels the native runner uses, compiled to WebAssembly."
            </p>
            <aside class="callout bench-explainer" aria-labelledby="bench-limits">
                <h2 id="bench-limits">"What one thread can and cannot show"</h2>
                <p>
                    "One thread shows the uncontended price: " <code>"Arc<str>"</code>
                    " adds one to a counter, " <code>"String"</code> " and " <code>"Box<str>"</code>
                    " ask the allocator for a buffer and copy the bytes into it."
                </p>
                <p>
                    "It cannot show contention, the half of the story where " <code>"Arc<str>"</code>
                    " loses: there is no second thread here to fight over the counter. And this wasm is built without the "
                    <code>"atomics"</code> " target feature, so the compiler lowers Arc's atomic increment to a plain add: "
                    "in the browser " <code>"Arc<str>"</code> " costs what " <code>"Rc<str>"</code> " costs."
                </p>
                <p>
                    "Contention needs real threads: see the " <a href="/results">"native results"</a>
                    " and the chapter on " <a href="/chapters/clone-cost">"what a clone costs"</a> "."
                </p>
            </aside>
            <Live island=Island::Bench/>
        </article>
    }
}
