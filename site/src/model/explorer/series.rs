//! Contention charts: results files → `ChartSpec`s of time per clone, clones per second, the
//! Arc<str> ÷ String ratio and the allocator A/B, all over the thread count.

use super::format::{count, sig4};
use super::state::{ModeFilter, TypeFilter, View};
use super::{contention_variants, file_names, ValidFile};
use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale, SeriesStyle, XValue};
use crate::palette::ChartMarker;
use wasm_core::kernels::{CloneAllocator, CloneMode};
use wasm_core::results::CaseResult;

/// The cases of one line: one variant in one mode on one machine, sorted by thread count.
pub struct Line<'a> {
    pub name: String,
    pub dashed: bool,
    pub cases: Vec<&'a CaseResult>,
    /// Colour by type, marker by machine.
    pub style: Option<SeriesStyle>,
    /// Which of its machine's files this line is, where the chart draws several.
    pub run: Option<u32>,
}

/// The cases of `machine` for one variant and mode, not pinned, one per thread count (the first
/// recorded).
pub fn cases_of<'a>(machine: &'a ValidFile, variant_id: &str, mode: CloneMode) -> Vec<&'a CaseResult> {
    cases_at(machine, variant_id, mode, None)
}

/// [`cases_of`] for the cases pinned at `placement` (`clone --pin`); `None`: the unpinned ones.
pub fn cases_at<'a>(machine: &'a ValidFile, variant_id: &str, mode: CloneMode, placement: Option<&str>) -> Vec<&'a CaseResult> {
    one_per_thread_count(machine, |c| {
        c.is_global_clone() && c.variant_id == variant_id && c.clone_mode() == Some(mode) && c.placement.as_deref() == placement
    })
}

/// A machine's `String` drop cases on `allocator` (the browser lab's allocator A/B), one per thread
/// count, in thread order.
pub fn allocator_cases(machine: &ValidFile, allocator: CloneAllocator) -> Vec<&CaseResult> {
    one_per_thread_count(machine, |c| c.clone_mode() == Some(CloneMode::Drop) && c.params.allocator.as_deref() == Some(allocator.id()))
}

/// The machine's cases that `keep` keeps, in thread order, the first of each thread count.
fn one_per_thread_count(machine: &ValidFile, keep: impl Fn(&CaseResult) -> bool) -> Vec<&CaseResult> {
    let mut cases: Vec<&CaseResult> = machine.data.cases.iter().filter(|c| keep(c)).collect();
    wasm_core::order::sort_by_key(&mut cases, |c| c.threads);
    cases.dedup_by_key(|c| c.threads);
    cases
}

/// `base`, then ` · machine` when several machines are shown, then ` · mode` when both modes are.
pub fn line_name(base: &str, machine: Option<&str>, mode: Option<&str>) -> String {
    [Some(base), machine, mode].into_iter().flatten().collect::<Vec<_>>().join(" · ")
}

/// One line per (machine, mode, variant) with data, in that nesting order.
pub fn contention_lines<'a>(files: &[&'a ValidFile], mode: ModeFilter, types: TypeFilter) -> Vec<Line<'a>> {
    let names = file_names(files);
    let markers = file_markers(files);
    let mut lines = Vec::new();
    for (&mark, (m, machine_name)) in markers.iter().zip(files.iter().zip(&names)) {
        for &md in mode.modes() {
            for v in contention_variants().filter(|v| types.keeps(v)) {
                let colour = crate::palette::type_colour(v);
                let cases = cases_of(m, v, md);
                let Some(first) = cases.first() else { continue };
                let name = line_name(
                    &first.variant,
                    (files.len() > 1).then_some(machine_name.as_str()),
                    (mode == ModeFilter::Both).then_some(md.id()),
                );
                let style =
                    SeriesStyle { colour, colour_name: first.variant.clone(), marker: mark.marker, marker_name: machine_name.clone() };
                lines.push(Line { name, dashed: md == CloneMode::Forget, cases, style: Some(style), run: mark.run });
            }
            // The allocator A/B's String lines, each in its allocator's colour, beside String's.
            for allocator in CloneAllocator::ALTERNATIVES.into_iter().filter(|_| md == CloneMode::Drop && types.keeps("string")) {
                let cases = allocator_cases(m, allocator);
                let Some(first) = cases.first() else { continue };
                let base = format!("{} in a {allocator}", first.variant);
                let name =
                    line_name(&base, (files.len() > 1).then_some(machine_name.as_str()), (mode == ModeFilter::Both).then_some(md.id()));
                let colour = crate::palette::allocator_colour(allocator);
                let style = SeriesStyle { colour, colour_name: base, marker: mark.marker, marker_name: machine_name.clone() };
                lines.push(Line { name, dashed: false, cases, style: Some(style), run: mark.run });
            }
        }
    }
    lines
}

