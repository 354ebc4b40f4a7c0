//! Memory charts: the allocator's mapped and resident bytes around each case (`case.memory`) and the
//! mapped-memory timeline sampled during a repeat (`case.mapped_timeline`). Together they show why
//! leaking (`forget`) String clones is slow: the allocator has to map fresh memory all the time.

use super::format::{mib, sig4};
use super::series::{contention_lines, line_name};
use super::state::ModeFilter;
use super::{file_names, ValidFile};
use crate::charts::{ChartKind, ChartPoint, ChartSeries, ChartSpec, Scale, XValue};
use wasm_core::kernels::CloneMode;
use wasm_core::results::MemoryStats;

/// Which allocator figure a memory chart shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    Mapped,
    Resident,
}

impl Figure {
    fn name(self) -> &'static str {
        match self {
            Figure::Mapped => "mapped",
            Figure::Resident => "resident",
        }
    }

    fn before_after(self, m: &MemoryStats) -> (u64, u64) {
        match self {
            Figure::Mapped => (m.mapped_before_bytes, m.mapped_after_bytes),
            Figure::Resident => (m.resident_before_bytes, m.resident_after_bytes),
        }
    }
}

/// The figure after the last timed repeat, in MiB, against threads: one line per variant and mode.
pub fn memory_spec(files: &[&ValidFile], mode: ModeFilter, figure: Figure, scale: Scale) -> ChartSpec {
    // Only machines with statistics take a marker, so the ones without never push one off the chart.
    let with_stats: Vec<&ValidFile> = files.iter().copied().filter(|m| m.clone_cases().any(|c| c.memory.is_some())).collect();
    let (files, left_out) = super::charted(&with_stats);
    let series = contention_lines(files, mode, crate::model::explorer::state::TypeFilter::All)
        .into_iter()
        .filter_map(|line| {
            let points: Vec<ChartPoint> = line
                .cases
                .iter()
                .filter_map(|c| {
                    let stats = c.memory?;
                    let (before, after) = figure.before_after(&stats);
                    Some(ChartPoint {
                        x: XValue::Number(f64::from(c.threads)),
                        y: mib(after),
                        y_low: None,
                        y_high: None,
                        noisy: false,
                        spread: None,
                        digits: None,
                        tooltip: format!(
                            "{}, {}: {} {} MiB before → {} MiB after the last repeat (allocated {} → {} MiB)",
                            line.name,
                            super::format::count(c.threads, "thread", "threads"),
                            figure.name(),
                            sig4(mib(before)),
                            sig4(mib(after)),
                            sig4(mib(stats.allocated_before_bytes)),
                            sig4(mib(stats.allocated_after_bytes)),
                        ),
                    })
                })
                .collect();
            (!points.is_empty()).then_some(ChartSeries {
                name: line.name,
                dashed: line.dashed,
                points,
                style: line.style,
                colour: None,
                marker: None,
                run: line.run,
            })
        })
        .collect();
    ChartSpec {
        kind: ChartKind::Lines,
        title: format!("Allocator {} memory after cloning", figure.name()),
        x_label: "threads cloning at once".into(),
        y_label: format!("MiB {} after", figure.name()),
        y_scale: scale,
        series,
        x_names: Vec::new(),
        x_colours: Vec::new(),
        machines: super::file_names(files),
        left_out,
    }
}

/// Most points drawn per timeline: a 20,000-point timeline drawn whole is a long task and tens of
/// thousands of DOM nodes (chart and table), and a 1280-pixel chart cannot show more anyway.
pub const MAX_POINTS_DRAWN: usize = 400;

/// At most `max` of `items`, evenly spaced, always keeping the first, the last and the largest by
/// `key` (a memory timeline's peak must survive the thinning).
pub fn downsample<T: Clone>(items: &[T], max: usize, key: impl Fn(&T) -> u64) -> Vec<T> {
    if items.len() <= max || max < 3 {
        return items.iter().take(max).cloned().collect();
    }
    let peak = (0..items.len()).max_by_key(|&i| key(&items[i])).unwrap_or(0);
    let mut picked: Vec<usize> = (0..max - 1).map(|k| k * (items.len() - 1) / (max - 2)).collect();
    picked.push(peak);
    wasm_core::order::sort(&mut picked);
    picked.dedup();
    picked.into_iter().map(|i| items[i].clone()).collect()
}

