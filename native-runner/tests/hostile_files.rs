//! Files that lie: each starts from a real submission (our pinned EPYC run, which passes
//! `validate --submission`) and changes one thing the runner would never write. Every one must be
//! refused, naming the file and the field. One lie per class of issue 19, so a new rule that misses
//! a class shows up here rather than on the site.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_native-runner");
const BASE: &str = "content/results/epyc-2vcpu-jemalloc-pinned-2026-11-23.json";

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn base() -> Value {
    serde_json::from_slice(&std::fs::read(repo_root().join(BASE)).unwrap()).unwrap()
}

/// Recomputes a case's summary from its repeats (so only the intended lie is wrong).
fn resummarize(case: &mut Value) {
    let mut parsed: wasm_core::results::CaseResult = serde_json::from_value(case.clone()).unwrap();
    parsed.summarize();
    parsed.mark_noise();
    *case = serde_json::to_value(parsed).unwrap();
}

/// Sets case `i`'s repeats to `ns_per_op` each (its summary recomputed): a speed the file claims.
fn claim_speed(f: &mut Value, i: usize, ns_per_op: f64) {
    let ops = f["cases"][i]["ops_per_repeat"].as_f64().unwrap();
    f["cases"][i]["repeat_times_ns"] = json!([ns_per_op * ops, ns_per_op * ops * 1.001, ns_per_op * ops * 0.999]);
    // Three repeats in one round: a run of rounds keeps the lie consistent by having none.
    f["cases"][i].as_object_mut().unwrap().remove("round_medians_ns");
    resummarize(&mut f["cases"][i]);
}

/// One lie: the file's name, the field its refusal names, and the change.
type Lie = (&'static str, &'static str, Box<dyn Fn(&mut Value)>);

