//! What a real machine could have recorded: the rules that catch a results file that parses and adds
//! up but lies. Layouts must be the ones Rust gives the recorded arch; pinned CPUs must exist in the
//! recorded topology; times must fit in a run; allocator statistics come only from an allocator that
//! reports them; the article's reference dataset is the one file the project imported, byte for byte.
//!
//! `validate` calls these for every file; the runner never writes anything they refuse.

use crate::problem::Problem;
use crate::results::Suite;
use crate::results::{CaseResult, CpuTopology, ResultsFile, REFERENCE_RUNNER, REFERENCE_SOURCE_PREFIX};

/// Longest a whole run may have measured, in nanoseconds (the timed repeats of all its cases,
/// per thread): 24 hours. The full clone suite at 64 threads measures for about an hour.
pub const MAX_RUN_NS: f64 = 24.0 * 3600.0 * 1e9;
/// Fastest one operation can be, in nanoseconds: a hundredth of a nanosecond (a 100 GHz clock).
/// The cheapest case measured anywhere (an inline HipStr clone) takes about 0.5 ns.
pub const MIN_NS_PER_OP: f64 = 0.01;
/// Slowest one operation can be, in nanoseconds: one second.
pub const MAX_NS_PER_OP: f64 = 1e9;

/// The least time one clone-suite operation can take, by what it does, in nanoseconds. Each floor is
/// about half the fastest such case measured anywhere (shipped files, 2026-11-27), and under what
/// any shipping core can do, so that a file made up to sit just above a floor is still refused:
/// - an atomic read-modify-write on a counter (a counted clone; twice with its drop): 0.75 ns each,
///   under 5 cycles at 6.5 GHz, where the fastest cores take 7 or more for a locked RMW (fastest
///   measured: 1.61 ns for a forget-mode clone, one RMW, on the article's Ryzen 5600X);
/// - an allocation with a copy of the text (and its free): 1.5 ns (fastest measured: 3.6 ns);
/// - a copy of a handle, a plain increment or a read of a text's length and first byte: 0.05 ns, a
///   third of a cycle at 6 GHz (fastest measured: 0.12 ns, a `Ustr` pointer copy in a browser).
pub const ATOMIC_RMW_FLOOR_NS: f64 = 0.75;
/// See [`ATOMIC_RMW_FLOOR_NS`].
pub const ALLOCATION_FLOOR_NS: f64 = 1.5;
/// See [`ATOMIC_RMW_FLOOR_NS`].
pub const COPY_FLOOR_NS: f64 = 0.05;

/// How much faster than alone a case may time with more threads at once: more threads only add
/// work and queueing, so a case at N threads far under the same case at one thread is made up. A
/// counted clone shares one counter, so the margin is 2×; for other work, whose threads share only
/// the allocator and the machine, 3× (a noisy shared VM measured a 2-thread case at 0.54× alone).
pub const FASTER_THAN_ALONE_COUNTER: f64 = 2.0;
/// See [`FASTER_THAN_ALONE_COUNTER`].
pub const FASTER_THAN_ALONE_OTHER: f64 = 3.0;

/// The floor of one operation of a clone-suite `case` ([`ATOMIC_RMW_FLOOR_NS`] and its siblings),
/// with what the operation is; `None` for other suites and unknown types.
pub fn clone_floor(case: &CaseResult) -> Option<(f64, &'static str)> {
    use crate::kernels::{CloneMode, CloneType, CloneWork};
    if !case.is(Suite::Clone) {
        return None;
    }
    // Another method's loops (chapter 4's ablation) may let the compiler delete a clone: no floor.
    if case.params.harness.is_some() {
        return None;
    }
    let ty = CloneType::parse(&case.variant_id)?;
    let mode = case.mode.as_deref().and_then(CloneMode::parse).unwrap_or(CloneMode::Drop);
    Some(match (mode, ty.work()) {
        (CloneMode::Read, _) => (COPY_FLOOR_NS, "a read of the text's length and first byte"),
        (_, CloneWork::Counter) if ty.is_thread_safe() && mode == CloneMode::Drop => {
            (2.0 * ATOMIC_RMW_FLOOR_NS, "two atomic read-modify-writes (the clone's increment and the drop's decrement)")
        }
        (_, CloneWork::Counter) if ty.is_thread_safe() => (ATOMIC_RMW_FLOOR_NS, "an atomic read-modify-write (the clone's increment)"),
        (_, CloneWork::Allocation) => (ALLOCATION_FLOOR_NS, "an allocation and a copy of the text"),
        _ => (COPY_FLOOR_NS, "a copy of the handle"),
    })
}

