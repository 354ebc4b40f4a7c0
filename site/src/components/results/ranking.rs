//! The ranking of `/results`: every machine of the build's summary as one row (its files with one
//! allocator folded; or one row per file, or per CPU model), sortable by each headline measure,
//! filtered and searched, with a checkbox per row that puts the machine on the charts below. The pre-renderer draws the same table, without the
//! controls, into the static page (`pages/results.rs`).

use std::sync::Arc;

use leptos::prelude::*;
use wasm_core::summary::{MachineSummary, Summary};

use crate::components::scroll_region::ScrollRegion;
use crate::model::explorer::choice::Choice;
use crate::model::explorer::format::sig4;
use crate::model::explorer::ranking::{ranked, CpuGroup, Measure, RankingState, Row, Spread, MEASURED};

/// Rows shown before "Show all": enough for any screen, few enough to render at once.
pub const FIRST_ROWS: usize = 50;

/// `x.xx×`, or a dash.
fn times(v: Option<f64>) -> String {
    v.map(|v| format!("{v:.2}×")).unwrap_or_else(|| "–".into())
}

fn num(v: Option<f64>) -> String {
    v.map(sig4).unwrap_or_else(|| "–".into())
}

/// A measure's cell text: ratios with ×, times in ns.
fn cell(measure: Measure, v: Option<f64>) -> String {
    match measure {
        Measure::Ratio1 | Measure::RatioMost | Measure::VsBest => times(v),
        Measure::Arc1 | Measure::ArcMost => num(v),
    }
}

/// Short column headings (the select's labels are long).
fn heading(measure: Measure) -> &'static str {
    match measure {
        Measure::VsBest => "× the best",
        Measure::Arc1 => "Arc<str> 1 thread, ns",
        Measure::ArcMost => "Arc<str> most threads, ns",
        Measure::Ratio1 => "Arc ÷ String, 1 thread",
        Measure::RatioMost => "Arc ÷ String, most threads",
    }
}

/// The ranking table of `rows` (already filtered and sorted). With `on_sort`, each measure's
/// heading is a button; with `on_pick`, each row has a checkbox for the charts.
/// The ranking's caption: how many rows of how many, by what, and what a row's figures are.
fn ranking_caption(total: usize, shown: usize, sort: Measure, each_file: bool) -> String {
    let noun = if each_file { "results file" } else { "machine" };
    let caption = if total > shown {
        format!("{shown} of {total} {noun}s, by {}; lower is better in every column", heading(sort))
    } else {
        format!("{total} {noun}{}, by {}; lower is better in every column", if total == 1 { "" } else { "s" }, heading(sort))
    };
    if each_file {
        format!("{caption}. A run measured in rounds gives its ratios' range across them.")
    } else {
        format!(
            "{caption}. A machine with several runs (one allocator) is one row: each figure is the median of its runs, \
             ratios with their range across runs; a run measured in rounds gives its ratios' range across them."
        )
    }
}

/// One measure's cell of `row` (machine `m`): its figure, and for a ratio how far apart the run's
/// rounds (one run) or the folded runs (`across`) put it: one figure is one round's luck.
fn measure_cell(x: Measure, row: &Row, m: &MachineSummary, across: Option<Spread>) -> impl IntoView {
    let is_ratio = matches!(x, Measure::Ratio1 | Measure::RatioMost);
    let rounds = match x {
        Measure::Ratio1 if row.files.len() == 1 => m.headline.ratio_1t_rounds,
        Measure::RatioMost if row.files.len() == 1 => m.headline.ratio_most_rounds,
        _ => None,
    };
    let across = across.filter(|s| is_ratio && s.low < s.high);
    view! {
        <td class="num" data-field=x.key()>
            {cell(x, row.value(x))}
            {rounds.map(|[low, high]| view! { <span class="rounds" data-field="rounds">{format!(" (rounds {low:.2}–{high:.2}×)")}</span> })}
            {across.map(|s| view! { <span class="rounds" data-field="across-runs">{format!(" (runs {:.2}–{:.2}×)", s.low, s.high)}</span> })}
        </td>
    }
}

