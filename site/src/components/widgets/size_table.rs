//! Chapter 4: `size_of`/`align_of` measured live on wasm32, beside the values a native run recorded
//! for x86_64 in a results file (`content/results/*.json`, served at `/results/<file>`, listed in
//! `/results/summary.json`), as a table and a bar chart. The build draws the x86_64 half as the box's
//! first frame ([`SizeFirstFrame`]: the file's values only, never a size the build's own target
//! computed), which the live widget replaces.

use crate::components::scroll_region::ScrollRegion;
use leptos::prelude::*;
use wasm_core::layout::{arc_header_bytes, string_type_layouts, TypeLayout};

use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale, XValue};
use crate::components::chart::{Chart, StaticChart};
use crate::components::results::loader;
use crate::model::explorer::{LoadedFile, ValidFile};

/// The file whose x86_64 layouts the table shows, of valid files in name order: the first x86_64
/// one the project's native runner wrote, else the first x86_64 one. The same rule as
/// [`load_native`], which fetches in that order and stops early.
fn preferred_native<'a>(machines: impl IntoIterator<Item = &'a ValidFile> + Clone) -> Option<&'a ValidFile> {
    let x86 = |m: &&ValidFile| m.data.machine.arch == "x86_64";
    machines.clone().into_iter().filter(x86).find(|m| m.data.runner.name == "native-runner").or_else(|| machines.into_iter().find(x86))
}

/// One target's bars: its name, its marker (the browser's, or the recording machine's), and
/// `(type, bytes)` pairs.
type SizeSeries = (String, u32, Vec<(String, u32)>);

/// Bars of each type's handle size, one series per target.
fn size_chart(series: Vec<SizeSeries>) -> ChartSpec {
    let series: Vec<ChartSeries> = series
        .into_iter()
        .map(|(name, marker, sizes)| ChartSeries {
            points: sizes
                .into_iter()
                .map(|(t, bytes)| ChartPoint {
                    tooltip: format!("{name}: {t} is {bytes} bytes"),
                    x: XValue::Category(t),
                    y: f64::from(bytes),
                    y_low: None,
                    y_high: None,
                    noisy: false,
                    spread: None,
                    digits: None,
                })
                .collect(),
            name,
            dashed: false,
            style: None,
            colour: None,
            marker: Some(marker),
            run: None,
        })
        .collect();
    // Each bar in its type's colour, as on every chart: the type by its name here.
    let types = series.iter().flat_map(|s| s.points.iter()).filter_map(|p| match &p.x {
        XValue::Category(t) => Some(t.clone()),
        XValue::Number(_) => None,
    });
    let x_colours = crate::palette::distinct_variants(types.map(|t| {
        let colour = crate::palette::variant_colour(wasm_core::kernels::CloneType::parse(&t).map_or(t.as_str(), |c| c.id()));
        (t, colour)
    }));
    ChartSpec {
        kind: ChartKind::Bars,
        title: "The handle's size in bytes, by type".into(),
        x_label: "type".into(),
        y_label: "bytes (size_of)".into(),
        y_scale: Scale::Linear,
        machines: series.iter().map(|s| s.name.clone()).collect(),
        series,
        x_names: Vec::new(),
        x_colours,
        left_out: Vec::new(),
    }
}

/// `(type, size)` of each type a file recorded.
fn recorded_sizes(machine: &ValidFile) -> Vec<(String, u32)> {
    machine.data.layouts.types.iter().map(|t| (t.type_name.clone(), t.size_bytes)).collect()
}

fn x86_series(machine: &ValidFile) -> SizeSeries {
    (format!("x86_64 ({})", machine.data.label), machine.marker, recorded_sizes(machine))
}

