//! The bridge to `site/js/charts.js`, the only code that touches d3. Rust hands it a plain JSON spec;
//! d3 then owns every node inside the host element (Leptos never renders into it).

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/charts.js")]
extern "C" {
    #[wasm_bindgen(js_name = renderChart, catch)]
    fn render_chart_js(host: &web_sys::HtmlElement, spec_json: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(js_name = clearChart)]
    fn clear_chart_js(host: &web_sys::HtmlElement);
}

/// What kind of marks to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChartKind {
    /// One bar per (category, series), with min–max whiskers.
    Bars,
    /// One line per series over a numeric x (e.g. thread count).
    Lines,
}

/// The y axis scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scale {
    #[default]
    Linear,
    Log,
}

/// An x position: a number on a line chart, a category name on a bar chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum XValue {
    Number(f64),
    Category(String),
}

/// One mark: its value, optional spread, and the tooltip text shown on hover.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartPoint {
    pub x: XValue,
    pub y: f64,
    pub y_low: Option<f64>,
    pub y_high: Option<f64>,
    pub tooltip: String,
    /// The case is noisy (its repeats disagree by more than 5 %) or its spread is unknown (fewer
    /// than three repeats and no flag): drawn ringed (a bar pale), never as steady, and
    /// marked in the table.
    pub noisy: bool,
    /// How uncertain the point is, in words, for its table row: how far apart the rounds landed,
    /// the repeats' MAD, or "unknown" for a single repeat. `None` where the chart has no such figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spread: Option<String>,
    /// Significant digits the point's data supports, when fewer than the usual four (the
    /// reference's whole milliseconds); the table prints `y` to that precision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digits: Option<u32>,
}

/// A named group of marks drawn in one colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartSeries {
    pub name: String,
    pub dashed: bool,
    pub points: Vec<ChartPoint>,
    /// How a line chart with many machines tells its lines apart; `None`: one colour per series
    /// ([`ChartSeries::colour`]) and one legend entry per series.
    pub style: Option<SeriesStyle>,
    /// Palette index of the type the series stands for ([`crate::palette::type_colour`]), or
    /// [`NEUTRAL`] for a reference line; `None` with a `marker`: a machine's series of no one type
    /// (drawn in the text's colour); `None` without: the series' place in the chart. Unused with `style`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<u32>,
    /// The marker of the machine (or the reader's browser) the series stands for
    /// ([`crate::loaded::ValidFile::marker`]): on bars at each bar's end, on lines at each point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marker: Option<u32>,
    /// Which of its machine's files the series is, where the chart draws several of one machine
    /// ([`crate::palette::ChartMarker::run`]): a numeral beside each of its markers and in the legend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<u32>,
}

/// A series drawn in the text's muted colour rather than a palette colour (a reference line such
/// as "equal cost"), so that it never looks like a machine.
pub const NEUTRAL: u32 = 1000;

/// Said under every chart with whiskers: charts.js stops the axis at twice the largest median, so one
/// slow repeat cannot flatten the bars, and a whisker past it ends in an arrowhead.
pub const CLIPPED_WHISKERS: &str =
    "A whisker ending in an arrowhead runs past the axis, which stops at twice the largest median; the table's max column has its end.";

/// Two independent encodings: colour for what is measured (one per type, the same on every chart),
/// marker shape for where (one per machine). The legend lists each once, and a line is labelled with
/// its type at its end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeriesStyle {
    /// Palette index (`--series-N`), fixed per type ([`crate::palette::type_colour`]).
    pub colour: u32,
    /// What the colour stands for: the type's name.
    pub colour_name: String,
    /// Marker index: circle, square, triangle, diamond, ... (a machine's is
    /// [`crate::loaded::ValidFile::marker`], the same on every page).
    pub marker: u32,
    /// What the marker stands for: the machine's name.
    pub marker_name: String,
}

/// Everything `renderChart` needs; serialised to JSON for the JS side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartSpec {
    pub kind: ChartKind,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub y_scale: Scale,
    pub series: Vec<ChartSeries>,
    /// What the x axis writes for a category (`inline_buf` → `InlineBuf<128>`), when it differs from
    /// the category itself; marks keep the category in `data-x`.
    pub x_names: Vec<(String, String)>,
    /// A bar chart's colour per category: its type's ([`crate::palette::variant_colour`]), so that
    /// colour means the type on every chart; the bars' machines are told apart by their markers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub x_colours: Vec<(String, u32)>,
    /// The machines whose numbers the chart shows, as the chart names them: written above every
    /// chart (live or static), since with one machine neither the legend nor the marks name it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub machines: Vec<String>,
    /// Machines asked for but not drawn, as the chart would name them: past
    /// [`crate::palette::MACHINES_PER_CHART`], markers would repeat. Written under the machines line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
}

/// The note under a chart's machines line when it left machines out (none when it drew them all).
pub fn left_out_line(left_out: &[String]) -> Option<String> {
    (!left_out.is_empty()).then(|| {
        format!(
            "Not drawn: {}. One chart tells at most {} machines apart, one marker shape each: untick some to choose which.",
            left_out.join(", "),
            crate::palette::MACHINES_PER_CHART
        )
    })
}

/// The line above a chart that names its machines ("Machine: …", "Machines: …, …").
pub fn machines_line(machines: &[String]) -> Option<String> {
    match machines {
        [] => None,
        [one] => Some(format!("Machine: {one}")),
        many => Some(format!("Machines: {}", many.join(", "))),
    }
}

