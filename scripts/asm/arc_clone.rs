// What chapter "Cache lines" shows in assembly: `Arc::clone`, and how the memory orderings compile.
// Built by scripts/arc-asm.mjs with the machine's stable rustc at -O.
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

#[no_mangle]
pub fn clone_arc_str(a: &Arc<str>) -> Arc<str> {
    a.clone()
}

#[no_mangle]
pub fn load_acquire(a: &AtomicU64) -> u64 {
    a.load(Ordering::Acquire)
}

#[no_mangle]
pub fn store_release(a: &AtomicU64, v: u64) {
    a.store(v, Ordering::Release)
}

#[no_mangle]
pub fn store_seqcst(a: &AtomicU64, v: u64) {
    a.store(v, Ordering::SeqCst)
}
