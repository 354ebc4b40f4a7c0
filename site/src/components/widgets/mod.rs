//! The live widgets chapters place with `<!-- widget: NAME -->`. Each reads real memory through
//! `wasm_core::inspect` and only formats what it gets back. Every widget shows its bytes visually
//! (hidden from screen readers) and the same facts in a table, which is the text alternative.

pub mod arc_inspector;
pub mod size_table;
pub mod sso_inspector;
pub mod vtable;
pub mod wide_pointer;

use crate::content::Widget;
use leptos::prelude::*;

/// The component for one widget placeholder.
pub fn widget_view(widget: Widget) -> AnyView {
    match widget {
        Widget::WidePointer => view! { <wide_pointer::WidePointerWidget/> }.into_any(),
        Widget::Vtable => view! { <vtable::VtableWidget/> }.into_any(),
        Widget::ArcInspector => view! { <arc_inspector::ArcInspector/> }.into_any(),
        Widget::SizeTable => view! { <size_table::SizeTable/> }.into_any(),
        Widget::SsoInspector => view! { <sso_inspector::SsoInspector/> }.into_any(),
    }
}

/// One row of hex bytes; `class_of(i)` names byte `i`'s role (`ptr`, `len`, `counter`, `marker`,
/// `text`, or "" for none), which the CSS outlines with the legend colours.
pub fn byte_row(bytes: &[u8], class_of: impl Fn(usize) -> &'static str) -> impl IntoView {
    let cells = bytes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let class = format!("byte {}", class_of(i));
            view! { <span class=class title=format!("byte {i}")>{format!("{b:02x}")}</span> }
        })
        .collect_view();
    view! { <div class="bytes" aria-hidden="true">{cells}</div> }
}

/// Bytes in little-endian words, as "0a 00 00 00".
pub fn hex_string(bytes: &[u8]) -> String {
    wasm_core::inspect::hex(bytes).join(" ")
}

/// The legend explaining the byte outlines, for the roles a widget uses.
pub fn legend(items: &[(&'static str, &'static str)]) -> impl IntoView {
    let entries = items
        .iter()
        .map(|(class, text)| view! { <li><span class=format!("byte {class}")>"00"</span>" "{*text}</li> })
        .collect_view();
    view! { <ul class="byte-legend" aria-hidden="true">{entries}</ul> }
}

/// The word size on this target, in bytes (4 on wasm32).
pub const WORD: usize = wasm_core::inspect::WORD;
