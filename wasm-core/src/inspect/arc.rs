//! Inside `Arc<str>` (chapter 3): the heap block's real bytes, its two counters and the text.
//!
//! `std`'s `ArcInner<T>` is private. Its declaration today is `#[repr(C)] struct ArcInner<T: ?Sized>
//! { strong: AtomicUsize, weak: AtomicUsize, data: T }`: the repr(C) is an implementation detail we
//! rely on, not a documented promise. So the block starts `data_offset` bytes before the pointer
//! `Arc::as_ptr` returns, where `data_offset` is the two-word header rounded up to the data's
//! alignment. The tests cross-check every value read this way against `Arc::strong_count`,
//! `Arc::weak_count` and the `Arc`'s own first word (the block address).

use super::{block_bytes, bytes_of, word_at, WORD};
use std::sync::{Arc, Weak};

/// Offset of `data` inside `ArcInner<T>` for data of alignment `data_align`: two counters, then
/// padding up to that alignment (repr(C) rules).
pub fn data_offset(data_align: usize) -> usize {
    let header = 2 * WORD;
    header.div_ceil(data_align) * data_align
}

/// One snapshot of an `Arc<str>` and its heap block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcBlock {
    /// The `Arc<str>` handle's own bytes (two words: block address, text length).
    pub handle_bytes: Vec<u8>,
    /// Address of the heap block (the `strong` counter), read from the handle's first word.
    pub block_addr: usize,
    /// Address of the text, from `Arc::as_ptr`.
    pub data_addr: usize,
    /// Bytes from the block start to the text: the counters plus padding.
    pub data_offset: usize,
    /// The block's bytes: header, then the text.
    pub block_bytes: Vec<u8>,
    /// The `strong` field as it sits in memory.
    pub strong_in_memory: usize,
    /// The `weak` field as it sits in memory (one more than `weak_count` while strong > 0).
    pub weak_in_memory: usize,
    /// What `Arc::strong_count` reports.
    pub strong_count: usize,
    /// What `Arc::weak_count` reports.
    pub weak_count: usize,
}

impl ArcBlock {
    /// True when the memory and the public API agree: same strong count, and weak in memory equal to
    /// `weak_count + 1` (the weak reference all strong ones share).
    pub fn consistent(&self) -> bool {
        self.strong_in_memory == self.strong_count && self.weak_in_memory == self.weak_count + 1
    }
}

/// Reads the block of a live `Arc<str>`.
pub fn read_block(arc: &Arc<str>) -> ArcBlock {
    let offset = data_offset(std::mem::align_of::<u8>());
    let data: *const u8 = Arc::as_ptr(arc).cast();
    let len = arc.len();
    // SAFETY: `data` points at the text inside the live block `arc` keeps allocated; the block
    // begins `offset` bytes earlier (ArcInner is repr(C): two usize counters, then the data) and
    // ends `len` bytes after `data`. The pointer comes from `Arc::as_ptr`, which derives it from the
    // block pointer, so stepping back stays inside the same allocation. No other thread exists that
    // could change the counters while we copy them.
    let block_bytes = unsafe { block_bytes(data, offset, offset + len) };
    let handle_bytes = bytes_of(arc);
    ArcBlock {
        block_addr: word_at(&handle_bytes, 0),
        handle_bytes,
        data_addr: data as usize,
        data_offset: offset,
        strong_in_memory: word_at(&block_bytes, 0),
        weak_in_memory: word_at(&block_bytes, 1),
        block_bytes,
        strong_count: Arc::strong_count(arc),
        weak_count: Arc::weak_count(arc),
    }
}

/// The header of a block whose text is gone: every `Arc` was dropped, and the `Weak`s that remain
/// keep the allocation (and its counters) alive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedBlock {
    /// Address of the block (the `strong` counter).
    pub block_addr: usize,
    /// The two counters' bytes.
    pub header_bytes: Vec<u8>,
    /// `strong` in memory: 0.
    pub strong_in_memory: usize,
    /// `weak` in memory: the number of `Weak`s (the strong side's shared weak reference went with
    /// the last `Arc`).
    pub weak_in_memory: usize,
}

