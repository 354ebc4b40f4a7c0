//! The landing page: what the site is, and a first live look at layouts computed by this very wasm.

use leptos::prelude::*;

use crate::components::layout_table::LayoutTable;

#[component]
pub fn Home() -> impl IntoView {
    let (text, set_text) = signal(String::from("hello, wasm"));
    let word_bytes = std::mem::size_of::<usize>();

    view! {
        <article class="prose">
            <h1>"String, Box<str>, Arc<str>: byte by byte"</h1>
            <p class="lede">
                "Every number on this site is measured, not drawn. The table below was computed a moment ago by "
                "Rust code compiled to WebAssembly and running in your browser."
            </p>
            <LayoutTable/>
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
