//! The ranking of `/results`: every machine of the build-time summary (`wasm_core::summary`) against
//! the headline measures, filtered, searched and sorted, with each machine's multiple of the best
//! (as ClickBench ranks systems), the same machines grouped per CPU model (median and spread, as
//! OpenBenchmarking.org does), and where one run stands among comparable runs. One machine, one
//! row: a machine's files with one allocator fold into one row (`wasm_core::machine_key` says what a
//! machine is) unless the reader asks for one row per file. Pure: the page and the pre-renderer
//! (which writes the table into the static HTML) call the same functions.

use wasm_core::summary::{MachineSummary, RunnerKind, Summary};

use super::choice::Choice;

/// A column of the ranking. Lower is better for every one of them. The default ranks like with
/// like: one measure (`Arc<str>`'s clone) at one thread count (one), the same on every machine;
/// the most-threads columns differ in their thread count between machines, and "× the best" mixes
/// times and ratios, so neither is the default order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// Geometric mean of the machine's other measures, each divided by the best machine's.
    VsBest,
    /// `Arc<str>` ns per clone at 1 thread.
    #[default]
    Arc1,
    /// `Arc<str>` ns per clone at the machine's most threads.
    ArcMost,
    /// `Arc<str>` ÷ `String` at 1 thread.
    Ratio1,
    /// `Arc<str>` ÷ `String` at the machine's most threads.
    RatioMost,
}

impl Choice for Measure {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Measure::VsBest, "best", "× the best"),
        (Measure::Arc1, "arc1", "Arc<str>, 1 thread (ns/clone)"),
        (Measure::ArcMost, "arcmost", "Arc<str>, most threads (ns/clone)"),
        (Measure::Ratio1, "ratio1", "Arc<str> ÷ String, 1 thread"),
        (Measure::RatioMost, "ratiomost", "Arc<str> ÷ String, most threads"),
    ];
}

/// The four measured columns (everything but [`Measure::VsBest`]).
pub const MEASURED: [Measure; 4] = [Measure::Arc1, Measure::ArcMost, Measure::Ratio1, Measure::RatioMost];

impl Measure {
    /// Whether the measure is taken at each machine's most threads (which differ between machines).
    pub fn at_most_threads(self) -> bool {
        matches!(self, Measure::ArcMost | Measure::RatioMost)
    }

    /// This measure of one machine, straight from its headline.
    pub fn of(self, m: &MachineSummary) -> Option<f64> {
        let h = &m.headline;
        match self {
            Measure::VsBest => None,
            Measure::Arc1 => h.arc_ns_1t,
            Measure::ArcMost => h.arc_ns_most,
            Measure::Ratio1 => h.ratio_1t(),
            Measure::RatioMost => h.ratio_most(),
        }
    }
}

/// Cores, in bands (a filter on "16 or more" reads better than on "17").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cores {
    UpTo4,
    UpTo8,
    UpTo16,
    Over16,
}

impl Choice for Cores {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Cores::UpTo4, "1-4", "1–4 logical CPUs"),
        (Cores::UpTo8, "5-8", "5–8"),
        (Cores::UpTo16, "9-16", "9–16"),
        (Cores::Over16, "17-", "17 or more"),
    ];
}

impl Cores {
    fn holds(self, n: u32) -> bool {
        match self {
            Cores::UpTo4 => n <= 4,
            Cores::UpTo8 => (5..=8).contains(&n),
            Cores::UpTo16 => (9..=16).contains(&n),
            Cores::Over16 => n > 16,
        }
    }
}

/// Which runners' files the ranking shows. Browser runs measure another allocator (wasm32's
/// dlmalloc, one lock) on another target, so by default they are not ranked among native machines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KindFilter {
    /// Native runs, the article's imported dataset among them.
    #[default]
    Native,
    Browser,
    All,
}

impl Choice for KindFilter {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (KindFilter::Native, "native", "native (and the article's)"),
        (KindFilter::Browser, "browser", "in a browser"),
        (KindFilter::All, "all", "all"),
    ];
}

impl KindFilter {
    pub fn admits(self, kind: RunnerKind) -> bool {
        match self {
            KindFilter::Native => kind != RunnerKind::Browser,
            KindFilter::Browser => kind == RunnerKind::Browser,
            KindFilter::All => true,
        }
    }
}

