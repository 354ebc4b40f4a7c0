//! Chapter 5: niches, padding and `Arc<dyn Display>`'s data offset, measured in this page's wasm.

use super::{legend, maybe_byte_row, maybe_hex_string};
use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use wasm_core::inspect::probe::{dyn_offsets, niche_rows, padded_bytes};

#[component]
pub fn LayoutProbe() -> impl IntoView {
    let niches = niche_rows()
        .into_iter()
        .map(|r| {
            let extra = r.option_size - r.size;
            view! {
                <tr data-type=r.type_name>
                    <th scope="row"><code>{r.type_name}</code></th>
                    <td class="num">{r.size}</td>
                    <td class="num" data-field="option">{r.option_size}</td>
                    <td>{if extra == 0 { "none: a niche holds None".to_owned() } else { format!("{extra} bytes for a tag") }}</td>
                </tr>
            }
        })
        .collect_view();
    let padded = padded_bytes(0xAB, 0x0102_0304);
    let padded_text = maybe_hex_string(&padded);
    let offsets = dyn_offsets()
        .into_iter()
        .map(|d| {
            view! {
                <tr data-value=d.value_name>
                    <th scope="row"><code>{format!("Arc::new({})", d.value_name)}</code></th>
                    <td class="num">{d.align}</td>
                    <td class="num" data-field="offset">{d.offset}</td>
                    <td class="num">{d.expected}</td>
                </tr>
            }
        })
        .collect_view();

    view! {
        <section class="widget" aria-labelledby="probe-title">
            <h3 id="probe-title">"Live: niches, padding and " <code>"Arc<dyn Display>"</code> " in this page"</h3>
            <p class="source-note">
                "Every number here is computed by this page's WebAssembly module: " <code>"size_of"</code>
                " for each type and its " <code>"Option"</code> ", the bytes of a " <code>"#[repr(C)] struct { u8, u32 }"</code>
                " read field by field (the padding is never read), and for three " <code>"Arc<dyn Display>"</code>
                " the distance from the block to the value, next to the rule: the counters rounded up to the value's alignment."
            </p>
            <ScrollRegion label="What Option costs, wasm32">
            <table class="data compact" data-testid="niche-table">
                <caption>"What Option costs, wasm32"</caption>
                <thead><tr><th scope="col">"T"</th><th scope="col" class="num">"size_of::<T>"</th>
                    <th scope="col" class="num">"size_of::<Option<T>>"</th><th scope="col">"Extra"</th></tr></thead>
                <tbody>{niches}</tbody>
            </table>
            </ScrollRegion>
            <h4>"A " <code>"{ small: u8, big: u32 }"</code> " holding 0xAB and 0x01020304"</h4>
            {legend(&[("text", "field byte")])}
            {maybe_byte_row(&padded, |_| "text")}
            <p class="visually-hidden" data-testid="padded-bytes">{format!("Bytes: {padded_text}")}</p>
            <ScrollRegion label="Where Arc<dyn Display> puts the value">
            <table class="data compact" data-testid="dyn-offset-table">
                <caption>"Where Arc<dyn Display> puts the value"</caption>
                <thead><tr><th scope="col">"Value"</th><th scope="col" class="num">"align_of_val"</th>
                    <th scope="col" class="num">"Measured offset"</th><th scope="col" class="num">"Header rounded up"</th></tr></thead>
                <tbody>{offsets}</tbody>
            </table>
            </ScrollRegion>
        </section>
    }
}
