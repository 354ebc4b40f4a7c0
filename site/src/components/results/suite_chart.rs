//! The chart of a suite other than `clone` (SSO, ArcSwap, arenas): a select of the conditions the
//! suite's files recorded (threads and parameters), and bars per variant, one series per chosen
//! machine, with the same numbers as a table.

use leptos::prelude::*;

use super::chosen::chosen_memo;
use super::contention_chart::ChartWithTable;
use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::suites::{conditions, pick_condition, suite_spec, Condition};
use crate::model::explorer::ValidFile;

/// The select of conditions: every condition any file of the suite recorded, in file order.
#[component]
pub fn ConditionSelect(machines: StoredValue<Vec<ValidFile>>, state: Memo<ExplorerState>, on_pick: Callback<String>) -> impl IntoView {
    let all = Memo::new(move |_| {
        let suite = state.read().suite;
        machines.with_value(|ms| conditions(suite, ms.iter().flat_map(|m| m.data.cases.iter())))
    }) as Memo<Vec<Condition>>;
    let current = Memo::new(move |_| {
        let wanted = state.read().condition.clone();
        all.with(|cs| pick_condition(cs, wanted.as_deref()).map(|c| c.key.clone()).unwrap_or_default())
    });
    view! {
        <label class="control" for="condition-select">
            <span>"Conditions"</span>
            <select
                id="condition-select"
                data-testid="condition-select"
                prop:value=move || current.get()
                on:change=move |ev| on_pick.run(event_target_value(&ev))
            >
                {move || all.get().into_iter().map(|c| {
                    let key = c.key.clone();
                    view! { <option value=c.key prop:selected=move || current.get() == key>{c.label}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

#[component]
pub fn SuiteChart(machines: StoredValue<Vec<ValidFile>>, state: Memo<ExplorerState>) -> impl IntoView {
    let spec = chosen_memo(machines, state, move |chosen, s| {
        let key = machines.with_value(|ms| {
            let all = conditions(s.suite, ms.iter().flat_map(|m| m.data.cases.iter()));
            pick_condition(&all, s.condition.as_deref()).map(|c| c.key.clone()).unwrap_or_default()
        });
        suite_spec(chosen, s.suite, &key)
    });
    view! {
        <p class="note">"Bars: the median of the repeats; whiskers: the fastest and slowest repeat (with several threads, of any thread). " {crate::charts::CLIPPED_WHISKERS}</p>
        <ChartWithTable
            spec=spec
            test_id="suite-chart"
            empty_note="Nothing to chart: choose a machine that recorded cases of this suite under these conditions."
        />
    }
}