/// The ranking's own part of the address bar: sort, search and filters (`sort=`, `q=`, `arch=`,
/// `vendor=`, `cpu=`, `alloc=`, `kind=`, `cores=`, `group=cpu`). An unknown value is ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RankingState {
    pub sort: Measure,
    /// Words that must all appear in a machine's label, CPU or file name (any case).
    pub search: String,
    pub arch: Option<String>,
    pub vendor: Option<String>,
    pub cpu: Option<String>,
    pub allocator: Option<String>,
    pub kind: KindFilter,
    pub cores: Option<Cores>,
    /// One row per CPU model instead of one per machine.
    pub by_cpu: bool,
    /// One row per results file (`files=each`) instead of one per machine and allocator.
    pub each_file: bool,
}

/// The query keys [`RankingState`] owns; everything else in the address bar is the explorer's.
pub const KEYS: [&str; 10] = ["sort", "q", "arch", "vendor", "cpu", "alloc", "kind", "cores", "group", "files"];

impl RankingState {
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> RankingState {
        let text = |k: &str| get(k).filter(|v| !v.is_empty());
        RankingState {
            sort: text("sort").and_then(|v| Measure::parse(&v)).unwrap_or_default(),
            search: text("q").map(|q| q.chars().take(100).collect()).unwrap_or_default(),
            arch: text("arch"),
            vendor: text("vendor"),
            cpu: text("cpu"),
            allocator: text("alloc"),
            kind: text("kind").and_then(|v| KindFilter::parse(&v)).unwrap_or_default(),
            cores: text("cores").and_then(|v| Cores::parse(&v)),
            by_cpu: text("group").as_deref() == Some("cpu"),
            each_file: text("files").as_deref() == Some("each"),
        }
    }

    /// The state as `(key, value)` pairs, defaults left out.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.sort != Measure::default() {
            pairs.push(("sort", self.sort.key().to_owned()));
        }
        let mut text = |k, v: &Option<String>| {
            if let Some(v) = v {
                pairs.push((k, v.clone()));
            }
        };
        text("q", &Some(self.search.clone()).filter(|s| !s.is_empty()));
        text("arch", &self.arch);
        text("vendor", &self.vendor);
        text("cpu", &self.cpu);
        text("alloc", &self.allocator);
        text("kind", &(self.kind != KindFilter::default()).then(|| self.kind.key().to_owned()));
        text("cores", &self.cores.map(|c| c.key().to_owned()));
        if self.by_cpu {
            pairs.push(("group", "cpu".into()));
        }
        if self.each_file {
            pairs.push(("files", "each".into()));
        }
        pairs
    }

    /// The pairs that choose machines (search and filters), without the sort and the grouping: what
    /// another page that lists machines (`/choose`) takes over.
    pub fn filter_pairs(&self) -> Vec<(&'static str, String)> {
        self.to_pairs().into_iter().filter(|(k, _)| !matches!(*k, "sort" | "group" | "files")).collect()
    }

    /// Whether `m` passes the filters (not the search).
    pub fn admits(&self, m: &MachineSummary) -> bool {
        let is = |want: &Option<String>, have: &str| want.as_deref().is_none_or(|w| w == have);
        is(&self.arch, &m.arch)
            && is(&self.vendor, &m.vendor)
            && is(&self.cpu, &m.cpu)
            && is(&self.allocator, &m.allocator)
            && self.kind.admits(m.kind)
            && self.cores.is_none_or(|c| m.logical_cpus.is_some_and(|n| c.holds(n)))
    }
}

/// Whether every word of `search` appears in the machine's label, CPU or file name (any case).
pub fn matches(m: &MachineSummary, search: &str) -> bool {
    let hay = format!("{} {} {}", m.label, m.cpu, m.file).to_lowercase();
    search.split_whitespace().all(|word| hay.contains(&word.to_lowercase()))
}

/// One row of the ranking: one machine with one allocator (or one file, with `files=each`).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Index into `Summary::machines` of the row's newest file, which stands for it (its label,
    /// its page, the file a tick charts).
    pub machine: usize,
    /// Every file the row folds, `machine` first, then newest to oldest.
    pub files: Vec<usize>,
    /// [`MEASURED`]'s values, in that order: each the median over `files` that have it.
    pub values: [Option<f64>; 4],
    /// Geometric mean of each value ÷ the best among the ranked rows (1 is the best everywhere).
    pub vs_best: Option<f64>,
}

