//! The ranking's controls: the search box (label, CPU or file name), a filter per fact (arch, CPU
//! maker and model, allocator, runner, cores), the sort, one row per CPU model, and one row per
//! results file instead of per machine. Every value is
//! in the address bar (`explorer::ranking::RankingState`).

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::Summary;

use super::controls::ChoiceSelect;
use crate::model::explorer::choice::Choice;
use crate::model::explorer::ranking::{filter_values, Cores, RankingState};

/// A `<select>` of "any" plus `values`, bound to one optional filter.
#[component]
fn FilterSelect(
    label: &'static str,
    id: &'static str,
    values: Vec<(String, String)>,
    #[prop(into)] value: Signal<Option<String>>,
    on_pick: Callback<Option<String>>,
) -> impl IntoView {
    view! {
        <label class="control" for=id>
            <span>{label}</span>
            <select id=id data-testid=id
                prop:value=move || value.get().unwrap_or_default()
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    on_pick.run((!v.is_empty()).then_some(v));
                }>
                <option value="">"any"</option>
                {values.into_iter().map(|(v, text)| {
                    let selected = v.clone();
                    view! { <option value=v prop:selected=move || value.get().as_deref() == Some(selected.as_str())>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// A checkbox bound to one flag of the ranking's state (`id` is also its test id).
#[component]
fn FlagCheck(
    id: &'static str,
    label: &'static str,
    state: Memo<RankingState>,
    on_state: Callback<RankingState>,
    get: fn(&RankingState) -> bool,
    set: fn(&mut RankingState, bool),
) -> impl IntoView {
    view! {
        <label class="control check" for=id>
            <input type="checkbox" id=id data-testid=id
                prop:checked=move || get(&state.read())
                on:change=move |ev| {
                    let mut s = state.get_untracked();
                    set(&mut s, event_target_checked(&ev));
                    on_state.run(s);
                }/>
            <span>{label}</span>
        </label>
    }
}

#[component]
pub fn RankingControls(summary: Arc<Summary>, state: Memo<RankingState>, on_state: Callback<RankingState>) -> impl IntoView {
    let same = |values: Vec<String>| values.into_iter().map(|v| (v.clone(), v)).collect::<Vec<_>>();
    let arches = same(filter_values(&summary, |m| &m.arch));
    let vendors = same(filter_values(&summary, |m| &m.vendor));
    let cpus = same(filter_values(&summary, |m| &m.cpu));
    let allocators = same(filter_values(&summary, |m| &m.allocator));
    let cores: Vec<(String, String)> = Cores::ALL.iter().map(|(_, k, text)| (k.to_string(), text.to_string())).collect();
    let set = move |f: fn(&mut RankingState, Option<String>)| {
        Callback::new(move |v: Option<String>| {
            let mut s = state.get_untracked();
            f(&mut s, v);
            on_state.run(s);
        })
    };
    let field = move |f: fn(&RankingState) -> Option<String>| Signal::derive(move || f(&state.read()));
    view! {
        <div class="ranking-controls">
            <label class="control search" for="machine-search">
                <span>"Find a machine"</span>
                <input type="search" id="machine-search" data-testid="machine-search" placeholder="label, CPU or file name"
                    autocomplete="off" maxlength="100"
                    prop:value=move || state.read().search.clone()
                    on:input=move |ev| on_state.run(RankingState { search: event_target_value(&ev), ..state.get_untracked() })/>
            </label>
            <FilterSelect label="Arch" id="filter-arch" values=arches value=field(|s| s.arch.clone()) on_pick=set(|s, v| s.arch = v)/>
            <FilterSelect label="CPU maker" id="filter-vendor" values=vendors value=field(|s| s.vendor.clone()) on_pick=set(|s, v| s.vendor = v)/>
            <FilterSelect label="CPU model" id="filter-cpu" values=cpus value=field(|s| s.cpu.clone()) on_pick=set(|s, v| s.cpu = v)/>
            <FilterSelect label="Allocator" id="filter-alloc" values=allocators value=field(|s| s.allocator.clone()) on_pick=set(|s, v| s.allocator = v)/>
            <ChoiceSelect label="Runner" id="filter-kind" value=Signal::derive(move || state.read().kind)
                on_pick=Callback::new(move |kind| on_state.run(RankingState { kind, ..state.get_untracked() }))/>
            <FilterSelect label="Cores" id="filter-cores" values=cores value=field(|s| s.cores.map(|c| c.key().to_owned())) on_pick=set(|s, v| s.cores = v.and_then(|v| Cores::parse(&v)))/>
            <ChoiceSelect label="Sort by" id="ranking-sort" value=Signal::derive(move || state.read().sort)
                on_pick=Callback::new(move |sort| on_state.run(RankingState { sort, ..state.get_untracked() }))/>
            <FlagCheck id="ranking-by-cpu" label="One row per CPU model" state on_state get=|s| s.by_cpu set=|s, on| s.by_cpu = on/>
            <FlagCheck id="ranking-each-file" label="One row per results file" state on_state get=|s| s.each_file set=|s, on| s.each_file = on/>
        </div>
    }
}
