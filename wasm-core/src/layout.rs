//! Layout facts (`size_of` / `align_of`) of the string types this project explains, measured on
//! whatever target this crate was compiled for. The browser shows the wasm32 values live; the native
//! runner records its own target's values in every results file.

use serde::{Deserialize, Serialize};
use std::mem::{align_of, size_of};
use std::rc::Rc;
use std::sync::Arc;

/// Size and alignment of one type on the target this code runs on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct TypeLayout {
    /// The type as a Rust programmer writes it, e.g. `Arc<str>`.
    pub type_name: String,
    /// `size_of::<T>()` in bytes.
    pub size_bytes: u32,
    /// `align_of::<T>()` in bytes.
    pub align_bytes: u32,
}

fn of<T>(type_name: &str) -> TypeLayout {
    TypeLayout { type_name: type_name.to_owned(), size_bytes: size_of::<T>() as u32, align_bytes: align_of::<T>() as u32 }
}

/// The header `Arc` puts in front of the data on the heap (the strong and weak counters), measured
/// on a real `Arc<str>`: the text's address (`Arc::as_ptr`) minus the block's address (the handle's
/// first word, which points at the block's start; the word order is checked in `inspect::wide`).
pub fn arc_header_bytes() -> u32 {
    let arc: Arc<str> = Arc::from("measured");
    let handle = crate::inspect::bytes_of(&arc);
    let block = crate::inspect::word_at(&handle, 0);
    (Arc::as_ptr(&arc) as *const u8 as usize - block) as u32
}

/// Size and alignment of the types every chapter talks about, in a fixed order.
pub fn string_type_layouts() -> Vec<TypeLayout> {
    vec![
        of::<String>("String"),
        of::<&str>("&str"),
        of::<Box<str>>("Box<str>"),
        of::<Arc<str>>("Arc<str>"),
        of::<Rc<str>>("Rc<str>"),
        of::<Option<Arc<str>>>("Option<Arc<str>>"),
        of::<&[u32]>("&[u32]"),
        of::<&dyn std::fmt::Display>("&dyn Display"),
        of::<usize>("usize"),
    ]
}

/// Looks one type up in [`string_type_layouts`] by its written name.
pub fn layout_of(type_name: &str) -> Option<TypeLayout> {
    string_type_layouts().into_iter().find(|l| l.type_name == type_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    // On wasm32 the same tests run under wasm-bindgen-test (see scripts/test.sh).
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn wide_pointers_are_two_words() {
        let word = size_of::<usize>() as u32;
        for name in ["&str", "Box<str>", "Arc<str>", "Rc<str>", "&[u32]", "&dyn Display"] {
            assert_eq!(layout_of(name).unwrap().size_bytes, 2 * word, "{name}");
        }
        assert_eq!(layout_of("String").unwrap().size_bytes, 3 * word);
    }

    #[test]
    fn option_arc_uses_the_null_niche() {
        assert_eq!(
            layout_of("Option<Arc<str>>"),
            Some(TypeLayout { type_name: "Option<Arc<str>>".into(), ..layout_of("Arc<str>").unwrap() })
        );
    }

    #[test]
    fn arc_header_is_two_counters() {
        assert_eq!(arc_header_bytes(), 2 * size_of::<usize>() as u32);
    }
}