fn per_op(c: &CaseResult) -> (f64, f64, f64) {
    let ops = c.ops_per_repeat as f64;
    (c.median_ns_per_op, c.min_ns / ops, c.max_ns / ops)
}

/// A point of the time (`ns per clone`) or rate (`clones per second`) chart, spread = min..max repeat.
pub fn metric_point(series: &str, c: &CaseResult, view: View) -> ChartPoint {
    let (median, min, max) = per_op(c);
    let repeats = c.repeat_times_ns.len();
    let threads = c.threads;
    // Published whole milliseconds print to the digits they have; measurements to four.
    let digits = super::format::published_digits(&c.repeat_times_ns);
    let num = |v: f64| digits.map_or_else(|| sig4(v), |d| super::format::sig(v, d, false));
    let (y, y_low, y_high, tooltip) = if view == View::Rate {
        let rate = |ns: f64| 1e9 / ns;
        let tip = format!(
            "{series}, {}: {} clones/s (median of {}; slowest {}, fastest {})",
            count(threads, "thread", "threads"),
            num(rate(median)),
            repeats_text(repeats),
            num(rate(max)),
            num(rate(min))
        );
        (rate(median), rate(max), rate(min), tip)
    } else {
        let tip = format!(
            "{series}, {}: {} ns per clone (median of {}; min {}, max {})",
            count(threads, "thread", "threads"),
            num(median),
            repeats_text(repeats),
            num(min),
            num(max)
        );
        (median, min, max, tip)
    };
    ChartPoint {
        x: XValue::Number(f64::from(threads)),
        y,
        y_low: Some(y_low),
        y_high: Some(y_high),
        tooltip: format!("{tooltip} · spread: {}{}", spread_text(c), noise_note(c)),
        // Hollow when flagged noisy or when its spread is unknown (the reference's single runs).
        noisy: c.noise_flag() != Some(false),
        spread: Some(spread_text(c)),
        digits,
    }
}

/// "one repeat" or "N repeats".
fn repeats_text(n: usize) -> String {
    if n == 1 {
        "one repeat".into()
    } else {
        format!("{n} repeats")
    }
}

/// What [`spread_text`] says of a case with one repeat: its spread is not known, not zero.
pub const SPREAD_UNKNOWN: &str = "unknown (one repeat)";

/// How uncertain a case is, in words: unknown from a single repeat (the reference dataset's
/// published times), else the repeats' MAD as a share of the median and, when the run had rounds,
/// how far apart the rounds' medians landed (which one process's repeats cannot show).
pub fn spread_text(c: &CaseResult) -> String {
    let repeats = c.repeat_times_ns.len();
    if repeats < 2 {
        return SPREAD_UNKNOWN.into();
    }
    let mad = format!("repeats' MAD {:.1} % of the median", c.relative_mad() * 100.0);
    match (c.round_spread_rel(), &c.round_medians_ns) {
        (Some(spread), Some(rounds)) => format!("{} rounds {:.0} % apart; {mad}", rounds.len(), spread * 100.0),
        _ => mad,
    }
}

/// " · noisy: …" for a case its runner flagged noisy (repeats disagree by more than 5 %), else "".
pub fn noise_note(c: &CaseResult) -> String {
    match (c.noisy, c.noise_rel_mad) {
        (Some(true), Some(noise)) => format!(" · noisy: the repeats' MAD is {:.0} % of the median", noise * 100.0),
        _ => String::new(),
    }
}

fn metric_series(lines: Vec<Line>, view: View) -> Vec<ChartSeries> {
    lines
        .into_iter()
        .map(|l| ChartSeries {
            points: l.cases.iter().map(|c| metric_point(&l.name, c, view)).collect(),
            name: l.name,
            dashed: l.dashed,
            style: l.style,
            colour: None,
            marker: None,
            run: l.run,
        })
        .collect()
}

