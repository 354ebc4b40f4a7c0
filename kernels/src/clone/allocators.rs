//! Where a `String` clone's buffer comes from: the allocator A/B of the browser lab.
//!
//! In the browser, Rust's `wasm32-unknown-unknown` std allocates with dlmalloc behind one global
//! lock, so two threads cloning `String`s take turns at that lock. The two alternatives here take
//! the lock out of the loop, each the way real code does it:
//! - a `bumpalo_herd::Herd` lends each thread its own bump arena: a clone copies the text into the
//!   thread's arena and its drop frees nothing; the owner resets the whole herd between repeats;
//! - a `sharded_slab::Pool<String>` keeps cleared `String`s per thread: a clone takes one (its buffer
//!   already allocated), copies the text in, and its drop clears it and gives it back to the
//!   thread's free list. After the first repeat no clone asks the allocator for anything.
//!
//! Only `String` in drop mode has these cases: a shared counter has no buffer to place, and a
//! forgotten clone of an arena or a pool is not what either is for.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

/// Where one case's `String` clones get their buffers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloneAllocator {
    /// The process's global allocator (the results file's `allocator`): dlmalloc in the browser.
    #[default]
    Global,
    /// Each thread's own `bumpalo::Bump`, borrowed from one `bumpalo_herd::Herd`.
    BumpHerd,
    /// Reused `String`s from a `sharded_slab::Pool`, whose free lists are per thread.
    ThreadPool,
}

impl CloneAllocator {
    /// Every allocator, the global one first.
    pub const ALL: [CloneAllocator; 3] = [CloneAllocator::Global, CloneAllocator::BumpHerd, CloneAllocator::ThreadPool];
    /// The two that take the global allocator's lock out of the clone loop.
    pub const ALTERNATIVES: [CloneAllocator; 2] = [CloneAllocator::BumpHerd, CloneAllocator::ThreadPool];

    /// Stable identifier, in JSON and the lab's lists (`global`, `bump_herd`, `thread_pool`).
    pub fn id(self) -> &'static str {
        match self {
            CloneAllocator::Global => "global",
            CloneAllocator::BumpHerd => "bump_herd",
            CloneAllocator::ThreadPool => "thread_pool",
        }
    }

    /// The allocator in words, as a case's name and the lab's table write it.
    pub fn display_name(self) -> &'static str {
        match self {
            CloneAllocator::Global => "global allocator",
            CloneAllocator::BumpHerd => "bumpalo-herd arena per thread",
            CloneAllocator::ThreadPool => "sharded-slab pool per thread",
        }
    }

    /// Looks an allocator up by [`CloneAllocator::id`].
    pub fn parse(text: &str) -> Option<CloneAllocator> {
        Self::ALL.into_iter().find(|a| a.id() == text)
    }

    /// Bytes one clone of a `len`-byte text keeps until its repeat ends: an arena frees nothing
    /// until it is reset (a bump copies `str` bytes with no padding); the others free each clone.
    pub fn kept_per_clone(self, len: usize) -> u64 {
        match self {
            CloneAllocator::BumpHerd => len as u64,
            CloneAllocator::Global | CloneAllocator::ThreadPool => 0,
        }
    }
}

impl fmt::Display for CloneAllocator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// The arena and the pool one run's threads share (both `Sync`: every thread reaches its own part).
#[derive(Default)]
pub struct ThreadAllocators {
    herd: bumpalo_herd::Herd,
    pool: sharded_slab::Pool<String>,
}

impl fmt::Debug for ThreadAllocators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadAllocators").finish_non_exhaustive()
    }
}

impl ThreadAllocators {
    pub fn new() -> Self {
        Self::default()
    }

    /// Frees every arena's clones at once (between repeats, when no thread holds its arena): what
    /// an arena's drop is. The pool keeps its cleared `String`s for the next repeat.
    pub fn reset(&mut self) {
        self.herd.reset();
    }

    /// Gives the herd `threads` arenas, each holding one chunk of at least `bytes_each` once reset:
    /// so a timed repeat that puts up to `bytes_each` into each thread's arena asks dlmalloc for no
    /// chunk and touches no fresh memory (both slow, and neither the arena's own cost). A bump
    /// arena's reset keeps its newest chunk, and one allocation of `bytes_each` makes that chunk at
    /// least as big; writing it once has the OS map its pages now rather than in a timed repeat.
    /// The arenas are taken all at once, so each is a different one.
    pub fn reserve_arenas(&mut self, threads: usize, bytes_each: usize) {
        let arenas: Vec<bumpalo_herd::Member<'_>> = (0..threads).map(|_| self.herd.get()).collect();
        for arena in &arenas {
            black_box(arena.alloc_slice_fill_copy(bytes_each.max(1), 0u8));
        }
        drop(arenas);
        self.reset();
    }

    /// `n` clones of `text` with their buffers from `allocator`, each dropped: the body of one
    /// timed repeat. `Global` is a plain `String` clone (`to_owned` is what `String::clone` does).
    pub fn clone_drop_n(&self, allocator: CloneAllocator, text: &str, n: u64) {
        self.with_clone_loop(allocator, text, |clones| clones(n));
    }

