//! Command-line interface (clap derive). Every value is checked here, so a bad argument is one line
//! and exit code 2 before any work starts.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use wasm_core::kernels::arcswap::ReadVariant;
use wasm_core::kernels::arena::ArenaVariant;
use wasm_core::kernels::harness::Harness;
use wasm_core::kernels::lines::LineVariant;
use wasm_core::kernels::sso::{InputSet, SsoVariant};
use wasm_core::kernels::{CloneMode, CloneType};

#[derive(Parser, Debug)]
#[command(
    name = "native-runner",
    version,
    about = "Measures string costs natively (clone contention, SSO, arc-swap, bump arenas, cache lines) and writes results JSON (schema 2)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Clone twenty-three string types and strategies (Arc<str>, String, Box<str>, Rc<str>, ArcStr,
    /// HipStr, SmolStr, CompactString, Bytes, ustr, lasso, ...) while other threads clone the same value.
    Clone(CloneArgs),
    /// Turn tag lists into owned strings nine ways (Vec<String> ... InlineStr, CompactString), on
    /// one or several threads at once.
    Sso(SsoArgs),
    /// Read a shared Arc<Config> through RwLock, ArcSwap::load/load_full and arc_swap::Cache, with
    /// and without a writer.
    Arcswap(ArcswapArgs),
    /// Build long linked lists: Box per node, bumpalo::Bump, Mutex<Bump>, bumpalo-herd.
    Arena(ArenaArgs),
    /// Add 1 to counters on every thread at once: one shared counter (three ways), private counters
    /// in one cache line or padded apart, and 10,000 counters (chapter "Cache lines").
    Lines(LinesArgs),
    /// Check results files against the schema and the sanity rules; exit 0 only if all pass.
    Validate {
        /// Results files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also apply the rules for a file sent in by pull request: no --quick runs.
        #[arg(long)]
        submission: bool,
        /// With --submission: the folder of results files the site already ships; a file whose
        /// samples are a copy of one of theirs is refused (the pull-request check passes the base
        /// branch's content/results/).
        #[arg(long, value_name = "DIR", requires = "submission")]
        shipped: Option<PathBuf>,
        /// With --shipped: the files are one pull request's. Each must have the runner's own name,
        /// a label no other machine has, and be no copy of another of them either; several files
        /// of one suite from one machine are refused (one machine, one voice) unless --maintainer.
        #[arg(long, requires = "shipped")]
        pull_request: bool,
        /// With --pull-request: a maintainer sent it; several files of one suite from one machine
        /// are named, not refused.
        #[arg(long, requires = "pull_request")]
        maintainer: bool,
    },
    /// For a maintainer: what a pull request's results files would change, as Markdown (each new
    /// file against the shipped runs of its CPU, its close calls, every computed sentence that
    /// changes, before and after, and the top five). The pull-request check writes it to the job's
    /// summary.
    Review {
        /// The pull request's results files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The folder of results files the site ships (the base branch's content/results/).
        #[arg(long, value_name = "DIR")]
        shipped: PathBuf,
        /// A text whose {{fact}} sentences are compared (a chapter's Markdown, a page's source), or
        /// a folder of them; may be given more than once.
        #[arg(long = "text", value_name = "PATH")]
        texts: Vec<PathBuf>,
    },
    /// Print the JSON Schema of results files (the text of content/results.schema.json).
    Schema,
    /// Convert the article's published data (arc_str_perf comparison JSON) into a results file (schema 2).
    ImportReference {
        /// The arc_str_perf comparison data (a JSON array of {type, threads, drop, time_millis}).
        input: PathBuf,
        /// Where to write the results file.
        output: PathBuf,
        /// Overwrite OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Internal: run one case in this (fresh) process and print its raw measurements as JSON.
    #[command(name = "__case", hide = true)]
    Case(CaseArgs),
}

/// Which clone modes to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    Drop,
    Forget,
    Read,
}

impl From<ModeArg> for CloneMode {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::Drop => CloneMode::Drop,
            ModeArg::Forget => CloneMode::Forget,
            ModeArg::Read => CloneMode::Read,
        }
    }
}

/// A clone type on the command line: its id (`arc_str`, `arcstr_static`, ...), with its one-line
/// summary in `--help`. One list, wasm-core's `CloneType::ALL`, so no type is named twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeArg(pub CloneType);