/// Each file's machine marker ([`ValidFile::marker`]) and run number within this chart.
pub fn file_markers(files: &[&ValidFile]) -> Vec<ChartMarker> {
    crate::palette::chart_markers(files.iter().map(|m| (m.machine_key(), m.marker)))
}

fn lines_spec(title: String, y_label: &str, scale: Scale, series: Vec<ChartSeries>, files: &[&ValidFile]) -> ChartSpec {
    ChartSpec {
        kind: ChartKind::Lines,
        title,
        x_label: "threads cloning at once".into(),
        y_label: y_label.into(),
        y_scale: scale,
        series,
        x_names: Vec::new(),
        x_colours: Vec::new(),
        machines: file_names(files),
        left_out: Vec::new(),
    }
}

fn metric_y_label(view: View) -> &'static str {
    if view == View::Rate {
        "clones per second"
    } else {
        "ns per clone (median)"
    }
}

/// Time or rate against threads for every chosen machine.
pub fn contention_spec(files: &[&ValidFile], view: View, mode: ModeFilter, scale: Scale, types: TypeFilter) -> ChartSpec {
    if view == View::Ratio {
        return ratio_spec(files, mode, scale);
    }
    if view == View::Placement {
        return placement_spec(files, mode, scale, types);
    }
    metric_spec(files, view, mode, scale, types)
}

/// Time or rate per clone against threads, one line per machine, mode and type: the time and rate
/// views, and the browser's own contention run (which needs none of the other views' code).
pub fn metric_spec(files: &[&ValidFile], view: View, mode: ModeFilter, scale: Scale, types: TypeFilter) -> ChartSpec {
    // Read cases make no clone: their chart says what each operation is.
    let (title, y_label) = match (mode, view) {
        (ModeFilter::Read, View::Rate) => ("Reads per second, every thread reading", "reads per second"),
        (ModeFilter::Read, _) => ("Time per read, every thread reading", "ns per read (median)"),
        (_, View::Rate) => ("Clones per second under contention", metric_y_label(view)),
        _ => ("Time per clone under contention", metric_y_label(view)),
    };
    let (drawn, left_out) = super::charted(files);
    let spec = lines_spec(title.into(), y_label, scale, metric_series(contention_lines(drawn, mode, types), view), drawn);
    ChartSpec { left_out, ..spec }
}

/// The pinned cases (`clone --pin`): time per clone over threads, one line per machine, type,
/// placement and mode. Colour is the type, the marker the machine, as on every chart; the numeral
/// beside it is the placement (1 for the first of [`wasm_core::results::PLACEMENTS`], ...), so the
/// same placement reads the same on every machine.
pub fn placement_spec(files: &[&ValidFile], mode: ModeFilter, scale: Scale, types: TypeFilter) -> ChartSpec {
    use wasm_core::results::PLACEMENTS;
    let names = file_names(files);
    let marks = file_markers(files);
    let mut lines = Vec::new();
    for ((m, machine_name), mark) in files.iter().zip(&names).zip(&marks) {
        for &md in mode.modes() {
            for v in contention_variants().filter(|v| types.keeps(v)) {
                let colour = crate::palette::type_colour(v);
                for (number, placement) in (1u32..).zip(PLACEMENTS) {
                    let cases = cases_at(m, v, md, Some(placement));
                    let Some(first) = cases.first() else { continue };
                    let base = format!("{} @{placement}", first.variant);
                    let name =
                        line_name(&base, (files.len() > 1).then_some(machine_name.as_str()), (mode == ModeFilter::Both).then_some(md.id()));
                    let marker_name = match files.len() {
                        1 => format!("@{placement}"),
                        _ => format!("{machine_name} @{placement}"),
                    };
                    let style = SeriesStyle { colour, colour_name: first.variant.clone(), marker: mark.marker, marker_name };
                    lines.push(Line { name, dashed: md == CloneMode::Forget, cases, style: Some(style), run: Some(number) });
                }
            }
        }
    }
    lines_spec(
        "Time per clone by placement (pinned runs)".into(),
        metric_y_label(View::Time),
        scale,
        metric_series(lines, View::Time),
        files,
    )
}

