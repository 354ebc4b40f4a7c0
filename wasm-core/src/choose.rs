//! The chooser's rules ("Which string type should I use?"): from the lengths of a reader's sample
//! strings and how they are shared, one pick and the reasons for it. The `/choose` page runs these
//! rules live, and chapter 9 ("What to do instead") states the same rules in prose; a test checks
//! that the chapter names every rule's headline, so the two cannot drift apart.

use serde::{Deserialize, Serialize};

/// How the strings are shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sharing {
    /// Owned and cloned on one thread only.
    OneThread,
    /// Created once, then read by many threads; clones are rare.
    ReadByMany,
    /// Cloned again and again on many threads at once.
    ClonedByMany,
}

impl Sharing {
    pub const ALL: [Sharing; 3] = [Sharing::OneThread, Sharing::ReadByMany, Sharing::ClonedByMany];

    /// Stable id (`one_thread`, ...), used in the page's form and URL.
    pub fn id(self) -> &'static str {
        match self {
            Sharing::OneThread => "one_thread",
            Sharing::ReadByMany => "read_by_many",
            Sharing::ClonedByMany => "cloned_by_many",
        }
    }

    /// Looks a sharing pattern up by its id.
    pub fn parse(text: &str) -> Option<Sharing> {
        Self::ALL.into_iter().find(|s| s.id() == text)
    }

    /// The choice as the page words it.
    pub fn label(self) -> &'static str {
        match self {
            Sharing::OneThread => "one thread",
            Sharing::ReadByMany => "read by many threads",
            Sharing::ClonedByMany => "cloned by many threads",
        }
    }
}

/// Longest text every 24-byte inline type here keeps inline on 64-bit targets (SmolStr, HipStr and
/// our InlineStr hold 23 bytes; CompactString 24).
pub const SHORT_BYTES: usize = 23;
/// "Mostly short": at least this share of the strings fit [`SHORT_BYTES`].
pub const MOSTLY_SHORT: f64 = 0.75;

/// One of the chooser's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule in a few words; chapter 9 uses the same words.
    pub headline: &'static str,
    /// The type or strategy it picks.
    pub pick: &'static str,
    /// Why, in one sentence.
    pub because: &'static str,
}

/// Every rule, in the order they are tried.
pub const RULES: [Rule; 5] = [
    Rule {
        headline: "One thread, mostly short strings: store them inline",
        pick: "CompactString",
        because: "short text lives inside the 24-byte handle: no allocation to create or clone it, and it stays mutable like String",
    },
    Rule {
        headline: "One thread, longer strings: share one allocation with Rc<str>",
        pick: "Rc<str>",
        because: "a clone is a plain, non-atomic increment, the cheapest clone of a heap string in every run we have",
    },
    Rule {
        headline: "Read by many threads: Arc<str>, cloned rarely",
        pick: "Arc<str>",
        because: "reads never touch the counter, and every owner shares one allocation; only clones and drops pay the atomic",
    },
    Rule {
        headline: "Cloned by many threads, mostly short: an inline type with no shared counter",
        pick: "HipStr",
        because: "an inline clone copies the handle and writes no shared memory, so it stays flat as threads are added; longer text falls back to a shared heap block",
    },
    Rule {
        headline: "Cloned by many threads, longer strings: stop cloning the shared value",
        pick: "Arc<str>, cloned once per thread, then borrowed",
        because: "every clone of one Arc, on any thread, writes the same cache line; one clone per thread and &str borrows after that touch it once. If the set of strings is fixed, leak or intern them once and copy &'static str",
    },
];

/// What the reader's strings look like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub count: usize,
    /// How many are at most [`SHORT_BYTES`] long.
    pub short: usize,
    pub longest: usize,
}

impl Profile {
    /// The profile of these byte lengths.
    pub fn of(lengths: &[usize]) -> Profile {
        Profile {
            count: lengths.len(),
            short: lengths.iter().filter(|&&l| l <= SHORT_BYTES).count(),
            longest: lengths.iter().copied().max().unwrap_or(0),
        }
    }

    /// At least [`MOSTLY_SHORT`] of the strings fit inline (an empty sample counts as short).
    pub fn mostly_short(&self) -> bool {
        self.count == 0 || self.short as f64 >= MOSTLY_SHORT * self.count as f64
    }
}

/// The rule that applies to `profile` under `sharing`.
pub fn recommend(profile: &Profile, sharing: Sharing) -> &'static Rule {
    let index = match (sharing, profile.mostly_short()) {
        (Sharing::OneThread, true) => 0,
        (Sharing::OneThread, false) => 1,
        (Sharing::ReadByMany, _) => 2,
        (Sharing::ClonedByMany, true) => 3,
        (Sharing::ClonedByMany, false) => 4,
    };
    &RULES[index]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn each_sharing_and_length_mix_has_its_rule() {
        let short = Profile::of(&[3, 8, 12, 23]);
        let long = Profile::of(&[64, 200, 5, 80]);
        assert!(short.mostly_short() && !long.mostly_short());
        assert_eq!(recommend(&short, Sharing::OneThread).pick, "CompactString");
        assert_eq!(recommend(&long, Sharing::OneThread).pick, "Rc<str>");
        assert_eq!(recommend(&short, Sharing::ReadByMany).pick, "Arc<str>");
        assert_eq!(recommend(&long, Sharing::ReadByMany).pick, "Arc<str>");
        assert_eq!(recommend(&short, Sharing::ClonedByMany).pick, "HipStr");
        assert!(recommend(&long, Sharing::ClonedByMany).pick.contains("once per thread"));
        // Three of four short is still "mostly short"; two of four is not.
        assert!(Profile::of(&[1, 2, 3, 100]).mostly_short());
        assert!(!Profile::of(&[1, 2, 100, 100]).mostly_short());
        for s in Sharing::ALL {
            assert_eq!(Sharing::parse(s.id()), Some(s));
        }
    }
}
