//! The clone kernel: clone one prebuilt value `n` times, dropping or leaking each clone.
//!
//! This is the experiment of the "Arc<str> vs String" article (BlockListed/arc_str_perf): cloning an
//! `Arc<str>` bumps one shared atomic counter, cloning a `String` or `Box<str>` asks the allocator for
//! a fresh buffer and copies the bytes. `Rc<str>` bumps a plain counter and is single-thread only.
//!
//! Beside the article's four, the alternatives a reader might pick instead, measured the same way:
//! `arcstr::ArcStr` (one pointer wide; a static one clones with no atomic), `triomphe::Arc<str>` (no
//! weak count), `Arc<String>` (two blocks), the small-string types at the case's length (a heap
//! block) and at 16 bytes (inline): `hipstr::HipStr` and `smol_str::SmolStr` share their heap block,
//! `compact_str::CompactString` and this crate's `InlineStr` copy it; `bytes::Bytes` (a shared,
//! counted buffer); two strategies rather than types: take one `Arc` clone per thread and borrow
//! it, or leak the text once and copy the `&'static str`; `Cow<'static, str>` borrowing that leaked
//! text; and interned symbols: `ustr::Ustr` (a pointer into ustr's global cache) and `lasso::Spur`
//! (a 4-byte key, resolved to its text through a `ThreadedRodeo` or a frozen `RodeoResolver` on
//! every use, since a key without its interner is no text).

pub mod allocators;
mod contender;
mod types;

pub use allocators::{CloneAllocator, ThreadAllocators};
pub use contender::contend_in_batches;
use std::fmt;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;
pub use types::{CloneMode, CloneType, CloneWork, INLINE_TEXT_BYTES};

/// The thread-safe values holding the same text. `Sync`, so contender threads can clone from one
/// shared reference: for the counted types they all hit one counter.
#[derive(Debug)]
pub struct SharedCloneSource {
    pub(super) arc: Arc<str>,
    pub(super) string: String,
    pub(super) boxed: Box<str>,
    pub(super) arcstr: arcstr::ArcStr,
    pub(super) arcstr_static: arcstr::ArcStr,
    pub(super) triomphe: triomphe::Arc<str>,
    pub(super) arc_string: Arc<String>,
    pub(super) hipstr: hipstr::HipStr<'static>,
    pub(super) hipstr_inline: hipstr::HipStr<'static>,
    pub(super) smol: smol_str::SmolStr,
    pub(super) smol_inline: smol_str::SmolStr,
    pub(super) compact: compact_str::CompactString,
    pub(super) compact_inline: compact_str::CompactString,
    pub(super) inline_str: crate::inline_str::InlineStr,
    pub(super) inline_str_inline: crate::inline_str::InlineStr,
    pub(super) bytes: bytes::Bytes,
    pub(super) leaked: &'static str,
    pub(super) cow: std::borrow::Cow<'static, str>,
    /// Interned by [`SharedCloneSource::new`], before anything is timed; see [`Self::ustr`].
    ustr: std::sync::OnceLock<ustr::Ustr>,
    /// The interner and the text's key in it.
    pub(super) rodeo: (lasso::ThreadedRodeo, lasso::Spur),
    pub(super) resolver: (lasso::RodeoResolver, lasso::Spur),
}

/// One prebuilt value of each [`CloneType`], all holding the same `len`-byte ASCII text.
/// Not `Send`: it holds an `Rc<str>`. Threads share [`CloneSource::shared`] instead.
#[derive(Debug)]
pub struct CloneSource {
    pub(super) shared: SharedCloneSource,
    pub(super) rc: Rc<str>,
}

