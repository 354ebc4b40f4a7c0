//! `<!-- widget: recorded-results suite=NAME -->`: every results file the site ships
//! (`/results/*.json`, each checked by wasm-core's validator) that has cases of one suite, drawn
//! as bars (one series per file) and listed in tables, so no chapter copies a number by hand.
//! Cases are grouped by their conditions (threads and parameters); a select picks one group.
//! The build draws the first group as the box's first frame ([`RecordedFirstFrame`]: the same
//! tables, and the chart as SVG), so the numbers read without JavaScript; the live widget replaces
//! it once its own files have arrived.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_core::results::CaseResult;
use wasm_core::results::Suite;

use crate::charts::ChartSpec;
use crate::components::bench::native::{self, NativeFile, NativeResults, SkippedFiles};
use crate::components::bench::results_table::ResultsTable;
use crate::components::chart::{Chart, StaticChart};
use crate::components::results::loader::{ShippedReader, Wanted};
use crate::model::explorer::suites::{cases_under, condition_bars, conditions, pick_condition, unit_for, Condition, FileSource, Source};
/// A file's name in legends and captions: its label, plus the file name when labels repeat.
fn file_title(file: &NativeFile, all: &[&NativeFile]) -> String {
    let same = all.iter().filter(|f| f.results.label == file.results.label).count();
    if same > 1 {
        format!("{} ({})", file.results.label, file.name)
    } else {
        file.results.label.clone()
    }
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
    if r.is_known_reference() {
        // The imported data has no measurement time: its date is a placeholder for the year the
        // article was published, and each case is one published run rounded to whole milliseconds.
        parts.push("published by the article (dated to its year, not to a measurement; one run per case, whole milliseconds, so its spread is unknown)".into());
    } else {
        parts.push(format!("written {}", r.created_at));
    }
    parts.join(", ")
}

/// How a recorded-results view draws its chart: live (d3 in the page) or at build time (SVG).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Live,
    AtBuild,
}

/// The suite a widget names (`Widget::RecordedResults`: one of `RECORDED_SUITES`, which the build
/// checks are suites).
fn suite_of(name: &str) -> Suite {
    Suite::parse(name).unwrap_or_default()
}

/// The chart and per-file tables of `files`' `suite` cases under condition `key` (`label`).
fn recorded_view(suite: &'static str, files: &[NativeFile], key: &str, label: &str, drawn: Drawn) -> impl IntoView {
    let refs: Vec<&NativeFile> = files.iter().collect();
    // A file that did not run this condition is named, not silently left out of the chart.
    type FileCases<'a> = Vec<(String, &'a NativeFile, Vec<CaseResult>)>;
    let (per_file, absent): (FileCases, FileCases) = files
        .iter()
        .map(|f| (file_title(f, &refs), f, cases_under(&f.results.cases, suite_of(suite), key)))
        .partition(|(_, _, cases)| !cases.is_empty());
    let absent: Vec<String> = absent.into_iter().map(|(title, ..)| title).collect();
    let coverage = (!absent.is_empty()).then(|| {
        format!(
            "{label}: measured by {} of the {}; not run by {}.",
            per_file.len(),
            crate::model::explorer::format::count(files.len() as u64, "file", "files"),
            absent.join(", ")
        )
    });
    let unit = unit_for(suite_of(suite), &per_file.iter().flat_map(|(_, _, c)| c.iter()).collect::<Vec<_>>());
    let sources = Source::of_files(
        per_file
            .iter()
            .map(|(title, f, cases)| FileSource {
                machine_key: wasm_core::machine_key::machine_key(&f.results),
                marker: f.marker,
                name: title.clone(),
                about: machine_line(f),
                cases: cases.clone(),
            })
            .collect(),
    );
    let spec: Option<ChartSpec> = condition_bars(format!("Recorded {suite} results: {label}"), suite_of(suite), &sources);
    // The build's copy has its own test ids: the live widget's are only ever the live ones.
    let (chart_id, table_id) = match drawn {
        Drawn::Live => (format!("recorded-{suite}-chart"), format!("recorded-{suite}-table")),
        Drawn::AtBuild => (format!("recorded-{suite}-static-chart"), format!("recorded-{suite}-static-table")),
    };
    let file_count = per_file.len() as u64;
    let tables = per_file
        .into_iter()
        .map(|(title, f, cases)| {
            view! {
                <div class="recorded-file" data-file=f.name.clone()>
                    <p class="field-note"><strong>{title.clone()}</strong> ": " {machine_line(f)}</p>
                    <ResultsTable cases=cases unit test_id=table_id.clone() row_label="Variant"
                        caption=format!("{title}: {label}, {}", unit.name)/>
                </div>
            }
        })
        .collect_view();
    view! {
        {coverage.map(|text| view! { <p class="field-note" data-testid="recorded-coverage">{text}</p> })}
        <p class="field-note">{format!("Bars: median {}; whiskers: the fastest and slowest repeat (with several threads, of any thread). {}", unit.name, crate::charts::CLIPPED_WHISKERS)}</p>
        {spec.map(|spec| match drawn {
            Drawn::Live => view! { <Chart spec=spec test_id=chart_id/> }.into_any(),
            Drawn::AtBuild => view! { <StaticChart spec=spec test_id=chart_id/> }.into_any(),
        })}
        // Every file's rows, folded: the chart above carries the comparison, and on a phone the
        // tables of a dozen files would push the chapter's text ten screens down.
        <details class="recorded-tables" data-testid="recorded-tables">
            <summary>{format!("Each file's figures as a table ({})", crate::model::explorer::format::count(file_count, "file", "files"))}</summary>
            {tables}
        </details>
    }
}