/// Name of the reference line at y = 1 on the ratio chart.
pub const EQUAL_COST: &str = "equal cost (1×)";

/// Arc<str> time ÷ String time per thread count: above 1, String clones faster.
pub fn ratio_spec(files: &[&ValidFile], mode: ModeFilter, scale: Scale) -> ChartSpec {
    let (files, left_out) = super::charted(files);
    let names = file_names(files);
    let markers = file_markers(files);
    let mut series = Vec::new();
    let mut all_threads: Vec<u32> = Vec::new();
    for ((m, machine_name), &mark) in files.iter().zip(&names).zip(&markers) {
        for &md in mode.modes() {
            let strings = cases_of(m, "string", md);
            let name = line_name(
                "Arc<str> ÷ String",
                (files.len() > 1).then_some(machine_name.as_str()),
                (mode == ModeFilter::Both).then_some(md.id()),
            );
            let points: Vec<ChartPoint> = cases_of(m, "arc_str", md)
                .into_iter()
                .filter_map(|arc| strings.iter().find(|s| s.threads == arc.threads).map(|s| ratio_point(&name, arc, s)))
                .collect();
            if points.is_empty() {
                continue;
            }
            all_threads.extend(thread_counts(&points));
            // The ratio of two types is no one type: each machine's line in ink, told apart by its marker.
            series.push(ChartSeries {
                name,
                dashed: md == CloneMode::Forget,
                points,
                style: None,
                colour: None,
                marker: Some(mark.marker),
                run: mark.run,
            });
        }
    }
    wasm_core::order::sort(&mut all_threads);
    all_threads.dedup();
    if !all_threads.is_empty() {
        let points = all_threads
            .iter()
            .map(|&t| ChartPoint {
                x: XValue::Number(f64::from(t)),
                y: 1.0,
                y_low: None,
                y_high: None,
                tooltip: format!("{}: above this line String clones faster than Arc<str>", count(t, "thread", "threads")),
                noisy: false,
                spread: None,
                digits: None,
            })
            .collect();
        series.push(ChartSeries {
            name: EQUAL_COST.into(),
            dashed: true,
            points,
            style: None,
            colour: Some(crate::charts::NEUTRAL),
            marker: None,
            run: None,
        });
    }
    ChartSpec { left_out, ..lines_spec("Arc<str> time ÷ String time per clone".into(), "Arc<str> ÷ String", scale, series, files) }
}

fn thread_counts(points: &[ChartPoint]) -> impl Iterator<Item = u32> + '_ {
    points.iter().filter_map(|p| match p.x {
        XValue::Number(n) => Some(n as u32),
        XValue::Category(_) => None,
    })
}

fn ratio_point(series: &str, arc: &CaseResult, string: &CaseResult) -> ChartPoint {
    let (a, a_min, a_max) = per_op(arc);
    let (s, s_min, s_max) = per_op(string);
    let ratio = a / s;
    let verdict = if ratio > 1.0 {
        format!("String clones {}× faster", sig4(ratio))
    } else {
        format!("Arc<str> clones {}× faster", sig4(1.0 / ratio))
    };
    ChartPoint {
        x: XValue::Number(f64::from(arc.threads)),
        y: ratio,
        y_low: Some(a_min / s_max),
        y_high: Some(a_max / s_min),
        noisy: arc.noise_flag() != Some(false) || string.noise_flag() != Some(false),
        // A ratio of single repeats (the reference's published times) has an unknown spread, not a
        // noisy one: the table says so.
        spread: (arc.repeat_times_ns.len() < 2 || string.repeat_times_ns.len() < 2).then(|| SPREAD_UNKNOWN.into()),
        digits: None,
        tooltip: format!(
            "{series}, {}: {} ({} ns vs {} ns per clone): {verdict}",
            count(arc.threads, "thread", "threads"),
            sig4(ratio),
            sig4(a),
            sig4(s)
        ),
    }
}

