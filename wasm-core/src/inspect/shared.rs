//! The alternatives to `Arc<str>` (chapter 10), opened up: where `arcstr::ArcStr` keeps the length
//! it does not carry, the one counter of `triomphe::Arc<str>`, the two blocks of `Arc<String>`,
//! `HipStr` inline or on the heap, and `Cow<'static, str>` borrowed or owned.
//!
//! Heap headers are read at offsets from the crates' own `repr(C)` declarations (arcstr 1.2's
//! `ThinInner { len_flag, count_flag, data }`, triomphe 0.1's `ArcInner { count, data }`, std's
//! `ArcInner { strong, weak, data }`), stepping back from the text pointer each type hands out, so
//! every read stays inside the live block that pointer came from. Only counters and text are read:
//! integers and bytes, always initialised. The tests check each reading against the crates' APIs.

use super::{block_bytes, bytes_of, word_at, WORD};
use std::borrow::Cow;
use std::sync::Arc;

/// An `arcstr::ArcStr`: one pointer; the length and the counter live in the block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcStrView {
    /// The handle's bytes: one word, the block's address.
    pub handle_bytes: Vec<u8>,
    pub block_addr: usize,
    /// The block's header (two words) and text.
    pub block_bytes: Vec<u8>,
    /// Word 1 of the block: `len << 1 | is_static`.
    pub len: usize,
    /// Word 2: `count << 1 | is_static`.
    pub count: usize,
    pub is_static: bool,
}

/// Opens an `ArcStr`.
pub fn read_arcstr(s: &arcstr::ArcStr) -> ArcStrView {
    let header = 2 * WORD;
    // `as_ptr` on an ArcStr goes through `&str`, whose provenance covers the text only; the block
    // pointer with full provenance comes from `into_raw`, on a clone given back at once, so the
    // count read below is the caller's own.
    let raw = arcstr::ArcStr::into_raw(s.clone());
    // SAFETY: `raw` came from `into_raw` just above and is turned back into an ArcStr once.
    drop(unsafe { arcstr::ArcStr::from_raw(raw) });
    // SAFETY: `raw` is the ThinInner block that `s` still keeps alive (repr(C): len_flag,
    // count_flag, then `len` text bytes); the two header words and the text are initialised.
    let block_bytes = unsafe { block_bytes(raw.as_ptr().cast::<u8>().add(header), header, header + s.len()) };
    let (len_flag, count_flag) = (word_at(&block_bytes, 0), word_at(&block_bytes, 1));
    ArcStrView {
        handle_bytes: bytes_of(s),
        block_addr: raw.as_ptr() as usize,
        len: len_flag >> 1,
        count: count_flag >> 1,
        is_static: len_flag & 1 == 1 || count_flag & 1 == 1,
        block_bytes,
    }
}

/// A `triomphe::Arc<str>`: (block address, length), and a block with one counter, no weak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriompheView {
    pub handle_bytes: Vec<u8>,
    pub block_addr: usize,
    pub block_bytes: Vec<u8>,
    pub count: usize,
}

/// Opens a `triomphe::Arc<str>`.
pub fn read_triomphe(a: &triomphe::Arc<str>) -> TriompheView {
    // SAFETY: the text sits one counter (repr(C): `count` then `data`) into the block `a` keeps
    // alive; `as_ptr` is derived from the block pointer. Counter and text are initialised.
    let block_bytes = unsafe { block_bytes(a.as_ptr().cast(), WORD, WORD + a.len()) };
    TriompheView {
        handle_bytes: bytes_of(a),
        block_addr: a.as_ptr().cast::<u8>() as usize - WORD,
        count: word_at(&block_bytes, 0),
        block_bytes,
    }
}

/// An `Arc<String>`: a thin pointer to a block of (strong, weak, String), and the String's own
/// buffer elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcStringView {
    pub handle_bytes: Vec<u8>,
    pub outer_addr: usize,
    /// strong, weak, then the `String`'s three words.
    pub outer_bytes: Vec<u8>,
    pub strong: usize,
    pub weak: usize,
    /// Where the text is: the second block.
    pub text_addr: usize,
}

/// Opens an `Arc<String>`.
pub fn read_arc_string(a: &Arc<String>) -> ArcStringView {
    let inner: *const String = Arc::as_ptr(a);
    let header = 2 * WORD;
    // SAFETY: `Arc::as_ptr` points at the String inside std's ArcInner block (repr(C): strong,
    // weak, data), `header` bytes from its start, and `a` keeps the block alive. Both counters
    // and the String's three words (pointer, capacity, length) are initialised.
    let outer_bytes = unsafe { block_bytes(inner.cast(), header, header + std::mem::size_of::<String>()) };
    ArcStringView {
        handle_bytes: bytes_of(a),
        outer_addr: inner as usize - header,
        strong: word_at(&outer_bytes, 0),
        weak: word_at(&outer_bytes, 1),
        text_addr: a.as_ptr() as usize,
        outer_bytes,
    }
}

/// Where a `HipStr` or `Cow<'static, str>` keeps its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextPlace {
    pub value_addr: usize,
    pub value_size: usize,
    pub text_addr: usize,
    /// Measured: the text lies inside the value's own bytes.
    pub inline: bool,
    /// What the type says about itself (`is_inline`, `Cow::Borrowed`, ...).
    pub api_says: &'static str,
}

