//! The suites besides `clone` (`sso`, `arcswap`, `arena`, `lines`): how their cases group into comparable
//! conditions (threads and parameters) and the bar chart of one condition, one series per results
//! file. Shared by the explorer (`?suite=sso`) and the chapters' recorded-results widget, so both
//! draw the same numbers the same way.

use wasm_core::kernels::CloneMode;
use wasm_core::results::CaseResult;

use super::bars::{bars, list_unit, series, variant_names, x_colours, x_variant_id, Unit};
use super::choice::Choice;
use super::{file_names, ValidFile};
use crate::charts::{ChartKind, ChartSpec, Scale};
use crate::palette::ChartMarker;

/// Which suite the explorer charts: wasm-core's one list of suites (clone contention has the time,
/// rate, ratio and memory views).
pub use wasm_core::results::Suite;

impl Choice for Suite {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Suite::Clone, Suite::Clone.id(), "Clones under contention"),
        (Suite::Sso, Suite::Sso.id(), "Small strings (SSO)"),
        (Suite::Arcswap, Suite::Arcswap.id(), "ArcSwap reads"),
        (Suite::Arena, Suite::Arena.id(), "Arenas"),
        (Suite::Lines, Suite::Lines.id(), "Cache lines"),
    ];
}

/// One group of comparable cases: same suite, threads and parameters. `key` is short and URL-safe
/// (`t2-short`, `t4-writer1000`, `t1-n100000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub key: String,
    pub label: String,
}

fn plural(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The condition `case` was measured under: its key is the case's own
/// ([`CaseResult::condition_key`], the identity rule the validator uses too), with a readable label.
pub fn condition(case: &CaseResult) -> Condition {
    let p = &case.params;
    let t = case.threads;
    let label = match case.suite() {
        Some(Suite::Sso) => format!("input set {}, {}", p.input_set.as_deref().unwrap_or("?"), plural(t, "thread")),
        Some(Suite::Arcswap) => match (p.writer, p.writer_period_us) {
            (Some(true), Some(us)) => format!("{}, a writer every {us} µs", plural(t, "reader")),
            (Some(true), None) => format!("{}, with a writer", plural(t, "reader")),
            _ => format!("{}, no writer", plural(t, "reader")),
        },
        Some(Suite::Arena) => format!("{}, {} nodes", plural(t, "thread"), p.nodes.unwrap_or(0)),
        Some(Suite::Lines) => plural(t, "thread"),
        // The default length goes unsaid, and so does an inline variant's short text, which is the
        // point of it (its length is in its case and table); another length is its own condition.
        _ => format!("{}, {}", plural(t, "thread"), case.mode.as_deref().unwrap_or(CloneMode::Drop.id())),
    };
    let key = case.condition_key();
    let label = match (case.suite(), key.rsplit_once('-').and_then(|(_, last)| last.strip_suffix('b'))) {
        (Some(Suite::Clone), Some(bytes)) if bytes.parse::<u64>().is_ok() => format!("{label}, {bytes}-byte strings"),
        _ => label,
    };
    Condition { key, label }
}

/// The distinct conditions of `suite`'s cases, in the order the cases come.
pub fn conditions<'a>(suite: Suite, cases: impl IntoIterator<Item = &'a CaseResult>) -> Vec<Condition> {
    let mut out: Vec<Condition> = Vec::new();
    for c in cases.into_iter().filter(|c| c.is(suite)) {
        let cond = condition(c);
        if !out.iter().any(|o| o.key == cond.key) {
            out.push(cond);
        }
    }
    out
}

/// The condition to show: `wanted` when it is one of `all`, else the first, skipping SSO's empty
/// tag list (its bars only compare a few ns of bookkeeping; the select still offers it).
pub fn pick_condition<'a>(all: &'a [Condition], wanted: Option<&str>) -> Option<&'a Condition> {
    wanted
        .and_then(|w| all.iter().find(|c| c.key == w))
        .or_else(|| all.iter().find(|c| !c.label.starts_with("input set empty")))
        .or(all.first())
}

/// The cases of `suite` measured under condition `key`.
pub fn cases_under(cases: &[CaseResult], suite: Suite, key: &str) -> Vec<CaseResult> {
    cases.iter().filter(|c| c.is(suite) && condition(c).key == key).cloned().collect()
}

/// What the suite's figures are in: ns per call or read, ms per list (with nodes/s) for arenas.
pub fn unit_for(suite: Suite, cases: &[&CaseResult]) -> Unit {
    match suite {
        Suite::Sso => Unit::per_op("ns per call"),
        Suite::Arcswap => Unit::per_op("ns per read"),
        Suite::Arena => list_unit(cases.first().and_then(|c| c.params.nodes).unwrap_or(1)),
        Suite::Lines => Unit::per_op("ns per update"),
        Suite::Clone => Unit::per_op("ns per clone"),
    }
}

