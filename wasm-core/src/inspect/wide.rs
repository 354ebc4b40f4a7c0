//! Wide pointers (chapter 2): the two words of a real `&str`, `&[T]` or `&dyn Trait`, and the first
//! entries of a trait object's vtable.
//!
//! The word order (data address first, metadata second) is what rustc does today for all three; it
//! is not a language guarantee, so the tests below check it against `as_ptr`/`len`/`size_of_val`.
//! The vtable layout (drop glue, size, align, then methods) is even less of a promise: it is an
//! observation of this build, and the site labels it so. [`read_vtable`] is the one function in the
//! crate that reads memory Rust gives no way to reach soundly (see its docs); it is the only code
//! Miri does not check.

use super::{bytes_of, word_at, InitBytes, WORD};
use std::fmt::Display;

/// What the second word of a wide pointer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metadata {
    /// `&str`: the length in bytes.
    ByteLength,
    /// `&[T]`: the number of elements (not bytes).
    ElementCount,
    /// `&dyn Trait`: the address of the vtable.
    Vtable,
}

/// The two words of one wide pointer, as raw bytes and decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WidePointer {
    /// The pointer's own bytes: `2 * WORD` of them.
    pub bytes: Vec<u8>,
    /// Word 1: the address of the data.
    pub data_addr: usize,
    /// Word 2: the metadata.
    pub metadata: usize,
    /// How to read `metadata`.
    pub kind: Metadata,
    /// The bytes the pointer points at (for `&str` and `&[T]`: the whole data; for `dyn`: the value).
    pub pointee_bytes: Vec<u8>,
}

fn decode(bytes: Vec<u8>, kind: Metadata, pointee_bytes: Vec<u8>) -> WidePointer {
    assert_eq!(bytes.len(), 2 * WORD, "a wide pointer is two words");
    WidePointer { data_addr: word_at(&bytes, 0), metadata: word_at(&bytes, 1), bytes, kind, pointee_bytes }
}

/// Reads the `&str` itself (the reference, not the text).
pub fn read_str(text: &&str) -> WidePointer {
    decode(bytes_of(text), Metadata::ByteLength, text.as_bytes().to_vec())
}

/// Reads the `&[T]` itself. `T: InitBytes` because the elements' bytes are copied too.
pub fn read_slice<T: InitBytes>(items: &&[T]) -> WidePointer {
    decode(bytes_of(items), Metadata::ElementCount, bytes_of(*items))
}

/// Makes a `&dyn Display` out of `value` and reads that wide pointer. `pointee_bytes` are the
/// concrete value's bytes, which is why the concrete type is known here (`T: InitBytes`): a `dyn`
/// value's padding cannot be told from its data.
pub fn read_dyn<T: Display + InitBytes>(value: &T) -> WidePointer {
    let shown: &dyn Display = value;
    decode(bytes_of(&shown), Metadata::Vtable, bytes_of(value))
}

/// The first three words of a trait object's vtable, as observed in this build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vtable {
    /// Where the vtable sits (word 2 of the `&dyn`).
    pub addr: usize,
    /// The three words' raw bytes.
    pub bytes: Vec<u8>,
    /// Entry 1: the `drop_in_place` glue. 0 when the type needs no drop; on wasm32 a function table
    /// index rather than a memory address.
    pub drop_entry: usize,
    /// Entry 2: the concrete type's size in bytes.
    pub size: usize,
    /// Entry 3: its alignment in bytes.
    pub align: usize,
    /// `size_of_val` / `align_of_val` of the same value: what the entries should agree with.
    pub size_of_val: usize,
    pub align_of_val: usize,
}