/// Mapped MiB over the time of a repeat, one line per case that recorded a timeline (none: no series).
pub fn timeline_spec(files: &[&ValidFile], mode: ModeFilter, scale: Scale) -> ChartSpec {
    let names = file_names(files);
    let mut series = Vec::new();
    for (m, machine_name) in files.iter().zip(&names) {
        for c in m.clone_cases().filter(|c| c.clone_mode().is_some_and(|md| mode.modes().contains(&md))) {
            let Some(timeline) = &c.mapped_timeline else { continue };
            let base =
                format!("{} {} · {}", c.variant, c.mode.as_deref().unwrap_or(""), super::format::count(c.threads, "thread", "threads"));
            let name = line_name(&base, (files.len() > 1).then_some(machine_name.as_str()), None);
            let points = downsample(timeline, MAX_POINTS_DRAWN, |p| p.mapped_bytes)
                .iter()
                .map(|p| {
                    let ms = p.elapsed_ns as f64 / 1e6;
                    ChartPoint {
                        x: XValue::Number(ms),
                        y: mib(p.mapped_bytes),
                        y_low: None,
                        y_high: None,
                        noisy: false,
                        spread: None,
                        digits: None,
                        tooltip: format!("{name}: {} MiB mapped at {} ms", sig4(mib(p.mapped_bytes)), sig4(ms)),
                    }
                })
                .collect();
            // Colour is the type, as on every chart; a type's lines at several thread counts share it
            // and are told apart by their names (legend, tooltip).
            let colour = Some(crate::palette::type_colour(&c.variant_id));
            series.push(ChartSeries {
                dashed: c.clone_mode() == Some(CloneMode::Forget),
                name,
                points,
                style: None,
                colour,
                marker: None,
                run: None,
            });
        }
    }
    ChartSpec {
        kind: ChartKind::Lines,
        title: "Mapped memory during the last repeat".into(),
        x_label: "ms since the repeat started".into(),
        y_label: "mapped MiB".into(),
        y_scale: scale,
        series,
        x_names: Vec::new(),
        x_colours: Vec::new(),
        machines: super::names_with(files, |m| m.clone_cases().any(|c| c.mapped_timeline.is_some())),
        left_out: Vec::new(),
    }
}