/// Reads the counters of a block through one of its `Weak`s, when no `Arc` is left. The text is
/// not read: it has been dropped (for `str` the bytes happen to stay, but they belong to no value).
pub fn read_dropped(weak: &Weak<str>) -> DroppedBlock {
    let offset = data_offset(std::mem::align_of::<u8>());
    let data: *const u8 = Weak::as_ptr(weak).cast();
    // SAFETY: `weak` came from `Arc::downgrade`, so it points into a real block, and a live `Weak`
    // keeps that block allocated even with strong = 0; `Weak::as_ptr` derives `data` from the block
    // pointer, and the two counters sit `offset` bytes before it (repr(C) `ArcInner`, as above).
    // Only the counters are read: integers, always initialised. One thread, so nothing races.
    let header_bytes = unsafe { block_bytes(data, offset, 2 * WORD) };
    DroppedBlock {
        block_addr: data as usize - offset,
        strong_in_memory: word_at(&header_bytes, 0),
        weak_in_memory: word_at(&header_bytes, 1),
        header_bytes,
    }
}

/// What the lab's block looks like now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabView {
    /// At least one `Arc`: the whole block, text included.
    Alive(ArcBlock),
    /// No `Arc`, some `Weak`s: the block survives with its counters; the text was dropped.
    TextDropped(DroppedBlock),
    /// No `Arc` and no `Weak`: the block was freed, and there is nothing left to read.
    Freed,
}

/// A small lab for the Arc inspector: the `Arc<str>`s and `Weak`s the reader creates and drops
/// with the buttons, starting from one `Arc::from(text)`. Any `Arc` may be dropped, the first one
/// too, so every state of the block can be reached: alive, text dropped but block kept by a
/// `Weak`, and freed.
#[derive(Debug)]
pub struct ArcLab {
    strongs: Vec<Arc<str>>,
    weaks: Vec<Weak<str>>,
}

