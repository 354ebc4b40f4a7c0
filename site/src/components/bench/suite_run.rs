//! The chapter benchmarks' common frame: run a suite's jobs through the shared loop, turn the
//! timings into results-schema cases, and show them as a d3 bar chart plus a table (its text
//! alternative) under one form with Run, Cancel and a status line.

use leptos::prelude::*;
use std::future::Future;
use wasm_core::results::{CaseParams, CaseResult};

use super::controls::RunForm;
use super::live::{LiveRun, RunControl, RunStatus, TimerNote};
use super::results_table::{ResultsTable, Unit};
use super::spec::{bars, series, variant_names, x_variant_id, BROWSER_SERIES};
use crate::browser::timing::{measure, performance, timer_step_ms, Job, Plan, Timing};
use crate::components::chart::Chart;

/// A finished chapter benchmark.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRun {
    pub cases: Vec<CaseResult>,
    pub unit: Unit,
    pub title: String,
    pub timer_step_ms: Option<f64>,
}

/// One variant of a suite: `(display name, id)` as wasm-core names them.
pub type Variant = (&'static str, &'static str);

/// Times `jobs` (one per entry of `variants`, same order): repeats just long enough for the clock.
/// A job's operation may stand for `ops_scale` of the suite's operations (an arena list of
/// `nodes` nodes), so the cases count what the native runner counts. `None` when cancelled.
pub async fn run_suite(
    suite: wasm_core::results::Suite,
    variants: &[Variant],
    jobs: &mut [Job<'_>],
    repeats: u32,
    params: CaseParams,
    ops_scale: u64,
    ctl: RunControl,
) -> Option<(Vec<CaseResult>, Option<f64>)> {
    let step = timer_step_ms(&performance());
    let timing = Timing::for_step(step);
    let plan = |_: usize, cal: &_| Plan::at_least(1, &timing, cal);
    let timed = measure(jobs, timing, repeats, &plan, &|| ctl.is_cancelled(), &|f, t| ctl.progress(f, t)).await.ok()?;
    let cases = variants
        .iter()
        .zip(timed)
        .map(|(&(name, id), t)| {
            let ops = t.ops_per_repeat.saturating_mul(ops_scale.max(1));
            let mut case = CaseResult::new(suite, name, id, 1, ops, params.clone(), 0, t.times_ns);
            case.notes = t.notes;
            case
        })
        .collect();
    Some((cases, step))
}

/// Starts `work` on `live`: the last result is cleared at once, and a completed run's replaces it.
pub fn start_suite<Fut>(live: LiveRun, set_result: WriteSignal<Option<SuiteRun>>, work: impl FnOnce(RunControl) -> Fut)
where
    Fut: Future<Output = Option<SuiteRun>> + 'static,
{
    set_result.set(None);
    live.start(work, move |r| {
        let done = r.is_some();
        let _ = set_result.try_set(r);
        done
    });
}

/// A chapter benchmark: `intro`, the form (`children` are its fields), status, clock note, and
/// after a run the chart and the table. Test ids start with `test_id`.
#[component]
pub fn LiveBench(
    test_id: &'static str,
    title: &'static str,
    #[prop(into)] intro: ViewFn,
    live: LiveRun,
    result: ReadSignal<Option<SuiteRun>>,
    on_run: Callback<()>,
    x_label: &'static str,
    children: Children,
) -> impl IntoView {
    let title_id = format!("{test_id}-title");
    let labelled_by = title_id.clone();
    let step = Memo::new(move |prev: Option<&Option<f64>>| match result.with(|r| r.as_ref().map(|r| r.timer_step_ms)) {
        Some(s) => s,
        // Measured once when the widget appears (a few µs unless the browser hides time).
        None => prev.copied().unwrap_or_else(|| timer_step_ms(&performance())),
    });
    view! {
        <section class="widget live-bench" aria-labelledby=labelled_by data-testid=test_id>
            <h3 id=title_id>{title}</h3>
            {intro.run()}
            <RunForm test_id running=live.running() on_run on_cancel=Callback::new(move |()| live.cancel())>
                {children()}
            </RunForm>
            <RunStatus run=live test_id=format!("{test_id}-status")/>
            <TimerNote step_ms=step test_id=format!("{test_id}-timer")/>
            {move || result.get().map(|r| {
                let spec = bars(r.title.clone(), x_label, r.unit, vec![series(BROWSER_SERIES, "this browser", crate::palette::ChartMarker::BROWSER, &r.cases, r.unit, x_variant_id)])
                    .map(|spec| crate::charts::ChartSpec {
                        x_names: variant_names(&r.cases),
                        x_colours: crate::components::bench::spec::x_colours(&r.cases, x_variant_id),
                        ..spec
                    });
                view! {
                    <p class="field-note">{format!("Bars: median {}; whiskers: the fastest and slowest repeat. Shorter is faster. {}", r.unit.name, crate::charts::CLIPPED_WHISKERS)}</p>
                    {spec.map(|spec| view! { <Chart spec=spec test_id=format!("{test_id}-chart")/> })}
                    <ResultsTable cases=r.cases unit=r.unit test_id=format!("{test_id}-table") row_label="Variant"
                        caption=format!("This browser, one thread: {} over the timed repeats", r.unit.name)/>
                }
            })}
        </section>
    }
}
