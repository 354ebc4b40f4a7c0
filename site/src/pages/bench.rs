//! `/bench`: the reader runs wasm-core's clone kernels in their own browser. The text is static; the
//! benchmark itself is an island (`components/bench/app.rs`).

use leptos::prelude::*;

use crate::components::section_heading::SectionHeading;

use crate::content::Widget;
use crate::live::{Island, Live};

#[component]
pub fn Bench() -> impl IntoView {
    view! {
        <article class="prose wide bench-page">
            <h1>"Benchmarks in your browser"</h1>
            <p class="lede">
                "Press Run and your browser clones an " <code>"Arc<str>"</code> ", a " <code>"String"</code> ", a "
                <code>"Box<str>"</code> ", an " <code>"Rc<str>"</code>
                " and the other types and strategies of chapter 10 (twenty-three in all) millions of times, with the same Rust "
                "kernels the native runner uses, compiled to WebAssembly."
            </p>
            <aside class="callout bench-explainer" aria-labelledby="bench-limits">
                <SectionHeading page="/bench" id="bench-limits" title="What one thread can and cannot show"/>
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
                    "Contention needs real threads: run them " <a href="#contention">"below, in your browser"</a>
                    ", or see native machines on the " <a href="/results">"Results page"</a> " and the chapter on "
                    <a href="/chapters/clone-cost">"what a clone costs"</a> "."
                </p>
            </aside>
            <Live island=Island::Bench/>
            <section class="contention" aria-labelledby="contention">
                <SectionHeading page="/bench" id="contention" title="Contention in your browser"/>
                <p>
                    "Here the same kernels run on real threads: one timed thread clones a 64-byte value while the others clone "
                    "the very same value, the native runner's method. The threads are Web Workers sharing one WebAssembly "
                    "memory, built from a second, threaded copy of the kernels that your browser fetches only when you press Run."
                </p>
                <p>
                    "Expect " <code>"Arc<str>"</code> " to slow down as threads are added: every clone is a locked add on the "
                    "one counter they share, and the cache line holding it moves from core to core. Expect "
                    <code>"String"</code> " to slow down too, which it does not natively: Rust's wasm32 standard library "
                    "allocates with " <a class="term-ref" href="/glossary#allocators">"dlmalloc"</a> " behind one global lock, so every " <code>"String"</code>
                    " clone and drop queues for that lock. Natively, jemalloc gives each thread a cache of its own and "
                    <code>"String"</code> " barely notices the other threads. Where the allocator is shared, the usual advice "
                    "turns round; the strategies that allocate nothing per clone (a borrowed clone, a leaked "
                    <code>"&'static str"</code> ", an inline " <code>"HipStr"</code> ") escape both."
                </p>
                <Live island=Island::Widget(Widget::ContentionLab)/>
            </section>
        </article>
    }
}
