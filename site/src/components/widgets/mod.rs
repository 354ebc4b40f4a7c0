//! The live widgets chapters place with `<!-- widget: NAME -->`. The inspectors read real memory
//! through `wasm_core::inspect` and only format what they get back; each shows its bytes visually
//! (hidden from screen readers) and the same facts in a table, which is the text alternative.
//! The `*_bench` widgets time wasm-core's kernels with the shared machinery in
//! `components/bench/`; `recorded_results` draws the shipped results files of one suite.

pub mod alt_inspector;
pub mod arc_inspector;
pub mod arcswap_bench;
pub mod arena_bench;
pub mod layout_probe;
pub mod recorded_results;
pub mod size_table;
pub mod sso_bench;
pub mod sso_inspector;
pub mod vtable;
pub mod wide_pointer;

use leptos::prelude::*;

/// One row of hex bytes; `class_of(i)` names byte `i`'s role (`ptr`, `len`, `counter`, `marker`,
/// `text`, or "" for none), which the CSS outlines with the legend colours.
pub fn byte_row(bytes: &[u8], class_of: impl Fn(usize) -> &'static str) -> impl IntoView {
    let maybe: Vec<Option<u8>> = bytes.iter().copied().map(Some).collect();
    maybe_byte_row(&maybe, class_of)
}

/// [`byte_row`] for values with padding: a `None` byte is padding the reader never read (reading it
/// would be undefined behaviour), drawn as `··`.
pub fn maybe_byte_row(bytes: &[Option<u8>], class_of: impl Fn(usize) -> &'static str) -> impl IntoView {
    let cells = bytes
        .iter()
        .enumerate()
        .map(|(i, b)| match b {
            Some(b) => {
                let class = format!("byte {}", class_of(i));
                view! { <span class=class title=format!("byte {i}")>{format!("{b:02x}")}</span> }.into_any()
            }
            None => view! { <span class="byte pad" title=format!("byte {i}: padding, not read")>"··"</span> }.into_any(),
        })
        .collect_view();
    view! { <div class="bytes" aria-hidden="true">{cells}</div> }
}

/// Bytes in little-endian words, as "0a 00 00 00".
pub fn hex_string(bytes: &[u8]) -> String {
    wasm_core::inspect::hex(bytes).join(" ")
}

/// [`hex_string`] with padding bytes written as "padding".
pub fn maybe_hex_string(bytes: &[Option<u8>]) -> String {
    bytes.iter().map(|b| b.map_or_else(|| "padding".to_owned(), |b| format!("{b:02x}"))).collect::<Vec<_>>().join(" ")
}

/// The legend explaining the byte outlines, for the roles a widget uses.
pub fn legend(items: &[(&'static str, &'static str)]) -> impl IntoView {
    let entries =
        items.iter().map(|(class, text)| view! { <li><span class=format!("byte {class}")>"00"</span>" "{*text}</li> }).collect_view();
    view! { <ul class="byte-legend" aria-hidden="true">{entries}</ul> }
}

/// The word size on this target, in bytes (4 on wasm32).
pub const WORD: usize = wasm_core::inspect::WORD;