impl ChartSpec {
    /// A chart with nothing in it: drawn only for the instant between a run being cleared and the
    /// `<Show>` around its chart removing it.
    pub fn empty() -> ChartSpec {
        ChartSpec {
            kind: ChartKind::Bars,
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            y_scale: Scale::Linear,
            series: Vec::new(),
            x_names: Vec::new(),
            x_colours: Vec::new(),
            machines: Vec::new(),
            left_out: Vec::new(),
        }
    }
}

/// A chart's numbers as a reader downloads them: what it shows (title, axes) and every mark's
/// series, x, median and whisker ends, without the drawing's styling.
#[derive(Serialize)]
struct ChartData<'a> {
    title: &'a str,
    x_label: &'a str,
    y_label: &'a str,
    series: Vec<SeriesData<'a>>,
}

#[derive(Serialize)]
struct SeriesData<'a> {
    name: &'a str,
    points: Vec<PointData<'a>>,
}

#[derive(Serialize)]
struct PointData<'a> {
    x: &'a XValue,
    /// The x axis's words for a category, where they differ from `x`.
    #[serde(skip_serializing_if = "Option::is_none")]
    x_name: Option<&'a str>,
    y: f64,
    y_low: Option<f64>,
    y_high: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spread: Option<&'a str>,
    noisy: bool,
}

/// `spec`'s numbers as pretty JSON ([`ChartData`]): the chart's "Data (JSON)" download.
pub fn data_json(spec: &ChartSpec) -> String {
    let name_of = |x: &XValue| match x {
        XValue::Category(c) => spec.x_names.iter().find(|(id, _)| id == c).map(|(_, name)| name.as_str()),
        XValue::Number(_) => None,
    };
    let data = ChartData {
        title: &spec.title,
        x_label: &spec.x_label,
        y_label: &spec.y_label,
        series: spec
            .series
            .iter()
            .map(|s| SeriesData {
                name: &s.name,
                points: s
                    .points
                    .iter()
                    .map(|p| PointData {
                        x: &p.x,
                        x_name: name_of(&p.x),
                        y: p.y,
                        y_low: p.y_low,
                        y_high: p.y_high,
                        spread: p.spread.as_deref(),
                        noisy: p.noisy,
                    })
                    .collect(),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&data).unwrap_or_default()
}

/// Draws `spec` into `host`, replacing what was there. Errors from d3 come back as a message.
pub fn render_chart(host: &web_sys::HtmlElement, spec: &ChartSpec) -> Result<(), String> {
    let json = serde_json::to_string(spec).map_err(|e| e.to_string())?;
    render_chart_js(host, &json).map_err(|e| format!("{e:?}"))
}

/// Removes everything d3 drew into `host`.
pub fn clear_chart(host: &web_sys::HtmlElement) {
    clear_chart_js(host);
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    /// The specs of the charts the page being pre-rendered draws statically, in page order.
    static STATIC_CHARTS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes `spec` for the build to draw into the static page (with `js/charts.js`, the same code the
/// browser runs) and returns its number on the page. In the browser (where no page is
/// pre-rendered) it notes nothing.
pub fn static_chart(spec: &ChartSpec) -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let json = serde_json::to_string(spec).expect("a chart spec serialises");
        STATIC_CHARTS.with(|c| {
            let mut c = c.borrow_mut();
            c.push(json);
            c.len() - 1
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = spec;
        0
    }
}

/// The static charts noted since the last call (the pre-renderer takes them after each page).
#[cfg(not(target_arch = "wasm32"))]
pub fn take_static_charts() -> Vec<String> {
    STATIC_CHARTS.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_download_has_every_mark_and_no_styling() {
        let point = |x: &str, y: f64| ChartPoint {
            x: XValue::Category(x.into()),
            y,
            y_low: Some(y - 1.0),
            y_high: Some(y + 1.0),
            tooltip: "tip".into(),
            noisy: false,
            spread: Some("rounds 3 % apart".into()),
            digits: None,
        };
        let spec = ChartSpec {
            kind: ChartKind::Bars,
            title: "Recorded sso results: 2 threads".into(),
            x_label: "variant".into(),
            y_label: "ns per call".into(),
            y_scale: Scale::Linear,
            series: vec![ChartSeries {
                name: "xeon".into(),
                dashed: false,
                points: vec![point("inline_buf", 10.0), point("vec", 20.0)],
                style: None,
                colour: Some(3),
                marker: None,
                run: None,
            }],
            x_names: vec![("inline_buf".into(), "InlineBuf<128>".into())],
            x_colours: Vec::new(),
            machines: vec!["xeon".into()],
            left_out: Vec::new(),
        };
        let data: serde_json::Value = serde_json::from_str(&data_json(&spec)).unwrap();
        assert_eq!(data["title"], "Recorded sso results: 2 threads");
        assert_eq!(data["y_label"], "ns per call");
        let points = data["series"][0]["points"].as_array().unwrap();
        assert_eq!(points.len(), 2);
        assert_eq!(
            (points[0]["x"].as_str(), points[0]["x_name"].as_str(), points[0]["y_high"].as_f64()),
            (Some("inline_buf"), Some("InlineBuf<128>"), Some(11.0))
        );
        assert_eq!(points[1].get("x_name"), None, "no name where the axis writes the id");
        assert_eq!(points[0]["spread"], "rounds 3 % apart");
        let text = data.to_string();
        assert!(!text.contains("tooltip") && !text.contains("colour") && !text.contains("dashed"), "{text}");
    }
}