const TYPE_ARGS: [TypeArg; CloneType::ALL.len()] = {
    let mut out = [TypeArg(CloneType::ArcStr); CloneType::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = TypeArg(CloneType::ALL[i]);
        i += 1;
    }
    out
};

impl ValueEnum for TypeArg {
    fn value_variants<'a>() -> &'a [Self] {
        &TYPE_ARGS
    }
    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.id()).help(self.0.summary()))
    }
}

impl From<TypeArg> for CloneType {
    fn from(ty: TypeArg) -> Self {
        ty.0
    }
}

/// What to do when a forget case would leak more than `--max-leak`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExcessLeak {
    /// Run the case with fewer samples, so that it fits (noted in the case).
    Scale,
    /// Stop before measuring anything.
    Refuse,
}

fn parse_label(text: &str) -> Result<String, String> {
    match wasm_core::validate::label_problem(text) {
        None => Ok(text.to_string()),
        Some(problem) => Err(format!("label {problem}")),
    }
}

/// Parses a byte size: `1048576`, `512MiB`, `2GiB`, `1.5G` (K/M/G/T are powers of 1024 as well).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 = number.parse().map_err(|_| format!("{text:?} is not a size like 512MiB or 2GiB"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        other => return Err(format!("unknown size unit {other:?} (use B, KiB, MiB, GiB or TiB)")),
    };
    let bytes = number * (1u64 << shift) as f64;
    if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
        return Err(format!("{text:?} is not a positive size"));
    }
    Ok(bytes as u64)
}

#[derive(Args, Debug)]
pub struct CloneArgs {
    /// Thread counts to run, comma-separated [default: 1,2,4,... up to the logical CPUs].
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<Vec<u32>>,
    /// Modes: drop (each clone dropped), forget (each clone leaked), read (no clone: each
    /// operation reads the value's text, as code holding a clone does; a lasso key is resolved;
    /// with --method ours only).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "drop,forget,read")]
    pub mode: Vec<ModeArg>,
    /// Types (and strategies) to clone, comma-separated [default: all]. Rc<str> runs at 1 thread
    /// only; the two strategies (arc_str_borrow, static_str) and the copied handles (cow_static, ustr,
    /// lasso_threaded, lasso_resolver), which own nothing to leak, run in drop mode only.
    #[arg(long = "type", value_enum, value_delimiter = ',')]
    pub types: Option<Vec<TypeArg>>,
    /// Clones by the timed thread per repeat [default: 16777216 = 2^24; 16384 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 40)))]
    pub samples: Option<u64>,
    /// Lengths of the cloned string in bytes, comma-separated: every case at each length in turn
    /// (an inline variant, whose text is cut to what it keeps inline, once). A length other than 64
    /// is named in its cases' condition (`t2-drop-2048b`). Read cases, which touch a text's length
    /// and first byte whatever its length, run at the first length only.
    #[arg(long, value_delimiter = ',', default_value = "64", value_parser = clap::value_parser!(u64).range(0..=(1u64 << 20)))]
    pub string_len: Vec<u64>,
    /// Timed repeats per case and round [default: 3; 2 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeats: Option<u32>,
    /// Rounds: the whole plan runs this many times, every case once per round, each round in fresh
    /// processes. The spread of the rounds' medians shows the run-to-run variation that one
    /// process's repeats hide; files record each round's median [default: 3; 1 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: Option<u32>,
    /// Most memory one forget case may leak, e.g. 512MiB [default: the smaller of 2 GiB and 1/4 of RAM].
    #[arg(long, value_parser = parse_bytes)]
    pub max_leak: Option<u64>,
    /// When a forget case would leak more than --max-leak: scale its samples down, or refuse.
    #[arg(long, value_enum, default_value = "scale")]
    pub on_excess_leak: ExcessLeak,
    /// Sample jemalloc's mapped bytes every MS milliseconds during the last timed repeat.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub mapped_timeline: Option<u64>,
    /// Also run every case of 2 or more threads pinned, once per placement this machine has: the
    /// timed thread on the first allowed CPU, the contenders (one per CPU) on its SMT sibling, on
    /// other cores sharing its L3, in another L3 of its socket, or on another socket. Says which
    /// placements the machine lacks. Pinned cases record `placement` and `cpus` (Linux).
    #[arg(long)]
    pub pin: bool,
    /// How the loops are written. `ours`: each clone through black_box, the mode compiled in,
    /// contenders checking a flag every 64 clones, a warm-up repeat first. `article`: as the
    /// article's program (BlockListed/arc_str_perf) writes them: no black_box, the mode read on every
    /// clone, contenders polling a channel after every clone, no warm-up (one fresh process per
    /// repeat). Steps between, for an ablation: changes from ours joined by `+`, from no-black-box,
    /// mode-each-clone, stop-channel, no-warm-up. Only `ours` can be submitted.
    #[arg(long, default_value = "ours", value_name = "METHOD", value_parser = parse_method)]
    pub method: Harness,
    #[command(flatten)]
    pub run: RunArgs,
}

