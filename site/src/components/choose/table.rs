//! The chooser's table: one row per candidate type. Inline counts, bytes and `Option` sizes are
//! computed in this page's wasm from real values (heap requests counted by the site's allocator
//! wrapper, rounded to dlmalloc's blocks); creation cost is timed here; clone costs come from one
//! results file at one thread count, the reader's choice (`costs.rs`), named once above the table.

use leptos::prelude::*;
use crate::components::scroll_region::ScrollRegion;
use leptos::task::spawn_local;
use std::hint::black_box;
use wasm_core::choose::Candidate;
use wasm_core::heap::{dlmalloc_block, MAX_RECORDED};

use super::costs::CloneCost;
use super::samples::Sample;
use crate::components::bench::native::NativeFile;
use crate::components::bench::timing::{performance, yield_to_browser};

/// What one candidate does with the reader's strings, measured now.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub candidate: Candidate,
    pub inline: usize,
    pub count: usize,
    /// Handle plus heap blocks, averaged over the strings.
    pub bytes_per_string: f64,
    /// Heap blocks per string, averaged.
    pub blocks_per_string: f64,
}

/// Builds every string as `candidate` and counts what it costs in memory.
pub fn measure(candidate: Candidate, strings: &[&str]) -> Measured {
    let (mut inline, mut bytes, mut blocks) = (0, 0usize, 0usize);
    for s in strings {
        // One value per string: its heap requests are counted as it is built, then it is asked
        // where its text is.
        let (value, sizes, count) = crate::HEAP.measure(|| candidate.build(s));
        inline += usize::from(value.is_inline());
        drop(value);
        // More blocks than the meter keeps are counted at the size of the last one kept.
        let extra = count.saturating_sub(MAX_RECORDED) * sizes.last().copied().map_or(0, dlmalloc_block);
        bytes += candidate.size() + sizes.iter().map(|&s| dlmalloc_block(s)).sum::<usize>() + extra;
        blocks += count;
    }
    let n = strings.len().max(1) as f64;
    Measured { candidate, inline, count: strings.len(), bytes_per_string: bytes as f64 / n, blocks_per_string: blocks as f64 / n }
}

/// Nanoseconds to build one of `strings` as `candidate` (and drop it), timed over at least 4 ms.
fn creation_ns(candidate: Candidate, strings: &[String]) -> f64 {
    let perf = performance();
    let (start, mut built) = (perf.now(), 0u64);
    loop {
        for s in strings {
            drop(black_box(candidate.build(black_box(s))));
        }
        built += strings.len().max(1) as u64;
        let elapsed = perf.now() - start;
        if elapsed >= 4.0 || built > 50_000_000 {
            return elapsed * 1e6 / built as f64;
        }
    }
}

fn cost_cell(cost: Option<CloneCost>, missing: &'static str) -> impl IntoView {
    match cost {
        None => view! { <td class="num muted" data-field="clone">{missing}</td> }.into_any(),
        Some(c) => {
            let title = format!("from the cases {}", c.from.iter().map(|(what, n)| format!("{what} ({n} string(s))")).collect::<Vec<_>>().join(", "));
            view! { <td class="num nowrap" data-field="clone" title=title>{format!("{} ns", crate::explorer::format::sig4(c.ns))}</td> }.into_any()
        }
    }
}

#[component]
pub fn ChooseTable(
    /// The reader's strings, parsed.
    sample: Memo<Sample>,
    /// What each candidate does with the strings (`measure`), computed once for the page.
    measured: Memo<Vec<Measured>>,
    /// Each candidate's clone cost from `source`, in `Candidate::ALL` order (as `measured`).
    clone_costs: Memo<Vec<Option<CloneCost>>>,
    /// The results file the clone costs come from, and the thread count.
    #[prop(into)]
    source: Signal<Option<(NativeFile, u32)>>,
) -> impl IntoView {
    // Creation is timed a type at a time, yielding between types; a newer text cancels an older run.
    let (creation, set_creation) = signal(Vec::<(Candidate, f64)>::new());
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let strings: Vec<String> = sample.with(|s| s.strings.clone());
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        set_creation.set(Vec::new());
        spawn_local(async move {
            for c in Candidate::ALL {
                yield_to_browser().await;
                if generation.try_get_value() != Some(mine) {
                    return;
                }
                let ns = creation_ns(c, &strings);
                set_creation.update(|v| v.push((c, ns)));
            }
        });
    });
    let rows = move || {
        let source = source.get();
        measured.get().into_iter().zip(clone_costs.get()).map(|(m, cost)| {
            let c = m.candidate;
            let missing = match &source {
                Some((_, t)) if *t > 1 && c == Candidate::RcStr => "one thread only",
                _ => "not measured",
            };
            let machine = source.as_ref().filter(|_| cost.is_some()).map(|(f, _)| f.results.label.clone());
            let clone_ns = cost.as_ref().map(|k| k.ns.to_string());
            let create = move || creation.with(|v| v.iter().find(|(k, _)| *k == c).map_or_else(|| "timing…".to_owned(), |(_, ns)| format!("{} ns", crate::explorer::format::sig4(*ns))));
            view! {
                <tr data-type=c.name() data-bytes=format!("{:.1}", m.bytes_per_string) data-clone-ns=clone_ns data-machine=machine>
                    <th scope="row"><a href=c.docs_url()><code>{c.name()}</code></a></th>
                    <td class="num" data-field="bytes" title=format!("{} byte handle + {:.1} heap block(s) per string", c.size(), m.blocks_per_string)>
                        {format!("{:.1}", m.bytes_per_string)}
                    </td>
                    {cost_cell(cost, missing)}
                    <td class="num nowrap" data-field="inline">{format!("{} of {}", m.inline, m.count)}</td>
                    <td class="num" data-field="create">{create}</td>
                    <td class="num" data-field="option">{c.option_size()}</td>
                </tr>
            }
        }).collect_view()
    };

    view! {
        <p class="source-note">
            "Measured in this page (wasm32): strings kept inline, bytes per string (the handle plus every heap "
            "block it asked for, rounded to dlmalloc's blocks, the browser's allocator; on 64-bit targets words "
            "double and jemalloc's size classes apply), " <code>"size_of::<Option<T>>()"</code> " and the time to "
            "create one. Clone costs (ns per clone plus drop) come from the one results file and thread count chosen "
            "above, per string from the case nearest its length (inline or not, on the machine that measured it); "
            "the clone suite does not measure SmolStr, CompactString or InlineStr."
        </p>
        <ScrollRegion label="Every candidate on your strings">
        <table class="data compact" data-testid="choose-table">
            <caption>"Every candidate on your strings"</caption>
            <thead><tr>
                // What the pick is weighed on first, so a phone shows it without scrolling.
                <th scope="col">"Type"</th><th scope="col" class="num">"Bytes / string"</th><th scope="col" class="num">"Clone + drop"</th>
                <th scope="col" class="num">"Inline"</th><th scope="col" class="num">"Create"</th><th scope="col" class="num">"Option<T>"</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        </ScrollRegion>
    }
}
