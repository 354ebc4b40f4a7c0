//! Writes the results files the explorer's browser tests load (`tests/fixtures/results/explorer/`).
//!
//! `cargo run -p wasm-core --example explorer_fixtures` regenerates them. The numbers are made up but
//! shaped like the article's: `Arc<str>` clones get slower with every contending thread (one shared
//! counter), `String`/`Box<str>` clones stay flat (thread-local arenas), and leaking (`forget`) makes
//! the allocator map fresh memory. Every file passes `validate_bytes` except the two meant to fail:
//! `broken-*.json` (several rule violations) and `hostile-label-*.json` (markup in the label).

use std::path::PathBuf;
use wasm_core::kernels::arcswap::ReadVariant;
use wasm_core::kernels::arena::ArenaVariant;
use wasm_core::kernels::sso::{InputSet, SsoVariant};
use wasm_core::results::*;
use wasm_core::validate::validate_bytes;

const OPS: u64 = 1 << 20;
const MIB: u64 = 1 << 20;
const STRING_LEN: u64 = 64;

/// Model time per clone in nanoseconds; `speed` scales a whole machine, `contention` the cost of
/// each extra thread on the shared counter.
fn model_ns(variant_id: &str, mode: &str, threads: u32, speed: f64, contention: f64) -> f64 {
    let t = f64::from(threads);
    let ns = match (variant_id, mode) {
        ("arc_str", "drop") => 4.0 + 26.0 * contention * (t - 1.0),
        ("arc_str", _) => 3.5 + 16.0 * contention * (t - 1.0),
        ("string", "drop") => 17.0 + 0.3 * t,
        ("string", _) => 30.0 + 4.0 * t,
        (_, "drop") => 16.0 + 0.3 * t,
        _ => 29.0 + 4.0 * t,
    };
    ns * speed
}

struct Machine {
    label: &'static str,
    created_at: &'static str,
    machine: MachineInfo,
    allocator: &'static str,
    threads: &'static [u32],
    speed: f64,
    contention: f64,
    memory: bool,
    timeline: bool,
    provenance: Option<Provenance>,
}

fn variants() -> [(&'static str, &'static str); 3] {
    [("Arc<str>", "arc_str"), ("String", "string"), ("Box<str>", "box_str")]
}

fn case(m: &Machine, variant: &str, variant_id: &str, mode: &str, threads: u32, seed: u32) -> CaseResult {
    let per_op = model_ns(variant_id, mode, threads, m.speed, m.contention);
    // Three repeats a few per cent apart, deterministic.
    let jitter = [1.0, 0.97 + 0.01 * f64::from(seed % 3), 1.03 + 0.01 * f64::from(seed % 5)];
    let repeat_times_ns = jitter.iter().map(|j| (per_op * j * OPS as f64).round()).collect();
    let leaks = mode == "forget" && variant_id != "arc_str";
    let mapped_before = 8 * MIB + MIB / 2;
    let grown = if leaks {
        OPS * 80 * u64::from(threads)
    } else if variant_id == "arc_str" {
        0
    } else {
        21 * MIB
    };
    let memory = m.memory.then(|| MemoryStats {
        mapped_before_bytes: mapped_before,
        mapped_after_bytes: mapped_before + grown,
        allocated_before_bytes: 2 * MIB,
        allocated_after_bytes: 2 * MIB + if leaks { OPS * STRING_LEN * u64::from(threads) } else { 0 },
        resident_before_bytes: 6 * MIB,
        resident_after_bytes: 6 * MIB + grown * 9 / 10,
    });
    let top = m.threads.last().copied() == Some(threads);
    let mapped_timeline = (m.timeline && top && variant_id != "box_str").then(|| {
        (0..=10u64)
            .map(|i| TimelinePoint { elapsed_ns: i * (per_op * OPS as f64 / 10.0) as u64, mapped_bytes: mapped_before + grown * i / 10 })
            .collect()
    });
    let params = CaseParams { string_len_bytes: Some(STRING_LEN), ..Default::default() };
    let mut case = CaseResult::new(Suite::Clone, variant, variant_id, threads, OPS, params, 1, repeat_times_ns);
    case.mode = Some(mode.into());
    case.contender_ops_per_sec = (threads > 1).then(|| 1e9 / per_op * f64::from(threads - 1));
    case.memory = memory;
    case.mapped_timeline = mapped_timeline;
    case
}

