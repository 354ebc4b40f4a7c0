//! Issue 12's red-team rows against the built binary: hostile files for `validate`, destinations
//! that cannot take a results file, threads the system will not give, and a runner stopped by a
//! signal. Each test names its row. They check behaviour and exit codes, never timings; a hang is
//! caught by a deadline and fails the test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_native-runner");

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(repo_root()).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Runs to the end, or kills the process and fails after `limit` (a hang is a failure, not a wait).
fn run_within(mut command: Command, limit: Duration) -> Output {
    let mut child = command.spawn().expect("binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().ok();
            panic!("still running after {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn run(args: &[&str]) -> Output {
    run_within(command(args), Duration::from_secs(60))
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// The one error line of `out`'s stderr (a warning before the run, `note: ...`, is not an error and
/// is printed even with --quiet).
fn one_line(out: &Output) -> String {
    let all = String::from_utf8_lossy(&out.stderr);
    let err: Vec<&str> = all.lines().filter(|l| !l.starts_with("note: ") && !l.trim().is_empty()).collect();
    assert_eq!(err.len(), 1, "one error line, got:\n{all}");
    err[0].to_owned()
}

#[test]
fn row_4_validate_refuses_devices_fifos_and_huge_files_without_reading_them() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let fifo = dir.path().join("fifo.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let big = dir.path().join("big.json");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(644 << 20).unwrap(); // 644 MB, sparse: costs no disk
    for path in [&link, &fifo, &big] {
        let out = run_within(command(&["validate", path.to_str().unwrap()]), Duration::from_secs(20));
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(text(&out).contains("file: is "), "{}", text(&out));
    }
    assert!(text(&run(&["validate", big.to_str().unwrap()])).contains("is 675282944 bytes; at most 1048576"));
}

#[test]
fn row_6_unknown_keys_and_escapes_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("evil.json");
    std::fs::write(&path, "{\"\\n::error file=README.md,line=1::PWNED\\u001b[2J\": 1}").unwrap();
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let printed = text(&out);
    assert!(!printed.contains('\u{1b}'), "an ESC reached the terminal: {printed:?}");
    assert!(printed.lines().all(|l| !l.starts_with("::error")), "a workflow command reached the log: {printed}");
    assert!(printed.contains("\\u{a}::error"), "{printed}");
}

#[test]
fn row_12_validate_without_a_file_names_the_missing_argument() {
    let out = run(&["validate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(one_line(&out).contains("<FILES>"), "{}", text(&out));
}

#[test]
fn row_1_a_multibyte_created_at_is_a_problem_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let good = repo_root().join("content/results/xeon-2.1ghz-2vcpu-jemalloc-arena-2026-11-21.json");
    let original = std::fs::read_to_string(good).unwrap();
    let value: serde_json::Value = serde_json::from_str(&original).unwrap();
    let bad = original.replace(value["created_at"].as_str().unwrap(), "2026-11-21T23:31:24.1é");
    let path = dir.path().join("date.json");
    std::fs::write(&path, bad).unwrap();
    let out = run(&["validate", path.to_str().unwrap(), path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(text(&out).matches("date.json: created_at: ").count(), 2, "both files checked: {}", text(&out));
}

#[test]
fn row_8_and_9_a_bad_destination_fails_before_measuring() {
    let dir = tempfile::tempdir().unwrap();
    let a_file = dir.path().join("plain");
    std::fs::write(&a_file, "x").unwrap();
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    let fifo = dir.path().join("fifo.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let txt = dir.path().join("out.txt");
    let under_file = a_file.join("out.json");
    // A default-sized run would take minutes: each of these must fail at once instead.
    for (target, force) in [(&txt, false), (&under_file, false), (&dangling, false), (&dangling, true), (&fifo, true)] {
        let mut cmd = command(&["clone", "--quiet", "--threads", "1", "--samples", "100000000", "--out", target.to_str().unwrap()]);
        cmd.args(force.then_some("--force"));
        let out = run_within(cmd, Duration::from_secs(10));
        assert!(!out.status.success(), "{}: {}", target.display(), text(&out));
        one_line(&out);
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was not replaced");
}

#[test]
fn row_3_threads_the_system_will_not_give_fail_in_one_line_without_hanging() {
    // A minimum thread stack of 1 PiB makes every thread spawn fail, as a process limit would.
    let dir = tempfile::tempdir().unwrap();
    for suite in ["clone", "sso", "arcswap", "arena"] {
        let out_path = dir.path().join(format!("{suite}.json"));
        let mut cmd = command(&[suite, "--quick", "--quiet", "--threads", "4", "--out", out_path.to_str().unwrap()]);
        cmd.env("RUST_MIN_STACK", (1u64 << 50).to_string());
        let out = run_within(cmd, Duration::from_secs(60));
        assert_eq!(out.status.code(), Some(1), "{suite}: {}", text(&out));
        let line = one_line(&out);
        assert!(line.contains("threads"), "{suite}: {line}");
        assert!(!out_path.exists());
    }
}

fn children_of(pid: u32) -> Vec<u32> {
    let path = format!("/proc/{pid}/task/{pid}/children");
    std::fs::read_to_string(path).unwrap_or_default().split_whitespace().filter_map(|p| p.parse().ok()).collect()
}

fn alive(pid: u32) -> bool {
    // A zombie has exited; only a process that still runs counts.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.split_whitespace().nth(2).is_none_or(|state| state != "Z"))
}

#[test]
fn row_10_sigint_to_the_runner_stops_its_case_process() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("stopped.json");
    let mut runner: Child = command(&[
        "clone",
        "--quiet",
        "--threads",
        "1",
        "--type",
        "string",
        "--mode",
        "drop",
        "--samples",
        "1000000000",
        "--out",
        out_path.to_str().unwrap(),
    ])
    .spawn()
    .unwrap();
    let start = Instant::now();
    let case = loop {
        if let Some(&pid) = children_of(runner.id()).first() {
            break pid;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no case process started");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(Command::new("kill").args(["-INT", &runner.id().to_string()]).status().unwrap().success());
    runner.wait().unwrap();
    let start = Instant::now();
    while alive(case) {
        assert!(start.elapsed() < Duration::from_secs(10), "case process {case} outlived the runner");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!out_path.exists());
}

/// A clone run labelled `label`, writing to `planned`, once its second case process has started
/// (each case is a process of its own: a second one means the first case is done), and the case
/// processes seen so far.
fn clone_run_at_its_second_case(label: &str, planned: &std::path::Path) -> (Child, Vec<u32>) {
    let runner: Child =
        command(&["clone", "--quiet", "--threads", "1", "--mode", "drop", "--samples", "2000000", "--repeats", "5", "--rounds", "1"])
            .args(["--label", label, "--out", planned.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    let (start, mut seen) = (Instant::now(), Vec::new());
    while seen.len() < 2 {
        for pid in children_of(runner.id()) {
            if !seen.contains(&pid) {
                seen.push(pid);
            }
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the first case never finished");
        std::thread::sleep(Duration::from_millis(5));
    }
    (runner, seen)
}

/// Issue 40, the runner under faults: Ctrl-C (here `kill -INT` to the runner alone, once its first
/// case is done) stops the case in hand at once and keeps the cases that finished, marked
/// incomplete, beside the planned file, which stays free for the complete run; `validate
/// --submission` refuses them.
#[test]
fn a_signal_keeps_the_finished_cases_marked_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let planned = dir.path().join("stopped-2026-11-26.json");
    let (runner, seen) = clone_run_at_its_second_case("stopped", &planned);
    assert!(Command::new("kill").args(["-INT", &runner.id().to_string()]).status().unwrap().success());
    let out = runner.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{said}");
    let kept = dir.path().join("stopped-2026-11-26-incomplete.json");
    assert!(said.contains("marked incomplete") && said.contains("stopped-2026-11-26-incomplete.json"), "{said}");
    assert!(!planned.exists(), "the planned name stays free");
    let file: wasm_core::results::ResultsFile = serde_json::from_slice(&std::fs::read(&kept).unwrap()).unwrap();
    assert!(file.conditions.as_ref().is_some_and(|c| c.incomplete));
    assert!(!file.cases.is_empty() && file.cases.len() < 22, "{} cases", file.cases.len());
    let check = Command::new(BIN).args(["validate", "--submission", kept.to_str().unwrap()]).output().unwrap();
    assert!(!check.status.success() && String::from_utf8_lossy(&check.stdout).contains("conditions.incomplete"));
    assert!(seen.iter().all(|&pid| !alive(pid)), "no case process outlives the run");
}

/// Issue 51: a case process that dies (here SIGKILL, as the OOM killer or an address-space limit
/// would end it) fails the run with what failed, and the cases that finished before it are kept,
/// marked incomplete, instead of lost with it.
#[test]
fn a_dead_case_process_keeps_the_finished_cases_marked_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let planned = dir.path().join("crashed-2026-11-27.json");
    // The second case process: the first case is done; this one dies.
    let (runner, seen) = clone_run_at_its_second_case("crashed", &planned);
    assert!(Command::new("kill").args(["-KILL", &seen[1].to_string()]).status().unwrap().success());
    let out = runner.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("case process failed"), "says what failed: {said}");
    let kept = dir.path().join("crashed-2026-11-27-incomplete.json");
    assert!(said.contains("marked incomplete") && said.contains("crashed-2026-11-27-incomplete.json"), "{said}");
    assert!(!planned.exists(), "the planned name stays free");
    let file: wasm_core::results::ResultsFile = serde_json::from_slice(&std::fs::read(&kept).unwrap()).unwrap();
    assert!(file.conditions.as_ref().is_some_and(|c| c.incomplete));
    assert!(!file.cases.is_empty(), "the first case is kept");
    let check = Command::new(BIN).args(["validate", "--submission", kept.to_str().unwrap()]).output().unwrap();
    assert!(!check.status.success() && String::from_utf8_lossy(&check.stdout).contains("conditions.incomplete"));
}
