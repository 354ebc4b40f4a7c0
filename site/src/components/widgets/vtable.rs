//! Chapter 2: the first three vtable entries of two `&dyn Display`s, as this build laid them out.

use super::{byte_row, hex_string, legend, WORD};
use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use std::fmt::Display;
use wasm_core::inspect::format_addr;
use wasm_core::inspect::wide::{read_vtable, Vtable};

fn check(observed: usize, expected: usize) -> &'static str {
    if observed == expected {
        "✓ matches"
    } else {
        "✗ differs"
    }
}

fn vtable_card(label: &'static str, t: Vtable) -> impl IntoView {
    let drop_text = if t.drop_entry == 0 {
        "0: null, the type needs no drop glue".to_owned()
    } else {
        format!("{}: entry {} of the wasm function table (drop_in_place)", t.drop_entry, t.drop_entry)
    };
    view! {
        <div class="vtable" data-testid="vtable-card">
            <h4><code>{label}</code>" → vtable at "<code>{format_addr(t.addr)}</code></h4>
            {byte_row(&t.bytes, |i| match i / WORD { 0 => "ptr", 1 => "len", _ => "counter" })}
            <ScrollRegion label="The vtable's entries">
            <table class="data compact">
                <thead><tr><th scope="col">"Entry"</th><th scope="col">"Bytes"</th><th scope="col">"Observed value"</th><th scope="col">"Checked against"</th></tr></thead>
                <tbody>
                    <tr><th scope="row">"1: drop"</th><td class="mono nowrap">{hex_string(&t.bytes[..WORD])}</td><td>{drop_text}</td><td>"–"</td></tr>
                    <tr><th scope="row">"2: size"</th><td class="mono nowrap">{hex_string(&t.bytes[WORD..2 * WORD])}</td><td data-field="size">{t.size}</td>
                        <td>{format!("size_of_val = {} {}", t.size_of_val, check(t.size, t.size_of_val))}</td></tr>
                    <tr><th scope="row">"3: align"</th><td class="mono nowrap">{hex_string(&t.bytes[2 * WORD..])}</td><td data-field="align">{t.align}</td>
                        <td>{format!("align_of_val = {} {}", t.align_of_val, check(t.align, t.align_of_val))}</td></tr>
                </tbody>
            </table>
            </ScrollRegion>
        </div>
    }
}

#[component]
pub fn VtableWidget() -> impl IntoView {
    let float: &dyn Display = &3.5_f64;
    let owned = String::from("owned text");
    let string: &dyn Display = &owned;
    let cards = view! {
        {vtable_card("&3.5_f64 as &dyn Display", read_vtable(float))}
        {vtable_card("&String as &dyn Display", read_vtable(string))}
    };
    view! {
        <section class="widget" aria-labelledby="vtable-title">
            <h3 id="vtable-title">"Live: the start of two vtables"</h3>
            <p class="callout warning">
                <strong>"Not guaranteed. "</strong>
                "The vtable layout is a rustc implementation detail. This is what this build contains, read from "
                "the address in word 2 of each " <code>"&dyn Display"</code> "; another compiler version may differ."
            </p>
            <p class="source-note">
                "Read from: three " {WORD} "-byte words at the vtable address, in the module's static data. "
                "A function pointer on wasm32 is an index into the function table, not a memory address."
            </p>
            {legend(&[("ptr", "drop entry"), ("len", "size entry"), ("counter", "align entry")])}
            {cards}
        </section>
    }
}