impl Row {
    pub fn value(&self, measure: Measure) -> Option<f64> {
        match measure {
            Measure::VsBest => self.vs_best,
            m => MEASURED.iter().position(|x| *x == m).and_then(|i| self.values[i]),
        }
    }

    /// The lowest and highest of `measure` over the row's files, when it folds two or more that
    /// have it: how far apart one machine's runs put it.
    pub fn across_files(&self, summary: &Summary, measure: Measure) -> Option<Spread> {
        let values: Vec<f64> = self.files.iter().filter_map(|&i| measure.of(&summary.machines[i])).collect();
        (values.len() > 1).then(|| spread(values)).flatten()
    }
}

/// `admitted` (indexes into `Summary::machines`) folded into rows' file lists: one per machine
/// ([`MachineSummary::hardware`]), runner kind and allocator, newest file first; with `each_file`,
/// or for a file with no machine number, one per file.
fn fold(summary: &Summary, admitted: Vec<usize>, each_file: bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in admitted {
        let m = &summary.machines[i];
        let same = |g: &Vec<usize>| {
            let first = &summary.machines[g[0]];
            !each_file && m.hardware.is_some() && first.hardware == m.hardware && first.kind == m.kind && first.allocator == m.allocator
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    for g in &mut groups {
        // Newest first; the file name breaks a tie, so the order never depends on the input's.
        let key = |&i: &usize| (&summary.machines[i].created_at, &summary.machines[i].file);
        wasm_core::order::sort_by(g, |a, b| key(b).cmp(&key(a)));
    }
    groups
}

/// The median of `measure` over `files` that have it.
fn median_of(summary: &Summary, files: &[usize], measure: Measure) -> Option<f64> {
    let values: Vec<f64> = files.iter().filter_map(|&i| measure.of(&summary.machines[i])).collect();
    wasm_core::stats::summarize(&values).map(|s| s.median)
}

/// The best (lowest) value of each measured column among `rows`.
fn bests(values: impl Iterator<Item = [Option<f64>; 4]>) -> [Option<f64>; 4] {
    let mut best = [None; 4];
    for v in values {
        for i in 0..4 {
            if let Some(x) = v[i].filter(|x| x.is_finite() && *x > 0.0) {
                best[i] = Some(best[i].map_or(x, |b: f64| b.min(x)));
            }
        }
    }
    best
}

/// Geometric mean of `values[i] ÷ best[i]` over the columns both have.
fn multiple_of_best(values: &[Option<f64>; 4], best: &[Option<f64>; 4]) -> Option<f64> {
    let logs: Vec<f64> = (0..4).filter_map(|i| Some((values[i]? / best[i]?).ln())).collect();
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

/// Ascending, a missing value after every present one.
fn missing_last(x: Option<f64>, y: Option<f64>) -> std::cmp::Ordering {
    match (x, y) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    }
}

/// Sorts rows by `measure`, ascending, rows without a value last, then by file name.
fn sort_rows(rows: &mut [Row], summary: &Summary, measure: Measure) {
    wasm_core::order::sort_by(rows, |a, b| {
        missing_last(a.value(measure), b.value(measure))
            .then_with(|| summary.machines[a.machine].file.cmp(&summary.machines[b.machine].file))
    });
}

/// The machines with clone headline measures that pass `state`'s filters and search, one row per
/// machine and allocator (per file with `each_file`), ranked. The multiple of the best is taken
/// against the best of these rows, so a filter to one arch ranks that arch against itself.
pub fn ranked(summary: &Summary, state: &RankingState) -> Vec<Row> {
    let admitted: Vec<usize> = summary
        .machines
        .iter()
        .enumerate()
        .filter(|(_, m)| m.headline.most_threads.is_some() && state.admits(m) && matches(m, &state.search))
        .map(|(i, _)| i)
        .collect();
    let mut rows: Vec<Row> = fold(summary, admitted, state.each_file)
        .into_iter()
        .map(|files| Row { machine: files[0], values: MEASURED.map(|x| median_of(summary, &files, x)), files, vs_best: None })
        .collect();
    let best = bests(rows.iter().map(|r| r.values));
    for r in &mut rows {
        r.vs_best = multiple_of_best(&r.values, &best);
    }
    sort_rows(&mut rows, summary, state.sort);
    rows
}

/// Median, lowest and highest of one measure over a CPU model's files.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

fn spread(values: Vec<f64>) -> Option<Spread> {
    let s = wasm_core::stats::summarize(&values)?;
    Some(Spread { median: s.median, low: s.min, high: s.max })
}

/// The rows of one CPU model (machines, or files with `files=each`), as one distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuGroup {
    pub cpu: String,
    pub arch: String,
    pub kind: RunnerKind,
    /// Indexes into `Summary::machines`: each row's file that stands for it.
    pub machines: Vec<usize>,
    /// Per [`MEASURED`] column, over the group's rows that have it.
    pub spreads: [Option<Spread>; 4],
    /// The median row's multiple of the best (best of the groups' medians).
    pub vs_best: Option<f64>,
}

/// `rows` grouped by CPU model (and arch and runner kind: a browser run of a chip is not a native
/// one), each with the median and spread of every measure, sorted by `measure`'s median.
pub fn cpu_groups(summary: &Summary, rows: &[Row], measure: Measure) -> Vec<CpuGroup> {
    let mut groups: Vec<CpuGroup> = Vec::new();
    for r in rows {
        let m = &summary.machines[r.machine];
        match groups.iter_mut().find(|g| g.cpu == m.cpu && g.arch == m.arch && g.kind == m.kind) {
            Some(g) => g.machines.push(r.machine),
            None => groups.push(CpuGroup {
                cpu: m.cpu.clone(),
                arch: m.arch.clone(),
                kind: m.kind,
                machines: vec![r.machine],
                spreads: [None; 4],
                vs_best: None,
            }),
        }
    }
    let value_of = |i: usize, col: usize| rows.iter().find(|r| r.machine == i).and_then(|r| r.values[col]);
    for g in &mut groups {
        g.spreads = std::array::from_fn(|col| spread(g.machines.iter().filter_map(|&i| value_of(i, col)).collect()));
    }
    let best = bests(groups.iter().map(|g| g.spreads.map(|s| s.map(|s| s.median))));
    for g in &mut groups {
        g.vs_best = multiple_of_best(&g.spreads.map(|s| s.map(|s| s.median)), &best);
    }
    let key = |g: &CpuGroup| match measure {
        Measure::VsBest => g.vs_best,
        m => MEASURED.iter().position(|x| *x == m).and_then(|i| g.spreads[i].map(|s| s.median)),
    };
    wasm_core::order::sort_by(&mut groups, |a, b| missing_last(key(a), key(b)).then_with(|| a.cpu.cmp(&b.cpu)));
    groups
}

/// Where one run stands on one measure among comparable runs (same arch, and browser runs only
/// among browser runs; the article's imported run counts as native).
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub measure: Measure,
    /// Share of comparable runs with a higher (worse) value, 0–100.
    pub percentile: f64,
    /// How many comparable runs have the measure (the run itself included).
    pub compared: usize,
    /// Up to three other CPU models of comparable runs whose median is nearest, with that median.
    pub nearest: Vec<(String, f64)>,
}

