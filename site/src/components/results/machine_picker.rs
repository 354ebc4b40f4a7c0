//! Checkboxes to choose which machines (results files) to chart, from the build's summary. With
//! few machines every one is listed; with many, the chosen ones and those the search finds
//! ([`MAX_LISTED`] at most), so a thousand files never make a thousand checkboxes. The article's
//! reference dataset and the allocator each run used are marked.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::{MachineSummary, RunnerKind, Summary};

use crate::model::explorer::ranking::matches;
use crate::model::explorer::suites::{summary_has_suite, Suite};

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

/// What an expert checks on a machine's card, in one line: when it ran (or, for the article's
/// data, that its date is the article's), the compiler, the conditions, and how noisy its cases were.
pub fn facts(m: &MachineSummary) -> String {
    let mut parts = Vec::new();
    if m.kind == RunnerKind::Reference {
        parts.push("published data: one run per case, spread unknown, dated to the article's year".to_owned());
    } else {
        parts.push(format!("run {}", m.created_at.get(..10).unwrap_or(&m.created_at)));
    }
    parts.extend(m.rustc.clone());
    match m.hypervisor.as_deref() {
        Some("unknown") => parts.push("virtual machine (hypervisor not named)".to_owned()),
        Some(h) => parts.push(format!("virtual machine ({h})")),
        None => {}
    }
    if let Some(steal) = m.steal_percent {
        parts.push(format!("{steal:.1} % CPU stolen by the host"));
    }
    if let Some(cpus) = m.oversubscribed_above {
        parts.push(format!(
            "cases above {} ran more threads than CPUs on purpose (--oversubscribe): time-sharing, not contention",
            crate::model::explorer::format::count(cpus, "thread", "threads")
        ));
    }
    if m.noisy_cases > 0 {
        parts.push(crate::model::explorer::format::count(m.noisy_cases, "noisy case", "noisy cases"));
    }
    if m.unknown_noise_cases > 0 && m.kind != RunnerKind::Reference {
        parts.push(format!("{} with unknown spread", crate::model::explorer::format::count(m.unknown_noise_cases, "case", "cases")));
    }
    parts.join(" · ")
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
                        <div class="machine-text">
                        <label for=input_id>
                            <span class="machine-label">{m.label.clone()}</span>
                            " "
                            <span class="badge allocator">{m.allocator.clone()}</span>
                            {(m.kind == RunnerKind::Reference).then(|| view! { " " <span class="badge reference" data-testid="reference-badge">"reference dataset"</span> })}
                            <span class="machine-desc">{m.description()}</span>
                            {m.source.as_deref().map(|source| view! { <span class="machine-desc">"Imported from " {source.replace('`', "")}</span> })}
                            <span class="machine-desc" data-testid="machine-facts">{facts(m)}</span>
                        </label>
                        <a class="machine-file" href=crate::routes::site_url(&format!("/results/{}", m.file)) download=m.file.clone()
                            aria-label=format!("Download {}", m.file)>{m.file.clone()}</a>
                        " · "
                        <a class="machine-file machine-page" href=crate::routes::site_url(&crate::routes::results_file_path(&m.file))
                            aria-label=format!("its page: every case of {}", m.label)>"its page"</a>
                        </div>
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

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::results::ResultsFile;

    fn shipped(name: &str, text: &str) -> MachineSummary {
        let file: ResultsFile = serde_json::from_str(text).unwrap();
        MachineSummary::unlisted(name, &file)
    }

    /// Issue 22, §3 and issue 23: a card says when the machine ran, or that the reference's date
    /// is the article's and its spread unknown; the compiler; a VM; the noisy cases.
    #[test]
    fn cards_state_the_facts_an_expert_checks() {
        let reference =
            shipped("reference-ryzen5600x-2024.json", include_str!("../../../../content/results/reference-ryzen5600x-2024.json"));
        let text = facts(&reference);
        assert!(text.starts_with("published data: one run per case, spread unknown, dated to the article's year"), "{text}");
        assert!(!text.contains("2024-01-01"), "the placeholder date is not shown as a run date: {text}");
        let epyc = shipped(
            "epyc-2vcpu-jemalloc-rounds-2026-11-24.json",
            include_str!("../../../../content/results/epyc-2vcpu-jemalloc-rounds-2026-11-24.json"),
        );
        let text = facts(&epyc);
        assert!(text.starts_with("run 2026-11-24 · rustc 1.95"), "{text}");
        assert!(text.contains("virtual machine") && text.contains("noisy case"), "{text}");
        assert!(!text.contains("oversubscribe"), "{text}");
        // A run asked to go past its CPUs says where its cases stop measuring contention.
        let mut file: ResultsFile =
            serde_json::from_str(include_str!("../../../../content/results/epyc-2vcpu-jemalloc-rounds-2026-11-24.json")).unwrap();
        file.machine.logical_cores = Some(1);
        assert_eq!(
            MachineSummary::unlisted("x.json", &file).oversubscribed_above,
            None,
            "not asked: refused as a submission, not described"
        );
        file.conditions.as_mut().unwrap().oversubscribe = true;
        let text = facts(&MachineSummary::unlisted("x.json", &file));
        assert!(text.contains("cases above 1 thread ran more threads than CPUs on purpose (--oversubscribe)"), "{text}");
    }
}
