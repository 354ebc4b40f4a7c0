//! The build-time summary of every results file, in three parts, two of them written for the pages:
//! - `results/summary.json` ([`Summary`]): what the search, the machine picker and the first chart
//!   of `/results` need, for any number of machines, in one request: each file's facts (about 10
//!   bytes gzip'd per machine).
//! - `results/headlines.json` ([`Headlines`]): each file's headline measures, which only the
//!   ranking needs. Kept apart because they are most of the bytes (full-precision medians do not
//!   compress: about 50 bytes gzip'd per machine), so `/results` asks for them only once its wasm
//!   has arrived, and its first live chart never waits for them.
//! - [`CaseMedians`]: every case's median ns per op, which the build's facts (`crate::facts`)
//!   compare across all machines; no page fetches it, so the build does not write it.
//!
//! The site build makes both from files that all passed `validate` (a file that does not stops the
//! build), so readers' browsers never validate the files the ranking shows; a machine's raw file is
//! fetched only when a reader charts or opens it. Compact on purpose: each case condition is
//! written once (`CaseMedians::cases`) and a machine's medians point into that list by number, so
//! a thousand machines cost numbers, not repeated strings.

use serde::{Deserialize, Serialize};

use crate::kernels::CloneMode;
pub use crate::results::cpu_vendor;
use crate::results::{CaseResult, ResultsFile};

/// Version of the summary's format; the site refuses a summary of another version.
pub const SUMMARY_VERSION: u32 = 7;

/// Every valid results file, summarised.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Format version ([`SUMMARY_VERSION`]).
    pub summary_version: u32,
    /// One entry per valid results file, in file-name order.
    pub machines: Vec<MachineSummary>,
    /// Files left out because they failed validation. Always empty in a site build (the build
    /// stops instead); only a summary made for a test fixture lists them, so the page can show them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<RefusedFile>,
}

/// A results file the summary left out, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RefusedFile {
    /// File name in `content/results/`.
    pub file: String,
    /// The `label` the file claims, when it could be read at all (shown as text, never trusted).
    pub claimed_label: Option<String>,
    /// Each problem as `field: problem`.
    pub problems: Vec<String>,
}

/// Every case's median of every valid results file: what the facts compare across machines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseMedians {
    /// Format version ([`SUMMARY_VERSION`]).
    pub summary_version: u32,
    /// Every case any file has, once each, as `CaseResult::identity`
    /// (`suite|variant_id|condition|placement`); [`MachineMedians::medians`] point into it.
    pub cases: Vec<String>,
    /// One entry per machine of the summary, in the same order.
    pub machines: Vec<MachineMedians>,
}

/// One results file's medians.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MachineMedians {
    /// File name in `results/`, as [`MachineSummary::file`].
    pub file: String,
    /// Per case: index into [`CaseMedians::cases`], median ns per operation, and noise (0 steady,
    /// 1 noisy, 2 unknown).
    pub medians: Vec<(u32, f64, u8)>,
}

/// Who measured a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunnerKind {
    /// `native-runner` on a real machine.
    Native,
    /// The site's contention lab, in a reader's browser (wasm32 threads).
    Browser,
    /// The article's own dataset, imported (recognised by its SHA-256).
    Reference,
}

impl RunnerKind {
    pub const ALL: [RunnerKind; 3] = [RunnerKind::Native, RunnerKind::Browser, RunnerKind::Reference];

    /// As written in the summary and in the address bar.
    pub fn key(self) -> &'static str {
        match self {
            RunnerKind::Native => "native",
            RunnerKind::Browser => "browser",
            RunnerKind::Reference => "reference",
        }
    }

    pub fn parse(text: &str) -> Option<RunnerKind> {
        Self::ALL.into_iter().find(|k| k.key() == text)
    }
}