/// SHA-256 of the article's dataset as `native-runner import-reference` writes it
/// (`content/results/reference-ryzen5600x-2024.json`): the only file that may call itself the
/// reference, whatever its name.
pub const REFERENCE_SHA256: &str = "8b4cb66f1d500ae9e2c9ab7fc52097e100e427ed4cd8f84be015a242d00803df";

/// Bytes of one machine word (`usize`) for the architectures Rust names, or `None` if unknown.
pub fn word_bytes_of_arch(arch: &str) -> Option<u32> {
    match arch {
        "x86_64" | "aarch64" | "riscv64" | "powerpc64" | "s390x" | "loongarch64" | "mips64" | "sparc64" | "wasm64" => Some(8),
        "x86" | "arm" | "wasm32" | "riscv32" | "powerpc" | "mips" | "sparc" | "csky" | "hexagon" | "xtensa" => Some(4),
        "avr" | "msp430" => Some(2),
        _ => None,
    }
}

/// Each type the runner records, with its size in machine words (its alignment is one word).
const LAYOUT_WORDS: [(&str, u32); 9] = [
    ("String", 3),
    ("&str", 2),
    ("Box<str>", 2),
    ("Arc<str>", 2),
    ("Rc<str>", 2),
    ("Option<Arc<str>>", 2),
    ("&[u32]", 2),
    ("&dyn Display", 2),
    ("usize", 1),
];

/// The layouts Rust gives a target with `word`-byte machine words, in the runner's order.
pub fn layouts_for_word(word: u32) -> crate::results::LayoutFacts {
    let types = LAYOUT_WORDS
        .iter()
        .map(|&(name, words)| crate::layout::TypeLayout { type_name: name.into(), size_bytes: words * word, align_bytes: word })
        .collect();
    crate::results::LayoutFacts { types, arc_header_bytes: 2 * word }
}

/// The layouts must be the ones Rust gives a target of the recorded arch: known types only, each
/// once, each its known number of words of the arch's word size, and an `Arc` header of two words.
pub fn layout_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let facts = &file.layouts;
    let recorded_word = facts.types.iter().find(|l| l.type_name == "usize").map(|l| l.size_bytes);
    let word = match (word_bytes_of_arch(&file.machine.arch), recorded_word) {
        (Some(arch), Some(usize_bytes)) if arch != usize_bytes => {
            problems
                .push(Problem::new("layouts.types", format!("give usize {usize_bytes} bytes, but on {} it is {arch}", file.machine.arch)));
            return problems;
        }
        (Some(arch), _) => arch,
        // No Rust target has 16-byte words (`target_pointer_width` is 16, 32 or 64 bits).
        (None, Some(bytes)) if matches!(bytes, 2 | 4 | 8) => bytes,
        (None, _) => {
            problems.push(Problem::new(
                "layouts.types",
                format!("give no usize of 2, 4 or 8 bytes (the word sizes Rust targets have), and arch {:?} is not one whose word size is known", file.machine.arch),
            ));
            return problems;
        }
    };
    for (i, layout) in facts.types.iter().enumerate() {
        let at = format!("layouts.types[{i}]");
        let Some(&(_, words)) = LAYOUT_WORDS.iter().find(|(name, _)| *name == layout.type_name) else {
            let known: Vec<&str> = LAYOUT_WORDS.iter().map(|(name, _)| *name).collect();
            problems.push(Problem::new(
                format!("{at}.type_name"),
                format!("{:?} is not a type the runner records ({})", layout.type_name, known.join(", ")),
            ));
            continue;
        };
        if facts.types[..i].iter().any(|earlier| earlier.type_name == layout.type_name) {
            problems.push(Problem::new(format!("{at}.type_name"), format!("{:?} is listed twice", layout.type_name)));
        }
        if layout.size_bytes != words * word || layout.align_bytes != word {
            problems.push(Problem::new(
                at,
                format!(
                    "gives {} {} bytes aligned to {}; with {word}-byte words it is {} aligned to {word}",
                    layout.type_name,
                    layout.size_bytes,
                    layout.align_bytes,
                    words * word
                ),
            ));
        }
    }
    let missing: Vec<&str> =
        LAYOUT_WORDS.iter().map(|(name, _)| *name).filter(|name| !facts.types.iter().any(|l| l.type_name == *name)).collect();
    if !missing.is_empty() {
        problems.push(Problem::new(
            "layouts.types",
            format!("misses {}: every runner records all {} types", missing.join(", "), LAYOUT_WORDS.len()),
        ));
    }
    if facts.arc_header_bytes != 2 * word {
        problems.push(Problem::new(
            "layouts.arc_header_bytes",
            format!("is {}; Arc's two counters take {} bytes with {word}-byte words", facts.arc_header_bytes, 2 * word),
        ));
    }
    problems
}

