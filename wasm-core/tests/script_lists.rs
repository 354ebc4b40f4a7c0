//! Lists that scripts outside Rust keep of things wasm-core defines, checked against wasm-core, so a
//! type added here cannot be silently missing from a script.

use wasm_core::kernels::CloneType;

/// `scripts/bench-contention.mjs` names every thread-safe clone type for `--types all`, in
/// `CloneType::ALL`'s order (JavaScript cannot read the Rust list).
#[test]
fn bench_contention_lists_every_thread_safe_clone_type() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bench-contention.mjs");
    let script = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list = script.split("const ALL_TYPES = [").nth(1).and_then(|rest| rest.split("];").next()).expect("the script has `const ALL_TYPES = [...];`");
    let listed: Vec<&str> = list.split(',').map(|s| s.trim().trim_matches('"')).filter(|s| !s.is_empty()).collect();
    let expected: Vec<&str> = CloneType::ALL.into_iter().filter(|t| t.is_thread_safe()).map(|t| t.id()).collect();
    assert_eq!(listed, expected, "scripts/bench-contention.mjs ALL_TYPES");
}
