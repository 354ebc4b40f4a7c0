//! The home page's "type any text" line: the bytes of the reader's text, and the two words of the
//! `&str` that points at them, on this target (wasm32: 8 bytes).

use leptos::prelude::*;

#[component]
pub fn TryIt() -> impl IntoView {
    let (text, set_text) = signal(String::from("hello, wasm"));
    let word_bytes = std::mem::size_of::<usize>();
    view! {
        <label for="try-text">"Type any text:"</label>
        <input id="try-text" type="text" prop:value=text on:input=move |ev| set_text.set(event_target_value(&ev))/>
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
    }
}
