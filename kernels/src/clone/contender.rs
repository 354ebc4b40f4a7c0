//! A contender thread's loop, one for every kind of clone and allocator: the runners' contenders
//! (`wasm_core::clone_run`) and the allocator A/B's (`allocators`) differ only in each batch's body.

use std::sync::atomic::{AtomicBool, Ordering};

/// A contender's loop, shared by every kind of clone: batches of `batch` clones (`one_batch(batch)`)
/// until `running` goes false, the next batch would pass `cap`, or `one_batch` returns false.
/// Returns how many clones it made.
pub fn contend_in_batches(batch: u64, cap: u64, running: &AtomicBool, mut one_batch: impl FnMut(u64) -> bool) -> u64 {
    let mut made = 0u64;
    while running.load(Ordering::Relaxed) && made + batch <= cap {
        if !one_batch(batch) {
            break;
        }
        made += batch;
    }
    made
}