/// One series of a condition's bar chart: whose cases, and in which colour.
pub struct Source {
    /// Its name in the legend.
    pub name: String,
    /// Where it ran, in the tooltips.
    pub about: String,
    /// Its machine's marker ([`crate::loaded::ValidFile::marker`]) and its run number in the chart; the
    /// bars' colours are their types'.
    pub mark: ChartMarker,
    pub cases: Vec<CaseResult>,
}

/// One file for [`Source::of_files`]: its machine key and marker, legend name, where it ran, and its cases.
pub struct FileSource {
    pub machine_key: String,
    pub marker: u32,
    pub name: String,
    pub about: String,
    pub cases: Vec<CaseResult>,
}

impl Source {
    /// The sources of files, each with its machine's marker, numbered where one machine has several.
    pub fn of_files(files: Vec<FileSource>) -> Vec<Source> {
        let marks = crate::palette::chart_markers(files.iter().map(|f| (&f.machine_key, f.marker)));
        files.into_iter().zip(marks).map(|(f, mark)| Source { name: f.name, about: f.about, mark, cases: f.cases }).collect()
    }
}

/// One bar chart of one condition: bars per variant, one series per source; `None` when no source
/// has a case. Always on a linear scale: a bar's length is its value, which a log axis breaks (its
/// bars start at an arbitrary floor, and a short one can vanish under it).
pub fn condition_bars(title: String, suite: Suite, sources: &[Source]) -> Option<ChartSpec> {
    let all: Vec<&CaseResult> = sources.iter().flat_map(|s| s.cases.iter()).collect();
    let unit = unit_for(suite, &all);
    let series = sources.iter().map(|s| series(&s.name, &s.about, s.mark, &s.cases, unit, x_variant_id)).collect();
    bars(title, "variant", unit, series).map(|spec| ChartSpec {
        y_scale: Scale::Linear,
        x_names: variant_names(all.iter().copied()),
        x_colours: x_colours(all.iter().copied(), x_variant_id),
        ..spec
    })
}

/// Whether `machine` has cases of `suite` (for `clone`, the variants the contention charts use).
pub fn has_suite(machine: &ValidFile, suite: Suite) -> bool {
    match suite {
        Suite::Clone => machine.has_clone_cases(),
        s => machine.data.cases.iter().any(|c| c.suite == s.key()),
    }
}

/// [`has_suite`] from the build's summary, without the file: for `clone`, an unpinned case of a
/// type the contention charts draw.
pub fn summary_has_suite(m: &wasm_core::summary::MachineSummary, suite: Suite) -> bool {
    match suite {
        Suite::Clone => m.contention,
        s => m.suites.iter().any(|x| x == s.key()),
    }
}

/// The machines of `suite` in the summary, with whether each is the reference dataset (what the
/// explorer's state may name).
pub fn available(summary: &wasm_core::summary::Summary, suite: Suite) -> Vec<(String, bool)> {
    summary
        .machines
        .iter()
        .filter(|m| summary_has_suite(m, suite))
        .map(|m| (m.id().to_owned(), m.kind == wasm_core::summary::RunnerKind::Reference))
        .collect()
}

/// The explorer's chart of a non-clone suite: the chosen machines' bars under condition `key`.
pub fn suite_spec(files: &[&ValidFile], suite: Suite, key: &str) -> ChartSpec {
    // Only machines with cases under this condition take a marker.
    let measured: Vec<&ValidFile> =
        files.iter().copied().filter(|m| m.data.cases.iter().any(|c| c.suite == suite.key() && condition(c).key == key)).collect();
    let (files, left_out) = super::charted(&measured);
    let names = file_names(files);
    let sources = Source::of_files(
        files
            .iter()
            .zip(names)
            .map(|(m, name)| FileSource {
                machine_key: m.machine_key(),
                marker: m.marker,
                name,
                about: m.description(),
                cases: cases_under(&m.data.cases, suite, key),
            })
            .collect(),
    );
    let label = conditions(suite, sources.iter().flat_map(|s| s.cases.iter())).into_iter().next().map(|c| c.label);
    let title = format!("{}: {}", suite.label(), label.unwrap_or_default());
    let spec = condition_bars(title, suite, &sources).unwrap_or(ChartSpec {
        kind: ChartKind::Bars,
        title: String::new(),
        x_label: "variant".into(),
        y_label: String::new(),
        y_scale: Scale::Linear,
        series: Vec::new(),
        x_names: Vec::new(),
        x_colours: Vec::new(),
        machines: Vec::new(),
        left_out: Vec::new(),
    });
    ChartSpec { left_out, ..spec }
}

#[cfg(test)]
mod tests {
    use super::super::test_data::*;
    use super::*;
    use wasm_core::results::CaseParams;