/// Why each chosen machine without allocator statistics has none: (machine name, reason). Only
/// jemalloc runs of the native runner record them.
pub fn missing_stats(files: &[&ValidFile]) -> Vec<(String, &'static str)> {
    let names = file_names(files);
    files
        .iter()
        .zip(names)
        .filter(|(m, _)| !m.clone_cases().any(|c| c.memory.is_some()))
        .map(|(m, name)| {
            let why = if m.is_reference() {
                "imported from the article's published data, which has no allocator statistics"
            } else if m.allocator() != "jemalloc" {
                "the system allocator reports none"
            } else {
                "this file recorded none"
            };
            (name, why)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_data::*;
    use super::*;

    #[test]
    fn missing_statistics_are_explained_per_machine() {
        let sys = machine("sys", "Xeon", "system", vec![case("arc_str", "drop", 1, &[5.0])]);
        let je = machine("je", "Xeon", "jemalloc", vec![case("arc_str", "drop", 1, &[5.0])]);
        let mut with_stats = case("arc_str", "drop", 1, &[5.0]);
        with_stats.memory = Some(wasm_core::results::MemoryStats {
            mapped_before_bytes: 1,
            mapped_after_bytes: 1,
            allocated_before_bytes: 1,
            allocated_after_bytes: 1,
            resident_before_bytes: 1,
            resident_after_bytes: 1,
        });
        let measured = machine("measured", "Xeon", "jemalloc", vec![with_stats]);
        let why: Vec<(String, &str)> = missing_stats(&[&sys, &je, &measured]);
        assert_eq!(why, [("sys".to_owned(), "the system allocator reports none"), ("je".to_owned(), "this file recorded none")]);
    }
    use wasm_core::results::TimelinePoint;

    fn with_memory() -> ValidFile {
        let mut m = contention_machine("box", "Xeon", "jemalloc");
        for c in m.data.cases.iter_mut() {
            let leaked = if c.mode.as_deref() == Some("forget") && c.variant_id == "string" { u64::from(c.threads) << 30 } else { 0 };
            c.memory = Some(MemoryStats {
                mapped_before_bytes: 8 << 20,
                mapped_after_bytes: (8 << 20) + leaked,
                allocated_before_bytes: 1 << 20,
                allocated_after_bytes: (1 << 20) + leaked / 2,
                resident_before_bytes: 4 << 20,
                resident_after_bytes: (4 << 20) + leaked / 4,
            });
            if c.threads == 4 && c.variant_id == "string" {
                c.mapped_timeline = Some(vec![
                    TimelinePoint { elapsed_ns: 0, mapped_bytes: 8 << 20 },
                    TimelinePoint { elapsed_ns: 2_500_000, mapped_bytes: (8 << 20) + leaked },
                ]);
            }
        }
        m
    }

    #[test]
    fn mapped_and_resident_after_each_case() {
        let m = with_memory();
        let spec = memory_spec(&[&m], ModeFilter::Both, Figure::Mapped, Scale::Linear);
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Arc<str> · drop", "String · drop", "Arc<str> · forget", "String · forget"]);
        let forget: Vec<f64> = spec.series[3].points.iter().map(|p| p.y).collect();
        assert_eq!(forget, [8.0 + 1024.0, 8.0 + 2048.0, 8.0 + 4096.0]);
        assert_eq!(
            spec.series[3].points[0].tooltip,
            "String · forget, 1 thread: mapped 8 MiB before → 1032 MiB after the last repeat (allocated 1 → 513 MiB)"
        );
        let resident = memory_spec(&[&m], ModeFilter::Forget, Figure::Resident, Scale::Log);
        assert_eq!(resident.series[1].points[0].y, 4.0 + 256.0);
    }

    #[test]
    fn no_memory_stats_no_series() {
        let m = contention_machine("sys", "Xeon", "system");
        assert!(memory_spec(&[&m], ModeFilter::Both, Figure::Mapped, Scale::Linear).series.is_empty());
        assert!(timeline_spec(&[&m], ModeFilter::Both, Scale::Linear).series.is_empty());
    }

    #[test]
    fn timeline_in_milliseconds() {
        let m = with_memory();
        let spec = timeline_spec(&[&m], ModeFilter::Both, Scale::Linear);
        let names: Vec<&str> = spec.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["String drop · 4 threads", "String forget · 4 threads"]);
        let last = &spec.series[1].points[1];
        assert_eq!((last.x.clone(), last.y), (XValue::Number(2.5), 8.0 + 4096.0));
        assert_eq!(timeline_spec(&[&m], ModeFilter::Drop, Scale::Linear).series.len(), 1);
    }

    #[test]
    fn long_timelines_are_thinned_keeping_ends_and_peak() {
        let values: Vec<u64> = (0..20_000).map(|i| if i == 12_345 { 1_000_000 } else { i }).collect();
        let thin = downsample(&values, MAX_POINTS_DRAWN, |v| *v);
        assert!(thin.len() <= MAX_POINTS_DRAWN + 1, "{}", thin.len());
        assert_eq!((thin[0], *thin.last().unwrap()), (0, 19_999));
        assert!(thin.contains(&1_000_000), "the peak survives");
        assert!(thin.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(downsample(&[1, 2, 3], 400, |v| *v), vec![1, 2, 3]);
    }
}