/// The benchmark text: `len` printable ASCII bytes (so every prefix is valid UTF-8).
fn sample_text(len: usize) -> String {
    (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect()
}

impl SharedCloneSource {
    /// Builds the thread-safe values for a `len`-byte string. Leaks `len` bytes twice, once per
    /// source (the `&'static str` and the static `ArcStr`): that is what those two strategies are;
    /// and interns it in ustr's global cache once per process (ustr never frees).
    pub fn new(len: usize) -> Self {
        let text = sample_text(len);
        let leaked: &'static str = Box::leak(text.clone().into_boxed_str());
        let rodeo = lasso::ThreadedRodeo::new();
        let key = rodeo.get_or_intern(text.as_str());
        let mut frozen = lasso::Rodeo::new();
        let frozen_key = frozen.get_or_intern(text.as_str());
        let arcstr_static = arcstr::ArcStr::from(text.as_str());
        let _: &'static str = arcstr_static.leak();
        let source = SharedCloneSource {
            arc: Arc::from(text.as_str()),
            boxed: Box::from(text.as_str()),
            arcstr: arcstr::ArcStr::from(text.as_str()),
            arcstr_static,
            triomphe: triomphe::Arc::from(text.as_str()),
            arc_string: Arc::new(text.clone()),
            hipstr: hipstr::HipStr::from(text.as_str()),
            hipstr_inline: hipstr::HipStr::from(&text[..CloneType::HipstrInline.text_len(len)]),
            smol: smol_str::SmolStr::new(&text),
            smol_inline: smol_str::SmolStr::new(&text[..CloneType::SmolStrInline.text_len(len)]),
            compact: compact_str::CompactString::new(&text),
            compact_inline: compact_str::CompactString::new(&text[..CloneType::CompactStringInline.text_len(len)]),
            inline_str: crate::inline_str::InlineStr::new(&text),
            inline_str_inline: crate::inline_str::InlineStr::new(&text[..CloneType::InlineStrInline.text_len(len)]),
            bytes: bytes::Bytes::from(text.clone()),
            leaked,
            cow: std::borrow::Cow::Borrowed(leaked),
            ustr: std::sync::OnceLock::new(),
            rodeo: (rodeo, key),
            resolver: (frozen.into_resolver(), frozen_key),
            string: text,
        };
        // Under Miri, making ustr's 12 MB global cache takes about a minute, so its tests leave the
        // `Ustr` case out (`tested_types`); ustr's clone is a pointer copy with no unsafe code of ours.
        #[cfg(not(miri))]
        source.ustr();
        source
    }

    /// The text as a `Ustr`, interned the first time it is asked for (by [`Self::new`], except
    /// under Miri).
    pub(super) fn ustr(&self) -> &ustr::Ustr {
        self.ustr.get_or_init(|| ustr::Ustr::from(self.string.as_str()))
    }

    /// Length of the text in bytes.
    pub fn len_bytes(&self) -> usize {
        self.string.len()
    }

    /// The text every value of `ty` holds (to check clones against).
    pub fn text_of(&self, ty: CloneType) -> &str {
        &self.string[..ty.text_len(self.string.len())]
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

/// Applies `$body` (a generic expression over `$value`) to the value of `$ty` in `$source` (a
/// [`SharedCloneSource`]). `Rc<str>` and the borrow strategy have no shared value to clone: the
/// caller handles them first.
macro_rules! with_shared_value {
    ($source:expr, $ty:expr, |$value:ident| $body:expr) => {
        match $ty {
            CloneType::ArcStr => {
                let $value = &$source.arc;
                $body
            }
            CloneType::String => {
                let $value = &$source.string;
                $body
            }
            CloneType::BoxStr => {
                let $value = &$source.boxed;
                $body
            }
            CloneType::RcStr | CloneType::ArcStrBorrow | CloneType::LassoThreaded | CloneType::LassoResolver => {
                unreachable!("handled by the caller")
            }
            CloneType::Arcstr => {
                let $value = &$source.arcstr;
                $body
            }
            CloneType::ArcstrStatic => {
                let $value = &$source.arcstr_static;
                $body
            }
            CloneType::TriompheArcStr => {
                let $value = &$source.triomphe;
                $body
            }
            CloneType::ArcString => {
                let $value = &$source.arc_string;
                $body
            }
            CloneType::Hipstr => {
                let $value = &$source.hipstr;
                $body
            }
            CloneType::HipstrInline => {
                let $value = &$source.hipstr_inline;
                $body
            }
            CloneType::SmolStr => {
                let $value = &$source.smol;
                $body
            }
            CloneType::SmolStrInline => {
                let $value = &$source.smol_inline;
                $body
            }
            CloneType::CompactString => {
                let $value = &$source.compact;
                $body
            }
            CloneType::CompactStringInline => {
                let $value = &$source.compact_inline;
                $body
            }
            CloneType::InlineStr => {
                let $value = &$source.inline_str;
                $body
            }
            CloneType::InlineStrInline => {
                let $value = &$source.inline_str_inline;
                $body
            }
            CloneType::Bytes => {
                let $value = &$source.bytes;
                $body
            }
            CloneType::StaticStr => {
                let $value = &$source.leaked;
                $body
            }
            CloneType::CowStatic => {
                let $value = &$source.cow;
                $body
            }
            CloneType::Ustr => {
                let $value = $source.ustr();
                $body
            }
        }
    };
}
pub(super) use with_shared_value;

/// Clones `value` `n` times; `black_box` keeps the optimiser from deleting the clones.
#[inline(never)]
pub(super) fn clone_n<T: Clone>(value: &T, mode: CloneMode, n: u64) {
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
        CloneMode::Read => unreachable!("read batches go through read_batch_shared"),
    }
}

/// A value's text, reached the way code holding the value reaches it (`Arc<String>` through two
/// blocks, `bytes::Bytes` as bytes, the small-string types through their inline-or-heap branch).
pub(super) trait Text {
    fn text(&self) -> &[u8];
}

macro_rules! text_through_as_ref {
    ($($ty:ty),*) => { $(impl Text for $ty { #[inline(always)] fn text(&self) -> &[u8] { AsRef::<str>::as_ref(self).as_bytes() } })* };
}
text_through_as_ref!(
    Arc<str>,
    Rc<str>,
    String,
    Box<str>,
    arcstr::ArcStr,
    triomphe::Arc<str>,
    hipstr::HipStr<'static>,
    smol_str::SmolStr,
    compact_str::CompactString,
    &str,
    std::borrow::Cow<'static, str>,
    ustr::Ustr
);

impl Text for str {
    #[inline(always)]
    fn text(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Text for Arc<String> {
    #[inline(always)]
    fn text(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}

impl Text for crate::inline_str::InlineStr {
    #[inline(always)]
    fn text(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}

impl Text for bytes::Bytes {
    #[inline(always)]
    fn text(&self) -> &[u8] {
        self
    }
}

/// One read: the text's length and first byte, through a handle the optimiser cannot see through.
#[inline(always)]
pub(super) fn read_once<T: Text + ?Sized>(value: &T) {
    let text = black_box(value).text();
    black_box((text.len(), text.first().copied()));
}

/// Reads `value`'s text `n` times.
#[inline(never)]
pub(super) fn read_n<T: Text>(value: &T, n: u64) {
    for _ in 0..n {
        read_once(value);
    }
}

/// A key's read: resolve it to its text through its interner and read that, `n` times.
#[inline(never)]
fn resolve_read_n<R: lasso::Resolver<lasso::Spur>>(interner: &R, key: lasso::Spur, n: u64) {
    let interner = black_box(interner);
    for _ in 0..n {
        read_once(interner.resolve(&black_box(key)));
    }
}

/// `n` reads of `source`'s value of type `ty` ([`CloneMode::Read`]). The "clone once, then borrow"
/// strategy reads its own clone (made once per batch), like the code it stands for.
pub(super) fn read_batch_shared(source: &SharedCloneSource, ty: CloneType, n: u64) -> Result<(), NotThreadSafe> {
    match ty {
        CloneType::RcStr => return Err(NotThreadSafe(ty)),
        CloneType::ArcStrBorrow => read_n(&Arc::clone(&source.arc), n),
        CloneType::LassoThreaded => resolve_read_n(&source.rodeo.0, source.rodeo.1, n),
        CloneType::LassoResolver => resolve_read_n(&source.resolver.0, source.resolver.1, n),
        _ => with_shared_value!(source, ty, |value| read_n(value, n)),
    }
    Ok(())
}

/// Does `n` clones of `source`'s value of type `ty`, dropping or forgetting each one.
pub fn clone_batch(source: &CloneSource, ty: CloneType, mode: CloneMode, n: u64) {
    match ty {
        CloneType::RcStr if mode == CloneMode::Read => read_n(&source.rc, n),
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

/// The "clone once, then borrow" strategy: one real `Arc` clone for the whole batch, then `n`
/// borrows of its text. `mode` applies to the one clone.
#[inline(never)]
pub(super) fn borrow_n(shared: &Arc<str>, mode: CloneMode, n: u64) {
    let local = Arc::clone(black_box(shared));
    for _ in 0..n {
        black_box(black_box(&local).as_ref() as &str);
    }
    match mode {
        CloneMode::Drop | CloneMode::Read => drop(local),
        CloneMode::Forget => std::mem::forget(local),
    }
}

/// A key's "clone": copy the key and resolve it to its text, `n` times. A key alone is no string;
/// every use of one goes through its interner (`resolve` is lasso's `Resolver` trait, shared by the
/// threaded interner and the frozen resolver).
#[inline(never)]
pub(super) fn resolve_n<R: lasso::Resolver<lasso::Spur>>(interner: &R, key: lasso::Spur, n: u64) {
    let interner = black_box(interner);
    for _ in 0..n {
        black_box(interner.resolve(&black_box(key)));
    }
}

/// Like [`clone_batch`], on the thread-shareable values; `Rc<str>` is refused.
pub fn clone_batch_shared(source: &SharedCloneSource, ty: CloneType, mode: CloneMode, n: u64) -> Result<(), NotThreadSafe> {
    if mode == CloneMode::Read {
        return read_batch_shared(source, ty, n);
    }
    match ty {
        CloneType::RcStr => return Err(NotThreadSafe(ty)),
        CloneType::ArcStrBorrow => borrow_n(&source.arc, mode, n),
        CloneType::LassoThreaded => resolve_n(&source.rodeo.0, source.rodeo.1, n),
        CloneType::LassoResolver => resolve_n(&source.resolver.0, source.resolver.1, n),
        _ => with_shared_value!(source, ty, |value| clone_n(value, mode, n)),
    }
    Ok(())
}

/// Counter readings of the shared values, to check that a drop batch leaves every count where it
/// was (and that the static ones have none): `(type, count)`.
pub fn reference_counts(source: &SharedCloneSource) -> Vec<(CloneType, Option<usize>)> {
    vec![
        (CloneType::ArcStr, Some(Arc::strong_count(&source.arc))),
        (CloneType::Arcstr, arcstr::ArcStr::strong_count(&source.arcstr)),
        (CloneType::ArcstrStatic, arcstr::ArcStr::strong_count(&source.arcstr_static)),
        (CloneType::TriompheArcStr, Some(triomphe::Arc::count(&source.triomphe))),
        (CloneType::ArcString, Some(Arc::strong_count(&source.arc_string))),
    ]
}

/// One clone of `ty`'s value, as text (tests: every clone must equal its source).
pub fn one_clone_text(source: &SharedCloneSource, ty: CloneType) -> Option<String> {
    Some(match ty {
        CloneType::ArcStr | CloneType::ArcStrBorrow => Arc::clone(&source.arc).to_string(),
        CloneType::String => source.string.clone(),
        CloneType::BoxStr => source.boxed.clone().into(),
        CloneType::RcStr => return None,
        CloneType::Arcstr => source.arcstr.clone().to_string(),
        CloneType::ArcstrStatic => source.arcstr_static.clone().to_string(),
        CloneType::TriompheArcStr => source.triomphe.clone().to_string(),
        CloneType::ArcString => (*Arc::clone(&source.arc_string)).clone(),
        CloneType::Hipstr => source.hipstr.clone().to_string(),
        CloneType::HipstrInline => source.hipstr_inline.clone().to_string(),
        CloneType::SmolStr => source.smol.clone().to_string(),
        CloneType::SmolStrInline => source.smol_inline.clone().to_string(),
        CloneType::CompactString => source.compact.clone().to_string(),
        CloneType::CompactStringInline => source.compact_inline.clone().to_string(),
        CloneType::InlineStr => source.inline_str.clone().to_string(),
        CloneType::InlineStrInline => source.inline_str_inline.clone().to_string(),
        CloneType::Bytes => String::from_utf8(source.bytes.clone().to_vec()).expect("built from a String"),
        CloneType::StaticStr => (*black_box(&source.leaked)).to_owned(),
        CloneType::CowStatic => source.cow.clone().into_owned(),
        CloneType::Ustr => source.ustr().as_str().to_owned(),
        CloneType::LassoThreaded => source.rodeo.0.resolve(&source.rodeo.1).to_owned(),
        CloneType::LassoResolver => lasso::Resolver::resolve(&source.resolver.0, &source.resolver.1).to_owned(),
    })
}

/// The types the kernel tests clone: all of them, but `Ustr` under Miri (see
/// [`SharedCloneSource::new`]).
#[cfg(test)]
pub(crate) fn tested_types() -> impl Iterator<Item = CloneType> {
    CloneType::ALL.into_iter().filter(|t| !(cfg!(miri) && *t == CloneType::Ustr))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn drop_mode_leaves_reference_counts_unchanged() {
        let source = CloneSource::new(64);
        assert_eq!(source.len_bytes(), 64);
        let before = reference_counts(source.shared());
        assert_eq!(before.iter().find(|(t, _)| *t == CloneType::ArcstrStatic).unwrap().1, None, "a static ArcStr has no count");
        // Ten clones a type under Miri (11 s for a hundred): a count that drifts, drifts at the first.
        let clones = if cfg!(miri) { 10 } else { 100 };
        for ty in tested_types() {
            clone_batch(&source, ty, CloneMode::Drop, clones);
        }
        assert_eq!(reference_counts(source.shared()), before);
        assert_eq!(Arc::strong_count(&source.shared.arc), 1);
        assert_eq!(Rc::strong_count(&source.rc), 1);
    }

    #[test]
    fn every_clone_equals_its_source() {
        for len in [0, 5, 64, 300] {
            let source = SharedCloneSource::new(len);
            for ty in tested_types().filter(|t| t.is_thread_safe()) {
                let text = one_clone_text(&source, ty).unwrap();
                assert_eq!(text, source.text_of(ty), "{ty} at {len} bytes");
                assert_eq!(text.len(), ty.text_len(len), "{ty} at {len} bytes");
            }
        }
        let source = SharedCloneSource::new(64);
        assert!(source.hipstr_inline.is_inline(), "the short text fits inline on this target");
        assert!(!source.hipstr.is_inline(), "64 bytes do not");
        assert!(!source.smol_inline.is_heap_allocated() && source.smol.is_heap_allocated());
        assert!(!source.compact_inline.is_heap_allocated() && source.compact.is_heap_allocated());
        assert!(source.inline_str_inline.is_inline() && !source.inline_str.is_inline());
        assert_eq!(CloneType::SmolStrInline.text_len(64), INLINE_TEXT_BYTES);
        assert_eq!(CloneType::SmolStr.text_len(64), 64);
        assert!(!CloneType::StaticStr.has_forget_mode() && CloneType::Hipstr.has_forget_mode());
        assert!(matches!(source.cow, std::borrow::Cow::Borrowed(_)), "the Cow borrows, so a clone copies");
        #[cfg(not(miri))]
        assert_eq!(source.ustr().as_str().as_ptr(), ustr::ustr(&source.string).as_str().as_ptr(), "one text in ustr's cache");
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
        clone_batch(&source, CloneType::ArcString, CloneMode::Forget, 3);
        assert_eq!(Arc::strong_count(&source.shared.arc_string), 4);
        clone_batch(&source, CloneType::TriompheArcStr, CloneMode::Forget, 2);
        assert_eq!(triomphe::Arc::count(&source.shared.triomphe), 3);
        clone_batch(&source, CloneType::ArcstrStatic, CloneMode::Forget, 5);
        assert_eq!(arcstr::ArcStr::strong_count(&source.shared.arcstr_static), None, "no counter to leak");
    }

    #[test]
    fn the_copying_small_strings_leak_a_block_per_forgotten_clone_and_the_sharing_ones_do_not() {
        let source = CloneSource::new(40);
        let bytes = &source.shared.bytes;
        clone_batch(&source, CloneType::Bytes, CloneMode::Drop, 3);
        assert_eq!(&bytes[..], source.shared.string.as_bytes(), "clones of a promoted Bytes keep its text");
        // A forgotten clone of a heap CompactString or InlineStr is a leaked block of its own.
        clone_batch(&source, CloneType::CompactString, CloneMode::Forget, 2);
        clone_batch(&source, CloneType::InlineStr, CloneMode::Forget, 2);
        assert!(CloneType::CompactString.clone_allocates() && CloneType::InlineStr.clone_allocates());
        assert!(!CloneType::SmolStr.clone_allocates() && !CloneType::Bytes.clone_allocates());
        assert!(!CloneType::CompactStringInline.clone_allocates());
    }

    #[test]
    fn a_clone_allocates_exactly_when_its_work_is_an_allocation() {
        for ty in CloneType::ALL {
            assert_eq!(ty.clone_allocates(), ty.work() == CloneWork::Allocation, "{ty}");
        }
        // The counted types are the ones with a reference count to read.
        let source = SharedCloneSource::new(64);
        for (ty, count) in reference_counts(&source) {
            assert_eq!(count.is_some(), ty.work() == CloneWork::Counter, "{ty}");
        }
    }

    #[test]
    fn read_mode_reaches_each_text_and_clones_nothing() {
        let source = CloneSource::new(64);
        let shared = source.shared();
        for ty in tested_types()
            .filter(|t| !matches!(t, CloneType::RcStr | CloneType::ArcStrBorrow | CloneType::LassoThreaded | CloneType::LassoResolver))
        {
            let text = with_shared_value!(shared, ty, |value| value.text().to_vec());
            assert_eq!(text, shared.text_of(ty).as_bytes(), "{ty}");
        }
        assert_eq!(source.rc.text(), shared.string.as_bytes());
        let before = reference_counts(shared);
        for ty in tested_types() {
            clone_batch(&source, ty, CloneMode::Read, 50);
        }
        assert_eq!(reference_counts(shared), before, "a read makes no clone, so no count moves");
        assert_eq!((Arc::strong_count(&shared.arc), Rc::strong_count(&source.rc)), (1, 1));
        assert_eq!(read_batch_shared(shared, CloneType::RcStr, 1), Err(NotThreadSafe(CloneType::RcStr)));
        assert_eq!(CloneMode::parse("read"), Some(CloneMode::Read));
    }

    #[test]
    fn rc_is_refused_for_sharing() {
        let source = SharedCloneSource::new(4);
        assert_eq!(clone_batch_shared(&source, CloneType::RcStr, CloneMode::Drop, 1), Err(NotThreadSafe(CloneType::RcStr)));
        assert!(clone_batch_shared(&source, CloneType::String, CloneMode::Drop, 1).is_ok());
        assert!(!CloneType::RcStr.is_thread_safe() && CloneType::ArcStr.is_thread_safe());
    }
}
