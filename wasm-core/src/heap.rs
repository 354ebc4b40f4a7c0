//! Counting the heap blocks a value asks for: a global-allocator wrapper that, while a measurement
//! runs, records the size of every allocation it passes on. The chooser page installs it (in the
//! browser: around dlmalloc) to show what each string type really allocates, measured rather than
//! computed from a remembered layout.
//!
//! Single-threaded use is assumed while measuring (the browser has one thread); other threads'
//! allocations during a measurement would be counted too.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Allocations remembered per measurement; more are counted but not sized.
pub const MAX_RECORDED: usize = 8;

/// Wraps an allocator `A` and records allocation sizes while [`CountingAlloc::measure`] runs.
pub struct CountingAlloc<A> {
    inner: A,
    recording: AtomicBool,
    count: AtomicUsize,
    sizes: [AtomicUsize; MAX_RECORDED],
}

impl<A> CountingAlloc<A> {
    pub const fn new(inner: A) -> Self {
        CountingAlloc {
            inner,
            recording: AtomicBool::new(false),
            count: AtomicUsize::new(0),
            sizes: [const { AtomicUsize::new(0) }; MAX_RECORDED],
        }
    }

    fn record(&self, size: usize) {
        if self.recording.load(Ordering::Relaxed) {
            let i = self.count.fetch_add(1, Ordering::Relaxed);
            if let Some(slot) = self.sizes.get(i) {
                slot.store(size, Ordering::Relaxed);
            }
        }
    }

    /// Runs `f` and returns its result with the sizes of the allocations made meanwhile (in
    /// order; at most [`MAX_RECORDED`] sizes, plus the total count).
    pub fn measure<R>(&self, f: impl FnOnce() -> R) -> (R, Vec<usize>, usize) {
        self.count.store(0, Ordering::Relaxed);
        self.recording.store(true, Ordering::Relaxed);
        let result = f();
        self.recording.store(false, Ordering::Relaxed);
        let count = self.count.load(Ordering::Relaxed);
        let sizes = self.sizes.iter().take(count.min(MAX_RECORDED)).map(|s| s.load(Ordering::Relaxed)).collect();
        (result, sizes, count)
    }
}

// SAFETY: every call is passed to `inner` unchanged; recording only stores integers in atomics and
// never allocates, so the wrapper keeps `inner`'s contract.
unsafe impl<A: GlobalAlloc> GlobalAlloc for CountingAlloc<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.record(layout.size());
        // SAFETY: forwarded with the caller's layout, which meets `alloc`'s contract.
        unsafe { self.inner.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.record(layout.size());
        // SAFETY: as `alloc`.
        unsafe { self.inner.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `inner` through this wrapper, with this layout.
        unsafe { self.inner.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.record(new_size);
        // SAFETY: as `dealloc`; `new_size` is the caller's, valid for `realloc`.
        unsafe { self.inner.realloc(ptr, layout, new_size) }
    }
}

/// Bytes dlmalloc (Rust's allocator on wasm32) reserves for a request: the request plus a 4-byte
/// chunk header, rounded up to 8, at least 16. A zero-size request allocates nothing.
pub fn dlmalloc_block(request: usize) -> usize {
    if request == 0 {
        return 0;
    }
    ((request + 4 + 7) & !7).max(16)
}

/// The size class jemalloc serves a request from on 64-bit targets (16-byte quantum): 8, 16, 32,
/// 48, ..., 128, then four classes per doubling (160, 192, 224, 256, 320, ...).
pub fn jemalloc_class(request: usize) -> usize {
    match request {
        0 => 0,
        1..=8 => 8,
        9..=128 => request.div_ceil(16) * 16,
        _ => {
            let group = (request - 1).ilog2(); // request in (2^group, 2^(group+1)]
            let step = 1usize << (group - 2);
            request.div_ceil(step) * step
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::System;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn records_sizes_only_while_measuring() {
        let meter = CountingAlloc::new(System);
        let layout = Layout::from_size_align(24, 8).unwrap();
        // SAFETY: a plain allocate/free pair through the wrapper, with one layout.
        unsafe {
            let outside = meter.alloc(layout);
            let ((), sizes, count) = meter.measure(|| {
                let inside = meter.alloc(Layout::from_size_align(40, 8).unwrap());
                meter.dealloc(inside, Layout::from_size_align(40, 8).unwrap());
            });
            assert_eq!((sizes, count), (vec![40], 1));
            meter.dealloc(outside, layout);
        }
    }

    #[test]
    fn allocator_size_classes() {
        assert_eq!([0, 1, 12, 13, 60].map(dlmalloc_block), [0, 16, 16, 24, 64]);
        assert_eq!(
            [1, 8, 9, 17, 64, 65, 128, 129, 160, 161, 256, 257, 1000].map(jemalloc_class),
            [8, 8, 16, 32, 64, 80, 128, 160, 160, 192, 256, 320, 1024]
        );
    }
}
