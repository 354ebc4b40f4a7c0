//! The bar chart of a run: one bar per type and source (this browser, each native machine), the
//! median ns per clone with a min–max whisker. Per-clone figures compare runs of different lengths.

use wasm_core::kernels::clone::CloneMode;
use wasm_core::results::CaseResult;

use super::native::NativeMatch;
use super::results_table::{format_ns, per_op};
use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale, XValue};

/// Name of the browser's series in the chart (tests look bars up by it).
pub const BROWSER_SERIES: &str = "browser (wasm32)";

fn series(name: &str, source: &str, cases: &[CaseResult]) -> ChartSeries {
    let points = cases
        .iter()
        .map(|case| {
            let [median, min, max, _] = per_op(case);
            ChartPoint {
                x: XValue::Category(case.variant.clone()),
                y: median,
                y_low: Some(min),
                y_high: Some(max),
                tooltip: format!(
                    "{} on {source}: median {} ns per clone (min {}, max {})",
                    case.variant,
                    format_ns(median),
                    format_ns(min),
                    format_ns(max)
                ),
            }
        })
        .collect();
    ChartSeries { name: name.into(), dashed: false, points }
}

/// The chart for a browser run (if any) beside the native matches; `None` when there is nothing to draw.
pub fn chart_spec(browser: Option<&[CaseResult]>, native: &[NativeMatch], mode: CloneMode, string_len: usize) -> Option<ChartSpec> {
    let mut all = Vec::new();
    if let Some(cases) = browser {
        all.push(series(BROWSER_SERIES, "this browser", cases));
    }
    all.extend(native.iter().map(|m| series(&m.series_name, &m.machine, &m.cases)));
    all.retain(|s| !s.points.is_empty());
    (!all.is_empty()).then(|| ChartSpec {
        kind: ChartKind::Bars,
        title: format!("Clone cost on one thread: {string_len}-byte string, clones {}", match mode {
            CloneMode::Drop => "dropped",
            CloneMode::Forget => "forgotten",
        }),
        x_label: "type".into(),
        y_label: "ns per clone".into(),
        y_scale: Scale::Linear,
        series: all,
    })
}
