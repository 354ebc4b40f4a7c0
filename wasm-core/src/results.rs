//! Results file format, version 1: what the native runner writes to `content/results/*.json` and what
//! the site reads (a browser run can fill the same shape, with `machine.arch = "wasm32"` and a
//! `user_agent`). One file is one run of one machine: its context once, then a list of cases.
//!
//! Conventions: every unit is in the field name (`_ns`, `_bytes`, `_per_sec`); key order is the field
//! order below (serde keeps it), so files diff cleanly; unknown fields are rejected so a typo is an
//! error, not a silently missing value. `content/results.schema.json` is generated from these types
//! (feature `json-schema`); `validate` adds the sanity rules a schema cannot express.

use crate::kernels::CloneMode;
use crate::layout::TypeLayout;
use serde::{Deserialize, Serialize};

mod machine;
pub use machine::{cpu_vendor, CpuIdentity, MachineInfo};

/// The version this code writes and reads. A breaking change of the format bumps it.
pub const SCHEMA_VERSION: u32 = 2;

/// The oldest schema this reader still reads: version 2 only added optional fields
/// (`machine.cpu_identity`), so a version 1 file reads as one without them.
pub const OLDEST_SCHEMA_VERSION: u32 = 1;

/// One results file: one run on one machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ResultsFile {
    /// Format version: 2, what the runner and the browser lab write since 2026-11-27 (version 1,
    /// without `machine.cpu_identity`, still reads).
    pub schema_version: u32,
    /// Short name the user gave the run (`--label`): ASCII letters, digits, `.`, `_`, `-`.
    pub label: String,
    /// When the file was written, RFC 3339 in UTC (`2025-01-31T12:00:00Z`).
    pub created_at: String,
    /// The program that measured.
    pub runner: RunnerInfo,
    /// The machine it ran on (no host or user names).
    pub machine: MachineInfo,
    /// How the measuring program was compiled.
    pub toolchain: ToolchainInfo,
    /// The global allocator the measuring program used.
    pub allocator: AllocatorInfo,
    /// Size and alignment facts of the string types on the measured target.
    pub layouts: LayoutFacts,
    /// Where the numbers come from when they were not measured by this project's runner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// The conditions the run measured under (the native runner writes them since 2026-11-23;
    /// older files and the article's data have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditions: Option<RunConditions>,
    /// The measurements, one per (suite, variant, mode, threads, params) combination.
    pub cases: Vec<CaseResult>,
}

/// What the machine was doing and how it was set up while the run measured: what decides whether
/// its numbers can be compared with another machine's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RunConditions {
    /// `--quick`: tiny sample counts, for trying the runner and for tests. Such a file is valid,
    /// but `validate --submission` refuses it: its numbers are not measurements.
    pub quick: bool,
    /// `--oversubscribe`: the run was asked to use more threads at once than the CPUs this process
    /// may run on ([`MachineInfo::logical_cores`]). Its cases above that count measure threads
    /// taking turns on a CPU, not contention between cores; `validate --submission` refuses such
    /// cases unless this says it was meant. Absent (false) in files written before it existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub oversubscribe: bool,
    /// A signal (Ctrl-C, `kill`) stopped the run: the file holds the cases that finished, over the
    /// rounds each finished. Valid, but `validate --submission` refuses it: the plan was not run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub incomplete: bool,
    /// CPU topology from sysfs (Linux), when readable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topology: Option<CpuTopology>,
    /// The cpufreq governor of CPU 0 (`performance`, `powersave`, `schedutil`, ...), when readable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub governor: Option<String>,
    /// Whether frequency boost (turbo) was on, when the kernel says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boost: Option<bool>,
    /// The hypervisor the machine runs under (the system vendor a virtual machine reports, e.g.
    /// `QEMU`), or `unknown` when the CPU says it is virtual but not whose; absent on bare metal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hypervisor: Option<String>,
    /// 1-minute load average when the run started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_average_before: Option<f64>,
    /// 1-minute load average when it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_average_after: Option<f64>,
    /// CPU time stolen by the hypervisor during the run, as a percentage of all CPU time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steal_percent: Option<f64>,
    /// A browser run's checks that it had its CPUs to itself (a browser cannot read the load
    /// average): what [`crate::disturbance`] judges. Absent in native runs and older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_checks: Option<CpuChecks>,
}

