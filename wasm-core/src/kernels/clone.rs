//! The clone kernel: clone one prebuilt value `n` times, dropping or leaking each clone.
//!
//! This is the experiment of the "Arc<str> vs String" article (BlockListed/arc_str_perf): cloning an
//! `Arc<str>` bumps one shared atomic counter, cloning a `String` or `Box<str>` asks the allocator for
//! a fresh buffer and copies the bytes. `Rc<str>` bumps a plain counter and is single-thread only.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;

/// Which owned string type a clone case clones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloneType {
    ArcStr,
    String,
    BoxStr,
    RcStr,
}

impl CloneType {
    /// Every type, in the order results and charts list them.
    pub const ALL: [CloneType; 4] = [CloneType::ArcStr, CloneType::String, CloneType::BoxStr, CloneType::RcStr];

    /// Stable identifier used on the command line and in JSON (`arc_str`, `string`, ...).
    pub fn id(self) -> &'static str {
        match self {
            CloneType::ArcStr => "arc_str",
            CloneType::String => "string",
            CloneType::BoxStr => "box_str",
            CloneType::RcStr => "rc_str",
        }
    }

    /// The type as written in Rust (`Arc<str>`), used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        match self {
            CloneType::ArcStr => "Arc<str>",
            CloneType::String => "String",
            CloneType::BoxStr => "Box<str>",
            CloneType::RcStr => "Rc<str>",
        }
    }

    /// Looks a type up by [`CloneType::id`] or [`CloneType::display_name`].
    pub fn parse(text: &str) -> Option<CloneType> {
        Self::ALL.into_iter().find(|t| t.id() == text || t.display_name() == text)
    }

    /// Whether one value can be cloned from several threads at once (`Rc<str>` cannot).
    pub fn is_thread_safe(self) -> bool {
        self != CloneType::RcStr
    }

    /// Whether a clone allocates a new heap buffer (so a forgotten clone leaks memory).
    pub fn clone_allocates(self) -> bool {
        matches!(self, CloneType::String | CloneType::BoxStr)
    }
}

impl fmt::Display for CloneType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// What happens to each clone right after it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloneMode {
    /// The clone is dropped: `String` frees its buffer, `Arc` decrements its counter.
    Drop,
    /// The clone is passed to `std::mem::forget`: memory (or a reference count) leaks.
    Forget,
}

impl CloneMode {
    /// Both modes, drop first.
    pub const ALL: [CloneMode; 2] = [CloneMode::Drop, CloneMode::Forget];

    /// Stable identifier (`drop` / `forget`).
    pub fn id(self) -> &'static str {
        match self {
            CloneMode::Drop => "drop",
            CloneMode::Forget => "forget",
        }
    }

    /// Looks a mode up by [`CloneMode::id`].
    pub fn parse(text: &str) -> Option<CloneMode> {
        Self::ALL.into_iter().find(|m| m.id() == text)
    }
}

impl fmt::Display for CloneMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The thread-safe values (`Arc<str>`, `String`, `Box<str>`) holding the same text. `Sync`, so
/// contender threads can clone from one shared reference: for `Arc<str>` they all hit one counter.
#[derive(Debug)]
pub struct SharedCloneSource {
    arc: Arc<str>,
    string: String,
    boxed: Box<str>,
}

/// One prebuilt value of each [`CloneType`], all holding the same `len`-byte ASCII text.
/// Not `Send`: it holds an `Rc<str>`. Threads share [`CloneSource::shared`] instead.
#[derive(Debug)]
pub struct CloneSource {
    shared: SharedCloneSource,
    rc: Rc<str>,
}

