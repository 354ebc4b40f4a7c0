//! Lists that scripts outside Rust keep of things wasm-core defines, checked against wasm-core, so a
//! type added here cannot be silently missing from a script.

use wasm_core::kernels::CloneType;

/// `scripts/bench-contention.mjs` names every thread-safe clone type for `--types all`, in
/// `CloneType::ALL`'s order (JavaScript cannot read the Rust list).
#[test]
fn bench_contention_lists_every_thread_safe_clone_type() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bench-contention.mjs");
    let script = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list = script
        .split("const ALL_TYPES = [")
        .nth(1)
        .and_then(|rest| rest.split("];").next())
        .expect("the script has `const ALL_TYPES = [...];`");
    let listed: Vec<&str> = list.split(',').map(|s| s.trim().trim_matches('"')).filter(|s| !s.is_empty()).collect();
    let expected: Vec<&str> = CloneType::ALL.into_iter().filter(|t| t.is_thread_safe()).map(|t| t.id()).collect();
    assert_eq!(listed, expected, "scripts/bench-contention.mjs ALL_TYPES");
}

/// CONTRIBUTING.md's account of a default clone run (types, rounds, repeats, modes, the case count
/// on a 2-CPU machine) is the runner's own defaults (`clone_run`), in words.
#[test]
fn contributing_states_the_runners_defaults() {
    use wasm_core::clone_run::{ClonePlan, DEFAULT_MODES, DEFAULT_REPEATS, DEFAULT_ROUNDS, DEFAULT_SAMPLES, DEFAULT_WARMUPS};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../CONTRIBUTING.md");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let word = |n: u32| ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n as usize];
    let ty_count = CloneType::ALL.len();
    let tens = ["", "", "twenty", "thirty"][ty_count / 10];
    let types = if ty_count.is_multiple_of(10) { tens.to_owned() } else { format!("{tens}-{}", word(ty_count as u32 % 10)) };
    let modes: Vec<String> = DEFAULT_MODES.iter().map(|m| format!("`{m}`")).collect();
    let lines = [
        format!("`--help` lists all {types})"),
        format!("is cloned 2^{} times per repeat", DEFAULT_SAMPLES.trailing_zeros()),
        format!("in {} rounds (the whole plan {} times over", word(DEFAULT_ROUNDS), word(DEFAULT_ROUNDS)),
        format!("of {} timed repeats after {} warm-up", word(DEFAULT_REPEATS), word(DEFAULT_WARMUPS)),
        format!("in {} and {} mode", modes[..modes.len() - 1].join(", "), modes[modes.len() - 1]),
        format!("a default run, {} cases,", ClonePlan::default_for(2).cases().len()),
    ];
    for line in lines {
        assert!(text.contains(&line), "CONTRIBUTING.md should say, from the runner's defaults: {line}");
    }
}
