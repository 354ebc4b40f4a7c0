//! Chapter 3: a real `Arc<str>`, buttons that clone, drop, downgrade and drop weak references, and
//! the heap block's bytes re-read after every press.

use super::{byte_row, hex_string, legend, WORD};
use leptos::prelude::*;
use wasm_core::inspect::arc::ArcLab;
use wasm_core::inspect::format_addr;

const TEXT: &str = "shared text";

fn agrees(ok: bool) -> &'static str {
    if ok { "✓" } else { "✗" }
}

#[component]
pub fn ArcInspector() -> impl IntoView {
    let lab = StoredValue::new(ArcLab::new(TEXT));
    // Bumped after every operation so the views re-read the memory.
    let (version, set_version) = signal(0u32);
    let act = move |f: fn(&mut ArcLab)| {
        lab.update_value(f);
        set_version.update(|v| *v += 1);
    };
    let block = move || {
        version.track();
        lab.with_value(ArcLab::read)
    };
    let clones = move || {
        version.track();
        lab.with_value(ArcLab::clones)
    };
    let weaks = move || {
        version.track();
        lab.with_value(ArcLab::weaks)
    };

    view! {
        <section class="widget" aria-labelledby="arc-title">
            <h3 id="arc-title">"Live: an " <code>"Arc<str>"</code> " and its heap block"</h3>
            <p class="source-note">
                "The widget holds " <code>{format!("Arc::<str>::from({TEXT:?})")}</code>
                " plus the clones and " <code>"Weak"</code> "s you make. After each press it reads the block's bytes: "
                "it takes the text address from " <code>"Arc::as_ptr"</code> " and steps back over the two "
                {WORD} "-byte counters. That offset relies on std's private " <code>"ArcInner"</code>
                " being " <code>"repr(C)"</code> ", true today but not a promise. The counters are then compared with "
                <code>"Arc::strong_count"</code> " and " <code>"Arc::weak_count"</code> "."
            </p>
            <div class="controls" role="group" aria-label="Arc operations">
                <button type="button" data-testid="arc-clone" on:click=move |_| act(ArcLab::clone_arc)>"Clone"</button>
                <button type="button" data-testid="arc-drop-clone" disabled=move || clones() == 0
                    on:click=move |_| act(|l| { l.drop_clone(); })>"Drop a clone"</button>
                <button type="button" data-testid="arc-downgrade" on:click=move |_| act(ArcLab::downgrade)>"Downgrade (Weak)"</button>
                <button type="button" data-testid="arc-drop-weak" disabled=move || weaks() == 0
                    on:click=move |_| act(|l| { l.drop_weak(); })>"Drop weak"</button>
            </div>
            <p class="muted" aria-live="polite" data-testid="arc-status">
                {move || format!(
                    "You hold the original Arc, {} clone(s) and {} Weak(s). In memory: strong = {}, weak = {}.",
                    clones(), weaks(), block().strong_in_memory, block().weak_in_memory
                )}
            </p>
            {legend(&[("counter", "strong / weak counter"), ("text", "text (UTF-8)"), ("ptr", "handle: block address"), ("len", "handle: text length")])}
            {move || {
                let b = block();
                let header = b.data_offset;
                view! {
                    <h4>"The heap block at " <code>{format_addr(b.block_addr)}</code></h4>
                    {byte_row(&b.block_bytes, move |i| if i < 2 * WORD { "counter" } else if i >= header { "text" } else { "" })}
                    <h4>"The " <code>"Arc<str>"</code> " handle itself"</h4>
                    {byte_row(&b.handle_bytes, |i| if i < WORD { "ptr" } else { "len" })}
                    <div class="table-scroll">
                    <table class="data compact" data-testid="arc-table">
                        <caption>"Counters read from memory beside what the public API reports"</caption>
                        <thead><tr>
                            <th scope="col">"Field"</th><th scope="col">"Bytes"</th><th scope="col">"In memory"</th>
                            <th scope="col">"Public API"</th><th scope="col">"Agrees"</th>
                        </tr></thead>
                        <tbody>
                            <tr>
                                <th scope="row"><code>"strong"</code></th>
                                <td class="mono nowrap">{hex_string(&b.block_bytes[..WORD])}</td>
                                <td class="num" data-testid="arc-strong-memory">{b.strong_in_memory}</td>
                                <td class="nowrap"><code>"strong_count()"</code>" = " <span data-testid="arc-strong-count">{b.strong_count}</span></td>
                                <td>{agrees(b.strong_in_memory == b.strong_count)}</td>
                            </tr>
                            <tr>
                                <th scope="row"><code>"weak"</code></th>
                                <td class="mono nowrap">{hex_string(&b.block_bytes[WORD..2 * WORD])}</td>
                                <td class="num" data-testid="arc-weak-memory">{b.weak_in_memory}</td>
                                <td class="nowrap"><code>"weak_count()"</code>" = " <span data-testid="arc-weak-count">{b.weak_count}</span></td>
                                <td>{format!("{} (memory = count + 1)", agrees(b.weak_in_memory == b.weak_count + 1))}</td>
                            </tr>
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
            }}
        </section>
    }
}
