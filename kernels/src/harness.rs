//! How a clone loop is written, as a choice: our loops, the loops of the article's program
//! (BlockListed/arc_str_perf), or any step between them. Chapter 4's ablation changes one of these
//! at a time and measures what each does to the answer.
//!
//! Ours wraps every clone in `black_box` and compiles the drop/forget decision into the loop; its
//! contenders check a relaxed flag once per `wasm_core::clone_run::CONTENDER_BATCH` clones. The
//! article's program does neither: its loop body reads the drop setting through a `OnceLock` on
//! every clone (`should_drop()`), and each contender polls its own `mpsc` channel after every clone.

use super::clone::{clone_n, with_shared_value, CloneMode, CloneSource, CloneType, NotThreadSafe, SharedCloneSource};
use std::hint::black_box;
use std::sync::OnceLock;

/// Where the drop/forget decision lives in the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeCheck {
    /// Decided once, outside the loop (ours): the loop body is only the clone and its drop.
    Compiled,
    /// Read through a `OnceLock<bool>` after every clone, as the article's `should_drop()` does.
    EachClone,
}

/// How contenders learn that the timed thread has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContenderStop {
    /// A shared relaxed flag, read once per batch of clones (ours): contenders do almost nothing
    /// but clone.
    FlagPerBatch,
    /// Each contender's own `mpsc` channel, polled with `try_recv` after every clone (the
    /// article's): part of each contender's time goes to the poll, so it clones less often.
    ChannelEachClone,
}

/// The whole harness of a clone case: the loop, the contenders, and how repeats are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Harness {
    /// Each clone passes through `black_box`, so the optimiser cannot drop or merge it.
    pub black_box: bool,
    pub mode_check: ModeCheck,
    pub contender_stop: ContenderStop,
    /// Untimed repeats in the same process before the timed one (the article's program has none:
    /// it times the first run, in a fresh process).
    pub warm_up: bool,
}

impl Harness {
    /// Our method (see chapter 4 for why each choice).
    pub const OURS: Harness =
        Harness { black_box: true, mode_check: ModeCheck::Compiled, contender_stop: ContenderStop::FlagPerBatch, warm_up: true };
    /// The article's program's method, as closely as a loop of ours can follow it.
    pub const ARTICLE: Harness =
        Harness { black_box: false, mode_check: ModeCheck::EachClone, contender_stop: ContenderStop::ChannelEachClone, warm_up: false };

    /// The four switches, each as `name` and its value away from ours: the words of
    /// [`Harness::id`] and of `--harness`.
    const SWITCHES: [(&'static str, &'static str); 4] =
        [("black-box", "no-black-box"), ("mode-compiled", "mode-each-clone"), ("stop-flag", "stop-channel"), ("warm-up", "no-warm-up")];

    fn switched(self) -> [bool; 4] {
        [!self.black_box, self.mode_check == ModeCheck::EachClone, self.contender_stop == ContenderStop::ChannelEachClone, !self.warm_up]
    }

    fn from_switched(s: [bool; 4]) -> Harness {
        Harness {
            black_box: !s[0],
            mode_check: if s[1] { ModeCheck::EachClone } else { ModeCheck::Compiled },
            contender_stop: if s[2] { ContenderStop::ChannelEachClone } else { ContenderStop::FlagPerBatch },
            warm_up: !s[3],
        }
    }

    /// `ours`, `article`, or the changes from ours joined by `+` (`no-black-box+stop-channel`): how
    /// a results file records the harness of a case.
    pub fn id(self) -> String {
        match self {
            Harness::OURS => "ours".into(),
            Harness::ARTICLE => "article".into(),
            _ => {
                let changed = self.switched();
                Self::SWITCHES.iter().zip(changed).filter(|(_, on)| *on).map(|((_, away), _)| *away).collect::<Vec<_>>().join("+")
            }
        }
    }

