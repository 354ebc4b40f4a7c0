//! Chapter 2: the two words of a real `&str`, `&[u32]` and `&dyn Display`.

use super::{byte_row, hex_string, legend, WORD};
use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use wasm_core::inspect::format_addr;
use wasm_core::inspect::wide::{read_dyn, read_slice, read_str, Metadata, WidePointer};

fn pointer_row(name: &'static str, what: String, p: WidePointer) -> impl IntoView {
    let meta = match p.kind {
        Metadata::ByteLength => format!("{} (length in bytes)", p.metadata),
        Metadata::ElementCount => format!("{} (number of elements)", p.metadata),
        Metadata::Vtable => format!("{} (address of the vtable)", format_addr(p.metadata)),
    };
    let shown: Vec<u8> = p.pointee_bytes.iter().copied().take(32).collect();
    let more = p.pointee_bytes.len().saturating_sub(shown.len());
    let points_at = if shown.is_empty() {
        "nothing (empty)".to_owned()
    } else if more > 0 {
        format!("{} … ({more} more)", hex_string(&shown))
    } else {
        hex_string(&shown)
    };
    view! {
        <div class="wide-pointer" data-testid=format!("wide-{}", name)>
            <h4><code>{name}</code>" "<span class="muted">{what}</span></h4>
            {byte_row(&p.bytes, |i| if i < WORD { "ptr" } else { "len" })}
            <ScrollRegion label=format!("The two words of {name}")>
            <table class="data compact">
                <tbody>
                    <tr><th scope="row">"Raw bytes"</th><td class="mono nowrap">{hex_string(&p.bytes)}</td></tr>
                    <tr><th scope="row">"Word 1: data address"</th><td class="mono" data-field="word1">{format_addr(p.data_addr)}</td></tr>
                    <tr><th scope="row">"Word 2"</th><td class="mono" data-field="word2">{meta}</td></tr>
                    <tr><th scope="row">"Bytes it points at"</th><td class="mono">{points_at}</td></tr>
                </tbody>
            </table>
            </ScrollRegion>
        </div>
    }
}

#[component]
pub fn WidePointerWidget() -> impl IntoView {
    let (text, set_text) = signal(String::from("wide"));
    let nums: &'static [u32] = &[10, 20, 30];
    let float: &'static f64 = &3.5;

    view! {
        <section class="widget" aria-labelledby="wide-pointer-title">
            <h3 id="wide-pointer-title">"Live: three wide pointers in this page's memory"</h3>
            <p class="source-note">
                "Read from: each reference's own " {2 * WORD} " bytes in WebAssembly linear memory, copied with "
                <code>"std::slice::from_raw_parts(&reference as *const _ as *const u8, size_of_val(&reference))"</code>
                " (sound here: a reference has no padding, which the reader's "<code>"InitBytes"</code>" bound checks at compile time). wasm32 is little-endian: each " {WORD} "-byte word is stored least significant byte first."
            </p>
            <div class="controls">
                <label for="wide-text">"Text behind the " <code>"&str"</code> " (at most 64 characters; the box stops there):"</label>
                <input id="wide-text" type="text" maxlength="64" prop:value=text
                    on:input=move |ev| set_text.set(event_target_value(&ev))/>
            </div>
            {legend(&[("ptr", "word 1: address"), ("len", "word 2: length or vtable address")])}
            {move || {
                let owned = text.get();
                let s: &str = &owned;
                pointer_row("&str", format!("= {s:?}"), read_str(&s))
            }}
            {pointer_row("&[u32]", "= &[10, 20, 30]".to_owned(), read_slice(&nums))}
            {pointer_row("&dyn Display", "= &3.5_f64".to_owned(), read_dyn(float))}
        </section>
    }
}