fn lies() -> Vec<Lie> {
    vec![
        (
            "median-overflow.json",
            "cases[0].repeat_times_ns[0]",
            Box::new(|f| {
                f["cases"][0]["repeat_times_ns"] = json!([1.7e308, 1.7e308, 1.7e308]);
            }),
        ),
        ("clone-with-nodes.json", "cases[0].params.nodes", Box::new(|f| f["cases"][0]["params"]["nodes"] = json!(1000))),
        ("clone-with-writer.json", "cases[0].params.writer", Box::new(|f| f["cases"][0]["params"]["writer"] = json!(true))),
        // The same case twice, with other times: a run at several lengths names each length in
        // its condition, so only a true twin is refused.
        (
            "same-case-twice.json",
            "cases[9]",
            Box::new(|f| {
                let mut twin = f["cases"][0].clone();
                twin["repeat_times_ns"][0] = json!(twin["repeat_times_ns"][0].as_f64().unwrap() * 1.01);
                f["cases"].as_array_mut().unwrap().push(twin);
            }),
        ),
        ("from-the-future.json", "created_at", Box::new(|f| f["created_at"] = json!("2999-01-01T00:00:00Z"))),
        ("stray-bytes-after-date.json", "created_at", Box::new(|f| f["created_at"] = json!("2026-11-23T10:00:24Z<b>Z"))),
        ("huge-handle.json", "layouts.types[0]", Box::new(|f| f["layouts"]["types"][0]["size_bytes"] = json!(4096))),
        ("huge-arc-header.json", "layouts.arc_header_bytes", Box::new(|f| f["layouts"]["arc_header_bytes"] = json!(4_294_967_288u64))),
        (
            "noisy-unmarked.json",
            "cases[0].noisy",
            Box::new(|f| {
                f["cases"][0].as_object_mut().unwrap().remove("noisy");
                f["cases"][0]["repeat_times_ns"] = json!([1e8, 2e8, 3e8, 4e8, 9e8]);
                resummarize(&mut f["cases"][0]);
                f["cases"][0].as_object_mut().unwrap().remove("noisy");
            }),
        ),
        (
            "quick-in-disguise.json",
            "conditions",
            Box::new(|f| {
                f.as_object_mut().unwrap().remove("conditions");
                for case in f["cases"].as_array_mut().unwrap() {
                    case["ops_per_repeat"] = json!(16_384);
                    case["repeat_times_ns"] = json!([80_000.0, 90_000.0]);
                    resummarize(case);
                    case.as_object_mut().unwrap().remove("placement");
                    case.as_object_mut().unwrap().remove("cpus");
                }
                f["cases"].as_array_mut().unwrap().truncate(6);
            }),
        ),
        ("smt-sibling-without-smt.json", "cases[6].placement", Box::new(|f| f["cases"][6]["placement"] = json!("smt-sibling"))),
        ("cpu-beyond-topology.json", "cases[6].cpus", Box::new(|f| f["cases"][6]["cpus"] = json!([0, 7]))),
        (
            "nonsense-topology.json",
            "conditions.topology.l3_groups[0]",
            Box::new(|f| f["conditions"]["topology"]["l3_groups"] = json!([[0, 0, 0]])),
        ),
        (
            "stats-from-system-allocator.json",
            "cases[0].memory",
            Box::new(|f| {
                f["allocator"] = json!({ "name": "system" });
                f["cases"][0]["memory"] = json!({
                    "mapped_before_bytes": 1, "mapped_after_bytes": 2, "allocated_before_bytes": 3,
                    "allocated_after_bytes": 4, "resident_before_bytes": 5, "resident_after_bytes": 6
                });
            }),
        ),
        ("contender-never-ran.json", "cases[3].contender_ops_per_sec", Box::new(|f| f["cases"][3]["contender_ops_per_sec"] = json!(0.0))),
        ("all-stolen.json", "conditions.steal_percent", Box::new(|f| f["conditions"]["steal_percent"] = json!(100.0))),
        ("absurd-load.json", "conditions.load_average_after", Box::new(|f| f["conditions"]["load_average_after"] = json!(1e308))),
        (
            "longer-than-a-run.json",
            "cases",
            Box::new(|f| {
                f["cases"][0]["repeat_times_ns"] = json!([1e17, 1e17, 1e17]);
                f["cases"][0]["ops_per_repeat"] = json!(1u64 << 50);
                resummarize(&mut f["cases"][0]);
            }),
        ),
        // Issue 40, class 1: speeds no machine has, by what the operation is.
        ("arc-clone-at-0.02-ns.json", "cases[0].median_ns_per_op", Box::new(|f| claim_speed(f, 0, 0.02))),
        ("string-clone-at-0.02-ns.json", "cases[1].median_ns_per_op", Box::new(|f| claim_speed(f, 1, 0.02))),
        (
            "read-at-0.02-ns.json",
            "cases[1].median_ns_per_op",
            Box::new(|f| {
                f["cases"][1]["mode"] = json!("read");
                f["cases"][1]["params"]["string_len_bytes"] = json!(2048);
                claim_speed(f, 1, 0.02);
            }),
        ),
        ("contended-faster-than-alone.json", "cases[3].median_ns_per_op", Box::new(|f| claim_speed(f, 3, 1.0))),
        // Class 2: a label that poses as the article's dataset.
        ("reference-label.json", "label", Box::new(|f| f["label"] = json!("reference-ryzen5600x-2024"))),
        ("Reference-label.json", "label", Box::new(|f| f["label"] = json!("Reference-mine"))),
        // The runner keeps a run made on a busy machine; a submission refuses it.
        ("busy-machine.json", "conditions.load_average_before", Box::new(|f| f["conditions"]["load_average_before"] = json!(147.0))),
        // Class 4: a native run that claims wasm32.
        (
            "native-on-wasm32.json",
            "machine.arch",
            Box::new(|f| {
                f["machine"]["arch"] = json!("wasm32");
                f["toolchain"]["target_triple"] = json!("wasm32-unknown-unknown");
            }),
        ),
        // Class 3: machine facts that contradict each other, or text that hides what it says.
        (
            "no-logical-cores.json",
            "machine.logical_cores",
            Box::new(|f| drop(f["machine"].as_object_mut().unwrap().remove("logical_cores"))),
        ),
        ("logical-above-topology.json", "machine.logical_cores", Box::new(|f| f["machine"]["logical_cores"] = json!(64))),
        ("physical-above-logical.json", "machine.physical_cores", Box::new(|f| f["machine"]["physical_cores"] = json!(8))),
        ("one-byte-memory.json", "machine.memory_total_bytes", Box::new(|f| f["machine"]["memory_total_bytes"] = json!(1))),
        ("arch-contradicts-triple.json", "machine.arch", Box::new(|f| f["machine"]["arch"] = json!("aarch64"))),
        ("blank-cpu.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("   "))),
        ("hangul-filler.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("AMD\u{3164}EPYC"))),
        ("variation-selector.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("AMD EPYC\u{FE0F}"))),
        ("braille-blank.json", "machine.os", Box::new(|f| f["machine"]["os"] = json!("Linux\u{2800}"))),
        (
            "combining-smear.json",
            "machine.cpu_model",
            Box::new(|f| f["machine"]["cpu_model"] = json!("AMD E\u{301}\u{301}\u{301}\u{301}PYC")),
        ),
        ("cyrillic-lookalike.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("\u{410}MD EPYC"))),
        // Class 5: numbers that cannot be.
        ("rate-1e300.json", "cases[3].contender_ops_per_sec", Box::new(|f| f["cases"][3]["contender_ops_per_sec"] = json!(1e300))),
        ("rate-1e-300.json", "cases[3].contender_ops_per_sec", Box::new(|f| f["cases"][3]["contender_ops_per_sec"] = json!(1e-300))),
        (
            "terabyte-string.json",
            "cases[0].params.string_len_bytes",
            Box::new(|f| f["cases"][0]["params"]["string_len_bytes"] = json!(1_000_000_000_000u64)),
        ),
        ("before-the-runners.json", "created_at", Box::new(|f| f["created_at"] = json!("2024-06-01T00:00:00Z"))),
        ("negative-zero-mad.json", "cases[0].mad_ns", Box::new(|f| f["cases"][0]["mad_ns"] = json!(-0.0))),
        (
            "rounds-not-their-medians.json",
            "cases[0].round_medians_ns",
            Box::new(|f| {
                let t = f["cases"][0]["repeat_times_ns"][0].as_f64().unwrap();
                f["cases"][0]["repeat_times_ns"] = json!([t, t * 1.01, t * 1.02, t * 1.03]);
                resummarize(&mut f["cases"][0]);
                // Each round's median swapped with the other's: both inside the repeats' range.
                f["cases"][0]["round_medians_ns"] = json!([t * 1.025, t * 1.005]);
            }),
        ),
        (
            "mad-zero-wide-spread.json",
            "cases[0].repeat_times_ns",
            Box::new(|f| {
                let t = f["cases"][0]["repeat_times_ns"][0].as_f64().unwrap();
                f["cases"][0]["repeat_times_ns"] = json!([t, t, t, t, t * 5000.0]);
                resummarize(&mut f["cases"][0]);
            }),
        ),
        (
            "allocated-above-mapped.json",
            "cases[0].memory.allocated_after_bytes",
            Box::new(|f| {
                let mapped = f["cases"][0]["memory"]["mapped_after_bytes"].as_u64().unwrap();
                f["cases"][0]["memory"]["allocated_after_bytes"] = json!(mapped * 2);
            }),
        ),
        (
            "timeline-past-the-end.json",
            "cases[0].mapped_timeline",
            Box::new(|f| {
                f["cases"][0]["mapped_timeline"] =
                    json!([{ "elapsed_ns": 10, "mapped_bytes": 1 }, { "elapsed_ns": 60_000_000_000u64, "mapped_bytes": 1 }])
            }),
        ),
        (
            "contenders-a-million-times-faster.json",
            "cases[3].contender_ops_per_sec",
            Box::new(|f| {
                let c = &f["cases"][3];
                let timed = c["ops_per_repeat"].as_f64().unwrap() / (c["median_ns"].as_f64().unwrap() / 1e9);
                f["cases"][3]["contender_ops_per_sec"] = json!(timed * 1e6);
            }),
        ),
        (
            "forget-a-borrow.json",
            "cases[0].mode",
            Box::new(|f| {
                (f["cases"][0]["variant_id"], f["cases"][0]["variant"], f["cases"][0]["mode"]) =
                    (json!("arc_str_borrow"), json!("Arc<str> cloned once, borrowed"), json!("forget"));
            }),
        ),
        (
            "inline-at-4k.json",
            "cases[0].params.string_len_bytes",
            Box::new(|f| {
                (f["cases"][0]["variant_id"], f["cases"][0]["variant"]) = (json!("hipstr_inline"), json!("HipStr (inline)"));
                f["cases"][0]["params"]["string_len_bytes"] = json!(4096);
            }),
        ),
        // Issue 40, class 3: machine facts that contradict each other.
        ("l3-groups-removed.json", "cases[6].placement", Box::new(|f| f["conditions"]["topology"]["l3_groups"] = json!([]))),
        (
            "sixteen-byte-words.json",
            "layouts.types",
            Box::new(|f| {
                f["machine"]["arch"] = json!("quantum128");
                for layout in f["layouts"]["types"].as_array_mut().unwrap() {
                    let words = layout["size_bytes"].as_u64().unwrap() / 8;
                    (layout["size_bytes"], layout["align_bytes"]) = (json!(words * 16), json!(16));
                }
                f["layouts"]["arc_header_bytes"] = json!(32);
            }),
        ),
        ("most-layouts-missing.json", "layouts.types", Box::new(|f| f["layouts"]["types"].as_array_mut().unwrap().truncate(2))),
        // Issue 40, class 5: a rate its own repeat times rule out.
        (
            "all-threads-rate-of-1e300.json",
            "cases[0].all_threads_ops_per_sec",
            Box::new(|f| f["cases"][0]["all_threads_ops_per_sec"] = json!(1e300)),
        ),
        ("four-billion-warmups.json", "cases[0].warmup_repeats", Box::new(|f| f["cases"][0]["warmup_repeats"] = json!(u32::MAX))),
        ("runner-from-the-future.json", "runner.version", Box::new(|f| f["runner"]["version"] = json!("9.0.0"))),
        ("revision-not-a-commit.json", "runner.git_revision", Box::new(|f| f["runner"]["git_revision"] = json!("HEAD~1; rm"))),
        ("zero-width-space.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("AMD\u{200B} EPYC"))),
        ("dot-label.json", "label", Box::new(|f| f["label"] = json!(".epyc"))),
        (
            "fake-reference.json",
            "runner.name",
            Box::new(|f| {
                f["runner"] = json!({ "name": "arc_str_perf" });
                f["provenance"] = json!({ "source": "github.com/BlockListed/arc_str_perf (published numbers)" });
            }),
        ),
    ]
}

/// Checks that `base()` passes `validate --submission` and that each lie told about it is refused,
/// naming the file and the field; returns the folder the files were written to.
fn assert_each_lie_refused(base: impl Fn() -> Value, lies: Vec<Lie>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let honest = dir.path().join("honest.json");
    std::fs::write(&honest, serde_json::to_string_pretty(&base()).unwrap()).unwrap();
    let out = Command::new(BIN).args(["validate", "--submission"]).arg(&honest).output().unwrap();
    assert!(out.status.success(), "the base passes: {}", String::from_utf8_lossy(&out.stdout));
    for (name, field, lie) in lies {
        let mut file = base();
        lie(&mut file);
        let path = dir.path().join(name);
        std::fs::write(&path, serde_json::to_string_pretty(&file).unwrap()).unwrap();
        let out = Command::new(BIN).args(["validate", "--submission"]).arg(&path).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{name} passed");
        assert!(text.lines().any(|l| l.contains(name) && l.contains(&format!(": {field}: "))), "{name} is refused for {field}:\n{text}");
    }
    dir
}

#[test]
fn every_lie_is_refused_naming_the_file_and_the_field() {
    let dir = assert_each_lie_refused(base, lies());

    // A JSON array holding the same values is no results file.
    let array = dir.path().join("array.json");
    let values: Vec<Value> = base().as_object().unwrap().values().cloned().collect();
    std::fs::write(&array, serde_json::to_string(&values).unwrap()).unwrap();
    let out = Command::new(BIN).args(["validate", "--submission"]).arg(&array).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stdout).contains("array.json: file: is not a JSON object"));
}

/// Issue 40, class 4: browser runs with facts no page can know. Each starts from a shipped browser
/// run, which passes `validate --submission`, and adds one.
#[test]
fn browser_runs_with_native_facts_are_refused() {
    const BROWSER_BASE: &str = "content/results/browser-headless-chrome-156-epyc-2vcpu-reads-2026-11-26.json";
    let base = || -> Value { serde_json::from_slice(&std::fs::read(repo_root().join(BROWSER_BASE)).unwrap()).unwrap() };
    let lies: Vec<Lie> = vec![
        (
            "browser-jemalloc-stats.json",
            "cases[0].memory",
            Box::new(|f| {
                f["cases"][0]["memory"] = json!({
                    "mapped_before_bytes": 1, "mapped_after_bytes": 2, "allocated_before_bytes": 1,
                    "allocated_after_bytes": 1, "resident_before_bytes": 1, "resident_after_bytes": 2
                })
            }),
        ),
        ("browser-governor.json", "conditions.governor", Box::new(|f| f["conditions"]["governor"] = json!("performance"))),
        ("browser-pinned.json", "cases[0].placement", Box::new(|f| f["cases"][0]["placement"] = json!("same-l3"))),
        (
            "browser-64-threads.json",
            "cases[0].threads",
            Box::new(|f| {
                f["machine"]["logical_cores"] = json!(64);
                f["cases"][0]["threads"] = json!(64);
            }),
        ),
        ("browser-no-browser.json", "machine.user_agent", Box::new(|f| f["machine"]["user_agent"] = json!("curl/8.0"))),
        ("browser-two-browsers.json", "machine.browser", Box::new(|f| f["machine"]["browser"] = json!("Firefox 140"))),
        ("browser-jemalloc.json", "allocator.name", Box::new(|f| f["allocator"] = json!({ "name": "jemalloc" }))),
        // Issue 51: what only the operating system knows, and a device its user agent contradicts.
        ("browser-cpu-model.json", "machine.cpu_model", Box::new(|f| f["machine"]["cpu_model"] = json!("Apple M3 Max"))),
        ("browser-kernel.json", "machine.kernel_version", Box::new(|f| f["machine"]["kernel_version"] = json!("6.6.8"))),
        ("browser-ram.json", "machine.memory_total_bytes", Box::new(|f| f["machine"]["memory_total_bytes"] = json!(17179869184u64))),
        ("browser-physical-cores.json", "machine.physical_cores", Box::new(|f| f["machine"]["physical_cores"] = json!(1))),
        (
            "browser-cpuid.json",
            "machine.cpu_identity.vendor",
            Box::new(|f| {
                f["schema_version"] = json!(2);
                f["created_at"] = json!("2026-11-27T10:00:00Z");
                f["machine"]["cpu_identity"] = json!({ "vendor": "AuthenticAMD", "family": 25 });
            }),
        ),
        ("browser-android-on-x11.json", "machine.device", Box::new(|f| f["machine"]["device"] = json!("Pixel 7, arm 64-bit"))),
    ];
    assert_each_lie_refused(base, lies);
}

/// Issue 51: machine records that cannot be. The base is a shipped native run as schema 2 would
/// carry it (dated the day schema 2 began, with a CPUID identity that fits its model); each lie
/// changes one thing, and the honest base passes.
#[test]
fn impossible_machine_records_are_refused() {
    const RECORD_BASE: &str = "content/results/epyc-2vcpu-jemalloc-reads-2026-11-26.json";
    let base = || -> Value {
        let mut f: Value = serde_json::from_slice(&std::fs::read(repo_root().join(RECORD_BASE)).unwrap()).unwrap();
        f["schema_version"] = json!(2);
        f["created_at"] = json!("2026-11-27T10:00:00Z");
        f["machine"]["cpu_identity"] = json!({
            "vendor": "AuthenticAMD", "family": 25, "model": 1, "stepping": 1,
            "microcode": "0xa0011d5", "l2_cache_bytes": 524288, "l3_cache_bytes": 33554432, "hypervisor_source": "cpuid"
        });
        f
    };
    let identity = |field: &'static str, value: Value| -> Box<dyn Fn(&mut Value)> {
        Box::new(move |f: &mut Value| f["machine"]["cpu_identity"][field] = value.clone())
    };
    let lies: Vec<Lie> = vec![
        ("cpuid-bidi.json", "machine.cpu_identity.vendor", identity("vendor", json!("Authentic\u{202e}AMD"))),
        ("cpuid-zero-width.json", "machine.cpu_identity.vendor", identity("vendor", json!("AuthenticAMD\u{200b}"))),
        ("cpuid-long-microcode.json", "machine.cpu_identity.microcode", identity("microcode", json!(format!("0x{}", "1".repeat(300))))),
        ("cpuid-intel-on-amd.json", "machine.cpu_identity.vendor", identity("vendor", json!("GenuineIntel"))),
        ("cpuid-stepping-99.json", "machine.cpu_identity.stepping", identity("stepping", json!(99))),
        ("cpuid-l3-4tib.json", "machine.cpu_identity.l3_cache_bytes", identity("l3_cache_bytes", json!(4u64 << 40))),
        (
            "cpuid-on-aarch64.json",
            "machine.cpu_identity.vendor",
            Box::new(|f| {
                f["machine"]["arch"] = json!("aarch64");
                f["machine"]["cpu_model"] = json!("Neoverse-N1");
                f["toolchain"]["target_triple"] = json!("aarch64-unknown-linux-gnu");
            }),
        ),
        (
            "hypervisor-source-alone.json",
            "machine.cpu_identity.hypervisor_source",
            Box::new(|f| f["conditions"]["hypervisor"] = Value::Null),
        ),
        (
            "steal-no-hypervisor.json",
            "conditions.steal_percent",
            Box::new(|f| {
                f["conditions"]["hypervisor"] = Value::Null;
                f["machine"]["cpu_identity"]["hypervisor_source"] = Value::Null;
            }),
        ),
        (
            "smt-on-one-cpu-per-core.json",
            "conditions.topology.smt_groups",
            Box::new(|f| f["conditions"]["topology"]["smt_groups"] = json!([[0, 1]])),
        ),
        (
            "amd-on-aarch64.json",
            "machine.cpu_model",
            Box::new(|f| {
                f["machine"]["arch"] = json!("aarch64");
                f["machine"]["cpu_identity"] = Value::Null;
                f["toolchain"]["target_triple"] = json!("aarch64-unknown-linux-gnu");
            }),
        ),
        ("memory-16-eib.json", "machine.memory_total_bytes", Box::new(|f| f["machine"]["memory_total_bytes"] = json!(u64::MAX))),
        ("jemalloc-without-statistics.json", "cases[0].memory", Box::new(|f| f["cases"][0]["memory"] = Value::Null)),
        (
            "frozen-clock.json",
            "cases[0].repeat_times_ns",
            Box::new(|f| {
                let t = f["cases"][0]["repeat_times_ns"][0].clone();
                let n = f["cases"][0]["repeat_times_ns"].as_array().unwrap().len();
                f["cases"][0]["repeat_times_ns"] = json!(vec![t; n]);
                f["cases"][0]["round_medians_ns"] = Value::Null;
                resummarize(&mut f["cases"][0]);
            }),
        ),
        ("schema-2-too-early.json", "created_at", Box::new(|f| f["created_at"] = json!("2026-11-26T10:00:00Z"))),
    ];
    assert_each_lie_refused(base, lies);
}

/// Index of the unpinned clone case of `variant`, `mode` and `threads` in a results file.
fn case_index(f: &Value, variant: &str, mode: &str, threads: u64) -> usize {
    f["cases"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| {
            c["suite"] == "clone" && c["variant_id"] == variant && c["mode"] == mode && c["threads"] == threads && c["placement"].is_null()
        })
        .unwrap()
}

/// Issue 51: numbers physics rules out, each consistent with itself (summaries recomputed). The
/// base is a shipped run that passes.
#[test]
fn impossible_physics_is_refused() {
    const PHYSICS_BASE: &str = "content/results/epyc-2vcpu-jemalloc-reads-2026-11-26.json";
    let base = || -> Value { serde_json::from_slice(&std::fs::read(repo_root().join(PHYSICS_BASE)).unwrap()).unwrap() };
    let f = base();
    let (arc1, arc2) = (case_index(&f, "arc_str", "drop", 1), case_index(&f, "arc_str", "drop", 2));
    let (string1, rc1, forget) =
        (case_index(&f, "string", "drop", 1), case_index(&f, "rc_str", "drop", 1), case_index(&f, "string", "forget", 1));
    let alone = f["cases"][arc1]["median_ns_per_op"].as_f64().unwrap();
    let field = |i: usize, name: &str| -> &'static str { Box::leak(format!("cases[{i}].{name}").into_boxed_str()) };
    let lies: Vec<Lie> = vec![
        (
            "counter-flat-out.json",
            field(arc2, "median_ns_per_op"),
            Box::new(move |f| {
                claim_speed(f, arc2, alone * 0.95);
                f["cases"][arc2]["contender_ops_per_sec"] = json!(1e9 / alone * 0.9);
            }),
        ),
        (
            "contender-barely-ran.json",
            field(arc2, "contender_ops_per_sec"),
            Box::new(move |f| f["cases"][arc2]["contender_ops_per_sec"] = json!(1e9 / alone * 0.001)),
        ),
        ("arc-just-above-old-floor.json", field(arc1, "median_ns_per_op"), Box::new(move |f| claim_speed(f, arc1, 0.51))),
        ("string-just-above-old-floor.json", field(string1, "median_ns_per_op"), Box::new(move |f| claim_speed(f, string1, 1.02))),
        ("rc-slower-than-arc.json", field(rc1, "median_ns_per_op"), Box::new(move |f| claim_speed(f, rc1, alone * 1.5))),
        (
            // A 2-thread case copied from the 1-thread one (as a 2-CPU run claiming 8 copies its cases).
            "case-copied.json",
            field(string1.max(case_index(&f, "string", "drop", 2)), "repeat_times_ns"),
            Box::new(move |f| {
                let string2 = case_index(f, "string", "drop", 2);
                f["cases"][string2]["repeat_times_ns"] = f["cases"][string1]["repeat_times_ns"].clone();
                f["cases"][string2].as_object_mut().unwrap().remove("round_medians_ns");
                resummarize(&mut f["cases"][string2]);
            }),
        ),
        (
            "ops-tripled.json",
            field(forget, "memory.allocated_after_bytes"),
            Box::new(move |f| {
                let ops = f["cases"][forget]["ops_per_repeat"].as_u64().unwrap();
                f["cases"][forget]["ops_per_repeat"] = json!(ops * 3);
                resummarize(&mut f["cases"][forget]);
            }),
        ),
    ];
    assert_each_lie_refused(base, lies);
}