/// The topology must describe real CPUs: each CPU id below `logical_cpus`, no CPU twice in one
/// kind of group, SMT groups of two or more.
pub fn topology_problems(t: &CpuTopology) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (name, groups, smallest) in [("smt_groups", &t.smt_groups, 2), ("l3_groups", &t.l3_groups, 1)] {
        let mut seen = std::collections::BTreeSet::new();
        for (g, group) in groups.iter().enumerate() {
            let at = format!("conditions.topology.{name}[{g}]");
            if group.len() < smallest {
                problems.push(Problem::new(at.clone(), format!("has {} CPU(s); a group has at least {smallest}", group.len())));
            }
            if let Some(cpu) = group.iter().find(|&&cpu| cpu >= t.logical_cpus) {
                problems.push(Problem::new(
                    at.clone(),
                    format!("names CPU {cpu}, but there are {} logical CPUs (0 to {})", t.logical_cpus, t.logical_cpus.saturating_sub(1)),
                ));
            }
            if let Some(cpu) = group.iter().find(|&&cpu| !seen.insert(cpu)) {
                problems.push(Problem::new(at, format!("names CPU {cpu} a second time")));
            }
        }
    }
    problems
}

/// A pinned case against the recorded topology: CPUs that exist, and a placement the machine has.
pub fn pinning_problems(at: &str, case: &CaseResult, topology: Option<&CpuTopology>, logical_cores: Option<u32>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let (Some(placement), Some(cpus)) = (case.placement.as_deref(), case.cpus.as_deref()) else { return problems };
    let Some(t) = topology else {
        problems.push(Problem::new(format!("{at}.placement"), "is set, but the file records no conditions.topology to place it in"));
        return problems;
    };
    let cpu_count = logical_cores.map_or(t.logical_cpus, |c| c.min(t.logical_cpus));
    if let Some(cpu) = cpus.iter().find(|&&c| c >= t.logical_cpus) {
        problems.push(Problem::new(format!("{at}.cpus"), format!("names CPU {cpu}, but the topology has {} logical CPUs", t.logical_cpus)));
    }
    if cpus.len() as u32 > cpu_count {
        problems.push(Problem::new(format!("{at}.cpus"), format!("lists {} CPUs on a machine with {cpu_count}", cpus.len())));
    }
    let together = |groups: &[Vec<u32>], a: u32, b: u32| groups.iter().any(|g| g.contains(&a) && g.contains(&b));
    let (timed, first) = (cpus[0], cpus.get(1).copied().unwrap_or(cpus[0]));
    let why = match placement {
        "smt-sibling" if !together(&t.smt_groups, timed, first) => {
            Some(format!("is smt-sibling, but CPUs {timed} and {first} are not SMT siblings in the topology"))
        }
        "same-l3" if t.l3_groups.is_empty() => Some("is same-l3, but the topology records no L3 groups".to_string()),
        "same-l3" if !together(&t.l3_groups, timed, first) => {
            Some(format!("is same-l3, but CPUs {timed} and {first} share no L3 group in the topology"))
        }
        "other-l3" if t.l3_groups.len() < 2 => Some("is other-l3, but the topology has fewer than two L3 groups".to_string()),
        "other-socket" if t.sockets < 2 => Some(format!("is other-socket, but the topology has {} socket", t.sockets)),
        _ => None,
    };
    if let Some(why) = why {
        problems.push(Problem::new(format!("{at}.placement"), why));
    }
    problems
}