/// The same fixed CPU-only work (a chain of integer multiplications, which touches no memory and
/// no lock), timed before a run's first round and after each round: first on one thread, then on
/// `threads` threads at once. On CPUs nobody else is using, the threads take as long as the one;
/// where other work shares them, some thread waits its turn and the check takes longer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CpuChecks {
    /// Threads timed at once in each check's second half: the run's most.
    pub threads: u32,
    /// Milliseconds the work took on one thread, at each check in order (the fastest of a few
    /// timings: a moment's interruption is not the machine's state).
    pub one_thread_ms: Vec<f64>,
    /// Milliseconds the slowest of the `threads` took when they all ran it at once, at each check
    /// (the fastest of a few such timings).
    pub all_threads_ms: Vec<f64>,
}

/// Which logical CPUs share a core and which share a last-level cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CpuTopology {
    /// CPU packages (sockets).
    pub sockets: u32,
    /// Physical cores over all sockets.
    pub cores: u32,
    /// Logical CPUs (hardware threads).
    pub logical_cpus: u32,
    /// Groups of logical CPUs that are SMT siblings of one core (only groups of two or more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub smt_groups: Vec<Vec<u32>>,
    /// Groups of logical CPUs that share one L3 cache.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub l3_groups: Vec<Vec<u32>>,
}

/// A case is `noisy` when its repeats' median absolute deviation exceeds this share of the median.
pub const NOISY_REL_MAD: f64 = 0.05;

/// The clone suite's default string length, in bytes (`native-runner clone --string-len`): a case
/// at another length says so in its condition ([`CaseResult::condition_key`]).
pub const DEFAULT_CLONE_LEN: u64 = 64;

/// Where `clone --pin` puts the contenders relative to the timed thread, nearest first.
pub const PLACEMENTS: [&str; 4] = ["smt-sibling", "same-l3", "other-l3", "other-socket"];

/// The program that produced the numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RunnerInfo {
    /// Program name, e.g. `native-runner`, or the imported benchmark's name.
    pub name: String,
    /// Program version (crate version for the native runner), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Short git commit of the program's source, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_revision: Option<String>,
}

/// How the measuring program was compiled.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ToolchainInfo {
    /// `rustc --version` output, e.g. `rustc 1.95.0 (59807616e 2026-04-14)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rustc_version: Option<String>,
    /// Target triple compiled for, e.g. `x86_64-unknown-linux-gnu`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_triple: Option<String>,
    /// Cargo profile, e.g. `release`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// Optimisation level (`0`..`3`, `s`, `z`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opt_level: Option<String>,
}

/// The global allocator in use while measuring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AllocatorInfo {
    /// `jemalloc`, `system`, or (in a browser) `dlmalloc` etc.
    pub name: String,
    /// Allocator version, e.g. jemalloc's `5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// Layout facts of the measured target (so the site can show x86_64 or aarch64 beside live wasm32).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LayoutFacts {
    /// `size_of`/`align_of` of `String`, `&str`, `Box<str>`, `Arc<str>`, `Option<Arc<str>>`, ...
    pub types: Vec<TypeLayout>,
    /// Bytes of `Arc`'s heap header (strong + weak counters) in front of the string data.
    pub arc_header_bytes: u32,
}

impl LayoutFacts {
    /// The facts of the target this code was compiled for.
    pub fn current() -> Self {
        LayoutFacts { types: crate::layout::string_type_layouts(), arc_header_bytes: crate::layout::arc_header_bytes() }
    }
}

