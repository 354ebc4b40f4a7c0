//! The chooser's table: one row per candidate type. Inline counts, bytes and `Option` sizes are on
//! the chosen results file's target (`footprint_on`: counted live in this page's wasm for a browser
//! run's file, from `wasm_core::choose::memory`'s layouts for a native one); creation cost is timed
//! here; clone costs come from that file at one thread count, the reader's choice (`costs.rs`),
//! named once above the table.

use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::hint::black_box;
use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::memory::{footprint, Allocator, Footprint, Target};
use wasm_core::choose::{Candidate, CostRow};
use wasm_core::heap::{dlmalloc_block, MAX_RECORDED};

use super::costs::CloneCost;
use super::samples::Sample;
use crate::browser::timing::{performance, yield_to_browser};
use crate::components::bench::native::NativeFile;
use crate::model::choose::inputs::Workload;
use crate::model::explorer::format::{core_time_text, human_bytes};

/// The target this page runs on: wasm32, dlmalloc behind the site's counting wrapper.
pub fn page_target() -> Target {
    Target::here(Allocator::Dlmalloc)
}

/// What `candidate` costs in memory for `strings` on `target`, the chosen file's: counted live in
/// this page's memory when that is the page's own target (a browser run's file), else from the
/// memory model for the file's target (`wasm_core::choose::memory`, whose requests its tests check
/// against real allocations on x86_64 and on wasm32).
pub fn footprint_on(candidate: Candidate, strings: &[&str], target: &Target) -> Footprint {
    if cfg!(target_arch = "wasm32") && *target == page_target() {
        measure(candidate, strings)
    } else {
        footprint(candidate, strings, target)
    }
}

/// Builds every string as `candidate` in this page and counts what it costs in memory.
fn measure(candidate: Candidate, strings: &[&str]) -> Footprint {
    if candidate.is_interned() {
        return footprint(candidate, strings, &page_target());
    }
    let (mut inline, mut bytes, mut blocks) = (0, 0usize, 0usize);
    for s in strings {
        // One value per string: its heap requests are counted as it is built, then it is asked
        // where its text is.
        let (value, sizes, count) = crate::browser::HEAP.measure(|| candidate.build(s));
        inline += usize::from(value.is_inline());
        drop(value);
        // More blocks than the meter keeps are counted at the size of the last one kept.
        let extra = count.saturating_sub(MAX_RECORDED) * sizes.last().copied().map_or(0, dlmalloc_block);
        bytes += candidate.size() + sizes.iter().map(|&s| dlmalloc_block(s)).sum::<usize>() + extra;
        blocks += count;
    }
    let n = strings.len().max(1) as f64;
    Footprint {
        candidate,
        inline,
        count: strings.len(),
        handle_bytes: candidate.size(),
        bytes_per_string: bytes as f64 / n,
        blocks_per_string: blocks as f64 / n,
    }
}

/// Repeats of each creation timing: enough for a median and a spread.
const CREATE_REPEATS: u32 = 5;

/// Creating one value (and dropping it), ns: the median over [`CREATE_REPEATS`] repeats of `/bench`'s
/// timing loop (calibrated batches, every type's repeats interleaved) and how far the repeats
/// spread either side (half their range).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Creation {
    pub median_ns: f64,
    pub spread_ns: f64,
}

impl Creation {
    /// The median to the digits its spread supports, and the spread as a share of it.
    fn text(&self) -> String {
        let digits = crate::model::explorer::format::digits_for_spread(self.median_ns, self.spread_ns);
        let share = if self.median_ns > 0.0 { 100.0 * self.spread_ns / self.median_ns } else { 0.0 };
        format!("{} ns ±{share:.0} %", crate::model::explorer::format::rounded(self.median_ns, digits))
    }
}

/// Times creating each of `strings` as every candidate, with `/bench`'s loop; `None` when a newer
/// text cancelled it (`is_stale`).
async fn time_creation(strings: &[String], is_stale: &dyn Fn() -> bool) -> Option<Vec<Creation>> {
    use crate::browser::timing::{measure, timer_step_ms, Job, Plan, Timing};
    let strings: Vec<&str> = if strings.is_empty() { vec![""] } else { strings.iter().map(String::as_str).collect() };
    let mut jobs: Vec<Job<'_>> = Candidate::ALL
        .iter()
        .map(|&c| {
            let strings = strings.clone();
            let mut next = 0usize;
            Job {
                name: c.name().to_owned(),
                // One operation: build the next string as `c`, then drop it.
                run: Box::new(move |n| {
                    for _ in 0..n {
                        drop(black_box(c.build(black_box(strings[next]))));
                        next = (next + 1) % strings.len();
                    }
                }),
                max_warmup_ops: u64::MAX,
            }
        })
        .collect();
    let timing = Timing::for_step(timer_step_ms(&performance()));
    // Every string at least once a repeat, so the median is over the reader's whole mix.
    let plan = |_: usize, cal: &crate::browser::timing::Calibration| Plan::at_least(strings.len() as u64, &timing, cal);
    let timed = measure(&mut jobs, timing, CREATE_REPEATS, &plan, is_stale, &|_, _| {}).await.ok()?;
    Some(
        timed
            .iter()
            .map(|t| {
                let per_op: Vec<f64> = t.times_ns.iter().map(|ns| ns / t.ops_per_repeat as f64).collect();
                let s =
                    wasm_core::stats::summarize(&per_op).unwrap_or(wasm_core::stats::Summary { median: 0.0, min: 0.0, max: 0.0, mad: 0.0 });
                Creation { median_ns: s.median, spread_ns: (s.max - s.min) / 2.0 }
            })
            .collect(),
    )
}