/// The files of `all` with `suite` cases, measured natively (a browser run is its own kind, as
/// `native::load` leaves it out).
fn with_suite(all: impl IntoIterator<Item = NativeFile>, suite: &str) -> Vec<NativeFile> {
    all.into_iter().filter(|f| f.results.cases.iter().any(|c| c.is(suite_of(suite)))).collect()
}

fn status_line(suite: &str, n: usize) -> String {
    match n {
        0 => format!("No results file on this site has {suite} cases yet."),
        n => format!(
            "{} with {suite} cases, read from /results/ and checked by the same validator as the runner's.",
            crate::model::explorer::format::count(n as u64, "results file", "results files")
        ),
    }
}

/// The widget's first frame, drawn by the build from the results it validated (the pre-renderer's
/// `StaticResults`): the default conditions' tables and chart. Elsewhere (no such context) the
/// box's usual note.
#[component]
pub fn RecordedFirstFrame(suite: &'static str) -> impl IntoView {
    let Some(data) = use_context::<crate::static_data::StaticResults>() else {
        return view! { <p class="live-note">{crate::live::Island::Widget(crate::content::Widget::RecordedResults(suite)).what()}</p> }
            .into_any();
    };
    let files = with_suite(data.machines.iter().filter(|m| !m.is_browser_run()).map(|m| NativeFile::of(m.clone())), suite);
    let all_conditions: Vec<Condition> = conditions(suite_of(suite), files.iter().flat_map(|f| f.results.cases.iter()));
    let current = pick_condition(&all_conditions, None).map(|c| (c.key.clone(), c.label.clone()));
    let others = all_conditions.len().saturating_sub(1);
    view! {
        <div data-first-frame="">
            <section class="widget recorded-results" data-testid=format!("recorded-{suite}-first-frame") aria-label=format!("Recorded {suite} results")>
                <h3>"Recorded results"</h3>
                <p class="field-note">{status_line(suite, files.len())}
                    {(others > 0).then(|| format!(" Shown: {}; with JavaScript, the {} too.", current.as_ref().map_or("", |c| c.1.as_str()), crate::model::explorer::format::count(others as u64, "other condition", "other conditions")))}
                </p>
                {current.map(|(key, label)| recorded_view(suite, &files, &key, &label, Drawn::AtBuild))}
            </section>
        </div>
    }
    .into_any()
}

#[component]
pub fn RecordedResults(suite: &'static str) -> impl IntoView {
    let (loaded, set_loaded) = signal(None::<Result<NativeResults, String>>);
    let read = ShippedReader::of_island();
    spawn_local(async move {
        let _ = set_loaded.try_set(Some(native::load(Wanted::Suite(suite_of(suite)), read).await));
    });
    // The build's first frame stays until this widget has its own files (and stays if they fail
    // to load: its numbers are still the shipped ones); until then this widget is hidden behind it.
    let box_selector = format!("[data-live=recorded-results][data-suite={suite}]");
    let behind_first_frame = crate::browser::first_frame(&box_selector).is_some();
    Effect::new(move |_| {
        if loaded.with(|l| matches!(l, Some(Ok(_)))) {
            crate::browser::remove_first_frame(&box_selector);
        }
    });
    let (chosen, set_chosen) = signal(None::<String>);
    let test_id = format!("recorded-{suite}");
    let select_id = format!("recorded-{suite}-condition");

    // The files with this suite, and the conditions in the order the files list them.
    let files = Memo::new(move |_| {
        loaded.with(|l| match l {
            Some(Ok(n)) => with_suite(n.files.iter().cloned(), suite),
            _ => Vec::<NativeFile>::new(),
        })
    });
    let conditions = Memo::new(move |_| files.with(|fs| conditions(suite_of(suite), fs.iter().flat_map(|f| f.results.cases.iter()))))
        as Memo<Vec<Condition>>;
    // Until the reader picks, the first group in file order (SSO's empty tag list skipped).
    let current = move || conditions.with(|cs| pick_condition(cs, chosen.get().as_deref()).map(|c| c.key.clone()));

    let body = move || {
        let key = current()?;
        let label = conditions.with(|cs| cs.iter().find(|c| c.key == key).map(|c| c.label.clone()).unwrap_or_default());
        Some(files.with(|fs| recorded_view(suite, fs, &key, &label, Drawn::Live)))
    };

    view! {
        <section class="widget recorded-results" data-testid=test_id aria-label=format!("Recorded {suite} results")
            hidden=move || behind_first_frame && loaded.with(Option::is_none)>
            <h3>"Recorded results"</h3>
            <p class="field-note" data-testid=format!("recorded-{suite}-status")>{move || match loaded.get() {
                None => "Loading the results files…".to_string(),
                Some(Err(e)) => format!("The results files could not be loaded ({e})."),
                Some(Ok(_)) => status_line(suite, files.with(Vec::len)),
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
