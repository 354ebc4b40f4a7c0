//! Chapter "Cache lines", live: wasm-core's `lines` kernel on real threads in the reader's browser
//! (the threaded tier's `ThreadRun.lines`). Every thread adds 1 to a counter; the reader picks the thread
//! counts and layouts, and sees each layout's cost per update beside its one-thread cost.

use leptos::prelude::*;
use wasm_core::clone_run::thread_list;
use wasm_core::kernels::lines::LineVariant;
use wasm_core::results::CaseResult;
use wasm_core::results::Suite;

use super::bridge::{self, Isolation};
use super::download::SubmitFile;
use super::driver::{toggle, Check, Driver, RunStatus, Status};
use crate::charts::ChartSpec;
use crate::components::chart::Chart;
use crate::model::explorer::suites::{condition_bars, Source};
use crate::model::lab::plan::offered_threads;

/// sessionStorage key of the run waiting for the isolation reload.
const PENDING: &str = "lines-pending";

/// The reader's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct LinesChoice {
    pub threads: Vec<u32>,
    pub variants: Vec<LineVariant>,
}

impl LinesChoice {
    /// Every layout at 1, 2 and 4 threads (as many of those as are offered): enough to see false
    /// sharing on any device with two cores, in seconds.
    pub fn default_for(logical: u32) -> LinesChoice {
        LinesChoice { threads: offered_threads(logical).into_iter().filter(|&t| t <= 4).collect(), variants: LineVariant::ALL.to_vec() }
    }

    /// The two lists the tier reads: thread counts and variant ids.
    pub fn lists(&self) -> [String; 2] {
        let join = |items: Vec<String>| items.join(",");
        [join(self.threads.iter().map(u32::to_string).collect()), join(self.variants.iter().map(|v| v.id().to_owned()).collect())]
    }

    /// `1,2|one_counter,padded`: kept across the isolation reload.
    pub fn to_text(&self) -> String {
        self.lists().join("|")
    }

    pub fn from_text(text: &str) -> Option<LinesChoice> {
        let (threads, variants) = text.split_once('|')?;
        Some(LinesChoice { threads: thread_list(threads).ok()?, variants: LineVariant::parse_list(variants).ok()? })
    }

    pub fn missing(&self) -> Option<&'static str> {
        match (self.threads.is_empty(), self.variants.is_empty()) {
            (true, _) => Some("Pick at least one thread count."),
            (_, true) => Some("Pick at least one layout."),
            _ => None,
        }
    }
}

/// `(variant, [(threads, ns per update, times its 1-thread cost)])` per variant, in the kernel's order.
pub type Rows = Vec<(LineVariant, Vec<(u32, f64, Option<f64>)>)>;

/// The table's rows from a run's cases.
pub fn rows(cases: &[CaseResult]) -> Rows {
    LineVariant::ALL
        .into_iter()
        .filter_map(|v| {
            let mut of: Vec<&CaseResult> = cases.iter().filter(|c| c.is(Suite::Lines) && c.variant_id == v.id()).collect();
            wasm_core::order::sort_by_key(&mut of, |c| c.threads);
            let one = of.iter().find(|c| c.threads == 1).map(|c| c.median_ns_per_op);
            let cells = of
                .iter()
                .map(|c| (c.threads, c.median_ns_per_op, one.filter(|_| c.threads > 1).map(|o| c.median_ns_per_op / o)))
                .collect::<Vec<_>>();
            (!cells.is_empty()).then_some((v, cells))
        })
        .collect()
}

/// One sentence per layout at the most threads run, against its own one-thread cost.
pub fn findings(cases: &[CaseResult]) -> Vec<String> {
    let Some(top) = cases.iter().map(|c| c.threads).max().filter(|&t| t > 1) else { return Vec::new() };
    rows(cases)
        .into_iter()
        .filter_map(|(v, cells)| {
            let &(_, ns, times) = cells.iter().find(|(t, _, _)| *t == top)?;
            let times = times?;
            Some(format!("{}: {ns:.1} ns per update with {top} threads, {times:.1}× its cost on one thread.", v.display_name()))
        })
        .collect()
}

