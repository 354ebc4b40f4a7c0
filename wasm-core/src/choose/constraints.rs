//! What the reader's program needs of its strings beyond their lengths and sharing, asked as
//! questions on `/choose`: which candidates fit the answers. The pick that respects them is
//! `super::pick`'s.

use super::{Candidate, Sharing};

/// The reader's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// The strings cross threads or async tasks, so they must be `Send`.
    pub needs_send: bool,
    /// The text grows or shrinks after it is created.
    pub changes: bool,
    /// The set of strings is fixed at start-up (so leaking each once is bounded).
    pub fixed_set: bool,
    /// Threads clone the same value (one shared counter), not each its own of many.
    pub same_value: bool,
    /// Many threads clone the values: the pattern the one-clone-per-thread strategy answers (on
    /// one thread, or where clones are rare, "borrow instead of cloning" is no type to compare).
    pub cloned_by_many: bool,
}

impl Constraints {
    /// The answers a reader who says nothing more than `sharing` gets: `Send` whenever threads
    /// share them, a text that does not change, a set that may be reloaded (no leak), and one
    /// value cloned by all (the worst case the contention chapters measure).
    pub fn default_for(sharing: Sharing) -> Constraints {
        Constraints {
            needs_send: sharing != Sharing::OneThread,
            changes: false,
            fixed_set: false,
            same_value: true,
            cloned_by_many: sharing == Sharing::ClonedByMany,
        }
    }

    /// Why `candidate` does not fit these answers, or `None` when it does.
    pub fn ruled_out(&self, candidate: Candidate) -> Option<&'static str> {
        if self.needs_send && !candidate.is_send() {
            Some("not Send: cannot cross threads or async tasks")
        } else if self.changes && !candidate.can_change_text() {
            Some("its text cannot change after creation")
        } else if let Some(why) = candidate.keeps_strings_for_ever().filter(|_| !self.fixed_set) {
            Some(why)
        } else if candidate == Candidate::ArcStrBorrow && !self.cloned_by_many {
            Some("a strategy for values cloned by many threads")
        } else {
            None
        }
    }

    /// Whether `candidate` fits.
    pub fn fits(&self, candidate: Candidate) -> bool {
        self.ruled_out(candidate).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn each_answer_rules_out_what_cannot_meet_it() {
        let one = Constraints::default_for(Sharing::OneThread);
        assert!(one.fits(Candidate::RcStr) && !one.fits(Candidate::StaticStr), "a leak needs a fixed set");
        let threads = Constraints::default_for(Sharing::ClonedByMany);
        assert_eq!(threads.ruled_out(Candidate::RcStr), Some("not Send: cannot cross threads or async tasks"));
        let changing = Constraints { changes: true, ..one };
        let fitting: Vec<_> = Candidate::ALL.into_iter().filter(|&c| changing.fits(c)).collect();
        assert_eq!(fitting, [Candidate::String, Candidate::CompactString, Candidate::ArcString, Candidate::HipStr]);
        let fixed = Constraints { fixed_set: true, ..threads };
        assert!(fixed.fits(Candidate::StaticStr));
        // String fits every combination of answers, so there is always a pick.
        for bits in 0..32u8 {
            let c = Constraints {
                needs_send: bits & 1 != 0,
                changes: bits & 2 != 0,
                fixed_set: bits & 4 != 0,
                same_value: bits & 8 != 0,
                cloned_by_many: bits & 16 != 0,
            };
            assert!(c.fits(Candidate::String), "{c:?}");
        }
    }
}
