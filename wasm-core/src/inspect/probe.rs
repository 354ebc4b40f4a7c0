//! Layout probes for chapter 5's "Niches, padding and repr" and chapter 3's `Arc<dyn Trait>`
//! section: what `Option<T>` costs for each string type, a padded tuple's bytes (padding shown, not
//! read), and where `Arc<dyn Display>` puts its data for values of different alignment, all measured
//! on the target that runs them.

use super::arc::data_offset;
use super::{bytes_of, word_at};
use std::fmt::Display;
use std::mem::{align_of_val, size_of};
use std::sync::Arc;

/// `size_of::<T>()` and `size_of::<Option<T>>()` for one type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NicheRow {
    pub type_name: &'static str,
    pub size: usize,
    pub option_size: usize,
}

/// Every string type the chapters discuss, plus one type without a niche for contrast. The sizes
/// come from `choose::Candidate`, the one place that names each type's `size_of`.
pub fn niche_rows() -> Vec<NicheRow> {
    use crate::choose::Candidate;
    let strings =
        [Candidate::String, Candidate::BoxStr, Candidate::ArcStr, Candidate::SmolStr, Candidate::CompactString, Candidate::InlineStr];
    let mut rows: Vec<NicheRow> =
        strings.iter().map(|c| NicheRow { type_name: c.name(), size: c.size(), option_size: c.option_size() }).collect();
    rows.push(NicheRow { type_name: "usize", size: size_of::<usize>(), option_size: size_of::<Option<usize>>() });
    rows
}

/// A `repr(C)` struct with a gap: `u8`, then 3 (wasm32 and 64-bit alike) padding bytes, then `u32`.
#[repr(C)]
struct Padded {
    small: u8,
    big: u32,
}

/// The bytes of a padded value: `Some` for a field byte, `None` for padding (never read).
pub fn padded_bytes(small: u8, big: u32) -> Vec<Option<u8>> {
    let value = Padded { small, big };
    let mut out = vec![None; size_of::<Padded>()];
    let base = &value as *const Padded as usize;
    let small_at = &value.small as *const u8 as usize - base;
    let big_at = &value.big as *const u32 as usize - base;
    // Each field is read through its own reference, so only initialised bytes are copied.
    out[small_at] = Some(bytes_of(&value.small)[0]);
    for (i, b) in bytes_of(&value.big).into_iter().enumerate() {
        out[big_at + i] = Some(b);
    }
    out
}

/// Where one `Arc<dyn Display>` keeps its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynOffset {
    pub value_name: &'static str,
    /// `align_of_val`, which `Arc` reads from the vtable at run time.
    pub align: usize,
    /// Measured: data address minus block address.
    pub offset: usize,
    /// The rule: the two-word header rounded up to `align`.
    pub expected: usize,
}

/// A value aligned to 32 bytes, to show the padding after the counters.
#[repr(align(32))]
pub struct Aligned32(pub u8);

impl Display for Aligned32 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Aligned32({})", self.0)
    }
}

fn dyn_offset<T: Display + 'static>(value_name: &'static str, value: T) -> DynOffset {
    let arc: Arc<dyn Display> = Arc::new(value); // unsizing: the same block, a wider handle
    let block = word_at(&bytes_of(&arc), 0);
    let data = Arc::as_ptr(&arc) as *const u8 as usize;
    let align = align_of_val(&*arc);
    DynOffset { value_name, align, offset: data - block, expected: data_offset(align) }
}

/// Three `Arc<dyn Display>` of growing alignment.
pub fn dyn_offsets() -> Vec<DynOffset> {
    vec![dyn_offset("7_u8", 7_u8), dyn_offset("3.5_f64", 3.5_f64), dyn_offset("Aligned32(1)", Aligned32(1))]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn string_types_options_cost_nothing_and_usize_pays_a_tag() {
        for row in niche_rows() {
            if row.type_name == "usize" {
                assert_eq!(row.option_size, 2 * row.size, "usize has no niche");
            } else {
                assert_eq!(row.option_size, row.size, "{}", row.type_name);
            }
        }
    }

    #[test]
    fn padding_is_reported_not_read() {
        let bytes = padded_bytes(0xAB, 0x0102_0304);
        assert_eq!(bytes.len(), 8);
        assert_eq!(bytes[0], Some(0xAB));
        assert_eq!(&bytes[1..4], &[None, None, None]);
        assert_eq!(bytes[4..].iter().map(|b| b.unwrap()).collect::<Vec<_>>(), 0x0102_0304u32.to_ne_bytes());
    }

    #[test]
    fn dyn_offsets_follow_the_rounding_rule() {
        for d in dyn_offsets() {
            assert_eq!(d.offset, d.expected, "{d:?}");
        }
        assert_eq!(dyn_offsets()[2].offset, 32);
    }
}