/// The allocator A/B of one machine: each variant once per allocator, for the chosen modes.
pub fn allocator_spec(group: &[&ValidFile], view: View, mode: ModeFilter, scale: Scale, types: TypeFilter) -> ChartSpec {
    let view = if view == View::Rate { View::Rate } else { View::Time };
    // One machine's files: its marker on each, told apart by their run numbers and allocators.
    let marks = file_markers(group);
    let mut lines = Vec::new();
    for &md in mode.modes() {
        for v in contention_variants().filter(|v| types.keeps(v)) {
            let colour = crate::palette::type_colour(v);
            for (m, mark) in group.iter().zip(&marks) {
                let cases = cases_of(m, v, md);
                let Some(first) = cases.first() else { continue };
                let name = line_name(&first.variant, Some(m.allocator()), (mode == ModeFilter::Both).then_some(md.id()));
                let style =
                    SeriesStyle { colour, colour_name: first.variant.clone(), marker: mark.marker, marker_name: m.allocator().to_owned() };
                lines.push(Line { name, dashed: md == CloneMode::Forget, cases, style: Some(style), run: mark.run });
            }
        }
    }
    let cpu = group.first().map(|m| m.description()).unwrap_or_default();
    lines_spec(format!("Allocator A/B on {cpu}"), metric_y_label(view), scale, metric_series(lines, view), group)
}

#[cfg(test)]
mod tests {
    use super::super::test_data::*;
    use super::*;

    fn ys(s: &ChartSeries) -> Vec<f64> {
        s.points.iter().map(|p| (p.y * 1000.0).round() / 1000.0).collect()
    }