/// Times that no run could have taken: a case's operations faster than [`MIN_NS_PER_OP`] or slower
/// than [`MAX_NS_PER_OP`], and repeats that add up (per thread) to more than [`MAX_RUN_NS`].
pub fn time_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut run_ns = 0.0;
    for (i, case) in file.cases.iter().enumerate() {
        let per_op = case.median_ns_per_op;
        if per_op.is_finite() && !(MIN_NS_PER_OP..=MAX_NS_PER_OP).contains(&per_op) {
            problems.push(Problem::new(
                format!("cases[{i}].median_ns_per_op"),
                format!("is {per_op} ns; one operation takes between {MIN_NS_PER_OP} ns and one second on any machine"),
            ));
        }
        if let Some((floor, what)) = clone_floor(case).filter(|(floor, _)| per_op.is_finite() && per_op < *floor) {
            problems.push(Problem::new(
                format!("cases[{i}].median_ns_per_op"),
                format!("is {per_op} ns for {} ({what}); no machine does that in under {floor} ns", case.variant_id),
            ));
        }
        let case_ns: f64 = case.repeat_times_ns.iter().filter(|t| t.is_finite()).sum();
        run_ns += case_ns / f64::from(case.threads.max(1));
    }

    if run_ns > MAX_RUN_NS {
        problems
            .push(Problem::new("cases", format!("add up to {:.0} hours of timed repeats; a run measures for at most 24", run_ns / 3.6e12)));
    }
    problems
}

/// The same case as `case` (suite, type, mode, length) at one thread, not pinned: what a case at
/// several threads is compared with.
pub fn alone_of<'a>(file: &'a ResultsFile, case: &CaseResult) -> Option<&'a CaseResult> {
    file.cases.iter().find(|a| {
        a.threads == 1
            && a.placement.is_none()
            && a.suite == case.suite
            && a.variant_id == case.variant_id
            && a.mode == case.mode
            && a.params.string_len_bytes == case.params.string_len_bytes
    })
}

/// Clone cases at several threads timed far faster than the same case alone (same type, mode, length,
/// not pinned): [`FASTER_THAN_ALONE_COUNTER`] and [`FASTER_THAN_ALONE_OTHER`]. A submission rule, not
/// a validity one: the runner keeps whatever it measured, and a wildly noisy run of a real machine
/// is refused for the site, never lost.
pub fn faster_than_alone(file: &ResultsFile) -> Vec<Problem> {
    use crate::kernels::{CloneType, CloneWork};
    let mut problems = Vec::new();
    for (i, case) in file.cases.iter().enumerate().filter(|(_, c)| c.is_global_clone() && c.threads > 1 && c.placement.is_none()) {
        let Some(alone) = alone_of(file, case) else { continue };
        let counter = CloneType::parse(&case.variant_id).is_some_and(|t| t.work() == CloneWork::Counter && t.is_thread_safe());
        let margin = if counter { FASTER_THAN_ALONE_COUNTER } else { FASTER_THAN_ALONE_OTHER };
        if case.median_ns_per_op * margin < alone.median_ns_per_op {
            problems.push(Problem::new(
                format!("cases[{i}].median_ns_per_op"),
                format!(
                    "is {} ns at {} threads, under 1/{margin} of the same case alone ({} ns at 1 thread); more threads only add work and queueing",
                    case.median_ns_per_op, case.threads, alone.median_ns_per_op
                ),
            ));
        }
    }
    problems
}

