//! `<!-- widget: recorded-results suite=NAME -->`: every results file the site ships
//! (`/results/*.json`, each checked by wasm-core's validator) that has cases of one suite, drawn
//! as bars (one series per file) and listed in tables, so no chapter copies a number by hand.
//! Cases are grouped by their conditions (threads and parameters); a select picks one group.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_core::results::CaseResult;

use crate::charts::Scale;
use crate::components::bench::native::{self, NativeFile, NativeResults, SkippedFiles};
use crate::components::results::loader::Wanted;
use crate::components::bench::results_table::ResultsTable;
use crate::components::chart::Chart;
use crate::explorer::suites::{cases_under, condition_bars, conditions, pick_condition, unit_for, Condition};

/// A file's name in legends and captions: its label, plus the file name when labels repeat.
fn file_title(file: &NativeFile, all: &[&NativeFile]) -> String {
    let same = all.iter().filter(|f| f.results.label == file.results.label).count();
    if same > 1 { format!("{} ({})", file.results.label, file.name) } else { file.results.label.clone() }
}

fn machine_line(file: &NativeFile) -> String {
    let r = &file.results;
    let m = &r.machine;
    let mut parts = vec![m.cpu_model.clone().unwrap_or_else(|| m.arch.clone())];
    if let Some(c) = m.logical_cores {
        parts.push(format!("{c} logical cores"));
    }
    parts.push(format!("allocator {}", r.allocator.name));
    if let Some(v) = &r.toolchain.rustc_version {
        parts.push(v.clone());
    }
    parts.push(format!("written {}", r.created_at));
    parts.join(", ")
}

#[component]
pub fn RecordedResults(suite: &'static str) -> impl IntoView {
    let (loaded, set_loaded) = signal(None::<Result<NativeResults, String>>);
    spawn_local(async move {
        let _ = set_loaded.try_set(Some(native::load(Wanted::Suite(suite)).await));
    });
    let (chosen, set_chosen) = signal(None::<String>);
    let test_id = format!("recorded-{suite}");
    let select_id = format!("recorded-{suite}-condition");

    // The files with this suite, and the conditions in the order the files list them.
    let files = Memo::new(move |_| {
        loaded.with(|l| match l {
            Some(Ok(n)) => n.files.iter().filter(|f| f.results.cases.iter().any(|c| c.suite == suite)).cloned().collect(),
            _ => Vec::<NativeFile>::new(),
        })
    });
    let conditions =
        Memo::new(move |_| files.with(|fs| conditions(suite, fs.iter().flat_map(|f| f.results.cases.iter())))) as Memo<Vec<Condition>>;
    // Until the reader picks, the first group in file order (SSO's empty tag list skipped).
    let current = move || conditions.with(|cs| pick_condition(cs, chosen.get().as_deref()).map(|c| c.key.clone()));

    let body = move || {
        let key = current()?;
        let label = conditions.with(|cs| cs.iter().find(|c| c.key == key).map(|c| c.label.clone()).unwrap_or_default());
        let fs = files.get();
        let refs: Vec<&NativeFile> = fs.iter().collect();
        let per_file: Vec<(String, &NativeFile, Vec<CaseResult>)> = fs
            .iter()
            .map(|f| (file_title(f, &refs), f, cases_under(&f.results.cases, suite, &key)))
            .filter(|(_, _, cases)| !cases.is_empty())
            .collect();
        let unit = unit_for(suite, &per_file.iter().flat_map(|(_, _, c)| c.iter()).collect::<Vec<_>>());
        let sources: Vec<(String, String, Vec<CaseResult>)> =
            per_file.iter().map(|(title, f, cases)| (title.clone(), machine_line(f), cases.clone())).collect();
        let spec = condition_bars(format!("Recorded {suite} results: {label}"), suite, &sources, Scale::Linear);
        let tables = per_file
            .into_iter()
            .map(|(title, f, cases)| {
                view! {
                    <div class="recorded-file" data-file=f.name.clone()>
                        <p class="field-note"><strong>{title.clone()}</strong> ": " {machine_line(f)}</p>
                        <ResultsTable cases=cases unit test_id=format!("recorded-{suite}-table") row_label="Variant"
                            caption=format!("{title}: {label}, {}", unit.name)/>
                    </div>
                }
            })
            .collect_view();
        Some(view! {
            <p class="field-note">{format!("Bars: median {}; whiskers: the fastest and slowest repeat (with several threads, of any thread).", unit.name)}</p>
            {spec.map(|spec| view! { <Chart spec=spec test_id=format!("recorded-{suite}-chart")/> })}
            {tables}
        })
    };

    view! {
        <section class="widget recorded-results" data-testid=test_id aria-label=format!("Recorded {suite} results")>
            <h3>"Recorded results"</h3>
            <p class="field-note" data-testid=format!("recorded-{suite}-status")>{move || match loaded.get() {
                None => "Loading the results files…".to_string(),
                Some(Err(e)) => format!("The results files could not be loaded ({e})."),
                Some(Ok(_)) => match files.with(Vec::len) {
                    0 => format!("No results file on this site has {suite} cases yet."),
                    n => format!("{n} results file(s) with {suite} cases, read from /results/ and checked by the same validator as the runner's."),
                },
            }}</p>
            {move || (conditions.with(Vec::len) > 1).then(|| view! {
                <div class="controls">
                    <label for=select_id.clone()>"Conditions:"</label>
                    <select id=select_id.clone() prop:value=move || current().unwrap_or_default()
                        on:change=move |ev| set_chosen.set(Some(event_target_value(&ev)))>
                        {conditions.get().into_iter().map(|c| view! { <option value=c.key>{c.label}</option> }).collect_view()}
                    </select>
                </div>
            })}
            {body}
            <SkippedFiles loaded/>
        </section>
    }
}