#[component]
pub fn RankingTable(
    summary: Arc<Summary>,
    rows: Vec<Row>,
    sort: Measure,
    /// Rows shown; the rest are counted in the caption.
    shown: usize,
    /// One row per file (`files=each`) rather than per machine: only the caption's noun changes.
    #[prop(optional)]
    each_file: bool,
    #[prop(into)] picked: Signal<Vec<String>>,
    #[prop(optional)] on_pick: Option<Callback<(String, bool)>>,
    #[prop(optional)] on_sort: Option<Callback<Measure>>,
) -> impl IntoView {
    let caption = ranking_caption(rows.len(), shown, sort, each_file);
    let headers = [Measure::VsBest].into_iter().chain(MEASURED).map(move |m| {
        let sorted = (m == sort).then_some("ascending");
        let label = heading(m);
        let inner = match on_sort {
            Some(cb) => {
                view! { <button type="button" class="sort" data-sort=m.key() on:click=move |_| cb.run(m)>{label}</button> }.into_any()
            }
            None => view! { <span>{label}</span> }.into_any(),
        };
        view! { <th scope="col" class="num" aria-sort=sorted>{inner}</th> }
    });
    let body = rows
        .into_iter()
        .take(shown)
        .enumerate()
        .map(|(place, row)| {
            let m = &summary.machines[row.machine];
            let id = m.id().to_owned();
            let pick = on_pick.map(|cb| {
                let (checked_id, toggle_id) = (id.clone(), id.clone());
                let name = format!("Chart {}", m.label);
                view! {
                    <td>
                        <input type="checkbox" aria-label=name
                            prop:checked=move || picked.read().contains(&checked_id)
                            on:change=move |ev| cb.run((toggle_id.clone(), event_target_checked(&ev)))/>
                    </td>
                }
            });
            let threads = m.headline.most_threads.map(|t| t.to_string()).unwrap_or_default();
            let runs = row.files.len();
            let across = MEASURED.map(|x| row.across_files(&summary, x));
            view! {
                <tr data-machine=id.clone() data-testid="ranking-row">
                    <td class="num">{place + 1}</td>
                    {pick}
                    <th scope="row">
                        <a href=crate::routes::site_url(&crate::routes::results_file_path(&m.file))>{m.label.clone()}</a>
                        {(runs > 1).then(|| view! { <span class="runs" data-field="runs">{format!(" · {runs} runs, newest shown")}</span> })}
                    </th>
                    <td class="num" data-field="best">{times(row.vs_best)}</td>
                    {MEASURED.into_iter().zip(across).map(|(x, across)| measure_cell(x, &row, m, across)).collect_view()}
                    <td data-field="cpu">{m.cpu.clone()}</td>
                    <td data-field="arch">{format!("{} · {}", m.arch, m.kind.key())}</td>
                    <td class="num" data-field="threads">{threads}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <ScrollRegion label="Ranking of machines">
            <table class="data ranking" data-testid="ranking">
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">"#"</th>
                        {on_pick.map(|_| view! { <th scope="col">"Chart"</th> })}
                        <th scope="col" class="name-col">"Machine (results file)"</th>
                        // The measures, which the ranking is about, before the machine's facts: a
                        // phone shows the first of them beside the (sticky) machine name.
                        {headers.collect_view()}
                        <th scope="col">"CPU"</th>
                        <th scope="col">"Arch · runner"</th>
                        <th scope="col" class="num">"Most threads"</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </ScrollRegion>
    }
}

fn spread_text(measure: Measure, s: Option<Spread>) -> String {
    match s {
        Some(s) if s.low < s.high => {
            format!("{} ({}–{})", cell(measure, Some(s.median)), cell(measure, Some(s.low)), cell(measure, Some(s.high)))
        }
        Some(s) => cell(measure, Some(s.median)),
        None => "–".into(),
    }
}

/// One row per CPU model: how many machines (or files, with `each_file`), and each measure's median
/// with its range.
#[component]
pub fn CpuTable(groups: Vec<CpuGroup>, sort: Measure, #[prop(optional)] each_file: bool) -> impl IntoView {
    let total = groups.len();
    let (noun, count_heading) = if each_file { ("files", "Files") } else { ("machines", "Machines") };
    let body = groups
        .into_iter()
        .take(FIRST_ROWS * 4)
        .enumerate()
        .map(|(place, g)| {
            view! {
                <tr data-testid="cpu-row" data-cpu=g.cpu.clone()>
                    <td class="num">{place + 1}</td>
                    <th scope="row">{g.cpu.clone()}</th>
                    <td class="num" data-field="best">{times(g.vs_best)}</td>
                    {(0..4).map(|i| view! { <td class="num" data-field=MEASURED[i].key()>{spread_text(MEASURED[i], g.spreads[i])}</td> }).collect_view()}
                    <td data-field="arch">{format!("{} · {}", g.arch, g.kind.key())}</td>
                    <td class="num" data-field="count">{g.machines.len()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <ScrollRegion label="Ranking by CPU model">
            <table class="data ranking" data-testid="cpu-ranking">
                <caption>{format!("{total} CPU models, by the median of {}; each cell: median (lowest–highest) over the model's {noun}", heading(sort))}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">"#"</th>
                        <th scope="col" class="name-col">"CPU model"</th>
                        <th scope="col" class="num">"× the best"</th>
                        {MEASURED.into_iter().map(|m| view! { <th scope="col" class="num">{heading(m)}</th> }).collect_view()}
                        <th scope="col">"Arch · runner"</th>
                        <th scope="col" class="num">{count_heading}</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </ScrollRegion>
    }
}

/// The ranking as the static page shows it: the default order, every row up to `shown`.
pub fn static_rows(summary: &Summary) -> Vec<Row> {
    ranked(summary, &RankingState::default())
}
