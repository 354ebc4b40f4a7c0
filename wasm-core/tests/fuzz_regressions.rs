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

/// Inputs the validator accepts that the fuzzer flagged: each, written back, is accepted again and
/// reads back exactly. `float-one-ulp-off.json` (the shipped browser run with one repeat time
/// changed in its 17th digit) once read back as a different `ResultsFile`: serde_json without
/// `float_roundtrip` may parse a float one ulp off; the workspace enables it.
#[test]
fn every_kept_accepted_input_is_accepted_again_once_written_back() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-accepted");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "the kept inputs are in {}", dir.display());
    for path in inputs {
        let file = validate_bytes("input.json", &std::fs::read(&path).unwrap()).unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
        let again = validate_bytes("input.json", file.to_pretty_json().as_bytes());
        assert!(again.is_ok(), "{}: written back, refused: {:?}", path.display(), again.as_ref().err());
        assert!(again.unwrap() == file, "{}: written back, reads differently", path.display());
    }
}
