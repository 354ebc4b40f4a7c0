//! `/results`: every results file shipped in `content/results/`, charted. The text is static; the
//! explorer is an island (`components/results/app.rs`).

use leptos::prelude::*;

use crate::components::chart::StaticChart;
use crate::components::results::ranking::{static_rows, RankingTable, FIRST_ROWS};
use crate::components::results::table::ChartTable;
use crate::explorer::ranking::Measure;
use crate::explorer::series::contention_spec;
use crate::explorer::state::ExplorerState;
use crate::explorer::suites::Suite;
use crate::islands::{Island, Live};
use crate::static_data::StaticResults;

/// The build's first frame of the explorer: the ranking (the top [`FIRST_ROWS`] and every machine
/// that is not a synthetic benchmark file) and the default chart, from the same components and
/// specs the browser uses. Readable with JavaScript off; the wasm replaces the chart once it has the
/// summary, and the ranking once it has the headline measures too.
#[component]
fn FirstFrame(data: StaticResults) -> impl IntoView {
    let summary = data.summary.clone();
    let ranked = static_rows(&summary);
    let with_clone = ranked.len();
    let rows: Vec<_> = ranked
        .into_iter()
        .enumerate()
        .filter(|(place, r)| *place < FIRST_ROWS || !summary.machines[r.machine].file.starts_with("synthetic-"))
        .map(|(_, r)| r)
        .collect();
    let shown = rows.len();
    let available = crate::components::results::app::available(&summary, Suite::Clone);
    let state = ExplorerState::from_query(|_| None, &available);
    let chosen: Vec<&crate::explorer::Machine> = data.machines.iter().filter(|m| state.machines.contains(&m.id)).collect();
    let spec = contention_spec(&chosen, state.view, state.mode, state.scale, state.types);
    let table_spec = spec.clone();
    // What the island reads before its first chart: the summary, then the default view's files (the
    // explorer's own `to_load`). The loader asks for them beside the wasm (scripts/postbuild.mjs,
    // `withLateStart`). Not `headlines.json`: only the ranking needs it, and its bytes would delay
    // the wasm; the island asks for it when it starts.
    let dir = crate::components::results::loader::RESULTS_DIR;
    let fetches = std::iter::once(format!("{dir}/summary.json"))
        .chain(crate::components::results::explorer::to_load(&summary, &state).into_iter().map(|id| format!("{dir}/{id}.json")))
        .collect::<Vec<_>>()
        .join(" ");
    view! {
        <div data-first-frame="" data-fetches=fetches>
            <section class="ranking-section" aria-labelledby="ranking-heading">
                <h2 id="ranking-heading">"Ranking"</h2>
                <p class="note">
                    {format!("{} results files, {} with clone measurements. Sorting, filters, search and charts of any machine need JavaScript; ", summary.machines.len(), with_clone)}
                    "the machines are also in " <a href="/results/summary.json">"summary.json"</a> " and their numbers in "
                    <a href="/results/headlines.json">"headlines.json"</a> "."
                </p>
                <RankingTable summary=summary.clone() rows=rows sort=Measure::default() shown=shown picked=Signal::derive(Vec::new)/>
            </section>
            {(!spec.series.is_empty()).then(|| view! {
                <figure class="explorer-figure" data-first-frame-part="chart">
                    <StaticChart spec=spec test_id="static-chart"/>
                    <ChartTable spec=Signal::derive(move || table_spec.clone()) test_id="static-chart-table"/>
                </figure>
            })}
        </div>
    }
}