    fn sso(variant_id: &str, set: &str, threads: u32, ns: f64) -> CaseResult {
        let params = CaseParams { input_set: Some(set.into()), ..Default::default() };
        CaseResult::new(Suite::Sso, variant_id, variant_id, threads, 10, params, 1, vec![ns * 10.0, ns * 9.0, ns * 11.0])
    }

    fn arena(variant_id: &str, threads: u32, ms: f64) -> CaseResult {
        let params = CaseParams { nodes: Some(1000), ..Default::default() };
        CaseResult::new(Suite::Arena, variant_id, variant_id, threads, 1000, params, 1, vec![ms * 1e6; 3])
    }

    #[test]
    fn conditions_are_keyed_and_labelled() {
        let cases = [sso("a", "empty", 1, 2.0), sso("a", "short", 1, 50.0), sso("b", "short", 1, 60.0), sso("a", "short", 2, 55.0)];
        let conds = conditions(Suite::Sso, &cases);
        assert_eq!(conds.iter().map(|c| c.key.as_str()).collect::<Vec<_>>(), ["t1-empty", "t1-short", "t2-short"]);
        assert_eq!(conds[2].label, "input set short, 2 threads");
        assert_eq!(pick_condition(&conds, None).unwrap().key, "t1-short", "empty tag lists are skipped by default");
        assert_eq!(pick_condition(&conds, Some("t1-empty")).unwrap().key, "t1-empty");
        assert_eq!(pick_condition(&conds, Some("nope")).unwrap().key, "t1-short");
        assert!(pick_condition(&[], None).is_none());
        let mut w = CaseResult::new(
            Suite::Arcswap,
            "x",
            "x",
            4,
            1,
            CaseParams { writer: Some(true), writer_period_us: Some(1000), ..Default::default() },
            1,
            vec![1.0],
        );
        assert_eq!(condition(&w), Condition { key: "t4-writer1000".into(), label: "4 readers, a writer every 1000 µs".into() });
        w.params.writer = Some(false);
        assert_eq!(condition(&w).key, "t4-nowriter");
        assert_eq!(condition(&arena("bump", 1, 1.0)).label, "1 thread, 1000 nodes");
        let padded =
            CaseResult::new(Suite::Lines, "own counter, CachePadded", "padded", 2, 1 << 24, CaseParams::default(), 1, vec![3.4e7; 2]);
        assert_eq!((condition(&padded).key.as_str(), condition(&padded).label.as_str()), ("t2", "2 threads"));
        assert_eq!(unit_for(Suite::Lines, &[&padded]), Unit::per_op("ns per update"));
        // A clone run of two lengths: the default goes unsaid, the other is a condition of its own.
        let clone = |len: u64| {
            let mut c = CaseResult::new(
                Suite::Clone,
                "String",
                "string",
                2,
                1,
                CaseParams { string_len_bytes: Some(len), ..Default::default() },
                1,
                vec![1.0],
            );
            c.mode = Some("drop".into());
            c
        };
        assert_eq!(condition(&clone(64)), Condition { key: "t2-drop".into(), label: "2 threads, drop".into() });
        assert_eq!(condition(&clone(2048)), Condition { key: "t2-drop-2048b".into(), label: "2 threads, drop, 2048-byte strings".into() });
    }

    #[test]
    fn one_series_per_machine_bars_per_variant() {
        let a = machine("a", "Xeon", "jemalloc", vec![arena("box_node", 1, 2.0), arena("bump", 1, 0.5), arena("box_node", 2, 3.0)]);
        let b = machine("b", "Ryzen", "jemalloc", vec![arena("box_node", 1, 4.0)]);
        let c = contention_machine("c", "Ryzen", "jemalloc");
        assert!(has_suite(&a, Suite::Arena) && !has_suite(&a, Suite::Clone) && !has_suite(&c, Suite::Arena));
        let spec = suite_spec(&[&a, &b, &c], Suite::Arena, "t1-n1000");
        assert_eq!(spec.kind, ChartKind::Bars);
        assert_eq!(spec.y_scale, Scale::Linear, "bars are never drawn on a log axis");
        assert_eq!(spec.y_label, "ms per list");
        assert_eq!(spec.title, "Arenas: 1 thread, 1000 nodes");
        assert_eq!(spec.series.iter().map(|s| (s.name.as_str(), s.points.len())).collect::<Vec<_>>(), [("a", 2), ("b", 1)]);
        assert!((spec.series[0].points[0].y - 2.0).abs() < 1e-9, "ms per list: {}", spec.series[0].points[0].y);
        assert!(spec.series[0].points[0].tooltip.contains("nodes/s"), "{}", spec.series[0].points[0].tooltip);
        assert!(suite_spec(&[&c], Suite::Arena, "t1-n1000").series.is_empty());
        assert_eq!(Suite::parse("arcswap"), Some(Suite::Arcswap));
    }
}
