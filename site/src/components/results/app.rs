//! The live part of `/results` (an island): the build's summary of every results file
//! (`results/summary.json`, one request whatever the number of machines), then the explorer, and
//! the ranking once the machines' headline measures (`results/headlines.json`) have arrived; the
//! two share the address bar. Until then the build's ranking stays on screen. Raw results files
//! are fetched only for the machines a reader puts on the charts.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::Summary;

use super::explorer::Explorer;
use super::loader::{load_headlines, load_summary};
use super::query::{encode_pairs, join, page_query, part, query_value, replace_query};
use super::ranking_section::RankingSection;
use crate::model::explorer::ranking::RankingState;
use crate::model::explorer::state::{suite_in, ExplorerState};
use crate::model::explorer::suites::available;

#[component]
pub fn ResultsApp() -> impl IntoView {
    let summary = LocalResource::new(load_summary);
    view! {
        <Suspense fallback=|| view! { <p class="note" data-testid="results-loading" aria-live="polite">"Loading the results summary…"</p> }>
            <ErrorBoundary fallback=|errors| view! {
                <div class="error-card" data-testid="results-load-error">
                    <p>"The results summary could not be loaded."</p>
                    <ul>{move || errors.get().into_iter().map(|(_, e)| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                </div>
            }>
                {move || Suspend::new(async move { summary.await.map(|s| view! { <ResultsPage summary=Arc::new(s)/> }) })}
            </ErrorBoundary>
        </Suspense>
    }
}

/// The box of this island, whose first frame (the build's ranking and chart) stays until replaced.
const BOX: &str = "[data-live=results]";

#[component]
fn ResultsPage(summary: Arc<Summary>) -> impl IntoView {
    // The explorer replaces the build's chart now; the build's ranking stays until the live one.
    Effect::new(|_| crate::browser::remove_first_frame_part(BOX, "chart"));
    let (query, set_query) = signal(page_query());
    let write = move |q: String| {
        replace_query(&q);
        set_query.set(q);
    };
    let ranking = Memo::new(move |_| query.with(|q| RankingState::from_query(|k| query_value(q, k))));
    let for_state = summary.clone();
    let state = Memo::new(move |_| {
        query.with(|q| {
            let get = |k: &str| query_value(q, k);
            ExplorerState::from_query(get, &available(&for_state, suite_in(&get)))
        })
    });
    let set_state = Callback::new(move |s: ExplorerState| {
        let kept: Vec<String> = query.with_untracked(|q| part(q, true).into_iter().map(str::to_owned).collect());
        write(join(std::iter::once(s.to_query()).chain(kept)));
    });
    let set_ranking = Callback::new(move |r: RankingState| {
        let kept: Vec<String> = query.with_untracked(|q| part(q, false).into_iter().map(str::to_owned).collect());
        write(join(kept.into_iter().chain(encode_pairs(&r.to_pairs()))));
    });
    let search = Signal::derive(move || ranking.read().search.clone());
    let for_headlines = summary.clone();
    let ranked = LocalResource::new(move || load_headlines(for_headlines.clone()));
    view! {
        // No fallback: the build's ranking is on screen meanwhile. On an error it stays, under a card.
        <Suspense>
            <ErrorBoundary fallback=|errors| view! {
                <div class="error-card" data-testid="ranking-load-error">
                    <p>"The ranking's measures could not be loaded; the table above is the one this site was built with."</p>
                    <ul>{move || errors.get().into_iter().map(|(_, e)| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                </div>
            }>
                {move || Suspend::new(async move {
                    ranked.await.map(|summary| {
                        Effect::new(|_| crate::browser::remove_first_frame(BOX));
                        view! { <RankingSection summary=summary state=ranking on_state=set_ranking explorer=state on_explorer=set_state/> }
                    })
                })}
            </ErrorBoundary>
        </Suspense>
        <Explorer summary=summary state=state set_state=set_state search=search/>
    }
}
