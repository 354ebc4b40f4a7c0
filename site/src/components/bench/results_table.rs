//! The numbers behind the charts, as tables: one run per case (any suite, in a chosen unit), and
//! `/bench`'s browser beside each native machine. They are also the charts' text alternative.

use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use wasm_core::results::CaseResult;

use super::native::NativeMatch;
pub use crate::model::explorer::bars::{format_ns, format_rate, list_unit, per_op, per_unit, Unit, NS_PER_CLONE};

/// A clone count short enough for a phone-width table (the JSON keeps the exact figure).
fn format_count(n: u64) -> String {
    match n {
        n if n < 10_000 => n.to_string(),
        n if n < 1_000_000 => format!("{}k", n / 1000),
        n => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A numeric cell: the rounded figure shown, the exact one in `data-value` (tests compare that).
fn num(field: &'static str, value: f64) -> impl IntoView {
    view! { <td class="num" data-field=field data-value=value.to_string()>{format_ns(value)}</td> }
}

/// One row per case (`data-type` = variant, `data-id` = variant id), figures in `unit`.
#[component]
pub fn ResultsTable(
    #[prop(into)] cases: Signal<Vec<CaseResult>>,
    #[prop(default = NS_PER_CLONE)] unit: Unit,
    #[prop(default = "Browser, one thread: nanoseconds per clone over the timed repeats".into(), into)] caption: String,
    #[prop(default = "bench-table".into(), into)] test_id: String,
    #[prop(default = "Type")] row_label: &'static str,
) -> impl IntoView {
    view! {
        <ScrollRegion label="Benchmark results">
            <table class="data" data-testid=test_id data-unit=unit.name>
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">{row_label}</th>
                        <th scope="col" class="num">"median"</th>
                        <th scope="col" class="num">"min"</th>
                        <th scope="col" class="num">"max"</th>
                        <th scope="col" class="num"><a class="term-ref" href=crate::routes::site_url("/glossary#mad")>"MAD"</a></th>
                        {unit.rate.map(|r| view! { <th scope="col" class="num">{r}</th> })}
                        <th scope="col" class="num">"samples"</th>
                    </tr>
                </thead>
                <tbody>
                    {move || cases.get().into_iter().map(|case| {
                        let [median, min, max, mad] = per_unit(&case, unit);
                        let samples = format!("{} × {}", format_count(case.ops_per_repeat), case.repeat_times_ns.len());
                        let rate = unit.rate.map(|_| {
                            let per_sec = 1e9 / case.median_ns_per_op;
                            view! { <td class="num" data-field="rate" data-value=per_sec.to_string()>{format_rate(per_sec)}</td> }
                        });
                        view! {
                            <tr data-type=case.variant.clone() data-id=case.variant_id.clone()>
                                <th scope="row"><code>{case.variant.clone()}</code></th>
                                {num("median", median)}
                                {num("min", min)}
                                {num("max", max)}
                                {num("mad", mad)}
                                {rate}
                                <td class="num" data-field="samples" title=case.ops_per_repeat.to_string()>{samples}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </ScrollRegion>
    }
}

/// Browser medians beside one native machine's single-thread medians, with the ratio.
#[component]
pub fn ComparisonTable(#[prop(into)] cases: Signal<Vec<CaseResult>>, native: NativeMatch) -> impl IntoView {
    let caption = format!(
        "This browser vs {} ({}, {} allocator; {}-byte string): median ns per clone, one thread",
        native.label, native.machine, native.allocator, native.string_len
    );
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
        <ScrollRegion label="Browser and native figures compared">
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
        </ScrollRegion>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_read_at_a_glance_in_one_style() {
        let shown: Vec<String> = [1000, 10_000, 500_000, 4_194_304, 16_777_216].into_iter().map(super::format_count).collect();
        assert_eq!(shown, ["1000", "10k", "500k", "4.2M", "16.8M"]);
    }
}
