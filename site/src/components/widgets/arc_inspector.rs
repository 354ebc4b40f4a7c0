//! Chapter 3: a real `Arc<str>`, buttons that clone, drop, downgrade, upgrade and drop weak
//! references, and the heap block's bytes re-read after every press: alive, text dropped but block
//! kept by a `Weak`, and freed.

use super::{byte_row, hex_string, legend, WORD};
use leptos::prelude::*;
use wasm_core::inspect::arc::{ArcBlock, ArcLab, DroppedBlock, LabView};
use wasm_core::inspect::format_addr;

const TEXT: &str = "shared text";

fn agrees(ok: bool) -> &'static str {
    if ok {
        "✓"
    } else {
        "✗"
    }
}

/// The counters table: memory beside the public API, one row each.
fn counter_rows(strong: (&[u8], usize, String, bool), weak: (&[u8], usize, String, bool)) -> impl IntoView {
    view! {
        <tr>
            <th scope="row"><code>"strong"</code></th>
            <td class="mono nowrap">{hex_string(strong.0)}</td>
            <td class="num" data-testid="arc-strong-memory">{strong.1}</td>
            <td class="nowrap" data-testid="arc-strong-api">{strong.2}</td>
            <td>{agrees(strong.3)}</td>
        </tr>
        <tr>
            <th scope="row"><code>"weak"</code></th>
            <td class="mono nowrap">{hex_string(weak.0)}</td>
            <td class="num" data-testid="arc-weak-memory">{weak.1}</td>
            <td class="nowrap" data-testid="arc-weak-api">{weak.2}</td>
            <td>{agrees(weak.3)}</td>
        </tr>
    }
}

fn table_head() -> impl IntoView {
    view! {
        <caption>"Counters read from memory beside what the public API reports"</caption>
        <thead><tr>
            <th scope="col">"Field"</th><th scope="col">"Bytes"</th><th scope="col">"In memory"</th>
            <th scope="col">"Public API"</th><th scope="col">"Agrees"</th>
        </tr></thead>
    }
}

fn alive_view(b: ArcBlock, arcs: usize) -> AnyView {
    let header = b.data_offset;
    let strong = (
        &b.block_bytes[..WORD],
        b.strong_in_memory,
        format!("Arc::strong_count() = {}", b.strong_count),
        b.strong_in_memory == b.strong_count && b.strong_count == arcs,
    );
    let weak = (
        &b.block_bytes[WORD..2 * WORD],
        b.weak_in_memory,
        format!("Arc::weak_count() = {} (memory = count + 1)", b.weak_count),
        b.weak_in_memory == b.weak_count + 1,
    );
    view! {
        <h4>"The heap block at " <code>{format_addr(b.block_addr)}</code></h4>
        {byte_row(&b.block_bytes, move |i| if i < 2 * WORD { "counter" } else if i >= header { "text" } else { "" })}
        <h4>"The newest " <code>"Arc<str>"</code> " handle itself"</h4>
        {byte_row(&b.handle_bytes, |i| if i < WORD { "ptr" } else { "len" })}
        <div class="table-scroll" tabindex="0" role="region" aria-label="The Arc's counters and text">
        <table class="data compact" data-testid="arc-table" data-state="alive">
            {table_head()}
            <tbody>
                {counter_rows(strong, weak)}
                <tr>
                    <th scope="row">"text"</th>
                    <td class="mono">{hex_string(&b.block_bytes[header..])}</td>
                    <td>{format!("{TEXT:?}, {} bytes at offset {header}", b.block_bytes.len() - header)}</td>
                    <td><code>"as_ptr()"</code>" = " <code>{format_addr(b.data_addr)}</code></td>
                    <td>{agrees(b.block_addr + header == b.data_addr)}</td>
                </tr>
            </tbody>
        </table>
        </div>
    }
    .into_any()
}

fn dropped_view(d: DroppedBlock, weaks: usize) -> AnyView {
    let strong = (&d.header_bytes[..WORD], d.strong_in_memory, "Weak::strong_count() = 0".to_owned(), d.strong_in_memory == 0);
    let held = crate::model::explorer::format::count(weaks as u64, "Weak", "Weaks");
    let weak = (&d.header_bytes[WORD..], d.weak_in_memory, format!("{held} held"), d.weak_in_memory == weaks);
    view! {
        <h4>"The heap block at " <code>{format_addr(d.block_addr)}</code> ": text dropped, block kept"</h4>
        {byte_row(&d.header_bytes, |_| "counter")}
        <p class="small">
            "The last " <code>"Arc"</code> " ran the text's destructor, and its shared weak reference went with it. "
            "The " <code>"Weak"</code> "s still keep the allocation, so the counters can be read; the text is not read, "
            "because it belongs to no value any more. " <code>"Weak::upgrade"</code> " now returns " <code>"None"</code> "."
        </p>
        <div class="table-scroll" tabindex="0" role="region" aria-label="The counters after the text was dropped">
        <table class="data compact" data-testid="arc-table" data-state="text-dropped">
            {table_head()}
            <tbody>{counter_rows(strong, weak)}</tbody>
        </table>
        </div>
    }
    .into_any()
}

