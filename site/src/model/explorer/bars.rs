//! Bar charts of results, any suite: one bar per variant and source (this browser, each machine),
//! the median with a min–max whisker, in a chosen [`Unit`], each bar in its type's colour with its
//! machine's marker. Per-operation figures compare runs of different lengths. Also the units and
//! number formats the tables beside the charts share.

use wasm_core::results::CaseResult;

use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale, XValue};
use crate::palette::ChartMarker;

/// A figure (ns, or ms) with three significant figures (0.412, 4.12, 41.2, 412).
pub fn format_ns(ns: f64) -> String {
    match ns {
        n if n < 1.0 => format!("{n:.3}"),
        n if n < 10.0 => format!("{n:.2}"),
        n if n < 100.0 => format!("{n:.1}"),
        n => format!("{n:.0}"),
    }
}

/// What a table or chart reports per case: `factor` turns wasm-core's ns per operation into the
/// shown figure (1 for "ns per call"; nodes / 10^6 for "ms per list" when an operation is a node),
/// and `rate`, when set, names an extra column of operations per second ("nodes/s").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unit {
    pub name: &'static str,
    pub factor: f64,
    pub rate: Option<&'static str>,
}

impl Unit {
    pub const fn per_op(name: &'static str) -> Unit {
        Unit { name, factor: 1.0, rate: None }
    }
}

/// "ms per list" from ns per node, with nodes per second beside it.
pub fn list_unit(nodes: u64) -> Unit {
    Unit { name: "ms per list", factor: nodes as f64 / 1e6, rate: Some("nodes/s") }
}

/// `/bench`'s unit.
pub const NS_PER_CLONE: Unit = Unit::per_op("ns per clone");

/// Per-operation figures of one case in `unit`: median, min, max, MAD (each repeat's time divided
/// by the operations per repeat, times `unit.factor`).
pub fn per_unit(case: &CaseResult, unit: Unit) -> [f64; 4] {
    let ops = case.ops_per_repeat.max(1) as f64;
    [case.median_ns_per_op, case.min_ns / ops, case.max_ns / ops, case.mad_ns / ops].map(|v| v * unit.factor)
}

/// Per-clone figures of one case: median, min, max, MAD (all divided by the clones per repeat).
pub fn per_op(case: &CaseResult) -> [f64; 4] {
    per_unit(case, NS_PER_CLONE)
}

/// Operations per second, as "12.3 M".
pub fn format_rate(per_sec: f64) -> String {
    match per_sec {
        r if r >= 1e9 => format!("{:.2} G", r / 1e9),
        r if r >= 1e6 => format!("{:.1} M", r / 1e6),
        r if r >= 1e3 => format!("{:.1} k", r / 1e3),
        r => format!("{r:.0}"),
    }
}

/// Where a bar sits on the x axis: `/bench` uses the type (`Arc<str>`), the suites' charts the
/// variant id (`inline_buf`, stable in `data-x`), whose axis label is the type name ([`variant_names`]).
pub type XOf = fn(&CaseResult) -> String;

pub fn x_variant(case: &CaseResult) -> String {
    case.variant.clone()
}

pub fn x_variant_id(case: &CaseResult) -> String {
    case.variant_id.clone()
}

/// One file's (or the browser's) bars: its machine's marker (and run number) on each, each bar in
/// its type's colour ([`x_colours`]).
pub fn series(name: &str, source: &str, mark: ChartMarker, cases: &[CaseResult], unit: Unit, x_of: XOf) -> ChartSeries {
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
    ChartSeries { name: name.into(), dashed: false, points, style: None, colour: None, marker: Some(mark.marker), run: mark.run }
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