    /// Reads [`Harness::id`] back; `None` for anything it does not write (an empty list, a word
    /// twice, an unknown word, or a list that spells out `ours` or `article`).
    pub fn parse(text: &str) -> Option<Harness> {
        match text {
            "ours" => return Some(Harness::OURS),
            "article" => return Some(Harness::ARTICLE),
            _ => {}
        }
        let mut switched = [false; 4];
        for word in text.split('+') {
            let i = Self::SWITCHES.iter().position(|(_, away)| *away == word)?;
            if switched[i] {
                return None;
            }
            switched[i] = true;
        }
        let harness = Harness::from_switched(switched);
        (harness.id() == text).then_some(harness)
    }

    /// The words `--harness` accepts, for its help and errors.
    pub fn words() -> impl Iterator<Item = &'static str> {
        Self::SWITCHES.iter().map(|(_, away)| *away)
    }
}

/// One clone of a harness's loop body. `BLACK_BOX`: the clone passes through `black_box`.
/// `EACH_CLONE`: whether to keep it is read from `should_drop` (an acquire load, as the article's
/// `OnceLock::get_or_init` is once set); otherwise `FORGET` decides, at compile time.
#[inline(always)]
fn clone_once<T: Clone, const BLACK_BOX: bool, const EACH_CLONE: bool, const FORGET: bool>(value: &T, should_drop: &OnceLock<bool>) {
    let clone = value.clone();
    let clone = if BLACK_BOX { black_box(clone) } else { clone };
    let forget = if EACH_CLONE { !should_drop.get().copied().unwrap_or(true) } else { FORGET };
    if forget {
        std::mem::forget(clone);
    }
}

#[inline(never)]
fn clone_n_as<T: Clone, const BLACK_BOX: bool, const EACH_CLONE: bool, const FORGET: bool>(
    value: &T,
    should_drop: &OnceLock<bool>,
    n: u64,
) {
    for _ in 0..n {
        clone_once::<T, BLACK_BOX, EACH_CLONE, FORGET>(value, should_drop);
    }
}

#[inline(never)]
fn clone_until_as<T: Clone, const BLACK_BOX: bool, const EACH_CLONE: bool, const FORGET: bool>(
    value: &T,
    should_drop: &OnceLock<bool>,
    cap: u64,
    mut stopped: impl FnMut() -> bool,
) -> u64 {
    let mut count = 0;
    while count < cap && !stopped() {
        clone_once::<T, BLACK_BOX, EACH_CLONE, FORGET>(value, should_drop);
        count += 1;
    }
    count
}

/// Calls `$f::<_, BLACK_BOX, EACH_CLONE, FORGET>($args)` with the three switches known at compile
/// time, so each of the eight loops is its own tight loop.
macro_rules! as_compiled {
    ($f:ident($($arg:expr),*), $harness:expr, $mode:expr) => {{
        let each = $harness.mode_check == ModeCheck::EachClone;
        match ($harness.black_box, each, $mode == CloneMode::Forget) {
            (true, true, true) => $f::<_, true, true, true>($($arg),*),
            (true, true, false) => $f::<_, true, true, false>($($arg),*),
            (true, false, true) => $f::<_, true, false, true>($($arg),*),
            (true, false, false) => $f::<_, true, false, false>($($arg),*),
            (false, true, true) => $f::<_, false, true, true>($($arg),*),
            (false, true, false) => $f::<_, false, true, false>($($arg),*),
            (false, false, true) => $f::<_, false, false, true>($($arg),*),
            (false, false, false) => $f::<_, false, false, false>($($arg),*),
        }
    }};
}

/// A `OnceLock` holding "drop each clone?", set as the article's program sets it at start-up.
pub fn should_drop_lock(mode: CloneMode) -> OnceLock<bool> {
    let lock = OnceLock::new();
    let _ = lock.set(mode == CloneMode::Drop);
    lock
}

fn clone_n_styled<T: Clone>(value: &T, mode: CloneMode, harness: Harness, should_drop: &OnceLock<bool>, n: u64) {
    if harness.black_box && harness.mode_check == ModeCheck::Compiled {
        // Exactly the loop the default method runs.
        clone_n(value, mode, n);
    } else {
        as_compiled!(clone_n_as(value, should_drop, n), harness, mode);
    }
}

