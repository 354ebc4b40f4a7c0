//! `/bench`'s bar chart: the reader's browser run beside the native machines that measured the same
//! length (the bars themselves are [`crate::model::explorer::bars`]').

use wasm_core::kernels::clone::CloneMode;
use wasm_core::results::CaseResult;

use super::native::NativeMatch;
use crate::charts::ChartSpec;
use crate::model::explorer::bars::NS_PER_CLONE;
pub use crate::model::explorer::bars::{bars, series, variant_names, x_colours, x_variant, x_variant_id, XOf};
use crate::palette::ChartMarker;

/// Name of the browser's series in the charts (tests look bars up by it).
pub const BROWSER_SERIES: &str = "browser (wasm32)";

/// `/bench`'s chart: a browser run (if any) beside the native matches.
pub fn chart_spec(browser: Option<&[CaseResult]>, native: &[NativeMatch], mode: CloneMode, string_len: usize) -> Option<ChartSpec> {
    let mut all = Vec::new();
    if let Some(cases) = browser {
        all.push(series(BROWSER_SERIES, "this browser", ChartMarker::BROWSER, cases, NS_PER_CLONE, x_variant));
    }
    // At most one machine per marker shape; the rest are named under the chart.
    let measured: Vec<&NativeMatch> = native.iter().filter(|m| !m.cases.is_empty()).collect();
    let (native, rest) = crate::palette::split_charted(&measured);
    let left_out: Vec<String> = rest.iter().map(|m| m.series_name.clone()).collect();
    let marks = crate::palette::chart_markers(native.iter().map(|m| (&m.machine_key, m.marker)));
    all.extend(native.iter().zip(marks).map(|(m, mark)| series(&m.series_name, &m.machine, mark, &m.cases, NS_PER_CLONE, x_variant)));
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
