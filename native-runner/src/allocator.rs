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

    /// Size class jemalloc serves a request of `len` bytes from (four classes per doubling).
    pub fn allocation_bytes(len: u64) -> u64 {
        if len <= 8 {
            return 8;
        }
        if len <= 128 {
            return len.next_multiple_of(16);
        }
        let spacing = 1u64 << ((63 - (len - 1).leading_zeros()) - 2);
        len.next_multiple_of(spacing)
    }
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

    /// A generous guess for malloc-style allocators: an 8-byte header, 16-byte granules, 32 minimum.
    pub fn allocation_bytes(len: u64) -> u64 {
        (len + 8).next_multiple_of(16).max(32)
    }
}

pub use imp::{allocation_bytes, info, snapshot};

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

    #[test]
    fn stats_exist_exactly_when_the_allocator_reports_them() {
        assert_eq!(snapshot().is_some(), imp::HAS_STATS);
        assert!(!info().name.is_empty());
    }
}
