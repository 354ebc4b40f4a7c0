//! The live part of `/choose` (an island): the reader's strings and sharing pattern in; every
//! candidate measured live beside the shipped clone results, and the chooser's recommendation, out.

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use super::{advice::Advice, costs, form::ChooseForm, samples::{Sample, PRESETS}, source::CloneSource, table::{measure, ChooseTable, Measured}};
use wasm_core::choose::{Candidate, CostRow};
use crate::components::bench::native::NativeFile;
use crate::components::bench::native;
use crate::components::results::loader::Wanted;

/// Keys of `/choose`'s address bar: the strings (one a line) and the sharing pattern.
const STRINGS_KEY: &str = "strings";
const SHARING_KEY: &str = "sharing";
/// The results file the clone costs come from, and the thread count.
const MACHINE_KEY: &str = "machine";
const THREADS_KEY: &str = "threads";
/// Longest text kept in the address bar, in bytes: past it the link keeps the sharing only (the
/// page says so), since a browser or a chat app cuts long links.
const MAX_URL_TEXT_BYTES: usize = 6000;

#[component]
pub fn ChooseApp() -> impl IntoView {
    use crate::components::results::query::{encode_pairs, join, page_query, query_value, replace_page_query};
    let query = page_query();
    let (text, set_text) = signal(query_value(&query, STRINGS_KEY).unwrap_or_else(|| PRESETS[1].text.to_owned()));
    // The common case first: most strings live on one thread.
    let (sharing, set_sharing) = signal(query_value(&query, SHARING_KEY).and_then(|s| Sharing::parse(&s)).unwrap_or(Sharing::OneThread));
    let (machine, set_machine) = signal(query_value(&query, MACHINE_KEY));
    let (threads, set_threads) = signal(query_value(&query, THREADS_KEY).and_then(|t| t.parse::<u32>().ok()));
    // The table's clone costs come from clone cases only (`costs.rs`).
    let native = LocalResource::new(|| native::load(Wanted::Suite("clone")));
    // The machines to choose from: the reader's own browser run first (when this browser kept one),
    // then every native file with clone cases.
    let files = Memo::new(move |_| {
        let own = crate::own_run::load().map(|results| NativeFile { name: crate::own_run::OWN_RUN_FILE.to_owned(), results });
        let shipped = native.get().and_then(|r| r.ok()).map(|n| n.files).unwrap_or_default();
        own.into_iter().chain(shipped).filter(|f| !costs::thread_counts(f).is_empty()).collect::<Vec<_>>()
    });
    let chosen = Memo::new(move |_| {
        files.with(|fs| {
            let own_first = fs.first().filter(|f| f.name == crate::own_run::OWN_RUN_FILE).map(|_| 0);
            let i = machine.with(|m| m.as_ref().and_then(|m| fs.iter().position(|f| &f.name == m))).or(own_first).or_else(|| costs::richest(fs))?;
            let file = fs[i].clone();
            let counts = costs::thread_counts(&file);
            // Many threads for "cloned by many"; one otherwise, unless the reader chose.
            let default = if sharing.get() == Sharing::ClonedByMany { counts.last() } else { counts.first() };
            let t = threads.get().filter(|t| counts.contains(t)).or(default.copied())?;
            Some((file, t))
        })
    });
    // The text box parsed once per edit; everything below reads this.
    let sample = Memo::new(move |_| text.with(|t| Sample::of(t)));
    let measured = Memo::new(move |_| {
        sample.with(|s| {
            let strings: Vec<&str> = s.strings.iter().map(String::as_str).collect();
            Candidate::ALL.iter().map(|&c| measure(c, &strings)).collect::<Vec<Measured>>()
        })
    });
    // Each candidate's clone cost on these strings from the chosen file, in `Candidate::ALL` order:
    // computed once for the table and the advice.
    let clone_costs = Memo::new(move |_| {
        let lengths = sample.with(Sample::lengths);
        chosen.with(|source| {
            Candidate::ALL.iter().map(|&c| source.as_ref().and_then(|(f, t)| costs::clone_cost(f, c, *t, &lengths))).collect::<Vec<_>>()
        })
    });
    // Each candidate's memory and clone cost on these strings: what the advice checks its pick by.
    let cost_rows = Memo::new(move |_| {
        measured.with(|ms| {
            clone_costs.with(|cs| {
                ms.iter().zip(cs).map(|(m, c)| CostRow { candidate: m.candidate, bytes: m.bytes_per_string, clone_ns: c.as_ref().map(|c| c.ns) }).collect::<Vec<_>>()
            })
        })
    });
    let source_label = Signal::derive(move || chosen.with(|c| c.as_ref().map(|(f, t)| (f.results.label.clone(), *t))));
    // Every input in the address bar, so a recommendation can be shared by its link.
    Effect::new(move |_| {
        let mut pairs = vec![(SHARING_KEY, sharing.get().id().to_owned())];
        if let Some((file, t)) = chosen.get() {
            pairs.push((MACHINE_KEY, file.name));
            pairs.push((THREADS_KEY, t.to_string()));
        }
        text.with(|t| {
            if t.len() <= MAX_URL_TEXT_BYTES {
                pairs.push((STRINGS_KEY, t.clone()));
            }
        });
        replace_page_query("/choose", &join(encode_pairs(&pairs)));
    });
    let too_long_for_link = move || {
        text.with(|t| t.len() > MAX_URL_TEXT_BYTES).then(|| {
            view! { <p class="note" data-testid="choose-link-note">{format!("Your strings are over {MAX_URL_TEXT_BYTES} bytes, so the page's link keeps the sharing pattern but not them.")}</p> }
        })
    };
    view! {
        <ChooseForm text set_text sharing set_sharing/>
        {too_long_for_link}
        <Advice sample sharing rows=cost_rows source=source_label/>
        <h2 id="compare">"Every candidate on your strings"</h2>
        <Show when=move || sample.with(|s| !s.strings.is_empty())
            fallback=|| view! { <p class="note" data-testid="choose-table-empty">"The table fills in once there is a string to measure."</p> }>
            <CloneSource files chosen set_machine set_threads/>
            <ChooseTable sample measured clone_costs source=chosen/>
        </Show>
    }
}