/// Like [`super::clone_batch`], with the loop written as `harness` says. `should_drop` is read only
/// by [`ModeCheck::EachClone`] loops (make it with [`should_drop_lock`]). The "clone once, then
/// borrow" strategy (one clone per batch) and the interner keys (resolved on every use) keep their
/// own loops.
pub fn clone_batch_harnessed(source: &CloneSource, ty: CloneType, mode: CloneMode, harness: Harness, should_drop: &OnceLock<bool>, n: u64) {
    match ty {
        CloneType::RcStr if mode == CloneMode::Read => super::clone::clone_batch(source, ty, mode, n),
        CloneType::RcStr => clone_n_styled(&source.rc, mode, harness, should_drop, n),
        _ => clone_batch_shared_harnessed(&source.shared, ty, mode, harness, should_drop, n).expect("only Rc<str> is not shared"),
    }
}

/// Like [`clone_batch_harnessed`], on the thread-shareable values; `Rc<str>` is refused.
pub fn clone_batch_shared_harnessed(
    source: &SharedCloneSource,
    ty: CloneType,
    mode: CloneMode,
    harness: Harness,
    should_drop: &OnceLock<bool>,
    n: u64,
) -> Result<(), NotThreadSafe> {
    if mode == CloneMode::Read {
        // A read has no clone to write as a harness says: the one read loop.
        return super::clone::clone_batch_shared(source, ty, mode, n);
    }
    match ty {
        CloneType::RcStr => return Err(NotThreadSafe(ty)),
        // Their own loops: one clone per batch, or a key resolved through its interner.
        CloneType::ArcStrBorrow | CloneType::LassoThreaded | CloneType::LassoResolver => {
            return super::clone::clone_batch_shared(source, ty, mode, n)
        }
        _ => with_shared_value!(source, ty, |value| clone_n_styled(value, mode, harness, should_drop, n)),
    }
    Ok(())
}

/// The "clone once, then borrow" strategy as a polling contender: one clone, then a borrow and a
/// call of `stopped` per use.
#[inline(never)]
fn borrow_until(shared: &std::sync::Arc<str>, mode: CloneMode, cap: u64, mut stopped: impl FnMut() -> bool) -> u64 {
    let local = std::sync::Arc::clone(black_box(shared));
    let mut count = 0;
    while count < cap && !stopped() {
        black_box(black_box(&local).as_ref() as &str);
        count += 1;
    }
    match mode {
        CloneMode::Drop | CloneMode::Read => drop(local),
        CloneMode::Forget => std::mem::forget(local),
    }
    count
}

/// A key resolved through its interner as a polling contender: one resolve and a call of
/// `stopped` per use.
#[inline(never)]
fn resolve_until<R: lasso::Resolver<lasso::Spur>>(interner: &R, key: lasso::Spur, cap: u64, mut stopped: impl FnMut() -> bool) -> u64 {
    let interner = black_box(interner);
    let mut count = 0;
    while count < cap && !stopped() {
        black_box(interner.resolve(&black_box(key)));
        count += 1;
    }
    count
}

