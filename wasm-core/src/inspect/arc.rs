//! Inside `Arc<str>` (chapter 3): the heap block's real bytes, its two counters and the text.
//!
//! `std`'s `ArcInner<T>` is private. Its declaration today is `#[repr(C)] struct ArcInner<T: ?Sized>
//! { strong: AtomicUsize, weak: AtomicUsize, data: T }`: the repr(C) is an implementation detail we
//! rely on, not a documented promise. So the block starts `data_offset` bytes before the pointer
//! `Arc::as_ptr` returns, where `data_offset` is the two-word header rounded up to the data's
//! alignment. The tests cross-check every value read this way against `Arc::strong_count`,
//! `Arc::weak_count` and the `Arc`'s own first word (the block address).

use super::{bytes_of, word_at, WORD};
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
    let block_bytes = unsafe { std::slice::from_raw_parts(data.sub(offset), offset + len).to_vec() };
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

/// A small lab for the Arc inspector: one `Arc<str>` that stays alive, plus the clones and weak
/// references the reader creates and drops with the buttons.
#[derive(Debug)]
pub struct ArcLab {
    original: Arc<str>,
    clones: Vec<Arc<str>>,
    weaks: Vec<Weak<str>>,
}

impl ArcLab {
    /// A fresh `Arc::from(text)`: strong 1, weak 1 in memory.
    pub fn new(text: &str) -> Self {
        ArcLab { original: Arc::from(text), clones: Vec::new(), weaks: Vec::new() }
    }
    /// `Arc::clone`: strong + 1.
    pub fn clone_arc(&mut self) {
        self.clones.push(Arc::clone(&self.original));
    }
    /// Drops the newest clone (never the original); false when there is none.
    pub fn drop_clone(&mut self) -> bool {
        self.clones.pop().is_some()
    }
    /// `Arc::downgrade`: weak + 1.
    pub fn downgrade(&mut self) {
        self.weaks.push(Arc::downgrade(&self.original));
    }
    /// Drops the newest `Weak`; false when there is none.
    pub fn drop_weak(&mut self) -> bool {
        self.weaks.pop().is_some()
    }
    /// Clones the reader created and still holds.
    pub fn clones(&self) -> usize {
        self.clones.len()
    }
    /// `Weak`s the reader created and still holds.
    pub fn weaks(&self) -> usize {
        self.weaks.len()
    }
    /// The block as it is now.
    pub fn read(&self) -> ArcBlock {
        read_block(&self.original)
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
        let state = |lab: &ArcLab| {
            let b = lab.read();
            assert!(b.consistent(), "{b:?}");
            (b.strong_in_memory, b.weak_in_memory)
        };
        assert_eq!(state(&lab), (1, 1));
        lab.clone_arc();
        assert_eq!(state(&lab), (2, 1));
        lab.downgrade();
        assert_eq!(state(&lab), (2, 2));
        assert!(lab.drop_clone());
        assert_eq!(state(&lab), (1, 2));
        lab.downgrade();
        assert_eq!(state(&lab), (1, 3));
        assert!(lab.drop_weak());
        assert!(lab.drop_weak());
        assert_eq!(state(&lab), (1, 1));
        assert!(!lab.drop_weak());
        assert!(!lab.drop_clone());
        assert_eq!((lab.clones(), lab.weaks()), (0, 0));
    }
}
