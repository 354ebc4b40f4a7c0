//! `/results`: every results file shipped in `content/results/`, charted. The text is static; the
//! explorer is an island (`components/results/app.rs`).

use leptos::prelude::*;

use crate::components::chart::StaticChart;
use crate::components::results::ranking::{static_rows, RankingTable, FIRST_ROWS};
use crate::components::results::table::ChartTable;
use crate::live::{Island, Live};
use crate::model::explorer::ranking::Measure;
use crate::model::explorer::series::contention_spec;
use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::suites::Suite;
use crate::static_data::{filled, StaticResults};

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
    let available = crate::model::explorer::suites::available(&summary, Suite::Clone);
    let state = ExplorerState::from_query(|_| None, &available);
    let chosen: Vec<&crate::model::explorer::ValidFile> = data.machines.iter().filter(|m| state.machines.contains(&m.id)).collect();
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
                    {format!(
                        "{} results files; below, the {with_clone} native machines with clone measurements (the article's among them), \
                         one row per machine and allocator at the median of its runs. Sorting, filters, one row per file, search and charts of any machine need JavaScript; ",
                        summary.machines.len()
                    )}
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

/// The lede. Every claim about all runs is a fact (`wasm_core::facts`) filled from the build's data,
/// so a contributed file changes the counts instead of leaving the sentence stale.
const LEDE: &str = "Cloning an <code>Arc&lt;str&gt;</code> bumps one shared counter; cloning a <code>String</code> asks the \
    allocator for new memory. On one thread it depends on the machine: across the {{jemalloc-runs}} here, \
    {{jemalloc-one-thread}}. With every extra thread cloning the same <code>Arc&lt;str&gt;</code>, the threads queue for \
    that one cache line: in drop mode (each clone dropped at once), {{native-drop-from-two}}. In forget mode (each clone \
    leaked), <code>String</code> pays for fresh memory instead: {{jemalloc-forget-two}}. In a browser it turns round: \
    Rust's wasm32 allocator has one lock, so <code>String</code> queues too, and {{browser-two}}.";

#[component]
pub fn Results() -> impl IntoView {
    view! {
        <article class="prose wide">
            <h1>"Results from real machines"</h1>
            <p class="lede" inner_html=filled(LEDE)></p>
            <p>
                "The Suite menu also charts the runner's other measurements: the nine ways to own a list of small "
                "strings (SSO), arc-swap's reads, bump-arena lists, and counters that share a cache line or do not. "
                {filled("The site holds {{files}}: the maintainers' runs, committed directly, and the article's data, imported; a reader's run joins them by pull request. Each run was written by the native runner or, where ")}
                "its name says browser, downloaded from the " <a href="/bench#contention">"contention run in a browser"</a> ". "
                "Pick machines and a view; the address bar keeps your choice, so you can share the chart. "
                <a href="/submit">"Submit yours"</a> "."
            </p>
            <p data-testid="machine-definition">
                "A machine, on this site, is what its file records and nothing finer: the CPU model (and CPUID's family, "
                "model and stepping where recorded), the cores, the memory, the OS and kernel; a browser run records only its "
                "platform and CPU count. Two computers that record the same are one machine, one computer with a new kernel is "
                "another, and each machine's files are one vote in the sentences above."
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
    use super::*;

    /// The lede enumerates no run by hand: its only figures are the facts', filled from the data
    /// of whatever results folder the build reads (here the one the tests read).
    #[test]
    fn the_lede_claims_about_all_runs_only_through_facts() {
        let placeholders = wasm_core::facts::Facts::placeholders(LEDE);
        assert!(placeholders.len() >= 4, "{placeholders:?}");
        let without: String = LEDE.split("{{").map(|part| part.split_once("}}").map_or(part, |(_, rest)| rest)).collect();
        assert!(!without.replace("wasm32", "").chars().any(|c| c.is_ascii_digit()), "a figure typed into the lede: {without}");
        let data = StaticResults::read_dir(&crate::static_data::results_dir(), false).unwrap();
        let text = data.facts.fill(LEDE).unwrap();
        assert!(!text.contains("{{") && text.contains(data.facts.get("browser-two").unwrap()), "{text}");
    }
}
