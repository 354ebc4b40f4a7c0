//! Inputs that once crashed or could crash a parser (from `npm run fuzz` and by hand: nesting past
//! serde_json's recursion limit, a number past f64, a UTF-8 character cut in a date, a JSON array).
//! Each must be refused with problems, never panic; a new crash found by the fuzzer goes in the
//! folder and is covered here.

#![cfg(not(target_arch = "wasm32"))]

use wasm_core::validate::validate_bytes;

#[test]
fn every_kept_input_is_refused_without_a_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    inputs.sort();
    assert!(inputs.len() >= 5, "the kept inputs are in {}", dir.display());
    for path in inputs {
        let bytes = std::fs::read(&path).unwrap();
        let verdict = std::panic::catch_unwind(|| validate_bytes("input.json", &bytes));
        let problems = verdict.unwrap_or_else(|_| panic!("{} panicked", path.display())).expect_err("refused");
        assert!(!problems.is_empty(), "{}", path.display());
    }
}
