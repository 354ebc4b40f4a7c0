//! The global allocator (jemalloc by default, the system one with `--no-default-features`) and its
//! statistics. Statistics calls advance jemalloc's epoch, which takes locks: callers keep them
//! outside the timed region.

use wasm_core::results::{AllocatorInfo, MemoryStats};

#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
mod imp {
    use super::*;
    use tikv_jemalloc_ctl::{epoch, stats, version};

    #[global_allocator]
    static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

    #[cfg(test)]
    pub const HAS_STATS: bool = true;

    pub fn info() -> AllocatorInfo {
        AllocatorInfo { name: "jemalloc".into(), version: version::read().ok().map(|v| v.trim_end_matches('\0').to_string()) }
    }

    /// (mapped, allocated, resident) bytes, after refreshing jemalloc's cached statistics.
    pub fn snapshot() -> Option<(u64, u64, u64)> {
        epoch::advance().ok()?;
        Some((stats::mapped::read().ok()? as u64, stats::allocated::read().ok()? as u64, stats::resident::read().ok()? as u64))
    }

    /// This allocator, as the chooser's memory model rounds its requests.
    pub const ROUNDING: Allocator = Allocator::Jemalloc;
}

#[cfg(not(all(feature = "jemalloc", not(target_env = "msvc"))))]
mod imp {
    use super::*;

    #[cfg(test)]
    pub const HAS_STATS: bool = false;

    pub fn info() -> AllocatorInfo {
        AllocatorInfo { name: "system".into(), version: None }
    }

    pub fn snapshot() -> Option<(u64, u64, u64)> {
        None
    }

    /// The system allocator, rounded as glibc's malloc (on other systems an estimate: an 8-byte
    /// header, 16-byte granules, 32 minimum).
    pub const ROUNDING: Allocator = Allocator::Glibc;
}

pub use imp::{info, snapshot};
use wasm_core::choose::memory::Allocator;

/// Bytes the global allocator sets aside for a request of `len` bytes (the chooser's model of it,
/// checked against the allocator itself below).
pub fn allocation_bytes(len: u64) -> u64 {
    imp::ROUNDING.block_bytes(len as usize) as u64
}

/// Bytes mapped by the allocator right now, if it reports it.
pub fn mapped_bytes() -> Option<u64> {
    snapshot().map(|(mapped, _, _)| mapped)
}

/// Combines two snapshots into the results' memory statistics.
pub fn memory_stats(before: Option<(u64, u64, u64)>, after: Option<(u64, u64, u64)>) -> Option<MemoryStats> {
    let ((mb, ab, rb), (ma, aa, ra)) = (before?, after?);
    Some(MemoryStats {
        mapped_before_bytes: mb,
        mapped_after_bytes: ma,
        allocated_before_bytes: ab,
        allocated_after_bytes: aa,
        resident_before_bytes: rb,
        resident_after_bytes: ra,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_estimate_covers_the_request() {
        for len in [1, 7, 8, 9, 64, 65, 100, 129, 1000, 4096, 5000, 1 << 20] {
            let bytes = allocation_bytes(len);
            assert!(bytes >= len && bytes <= len * 2 + 32, "{len} -> {bytes}");
        }
        assert_eq!(allocation_bytes(64) % 16, 0);
    }

    /// The size classes the site charges a native file's memory by (`wasm_core::heap::jemalloc_class`)
    /// are jemalloc's own: what it reports usable for each request is the class.
    #[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
    #[test]
    fn jemalloc_serves_each_request_from_the_modelled_class() {
        let sizes = (1..=4096).chain((4097..=70_000).step_by(97)).chain([1 << 20, (1 << 20) + 1]);
        for len in sizes {
            let layout = std::alloc::Layout::from_size_align(len, 8).unwrap();
            // SAFETY: a plain allocate/free pair through the global allocator (jemalloc), one layout.
            let usable = unsafe {
                let p = std::alloc::alloc(layout);
                assert!(!p.is_null());
                let usable = tikv_jemallocator::usable_size(p);
                std::alloc::dealloc(p, layout);
                usable
            };
            assert_eq!(usable, Allocator::Jemalloc.block_bytes(len), "request of {len} bytes");
        }
    }

    /// glibc's chunk for a request is what it reports usable plus its 8-byte size field.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn glibc_malloc_carves_the_modelled_chunk() {
        for len in (1..=4096).chain([10_000, 100_000]) {
            // SAFETY: malloc/free of one block; `malloc_usable_size` is given the live pointer.
            let usable = unsafe {
                let p = libc::malloc(len);
                assert!(!p.is_null());
                let usable = libc::malloc_usable_size(p);
                libc::free(p);
                usable
            };
            assert_eq!(usable + 8, Allocator::Glibc.block_bytes(len), "request of {len} bytes");
        }
    }

    #[test]
    fn stats_exist_exactly_when_the_allocator_reports_them() {
        assert_eq!(snapshot().is_some(), imp::HAS_STATS);
        assert!(!info().name.is_empty());
    }
}
