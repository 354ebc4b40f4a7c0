//! Bar charts of results: one bar per variant and source (this browser, each machine), the median
//! with a min–max whisker, in a chosen [`Unit`]. Per-operation figures compare runs of different lengths.

use wasm_core::kernels::clone::CloneMode;
use wasm_core::results::CaseResult;

use super::native::NativeMatch;
use super::results_table::{format_ns, format_rate, per_unit, Unit, NS_PER_CLONE};
use crate::charts::XValue;
use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale};

/// Name of the browser's series in the charts (tests look bars up by it).
pub const BROWSER_SERIES: &str = "browser (wasm32)";

/// Where a bar sits on the x axis: `/bench` uses the type (`Arc<str>`), the suites' charts the
/// variant id (`inline_buf`, stable in `data-x`), whose axis label is the type name ([`variant_names`]).
pub type XOf = fn(&CaseResult) -> String;

pub fn x_variant(case: &CaseResult) -> String {
    case.variant.clone()
}

pub fn x_variant_id(case: &CaseResult) -> String {
    case.variant_id.clone()
}

/// One series: `name` in the legend, `source` in the tooltips, `colour` its identity's
/// ([`crate::palette`]: the machine's, or the browser's).
/// One machine's (or the browser's) bars: its `marker` on each, each bar in its type's colour
/// ([`x_colours`]).
pub fn series(name: &str, source: &str, marker: u32, cases: &[CaseResult], unit: Unit, x_of: XOf) -> ChartSeries {
    let points = cases
        .iter()
        .map(|case| {
            let [median, min, max, _] = per_unit(case, unit);
            let rate = unit.rate.map(|r| format!("; {} {r}", format_rate(1e9 / case.median_ns_per_op))).unwrap_or_default();
            ChartPoint {
                x: XValue::Category(x_of(case)),
                y: median,
                y_low: Some(min),
                y_high: Some(max),
                noisy: case.noise_flag() != Some(false),
                spread: None,
                digits: None,
                tooltip: format!(
                    "{} on {source}: median {} {} (min {}, max {}){rate}",
                    case.variant,
                    format_ns(median),
                    unit.name,
                    format_ns(min),
                    format_ns(max)
                ),
            }
        })
        .collect();
    ChartSeries { name: name.into(), dashed: false, points, style: None, colour: None, marker: Some(marker) }
}

/// Each bar category's colour: its variant's ([`crate::palette::variant_colour`]), kept distinct.
pub fn x_colours<'a>(cases: impl IntoIterator<Item = &'a CaseResult>, x_of: XOf) -> Vec<(String, u32)> {
    crate::palette::distinct_variants(cases.into_iter().map(|c| (x_of(c), crate::palette::variant_colour(&c.variant_id))))
}

/// A bar chart of `series` (empty ones dropped); `None` when nothing is left to draw.
pub fn bars(title: String, x_label: &str, unit: Unit, mut series: Vec<ChartSeries>) -> Option<ChartSpec> {
    series.retain(|s| !s.points.is_empty());
    // A bar chart's series are its machines (or the reader's browser), each with its marker.
    let machines = series.iter().map(|s| s.name.clone()).collect();
    (!series.is_empty()).then(|| ChartSpec {
        kind: ChartKind::Bars,
        title,
        x_label: x_label.into(),
        y_label: unit.name.into(),
        y_scale: Scale::Linear,
        series,
        x_names: Vec::new(),
        x_colours: Vec::new(),
        machines,
        left_out: Vec::new(),
    })
}

/// The axis names of bars placed by [`x_variant_id`]: each id's type name (`InlineBuf<128>`), the
/// same words the tables use.
pub fn variant_names<'a>(cases: impl IntoIterator<Item = &'a CaseResult>) -> Vec<(String, String)> {
    let mut names: Vec<(String, String)> = cases.into_iter().map(|c| (c.variant_id.clone(), c.variant.clone())).collect();
    wasm_core::order::sort(&mut names);
    names.dedup();
    names
}

/// `/bench`'s chart: a browser run (if any) beside the native matches.
pub fn chart_spec(browser: Option<&[CaseResult]>, native: &[NativeMatch], mode: CloneMode, string_len: usize) -> Option<ChartSpec> {
    let mut all = Vec::new();
    if let Some(cases) = browser {
        all.push(series(BROWSER_SERIES, "this browser", crate::palette::BROWSER_MARKER, cases, NS_PER_CLONE, x_variant));
    }
    // At most one machine per marker shape; the rest are named under the chart.
    let measured: Vec<&NativeMatch> = native.iter().filter(|m| !m.cases.is_empty()).collect();
    let cut = measured.len().min(crate::palette::MACHINES_PER_CHART);
    let (native, left_out) = (&measured[..cut], measured[cut..].iter().map(|m| m.series_name.clone()).collect::<Vec<_>>());
    let markers = crate::palette::distinct_markers(native.iter().map(|m| crate::palette::machine_marker(&m.label)));
    all.extend(native.iter().zip(markers).map(|(m, marker)| series(&m.series_name, &m.machine, marker, &m.cases, NS_PER_CLONE, x_variant)));
    let title = format!(
        "Clone cost on one thread: {string_len}-byte string, clones {}",
        match mode {
            CloneMode::Drop => "dropped",
            CloneMode::Forget => "forgotten",
            CloneMode::Read => "not made (the text read)",
        }
    );
    let cases = browser.into_iter().flatten().chain(native.iter().flat_map(|m| m.cases.iter()));
    let x_colours = x_colours(cases, x_variant);
    bars(title, "type", NS_PER_CLONE, all).map(|spec| ChartSpec { x_colours, left_out, ..spec })
}