/// The bars of the most threads run: one bar per layout.
pub fn chart(cases: &[CaseResult]) -> Option<ChartSpec> {
    let top = cases.iter().map(|c| c.threads).max()?;
    let at_top: Vec<CaseResult> = cases.iter().filter(|c| c.threads == top).cloned().collect();
    let title = format!("This browser, {top} thread{}: ns per update (median of every thread's repeats)", if top == 1 { "" } else { "s" });
    let browser =
        Source { name: "This browser".into(), about: "this run".into(), mark: crate::palette::ChartMarker::BROWSER, cases: at_top };
    condition_bars(title, Suite::Lines, &[browser])
}

#[component]
pub fn LinesLab() -> impl IntoView {
    let logical = bridge::logical_cpus().max(1);
    let (choice, set_choice) = signal(LinesChoice::default_for(logical));
    let driver = Driver::new(false);
    let (status, file, isolation) = (driver.status, driver.file, driver.isolation);
    let running = driver.running();

    let start = move |chosen: LinesChoice| {
        let [threads, variants] = chosen.lists();
        driver.start(|on_message| bridge::start_lines(&threads, &variants, on_message));
    };
    let on_run = move |_| {
        let chosen = choice.get_untracked();
        driver.run_or_isolate(PENDING, chosen.to_text(), move || start(chosen));
    };
    if let Some(pending) = bridge::take_pending(PENDING, "[data-live=lines-lab]").and_then(|p| LinesChoice::from_text(&p)) {
        set_choice.set(pending.clone());
        if isolation.get_untracked() == Isolation::Isolated {
            start(pending);
        }
    }

    let cases = Signal::derive(move || file.with(|f| f.as_ref().map(|f| f.cases.clone()).unwrap_or_default()));
    let threads = offered_threads(logical).into_iter().map(|t| {
        let checked = Signal::derive(move || choice.with(|c| c.threads.contains(&t)));
        let toggle = Callback::new(move |on: bool| set_choice.update(|c| toggle(&mut c.threads, t, on)));
        view! { <Check id=format!("lines-threads-{t}") label=t.to_string() checked toggle running/> }
    });
    let variants = LineVariant::ALL.map(|v| {
        let checked = Signal::derive(move || choice.with(|c| c.variants.contains(&v)));
        let toggle = Callback::new(move |on: bool| set_choice.update(|c| toggle(&mut c.variants, v, on)));
        view! { <Check id=format!("lines-variant-{}", v.id()) label=v.display_name().to_string() checked toggle running/> }
    });

    view! {
        <div class="contention-lab lines-lab">
            <p class="field-note" data-testid="lines-isolation" data-state=move || format!("{:?}", isolation.get())>
                {move || isolation.get().sentence().unwrap_or("This page is cross-origin isolated: the threads can share memory.")}
            </p>
            {(logical < 2).then(|| view! {
                <p class="field-note">"This device reports one logical CPU: its threads take turns on it, so no line moves between cores."</p>
            })}
            <fieldset class="checks">
                <legend>{format!("Threads at once (this device reports {logical} logical CPUs)")}</legend>
                {threads.collect_view()}
            </fieldset>
            <fieldset class="checks">
                <legend>"Counters"</legend>
                {variants.into_iter().collect_view()}
            </fieldset>
            <div class="run-actions">
                <button type="button" data-testid="lines-run" on:click=on_run
                    prop:disabled=move || running.get() || choice.with(|c| c.missing().is_some())>"Run"</button>
                <button type="button" class="secondary" data-testid="lines-cancel" on:click=move |_| driver.cancel()
                    prop:disabled=move || !running.get()>"Cancel"</button>
                <span class="field-note">{move || choice.with(|c| c.missing())}</span>
            </div>
            <RunStatus driver prefix="lines"/>
            <Show when=move || file.with(Option::is_some)>
                <ul class="bench-notes" data-testid="lines-findings">
                    {move || cases.with(|c| findings(c)).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ul>
                <Chart spec=Signal::derive(move || cases.with(|c| chart(c)).unwrap_or_else(ChartSpec::empty)) test_id="lines-chart"/>
                <LinesTable cases/>
                <Show when=move || status.get() == Status::Done>
                    <SubmitFile file=file.into() prefix="lines"/>
                </Show>
            </Show>
        </div>
    }
}

/// Layouts down, thread counts across: median ns per update and the multiple of one thread's.
/// Each cell carries `data-threads` and `data-ns` (exact) for tests.
#[component]
fn LinesTable(cases: Signal<Vec<CaseResult>>) -> impl IntoView {
    let columns = Signal::derive(move || {
        let mut t: Vec<u32> = cases.with(|c| c.iter().map(|c| c.threads).collect());
        wasm_core::order::sort(&mut t);
        t.dedup();
        t
    });
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Cache-lines results table">
            <table class="data" data-testid="lines-table">
                <caption>"This browser: median nanoseconds per update, every thread timed (in brackets: times the one-thread cost)"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Counters"</th>
                        {move || columns.get().into_iter().map(|t| view! {
                            <th scope="col" class="num">{format!("{t} thread{}", if t == 1 { "" } else { "s" })}</th>
                        }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let columns = columns.get();
                        rows(&cases.get()).into_iter().map(|(v, cells)| view! {
                            <tr data-variant=v.id()>
                                <th scope="row">{v.display_name()}</th>
                                {columns.iter().map(|t| match cells.iter().find(|(ct, _, _)| ct == t) {
                                    Some(&(t, ns, times)) => view! {
                                        <td class="num" data-threads=t.to_string() data-ns=ns.to_string()>
                                            {format!("{ns:.2}")}{times.map(|x| format!(" ({x:.1}×)"))}
                                        </td>
                                    }.into_any(),
                                    None => view! { <td class="num">"–"</td> }.into_any(),
                                }).collect_view()}
                            </tr>
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::results::CaseParams;

    fn case(v: LineVariant, threads: u32, ns: f64) -> CaseResult {
        CaseResult::new(
            Suite::Lines,
            v.display_name(),
            v.id(),
            threads,
            1000,
            CaseParams::default(),
            1,
            vec![ns * 1000.0; 2 * threads as usize],
        )
    }

    #[test]
    fn choices_survive_the_reload_and_say_what_is_missing() {
        let choice = LinesChoice::default_for(8);
        assert_eq!((choice.threads.clone(), choice.variants.len()), (vec![1, 2, 4], 6));
        assert_eq!(LinesChoice::from_text(&choice.to_text()), Some(choice.clone()));
        assert_eq!(LinesChoice::default_for(1).threads, [1, 2], "a one-CPU device still gets two threads to compare");
        assert_eq!(LinesChoice::from_text("0|padded"), None);
        assert_eq!(LinesChoice::from_text("2|false_sharing"), None);
        assert!(LinesChoice { threads: vec![], ..choice.clone() }.missing().unwrap().contains("thread"));
        assert!(LinesChoice { variants: vec![], ..choice }.missing().unwrap().contains("layout"));
    }

    #[test]
    fn rows_and_findings_compare_each_layout_with_its_own_single_thread() {
        let cases = [
            case(LineVariant::Padded, 1, 2.0),
            case(LineVariant::OneCounter, 2, 8.0),
            case(LineVariant::OneCounter, 1, 2.0),
            case(LineVariant::Padded, 2, 2.2),
        ];
        let rows = rows(&cases);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0], (LineVariant::OneCounter, vec![(1, 2.0, None), (2, 8.0, Some(4.0))]));
        let found = findings(&cases);
        assert_eq!(found[0], "one shared counter: fetch_add: 8.0 ns per update with 2 threads, 4.0× its cost on one thread.");
        assert!(found[1].starts_with("own counter, CachePadded: 2.2 ns") && found[1].contains("1.1×"), "{found:?}");
        assert!(findings(&cases[..1]).is_empty(), "nothing to compare on one thread");
        let spec = chart(&cases).unwrap();
        assert!(spec.title.contains("2 threads"));
        assert_eq!(spec.series[0].points.len(), 2);
    }
}
