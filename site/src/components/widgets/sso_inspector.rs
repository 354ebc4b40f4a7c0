//! Chapter 5: the reader's text in `String`, `SmolStr`, `CompactString` and our `InlineStr`, inline or
//! on the heap, with each value's bytes and the byte that decides.

use super::{legend, maybe_byte_row, maybe_hex_string};
use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use wasm_core::inspect::format_addr;
use wasm_core::inspect::sso::{inspect, measure_inline_capacity, Marker, SsoType, SsoValue};

/// How each type tells inline from heap, in one sentence.
fn how_it_decides(kind: SsoType) -> &'static str {
    match kind {
        SsoType::String => "It never stores text inline: its words are always a pointer, a capacity and a length (in an unspecified order).",
        SsoType::SmolStr => "One tag byte (found here by looking for the byte that equals the length): 0 to 23 means inline with that length; higher values mean a static str or an Arc<str>.",
        SsoType::CompactString => "The last byte: below 0xC0 it is the last byte of a completely full inline string, 0xC0 + n means inline with length n, and a reserved higher value means heap.",
        SsoType::InlineStr => "Byte 23 is the length while the text is inline (0 to 23); the value 0xFF means the first two words are a heap pointer and a length.",
    }
}

fn marker_text(v: &SsoValue) -> String {
    match v.marker {
        None => "No deciding byte: it is always on the heap.".to_owned(),
        Some((i, m)) => {
            let b = v.bytes[i].unwrap_or_default();
            let says = match m {
                Marker::InlineLength(n) => format!("inline, length {n}"),
                Marker::InlineFull => "inline, every byte is text".to_owned(),
                Marker::NotInline => "not inline (heap)".to_owned(),
            };
            format!("Deciding byte: byte {i} = 0x{b:02x}, {says}.")
        }
    }
}

/// What the type's own API says, compared with what the addresses show, for this very value.
fn api_text(v: &SsoValue) -> String {
    let api = match v.kind {
        SsoType::String => return "Its API has no inline state to ask about.".to_owned(),
        SsoType::InlineStr => format!("is_inline() = {}", v.api_says_inline),
        SsoType::SmolStr | SsoType::CompactString => format!("is_heap_allocated() = {}", !v.api_says_inline),
    };
    let verdict = if v.api_says_inline == v.inline {
        "agrees with the addresses"
    } else {
        "differs from the addresses: the text is neither inline nor on the heap (a static str)"
    };
    format!("{api}: {verdict}.")
}

fn capacity_text(c: Option<usize>) -> String {
    c.map_or_else(|| "never inline".to_owned(), |n| format!("{n} bytes"))
}

fn type_card(v: SsoValue) -> impl IntoView {
    let name = v.kind.name();
    let text_range = v.text_offset.map(|o| o..o + v.text_len);
    let marker = v.marker.map(|(i, _)| i);
    let class_of = move |i: usize| {
        if Some(i) == marker {
            "marker"
        } else if text_range.as_ref().is_some_and(|r| r.contains(&i)) {
            "text"
        } else {
            ""
        }
    };
    let (badge_class, badge) = match (v.inline, v.text_len) {
        (true, _) => ("badge inline", "inline"),
        (false, 0) => ("badge", "empty, no allocation"),
        (false, _) => ("badge heap", "heap"),
    };
    let where_text = if v.inline {
        format!("Text: inside the value, from byte {}.", v.text_offset.unwrap_or(0))
    } else if v.text_len == 0 {
        "Text: empty, nothing allocated.".to_owned()
    } else {
        format!("Text: on the heap at {}.", format_addr(v.text_addr))
    };
    view! {
        <div class="sso-card" data-testid=format!("sso-{name}") data-inline=v.inline.to_string()>
            <h4><code>{name}</code>" "<span class=badge_class>{badge}</span></h4>
            {maybe_byte_row(&v.bytes, class_of)}
            <p class="small">{where_text}<br/>{marker_text(&v)}<br/>{api_text(&v)}</p>
            <p class="small muted">{how_it_decides(v.kind)}</p>
            <p class="visually-hidden">{format!("Bytes of the {name}: {}", maybe_hex_string(&v.bytes))}</p>
        </div>
    }
}