fn place<T>(value: &T, text: &str, api_says: &'static str) -> TextPlace {
    let value_addr = value as *const T as usize;
    let size = std::mem::size_of::<T>();
    let text_addr = text.as_ptr() as usize;
    TextPlace { value_addr, value_size: size, text_addr, inline: (value_addr..value_addr + size).contains(&text_addr), api_says }
}

/// A `HipStr`: inline up to its inline capacity, else a shared heap block.
pub fn read_hipstr(s: &hipstr::HipStr<'static>) -> TextPlace {
    let says = if s.is_inline() {
        "is_inline()"
    } else if s.is_borrowed() {
        "is_borrowed()"
    } else {
        "is_allocated()"
    };
    place(s, s.as_str(), says)
}

/// A `Cow<'static, str>`: borrowed text stays where it is (static data), owned text is a `String`.
#[allow(clippy::ptr_arg)] // the Cow value itself is inspected (its address and variant), not only its text
pub fn read_cow(c: &Cow<'static, str>) -> TextPlace {
    place(c, c, if matches!(c, Cow::Borrowed(_)) { "Cow::Borrowed" } else { "Cow::Owned" })
}

/// Every alternative built from one text and read (the values are dropped afterwards; the
/// addresses are where they were).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternatives {
    pub arcstr: ArcStrView,
    pub triomphe: TriompheView,
    pub arc_string: ArcStringView,
    pub hipstr: TextPlace,
    pub cow_borrowed: TextPlace,
    pub cow_owned: TextPlace,
}

/// Builds each alternative from `text` (the borrowed `Cow` from `static_text`) and reads it.
pub fn read_alternatives(text: &str, static_text: &'static str) -> Alternatives {
    Alternatives {
        arcstr: read_arcstr(&arcstr::ArcStr::from(text)),
        triomphe: read_triomphe(&triomphe::Arc::from(text)),
        arc_string: read_arc_string(&Arc::new(text.to_owned())),
        hipstr: read_hipstr(&hipstr::HipStr::from(text)),
        cow_borrowed: read_cow(&Cow::Borrowed(static_text)),
        cow_owned: read_cow(&Cow::Owned(text.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn arcstr_keeps_length_and_count_in_the_block() {
        let s = arcstr::ArcStr::from("thin pointer");
        let t = s.clone();
        let v = read_arcstr(&s);
        assert_eq!(v.handle_bytes.len(), WORD, "one pointer");
        assert_eq!(word_at(&v.handle_bytes, 0), v.block_addr, "to the block, not the text");
        assert_eq!((v.len, v.count, v.is_static), (12, 2, false));
        assert_eq!(Some(v.count), arcstr::ArcStr::strong_count(&s));
        assert_eq!(&v.block_bytes[2 * WORD..], b"thin pointer");
        drop(t);
        assert_eq!(read_arcstr(&s).count, 1);
        // A literal is a static block in the binary: flagged, with no count to bump.
        let literal = arcstr::literal!("a literal");
        let v = read_arcstr(&literal);
        assert!(v.is_static && v.len == 9, "{v:?}");
    }

    #[test]
    fn triomphe_has_one_counter() {
        let a: triomphe::Arc<str> = triomphe::Arc::from("no weak count");
        let b = a.clone();
        let v = read_triomphe(&a);
        assert_eq!(v.count, triomphe::Arc::count(&a));
        assert_eq!(v.count, 2);
        assert_eq!(&v.block_bytes[WORD..], b"no weak count");
        assert_eq!(word_at(&v.handle_bytes, 0), v.block_addr);
        drop(b);
    }

    #[test]
    fn arc_string_is_two_blocks() {
        let a = Arc::new(String::from("two blocks"));
        let w = Arc::downgrade(&a);
        let v = read_arc_string(&a);
        assert_eq!((v.strong, v.weak), (1, 2), "weak in memory = weak_count + 1");
        assert_eq!(word_at(&v.handle_bytes, 0), v.outer_addr, "the handle points at the block");
        assert!(!(v.outer_addr..v.outer_addr + v.outer_bytes.len()).contains(&v.text_addr), "the text is elsewhere");
        let string_words: Vec<usize> = (2..5).map(|i| word_at(&v.outer_bytes, i)).collect();
        assert!(string_words.contains(&v.text_addr) && string_words.contains(&10));
        drop(w);
    }

    #[test]
    fn hipstr_and_cow_say_where_their_text_is() {
        let short = hipstr::HipStr::from("short");
        let long = hipstr::HipStr::from("a text that is much too long to be inline");
        assert!(read_hipstr(&short).inline && read_hipstr(&short).api_says == "is_inline()");
        assert!(!read_hipstr(&long).inline && read_hipstr(&long).api_says == "is_allocated()");
        static TEXT: &str = "static text";
        let borrowed: Cow<'static, str> = Cow::Borrowed(TEXT);
        assert_eq!(read_cow(&borrowed).text_addr, TEXT.as_ptr() as usize);
        let owned: Cow<'static, str> = Cow::Owned(TEXT.to_owned());
        assert_ne!(read_cow(&owned).text_addr, TEXT.as_ptr() as usize);
        assert!(!read_cow(&owned).inline && read_cow(&owned).api_says == "Cow::Owned");
    }
}