/// The widget's first frame, drawn by the build: the x86_64 sizes and alignments of the file the
/// live widget will read, as a table and an SVG chart. The wasm32 columns need the page's wasm.
#[component]
pub fn SizeFirstFrame() -> impl IntoView {
    let note = || view! { <p class="live-note">{crate::live::Island::Widget(crate::content::Widget::SizeTable).what()}</p> }.into_any();
    let Some(data) = use_context::<crate::static_data::StaticResults>() else { return note() };
    let Some(machine) = preferred_native(data.machines.iter()) else { return note() };
    let rows = machine
        .data
        .layouts
        .types
        .iter()
        .map(|t| {
            let (name, row_id, size, align) = (t.type_name.clone(), t.type_name.clone(), t.size_bytes, t.align_bytes);
            view! {
                <tr data-type=row_id>
                    <th scope="row"><code>{name}</code></th>
                    <td class="num" data-field="native-size">{size}</td>
                    <td class="num" data-field="native-align">{align}</td>
                </tr>
            }
        })
        .collect_view();
    let source = format!(
        "size_of and align_of as {} recorded them in results/{} (run “{}”). ",
        machine.data.runner.name, machine.file_name, machine.data.label
    );
    let arc_header = machine.data.layouts.arc_header_bytes;
    let spec = size_chart(vec![x86_series(machine)]);
    view! {
        <div data-first-frame="">
            <section class="widget" aria-labelledby="size-table-static-title">
                <h3 id="size-table-static-title">"Handle sizes on x86_64, from a native run"</h3>
                <p class="source-note">
                    {source}
                    "The same types measured on wasm32 by this page's WebAssembly need JavaScript."
                </p>
                <ScrollRegion label="Sizes and alignments on x86_64">
                <table class="data" data-testid="size-table-static">
                    <thead><tr>
                        <th scope="col">"Type"</th><th scope="col" class="num">"x86_64 size"</th><th scope="col" class="num">"x86_64 align"</th>
                    </tr></thead>
                    <tbody>
                        {rows}
                        <tr data-type="arc-header">
                            <th scope="row">"Arc header on the heap (strong + weak)"</th>
                            <td class="num" data-field="native-size">{arc_header}</td>
                            <td class="num">"–"</td>
                        </tr>
                    </tbody>
                </table>
                </ScrollRegion>
                <StaticChart spec=spec test_id="size-static-chart"/>
            </section>
        </div>
    }
    .into_any()
}

/// The first valid x86_64 results file written by the project's native runner, else any valid
/// x86_64 one. Fetches the likeliest file first (the catalogue says which) and stops at the first that
/// settles it: one file, not all of them.
async fn load_native(read: loader::ShippedReader) -> Result<Option<ValidFile>, String> {
    // Keep in step with `preferred_native` (the build's first frame shows the file this finds).
    let index = loader::index().await.map_err(|e| e.to_string())?;
    let mut fallback = None;
    for name in index.by_preference("x86_64", wasm_core::summary::RunnerKind::Native) {
        let LoadedFile::Good(machine) = loader::load_listed(&index, &name, read).await else { continue };
        if machine.data.machine.arch != "x86_64" {
            continue;
        }
        if machine.data.runner.name == "native-runner" {
            return Ok(Some(machine));
        }
        fallback.get_or_insert(machine);
    }
    Ok(fallback)
}

