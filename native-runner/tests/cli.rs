//! Integration tests: run the built binary. They check behaviour (files, messages, exit codes), never
//! timings, and use --quick or tiny sample counts so leaks stay in the megabytes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_native-runner");

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).current_dir(repo_root()).output().expect("binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A tiny clone run: one thread, a few types, few samples.
fn tiny_clone(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["clone", "--quick", "--quiet", "--threads", "1", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn quick_run_writes_a_file_that_validate_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quick.json");
    let out = run(&["clone", "--quick", "--quiet", "--label", "ci-quick", "--out", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), path.to_str().unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("}\n") && text.starts_with("{\n  \"schema_version\": 2,"));
    let json = read_json(&path);
    assert_eq!(json["label"], "ci-quick");
    assert_eq!(json["runner"]["name"], "native-runner");
    // Schema 2: what tells this CPU from another of the same model string, read from CPUID on x86.
    if cfg!(target_arch = "x86_64") {
        let id = &json["machine"]["cpu_identity"];
        assert!(id["family"].is_u64() && id["model"].is_u64() && id["vendor"].is_string(), "{id}");
    }
    assert!(json["allocator"]["name"].is_string());
    assert!(json["layouts"]["types"].as_array().unwrap().iter().any(|t| t["type_name"] == "Arc<str>"));
    let cases = json["cases"].as_array().unwrap();
    // Rc<str> only ever runs at 1 thread; forget cases each repeat in a fresh process.
    assert!(cases.iter().filter(|c| c["variant"] == "Rc<str>").all(|c| c["threads"] == 1));
    assert!(cases.iter().any(|c| c["variant"] == "Rc<str>"));
    for c in cases {
        assert_eq!(c["repeat_times_ns"].as_array().unwrap().len(), 2);
        assert_eq!(c["params"]["fresh_process_per_repeat"], c["mode"] == "forget");
    }
    let out = run(&["validate", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(": ok"));
}

/// Issue 22: `--method article` runs the article's loops, one fresh process per repeat with no
/// warm-up; its cases say so, and such a file is valid but no submission.
#[test]
fn article_method_is_recorded_and_never_submitted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("article.json");
    let out = run(&[
        "clone",
        "--quick",
        "--quiet",
        "--threads",
        "1,2",
        "--mode",
        "drop",
        "--type",
        "arc_str,string",
        "--method",
        "article",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = read_json(&path);
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for c in cases {
        assert_eq!(c["params"]["harness"], "article");
        assert_eq!(c["params"]["fresh_process_per_repeat"], true);
        assert_eq!(c["warmup_repeats"], 0, "{c}");
    }
    assert!(run(&["validate", path.to_str().unwrap()]).status.success());
    let out = run(&["validate", "--submission", path.to_str().unwrap()]);
    assert!(!out.status.success() && stdout(&out).contains("params.harness"), "{}", stdout(&out));
    let out = run(&["clone", "--quick", "--method", "fast", "--out", dir.path().join("x.json").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("\"fast\" is not a method"), "{}", stderr(&out));
}

/// Issue 23: a --quick run has a name and a folder of its own, so the real run CONTRIBUTING asks
/// for next does not find its file taken; its hint says it cannot be sent in; a real run's file
/// outside content/results/ gets no `git add` of that path.
#[test]
fn quick_runs_go_aside_and_say_they_are_not_submissions() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content/results")).unwrap();
    let in_dir = |args: &[&str]| Command::new(BIN).args(args).current_dir(dir.path()).output().unwrap();
    let out = in_dir(&["clone", "--quick", "--threads", "1", "--type", "arc_str", "--mode", "drop", "--label", "try"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = PathBuf::from(stdout(&out).trim());
    assert!(written.starts_with("target/quick-runs"), "{}", written.display());
    let name = written.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("try-quick-") && name.ends_with(".json"), "{name}");
    assert!(dir.path().join(&written).is_file());
    assert_eq!(std::fs::read_dir(dir.path().join("content/results")).unwrap().count(), 0, "nothing lands where the site reads");
    assert!(stderr(&out).contains("cannot be sent in") && !stderr(&out).contains("git add"), "{}", stderr(&out));
    // The same for another suite, with the suite in its name.
    let out = in_dir(&["arena", "--quick", "--threads", "1", "--variant", "bump", "--label", "try"]);
    assert!(stdout(&out).trim().contains("try-arena-quick-"), "{}", stdout(&out));
    // A real run's hint: no `git add` of a path outside content/results/ (the smallest run that
    // passes `validate --submission`).
    let elsewhere = dir.path().join("elsewhere.json");
    let out = in_dir(&[
        "arena",
        "--nodes",
        ARENA_SUBMITTABLE_NODES,
        "--repeats",
        "3",
        "--variant",
        "bump",
        "--threads",
        "1",
        "--out",
        elsewhere.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("copy it into content/results/") && !stderr(&out).contains("git add"), "{}", stderr(&out));
}

/// Issue 22, §3: `--rounds` runs the plan round by round and records each round's median.
#[test]
fn rounds_are_recorded_per_case() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rounds.json");
    let out = tiny_clone(&path, &["--type", "arc_str,string", "--mode", "drop", "--rounds", "3", "--repeats", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = read_json(&path);
    for c in json["cases"].as_array().unwrap() {
        assert_eq!(c["repeat_times_ns"].as_array().unwrap().len(), 6, "3 rounds of 2 repeats");
        assert_eq!(c["round_medians_ns"].as_array().unwrap().len(), 3);
    }
    assert!(run(&["validate", path.to_str().unwrap()]).status.success());
    let out = tiny_clone(&dir.path().join("one.json"), &["--type", "arc_str", "--mode", "drop"]);
    assert!(out.status.success());
    assert!(read_json(&dir.path().join("one.json"))["cases"][0].get("round_medians_ns").is_none(), "--quick: one round, none recorded");
}

#[test]
fn refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("taken.json");
    std::fs::write(&path, "precious").unwrap();
    let out = tiny_clone(&path, &["--type", "rc_str", "--mode", "drop"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("exists; pass --force"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
    let out = tiny_clone(&path, &["--type", "rc_str", "--mode", "drop", "--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_json(&path)["schema_version"], 2);
    // No temporary files are left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn bad_arguments_give_one_line_and_exit_2() {
    for args in [
        &["clone", "--threads", "0"][..],
        &["clone", "--mode", "keep"],
        &["clone", "--type", "cow_str"],
        &["clone", "--samples", "many"],
        &["clone", "--repeats", "0"],
        &["clone", "--warmups", "0"],
        &["clone", "--label", "no/slashes"],
        &["clone", "--max-leak", "lots"],
        &["clone", "--no-such-flag"],
        &["validate"],
        &["teleport"],
        &[],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("native-runner: "), "{args:?}: {err}");
    }
}

#[test]
fn help_everywhere() {
    for args in [
        &["--help"][..],
        &["clone", "--help"],
        &["sso", "--help"],
        &["arcswap", "--help"],
        &["arena", "--help"],
        &["validate", "--help"],
        &["schema", "--help"],
        &["import-reference", "--help"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        assert!(stdout(&out).contains("Usage:"), "{args:?}");
    }
    assert!(stdout(&run(&["clone", "--help"])).contains("--max-leak"));
    assert!(stdout(&run(&["sso", "--help"])).contains("inline_buf"));
    assert!(stdout(&run(&["arcswap", "--help"])).contains("--writer-period-us"));
    assert!(stdout(&run(&["arena", "--help"])).contains("bump_herd"));
}

#[test]
fn memory_guard_refuses_a_case_that_would_leak_too_much() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.json");
    let out = run(&[
        "clone",
        "--quiet",
        "--threads",
        "1",
        "--type",
        "string",
        "--mode",
        "forget",
        "--samples",
        "10000000",
        "--max-leak",
        "1MiB",
        "--on-excess-leak",
        "refuse",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("would leak about") && err.contains("--max-leak 1.0 MiB") && err.contains("refusing"), "{err}");
    assert!(!path.exists());
}

#[test]
fn memory_guard_scales_samples_down_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scaled.json");
    let out = tiny_clone(&path, &["--type", "box_str", "--mode", "forget", "--samples", "1000000", "--max-leak", "1MiB"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let case = &read_json(&path)["cases"][0];
    let ops = case["ops_per_repeat"].as_u64().unwrap();
    assert!((1024..1_000_000).contains(&ops) && ops * 64 <= 1 << 20, "{ops}");
    assert!(case["notes"][0].as_str().unwrap().contains("scaled down"), "{case}");
}

#[test]
fn memory_guard_rejects_a_limit_the_machine_cannot_afford() {
    let out = run(&["clone", "--quiet", "--max-leak", "1000TiB", "--out", "/nonexistent/x.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("OOM"), "{}", stderr(&out));
}

#[test]
fn child_process_rechecks_the_leak_limit() {
    let out = run(&[
        "__case",
        "--type",
        "string",
        "--mode",
        "forget",
        "--threads",
        "1",
        "--samples",
        "1000000",
        "--string-len",
        "64",
        "--repeats",
        "1",
        "--warmups",
        "0",
        "--max-leak",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("refusing"));
}

#[test]
fn validate_prints_file_field_problem_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    assert!(tiny_clone(&good, &["--type", "arc_str", "--mode", "drop"]).status.success());
    let text = std::fs::read_to_string(&good).unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, text.replacen("\"threads\": 1", "\"threads\": 0", 1)).unwrap();
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{").unwrap();
    let out = run(&["validate", good.to_str().unwrap(), bad.to_str().unwrap(), broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains(&format!("{}: ok", good.display())), "{text}");
    assert!(text.contains(&format!("{}: cases[0].threads: must be at least 1", bad.display())), "{text}");
    assert!(text.contains(&format!("{}: file: ", broken.display())), "{text}");
    assert!(stderr(&out).contains("2 of 3 file(s) failed"));
    let missing = run(&["validate", "/nonexistent/x.json"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stdout(&missing).contains("/nonexistent/x.json: file: cannot read"));
}

#[test]
fn committed_results_files_are_valid() {
    // The contribution test points this at a copy of the folder with contributed files added.
    let dir = std::env::var_os("ARC_STR_RESULTS_DIR").map(std::path::PathBuf::from).unwrap_or_else(|| repo_root().join("content/results"));
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && p.file_name().unwrap() != "index.json")
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert!(!files.is_empty());
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args);
    assert!(out.status.success(), "{}", stdout(&out));
}

#[test]
fn committed_schema_is_the_generated_one() {
    let out = run(&["schema"]);
    assert!(out.status.success());
    let committed = std::fs::read_to_string(repo_root().join("content/results.schema.json")).unwrap();
    assert!(stdout(&out) == committed, "content/results.schema.json is stale: regenerate it with `native-runner schema`");
    let schema: serde_json::Value = serde_json::from_str(&committed).unwrap();
    assert_eq!(schema["additionalProperties"], false);
    // What the schema tells contributors of the version is the version the runner writes.
    let version = schema["properties"]["schema_version"]["description"].as_str().unwrap();
    assert!(
        version.starts_with(&format!("Format version: {},", wasm_core::results::SCHEMA_VERSION)),
        "the schema says {version:?}; the runner writes {}",
        wasm_core::results::SCHEMA_VERSION
    );
    assert!(schema["properties"]["cases"].is_object());
}

#[test]
fn reference_dataset_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reference.json");
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arc_str_perf-comparison_data.json");
    let out = run(&["import-reference", input.to_str().unwrap(), path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let committed = std::fs::read_to_string(repo_root().join("content/results/reference-ryzen5600x-2024.json")).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap() == committed, "regenerate with `native-runner import-reference`");
    let json = read_json(&path);
    let cases = json["cases"].as_array().unwrap();
    let rc: Vec<_> = cases.iter().filter(|c| c["variant"] == "Rc<str>").collect();
    assert_eq!(rc.len(), 2);
    assert!(rc.iter().all(|c| c["repeat_times_ns"].as_array().unwrap().len() == 5));
    let arc_drop_1 = cases.iter().find(|c| c["variant"] == "Arc<str>" && c["mode"] == "drop" && c["threads"] == 1).unwrap();
    assert_eq!(arc_drop_1["repeat_times_ns"], serde_json::json!([51e6]));
    // And import refuses to overwrite, like clone.
    let again = run(&["import-reference", input.to_str().unwrap(), path.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1));
}

/// Runs a suite with --quick into `dir` and returns the parsed file (after `validate` accepted it).
fn quick_suite(dir: &Path, suite: &str, extra: &[&str]) -> serde_json::Value {
    let path = dir.join(format!("{suite}.json"));
    let mut args = vec![suite, "--quick", "--quiet", "--threads", "1,2", "--label", "ci-quick", "--out", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{suite}: {}", stderr(&out));
    assert_eq!(stdout(&out).trim(), path.to_str().unwrap());
    let check = run(&["validate", path.to_str().unwrap()]);
    assert!(check.status.success(), "{}{}", stdout(&check), stderr(&check));
    let json = read_json(&path);
    let cases = json["cases"].as_array().unwrap();
    assert!(cases.iter().all(|c| c["suite"] == suite), "{suite}");
    json
}

fn variant_ids(json: &serde_json::Value) -> std::collections::BTreeSet<String> {
    json["cases"].as_array().unwrap().iter().map(|c| c["variant_id"].as_str().unwrap().to_string()).collect()
}

#[test]
fn sso_quick_runs_nine_variants_on_four_input_sets_and_two_thread_counts() {
    let dir = tempfile::tempdir().unwrap();
    let json = quick_suite(dir.path(), "sso", &[]);
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 9 * 4 * 2);
    assert_eq!(variant_ids(&json).len(), 9);
    assert!(variant_ids(&json).contains("inline_buf") && variant_ids(&json).contains("compact_str"));
    for c in cases {
        // Every thread's time of every repeat is one sample.
        let threads = c["threads"].as_u64().unwrap() as usize;
        assert_eq!(c["repeat_times_ns"].as_array().unwrap().len(), 2 * threads, "{c}");
        assert!(["empty", "short", "mixed", "long"].contains(&c["params"]["input_set"].as_str().unwrap()));
        assert!(c["all_threads_ops_per_sec"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn arcswap_quick_runs_four_readers_with_and_without_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let json = quick_suite(dir.path(), "arcswap", &["--writer-period-us", "100"]);
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4 * 2 * 2);
    assert_eq!(variant_ids(&json), ["cache", "load", "load_full", "rwlock"].map(String::from).into());
    assert_eq!(cases.iter().filter(|c| c["params"]["writer"] == true).count(), 8);
    assert!(cases.iter().filter(|c| c["params"]["writer"] == true).all(|c| c["params"]["writer_period_us"] == 100));
    assert!(cases.iter().filter(|c| c["params"]["writer"] == false).all(|c| c["params"]["writer_period_us"].is_null()));
}

#[test]
fn arena_quick_runs_bump_single_thread_only() {
    let dir = tempfile::tempdir().unwrap();
    let json = quick_suite(dir.path(), "arena", &["--nodes", "5000"]);
    let cases = json["cases"].as_array().unwrap();
    // box_node, bump, mutex_bump, bump_herd at 1 thread; all but bump at 2.
    assert_eq!(cases.len(), 4 + 3);
    assert!(cases.iter().filter(|c| c["variant_id"] == "bump").all(|c| c["threads"] == 1));
    assert!(cases.iter().all(|c| c["params"]["nodes"] == 5000 && c["ops_per_repeat"] == 5000));
}

#[test]
fn lines_quick_times_every_layout_on_every_thread() {
    let dir = tempfile::tempdir().unwrap();
    let json = quick_suite(dir.path(), "lines", &[]);
    let cases = json["cases"].as_array().unwrap();
    let layouts = variant_ids(&json).len();
    assert!(layouts >= 3, "{:?}", variant_ids(&json));
    assert_eq!(cases.len(), layouts * 2, "every layout at 1 and 2 threads");
    for c in cases {
        // Every thread's time of every repeat is one sample, and every update is counted.
        let threads = c["threads"].as_u64().unwrap() as usize;
        assert_eq!(c["repeat_times_ns"].as_array().unwrap().len(), 2 * threads, "{c}");
        assert!(c["all_threads_ops_per_sec"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn suites_default_to_one_file_per_suite_and_refuse_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("taken.json");
    std::fs::write(&path, "precious").unwrap();
    for suite in ["sso", "arcswap", "arena", "lines"] {
        let out = run(&[suite, "--quick", "--quiet", "--out", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{suite}");
        assert!(stderr(&out).contains("exists; pass --force"), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
    assert!(stdout(&run(&["sso", "--help"])).contains("<label>-<suite>-<date>.json"));
}

#[test]
fn suite_bad_arguments_give_one_line_and_exit_2() {
    for args in [
        &["sso", "--variant", "cow_str"][..],
        &["sso", "--input", "huge"],
        &["sso", "--calls", "0"],
        &["sso", "--threads", "0"],
        &["arcswap", "--writer", "sometimes"],
        &["arcswap", "--variant", "mutex"],
        &["arcswap", "--reads", "0"],
        &["arena", "--variant", "slab"],
        &["arena", "--nodes", "0"],
        &["arena", "--repeats", "0"],
        &["arena", "--quick", "--variant", "bump", "--threads", "2"],
        &["arena", "--nodes", "4294967296", "--out", "/nonexistent/x.json"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("native-runner: "), "{args:?}: {err}");
    }
}

/// Arena nodes per repeat that make a case `validate --submission` accepts: more than a --quick
/// run's 10,000, and each repeat past 1 ms (about 55 ns per node here, so a margin of about 10x).
const ARENA_SUBMITTABLE_NODES: &str = "200000";

/// A run too small to submit ends with the validator's own reasons, never with "send it in".
#[test]
fn tiny_runs_say_why_they_cannot_be_sent_in() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiny.json");
    let out = run(&["arena", "--nodes", "10000", "--repeats", "1", "--variant", "bump", "--threads", "1", "--out", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("cannot be sent in as it is") && err.contains("cases[0].repeat_times_ns: holds 1 repeat(s)"), "{err}");
    assert!(!err.contains("next:"), "{err}");
}

/// Issue 23: more threads than this process may use CPUs is said before the run, recorded only
/// when asked for (`--oversubscribe`), and refused for submission otherwise.
#[test]
fn oversubscribed_runs_are_said_and_submitted_only_on_purpose() {
    let dir = tempfile::tempdir().unwrap();
    let usable = std::thread::available_parallelism().unwrap().get();
    let threads = (usable + 1).to_string();
    let arena = |name: &str, extra: &[&str]| {
        let path = dir.path().join(name);
        let mut args = vec![
            "arena",
            "--nodes",
            ARENA_SUBMITTABLE_NODES,
            "--repeats",
            "3",
            "--variant",
            "bump_herd",
            "--threads",
            &threads,
            "--out",
            path.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        (path, stderr(&out))
    };
    let (path, err) = arena("unasked.json", &[]);
    assert!(
        err.contains(&format!("note: this run uses up to {threads} threads at once, but this process may use {usable} CPU(s)")),
        "{err}"
    );
    assert!(err.contains("refuses those cases unless you pass --oversubscribe") && err.contains("cases[0].threads: runs"), "{err}");
    assert!(read_json(&path)["conditions"].get("oversubscribe").is_none());
    let refused = run(&["validate", "--submission", path.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stdout(&refused).contains(&format!("could use {usable} CPU(s)")), "{}", stdout(&refused));

    let (path, err) = arena("asked.json", &["--oversubscribe"]);
    assert!(err.contains("as asked (--oversubscribe, recorded in the file)") && err.contains("next:"), "{err}");
    assert_eq!(read_json(&path)["conditions"]["oversubscribe"], true);
    assert!(run(&["validate", "--submission", path.to_str().unwrap()]).status.success());
}

#[test]
fn a_run_ends_by_saying_what_to_do_next_with_the_real_file_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content/results")).unwrap();
    let path = dir.path().join("content/results/next.json");
    // The smallest run `validate --submission` takes; a smaller one's hint says why it cannot be
    // sent in (see quick_runs_go_aside and tiny_runs_say_why_they_cannot_be_sent_in).
    let out = run(&[
        "arena",
        "--nodes",
        ARENA_SUBMITTABLE_NODES,
        "--repeats",
        "3",
        "--variant",
        "bump",
        "--threads",
        "1",
        "--label",
        "my-box",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), path.to_str().unwrap(), "stdout stays the path alone, for scripts");
    let err = stderr(&out);
    assert!(err.contains(&format!("native-runner -- validate {}", path.display())), "{err}");
    assert!(err.contains("git switch -c results/my-box"), "{err}");
    let quiet = run(&["arena", "--quick", "--quiet", "--threads", "1", "--out", dir.path().join("q.json").to_str().unwrap()]);
    assert!(!stderr(&quiet).contains("next:"));
}

#[test]
fn runs_record_their_conditions_and_noise_and_quick_runs_are_no_submission() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quick.json");
    let out = tiny_clone(&path, &["--type", "arc_str", "--mode", "drop"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = read_json(&path);
    assert_eq!(json["conditions"]["quick"], true);
    #[cfg(target_os = "linux")]
    assert!(json["conditions"]["topology"]["logical_cpus"].as_u64().unwrap() >= 1);
    for c in json["cases"].as_array().unwrap() {
        let noise = c["noise_rel_mad"].as_f64().unwrap();
        assert_eq!(c["noisy"], noise > 0.05);
    }
    assert!(run(&["validate", path.to_str().unwrap()]).status.success());
    let refused = run(&["validate", "--submission", path.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stdout(&refused).contains("conditions.quick: is true"), "{}", stdout(&refused));
}

/// `--pin` works on any machine: where it can place contenders, the pinned cases say where (and
/// name their CPUs); what it cannot place it says on stderr; the file validates either way.
#[test]
fn pin_places_what_the_machine_has_and_says_what_it_cannot() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pinned.json");
    let out = run(&[
        "clone",
        "--quick",
        "--pin",
        "--type",
        "arc_str,string",
        "--mode",
        "drop",
        "--threads",
        "1,2",
        "--label",
        "ci-pin",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = read_json(&path);
    let cases = json["cases"].as_array().unwrap();
    let unpinned = cases.iter().filter(|c| c.get("placement").is_none()).count();
    assert_eq!(unpinned, 4, "the ordinary cases run as before");
    let pinned: Vec<_> = cases.iter().filter(|c| c.get("placement").is_some()).collect();
    let said = stderr(&out).matches("note: --pin could not place").count();
    // Four placements in all: each is either measured (two types at 2 threads) or named on stderr.
    let placements: std::collections::BTreeSet<&str> = pinned.iter().map(|c| c["placement"].as_str().unwrap()).collect();
    assert_eq!(pinned.len(), 2 * placements.len());
    assert!(placements.len() + said >= 4, "{placements:?} placed; stderr: {}", stderr(&out));
    for c in &pinned {
        assert_eq!(c["threads"], 2);
        let cpus = c["cpus"].as_array().unwrap();
        assert_eq!(cpus.len(), 2);
        assert_ne!(cpus[0], cpus[1]);
    }
    let out = run(&["validate", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
}

/// Issue 19: limits the run would hit are refused before measuring, with what to do.
#[cfg(target_os = "linux")]
#[test]
fn address_space_and_file_size_limits_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("run.json");
    let limited = |limit: &str, args: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("{limit}; exec \"$0\" {args} --out \"$1\"",))
            .arg(BIN)
            .arg(&out_path)
            .env("TMPDIR", dir.path())
            .output()
            .unwrap()
    };
    // 512 MiB of address space: 8 arena threads would crash jemalloc with SIGSEGV.
    let out = limited("ulimit -v 524288", "arena --quick --quiet --threads 8");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the address space is limited to 512.0 MiB") && stderr(&out).contains("at most 2"), "{}", stderr(&out));
    // A file-size limit smaller than the file: refused before measuring, nothing left behind.
    let out = limited("ulimit -f 8", "clone --quick --quiet --threads 1");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("(ulimit -f)"), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no stray temporary file");
}

#[test]
fn more_threads_than_usable_cpus_get_a_note_even_when_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let usable = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = (usable + 1).to_string();
    let path = dir.path().join("over.json");
    let args = ["clone", "--quick", "--type", "arc_str", "--mode", "drop", "--threads", &threads, "--out", path.to_str().unwrap()];
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("note: this run uses up to {threads} threads at once, but this process may use {usable} CPU(s)")),
        "{err}"
    );
    let quiet = dir.path().join("quiet.json");
    let out = run(&[
        "clone",
        "--quick",
        "--quiet",
        "--type",
        "arc_str",
        "--mode",
        "drop",
        "--threads",
        &threads,
        "--out",
        quiet.to_str().unwrap(),
    ]);
    // --quiet hides progress, never a warning.
    assert!(out.status.success() && stderr(&out).contains("note: this run uses"), "{}", stderr(&out));
    // Far more threads than CPUs: refused before anything runs, unless asked for.
    let many = (usable * 4 + 1).to_string();
    let out = run(&[
        "clone",
        "--quick",
        "--type",
        "arc_str",
        "--mode",
        "drop",
        "--threads",
        &many,
        "--out",
        dir.path().join("many.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--oversubscribe to run it anyway") && !dir.path().join("many.json").exists(), "{}", stderr(&out));
    // Within the CPUs, nothing is said.
    let fits = dir.path().join("fits.json");
    let out = run(&["clone", "--quick", "--type", "arc_str", "--mode", "drop", "--threads", "1", "--out", fits.to_str().unwrap()]);
    assert!(!stderr(&out).contains("note: this run uses"), "{}", stderr(&out));
}