fn is_browser(kind: RunnerKind) -> bool {
    kind == RunnerKind::Browser
}

/// Where `run` stands among `summary`'s machines of its arch and runner kind, on `measure`
/// (`VsBest` is relative to a set, so the standing uses `Arc<str>` at the most threads instead).
/// Like is compared with like: a measure at the most threads only against machines whose most
/// threads are as many as `run`'s (8 threads queueing is no rival for 2).
/// `run` need not be in the summary: a reader's own browser run, before they submit it.
pub fn standing(summary: &Summary, run: &MachineSummary, measure: Measure) -> Option<Standing> {
    let measure = if measure == Measure::VsBest { Measure::ArcMost } else { measure };
    let own = measure.of(run)?;
    let same_threads = |m: &MachineSummary| !measure.at_most_threads() || m.headline.most_threads == run.headline.most_threads;
    let comparable: Vec<&MachineSummary> = summary
        .machines
        .iter()
        .filter(|m| m.arch == run.arch && is_browser(m.kind) == is_browser(run.kind) && m.file != run.file && same_threads(m))
        .collect();
    let others: Vec<f64> = comparable.iter().filter_map(|m| measure.of(m)).collect();
    let worse = others.iter().filter(|v| **v > own).count() as f64;
    let ties = others.iter().filter(|v| **v == own).count() as f64;
    let compared = others.len() + 1;
    let percentile = if others.is_empty() { 100.0 } else { 100.0 * (worse + ties / 2.0) / others.len() as f64 };
    let mut models: Vec<(String, f64)> = Vec::new();
    let mut cpus: Vec<&str> = comparable.iter().map(|m| m.cpu.as_str()).filter(|c| *c != run.cpu).collect();
    wasm_core::order::sort(&mut cpus);
    cpus.dedup();
    for cpu in cpus {
        let values: Vec<f64> = comparable.iter().filter(|m| m.cpu == cpu).filter_map(|m| measure.of(m)).collect();
        if let Some(s) = spread(values) {
            models.push((cpu.to_owned(), s.median));
        }
    }
    wasm_core::order::sort_by(&mut models, |a, b| (a.1 - own).abs().total_cmp(&(b.1 - own).abs()).then_with(|| a.0.cmp(&b.0)));
    models.truncate(3);
    Some(Standing { measure, percentile, compared, nearest: models })
}

