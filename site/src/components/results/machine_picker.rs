//! Checkboxes to choose which machines (results files) to chart, from the build's summary. With
//! few machines every one is listed; with many, the chosen ones and those the search finds
//! ([`MAX_LISTED`] at most), so a thousand files never make a thousand checkboxes. The article's
//! reference dataset and the allocator each run used are marked.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::{MachineSummary, RunnerKind, Summary};

use crate::explorer::ranking::matches;
use crate::explorer::suites::{summary_has_suite, Suite};

/// Most machines listed besides the chosen ones.
pub const MAX_LISTED: usize = 12;

/// The machines of `suite` the picker lists: all when there are few, else the chosen ones, then
/// those matching `search` (all of them in file order when the search is empty), up to the cap;
/// and how many more match.
pub fn listed<'a>(summary: &'a Summary, suite: Suite, chosen: &[String], search: &str) -> (Vec<&'a MachineSummary>, usize) {
    let of_suite: Vec<&MachineSummary> = summary.machines.iter().filter(|m| summary_has_suite(m, suite)).collect();
    if of_suite.len() <= MAX_LISTED {
        return (of_suite, 0);
    }
    let mut list: Vec<&MachineSummary> = of_suite.iter().copied().filter(|m| chosen.iter().any(|c| c == m.id())).collect();
    let found: Vec<&MachineSummary> = of_suite.iter().copied().filter(|m| !list.contains(m) && matches(m, search)).collect();
    let more = found.len().saturating_sub(MAX_LISTED);
    list.extend(found.into_iter().take(MAX_LISTED));
    (list, more)
}

#[component]
pub fn MachinePicker(
    summary: Arc<Summary>,
    #[prop(into)] suite: Signal<Suite>,
    /// Ids of the chosen machines.
    #[prop(into)]
    chosen: Signal<Vec<String>>,
    #[prop(into)] search: Signal<String>,
    /// Called with (machine id, checked).
    on_toggle: Callback<(String, bool)>,
) -> impl IntoView {
    let options = move || {
        let picked = chosen.get();
        let (list, more) = listed(&summary, suite.get(), &picked, &search.read());
        let items = list
            .into_iter()
            .map(|m| {
                let id = m.id().to_owned();
                let input_id = format!("machine-{id}");
                let checked_id = id.clone();
                let toggle_id = id.clone();
                view! {
                    <li class="machine-option" data-testid="machine-option" data-machine=id>
                        <input
                            type="checkbox"
                            id=input_id.clone()
                            prop:checked=move || chosen.read().contains(&checked_id)
                            on:change=move |ev| on_toggle.run((toggle_id.clone(), event_target_checked(&ev)))
                        />
                        <label for=input_id>
                            <span class="machine-label">{m.label.clone()}</span>
                            " "
                            <span class="badge allocator">{m.allocator.clone()}</span>
                            {(m.kind == RunnerKind::Reference).then(|| view! { " " <span class="badge reference" data-testid="reference-badge">"reference dataset"</span> })}
                            <span class="machine-desc">{m.description()}</span>
                            {m.source.clone().map(|source| view! { <span class="machine-desc">"Imported from " {source}</span> })}
                        </label>
                    </li>
                }
            })
            .collect_view();
        view! {
            <ul>{items}</ul>
            {(more > 0).then(|| view! { <p class="note" data-testid="picker-more">{format!("{more} more match: narrow the search above to find them.")}</p> })}
        }
    };
    view! {
        <fieldset class="machine-picker" data-testid="machine-picker">
            <legend>"Machines"</legend>
            {options}
        </fieldset>
    }
}