/// A clone's (`field` "clone") or a read's ("read") cost, with the cases it came from as its title.
fn cost_cell(field: &'static str, cost: Option<CloneCost>, missing: &'static str) -> impl IntoView {
    match cost {
        None => view! { <td class="num muted" data-field=field>{missing}</td> }.into_any(),
        Some(c) => {
            let title = format!(
                "from the cases {}",
                c.from.iter().map(|(what, n)| format!("{what} ({n} string(s))")).collect::<Vec<_>>().join(", ")
            );
            let ns = format!("{} ns", crate::model::explorer::format::sig4(c.ns));
            if c.spread > super::costs::UNRELIABLE_SPREAD {
                // Repeats this far apart make the median one draw among several: marked, not printed.
                let title = format!("{title}; median {ns}, but the repeats spread ±{:.0} % of it", c.spread * 100.0);
                view! { <td class="num nowrap" data-field=field data-unreliable="" title=title>{format!("noisy (±{:.0} %)", c.spread * 100.0)}</td> }
                    .into_any()
            } else {
                view! { <td class="num nowrap" data-field=field title=title>{ns}</td> }.into_any()
            }
        }
    }
}

/// Times creating every candidate from `sample`'s strings into `set_creation`, again whenever the
/// strings change: /bench's loop, in slices that yield to the browser; a newer text cancels an
/// older run (the times are empty while one runs).
pub fn time_creation_of(sample: Memo<Sample>, set_creation: WriteSignal<Vec<Creation>>) {
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        let strings: Vec<String> = sample.with(|s| s.strings.clone());
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        set_creation.set(Vec::new());
        spawn_local(async move {
            yield_to_browser().await;
            let stale = move || generation.try_get_value() != Some(mine);
            if let Some(times) = time_creation(&strings, &stale).await.filter(|_| !stale()) {
                set_creation.set(times);
            }
        });
    });
}

/// The table's header: each column named by its target (memory and costs on the chosen file's,
/// creation in this page) and the cost model's workload.
#[component]
fn ChooseTableHead(
    target: Memo<Target>,
    workload: ReadSignal<Workload>,
    rows: Memo<Vec<CostRow>>,
    file_arch: Signal<String>,
) -> impl IntoView {
    let file_arch = move || file_arch.get();
    view! {
            <thead><tr>
                // What the pick is weighed on first, so a phone shows it without scrolling.
                // Each column named by its target: memory and costs on the chosen file's, creation in this page.
                <th scope="col">"Type"</th><th scope="col" class="num">{move || format!("Bytes / string ({})", target.with(|t| t.arch.clone()))}</th>
                <th scope="col" class="num">{move || format!("Clone + drop, ns ({})", file_arch())}</th>
                <th scope="col" class="num">{move || format!("Read, ns ({})", file_arch())}</th>
                <th scope="col" class="num">{move || format!("Inline ({})", target.with(|t| t.arch.clone()))}</th><th scope="col" class="num">"Create (this browser)"</th>
                <th scope="col" class="num">{move || format!("Option<T> ({})", target.with(|t| t.arch.clone()))}</th>
                <th scope="col" class="num">{move || format!("Memory, {} each", crate::model::explorer::format::count(workload.get().copies, "copy", "copies"))}</th>
                <th scope="col" class="num">{move || {
                    let charged = rows.with(|r| r.first().map_or(0, |r| r.reads));
                    let with_reads = if charged == 0 { String::new() } else { format!(", each read {}", crate::model::explorer::format::count(charged, "time", "times")) };
                    let w = workload.get();
                    let made = if w.creates_per_sec == 0 { String::new() } else { format!(", and {} new strings/s", crate::components::bench::results_table::format_rate(w.creates_per_sec as f64)) };
                    format!("Clone CPU each second at {} clones/s{with_reads}{made} (share of one core)", crate::components::bench::results_table::format_rate(w.clones_per_sec as f64))
                }}</th>
                <th scope="col">"Fits your answers"</th>
            </tr></thead>
    }
}