/// Follows the vtable pointer of `value` and reads its first three entries.
///
/// This relies on today's rustc, not on the language: the vtable layout is unspecified, and Rust has
/// no sound way to read a vtable's memory at all (Miri models vtables as opaque and refuses the
/// read). It is kept to this one function, whose tests are the only ones skipped under Miri, and it
/// is cross-checked against `size_of_val`/`align_of_val` natively and on wasm32 on every test run.
pub fn read_vtable(value: &dyn Display) -> Vtable {
    // The second word of the wide pointer, taken as a pointer (transmute keeps its provenance; an
    // integer-to-pointer cast would not). The word order is checked by `dyn_is_address_then_vtable`.
    // SAFETY: `&dyn Display` is two pointer-sized words, as the size assertion below requires.
    let (_data, vtable): (*const (), *const usize) = unsafe {
        const _: () = assert!(std::mem::size_of::<&dyn Display>() == 2 * std::mem::size_of::<usize>());
        std::mem::transmute::<&dyn Display, (*const (), *const usize)>(value)
    };
    // SAFETY (rustc-specific, see above): every vtable rustc emits today starts with the drop, size
    // and align entries, three word-aligned `usize` slots of static data.
    let words: [usize; 3] = unsafe { std::ptr::read(vtable as *const [usize; 3]) };
    Vtable {
        addr: vtable as usize,
        bytes: bytes_of(&words),
        drop_entry: words[0],
        size: words[1],
        align: words[2],
        size_of_val: std::mem::size_of_val(value),
        align_of_val: std::mem::align_of_val(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn str_is_address_then_byte_length() {
        let owned = String::from("héllo");
        let text: &str = &owned[1..];
        let p = read_str(&text);
        assert_eq!(p.bytes.len(), size_of::<&str>());
        assert_eq!(p.data_addr, text.as_ptr() as usize);
        assert_eq!(p.metadata, text.len());
        assert_eq!(p.metadata, 5, "counts bytes: é is two");
        assert_eq!(p.pointee_bytes, text.as_bytes());
    }

    #[test]
    fn slice_is_address_then_element_count() {
        let nums: &[u32] = &[10, 20, 30];
        let p = read_slice(&nums);
        assert_eq!(p.bytes.len(), size_of::<&[u32]>());
        assert_eq!(p.data_addr, nums.as_ptr() as usize);
        assert_eq!(p.metadata, 3, "elements, not 12 bytes");
        assert_eq!(p.pointee_bytes.len(), 12);
    }

    #[test]
    fn dyn_is_address_then_vtable() {
        let x = 3.5_f64;
        let p = read_dyn(&x);
        assert_eq!(p.bytes.len(), size_of::<&dyn Display>());
        assert_eq!(p.data_addr, &x as *const f64 as usize);
        assert_eq!(p.pointee_bytes, x.to_ne_bytes());
        assert_ne!(p.metadata, 0);
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads a vtable's memory, which Miri models as opaque (see read_vtable)")]
    fn vtable_size_and_align_match_size_of_val() {
        let values: [&dyn Display; 4] = [&3.5_f64, &7_u8, &String::from("owned"), &'c'];
        for v in values {
            let t = read_vtable(v);
            assert_eq!(t.size, t.size_of_val);
            assert_eq!(t.align, t.align_of_val);
            assert_eq!(t.bytes.len(), 3 * WORD);
        }
        assert_eq!(read_vtable(&3.5_f64).size, 8);
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads a vtable's memory, which Miri models as opaque (see read_vtable)")]
    fn vtable_drop_entry_is_null_without_drop_glue() {
        // Observed behaviour of current rustc (not guaranteed): no drop glue, null drop slot.
        assert_eq!(read_vtable(&3.5_f64).drop_entry, 0);
        assert_ne!(read_vtable(&String::from("owned")).drop_entry, 0);
    }

    /// Chapter 2's "building one by hand": the rebuilt pointer has the same two words.
    #[test]
    fn a_wide_pointer_rebuilt_from_its_parts_is_the_same_pointer() {
        let text = String::from("wide pointers");
        let raw = std::ptr::slice_from_raw_parts(text.as_ptr(), text.len()) as *const str;
        // SAFETY: address and length come from the live `text`, valid UTF-8 it still owns.
        let rebuilt: &str = unsafe { &*raw };
        let original: &str = &text;
        assert_eq!(read_str(&rebuilt), read_str(&original));
        assert_eq!(rebuilt, "wide pointers");
    }
}