impl ArcLab {
    /// A fresh `Arc::from(text)`: strong 1, weak 1 in memory.
    pub fn new(text: &str) -> Self {
        ArcLab { strongs: vec![Arc::from(text)], weaks: Vec::new() }
    }
    /// `Arc::clone` of the newest `Arc`; false when none is left.
    pub fn clone_arc(&mut self) -> bool {
        let Some(newest) = self.strongs.last() else { return false };
        self.strongs.push(Arc::clone(newest));
        true
    }
    /// Drops the newest `Arc` (the first one last); false when none is left.
    pub fn drop_arc(&mut self) -> bool {
        self.strongs.pop().is_some()
    }
    /// `Arc::downgrade`: weak + 1; false when no `Arc` is left to downgrade.
    pub fn downgrade(&mut self) -> bool {
        let Some(newest) = self.strongs.last() else { return false };
        self.weaks.push(Arc::downgrade(newest));
        true
    }
    /// `Weak::upgrade` of the newest `Weak`: `None` when there is no `Weak`, `Some(false)` when the
    /// upgrade fails because strong is 0, `Some(true)` when it gave a new `Arc`.
    pub fn upgrade(&mut self) -> Option<bool> {
        let upgraded = self.weaks.last()?.upgrade();
        let ok = upgraded.is_some();
        self.strongs.extend(upgraded);
        Some(ok)
    }
    /// Drops the newest `Weak`; false when there is none.
    pub fn drop_weak(&mut self) -> bool {
        self.weaks.pop().is_some()
    }
    /// `Arc`s the reader holds (the first one included while it lives).
    pub fn arcs(&self) -> usize {
        self.strongs.len()
    }
    /// `Weak`s the reader holds.
    pub fn weaks(&self) -> usize {
        self.weaks.len()
    }
    /// The block as it is now.
    pub fn read(&self) -> LabView {
        match (self.strongs.last(), self.weaks.last()) {
            (Some(arc), _) => LabView::Alive(read_block(arc)),
            (None, Some(weak)) => LabView::TextDropped(read_dropped(weak)),
            (None, None) => LabView::Freed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn offset_is_two_words_for_str_and_rounds_up() {
        assert_eq!(data_offset(1), 2 * WORD);
        assert_eq!(data_offset(WORD), 2 * WORD);
        assert_eq!(data_offset(32), 32);
        assert_eq!(data_offset(1) as u32, crate::layout::arc_header_bytes());
    }

    #[test]
    fn fresh_arc_has_hidden_weak() {
        let arc: Arc<str> = Arc::from("shared text");
        let b = read_block(&arc);
        assert_eq!((b.strong_in_memory, b.weak_in_memory), (1, 1));
        assert_eq!((b.strong_count, b.weak_count), (1, 0));
        assert!(b.consistent());
        assert_eq!(&b.block_bytes[b.data_offset..], b"shared text");
        assert_eq!(b.block_addr + b.data_offset, b.data_addr, "handle word 1 is the block address");
        assert_eq!(word_at(&b.handle_bytes, 1), 11, "handle word 2 is the text length");
        assert_eq!(b.handle_bytes.len(), std::mem::size_of::<Arc<str>>());
    }

    #[test]
    fn counters_follow_clone_downgrade_and_drops() {
        let mut lab = ArcLab::new("shared text");
        let state = |lab: &ArcLab| match lab.read() {
            LabView::Alive(b) => {
                assert!(b.consistent(), "{b:?}");
                (b.strong_in_memory, b.weak_in_memory)
            }
            other => panic!("expected a live block, got {other:?}"),
        };
        assert_eq!(state(&lab), (1, 1));
        assert!(lab.clone_arc());
        assert_eq!(state(&lab), (2, 1));
        assert!(lab.downgrade());
        assert_eq!(state(&lab), (2, 2));
        assert!(lab.drop_arc());
        assert_eq!(state(&lab), (1, 2));
        assert!(lab.downgrade());
        assert_eq!(state(&lab), (1, 3));
        assert!(lab.drop_weak());
        assert!(lab.drop_weak());
        assert_eq!(state(&lab), (1, 1));
        assert!(!lab.drop_weak());
        assert_eq!(lab.upgrade(), None, "no Weak to upgrade");
        assert_eq!((lab.arcs(), lab.weaks()), (1, 0));
    }

    #[test]
    fn a_weak_keeps_the_block_after_the_last_arc_and_cannot_upgrade() {
        let mut lab = ArcLab::new("shared text");
        assert!(lab.downgrade());
        assert_eq!(lab.upgrade(), Some(true), "strong > 0: upgrade gives an Arc");
        let LabView::Alive(alive) = lab.read() else { panic!("alive") };
        assert_eq!((alive.strong_in_memory, alive.weak_in_memory), (2, 2));
        assert!(lab.drop_arc() && lab.drop_arc(), "the first Arc can be dropped too");
        assert!(!lab.drop_arc() && !lab.clone_arc() && !lab.downgrade());
        let LabView::TextDropped(dropped) = lab.read() else { panic!("text dropped, block kept") };
        assert_eq!(dropped.block_addr, alive.block_addr, "the same block survives");
        // The strong side's shared weak reference went with the last Arc: weak = number of Weaks.
        assert_eq!((dropped.strong_in_memory, dropped.weak_in_memory), (0, 1));
        // What chapter 3 says: std's `Weak::weak_count` reports 0 once strong is 0.
        assert_eq!(lab.weaks.last().map(Weak::weak_count), Some(0));
        assert_eq!(lab.upgrade(), Some(false), "strong = 0: upgrade fails");
        assert!(!lab.downgrade() && lab.weaks() == 1);
        assert!(lab.drop_weak());
        assert_eq!(lab.read(), LabView::Freed);
    }

    #[test]
    fn arc_dyn_data_starts_at_the_header_rounded_up_to_the_values_alignment() {
        #[repr(align(32))]
        struct Aligned(#[allow(dead_code)] u8);
        impl std::fmt::Display for Aligned {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("aligned")
            }
        }
        let values: [(Arc<dyn std::fmt::Display>, usize); 3] =
            [(Arc::new(7_u8), 1), (Arc::new(3.5_f64), std::mem::align_of::<f64>()), (Arc::new(Aligned(1)), 32)];
        for (arc, align) in values {
            let handle = bytes_of(&arc);
            let block = word_at(&handle, 0);
            let data = Arc::as_ptr(&arc) as *const u8 as usize;
            assert_eq!(data - block, data_offset(align), "align {align}");
            assert_eq!(std::mem::align_of_val(&*arc), align);
        }
        assert_eq!(data_offset(32), 32, "padding after the two counters");
    }
}