fn file(m: &Machine) -> ResultsFile {
    let mut cases = Vec::new();
    for mode in ["drop", "forget"] {
        for (variant, id) in variants() {
            for (i, &t) in m.threads.iter().enumerate() {
                cases.push(case(m, variant, id, mode, t, i as u32 + t));
            }
        }
    }
    ResultsFile {
        schema_version: SCHEMA_VERSION,
        label: m.label.into(),
        created_at: m.created_at.into(),
        // The reference fixture looks like the imported article data, which is what the site badges.
        runner: match m.provenance {
            Some(_) => RunnerInfo { name: wasm_core::results::REFERENCE_RUNNER.into(), version: None, git_revision: None },
            None => RunnerInfo { name: "native-runner".into(), version: Some("0.1.0".into()), git_revision: None },
        },
        machine: m.machine.clone(),
        toolchain: ToolchainInfo {
            rustc_version: Some("rustc 1.88.0".into()),
            target_triple: Some("x86_64-unknown-linux-gnu".into()),
            profile: Some("release".into()),
            opt_level: Some("3".into()),
        },
        allocator: AllocatorInfo { name: m.allocator.into(), version: None },
        layouts: LayoutFacts::current(),
        provenance: m.provenance.clone(),
        conditions: None,
        cases,
    }
}

/// Three repeats of `per_op` ns each over `ops` operations, a few per cent apart, deterministic.
fn repeats(per_op: f64, ops: u64, seed: u32) -> Vec<f64> {
    let jitter = [1.0, 0.97 + 0.01 * f64::from(seed % 3), 1.03 + 0.01 * f64::from(seed % 5)];
    jitter.iter().map(|j| (per_op * j * ops as f64).round()).collect()
}

/// A file of another suite: the same header as `m`'s, with `cases`.
fn suite_file(m: &Machine, label: &str, cases: Vec<CaseResult>) -> ResultsFile {
    let mut f = file(m);
    f.label = label.into();
    f.provenance = None;
    f.runner = RunnerInfo { name: "native-runner".into(), version: Some("0.1.0".into()), git_revision: None };
    f.cases = cases;
    f
}

/// `sso`: every variant on every input set at 1 and 2 threads (ns per call; empty costs a few ns).
fn sso_cases(speed: f64) -> Vec<CaseResult> {
    let mut cases = Vec::new();
    for (i, v) in SsoVariant::ALL.into_iter().enumerate() {
        for (j, set) in InputSet::ALL.into_iter().enumerate() {
            for t in [1u32, 2] {
                let base = if set.id() == "empty" { 2.0 } else { 150.0 + 20.0 * j as f64 };
                let ns = (base + 15.0 * i as f64) * speed * (1.0 + 0.02 * f64::from(t - 1));
                let params = CaseParams { input_set: Some(set.id().into()), ..Default::default() };
                cases.push(CaseResult::new(Suite::Sso, v.display_name(), v.id(), t, 10_000, params, 1, repeats(ns, 10_000, t + i as u32)));
            }
        }
    }
    cases
}

/// `arcswap`: every read variant at 1, 2 and 4 reader threads, without and with a writer.
fn arcswap_cases(speed: f64) -> Vec<CaseResult> {
    let mut cases = Vec::new();
    for (i, v) in ReadVariant::ALL.into_iter().enumerate() {
        for writer in [false, true] {
            for t in [1u32, 2, 4] {
                let base = [40.0, 60.0, 20.0, 1.0][i];
                let ns = base * speed * (1.0 + 0.5 * f64::from(t - 1)) * if writer { 1.3 } else { 1.0 };
                let params = CaseParams { writer: Some(writer), writer_period_us: writer.then_some(1000), ..Default::default() };
                cases.push(CaseResult::new(
                    Suite::Arcswap,
                    v.display_name(),
                    v.id(),
                    t,
                    1 << 20,
                    params,
                    1,
                    repeats(ns, 1 << 20, t + i as u32),
                ));
            }
        }
    }
    cases
}

/// `arena`: a 100 000-node list per variant at each thread count (`bumpalo::Bump` on one thread only).
fn arena_cases(speed: f64, threads: &[u32]) -> Vec<CaseResult> {
    const NODES: u64 = 100_000;
    let mut cases = Vec::new();
    for (i, v) in ArenaVariant::ALL.into_iter().enumerate() {
        for &t in threads {
            if v == ArenaVariant::Bump && t > 1 {
                continue;
            }
            let ns = [14.0, 3.3, 18.0, 3.6][i] * speed * (1.0 + 0.1 * f64::from(t - 1));
            let params = CaseParams { nodes: Some(NODES), ..Default::default() };
            cases.push(CaseResult::new(Suite::Arena, v.display_name(), v.id(), t, NODES, params, 1, repeats(ns, NODES, t + i as u32)));
        }
    }
    cases
}

fn xeon() -> MachineInfo {
    MachineInfo {
        cpu_model: Some("Intel(R) Xeon(R) E-2278G CPU @ 3.40GHz".into()),
        logical_cores: Some(16),
        physical_cores: Some(8),
        arch: "x86_64".into(),
        os: Some("Debian GNU/Linux 12".into()),
        kernel_version: Some("6.1.0-18-amd64".into()),
        memory_total_bytes: Some(64 << 30),
        user_agent: None,
        browser: None,
        device: None,
        cpu_identity: None,
    }
}