/// A heap address that more than one value's text had (allocator reuse: the values are inspected one
/// after another), formatted; `None` when every heap text had its own.
fn reused_block(values: &[SsoValue]) -> Option<String> {
    let heap: Vec<usize> = values.iter().filter(|v| !v.inline && v.text_len > 0).map(|v| v.text_addr).collect();
    heap.iter().find(|a| heap.iter().filter(|b| b == a).count() > 1).map(|&a| format_addr(a))
}

#[component]
pub fn SsoInspector() -> impl IntoView {
    let (text, set_text) = signal(String::from("hello"));
    // Measured once: the longest text of 'a's that stays inside the value on this target.
    let capacities: Vec<(SsoType, Option<usize>)> = SsoType::ALL.iter().map(|&k| (k, measure_inline_capacity(k))).collect();
    let values = move || text.with(|t| SsoType::ALL.iter().map(|&k| inspect(k, t)).collect::<Vec<_>>());

    view! {
        <section class="widget" aria-labelledby="sso-title">
            <h3 id="sso-title">"Live: where does your text go?"</h3>
            <p class="source-note">
                "For each type the widget builds a real value from your text and copies the value's own bytes out of "
                "WebAssembly memory. The text is inline when the address " <code>"as_str()"</code>
                " returns lies inside those bytes; each card also asks the type's own API ("
                <code>"is_heap_allocated"</code> ", " <code>"is_inline"</code> ") and says whether it agrees. Bytes shown as "
                <code>"··"</code> " are padding: reading them would be undefined behaviour, so they are not read. Inline capacities in the table were measured "
                "here by growing a string until it left the value."
            </p>
            <div class="controls">
                <label for="sso-text">"Your text (at most 80 characters; the box stops there):"</label>
                <input id="sso-text" type="text" data-testid="sso-input" maxlength="80" prop:value=text
                    on:input=move |ev| set_text.set(event_target_value(&ev))/>
                <span class="muted" aria-live="polite" data-testid="sso-length">
                    {move || text.with(|t| format!("{} bytes, {} chars", t.len(), t.chars().count()))}
                </span>
            </div>
            <ScrollRegion label="Sizes and inline capacities">
            <table class="data compact" data-testid="sso-table">
                <caption>"Sizes and inline capacities; the last column is about your text"</caption>
                <thead><tr>
                    <th scope="col">"Type"</th><th scope="col" class="num">"size_of here"</th>
                    <th scope="col">"Inline up to, here"</th><th scope="col">"Inline up to, x86_64"</th>
                    <th scope="col">"Your text"</th>
                </tr></thead>
                <tbody>
                    {move || values().into_iter().zip(capacities.clone()).map(|(v, (kind, cap))| view! {
                        <tr data-type=kind.name()>
                            <th scope="row"><code>{kind.name()}</code></th>
                            <td class="num">{kind.size()}</td>
                            <td data-field="capacity">{capacity_text(cap)}</td>
                            <td>{capacity_text(kind.x86_64_inline_capacity())}</td>
                            <td data-field="where">{if v.inline { "inline" } else { "heap" }}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            </ScrollRegion>
            {legend(&[("text", "inline text"), ("marker", "the byte that decides")])}
            // One inspection for the cards and the note, so the note names the addresses the cards show.
            {move || {
                let values = values();
                let reused = reused_block(&values).map(|addr| view! {
                    <p class="field-note" data-testid="sso-reuse">
                        {format!(
                            "Several cards show the heap address {addr}: each value is built, read and dropped before the next is \
                             built, so the allocator hands the block one freed to the next. They never held it at the same time."
                        )}
                    </p>
                });
                view! {
                    <div class="sso-grid">{values.into_iter().map(type_card).collect_view()}</div>
                    {reused}
                }
            }}
            <p class="source-note">
                "x86_64 capacities are the crates' documented facts (smol_str 0.3: 23, compact_str 0.10: 24) and our "
                "own type's constant (" {wasm_core::inline_str::InlineStr::INLINE_CAPACITY} "), the same on every target."
            </p>
        </section>
    }
}