/// What the pages know of one results file without fetching it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MachineSummary {
    /// File name in `results/` (ends in `.json`); without it, the machine's id in the URL.
    pub file: String,
    /// The file's `label`.
    pub label: String,
    /// The CPU model as recorded, or what stands for it (`Headless Chrome 156, in a browser`).
    pub cpu: String,
    /// The CPU's maker, read from the model (`AMD`, `Intel`, `Apple`, `Arm`, ...), `unknown` when
    /// the file does not name a CPU (browser runs).
    pub vendor: String,
    /// `machine.arch`.
    pub arch: String,
    /// The same for every file of this summary of one machine ([`crate::machine_key`]): the rank,
    /// among the summary's distinct machines sorted by key, of this file's (a small number, not a
    /// hash, so that it costs a few bytes per machine; the site's marker shape is this rank). Runs of one machine with another allocator are found by
    /// it (allocator A/B). `None` for a run that is not in the summary (a reader's own).
    pub hardware: Option<u32>,
    /// Where an imported dataset came from (`provenance.source`).
    pub source: Option<String>,
    /// Logical CPUs, when recorded.
    pub logical_cpus: Option<u32>,
    /// Operating system, when recorded.
    pub os: Option<String>,
    /// `allocator.name`.
    pub allocator: String,
    /// Native, browser or the imported reference.
    pub kind: RunnerKind,
    /// `created_at` (RFC 3339).
    pub created_at: String,
    /// `toolchain.rustc_version`, when recorded.
    pub rustc: Option<String>,
    /// The hypervisor the run saw (`conditions.hypervisor`), when recorded.
    pub hypervisor: Option<String>,
    /// CPU time stolen by the host during the run, in percent, when recorded.
    pub steal_percent: Option<f64>,
    /// For a run made with `--oversubscribe` whose cases went past its CPUs: the CPUs it could use
    /// (`machine.logical_cores`). Its cases above that many threads measure time-sharing.
    #[serde(default)]
    pub oversubscribed_above: Option<u32>,
    /// The suites of its cases, sorted.
    pub suites: Vec<String>,
    /// Whether it has a case `/results`'s contention charts draw: a clone of a thread-safe type,
    /// not pinned to a core.
    pub contention: bool,
    /// How many of the chooser's candidates (`choose::Candidate`) its clone cases measured (drop
    /// mode, not pinned): `/choose` opens on the machine that measured the most, from this alone.
    pub choose_candidates: u32,
    /// How many of them it also timed reads of (read mode, not pinned): of two machines with as many
    /// candidates, `/choose` opens on the one that can charge the reader's reads.
    pub choose_read_candidates: u32,
    /// The thread counts of those clone cases, ascending.
    pub clone_threads: Vec<u32>,
    /// Cases whose repeats disagree by more than the noise threshold.
    pub noisy_cases: u32,
    /// Cases whose noise is not known (fewer than three repeats, nothing recorded).
    pub unknown_noise_cases: u32,
    /// The ranking's measures. Not in `summary.json`: they travel in `headlines.json`
    /// ([`Headlines`]), and are the default (none) until [`Summary::with_headlines`] adds them.
    #[serde(skip)]
    pub headline: Headline,
}

/// Every machine's headline measures (`results/headlines.json`), in the summary's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Headlines {
    /// Format version ([`SUMMARY_VERSION`]).
    pub summary_version: u32,
    /// How many machines the summary they belong to has (a check that the two files match).
    pub machines: usize,
    /// One per machine of the summary, in the same order.
    pub headlines: Vec<Headline>,
}

/// The ranking's measures for one machine: `Arc<str>` and `String` clone costs (clone and drop,
/// not pinned) at one thread and at the most threads the file has both at, within its CPUs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Headline {
    /// The most threads, at most the CPUs the run could use, with both an `Arc<str>` and a
    /// `String` drop-mode case.
    pub most_threads: Option<u32>,
    /// `Arc<str>` clone + drop at 1 thread, ns per clone.
    pub arc_ns_1t: Option<f64>,
    /// `String` clone + drop at 1 thread, ns per clone.
    pub string_ns_1t: Option<f64>,
    /// `Arc<str>` clone + drop at [`Headline::most_threads`], ns per clone.
    pub arc_ns_most: Option<f64>,
    /// `String` clone + drop at [`Headline::most_threads`], ns per clone.
    pub string_ns_most: Option<f64>,
    /// The smallest and largest `Arc<str>` ÷ `String` of the run's separate rounds at 1 thread
    /// (round by round: both types ran in each); `None` for a run without rounds.
    #[serde(default)]
    pub ratio_1t_rounds: Option<[f64; 2]>,
    /// The same at [`Headline::most_threads`].
    #[serde(default)]
    pub ratio_most_rounds: Option<[f64; 2]>,
}