/// Origin of numbers that were imported rather than measured by this project's runner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Where the data comes from, e.g. the source repository.
    pub source: String,
    /// The publication that presents the data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    /// Caveats: how the data was converted, what is missing or assumed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One measured case: a suite's kernel on one variant, mode, thread count and parameter set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CaseResult {
    /// Benchmark suite (the kernel family): `clone`, `sso`, `arcswap`, `arena` or `lines`.
    pub suite: String,
    /// What was measured, as written in Rust: `Arc<str>`, `Vec<String>`, `ArcSwap::load`, `Mutex<Bump>`, ...
    pub variant: String,
    /// Stable identifier of the variant within its suite: `arc_str`, `vec_string`, `cache`, `bump_herd`, ...
    pub variant_id: String,
    /// Suite-specific mode; for `clone`: `drop` (each clone dropped), `forget` (each clone leaked) or `read` (no clone: the text read through the handle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Threads running the kernel at once. `clone`: the timed thread plus `threads - 1` contenders;
    /// `sso`, `arcswap`, `lines`: every thread is timed (one entry per thread and repeat in
    /// `repeat_times_ns`); `arena`: the threads share one list's nodes.
    pub threads: u32,
    /// Operations one timed repeat performs: clones (`clone`), conversions of the whole tag list
    /// (`sso`), reads (`arcswap`), nodes of the list, all threads together (`arena`), counter
    /// updates per thread (`lines`).
    pub ops_per_repeat: u64,
    /// Suite parameters.
    #[serde(default)]
    pub params: CaseParams,
    /// Untimed warm-up repeats run (and discarded) before the timed ones.
    #[serde(default)]
    pub warmup_repeats: u32,
    /// Wall time of each timed repeat (all `ops_per_repeat` operations) in nanoseconds.
    pub repeat_times_ns: Vec<f64>,
    /// Median of `repeat_times_ns`.
    pub median_ns: f64,
    /// Smallest of `repeat_times_ns`.
    pub min_ns: f64,
    /// Largest of `repeat_times_ns`.
    pub max_ns: f64,
    /// Median absolute deviation of `repeat_times_ns` from their median (unscaled).
    pub mad_ns: f64,
    /// `median_ns / ops_per_repeat`: time of one operation.
    pub median_ns_per_op: f64,
    /// `mad_ns / median_ns`: how much the repeats disagree, as a share of the median.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise_rel_mad: Option<f64>,
    /// `noise_rel_mad > NOISY_REL_MAD` (0.05): the repeats disagree by more than 5 %.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noisy: Option<bool>,
    /// `clone --rounds N` (N ≥ 2): the median of each round's repeats, in the order the rounds ran.
    /// A round runs the whole plan again, after every other case, in fresh processes, so the spread
    /// of these medians shows the run-to-run variation that one process's repeats hide.
    /// `repeat_times_ns` holds every round's repeats, round by round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_medians_ns: Option<Vec<f64>>,
    /// `clone --pin` only: where the contenders ran relative to the timed thread, one of
    /// [`PLACEMENTS`]: `smt-sibling` (the other hardware thread of its core), `same-l3` (other cores
    /// sharing its last-level cache), `other-l3` (same socket, another L3) or `other-socket`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<String>,
    /// `clone --pin` only: the logical CPUs used, the timed thread's first, then the contenders'
    /// (contender `i` ran on `cpus[1 + i % (cpus.len() - 1)]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpus: Option<Vec<u32>>,
    /// Operations per second the contender threads did together while the timed thread ran
    /// (median over repeats); absent for one thread or when not recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contender_ops_per_sec: Option<f64>,
    /// Operations per second of all threads together: per repeat, the sum over threads of the
    /// operations each did divided by its own time (median over repeats); absent when not recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_threads_ops_per_sec: Option<f64>,
    /// Allocator statistics around the last timed repeat, when the allocator reports them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<MemoryStats>,
    /// Allocator mapped bytes sampled during the last timed repeat (`--mapped-timeline`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mapped_timeline: Option<Vec<TimelinePoint>>,
    /// Remarks about this case, e.g. samples scaled down by the memory guard.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Parameters of a case; each suite uses the ones that apply to it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CaseParams {
    /// Length of the cloned or built string in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub string_len_bytes: Option<u64>,
    /// Name of the input set, for suites that take several inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_set: Option<String>,
    /// Each repeat ran in a fresh process (so leaks and allocator state do not carry over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fresh_process_per_repeat: Option<bool>,
    /// `arcswap`: whether a writer thread swapped in a new value every `writer_period_us` while the
    /// readers ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writer: Option<bool>,
    /// `arcswap`: microseconds the writer sleeps between two swaps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writer_period_us: Option<u64>,
    /// `arena`: nodes in the whole list (split evenly between the threads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `clone`: how the loops were written when not the default (`native-runner clone --method`):
    /// `article` (the article's program's loops) or changes from ours joined by `+`
    /// (`no-black-box+stop-channel`). Absent for the default method. Such runs exist for chapter 4's
    /// ablation and cannot be submitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harness: Option<String>,
    /// `clone`: where a `String` drop case's buffers came from when not the file's `allocator`
    /// (the browser lab's allocator A/B): `bump_herd` (each thread's arena from one
    /// `bumpalo_herd::Herd`, reset between repeats) or `thread_pool` (reused `String`s from a
    /// `sharded_slab::Pool`). Absent for the global allocator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocator: Option<String>,
}