/// `native-runner` on wasm32: it needs processes and OS threads, so it never ran there; such a file
/// would skip every browser rule and be ranked as native.
pub fn native_on_wasm32(file: &ResultsFile) -> Vec<Problem> {
    let wasm = file.machine.arch == "wasm32" || file.toolchain.target_triple.as_deref().is_some_and(|t| t.starts_with("wasm32"));
    if file.runner.name == "native-runner" && wasm {
        return vec![Problem::new(
            "machine.arch",
            "is wasm32, but native-runner runs natively (processes, OS threads); a browser run comes from the site's lab, runner \"browser\"",
        )];
    }
    Vec::new()
}

/// Allocator statistics come only from jemalloc (the runner reads `stats.*` through its mallctl).
pub fn memory_problems(file: &ResultsFile) -> Vec<Problem> {
    if file.allocator.name == "jemalloc" {
        return Vec::new();
    }
    file.cases
        .iter()
        .enumerate()
        .filter(|(_, c)| c.memory.is_some() || c.mapped_timeline.is_some())
        .map(|(i, _)| {
            Problem::new(
                format!("cases[{i}].memory"),
                format!("is set, but allocator {:?} reports no statistics (only jemalloc's are recorded)", file.allocator.name),
            )
        })
        .collect()
}

/// A file that claims to be the article's dataset must be exactly the one the project imported.
pub fn reference_problems(file: &ResultsFile, bytes: &[u8]) -> Vec<Problem> {
    let claims = file.runner.name == REFERENCE_RUNNER || file.provenance.as_ref().is_some_and(|p| p.source.contains("arc_str_perf"));
    // A label that reads as the reference's poses as it on every page that names machines by label.
    let poses = file.label.to_ascii_lowercase().starts_with(RESERVED_LABEL_PREFIX);
    if !(claims || poses) || sha256_hex(bytes) == REFERENCE_SHA256 {
        return Vec::new();
    }
    if !claims {
        return vec![Problem::new(
            "label",
            format!(
                "{:?} starts with {RESERVED_LABEL_PREFIX:?}, which only the article's imported dataset may: pick a label of your own",
                file.label
            ),
        )];
    }
    vec![Problem::new(
        "runner.name",
        format!("claims the article's dataset ({REFERENCE_RUNNER}, {REFERENCE_SOURCE_PREFIX}), but the file is not the one the project imported (its SHA-256 differs)"),
    )]
}

/// Labels starting with this (in any case) belong to the article's imported dataset alone.
pub const RESERVED_LABEL_PREFIX: &str = "reference";

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_expected_layouts_are_this_targets_own() {
        let word = std::mem::size_of::<usize>() as u32;
        assert_eq!(word_bytes_of_arch(std::env::consts::ARCH), Some(word));
        assert_eq!(layouts_for_word(word), crate::results::LayoutFacts::current());
    }

    #[test]
    fn each_clone_operation_has_the_floor_of_what_it_does() {
        let case = |variant: &str, mode: &str| {
            let mut c = CaseResult::new(Suite::Clone, variant, variant, 1, 1, crate::results::CaseParams::default(), 1, vec![1.0]);
            c.mode = Some(mode.into());
            c
        };
        assert_eq!(clone_floor(&case("arc_str", "drop")).unwrap().0, 2.0 * ATOMIC_RMW_FLOOR_NS);
        assert_eq!(clone_floor(&case("arc_str", "forget")).unwrap().0, ATOMIC_RMW_FLOOR_NS);
        assert_eq!(clone_floor(&case("string", "drop")).unwrap().0, ALLOCATION_FLOOR_NS);
        assert_eq!(clone_floor(&case("string", "read")).unwrap().0, COPY_FLOOR_NS);
        // Rc<str>'s increment is a plain one, and a static str is copied.
        assert_eq!(clone_floor(&case("rc_str", "drop")).unwrap().0, COPY_FLOOR_NS);
        assert_eq!(clone_floor(&case("static_str", "drop")).unwrap().0, COPY_FLOOR_NS);
        let mut article = case("arc_str", "drop");
        article.params.harness = Some("article".into());
        assert_eq!(clone_floor(&article), None, "another method's loops may let the compiler delete the clone");
        assert_eq!(clone_floor(&CaseResult::new(Suite::Sso, "vec", "vec_string", 1, 1, Default::default(), 1, vec![1.0])), None);
    }

    #[test]
    fn sha256_is_the_standard_one() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