impl Headline {
    /// `Arc<str>` ÷ `String` at 1 thread (below 1: `Arc<str>` is the cheaper clone).
    pub fn ratio_1t(&self) -> Option<f64> {
        Some(self.arc_ns_1t? / self.string_ns_1t?)
    }

    /// `Arc<str>` ÷ `String` at the most threads.
    pub fn ratio_most(&self) -> Option<f64> {
        Some(self.arc_ns_most? / self.string_ns_most?)
    }

    /// The headline measures of one file.
    pub fn of(file: &ResultsFile) -> Headline {
        use crate::results::DEFAULT_CLONE_LEN;
        let len = |c: &crate::results::CaseResult| c.params.string_len_bytes.unwrap_or(DEFAULT_CLONE_LEN);
        // One length for every measure: the suite's default where the file has it, else its shortest.
        let arc_lengths = || file.cases.iter().filter(|c| c.is_global_clone() && c.variant_id == "arc_str").map(len);
        let length = if arc_lengths().any(|l| l == DEFAULT_CLONE_LEN) {
            DEFAULT_CLONE_LEN
        } else {
            arc_lengths().min().unwrap_or(DEFAULT_CLONE_LEN)
        };
        let find = |variant: &str, threads: u32| {
            file.cases.iter().find(|c| {
                c.is_global_clone()
                    && c.variant_id == variant
                    && c.threads == threads
                    && c.placement.is_none()
                    && c.clone_mode() == Some(CloneMode::Drop)
                    && len(c) == length
            })
        };
        let drop_case = |variant: &str, threads: u32| find(variant, threads).map(|c| c.median_ns_per_op);
        // Round i of one case ran in the same round as round i of the other: compare them pairwise.
        let rounds = |threads: u32| {
            let arc = find("arc_str", threads)?.round_medians_ns.as_ref()?;
            let string = find("string", threads)?.round_medians_ns.as_ref()?;
            if arc.len() < 2 || arc.len() != string.len() {
                return None;
            }
            let ratios: Vec<f64> = arc.iter().zip(string).map(|(a, s)| a / s).collect();
            Some([ratios.iter().copied().fold(f64::INFINITY, f64::min), ratios.iter().copied().fold(0.0, f64::max)])
        };
        // Threads beyond the CPUs the run could use took turns (an --oversubscribe run): that is not
        // the contention the ranking compares.
        let usable = file.machine.logical_cores.unwrap_or(u32::MAX);
        let most_threads = file
            .cases
            .iter()
            .filter(|c| c.is_global_clone() && c.variant_id == "arc_str" && c.threads <= usable)
            .map(|c| c.threads)
            .filter(|&t| drop_case("arc_str", t).is_some() && drop_case("string", t).is_some())
            .max();
        Headline {
            most_threads,
            arc_ns_1t: drop_case("arc_str", 1),
            string_ns_1t: drop_case("string", 1),
            arc_ns_most: most_threads.and_then(|t| drop_case("arc_str", t)),
            string_ns_most: most_threads.and_then(|t| drop_case("string", t)),
            ratio_1t_rounds: rounds(1),
            ratio_most_rounds: most_threads.and_then(rounds),
        }
    }
}

/// The CPU a file names, or what stands for it: a browser run knows its browser, not its chip
/// (`Headless Chrome 156, in a browser (wasm32)`); a file without a model says `unknown ARCH CPU`.
pub fn cpu_text(file: &ResultsFile) -> String {
    let m = &file.machine;
    let browser = file.runner.name == crate::browser::BROWSER_RUNNER;
    match (&m.cpu_model, &m.browser) {
        (Some(cpu), _) => cpu.clone(),
        (None, Some(b)) if browser => format!("{b}, in a browser (wasm32)"),
        (None, _) if browser => "a browser (wasm32)".into(),
        (None, _) => format!("unknown {} CPU", m.arch),
    }
}

/// One line about the hardware: the CPU (as [`cpu_text`]), threads and OS, whatever was recorded.
pub fn describe(cpu: &str, logical_cpus: Option<u32>, os: Option<&str>) -> String {
    let mut parts = vec![cpu.to_owned()];
    if let Some(n) = logical_cpus {
        // Logical CPUs, not threads: on this site "threads" are the ones cloning at once.
        parts.push(format!("{n} logical CPU{}", if n == 1 { "" } else { "s" }));
    }
    parts.extend(os.map(str::to_owned));
    parts.join(" · ")
}