fn parse_method(text: &str) -> Result<Harness, String> {
    Harness::parse(text).ok_or_else(|| {
        let words = Harness::words().collect::<Vec<_>>().join(", ");
        format!("{text:?} is not a method: use ours, article, or changes from ours joined by + (each once, in this order: {words})")
    })
}

/// Options every measuring subcommand shares: naming and writing the results file, run size.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Untimed warm-up repeats before the timed ones (at least 1).
    #[arg(long, default_value_t = wasm_core::clone_run::DEFAULT_WARMUPS, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub warmups: u32,
    /// Name of this run (goes into the file and its default name): ASCII letters, digits, '.', '_'
    /// and '-', at most 64 characters, not starting with '.'.
    #[arg(long, default_value = "local", value_parser = parse_label)]
    pub label: String,
    /// Output file [default: content/results/<label>-<date>.json for clone,
    /// content/results/<label>-<suite>-<date>.json for the other suites; with --quick,
    /// target/quick-runs/<label>[-<suite>]-quick-<date>.json].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Tiny run for tests: few operations, 2 repeats (seconds, not minutes).
    #[arg(long)]
    pub quick: bool,
    /// Run thread counts above the CPUs this process may use (see taskset, the container's CPU
    /// limit) on purpose: those cases measure threads taking turns on a CPU, not contention between
    /// cores. Recorded in the file; without it, `validate --submission` refuses such cases, and the
    /// runner refuses more than 4 threads per CPU outright.
    #[arg(long)]
    pub oversubscribe: bool,
    /// No progress bar and no summary on stderr (warnings and errors are still printed).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Thread counts: 1 to 1024, comma-separated.
fn thread_counts() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=1024)
}

/// A parser for the stable ids of a kernel's variants: lists them in `--help` and in the error.
fn ids<T: Clone + Send + Sync + 'static>(all: &'static [T], id: fn(&T) -> &'static str) -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(all.iter().map(id))
        .map(move |text| all.iter().find(|v| id(v) == text).expect("a listed id").clone())
}

/// `sso`: turn tag lists into owned strings nine ways.
#[derive(Args, Debug)]
pub struct SsoArgs {
    /// Threads running the kernel at once, comma-separated [default: 1,2,4,... up to the logical CPUs].
    #[arg(long, value_delimiter = ',', value_parser = thread_counts())]
    pub threads: Option<Vec<u32>>,
    /// Variants to run, comma-separated [default: all nine].
    #[arg(long = "variant", value_delimiter = ',', value_parser = ids(&SsoVariant::ALL, |v| v.id()))]
    pub variants: Option<Vec<SsoVariant>>,
    /// Input sets, comma-separated [default: all four].
    #[arg(long = "input", value_delimiter = ',', value_parser = ids(&InputSet::ALL, |s| s.id()))]
    pub inputs: Option<Vec<InputSet>>,
    /// Conversions of the whole tag list per thread per repeat [default: 10000; 50 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 32)))]
    pub calls: Option<u64>,
    /// Timed repeats per case [default: 51; 2 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeats: Option<u32>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Whether a writer swaps the value while the readers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub enum WriterArg {
    Off,
    On,
}