#[component]
pub fn Results() -> impl IntoView {
    view! {
        <article class="prose wide">
            <h1>"Results from real machines"</h1>
            <p class="lede">
                "Cloning an Arc<str> bumps one shared counter; cloning a String asks the allocator for new memory. "
                "On one thread it depends on the machine: the counter wins 3× on the article's Ryzen and 1.7× on one of "
                "our 2-vCPU EPYC VMs, while in two runs on our Xeon VMs and three on other EPYC VMs String clones 2.4–2.6× faster (all with "
                "jemalloc). With every extra thread cloning the same Arc<str>, the threads queue for that one "
                "cache line: on every native machine here, in drop mode (each clone dropped at once), String is the faster "
                "clone from two threads on. In forget mode (each clone leaked), String pays for fresh memory instead, and "
                "Arc<str> was the faster clone at two threads in every native jemalloc run here (the Ryzen and six runs on our VMs). "
                "In a browser it turns round: Rust's wasm32 allocator has one lock, so String queues too, and in headless "
                "Chromium on our EPYC and Xeon VMs Arc<str> was the faster clone at two threads."
            </p>
            <p>
                "The Suite menu also charts the runner's other measurements: the nine ways to own a list of small "
                "strings (SSO), arc-swap's reads, bump-arena lists, and counters that share a cache line or do not. "
                "Each machine below is one results file sent in by pull request: written by the native runner, or, where "
                "its name says browser, downloaded from the " <a href="/bench#contention">"contention run in a browser"</a> ". "
                "Pick machines and a view; the address bar keeps your choice, so you can share the chart. "
                <a href="/submit">"Submit yours"</a> "."
            </p>
            {match use_context::<StaticResults>() {
                Some(data) => view! { <Live island=Island::Results><FirstFrame data=data/></Live> }.into_any(),
                None => view! { <Live island=Island::Results/> }.into_any(),
            }}
        </article>
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    /// Arc<str> ÷ String median time per clone (drop mode, not pinned) per thread count, per file,
    /// and whether the file is a browser run; and the same ratio at 2 threads in forget mode, per
    /// native jemalloc file that has it.
    #[allow(clippy::type_complexity)]
    fn ratios() -> (HashMap<String, (bool, Vec<(u32, f64)>)>, Vec<(String, f64)>) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results");
        let mut out = HashMap::new();
        let mut forget_two = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let file: wasm_core::results::ResultsFile = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let ns = |id: &str, mode: &str, t: u32| {
                file.cases
                    .iter()
                    .find(|c| c.suite == "clone" && c.variant_id == id && c.condition_key() == format!("t{t}-{mode}") && c.placement.is_none())
                    .map(|c| c.median_ns_per_op)
            };
            let mut r = Vec::new();
            for t in 1..=1024 {
                if let (Some(a), Some(s)) = (ns("arc_str", "drop", t), ns("string", "drop", t)) {
                    r.push((t, a / s));
                }
            }
            if file.allocator.name == "jemalloc" && file.runner.name != wasm_core::browser::BROWSER_RUNNER {
                if let (Some(a), Some(s)) = (ns("arc_str", "forget", 2), ns("string", "forget", 2)) {
                    forget_two.push((path.file_stem().unwrap().to_string_lossy().into_owned(), a / s));
                }
            }
            // By file name: a machine's sso/arcswap/arena files share its label.
            let browser = file.runner.name == wasm_core::browser::BROWSER_RUNNER;
            out.insert(path.file_stem().unwrap().to_string_lossy().into_owned(), (browser, r));
        }
        (out, forget_two)
    }

    /// The lede's figures: 3× on the Ryzen and 1.7× on one EPYC VM, 2.4–2.6× the other way in every
    /// other native jemalloc run with forget cases (the pinned file has none), String
    /// faster from two threads on in every shipped native run (drop mode), and Arc<str> faster at two
    /// threads in every shipped browser run (a new file that breaks this fails here, so the sentence
    /// gets rewritten rather than silently wrong).
    #[test]
    fn the_lede_matches_the_shipped_results() {
        let (ratios, forget_two) = ratios();
        assert_eq!(forget_two.len(), 7, "the lede names the Ryzen and six runs on our VMs: {forget_two:?}");
        for (label, ratio) in &forget_two {
            assert!(*ratio < 1.0, "{label}: String is faster than Arc<str> at 2 threads in forget mode ({ratio})");
        }
        let one = |file: &str| ratios[file].1.iter().find(|(t, _)| *t == 1).unwrap().1;
        assert_eq!((1.0 / one("reference-ryzen5600x-2024")).round(), 3.0);
        assert_eq!((10.0 / one("epyc-2vcpu-jemalloc-rounds-2026-11-24")).round(), 17.0, "1.7× on one EPYC VM");
        // Every other native jemalloc run: String faster on one thread, by 2.4–2.6×.
        let others: Vec<&String> = forget_two.iter().map(|(label, _)| label).filter(|l| !l.starts_with("reference-") && !l.contains("rounds")).collect();
        assert_eq!(others.len(), 5, "two Xeon runs and three EPYC runs: {others:?}");
        for vm in others {
            let r = one(vm);
            assert!((2.35..2.65).contains(&r), "{vm}: {r}");
        }
        for (label, (browser, r)) in ratios.iter().filter(|(_, (browser, _))| !browser) {
            for (t, ratio) in r.iter().filter(|(t, _)| *t >= 2) {
                assert!(*ratio > 1.0, "{label} (browser: {browser}): Arc<str> is faster than String at {t} threads ({ratio})");
            }
        }
        let browser_runs: Vec<_> = ratios.iter().filter(|(_, (browser, _))| *browser).collect();
        for vm in ["epyc", "xeon"] {
            assert!(browser_runs.iter().any(|(label, _)| label.contains(vm)), "the lede names a browser run on our {vm} VM");
        }
        for (label, (_, r)) in browser_runs {
            let two = r.iter().find(|(t, _)| *t == 2).unwrap_or_else(|| panic!("{label}: no 2-thread case")).1;
            assert!(two < 1.0, "{label}: String is faster than Arc<str> at 2 threads in this browser run ({two})");
        }
    }
}
