//! Chapter 10: the alternatives to `Arc<str>` opened up in this page's memory: `ArcStr`'s one-word
//! handle and the length in its block, `triomphe::Arc<str>`'s single counter, `Arc<String>`'s two
//! blocks, `HipStr` inline or on the heap, and `Cow<'static, str>` borrowed or owned.

use super::{byte_row, hex_string, legend, WORD};
use leptos::prelude::*;
use wasm_core::inspect::format_addr;
use wasm_core::inspect::shared::{read_alternatives, TextPlace};

/// The borrowed `Cow`'s text: static data in the wasm module.
static STATIC_TEXT: &str = "static text in the wasm module";

fn place_text(p: &TextPlace) -> String {
    if p.inline {
        format!(
            "{}: the text is inside the {}-byte value at {} (from byte {}).",
            p.api_says,
            p.value_size,
            format_addr(p.value_addr),
            p.text_addr - p.value_addr
        )
    } else {
        format!(
            "{}: the {}-byte value at {} points to the text at {}.",
            p.api_says,
            p.value_size,
            format_addr(p.value_addr),
            format_addr(p.text_addr)
        )
    }
}

fn cards(text: String) -> impl IntoView {
    let all = read_alternatives(&text, STATIC_TEXT);
    let (a, t, s, h, cb, co) = (all.arcstr, all.triomphe, all.arc_string, all.hipstr, all.cow_borrowed, all.cow_owned);
    let header = 2 * WORD;
    view! {
        <div class="sso-card" data-testid="alt-arcstr">
            <h4><code>"ArcStr"</code>" handle: " {a.handle_bytes.len()} " bytes"</h4>
            {byte_row(&a.handle_bytes, |_| "ptr")}
            <p class="small">"Its block at " <code>{format_addr(a.block_addr)}</code> ": the length (shifted left one bit, the low bit says static), the count (the same), then the text."</p>
            {byte_row(&a.block_bytes, move |i| if i < WORD { "len" } else if i < header { "counter" } else { "text" })}
            <p class="small" data-testid="alt-arcstr-fields">{format!("len = {}, count = {}, static = {}", a.len, a.count, a.is_static)}</p>
        </div>
        <div class="sso-card" data-testid="alt-triomphe">
            <h4><code>"triomphe::Arc<str>"</code>" handle: " {t.handle_bytes.len()} " bytes"</h4>
            {byte_row(&t.handle_bytes, |i| if i < WORD { "ptr" } else { "len" })}
            <p class="small">"Its block at " <code>{format_addr(t.block_addr)}</code> ": one counter, no weak count, then the text."</p>
            {byte_row(&t.block_bytes, |i| if i < WORD { "counter" } else { "text" })}
            <p class="small" data-testid="alt-triomphe-fields">{format!("count = {}", t.count)}</p>
        </div>
        <div class="sso-card" data-testid="alt-arc-string">
            <h4><code>"Arc<String>"</code>" handle: " {s.handle_bytes.len()} " bytes"</h4>
            {byte_row(&s.handle_bytes, |_| "ptr")}
            <p class="small">"Block 1 at " <code>{format_addr(s.outer_addr)}</code> ": strong, weak, then the " <code>"String"</code> "'s three words. The text is in block 2, at " <code>{format_addr(s.text_addr)}</code> ": a second allocation and a second hop."</p>
            {byte_row(&s.outer_bytes, move |i| if i < header { "counter" } else { "ptr" })}
            <p class="small" data-testid="alt-arc-string-fields">{format!("strong = {}, weak = {}", s.strong, s.weak)}</p>
        </div>
        <div class="sso-card" data-testid="alt-hipstr" data-inline=h.inline.to_string()>
            <h4><code>"HipStr"</code></h4>
            <p class="small">{place_text(&h)}</p>
        </div>
        <div class="sso-card" data-testid="alt-cow">
            <h4><code>"Cow<'static, str>"</code></h4>
            <p class="small">{place_text(&cb)} " (" {STATIC_TEXT.len()} " bytes of static data: nothing allocated.)"</p>
            <p class="small">{place_text(&co)}</p>
        </div>
        <p class="visually-hidden">{format!("ArcStr block bytes: {}", hex_string(&a.block_bytes))}</p>
    }
}

#[component]
pub fn AltInspector() -> impl IntoView {
    let (text, set_text) = signal(String::from("shared label"));
    view! {
        <section class="widget" aria-labelledby="alt-title">
            <h3 id="alt-title">"Live: the alternatives in this page's memory"</h3>
            <p class="source-note">
                "Each value is built from your text in this page's WebAssembly module. Handles are copied as bytes; "
                "heap headers are read by stepping back from the text pointer each type hands out, at the offsets of "
                "the crates' own " <code>"repr(C)"</code> " declarations (arcstr 1.2, triomphe 0.1, std), and only "
                "counters and text are read. The counts are checked against each crate's API in wasm-core's tests."
            </p>
            <div class="controls">
                <label for="alt-text">"Your text (at most 64 characters; the box stops there):"</label>
                <input id="alt-text" type="text" maxlength="64" data-testid="alt-input" prop:value=text
                    on:input=move |ev| set_text.set(event_target_value(&ev))/>
            </div>
            {legend(&[("ptr", "pointer"), ("len", "length"), ("counter", "counter"), ("text", "text (UTF-8)")])}
            <div class="sso-grid">{move || cards(text.get())}</div>
        </section>
    }
}
