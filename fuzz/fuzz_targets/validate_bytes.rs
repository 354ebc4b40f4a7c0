//! Fuzzes `wasm_core::validate::validate_bytes`, the one gate every results file passes (the CLI,
//! the pull-request check and every reader's browser). Beyond "never panics, never hangs": a file it
//! accepts must survive the other checks (the submission and pull-request rules, the maintainer's
//! review) and, written back out, be accepted again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wasm_core::validate::{future_problem, submission_problems, validate_bytes};

fuzz_target!(|data: &[u8]| {
    let Ok(file) = validate_bytes("fuzz.json", data) else { return };
    let _ = submission_problems(&file);
    let _ = future_problem(&file, std::time::SystemTime::now());
    // The pull request's side-by-side rules and the maintainer's review read every accepted file.
    let _ = wasm_core::machine_key::machine_key(&file);
    let one = [("fuzz.json".to_owned(), file.clone())];
    let _ = wasm_core::validate::pull_request_problems(&one, &one, false);
    let _ = wasm_core::review::review(&[], &one, &[wasm_core::review::Source { name: "t", text: "A {{files}}. B {{browser-two}}." }]);
    // The reference dataset is recognised by its exact bytes, so only a file that claims it may
    // fail once re-serialised.
    if file.runner.name != wasm_core::results::REFERENCE_RUNNER {
        // Accepted again, and read back exactly: with `float_roundtrip` no float moves by an ulp
        // (without it, this fuzzer found one that did).
        match validate_bytes("fuzz.json", file.to_pretty_json().as_bytes()) {
            Ok(again) => assert!(again == file, "an accepted file, written back, reads differently"),
            Err(problems) => panic!("an accepted file, written back, is refused: {problems:?}"),
        }
    }
});