/// The benchmark text: `len` printable ASCII bytes (so every prefix is valid UTF-8).
fn sample_text(len: usize) -> String {
    (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect()
}

impl SharedCloneSource {
    /// Builds the three thread-safe values for a `len`-byte string.
    pub fn new(len: usize) -> Self {
        let text = sample_text(len);
        SharedCloneSource { arc: Arc::from(text.as_str()), boxed: Box::from(text.as_str()), string: text }
    }

    /// Length of the text in bytes.
    pub fn len_bytes(&self) -> usize {
        self.string.len()
    }
}

impl CloneSource {
    /// Builds one value of every type for a `len`-byte string.
    pub fn new(len: usize) -> Self {
        let shared = SharedCloneSource::new(len);
        let rc = Rc::from(&*shared.string);
        CloneSource { shared, rc }
    }

    /// The part that threads may share.
    pub fn shared(&self) -> &SharedCloneSource {
        &self.shared
    }

    /// Length of the text in bytes.
    pub fn len_bytes(&self) -> usize {
        self.shared.len_bytes()
    }
}

/// Clones `value` `n` times; `black_box` keeps the optimiser from deleting the clones.
#[inline(never)]
fn clone_n<T: Clone>(value: &T, mode: CloneMode, n: u64) {
    let value = black_box(value);
    match mode {
        CloneMode::Drop => {
            for _ in 0..n {
                drop(black_box(value.clone()));
            }
        }
        CloneMode::Forget => {
            for _ in 0..n {
                std::mem::forget(black_box(value.clone()));
            }
        }
    }
}

/// Does `n` clones of `source`'s value of type `ty`, dropping or forgetting each one.
pub fn clone_batch(source: &CloneSource, ty: CloneType, mode: CloneMode, n: u64) {
    match ty {
        CloneType::RcStr => clone_n(&source.rc, mode, n),
        _ => {
            clone_batch_shared(&source.shared, ty, mode, n).expect("only Rc<str> is not shared");
        }
    }
}

/// The error of [`clone_batch_shared`] when asked for `Rc<str>`, which cannot be shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotThreadSafe(pub CloneType);

impl fmt::Display for NotThreadSafe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot be cloned from several threads", self.0)
    }
}

impl std::error::Error for NotThreadSafe {}

/// Like [`clone_batch`], on the thread-shareable values; `Rc<str>` is refused.
pub fn clone_batch_shared(
    source: &SharedCloneSource,
    ty: CloneType,
    mode: CloneMode,
    n: u64,
) -> Result<(), NotThreadSafe> {
    match ty {
        CloneType::ArcStr => clone_n(&source.arc, mode, n),
        CloneType::String => clone_n(&source.string, mode, n),
        CloneType::BoxStr => clone_n(&source.boxed, mode, n),
        CloneType::RcStr => return Err(NotThreadSafe(ty)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn ids_and_names_round_trip() {
        for ty in CloneType::ALL {
            assert_eq!(CloneType::parse(ty.id()), Some(ty));
            assert_eq!(CloneType::parse(ty.display_name()), Some(ty));
            assert_eq!(serde_json::to_string(&ty).unwrap(), format!("\"{}\"", ty.id()));
        }
        for mode in CloneMode::ALL {
            assert_eq!(CloneMode::parse(mode.id()), Some(mode));
        }
        assert_eq!(CloneType::parse("Cow<str>"), None);
    }

    #[test]
    fn drop_mode_leaves_reference_counts_unchanged() {
        let source = CloneSource::new(64);
        assert_eq!(source.len_bytes(), 64);
        clone_batch(&source, CloneType::ArcStr, CloneMode::Drop, 1000);
        clone_batch(&source, CloneType::RcStr, CloneMode::Drop, 1000);
        assert_eq!(Arc::strong_count(&source.shared.arc), 1);
        assert_eq!(Rc::strong_count(&source.rc), 1);
    }

    #[test]
    fn forget_mode_leaks_exactly_n_references() {
        let source = CloneSource::new(8);
        clone_batch(&source, CloneType::ArcStr, CloneMode::Forget, 10);
        clone_batch(&source, CloneType::RcStr, CloneMode::Forget, 7);
        assert_eq!(Arc::strong_count(&source.shared.arc), 11);
        assert_eq!(Rc::strong_count(&source.rc), 8);
        // Small, bounded leaks of the allocating types only exercise the path.
        clone_batch(&source, CloneType::String, CloneMode::Forget, 4);
        clone_batch(&source, CloneType::BoxStr, CloneMode::Forget, 4);
    }

    #[test]
    fn rc_is_refused_for_sharing() {
        let source = SharedCloneSource::new(4);
        assert_eq!(
            clone_batch_shared(&source, CloneType::RcStr, CloneMode::Drop, 1),
            Err(NotThreadSafe(CloneType::RcStr))
        );
        assert!(clone_batch_shared(&source, CloneType::String, CloneMode::Drop, 1).is_ok());
        assert!(!CloneType::RcStr.is_thread_safe() && CloneType::ArcStr.is_thread_safe());
    }
}
