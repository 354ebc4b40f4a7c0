//! The numbers behind the chart, as tables: the browser's run per type, and the browser beside each
//! native machine. They are also the chart's text alternative.

use leptos::prelude::*;
use wasm_core::results::CaseResult;

use super::native::NativeMatch;

/// Nanoseconds with three significant figures (0.412, 4.12, 41.2, 412).
pub fn format_ns(ns: f64) -> String {
    match ns {
        n if n < 1.0 => format!("{n:.3}"),
        n if n < 10.0 => format!("{n:.2}"),
        n if n < 100.0 => format!("{n:.1}"),
        n => format!("{n:.0}"),
    }
}

/// A clone count short enough for a phone-width table (the JSON keeps the exact figure).
fn format_count(n: u64) -> String {
    match n {
        n if n < 10_000 => n.to_string(),
        n if n < 10_000_000 => format!("{}k", n / 1000),
        n => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A numeric cell: the rounded figure shown, the exact one in `data-value` (tests compare that).
fn num(field: &'static str, value: f64) -> impl IntoView {
    view! { <td class="num" data-field=field data-value=value.to_string()>{format_ns(value)}</td> }
}

/// Per-clone figures of one case: median, min, max, MAD (all divided by the clones per repeat).
pub fn per_op(case: &CaseResult) -> [f64; 4] {
    let ops = case.ops_per_repeat.max(1) as f64;
    [case.median_ns_per_op, case.min_ns / ops, case.max_ns / ops, case.mad_ns / ops]
}

/// One row per type of a browser run.
#[component]
pub fn ResultsTable(#[prop(into)] cases: Signal<Vec<CaseResult>>) -> impl IntoView {
    view! {
        <div class="table-scroll">
            <table class="data" data-testid="bench-table">
                <caption>"Browser, one thread: nanoseconds per clone over the timed repeats"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Type"</th>
                        <th scope="col" class="num">"median"</th>
                        <th scope="col" class="num">"min"</th>
                        <th scope="col" class="num">"max"</th>
                        <th scope="col" class="num">"MAD"</th>
                        <th scope="col" class="num">"samples"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || cases.get().into_iter().map(|case| {
                        let [median, min, max, mad] = per_op(&case);
                        let samples = format!("{} × {}", format_count(case.ops_per_repeat), case.repeat_times_ns.len());
                        view! {
                            <tr data-type=case.variant.clone()>
                                <th scope="row"><code>{case.variant.clone()}</code></th>
                                {num("median", median)}
                                {num("min", min)}
                                {num("max", max)}
                                {num("mad", mad)}
                                <td class="num" data-field="samples" title=case.ops_per_repeat.to_string()>{samples}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// Browser medians beside one native machine's single-thread medians, with the ratio.
#[component]
pub fn ComparisonTable(#[prop(into)] cases: Signal<Vec<CaseResult>>, native: NativeMatch) -> impl IntoView {
    let caption = format!("This browser vs {} ({}-byte string): median ns per clone, one thread", native.machine, native.string_len);
    let series = native.series_name.clone();
    let rows = move || {
        cases
            .get()
            .into_iter()
            .filter_map(|c| {
                let n = native.cases.iter().find(|n| n.variant_id == c.variant_id)?;
                let ratio = c.median_ns_per_op / n.median_ns_per_op;
                Some(view! {
                    <tr data-type=c.variant.clone()>
                        <th scope="row"><code>{c.variant.clone()}</code></th>
                        {num("browser", c.median_ns_per_op)}
                        {num("native", n.median_ns_per_op)}
                        <td class="num" data-field="ratio" data-value=ratio.to_string()>{format!("{ratio:.2}×")}</td>
                    </tr>
                })
            })
            .collect_view()
    };
    view! {
        <div class="table-scroll">
            <table class="data" data-testid="bench-compare" data-native=series>
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Type"</th>
                        <th scope="col" class="num">"browser"</th>
                        <th scope="col" class="num">"native"</th>
                        <th scope="col" class="num">"wasm / native"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