/// Allocator statistics (jemalloc `stats.*`) before and after a repeat, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MemoryStats {
    /// `stats.mapped` before: bytes in active extents mapped by the allocator.
    pub mapped_before_bytes: u64,
    /// `stats.mapped` after.
    pub mapped_after_bytes: u64,
    /// `stats.allocated` before: bytes allocated by the application.
    pub allocated_before_bytes: u64,
    /// `stats.allocated` after.
    pub allocated_after_bytes: u64,
    /// `stats.resident` before: bytes in physically resident data pages mapped by the allocator.
    pub resident_before_bytes: u64,
    /// `stats.resident` after.
    pub resident_after_bytes: u64,
}

/// One sample of the allocator's mapped memory during a repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TimelinePoint {
    /// Time since the timed repeat started, in nanoseconds.
    pub elapsed_ns: u64,
    /// `stats.mapped` at that moment, in bytes.
    pub mapped_bytes: u64,
}

/// The runner name of the article's published data, as `native-runner import-reference` writes it.
pub const REFERENCE_RUNNER: &str = "arc_str_perf";
/// How that data's `provenance.source` starts.
pub const REFERENCE_SOURCE_PREFIX: &str = "github.com/BlockListed/arc_str_perf";

impl ResultsFile {
    /// The machine's logical CPUs as the file records them: the topology's count, else the CPUs the
    /// run could use (`machine.logical_cores`).
    pub fn logical_cpus(&self) -> Option<u32> {
        self.conditions.as_ref().and_then(|c| c.topology.as_ref()).map(|t| t.logical_cpus).or(self.machine.logical_cores)
    }

    /// The CPUs a recorded load average is shared by: [`ResultsFile::logical_cpus`], at least 1.
    pub fn load_cpus(&self) -> u32 {
        self.logical_cpus().unwrap_or(1).max(1)
    }

    /// Whether this is the article's published dataset as the project imports it: the only kind of
    /// file the site badges as a reference and selects by default. A contributor's file cannot
    /// claim it: `validate --submission` refuses `provenance` and any runner but `native-runner`.
    pub fn is_known_reference(&self) -> bool {
        self.runner.name == REFERENCE_RUNNER && self.provenance.as_ref().is_some_and(|p| p.source.starts_with(REFERENCE_SOURCE_PREFIX))
    }

    /// Pretty-printed JSON with a trailing newline: the on-disk form.
    pub fn to_pretty_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("results serialise");
        text.push('\n');
        text
    }
}

/// The parameters each suite has; a case carries these and no others (`validate` refuses the rest).
pub fn suite_params(suite: Option<Suite>) -> &'static [&'static str] {
    match suite {
        Some(Suite::Clone) => &["string_len_bytes", "fresh_process_per_repeat", "harness", "allocator"],
        Some(Suite::Sso) => &["input_set"],
        Some(Suite::Arcswap) => &["writer", "writer_period_us"],
        Some(Suite::Arena) => &["nodes"],
        Some(Suite::Lines) | None => &[],
    }
}

/// The benchmark suites: what a case's `suite` field names (the file keeps the name as text, so a
/// file with a name no suite has is read, and the validator says which field is wrong).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Suite {
    /// Clones under contention (`native-runner clone`, the browser's contention lab).
    #[default]
    Clone,
    /// Small-string operations.
    Sso,
    /// `ArcSwap` and lock reads.
    Arcswap,
    /// Linked lists built in arenas.
    Arena,
    /// Counters sharing a cache line or not.
    Lines,
}

impl Suite {
    /// Every suite, in the order the runner and the site list them.
    pub const ALL: [Suite; 5] = [Suite::Clone, Suite::Sso, Suite::Arcswap, Suite::Arena, Suite::Lines];