#[component]
pub fn SizeTable() -> impl IntoView {
    let live = string_type_layouts();
    let read = loader::ShippedReader::of_island();
    let native = LocalResource::new(move || load_native(read));
    let native_now = move || native.get().and_then(|r| r.ok()).flatten();
    // The build's first frame stays until the x86_64 file has been looked for.
    Effect::new(move |_| {
        if native.get().is_some() {
            crate::browser::remove_first_frame("[data-live=size-table]");
        }
    });
    let wasm32_sizes: Vec<(String, u32)> = live.iter().map(|l| (l.type_name.clone(), l.size_bytes)).collect();
    let chart = move || {
        let mut series = vec![("wasm32 (this page)".to_owned(), crate::palette::BROWSER_MARKER, wasm32_sizes.clone())];
        series.extend(native_now().map(|n| x86_series(&n)));
        size_chart(series)
    };

    let rows = live
        .into_iter()
        .map(|l: TypeLayout| {
            let name = l.type_name.clone();
            let lookup = name.clone();
            let row_id = name.clone();
            let native_cell = move || {
                native_now()
                    .and_then(|n| n.data.layouts.types.into_iter().find(|t| t.type_name == lookup))
                    .map_or_else(|| "–".to_owned(), |t| format!("{} / {}", t.size_bytes, t.align_bytes))
            };
            view! {
                <tr data-type=row_id>
                    <th scope="row"><code>{name}</code></th>
                    <td class="num" data-field="size">{l.size_bytes}</td>
                    <td class="num" data-field="native">{native_cell}</td>
                    <td class="num" data-field="align">{l.align_bytes}</td>
                </tr>
            }
        })
        .collect_view();

    let note = move || match native.get() {
        None => "Looking for native results in /results/ …".to_owned(),
        Some(Err(e)) => format!("Could not read the native results ({e}); only the live wasm32 values are shown."),
        Some(Ok(None)) => "No x86_64 results file has been published yet, so the x86_64 column is empty. It fills in from \
            the first content/results/*.json file (its layouts.types list) that the project's native runner writes \
            on an x86_64 machine."
            .to_owned(),
        Some(Ok(Some(n))) => format!(
            "x86_64 values: recorded by {} in results/{} (run “{}”) on {}, read by this page just now.",
            n.data.runner.name,
            n.file_name,
            n.data.label,
            machine_words(&n.data)
        ),
    };

    view! {
        <section class="widget" aria-labelledby="size-table-title">
            <h3 id="size-table-title">"Live: handle sizes, wasm32 here and x86_64 from a native run"</h3>
            <p class="source-note">
                "The wasm32 columns are " <code>"size_of::<T>()"</code> " and " <code>"align_of::<T>()"</code>
                " evaluated by this page's WebAssembly module; the Arc header is measured on a real "<code>"Arc<str>"</code>
                " as the distance from its block to its text. The x86_64 column is " <em>"size / align"</em>
                " from a results file."
            </p>
            <ScrollRegion label="Sizes and alignments">
            <table class="data" data-testid="size-table">
                <thead><tr>
                    // The sizes side by side after the type, so a phone shows both without scrolling.
                    <th scope="col">"Type"</th><th scope="col" class="num">"wasm32 size"</th>
                    <th scope="col" class="num">"x86_64 size / align"</th><th scope="col" class="num">"wasm32 align"</th>
                </tr></thead>
                <tbody>
                    {rows}
                    <tr data-type="arc-header">
                        <th scope="row">"Arc header on the heap (strong + weak): text address − block address"</th>
                        <td class="num" data-field="size">{arc_header_bytes()}</td>
                        <td class="num" data-field="native">
                            {move || native_now().map_or_else(|| "–".to_owned(), |n| n.data.layouts.arc_header_bytes.to_string())}
                        </td>
                        <td class="num">"–"</td>
                    </tr>
                </tbody>
            </table>
            </ScrollRegion>
            <p class="source-note" data-testid="size-table-note" aria-live="polite">{note}</p>
            <Chart spec=Signal::derive(chart) test_id="size-chart"/>
        </section>
    }
}

/// The machine a results file records, in its own words: the CPU model and logical CPUs, and a
/// virtual machine where the run's conditions say so (a file without the field says nothing either way).
fn machine_words(file: &wasm_core::results::ResultsFile) -> String {
    let cpu = file.machine.cpu_model.as_deref().unwrap_or("an unnamed CPU");
    let cores =
        file.machine.logical_cores.map(|c| format!(" with {}", crate::model::explorer::format::count(c, "logical CPU", "logical CPUs")));
    let virtual_machine = match file.conditions.as_ref().and_then(|c| c.hypervisor.as_deref()) {
        Some("unknown") => ", a virtual machine (its hypervisor unnamed)".to_owned(),
        Some(h) => format!(", a virtual machine under {h}"),
        None => String::new(),
    };
    format!("{cpu}{}{virtual_machine}", cores.unwrap_or_default())
}