    #[test]
    fn time_per_clone_one_line_per_variant() {
        let m = contention_machine("box", "Xeon", "jemalloc");
        let spec = contention_spec(&[&m], View::Time, ModeFilter::Drop, Scale::Log, TypeFilter::All);
        assert_eq!(spec.y_scale, Scale::Log);
        assert_eq!(spec.series.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Arc<str>", "String"]);
        assert_eq!(ys(&spec.series[0]), [10.0, 30.0, 70.0]);
        assert_eq!(ys(&spec.series[1]), [30.0, 30.0, 30.0]);
        let p = &spec.series[0].points[0];
        assert_eq!((p.y_low, p.y_high), (Some(9.0), Some(12.0)), "whiskers span the repeats");
        assert_eq!(p.x, XValue::Number(1.0));
        assert_eq!(
            p.tooltip,
            "Arc<str>, 1 thread: 10 ns per clone (median of 3 repeats; min 9, max 12) · spread: repeats' MAD 10.0 % of the median"
        );
    }

    #[test]
    fn rate_inverts_time_and_its_spread() {
        let m = contention_machine("box", "Xeon", "jemalloc");
        let spec = contention_spec(&[&m], View::Rate, ModeFilter::Forget, Scale::Linear, TypeFilter::All);
        let p = &spec.series[1].points[0];
        assert_eq!(spec.series[1].name, "String");
        assert!(spec.series[1].dashed, "forget lines are dashed");
        assert_eq!(p.y, 1e9 / 50.0);
        assert_eq!(p.y_low, Some(1e9 / 55.0));
        assert_eq!(p.y_high, Some(1e9 / 40.0));
    }

    #[test]
    fn several_machines_and_both_modes_name_their_lines() {
        let a = contention_machine("a", "Xeon", "jemalloc");
        let mut b = contention_machine("b", "Xeon", "system");
        b.data.label = "a".into();
        let spec = contention_spec(&[&a, &b], View::Time, ModeFilter::Both, Scale::Linear, TypeFilter::All);
        assert_eq!(spec.series.len(), 2 * 2 * 2);
        assert_eq!(spec.series[0].name, "Arc<str> · a (jemalloc) · drop");
        assert_eq!(spec.series[7].name, "String · a (system) · forget");
    }

    #[test]
    fn a_chart_draws_one_machine_per_marker_and_names_the_ones_past_the_last() {
        // Fourteen machines (each records another CPU).
        let many: Vec<ValidFile> = (0..14).map(|i| contention_machine(&format!("m{i:02}"), &format!("Xeon {i}"), "jemalloc")).collect();
        let refs: Vec<&ValidFile> = many.iter().collect();
        for view in [View::Time, View::Ratio] {
            let spec = contention_spec(&refs, view, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
            let mut markers: Vec<u32> = spec.series.iter().filter_map(|s| s.style.as_ref().map(|st| st.marker).or(s.marker)).collect();
            wasm_core::order::sort(&mut markers);
            markers.dedup();
            assert_eq!(markers.len(), crate::palette::MACHINES_PER_CHART, "{view:?}: one marker per drawn machine");
            assert_eq!(spec.machines.len(), crate::palette::MACHINES_PER_CHART);
            assert_eq!(spec.left_out, ["m12", "m13"], "{view:?}");
            assert!(spec.series.iter().all(|s| !s.name.contains("m12") && !s.name.contains("m13")));
        }
        let spec = contention_spec(&refs[..3], View::Time, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        assert!(spec.left_out.is_empty());
        assert!(crate::charts::left_out_line(&spec.left_out).is_none());
        assert_eq!(
            crate::charts::left_out_line(&["m12".into(), "m13".into()]).unwrap(),
            "Not drawn: m12, m13. One chart tells at most 12 machines apart, one marker shape each: untick some to choose which."
        );
    }

    #[test]
    fn ratio_crosses_one_where_string_wins() {
        let m = contention_machine("box", "Xeon", "jemalloc");
        let spec = ratio_spec(&[&m], ModeFilter::Drop, Scale::Linear);
        assert_eq!(spec.series.len(), 2);
        assert_eq!(ys(&spec.series[0]), [0.333, 1.0, 2.333]);
        assert!(spec.series[0].points[2].tooltip.ends_with("String clones 2.333× faster"), "{}", spec.series[0].points[2].tooltip);
        assert!(spec.series[0].points[0].tooltip.ends_with("Arc<str> clones 3× faster"));
        let reference = &spec.series[1];
        assert_eq!(reference.name, EQUAL_COST);
        assert_eq!(ys(reference), [1.0, 1.0, 1.0]);
        assert_eq!(spec.series[0].points[0].y_low, Some(9.0 / 33.0));
    }

    #[test]
    fn allocator_ab_pairs_each_variant() {
        let je = contention_machine("je", "Xeon", "jemalloc");
        let sys = contention_machine("sys", "Xeon", "system");
        let spec = allocator_spec(&[&je, &sys], View::Ratio, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Arc<str> · jemalloc", "Arc<str> · system", "String · jemalloc", "String · system"]);
        assert_eq!(spec.y_label, "ns per clone (median)");
        // One machine: its marker on both files, which their run numbers and allocators tell apart;
        // the type is the colour (the same for both allocators).
        let style = |i: usize| spec.series[i].style.clone().unwrap();
        assert_eq!(style(0).marker, style(1).marker);
        assert_eq!((spec.series[0].run, spec.series[1].run, spec.series[2].run), (Some(1), Some(2), Some(1)));
        assert_eq!((style(0).marker_name.as_str(), style(1).marker_name.as_str()), ("jemalloc", "system"));
        assert_eq!(style(0).colour, style(1).colour);
        assert_ne!(style(0).colour, style(2).colour);
        assert!(spec.series.iter().all(|s| !s.dashed), "drop mode only: no dashed line");
    }

    #[test]
    fn contention_lines_colour_by_type_and_mark_by_machine() {
        let a = contention_machine("a", "Xeon", "jemalloc");
        let b = contention_machine("b", "Ryzen", "jemalloc");
        let spec = contention_spec(&[&a, &b], View::Time, ModeFilter::Both, Scale::Linear, TypeFilter::All);
        let styles: Vec<_> = spec.series.iter().map(|s| s.style.clone().unwrap()).collect();
        for (s, st) in spec.series.iter().zip(&styles) {
            assert!(s.name.starts_with(&st.colour_name), "{} is coloured as {}", s.name, st.colour_name);
            assert!(s.name.contains(&st.marker_name), "{} is marked as {}", s.name, st.marker_name);
            assert_eq!(s.dashed, s.name.ends_with("forget"));
            // One colour per type, whatever the machine or mode.
            for (t, tt) in spec.series.iter().zip(&styles) {
                assert_eq!(st.colour == tt.colour, st.colour_name == tt.colour_name, "{} vs {}", s.name, t.name);
                assert_eq!(st.marker == tt.marker, st.marker_name == tt.marker_name);
            }
        }
        // A machine's marker is its identity's, whichever machines share the chart.
        let alone = contention_spec(&[&b], View::Time, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        let names = file_names(&[&a, &b]);
        let marker_of = |name: &str| styles.iter().find(|st| st.marker_name == name).unwrap().marker;
        assert_eq!(marker_of(&names[1]), alone.series[0].style.clone().unwrap().marker);
        assert_ne!(marker_of(&names[0]), marker_of(&names[1]));
    }

    #[test]
    fn noisy_cases_are_flagged_on_their_points() {
        let mut noisy = case("arc_str", "drop", 1, &[10.0, 14.0, 7.0]);
        noisy.mark_noise();
        assert_eq!(noisy.noisy, Some(true));
        let mut quiet = case("string", "drop", 1, &[10.0, 10.1, 9.9]);
        quiet.mark_noise();
        let m = machine("m", "EPYC", "jemalloc", vec![noisy, quiet]);
        let time = contention_spec(&[&m], View::Time, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        let flags: Vec<(String, bool)> = time.series.iter().map(|s| (s.name.clone(), s.points[0].noisy)).collect();
        assert_eq!(flags, [("Arc<str>".to_owned(), true), ("String".to_owned(), false)]);
        assert!(time.series[0].points[0].tooltip.contains("noisy"));
        // A ratio is as noisy as either of its two cases.
        let ratio = contention_spec(&[&m], View::Ratio, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        assert!(ratio.series[0].points[0].noisy);
    }

    #[test]
    fn pinned_cases_chart_only_by_placement() {
        let mut pinned = case("arc_str", "drop", 2, &[90.0]);
        (pinned.placement, pinned.cpus) = (Some("same-l3".into()), Some(vec![0, 1]));
        let m = machine("m", "EPYC", "jemalloc", vec![case("arc_str", "drop", 2, &[40.0]), pinned]);
        let time = contention_spec(&[&m], View::Time, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        assert_eq!(time.series.len(), 1);
        assert_eq!(time.series[0].points[0].y, 4.0, "the ordinary case, not the pinned one");
        let placed = contention_spec(&[&m], View::Placement, ModeFilter::Drop, Scale::Linear, TypeFilter::All);
        assert_eq!(placed.series.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Arc<str> @same-l3"]);
        assert_eq!(placed.series[0].points[0].y, 9.0);
        // The marker stays the machine's; the numeral is the placement's place in PLACEMENTS.
        let style = placed.series[0].style.clone().unwrap();
        assert_eq!((style.marker, style.marker_name.as_str()), (m.marker, "@same-l3"));
        let number = wasm_core::results::PLACEMENTS.iter().position(|p| *p == "same-l3").unwrap() as u32 + 1;
        assert_eq!(placed.series[0].run, Some(number));
    }

    #[test]
    fn missing_data_gives_empty_charts() {
        let m = machine("empty", "Xeon", "jemalloc", vec![case("rc_str", "drop", 1, &[5.0])]);
        assert!(contention_spec(&[&m], View::Time, ModeFilter::Both, Scale::Linear, TypeFilter::All).series.is_empty());
        assert!(ratio_spec(&[&m], ModeFilter::Drop, Scale::Linear).series.is_empty());
    }

    /// Issue 22, §3: a single published run has an unknown spread (and is drawn ringed, never as
    /// steady); a run with rounds says how far apart they landed, besides the repeats' MAD.
    #[test]
    fn spread_is_unknown_for_one_repeat_and_names_the_rounds() {
        let one = crate::model::explorer::test_data::case("arc_str", "drop", 2, &[100.0]);
        let p = metric_point("Arc<str>", &one, View::Time);
        assert_eq!(p.spread.as_deref(), Some("unknown (one repeat)"));
        assert!(p.noisy && p.tooltip.contains("median of one repeat;"), "{}", p.tooltip);
        let mut rounds = crate::model::explorer::test_data::case("arc_str", "drop", 2, &[100.0, 100.0, 150.0, 150.0]);
        rounds.round_medians_ns = Some(vec![100.0, 150.0]);
        assert_eq!(spread_text(&rounds), "2 rounds 40 % apart; repeats' MAD 20.0 % of the median");
    }

    #[test]
    fn noisy_cases_say_so_in_their_tooltip() {
        let mut c = crate::model::explorer::test_data::case("arc_str", "drop", 2, &[100.0, 150.0, 200.0]);
        assert_eq!(noise_note(&c), "", "no flag recorded: nothing claimed");
        c.mark_noise();
        assert!(metric_point("Arc<str>", &c, View::Time).tooltip.ends_with("noisy: the repeats' MAD is 33 % of the median"));
    }
}