/// `arcswap`: read a shared Arc<Config> through RwLock, ArcSwap::load, load_full and Cache.
#[derive(Args, Debug)]
pub struct ArcswapArgs {
    /// Reader thread counts, comma-separated [default: 1,2,4,... up to the logical CPUs].
    #[arg(long, value_delimiter = ',', value_parser = thread_counts())]
    pub threads: Option<Vec<u32>>,
    /// Variants to run, comma-separated [default: all four].
    #[arg(long = "variant", value_delimiter = ',', value_parser = ids(&ReadVariant::ALL, |v| v.id()))]
    pub variants: Option<Vec<ReadVariant>>,
    /// Without (off) and/or with (on) a writer thread swapping in a new value periodically.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "off,on")]
    pub writer: Vec<WriterArg>,
    /// Microseconds the writer sleeps between two swaps.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub writer_period_us: u64,
    /// Reads per reader thread per repeat [default: 4194304 = 2^22; 4096 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 40)))]
    pub reads: Option<u64>,
    /// Timed repeats per case [default: 5; 2 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeats: Option<u32>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `arena`: build long singly linked lists with Box per node, Bump, Mutex<Bump> and a bump herd.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Thread counts sharing one list's nodes, comma-separated [default: 1,2,4,... up to the logical
    /// CPUs]. bumpalo::Bump runs at 1 thread only.
    #[arg(long, value_delimiter = ',', value_parser = thread_counts())]
    pub threads: Option<Vec<u32>>,
    /// Variants to run, comma-separated [default: all four].
    #[arg(long = "variant", value_delimiter = ',', value_parser = ids(&ArenaVariant::ALL, |v| v.id()))]
    pub variants: Option<Vec<ArenaVariant>>,
    /// Nodes in each list [default: 1000000; 10000 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 32)))]
    pub nodes: Option<u64>,
    /// Timed repeats per case [default: 20; 2 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeats: Option<u32>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `lines`: every thread adds 1 to a counter; only where the counters sit changes.
#[derive(Args, Debug)]
pub struct LinesArgs {
    /// Thread counts, comma-separated [default: 1,2,4,... up to the logical CPUs].
    #[arg(long, value_delimiter = ',', value_parser = thread_counts())]
    pub threads: Option<Vec<u32>>,
    /// Variants to run, comma-separated [default: all six].
    #[arg(long = "variant", value_delimiter = ',', value_parser = ids(&LineVariant::ALL, |v| v.id()))]
    pub variants: Option<Vec<LineVariant>>,
    /// Counter updates per thread per repeat [default: 16777216 = 2^24; 16384 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 40)))]
    pub updates: Option<u64>,
    /// Timed repeats per case [default: 5; 2 with --quick].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeats: Option<u32>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// One case, run by a child process (`__case`).
#[derive(Args, Debug, Clone)]
pub struct CaseArgs {
    #[arg(long = "type", value_enum)]
    pub ty: TypeArg,
    #[arg(long, value_enum)]
    pub mode: ModeArg,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub samples: u64,
    #[arg(long)]
    pub string_len: u64,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeats: u32,
    #[arg(long)]
    pub warmups: u32,
    /// The leak limit, checked again here before anything runs.
    #[arg(long)]
    pub max_leak: u64,
    #[arg(long)]
    pub timeline_ms: Option<u64>,
    /// Pin the timed thread to the first CPU and contender `i` to `cpus[1 + i % (len - 1)]`.
    #[arg(long, value_delimiter = ',')]
    pub cpus: Option<Vec<u32>>,
    /// How the loops are written ([`Harness::id`]).
    #[arg(long, default_value = "ours", value_parser = parse_method)]
    pub harness: Harness,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_sizes() {
        assert_eq!(parse_bytes("1024"), Ok(1024));
        assert_eq!(parse_bytes("512MiB"), Ok(512 << 20));
        assert_eq!(parse_bytes("2G"), Ok(2 << 30));
        assert_eq!(parse_bytes("1.5 KiB"), Ok(1536));
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("0").is_err());
        assert!(parse_bytes("3 parsecs").is_err());
    }

    #[test]
    fn methods() {
        assert_eq!(parse_method("article"), Ok(Harness::ARTICLE));
        assert_eq!(parse_method("no-black-box").map(|h| h.black_box), Ok(false));
        let error = parse_method("fast").unwrap_err();
        assert!(error.contains("\"fast\"") && error.contains("stop-channel"), "{error}");
    }
}