/// Each file's [`MachineSummary::hardware`]: files of one machine ([`crate::machine_key`]) get the
/// same number, the rank of that machine's key among the summary's machines, sorted. So it does
/// not depend on the order the files came in, and it is the rank the site's markers use
/// (`site::palette::Markers`), which lets a page that has only the summary mark a machine as the
/// pages that read the files do.
pub fn hardware_numbers(files: &[(String, ResultsFile)]) -> Vec<u32> {
    let keys: Vec<String> = files.iter().map(|(_, file)| crate::machine_key::machine_key(file)).collect();
    let ranks = crate::machine_key::MachineRanks::of(&keys);
    keys.iter().map(|k| ranks.rank(k).unwrap_or(0)).collect()
}

fn noise_code(case: &CaseResult) -> u8 {
    match case.noise_flag() {
        Some(false) => 0,
        Some(true) => 1,
        None => 2,
    }
}

impl Summary {
    /// The summary of `files` (name, validated contents), in the order given; `refused` lists the
    /// ones that failed validation (empty for a site build).
    pub fn of(files: &[(String, ResultsFile)], refused: Vec<RefusedFile>) -> Summary {
        let machines = files
            .iter()
            .zip(hardware_numbers(files))
            .map(|((name, file), hardware)| MachineSummary { hardware: Some(hardware), ..MachineSummary::unlisted(name, file) })
            .collect();
        Summary { summary_version: SUMMARY_VERSION, machines, refused }
    }

    /// Reads a summary, refusing another format version. Its machines have no headline yet.
    pub fn from_json(bytes: &[u8]) -> Result<Summary, String> {
        let summary: Summary = serde_json::from_slice(bytes).map_err(|e| format!("summary.json: {e}"))?;
        if summary.summary_version != SUMMARY_VERSION {
            return Err(format!("summary.json: summary_version {} is not {SUMMARY_VERSION}; rebuild the site", summary.summary_version));
        }
        Ok(summary)
    }

    /// The headlines of this summary's machines, for `headlines.json`.
    pub fn headlines(&self) -> Headlines {
        Headlines {
            summary_version: SUMMARY_VERSION,
            machines: self.machines.len(),
            headlines: self.machines.iter().map(|m| m.headline.clone()).collect(),
        }
    }

    /// This summary with each machine's headline read from `headlines.json`'s `bytes`, refusing
    /// another format version or a file written for another number of machines.
    pub fn with_headlines(mut self, bytes: &[u8]) -> Result<Summary, String> {
        let h: Headlines = serde_json::from_slice(bytes).map_err(|e| format!("headlines.json: {e}"))?;
        if h.summary_version != SUMMARY_VERSION {
            return Err(format!("headlines.json: summary_version {} is not {SUMMARY_VERSION}; rebuild the site", h.summary_version));
        }
        if h.machines != self.machines.len() || h.headlines.len() != self.machines.len() {
            return Err(format!(
                "headlines.json: {} headlines for {} machines, but summary.json has {}; the two files are from different builds",
                h.headlines.len(),
                h.machines,
                self.machines.len()
            ));
        }
        for (m, headline) in self.machines.iter_mut().zip(h.headlines) {
            m.headline = headline;
        }
        Ok(self)
    }
}

impl CaseMedians {
    /// The medians of `files` (name, validated contents), in the order given.
    pub fn of(files: &[(String, ResultsFile)]) -> CaseMedians {
        let mut cases: Vec<String> = Vec::new();
        let mut index_of = std::collections::HashMap::<String, u32>::new();
        let machines = files
            .iter()
            .map(|(name, file)| MachineMedians {
                file: name.clone(),
                medians: file
                    .cases
                    .iter()
                    .map(|c| {
                        let key = c.identity();
                        let i = *index_of.entry(key.clone()).or_insert_with(|| {
                            cases.push(key);
                            (cases.len() - 1) as u32
                        });
                        (i, c.median_ns_per_op, noise_code(c))
                    })
                    .collect(),
            })
            .collect();
        CaseMedians { summary_version: SUMMARY_VERSION, cases, machines }
    }