/// The article's contender: one clone (its loop body written as `harness` says), then one call of
/// `stopped`, until that returns true or `cap` clones are made. Returns the clones (or, for the
/// "clone once, then borrow" strategy, the uses) made. `Rc<str>` is refused.
pub fn contend_polling(
    source: &SharedCloneSource,
    ty: CloneType,
    mode: CloneMode,
    harness: Harness,
    should_drop: &OnceLock<bool>,
    cap: u64,
    mut stopped: impl FnMut() -> bool,
) -> Result<u64, NotThreadSafe> {
    if mode == CloneMode::Read {
        // Reads have one loop whatever the harness: a batch of one per poll.
        let mut count = 0;
        while count < cap && !stopped() {
            super::clone::read_batch_shared(source, ty, 1)?;
            count += 1;
        }
        return Ok(count);
    }
    match ty {
        CloneType::RcStr => Err(NotThreadSafe(ty)),
        CloneType::ArcStrBorrow => Ok(borrow_until(&source.arc, mode, cap, stopped)),
        CloneType::LassoThreaded => Ok(resolve_until(&source.rodeo.0, source.rodeo.1, cap, stopped)),
        CloneType::LassoResolver => Ok(resolve_until(&source.resolver.0, source.resolver.1, cap, stopped)),
        _ => Ok(with_shared_value!(source, ty, |value| as_compiled!(clone_until_as(value, should_drop, cap, stopped), harness, mode))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clone::reference_counts;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn every_harness() -> impl Iterator<Item = Harness> {
        (0..16u8).map(|bits| Harness::from_switched([0, 1, 2, 3].map(|i| bits & (1 << i) != 0)))
    }

    #[test]
    fn ids_name_the_changes_from_ours_and_read_back() {
        assert_eq!(Harness::OURS.id(), "ours");
        assert_eq!(Harness::ARTICLE.id(), "article");
        let one = Harness { black_box: false, ..Harness::OURS };
        assert_eq!(one.id(), "no-black-box");
        let two = Harness { contender_stop: ContenderStop::ChannelEachClone, ..one };
        assert_eq!(two.id(), "no-black-box+stop-channel");
        for harness in every_harness() {
            assert_eq!(Harness::parse(&harness.id()), Some(harness), "{}", harness.id());
        }
        let all_four = Harness::words().collect::<Vec<_>>().join("+");
        for bad in ["", "+", "no-black-box+no-black-box", "stop-channel+no-black-box", "fast", &all_four, "ours+stop-channel"] {
            assert_eq!(Harness::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn every_harness_leaves_counts_alone_in_drop_mode_and_leaks_n_in_forget_mode() {
        let source = CloneSource::new(24);
        for harness in every_harness() {
            for ty in crate::clone::tested_types() {
                let before = reference_counts(source.shared());
                clone_batch_harnessed(&source, ty, CloneMode::Drop, harness, &should_drop_lock(CloneMode::Drop), 5);
                assert_eq!(reference_counts(source.shared()), before, "{ty} under {}", harness.id());
            }
        }
        for harness in every_harness() {
            let before = arc_count(source.shared());
            clone_batch_harnessed(&source, CloneType::ArcStr, CloneMode::Forget, harness, &should_drop_lock(CloneMode::Forget), 3);
            assert_eq!(arc_count(source.shared()), before + 3, "{}", harness.id());
        }
        clone_batch_harnessed(&source, CloneType::RcStr, CloneMode::Forget, Harness::ARTICLE, &should_drop_lock(CloneMode::Forget), 2);
        assert_eq!(std::rc::Rc::strong_count(&source.rc), 3);
    }

    fn arc_count(shared: &SharedCloneSource) -> usize {
        reference_counts(shared)[0].1.unwrap()
    }

    #[test]
    fn a_polling_contender_stops_when_told_or_at_its_cap() {
        let source = CloneSource::new(8);
        let shared = source.shared();
        let drop = should_drop_lock(CloneMode::Drop);
        let mut polls = 0;
        let made = contend_polling(shared, CloneType::String, CloneMode::Drop, Harness::ARTICLE, &drop, 100, || {
            polls += 1;
            polls > 7
        });
        assert_eq!((made, polls), (Ok(7), 8));
        assert_eq!(contend_polling(shared, CloneType::ArcStr, CloneMode::Drop, Harness::OURS, &drop, 4, || false), Ok(4));
        assert_eq!(contend_polling(shared, CloneType::ArcStrBorrow, CloneMode::Drop, Harness::OURS, &drop, 4, || false), Ok(4));
        assert!(contend_polling(shared, CloneType::RcStr, CloneMode::Drop, Harness::OURS, &drop, 4, || false).is_err());
        let before = arc_count(shared);
        contend_polling(shared, CloneType::ArcStr, CloneMode::Forget, Harness::ARTICLE, &should_drop_lock(CloneMode::Forget), 6, || false)
            .unwrap();
        assert_eq!(arc_count(shared), before + 6);
    }
}