    /// The name in a case's `suite` field and on the command line (`clone`, `sso`, ...).
    pub const fn id(self) -> &'static str {
        match self {
            Suite::Clone => "clone",
            Suite::Sso => "sso",
            Suite::Arcswap => "arcswap",
            Suite::Arena => "arena",
            Suite::Lines => "lines",
        }
    }

    /// The suite named `text` ([`Suite::id`]).
    pub fn parse(text: &str) -> Option<Suite> {
        Self::ALL.into_iter().find(|s| s.id() == text)
    }
}

impl CaseParams {
    /// The names of the parameters that are set.
    pub fn present(&self) -> Vec<&'static str> {
        let set = [
            ("string_len_bytes", self.string_len_bytes.is_some()),
            ("input_set", self.input_set.is_some()),
            ("fresh_process_per_repeat", self.fresh_process_per_repeat.is_some()),
            ("writer", self.writer.is_some()),
            ("writer_period_us", self.writer_period_us.is_some()),
            ("nodes", self.nodes.is_some()),
            ("harness", self.harness.is_some()),
            ("allocator", self.allocator.is_some()),
        ];
        set.into_iter().filter(|(_, on)| *on).map(|(name, _)| name).collect()
    }
}

impl CaseResult {
    /// The condition this case was measured under, short and URL-safe: threads and the suite's
    /// condition parameter (`t2-drop`, `t2-short`, `t4-writer1000`, `t4-nowriter`, `t1-n100000`).
    /// Cases of one file with the same condition, variant and placement measure the same thing:
    /// this is the one identity rule of `validate` (which refuses the second) and of the explorer
    /// (which groups by it). A clone case at a length other than the suite's default
    /// ([`DEFAULT_CLONE_LEN`]) carries it (`t2-drop-2048b`), so one run can time several lengths;
    /// an inline variant's short text belongs to the variant, whatever length the run asked for. A
    /// case of the allocator A/B carries its allocator (`t2-drop-bump_herd`).
    pub fn condition_key(&self) -> String {
        let (t, p) = (self.threads, &self.params);
        match self.suite() {
            Some(Suite::Sso) => format!("t{t}-{}", p.input_set.as_deref().unwrap_or("?")),
            Some(Suite::Arcswap) => match (p.writer, p.writer_period_us) {
                (Some(true), Some(us)) => format!("t{t}-writer{us}"),
                (Some(true), None) => format!("t{t}-writer"),
                _ => format!("t{t}-nowriter"),
            },
            Some(Suite::Arena) => format!("t{t}-n{}", p.nodes.unwrap_or(0)),
            Some(Suite::Lines) => format!("t{t}"),
            _ => {
                let inline = crate::kernels::CloneType::parse(&self.variant_id).is_some_and(|ty| ty.inline_capacity().is_some());
                let mut key = format!("t{t}-{}", self.mode.as_deref().unwrap_or(CloneMode::Drop.id()));
                if let Some(len) = p.string_len_bytes.filter(|&len| len != DEFAULT_CLONE_LEN && !inline) {
                    key.push_str(&format!("-{len}b"));
                }
                if let Some(allocator) = &p.allocator {
                    key.push_str(&format!("-{allocator}"));
                }
                key
            }
        }
    }

    /// A clone case's mode: drop where the file names none (files from before modes), `None` for
    /// another suite's case or a mode the validator refuses (the text stays in `mode`, so such a
    /// file is read and refused with the field named).
    pub fn clone_mode(&self) -> Option<CloneMode> {
        if !self.is(Suite::Clone) {
            return None;
        }
        self.mode.as_deref().map_or(Some(CloneMode::Drop), CloneMode::parse)
    }

    /// Whether this is a clone case on the file's own allocator. Every comparison across types,
    /// thread counts and machines (the charts, the summary, the chooser, the validator's physics) is
    /// between such cases; a case of the allocator A/B ([`CaseParams::allocator`]) is compared only
    /// with String's drop case on the global allocator, where a page says so.
    pub fn is_global_clone(&self) -> bool {
        self.is(Suite::Clone) && self.params.allocator.is_none()
    }

    /// This case's suite; `None` for a name no suite has (the validator refuses it).
    pub fn suite(&self) -> Option<Suite> {
        Suite::parse(&self.suite)
    }

    /// Whether this case is of `suite`.
    pub fn is(&self, suite: Suite) -> bool {
        self.suite == suite.id()
    }