    /// The median ns per op of file `file`'s case `identity`, with its noise code.
    pub fn median(&self, file: &str, identity: &str) -> Option<(f64, u8)> {
        let i = self.cases.iter().position(|c| c == identity)? as u32;
        let machine = self.machines.iter().find(|m| m.file == file)?;
        machine.medians.iter().find(|m| m.0 == i).map(|m| (m.1, m.2))
    }
}

impl MachineSummary {
    /// The summary of one validated file named `name` that is not on the site (a reader's own
    /// browser run, before they submit it): everything but the `hardware` number, which only pairs
    /// files of one summary (and would carry a serialiser of the machine record into `/results`'s wasm).
    pub fn unlisted(name: &str, file: &ResultsFile) -> MachineSummary {
        let mut suites: Vec<String> = file.cases.iter().map(|c| c.suite.clone()).collect();
        crate::order::sort(&mut suites);
        suites.dedup();
        let kind = if file.is_known_reference() {
            RunnerKind::Reference
        } else if file.runner.name == crate::browser::BROWSER_RUNNER {
            RunnerKind::Browser
        } else {
            RunnerKind::Native
        };
        let thread_safe = |id: &str| crate::kernels::CloneType::parse(id).is_some_and(|t| t.is_thread_safe());
        let count = |code: u8| file.cases.iter().filter(|c| noise_code(c) == code).count() as u32;
        let m = &file.machine;
        MachineSummary {
            file: name.to_owned(),
            label: file.label.clone(),
            cpu: cpu_text(file),
            vendor: cpu_vendor(m.cpu_model.as_deref()).to_owned(),
            arch: m.arch.clone(),
            hardware: None,
            source: file.provenance.as_ref().map(|p| p.source.clone()),
            logical_cpus: m.logical_cores,
            os: m.os.clone(),
            allocator: file.allocator.name.clone(),
            kind,
            created_at: file.created_at.clone(),
            rustc: file.toolchain.rustc_version.clone(),
            hypervisor: file.conditions.as_ref().and_then(|c| c.hypervisor.clone()),
            steal_percent: file.conditions.as_ref().and_then(|c| c.steal_percent),
            oversubscribed_above: m.logical_cores.filter(|&cpus| {
                file.conditions.as_ref().is_some_and(|c| c.oversubscribe)
                    && file.cases.iter().any(|c| crate::validate::running_threads(c) > cpus)
            }),
            contention: file.cases.iter().any(|c| c.is_global_clone() && c.placement.is_none() && thread_safe(&c.variant_id)),
            suites,
            choose_candidates: crate::choose::candidates_measured(file),
            choose_read_candidates: crate::choose::candidates_read(file),
            clone_threads: crate::choose::chooser_thread_counts(file),
            noisy_cases: count(1),
            unknown_noise_cases: count(2),
            headline: Headline::of(file),
        }
    }

    /// One line about the hardware, as `describe` writes it for a whole file.
    pub fn description(&self) -> String {
        describe(&self.cpu, self.logical_cpus, self.os.as_deref())
    }