fn freed_view() -> AnyView {
    view! {
        <p class="small" data-testid="arc-table" data-state="freed">
            "No " <code>"Arc"</code> " and no " <code>"Weak"</code> " is left, so the block was given back to the "
            "allocator. There is nothing left to read: any address the widget remembered would now dangle. "
            "Press \u{201C}Start again\u{201D} to make a new one."
        </p>
    }
    .into_any()
}

/// Longest text the box takes: the counters and the text stay on one screen.
const MAX_TEXT_CHARS: usize = 64;

#[component]
pub fn ArcInspector() -> impl IntoView {
    let lab = StoredValue::new(ArcLab::new(TEXT));
    // The text in the box, and the text the current Arc was made from.
    let (text, set_text) = signal(TEXT.to_owned());
    let (started, set_started) = signal(TEXT.to_owned());
    // Bumped after every operation so the views re-read the memory.
    let (version, set_version) = signal(0u32);
    let (note, set_note) = signal(String::new());
    let act = move |f: fn(&mut ArcLab) -> String| {
        let said = lab.try_update_value(f).unwrap_or_default();
        set_note.set(said);
        set_version.update(|v| *v += 1);
    };
    let read = move || {
        version.track();
        lab.with_value(|l| (l.read(), l.arcs(), l.weaks()))
    };
    let restart = move || {
        let from = text.get_untracked();
        lab.set_value(ArcLab::new(&from));
        set_started.set(from);
        set_note.set("Started again: one new Arc, no Weak.".into());
        set_version.update(|v| *v += 1);
    };
    let arcs = move || read().1;
    let weaks = move || read().2;

    view! {
        <section class="widget" aria-labelledby="arc-title">
            <h3 id="arc-title">"Live: an " <code>"Arc<str>"</code> " and its heap block"</h3>
            <p class="source-note">
                "The widget starts from " <code>{move || format!("Arc::<str>::from({:?})", started.get())}</code>
                " and holds the " <code>"Arc"</code> "s and " <code>"Weak"</code> "s you make. After each press it reads the block's bytes: "
                "it takes the text address from " <code>"Arc::as_ptr"</code> " (or " <code>"Weak::as_ptr"</code>
                ") and steps back over the two " {WORD} "-byte counters. That offset relies on std's private "
                <code>"ArcInner"</code> " being " <code>"repr(C)"</code> ", true today but not a promise. The counters are then compared with "
                <code>"strong_count"</code> " and " <code>"weak_count"</code> ". Drop every " <code>"Arc"</code>
                " while a " <code>"Weak"</code> " remains to see the text dropped but the block kept."
            </p>
            <div class="controls" role="group" aria-label="Arc operations">
                <button type="button" data-testid="arc-clone" disabled=move || arcs() == 0
                    on:click=move |_| act(|l| { l.clone_arc(); String::new() })>"Clone"</button>
                <button type="button" data-testid="arc-drop-arc" disabled=move || arcs() == 0
                    on:click=move |_| act(|l| { l.drop_arc(); String::new() })>"Drop an Arc"</button>
                <button type="button" data-testid="arc-downgrade" disabled=move || arcs() == 0
                    on:click=move |_| act(|l| { l.downgrade(); String::new() })>"Downgrade (Weak)"</button>
                <button type="button" data-testid="arc-upgrade" disabled=move || weaks() == 0
                    on:click=move |_| act(|l| match l.upgrade() {
                        Some(true) => "Weak::upgrade gave a new Arc.".into(),
                        Some(false) => "Weak::upgrade returned None: strong is 0, the text is gone.".into(),
                        None => String::new(),
                    })>"Upgrade a Weak"</button>
                <button type="button" data-testid="arc-drop-weak" disabled=move || weaks() == 0
                    on:click=move |_| act(|l| { l.drop_weak(); String::new() })>"Drop a Weak"</button>
            </div>
            <div class="controls" role="group" aria-label="Start again">
                <label for="arc-text">"Text (at most " {MAX_TEXT_CHARS} " characters; the box stops there): "</label>
                <input id="arc-text" type="text" maxlength=MAX_TEXT_CHARS data-testid="arc-text" prop:value=text
                    on:input=move |ev| set_text.set(event_target_value(&ev))/>
                <button type="button" data-testid="arc-reset" on:click=move |_| restart()>"Start again"</button>
            </div>
            <p class="muted" aria-live="polite" data-testid="arc-status">
                {move || {
                    let (view, arcs, weaks) = read();
                    let memory = match view {
                        LabView::Alive(b) => format!("In memory: strong = {}, weak = {}.", b.strong_in_memory, b.weak_in_memory),
                        LabView::TextDropped(d) => format!("In memory: strong = {}, weak = {}; the text is dropped.", d.strong_in_memory, d.weak_in_memory),
                        LabView::Freed => "The block is freed.".to_owned(),
                    };
                    let held = |n: usize, one: &str| crate::model::explorer::format::count(n as u64, one, &format!("{one}s"));
                    format!("You hold {} and {}. {memory} {}", held(arcs, "Arc"), held(weaks, "Weak"), note.get())
                }}
            </p>
            {legend(&[("counter", "strong / weak counter"), ("text", "text (UTF-8)"), ("ptr", "handle: block address"), ("len", "handle: text length")])}
            {move || match read() {
                (LabView::Alive(b), arcs, _) => alive_view(b, arcs),
                (LabView::TextDropped(d), _, weaks) => dropped_view(d, weaks),
                (LabView::Freed, _, _) => freed_view(),
            }}
        </section>
    }
}
