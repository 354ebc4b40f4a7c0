//! The ranking section of `/results`: controls, the table (machines or CPU models), "Show all",
//! and where the charted machines (and the reader's own browser run) stand among comparable runs.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::{MachineSummary, Summary};

use super::ranking::{CpuTable, RankingTable, FIRST_ROWS};
use super::ranking_controls::RankingControls;
use crate::model::explorer::format::sig4;
use crate::model::explorer::ranking::{cpu_groups, ranked, standing, RankingState};
use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::suites::Suite;

#[component]
pub fn RankingSection(
    summary: Arc<Summary>,
    state: Memo<RankingState>,
    on_state: Callback<RankingState>,
    explorer: Memo<ExplorerState>,
    on_explorer: Callback<ExplorerState>,
) -> impl IntoView {
    let (show_all, set_show_all) = signal(false);
    let picked = Signal::derive(move || explorer.read().machines.clone());
    let for_pick = summary.clone();
    let on_pick = Callback::new(move |(id, on): (String, bool)| {
        let mut s = explorer.get_untracked();
        if s.suite != Suite::Clone {
            s = s.switch_suite(Suite::Clone);
        }
        on_explorer.run(s.toggle_machine(&id, on, &crate::model::explorer::suites::available(&for_pick, Suite::Clone)));
    });
    let on_sort = Callback::new(move |m| on_state.run(RankingState { sort: m, ..state.get_untracked() }));
    let for_table = summary.clone();
    let table = move || {
        let s = state.get();
        let rows = ranked(&for_table, &s);
        if s.by_cpu {
            return view! { <CpuTable groups=cpu_groups(&for_table, &rows, s.sort) sort=s.sort each_file=s.each_file/> }.into_any();
        }
        let total = rows.len();
        let shown = if show_all.get() { total } else { total.min(FIRST_ROWS) };
        view! {
            {(total == 0).then(|| view! { <p class="note" data-testid="ranking-empty">"No machine matches: clear the search or a filter."</p> })}
            <RankingTable summary=for_table.clone() rows=rows sort=s.sort shown=shown each_file=s.each_file picked=picked on_pick=on_pick on_sort=on_sort/>
            {(total > shown).then(|| view! {
                <button type="button" class="show-all" data-testid="ranking-show-all" on:click=move |_| set_show_all.set(true)>
                    {format!("Show all {total} {}", if s.each_file { "results files" } else { "machines" })}
                </button>
            })}
        }
        .into_any()
    };
    // The chooser on the same selection of machines (the filters, not the sort or the grouping).
    let chooser_link = move || {
        let pairs = state.get().filter_pairs();
        let href = crate::routes::site_url(&if pairs.is_empty() {
            "/choose".to_owned()
        } else {
            format!("/choose?{}", super::query::join(super::query::encode_pairs(&pairs)))
        });
        view! { <p class="note"><a href=href data-testid="ranking-to-choose">"Which string type should your code use, on these machines? Ask the chooser"</a>"."</p> }
    };
    let for_standing = summary.clone();
    // The reader's own lab run, kept in this browser until they forget it (not on the site).
    let (own_run, set_own_run) = signal(crate::own_run::load().map(|f| MachineSummary::unlisted(crate::own_run::OWN_RUN_FILE, &f)));
    let standings = move || {
        let sort = state.read().sort;
        let ids = picked.get();
        let own = own_run.get().and_then(|m| Some((m.clone(), standing(&for_standing, &m, sort)?)));
        let rows: Vec<_> = ids
            .iter()
            .filter_map(|id| for_standing.machines.iter().find(|m| m.id() == id))
            .filter_map(|m| Some((m.clone(), standing(&for_standing, m, sort)?)))
            .collect();
        let heading = if own.is_some() { "Where your run and the charted machines stand" } else { "Where the charted machines stand" };
        (!rows.is_empty() || own.is_some()).then(|| {
            view! {
                <h3>{heading}</h3>
                <ul class="standings" data-testid="standings">
                    {own.map(|(m, st)| view! {
                        <li data-machine="own-run" data-percentile=format!("{:.0}", st.percentile)>
                            <strong>"Your browser run"</strong>
                            {format!(" ({}, kept in this browser, not submitted)", m.cpu)}
                            {standing_text(&m, &st)}
                            " "
                            <button type="button" class="link-button" data-testid="forget-own-run" on:click=move |_| {
                                crate::own_run::forget();
                                set_own_run.set(None);
                            }>"Forget it"</button>
                        </li>
                    })}
                    {rows.into_iter().map(|(m, st)| standing_item(&m, &st)).collect_view()}
                </ul>
            }
        })
    };
    view! {
        <section class="ranking-section" data-testid="ranking-section" aria-labelledby="ranking-heading">
            <h2 id="ranking-heading">"Ranking"</h2>
            <p class="note">
                "Every machine's Arc<str> and String clone costs (clone and drop, not pinned), at one thread and at the most threads its file has; "
                "a machine with several runs on one allocator is one row, at the median of its runs. "
                "The table opens sorted by Arc<str> at one thread, one measure at one thread count on every machine; the most-threads columns are each machine's own most. "
                "\"× the best\" mixes them all (the geometric mean of each column divided by the best machine shown, so 1.00× is best everywhere). "
                "Tick a machine to chart it below."
            </p>
            <RankingControls summary=summary.clone() state=state on_state=on_state/>
            {table}
            {chooser_link}
            {standings}
        </section>
    }
}

fn standing_item(m: &MachineSummary, st: &crate::model::explorer::ranking::Standing) -> impl IntoView {
    view! {
        <li data-machine=m.id().to_owned() data-percentile=format!("{:.0}", st.percentile)>
            <strong>{m.label.clone()}</strong>
            {standing_text(m, st)}
        </li>
    }
}

/// ": on MEASURE, better than P % of the N other ARCH KIND runs. Nearest CPU models: ...".
fn standing_text(m: &MachineSummary, st: &crate::model::explorer::ranking::Standing) -> String {
    use crate::model::explorer::choice::Choice;
    // A most-threads measure compares runs at the same thread count only (`ranking::standing`): say which.
    let label = match m.headline.most_threads.filter(|_| st.measure.at_most_threads()) {
        Some(threads) => format!("{} at {threads} thread{}", st.measure.label(), if threads == 1 { "" } else { "s" }),
        None => st.measure.label().to_string(),
    };
    let nearest = if st.nearest.is_empty() {
        "no other CPU model to compare with".to_owned()
    } else {
        st.nearest.iter().map(|(cpu, v)| format!("{cpu} ({})", sig4(*v))).collect::<Vec<_>>().join(", ")
    };
    // The article's imported run is compared as the native run it is.
    let kind = if m.kind == wasm_core::summary::RunnerKind::Browser { "browser" } else { "native" };
    match st.compared - 1 {
        0 => format!(": the only {} {kind} run with {label}; nothing to compare it with yet.", m.arch),
        others => format!(
            ": on {label}, better than {:.0} % of the {others} other {} {kind} run{}. Nearest CPU models: {nearest}.",
            st.percentile,
            m.arch,
            if others == 1 { "" } else { "s" },
        ),
    }
}