    /// The machine's id: its file name without `.json` (as the explorer names it in the URL).
    pub fn id(&self) -> &str {
        self.file.strip_suffix(".json").unwrap_or(&self.file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::validate_bytes;

    /// A shipped file, compiled in (Miri isolates the file system, and these tests run under it).
    macro_rules! shipped {
        ($name:literal) => {
            validate_bytes($name, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/results/", $name))).unwrap()
        };
    }

    #[test]
    #[cfg_attr(miri, ignore = "summary.rs has no unsafe code; validating whole results files (SHA-256 included) under Miri takes minutes")]
    fn headline_takes_drop_mode_unpinned_cases_at_one_and_the_most_threads() {
        let file = shipped!("reference-ryzen5600x-2024.json");
        let h = Headline::of(&file);
        let most = h.most_threads.unwrap();
        assert!(most > 1);
        let find = |v: &str, t: u32| {
            file.cases
                .iter()
                .find(|c| c.variant_id == v && c.threads == t && c.mode.as_deref() == Some("drop") && c.placement.is_none())
                .unwrap()
                .median_ns_per_op
        };
        assert_eq!(h.arc_ns_most, Some(find("arc_str", most)));
        assert_eq!(h.string_ns_1t, Some(find("string", 1)));
        assert_eq!(h.ratio_1t(), Some(find("arc_str", 1) / find("string", 1)));
        // No thread count above `most` has both types.
        assert!(!file.cases.iter().any(|c| c.threads > most && c.variant_id == "string" && c.mode.as_deref() == Some("drop")));
        // Threads beyond the CPUs the run could use (an --oversubscribe run) are not its most.
        let mut fewer_cpus = file.clone();
        fewer_cpus.machine.logical_cores = Some(most - 1);
        let fewer = Headline::of(&fewer_cpus).most_threads.unwrap();
        assert!(fewer < most && fewer >= 1, "{fewer}");
        // A run of several lengths is ranked at the default one, whichever comes first in the file.
        let mut longer = file.clone();
        let mut long_cases = file.cases.clone();
        for c in &mut long_cases {
            c.params.string_len_bytes = Some(2048);
            c.median_ns_per_op *= 10.0;
        }
        longer.cases = long_cases.into_iter().chain(file.cases.iter().cloned()).collect();
        assert_eq!(Headline::of(&longer), h);
        // Only other lengths: the shortest.
        longer.cases.retain(|c| c.params.string_len_bytes == Some(2048));
        assert_eq!(Headline::of(&longer).arc_ns_1t, Some(10.0 * find("arc_str", 1)));
    }

    #[test]
    #[cfg_attr(miri, ignore = "summary.rs has no unsafe code; validating whole results files (SHA-256 included) under Miri takes minutes")]
    fn a_run_with_rounds_gives_the_range_of_its_rounds_ratios_and_one_without_gives_none() {
        let rounds = shipped!("epyc-2vcpu-jemalloc-rounds-2026-11-24.json");
        let h = Headline::of(&rounds);
        let case = |v: &str, t: u32| {
            rounds
                .cases
                .iter()
                .find(|c| c.suite == "clone" && c.variant_id == v && c.threads == t && c.mode.as_deref() == Some("drop"))
                .unwrap()
        };
        let most = h.most_threads.unwrap();
        let (arc, string) =
            (case("arc_str", most).round_medians_ns.clone().unwrap(), case("string", most).round_medians_ns.clone().unwrap());
        let ratios: Vec<f64> = arc.iter().zip(&string).map(|(a, s)| a / s).collect();
        let [low, high] = h.ratio_most_rounds.unwrap();
        assert!(ratios.contains(&low) && ratios.contains(&high) && low < high, "{ratios:?}");
        assert!(ratios.iter().all(|r| (low..=high).contains(r)));
        assert!(h.ratio_1t_rounds.is_some());
        // The reference dataset has one repeat per case and no rounds.
        let reference = Headline::of(&shipped!("reference-ryzen5600x-2024.json"));
        assert_eq!((reference.ratio_1t_rounds, reference.ratio_most_rounds), (None, None));
    }

    #[test]
    #[cfg_attr(miri, ignore = "summary.rs has no unsafe code; validating whole results files (SHA-256 included) under Miri takes minutes")]
    fn a_file_of_another_suite_has_no_headline_and_nothing_to_chart_for_contention() {
        let sso = shipped!("xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21.json");
        assert_eq!(Headline::of(&sso), Headline::default());
        assert!(!Summary::of(&[("sso.json".to_owned(), sso)], Vec::new()).machines[0].contention);
    }

    #[test]
    #[cfg_attr(miri, ignore = "summary.rs has no unsafe code; validating whole results files (SHA-256 included) under Miri takes minutes")]
    fn each_case_is_written_once_and_every_median_points_at_its_own_case() {
        let names = ["epyc-2vcpu-jemalloc-2026-11-23.json", "xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json", "reference-ryzen5600x-2024.json"];
        let files: Vec<(String, ResultsFile)> = vec![
            shipped!("epyc-2vcpu-jemalloc-2026-11-23.json"),
            shipped!("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json"),
            shipped!("reference-ryzen5600x-2024.json"),
        ]
        .into_iter()
        .zip(names)
        .map(|(f, n)| (n.to_string(), f))
        .collect();
        let summary = Summary::of(&files, Vec::new());
        let medians = CaseMedians::of(&files);
        let mut unique = medians.cases.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), medians.cases.len());
        for ((name, file), m) in files.iter().zip(&medians.machines) {
            assert_eq!((&m.file, m.medians.len()), (name, file.cases.len()));
            for case in &file.cases {
                assert_eq!(medians.median(name, &case.identity()).map(|x| x.0), Some(case.median_ns_per_op));
            }
        }
        assert!(summary.machines.iter().all(|m| m.contention), "three clone runs");
        let back = CaseMedians::of(&files);
        assert_eq!(serde_json::from_str::<CaseMedians>(&serde_json::to_string(&medians).unwrap()).unwrap(), back);
        assert_eq!(summary.machines[2].kind, RunnerKind::Reference);
        assert_eq!(summary.machines[0].vendor, "AMD");
        assert_eq!(summary.machines[1].vendor, "Intel");
        assert_eq!(summary.machines[2].source.as_deref(), file_source(&files[2].1));
        let mut with_system = files.clone();
        with_system.push(("s.json".to_owned(), shipped!("xeon-2.1ghz-2vcpu-system-2026-11-22.json")));
        let both = Summary::of(&with_system, Vec::new());
        assert_eq!(both.machines[3].hardware, both.machines[1].hardware, "one Xeon, two allocators");
        assert_ne!(both.machines[0].hardware, both.machines[1].hardware);
        assert_eq!(
            both.machines.iter().map(|m| m.hardware).collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2), Some(1)],
            "numbered as first seen"
        );
        // The facts and the headlines travel in two files, and come back together.
        let facts = Summary::from_json(serde_json::to_string(&summary).unwrap().as_bytes()).unwrap();
        assert!(facts.machines.iter().all(|m| m.headline == Headline::default()), "summary.json carries no headline");
        assert!(summary.machines.iter().all(|m| m.headline.most_threads.is_some()));
        let headlines = serde_json::to_string(&summary.headlines()).unwrap();
        assert_eq!(facts.clone().with_headlines(headlines.as_bytes()).unwrap(), summary);
        // Headlines of another build (another number of machines) are refused, not misassigned.
        let fewer = Summary { machines: summary.machines[..2].to_vec(), ..summary.clone() };
        let err = facts.with_headlines(serde_json::to_string(&fewer.headlines()).unwrap().as_bytes()).unwrap_err();
        assert!(err.contains("2 headlines for 2 machines, but summary.json has 3"), "{err}");
    }

    fn file_source(file: &ResultsFile) -> Option<&str> {
        file.provenance.as_ref().map(|p| p.source.as_str())
    }

    #[test]
    #[cfg_attr(miri, ignore = "summary.rs has no unsafe code; validating whole results files (SHA-256 included) under Miri takes minutes")]
    fn a_browser_run_is_a_browser_run_with_no_cpu_maker() {
        let summary = Summary::of(&[("b.json".to_owned(), shipped!("browser-headless-chrome-156-epyc-2vcpu-2026-11-24.json"))], Vec::new());
        let m = &summary.machines[0];
        assert_eq!((m.kind, m.vendor.as_str(), m.arch.as_str()), (RunnerKind::Browser, "unknown", "wasm32"));
        assert_eq!(m.cpu, "Headless Chrome 156, in a browser (wasm32)");
        assert_eq!(m.id(), "b");
    }

    #[test]
    fn another_format_version_is_refused() {
        let err = Summary::from_json(br#"{"summary_version":99,"machines":[]}"#).unwrap_err();
        assert!(err.contains("summary_version 99"), "{err}");
        let empty = Summary::from_json(format!(r#"{{"summary_version":{SUMMARY_VERSION},"machines":[]}}"#).as_bytes()).unwrap();
        let err = empty.with_headlines(br#"{"summary_version":99,"machines":0,"headlines":[]}"#).unwrap_err();
        assert!(err.starts_with("headlines.json: summary_version 99"), "{err}");
    }

    #[test]
    fn vendors_are_read_from_model_names() {
        assert_eq!(cpu_vendor(Some("AMD Ryzen 5 5600X 6-Core Processor")), "AMD");
        assert_eq!(cpu_vendor(Some("Intel(R) Xeon(R) Processor @ 2.10GHz")), "Intel");
        assert_eq!(cpu_vendor(Some("Apple M2")), "Apple");
        assert_eq!(cpu_vendor(Some("Neoverse-N1")), "Arm");
        assert_eq!(cpu_vendor(Some("Loongson-3A5000")), "other");
        assert_eq!(cpu_vendor(None), "unknown");
    }
}