/// What the table's columns are and where each figure comes from: the same words on every visit.
#[component]
fn ChooseTableNote() -> impl IntoView {
    view! {
        <p class="source-note">
            "Memory is on the chosen file's target, the one its clone costs were measured on: strings kept inline, bytes per string "
            "(the handle plus every heap block it asks for, rounded to that allocator's blocks) and " <code>"size_of::<Option<T>>()"</code> ". "
            "For a browser run's file they are counted in this page, every heap request going through the site's allocator wrapper; for a "
            "native file they are computed from each crate's layout at that file's pointer width (the site's tests build every type under a "
            "counting allocator on x86_64 and on wasm32 and require exactly those requests), and rounded to jemalloc's size classes or "
            "glibc malloc's chunks as the file's allocator was. The Create column is "
            "the time to create one, in your browser (the median of five repeats of the Benchmarks page's timing loop, every type's repeats interleaved, "
            "to the digits their spread supports, and that spread, half the range of the repeats). Clone costs (ns per clone plus drop) come from the one results file and thread count chosen "
            "above, per string from the case at its length (inline or not, on the machine that measured it), or on the straight line between the two lengths around it; "
            "files written before the clone suite measured SmolStr, CompactString and InlineStr (2026-11-25) show "
            "them as not measured. Two rows are ways of using "
            "a type: each thread clones the Arc<str> once and lends &str after that (the bytes are the Arc's block), or "
            "each string is leaked once and &'static str copied (the bytes are the block a leak keeps for ever; Cow<'static, str> "
            "borrows the same block). The interned symbols keep each distinct text once, so a repeated string costs only its handle, "
            "and their bytes share the interner's fixed start out over your strings: ustr::Ustr's are its pointer and ustr's cache, "
            "from ustr's layout (a 16-byte entry header, the text and a NUL rounded up to 8 bytes, two table slots) and a start of "
            "about 8 MB on wasm32 (12 MB on 64-bit) made the first time any Ustr is, so it pays off only for very large sets; "
            "lasso::Spur's are its 4-byte key and what a fresh Rodeo frozen into a RodeoResolver holds: its arena as lasso counts "
            "it (a first 4 KB bucket, then doubling) and a &str per text. Their create time is an intern, a hash lookup once the "
            "text is in; their clone is a copy of the handle, and for lasso a resolve of the key to its text, since a key alone is no string. "
            "The cost model multiplies these by your workload: memory holds every string as many times as you said "
            "copies are alive (a handle per copy; the heap blocks once where clones share them, once per copy where "
            "each clone copies the text), and clone CPU is the clone cost, plus the read cost times the reads you said each clone gets, "
            "times your clones per second, in milliseconds of one core's time each second; when you make new strings, their creation (the Create column, timed in this page, so in your browser, whichever machine the clones come from) "
            "is added for each one made.  A read (the Read column) is what code holding a "
            "value does to get at its text: the handle followed to the text's length and first byte, through its inline-or-heap branch "
            "for the small strings, and a resolve through the interner for lasso, timed on the same machine with every thread reading "
            "the one value (a read case touches the start of the text, so one length stands for all; the borrow strategy's threads each take a fresh "
            "clone every 64 reads, as in its clone case, and those counter writes share a cache line with the text's first bytes). A machine that timed no reads "
            "is charged the clones alone, and the page says so. The pick is the model's: of the rows that fit your answers, those "
            "whose clone is within 2× of the cheapest (or a tenth of a millisecond of one core each second of it) count as "
            "equally cheap, and of those the one with the least memory wins."
        </p>
    }
}