    /// Suite, variant, condition and placement: what two cases share when they measure the same.
    pub fn identity(&self) -> String {
        format!("{}|{}|{}|{}", self.suite, self.variant_id, self.condition_key(), self.placement.as_deref().unwrap_or("unpinned"))
    }

    /// The case's fragment on its file's page (`/results/<file>/#clone-arc_str-t2-drop`): the
    /// [`identity`](Self::identity) as one URL-safe word, placement left out when unpinned. Unique
    /// within a valid file, since the validator refuses two cases with one identity.
    pub fn anchor(&self) -> String {
        let mut parts = vec![self.suite.as_str(), self.variant_id.as_str()];
        let condition = self.condition_key();
        parts.push(&condition);
        parts.extend(self.placement.as_deref());
        let text = parts.join("-");
        text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect()
    }

    /// Whether the repeats disagree by more than [`NOISY_REL_MAD`]: the runner's flag when it wrote
    /// one, else recomputed from three or more repeats, else `None` (unknown, never "clean").
    pub fn noise_flag(&self) -> Option<bool> {
        self.noisy.or_else(|| (self.repeat_times_ns.len() >= 3).then(|| self.relative_mad() > NOISY_REL_MAD))
    }

    /// A case of `suite` from its raw repeat times, summarised; every optional field empty.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        suite: Suite,
        variant: &str,
        variant_id: &str,
        threads: u32,
        ops_per_repeat: u64,
        params: CaseParams,
        warmup_repeats: u32,
        repeat_times_ns: Vec<f64>,
    ) -> Self {
        let mut case = CaseResult {
            suite: suite.id().into(),
            variant: variant.into(),
            variant_id: variant_id.into(),
            mode: None,
            threads,
            ops_per_repeat,
            params,
            warmup_repeats,
            repeat_times_ns,
            median_ns: 0.0,
            min_ns: 0.0,
            max_ns: 0.0,
            mad_ns: 0.0,
            median_ns_per_op: 0.0,
            noise_rel_mad: None,
            noisy: None,
            round_medians_ns: None,
            placement: None,
            cpus: None,
            contender_ops_per_sec: None,
            all_threads_ops_per_sec: None,
            memory: None,
            mapped_timeline: None,
            notes: Vec::new(),
        };
        case.summarize();
        case
    }

    /// `mad_ns / median_ns` (0 for a zero median): the noise figure the runner records and the
    /// validator checks.
    pub fn relative_mad(&self) -> f64 {
        if self.median_ns > 0.0 {
            self.mad_ns / self.median_ns
        } else {
            0.0
        }
    }

    /// Records the noise figure and flag (the native runner does, for every case it writes).
    pub fn mark_noise(&mut self) {
        let noise = self.relative_mad();
        self.noise_rel_mad = Some(noise);
        self.noisy = Some(noise > NOISY_REL_MAD);
    }

    /// `(largest − smallest) ÷ median` of `round_medians_ns`: how far apart separate rounds landed,
    /// as a share of their median. `None` without rounds.
    pub fn round_spread_rel(&self) -> Option<f64> {
        let rounds = self.round_medians_ns.as_deref().filter(|r| r.len() >= 2)?;
        let summary = crate::stats::summarize(rounds)?;
        (summary.median > 0.0).then(|| (summary.max - summary.min) / summary.median)
    }

    /// Fills the summary fields (`median_ns`, `min_ns`, `max_ns`, `mad_ns`, `median_ns_per_op`)
    /// from `repeat_times_ns` and `ops_per_repeat`. Returns `false` if there is nothing to summarise.
    pub fn summarize(&mut self) -> bool {
        let Some(s) = crate::stats::summarize(&self.repeat_times_ns) else { return false };
        self.median_ns = s.median;
        self.min_ns = s.min;
        self.max_ns = s.max;
        self.mad_ns = s.mad;
        self.median_ns_per_op = s.median / self.ops_per_repeat.max(1) as f64;
        true
    }
}

/// The JSON Schema (draft 2020-12) of [`ResultsFile`], pretty-printed with a trailing newline:
/// exactly the text of `content/results.schema.json`.
#[cfg(feature = "json-schema")]
pub fn json_schema_text() -> String {
    let schema = schemars::schema_for!(ResultsFile);
    let mut text = serde_json::to_string_pretty(&schema).expect("schema serialises");
    text.push('\n');
    text
}