/// The values each filter offers, from the machines that have a headline: sorted, distinct.
pub fn filter_values(summary: &Summary, field: fn(&MachineSummary) -> &str) -> Vec<String> {
    let mut values: Vec<String> =
        summary.machines.iter().filter(|m| m.headline.most_threads.is_some()).map(|m| field(m).to_owned()).collect();
    wasm_core::order::sort(&mut values);
    values.dedup();
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::summary::Headline;

    fn machine(file: &str, cpu: &str, arch: &str, kind: RunnerKind, arc: [f64; 2], string: [f64; 2]) -> MachineSummary {
        MachineSummary {
            file: format!("{file}.json"),
            label: format!("{file} label"),
            cpu: cpu.into(),
            vendor: wasm_core::summary::cpu_vendor(Some(cpu)).into(),
            arch: arch.into(),
            hardware: None,
            source: None,
            logical_cpus: Some(8),
            os: None,
            allocator: "jemalloc".into(),
            kind,
            created_at: "2026-01-01T00:00:00Z".into(),
            rustc: None,
            hypervisor: None,
            steal_percent: None,
            oversubscribed_above: None,
            suites: vec!["clone".into()],
            contention: true,
            choose_candidates: 2,
            choose_read_candidates: 0,
            clone_threads: vec![1, 8],
            noisy_cases: 0,
            unknown_noise_cases: 0,
            headline: Headline {
                most_threads: Some(8),
                arc_ns_1t: Some(arc[0]),
                string_ns_1t: Some(string[0]),
                arc_ns_most: Some(arc[1]),
                string_ns_most: Some(string[1]),
                ..Default::default()
            },
        }
    }

    fn summary() -> Summary {
        let native = RunnerKind::Native;
        Summary {
            summary_version: wasm_core::summary::SUMMARY_VERSION,
            machines: vec![
                machine("a", "AMD Ryzen 7", "x86_64", native, [2.0, 200.0], [10.0, 20.0]),
                machine("b", "AMD Ryzen 7", "x86_64", native, [4.0, 100.0], [10.0, 20.0]),
                machine("c", "Intel Xeon", "x86_64", native, [8.0, 400.0], [10.0, 20.0]),
                machine("d", "Apple M2", "aarch64", native, [1.0, 50.0], [5.0, 10.0]),
                machine("e", "Headless Chrome", "wasm32", RunnerKind::Browser, [5.0, 50.0], [40.0, 400.0]),
            ],
            refused: Vec::new(),
        }
    }

    fn files(s: &Summary, rows: &[Row]) -> Vec<String> {
        rows.iter().map(|r| s.machines[r.machine].file.trim_end_matches(".json").to_owned()).collect()
    }

    #[test]
    fn the_best_machine_is_one_times_the_best_and_the_others_a_geometric_mean_of_their_multiples() {
        let s = summary();
        let rows = ranked(&s, &RankingState { arch: Some("x86_64".into()), ..Default::default() });
        assert_eq!(files(&s, &rows), ["a", "b", "c"]);
        let a = &rows[0];
        // a: Arc 2 (best), 200 (2× b's 100), ratio 0.2 (best), 10 (2× b's 5): (1·2·1·2)^(1/4) = √2.
        assert!((a.vs_best.unwrap() - 2f64.sqrt()).abs() < 1e-12, "{a:?}");
        let b = &rows[1];
        assert!((b.vs_best.unwrap() - 2f64.sqrt()).abs() < 1e-12, "{b:?}");
        // Ties are broken by file name, so the order never depends on the input order.
        let by_arc_most = ranked(&s, &RankingState { arch: Some("x86_64".into()), sort: Measure::ArcMost, ..Default::default() });
        assert_eq!(files(&s, &by_arc_most), ["b", "a", "c"]);
    }

    /// One machine, one voice: three files of one machine with one allocator are one row, at the
    /// median of their values, shown by the newest; its run with another allocator is a row of its
    /// own; `files=each` gives every file its row back.
    #[test]
    fn a_machines_files_with_one_allocator_fold_into_one_row() {
        let mut s = summary();
        let mut runs = Vec::new();
        for (i, (day, arc_most)) in [("03", 90.0), ("01", 30.0), ("02", 60.0)].into_iter().enumerate() {
            let mut m = machine(&format!("epyc-{i}"), "AMD EPYC", "x86_64", RunnerKind::Native, [3.0, arc_most], [10.0, 20.0]);
            m.hardware = Some(7);
            m.created_at = format!("2026-11-{day}T00:00:00Z");
            runs.push(m);
        }
        let mut system = runs[0].clone();
        system.file = "epyc-system.json".into();
        system.allocator = "system".into();
        let mut browser = runs[0].clone();
        browser.file = "epyc-browser.json".into();
        browser.kind = RunnerKind::Browser;
        s.machines.extend(runs);
        s.machines.extend([system, browser]);
        let state = RankingState { cpu: Some("AMD EPYC".into()), kind: KindFilter::All, ..Default::default() };
        let rows = ranked(&s, &state);
        assert_eq!(rows.len(), 3, "{rows:?}");
        let folded = rows.iter().find(|r| r.files.len() == 3).expect("the three jemalloc runs are one row");
        assert_eq!(files(&s, std::slice::from_ref(folded)), ["epyc-0"], "the newest (the 3rd) stands for them");
        assert_eq!(folded.files.iter().map(|&i| s.machines[i].created_at[8..10].to_owned()).collect::<Vec<_>>(), ["03", "02", "01"]);
        assert_eq!(folded.value(Measure::ArcMost), Some(60.0), "the median of 30, 60 and 90");
        assert_eq!(folded.across_files(&s, Measure::ArcMost), Some(Spread { median: 60.0, low: 30.0, high: 90.0 }));
        assert_eq!(folded.across_files(&s, Measure::Arc1), Some(Spread { median: 3.0, low: 3.0, high: 3.0 }));
        assert!(rows.iter().filter(|r| r.files.len() == 1).all(|r| r.across_files(&s, Measure::ArcMost).is_none()));
        let each = ranked(&s, &RankingState { each_file: true, ..state.clone() });
        assert_eq!(each.len(), 5);
        assert!(each.iter().all(|r| r.files == [r.machine]));
        // A file with no machine number (not in the build's summary) is never folded.
        let mut loose = s.clone();
        for m in &mut loose.machines {
            m.hardware = None;
        }
        assert_eq!(ranked(&loose, &state).len(), 5);
    }

    #[test]
    fn filters_search_and_kind_narrow_the_ranking() {
        let s = summary();
        assert_eq!(ranked(&s, &RankingState::default()).len(), 4, "browser runs are not ranked among native ones by default");
        assert_eq!(ranked(&s, &RankingState { kind: KindFilter::All, ..Default::default() }).len(), 5);
        assert_eq!(files(&s, &ranked(&s, &RankingState { search: "ryzen A".into(), ..Default::default() })), ["a", "b"]);
        assert_eq!(files(&s, &ranked(&s, &RankingState { search: "XEON".into(), ..Default::default() })), ["c"]);
        assert_eq!(files(&s, &ranked(&s, &RankingState { kind: KindFilter::Browser, ..Default::default() })), ["e"]);
        assert_eq!(files(&s, &ranked(&s, &RankingState { vendor: Some("Apple".into()), ..Default::default() })), ["d"]);
        assert!(ranked(&s, &RankingState { cores: Some(Cores::Over16), ..Default::default() }).is_empty());
        assert_eq!(ranked(&s, &RankingState { cores: Some(Cores::UpTo8), kind: KindFilter::All, ..Default::default() }).len(), 5);
    }

    #[test]
    fn a_cpu_model_reads_as_one_distribution() {
        let s = summary();
        let rows = ranked(&s, &RankingState { kind: KindFilter::All, ..Default::default() });
        let groups = cpu_groups(&s, &rows, Measure::ArcMost);
        let ryzen = groups.iter().find(|g| g.cpu == "AMD Ryzen 7").unwrap();
        assert_eq!(ryzen.machines.len(), 2);
        assert_eq!(ryzen.spreads[1], Some(Spread { median: 150.0, low: 100.0, high: 200.0 }));
        assert_eq!(groups.len(), 4);
        // Sorted by the median of the chosen measure.
        assert_eq!(groups[0].spreads[1].unwrap().median, 50.0);
        assert_eq!(groups.last().unwrap().cpu, "Intel Xeon");
    }

    #[test]
    fn a_run_stands_among_runs_of_its_arch_and_kind_only() {
        let s = summary();
        let mine = machine("mine", "AMD Ryzen 9", "x86_64", RunnerKind::Native, [3.0, 150.0], [10.0, 20.0]);
        let st = standing(&s, &mine, Measure::ArcMost).unwrap();
        // Among a (200), b (100), c (400): two are worse.
        assert_eq!(st.compared, 4);
        assert!((st.percentile - 100.0 * 2.0 / 3.0).abs() < 1e-9, "{st:?}");
        assert_eq!(st.nearest, vec![("AMD Ryzen 7".to_owned(), 150.0), ("Intel Xeon".to_owned(), 400.0)]);
        let browser = machine("mine", "Headless Chrome", "wasm32", RunnerKind::Browser, [1.0, 10.0], [1.0, 1.0]);
        let st = standing(&s, &browser, Measure::VsBest).unwrap();
        assert_eq!((st.measure, st.compared, st.percentile), (Measure::ArcMost, 2, 100.0));
        assert!(st.nearest.is_empty(), "the only other browser run has the same CPU string");
    }

    /// A run measured at 2 threads at most is not ranked against runs at 8 on a most-threads
    /// measure; on a one-thread measure it is.
    #[test]
    fn a_standing_at_most_threads_compares_the_same_thread_count() {
        let s = summary();
        let mut two = machine("two", "AMD EPYC", "x86_64", RunnerKind::Native, [3.0, 30.0], [10.0, 20.0]);
        two.headline.most_threads = Some(2);
        let st = standing(&s, &two, Measure::ArcMost).unwrap();
        assert_eq!((st.compared, st.percentile), (1, 100.0), "no other x86_64 native run stopped at 2 threads");
        assert_eq!(standing(&s, &two, Measure::Arc1).unwrap().compared, 4);
        let mut s2 = s.clone();
        s2.machines.push(machine("other-two", "Intel Xeon", "x86_64", RunnerKind::Native, [3.0, 60.0], [10.0, 20.0]));
        s2.machines.last_mut().unwrap().headline.most_threads = Some(2);
        let st = standing(&s2, &two, Measure::RatioMost).unwrap();
        assert_eq!((st.compared, st.percentile), (2, 100.0), "{st:?}");
    }

    #[test]
    fn the_state_round_trips_through_the_query_and_ignores_what_it_does_not_know() {
        let state = RankingState {
            sort: Measure::RatioMost,
            search: "ryzen 7".into(),
            arch: Some("x86_64".into()),
            vendor: Some("AMD".into()),
            cpu: None,
            allocator: Some("jemalloc".into()),
            kind: KindFilter::Browser,
            cores: Some(Cores::UpTo16),
            by_cpu: true,
            each_file: true,
        };
        let pairs = state.to_pairs();
        let back = RankingState::from_query(|k| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| v.clone()));
        assert_eq!(back, state);
        assert!(pairs.iter().all(|(k, _)| KEYS.contains(k)));
        let junk = RankingState::from_query(|k| Some(if k == "q" { String::new() } else { "nonsense".into() }));
        assert_eq!(
            (junk.sort, junk.kind, junk.cores, junk.by_cpu, junk.each_file),
            (Measure::Arc1, KindFilter::Native, None, false, false)
        );
        assert!(
            state.filter_pairs().iter().all(|(k, _)| !["sort", "group", "files"].contains(k)),
            "the chooser takes the machines, not the table's shape"
        );
        assert!(RankingState::default().to_pairs().is_empty());
    }
}