#[component]
pub fn ChooseTable(
    /// What each candidate costs in memory for the strings on the chosen file's target
    /// (`footprint_on`), computed once for the page.
    footprints: Memo<Vec<Footprint>>,
    /// That target.
    target: Memo<Target>,
    /// Each candidate's clone cost from `source`, in `Candidate::ALL` order (as `measured`).
    clone_costs: Memo<Vec<Option<CloneCost>>>,
    /// Each candidate's cost of one read of its text from `source`, in the same order.
    read_costs: Memo<Vec<Option<CloneCost>>>,
    /// Creating each candidate, timed in this page (`time_creation_of`), in the same order.
    creation: ReadSignal<Vec<Creation>>,
    /// The results file the clone costs come from, and the thread count.
    #[prop(into)]
    source: Signal<Option<(NativeFile, u32)>>,
    /// The reader's answers: a row they rule out says why.
    constraints: Memo<Constraints>,
    /// How much work the strings do, and each row's figures under it (the cost model).
    workload: ReadSignal<Workload>,
    rows: Memo<Vec<CostRow>>,
) -> impl IntoView {
    // The chosen file's target, which its clone and read costs were measured on.
    let file_arch =
        move || source.with(|s| s.as_ref().map_or_else(|| "the chosen file".to_owned(), |(f, _)| f.results.machine.arch.clone()));
    let table_rows = move || {
        let source = source.get();
        let (count, w) = (footprints.with(|m| m.first().map_or(0, |m| m.count)) as f64, workload.get());
        let word = target.with(|t| t.word_bytes);
        let model = rows.get();
        // Rows, costs, model and creation times are all in `Candidate::ALL` order.
        let reads = read_costs.get();
        footprints.get().into_iter().zip(clone_costs.get()).zip(model).enumerate().map(|(index, ((m, cost), modelled))| {
            let c = m.candidate;
            let missing = match &source {
                Some((_, t)) if *t > 1 && c == Candidate::RcStr => "one thread only",
                _ => "not measured",
            };
            let read = reads.get(index).cloned().flatten();
            let read_ns = read.as_ref().map(|k| k.ns.to_string());
            let machine = source.as_ref().filter(|_| cost.is_some()).map(|(f, _)| f.results.label.clone());
            let clone_ns = cost.as_ref().map(|k| k.ns.to_string());
            // The cost model: every string held `copies` times, and the reader's clones per second.
            let memory = modelled.bytes * count;
            let share = modelled.use_ns().map(|ns| wasm_core::choose::model::core_share(ns, w.clones_per_sec));
            let cpu_ms = share.map(|s| s * 1e3);
            let cpu_cell = share.map_or_else(|| "–".to_owned(), |s| core_time_text(s, ""));
            let ruled_out = constraints.with(|k| k.ruled_out(c));
            let fits = ruled_out.map_or_else(|| view! { <td data-field="fits">"yes"</td> }.into_any(), |why| view! { <td class="muted" data-field="fits">{why}</td> }.into_any());
            let create = move || creation.with(|v| v.get(index).map_or_else(|| "timing…".to_owned(), Creation::text));
            view! {
                <tr data-type=c.name() data-bytes=format!("{:.1}", m.bytes_per_string) data-clone-ns=clone_ns data-read-ns=read_ns data-create-ns=modelled.create_ns.map(|ns| ns.to_string())
                    data-use-ns=modelled.use_ns().map(|ns| ns.to_string()) data-machine=machine
                    data-memory-bytes=format!("{memory:.0}") data-cpu-ms=cpu_ms.map(|ms| ms.to_string())
                    data-ruled-out=ruled_out class:ruled-out=ruled_out.is_some()>
                    <th scope="row"><a href=crate::routes::site_url(c.docs_url())><code>{c.name()}</code></a></th>
                    <td class="num" data-field="bytes" title=format!("{} byte handle + {:.1} heap block(s) per string", m.handle_bytes, m.blocks_per_string)>
                        {format!("{:.1}", m.bytes_per_string)}
                    </td>
                    {cost_cell("clone", cost, missing)}
                    {cost_cell("read", read, missing)}
                    <td class="num nowrap" data-field="inline">{format!("{} of {}", m.inline, m.count)}</td>
                    <td class="num" data-field="create">{create}</td>
                    <td class="num" data-field="option">{c.option_size_on(word)}</td>
                    <td class="num nowrap" data-field="memory">{human_bytes(memory)}</td>
                    <td class="num nowrap" data-field="cpu">{cpu_cell}</td>
                    {fits}
                </tr>
            }
        }).collect_view()
    };

    view! {
        <ChooseTableNote/>
        <p class="note" data-testid="choose-targets">{move || target.with(|t| {
            if source.with(Option::is_none) {
                return format!("Until the chosen file has arrived, bytes, inline counts and Option sizes are this page's, on {}.", t.name());
            }
            let how = if cfg!(target_arch = "wasm32") && *t == page_target() { "counted in this page" } else { "computed from each type's layout" };
            format!(
                "Bytes, inline counts and Option sizes are on {}, {how} and {}; clone and read costs are the chosen file's, on {}. \
                 Creation is timed in this page, in your browser.",
                t.name(),
                t.allocator.rounding(),
                file_arch()
            )
        })}</p>
        <ScrollRegion label="Every candidate on your strings">
        <table class="data compact tall" data-testid="choose-table">
            <caption>"Every candidate on your strings"</caption>
            <ChooseTableHead target workload rows file_arch=Signal::derive(file_arch)/>
            <tbody>{table_rows}</tbody>
        </table>
        </ScrollRegion>
    }
}
