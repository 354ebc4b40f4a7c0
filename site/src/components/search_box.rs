//! `/search`'s island: a search field over the build's `search-index.json` (see `crate::search`).
//! The query lives in the address bar (`/search?q=false+sharing`), so a search is a link; the form
//! also works without JavaScript as far as putting the words in the address.

use leptos::prelude::*;

use crate::components::results::loader::fetch_bytes;
use crate::components::results::query::{page_query, query_value, replace_page_query};
use crate::search::{search, Entry, MAX_HITS};

/// Largest index read: the site's is about 200 KB with every machine of a few thousand files.
const MAX_INDEX_BYTES: usize = 8 << 20;

async fn load_index() -> Result<Vec<Entry>, String> {
    let bytes = fetch_bytes("/search-index.json", MAX_INDEX_BYTES).await.map_err(|e| format!("search-index.json {e}"))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("search-index.json: {e}"))
}

#[component]
pub fn SearchBox() -> impl IntoView {
    let (query, set_query) = signal(query_value(&page_query(), "q").unwrap_or_default());
    let index = LocalResource::new(load_index);
    Effect::new(move |_| {
        let q = query.get();
        let encoded = js_sys::encode_uri_component(q.trim()).as_string().unwrap_or_default();
        replace_page_query("/search", &if q.trim().is_empty() { String::new() } else { format!("q={encoded}") });
    });
    view! {
        <form class="search-form" role="search" action=crate::routes::site_url("/search") on:submit=|ev| ev.prevent_default()>
            <label for="search-input">"Search the chapters, the glossary and the machines"</label>
            <input id="search-input" type="search" name="q" autocomplete="off" data-testid="search-input"
                prop:value=query on:input=move |ev| set_query.set(event_target_value(&ev))/>
        </form>
        <Suspense fallback=|| view! { <p class="note" aria-live="polite">"Loading the search index…"</p> }>
            <ErrorBoundary fallback=|errors| view! {
                <div class="error-card" data-testid="search-error">
                    <p>"The search index could not be loaded."</p>
                    <ul>{move || errors.get().into_iter().map(|(_, e)| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                </div>
            }>
                {move || Suspend::new(async move {
                    index.await.map(|entries| view! { <Hits entries=entries query=query/> })
                })}
            </ErrorBoundary>
        </Suspense>
    }
}

#[component]
fn Hits(entries: Vec<Entry>, query: ReadSignal<String>) -> impl IntoView {
    let total = entries.len();
    move || {
        let q = query.get();
        let hits = search(&entries, &q);
        let summary = match (q.trim().is_empty(), hits.len()) {
            (true, _) => format!("Type a word or two: {total} sections, terms, pages and machines are searched."),
            (false, 0) => format!("Nothing matches \u{201C}{}\u{201D}. Every word must appear.", q.trim()),
            (false, n) if n == MAX_HITS => format!("The first {n} matches for \u{201C}{}\u{201D}:", q.trim()),
            (false, n) => format!("{n} match{} for \u{201C}{}\u{201D}:", if n == 1 { "" } else { "es" }, q.trim()),
        };
        view! {
            <p class="note" role="status" data-testid="search-summary">{summary}</p>
            <ol class="search-hits" data-testid="search-hits">
                {hits.into_iter().map(|h| view! {
                    <li>
                        <a href=crate::routes::site_url(&h.entry.url)>{h.entry.title.clone()}</a>
                        <span class="badge">{kind_name(&h.entry.kind)}</span>
                        <p>{h.snippet}</p>
                    </li>
                }).collect_view()}
            </ol>
        }
    }
}

fn kind_name(kind: &str) -> &'static str {
    match kind {
        "chapter" => "chapter",
        "glossary" => "glossary",
        "machine" => "machine",
        _ => "page",
    }
}