/// Markup in every free-text field a valid file may carry (labels and variant names are checked).
fn hostile_machine() -> MachineInfo {
    MachineInfo {
        cpu_model: Some("<img src=x onerror=alert(1)>".into()),
        arch: "x86_64".into(),
        os: Some("<script>alert(2)</script>".into()),
        ..Default::default()
    }
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/results/explorer");
    std::fs::create_dir_all(&dir).expect("create fixtures folder");
    let machines = [
        Machine {
            label: "fixture-ryzen5600x",
            created_at: "2024-01-05T10:00:00Z",
            machine: MachineInfo {
                cpu_model: Some("AMD Ryzen 5 5600X 6-Core Processor".into()),
                logical_cores: Some(12),
                physical_cores: Some(6),
                arch: "x86_64".into(),
                os: Some("Arch Linux".into()),
                kernel_version: Some("6.6.8-zen1-1-zen".into()),
                memory_total_bytes: Some(16 << 30),
                user_agent: None,
                browser: None,
                device: None,
                cpu_identity: None,
            },
            allocator: "jemalloc",
            threads: &[1, 2, 4, 8, 12],
            speed: 1.0,
            contention: 1.0,
            memory: false,
            timeline: false,
            // Not the article's dataset: that is recognised by its SHA-256 alone, so no fixture
            // can be it (a look-alike is refused by the validator, see plausible::reference_problems).
            provenance: None,
        },
        Machine {
            label: "fixture-xeon",
            created_at: "2025-02-01T09:30:00Z",
            machine: xeon(),
            allocator: "jemalloc",
            threads: &[1, 2, 4, 8],
            speed: 0.8,
            contention: 0.6,
            memory: true,
            timeline: true,
            provenance: None,
        },
        Machine {
            label: "fixture-xeon",
            created_at: "2025-02-01T10:30:00Z",
            machine: xeon(),
            allocator: "system",
            threads: &[1, 2, 4, 8],
            speed: 1.3,
            contention: 0.6,
            memory: false,
            timeline: false,
            provenance: None,
        },
        Machine {
            label: "hostile-text",
            created_at: "2025-03-02T08:00:00Z",
            machine: hostile_machine(),
            allocator: "<b>jemalloc</b>",
            threads: &[1, 2],
            speed: 1.1,
            contention: 1.0,
            memory: false,
            timeline: false,
            provenance: None,
        },
        // Its A/B twin, so the markup in the allocator name also reaches chart legends and tables.
        Machine {
            label: "hostile-text",
            created_at: "2025-03-02T09:00:00Z",
            machine: hostile_machine(),
            allocator: "<img src=x onerror=alert(3)>",
            threads: &[1, 2],
            speed: 1.2,
            contention: 1.0,
            memory: false,
            timeline: false,
            provenance: None,
        },
    ];
    let names = [
        "fixture-ryzen5600x-2024-01-05.json",
        "fixture-xeon-2025-02-01.json",
        "fixture-xeon-system-2025-02-01.json",
        "hostile-text-2025-03-02.json",
        "hostile-text-system-2025-03-02.json",
    ];
    // Files of the other suites: SSO and ArcSwap on the Xeon, arenas on the Xeon and the Ryzen.
    let others = [
        ("fixture-xeon-sso-2025-02-02.json", suite_file(&machines[1], "fixture-xeon-sso", sso_cases(0.8))),
        ("fixture-xeon-arcswap-2025-02-02.json", suite_file(&machines[1], "fixture-xeon-arcswap", arcswap_cases(0.8))),
        ("fixture-xeon-arena-2025-02-02.json", suite_file(&machines[1], "fixture-xeon-arena", arena_cases(0.8, &[1, 2, 4]))),
        ("fixture-ryzen5600x-arena-2024-01-06.json", suite_file(&machines[0], "fixture-ryzen5600x-arena", arena_cases(1.0, &[1, 2]))),
    ];
    let files = machines.iter().map(file).zip(names).chain(others.into_iter().map(|(n, f)| (f, n)));
    for (f, name) in files {
        let text = f.to_pretty_json();
        validate_bytes(name, text.as_bytes()).unwrap_or_else(|p| panic!("{name} does not validate: {p:?}"));
        std::fs::write(dir.join(name), text).expect("write fixture");
    }

    // A file that parses but breaks several rules: the explorer must show each problem.
    let mut broken = file(&machines[1]);
    broken.label = "broken".into();
    broken.created_at = "last tuesday".into();
    broken.cases.truncate(2);
    broken.cases[0].threads = 0;
    broken.cases[1].median_ns_per_op = 1.0;
    std::fs::write(dir.join("broken-2025-03-01.json"), broken.to_pretty_json()).expect("write broken");

    // Markup in the label: rejected by validation, and shown as inert text on the error card.
    let mut hostile = file(&machines[2]);
    hostile.label = "<img src=x onerror=alert(1)>".into();
    std::fs::write(dir.join("hostile-label-2025-03-02.json"), hostile.to_pretty_json()).expect("write hostile");
    println!("wrote fixtures to {}", dir.display());
}