    /// A contender's clones: batches of `batch` until `running` goes false or `cap` clones are done.
    /// Returns how many it made. The thread takes its arena once for the whole run, as a worker
    /// would (a herd's `get` takes a lock).
    pub fn clone_drop_while(&self, allocator: CloneAllocator, text: &str, batch: u64, cap: u64, running: &AtomicBool) -> u64 {
        self.with_clone_loop(allocator, text, |clones| {
            super::contender::contend_in_batches(batch, cap, running, |n| {
                clones(n);
                true
            })
        })
    }

    /// Runs `f` with this thread's clone loop for `allocator` (its arena taken, when it has one).
    fn with_clone_loop<R>(&self, allocator: CloneAllocator, text: &str, f: impl FnOnce(&mut dyn FnMut(u64)) -> R) -> R {
        let text = black_box(text);
        match allocator {
            CloneAllocator::Global => f(&mut |n| {
                for _ in 0..n {
                    drop(black_box(black_box(text).to_owned()));
                }
            }),
            CloneAllocator::BumpHerd => {
                let arena = self.herd.get();
                f(&mut |n| {
                    for _ in 0..n {
                        black_box(arena.alloc_str(black_box(text)));
                    }
                })
            }
            CloneAllocator::ThreadPool => f(&mut |n| {
                for _ in 0..n {
                    // `None` only when this thread's shard is full, which one live clone at a time
                    // cannot reach.
                    let key = self.pool.create_with(|s| s.push_str(black_box(text))).expect("the pool has room for one String");
                    self.pool.clear(black_box(key));
                }
            }),
        }
    }

    /// One clone's text, made as [`Self::clone_drop_n`] makes it (tests: it equals its source).
    pub fn one_clone(&self, allocator: CloneAllocator, text: &str) -> String {
        match allocator {
            CloneAllocator::Global => text.to_owned(),
            CloneAllocator::BumpHerd => self.herd.get().alloc_str(text).to_owned(),
            CloneAllocator::ThreadPool => {
                let key = self.pool.create_with(|s| s.push_str(text)).expect("the pool has room for one String");
                let copy = self.pool.get(key).map(|s| s.as_str().to_owned()).unwrap_or_default();
                self.pool.clear(key);
                copy
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn ids_round_trip_and_serde_writes_them() {
        for a in CloneAllocator::ALL {
            assert_eq!(CloneAllocator::parse(a.id()), Some(a));
            assert_eq!(serde_json::to_string(&a).unwrap(), format!("\"{}\"", a.id()));
        }
        assert_eq!(CloneAllocator::parse("dlmalloc"), None);
    }

    #[test]
    fn every_allocator_clones_the_text_from_several_threads() {
        let text = "a".repeat(64);
        let allocators = ThreadAllocators::new();
        for a in CloneAllocator::ALL {
            assert_eq!(allocators.one_clone(a, &text), text, "{a}");
            assert_eq!(allocators.clone_drop_while(a, &text, 8, 1000, &AtomicBool::new(false)), 0, "a stopped contender makes none");
            let (timed, contender) = (
                || allocators.clone_drop_n(a, &text, 100),
                || assert_eq!(allocators.clone_drop_while(a, &text, 8, 40, &AtomicBool::new(true)), 40),
            );
            // wasm32-unknown-unknown's std starts no threads (the browser's threads are the
            // threaded tier's Workers): there the same work runs on this one.
            #[cfg(not(target_arch = "wasm32"))]
            std::thread::scope(|s| {
                for _ in 0..2 {
                    s.spawn(timed);
                    s.spawn(contender);
                }
            });
            #[cfg(target_arch = "wasm32")]
            {
                timed();
                contender();
            }
        }
    }

    #[test]
    fn the_pool_reuses_its_strings_and_the_arena_frees_on_reset() {
        let text = "b".repeat(64);
        let mut allocators = ThreadAllocators::new();
        allocators.clone_drop_n(CloneAllocator::ThreadPool, &text, 10);
        // The one slot this thread used came back cleared, buffer kept: the next clone takes it.
        let key = allocators.pool.create_with(|s| assert!(s.is_empty() && s.capacity() >= 64)).unwrap();
        allocators.pool.clear(key);

        allocators.clone_drop_n(CloneAllocator::BumpHerd, &text, 100);
        let kept = allocators.herd.get().as_bump().allocated_bytes();
        assert!(kept >= 100 * 64, "the arena kept every clone until its reset: {kept} bytes");
        // Room left in the arena's current chunk: the reset gives back what the clones took.
        let room = allocators.herd.get().as_bump().chunk_capacity();
        allocators.reset();
        assert!(allocators.herd.get().as_bump().chunk_capacity() > room);

        // Reserved: two arenas, each with room for 1000 clones in the one chunk it keeps (16 under
        // Miri, which took 28 s to fill the two 64,000-byte reservations byte by byte).
        let clones = if cfg!(miri) { 16 } else { 1000 };
        allocators.reserve_arenas(2, clones * 64);
        let (a, b) = (allocators.herd.get(), allocators.herd.get());
        assert!(a.as_bump().chunk_capacity() >= clones * 64 && b.as_bump().chunk_capacity() >= clones * 64);
        assert_eq!(CloneAllocator::BumpHerd.kept_per_clone(64), 64);
        assert_eq!(CloneAllocator::ThreadPool.kept_per_clone(64), 0);
    }
}
