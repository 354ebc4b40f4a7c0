//! `/choose`'s address bar: what the page opens with, read from its link, and what it writes back on
//! every change, so that a recommendation can be shared by its link. Plain data: the island reads
//! it once and writes it from its signals (`app.rs`).

use super::costs;
use crate::model::choose::inputs::{Answers, Workload};
use wasm_core::choose::Sharing;

/// Keys of `/choose`'s address bar: the strings (one a line) and the sharing pattern.
const STRINGS_KEY: &str = "strings";
const SHARING_KEY: &str = "sharing";
/// The results file the clone costs come from, and the thread count.
const MACHINE_KEY: &str = "machine";
const THREADS_KEY: &str = "threads";
/// The workload's keys: copies alive at once, clones per second, reads per clone, new strings per
/// second.
const COPIES_KEY: &str = "copies";
const RATE_KEY: &str = "rate";
const READS_KEY: &str = "reads";
const CREATES_KEY: &str = "creates";

/// Longest text kept in the address bar, in bytes: past it the link keeps the sharing only (the
/// page says so), since a browser or a chat app cuts long links.
pub const MAX_URL_TEXT_BYTES: usize = 6000;

/// Everything `/choose` keeps in its address but the ranking's filters (`RankingState`'s keys).
#[derive(Clone, Debug, PartialEq)]
pub struct ChooseAddress {
    /// The strings, one a line; `None` when the link gives none.
    pub text: Option<String>,
    pub sharing: Sharing,
    /// The results file the clone costs come from: the reader's pick.
    pub machine: Option<String>,
    /// The reader's thread count; `None` until they give one (the sharing's default stands).
    pub threads: Option<u32>,
    pub answers: Answers,
    pub workload: Workload,
}

impl ChooseAddress {
    /// What a link says, `value` giving each key's decoded value. A value out of range or unreadable
    /// is passed over: its default stands (the common case first: most strings live on one thread).
    pub fn read(value: impl Fn(&str) -> Option<String>) -> ChooseAddress {
        let sharing = value(SHARING_KEY).and_then(|s| Sharing::parse(&s)).unwrap_or(Sharing::OneThread);
        let number = |key: &str, min: u64, max: u64| value(key).and_then(|v| Workload::parse_within(&v, min, max));
        let start = Workload::default_for(sharing);
        ChooseAddress {
            text: value(STRINGS_KEY),
            sharing,
            machine: value(MACHINE_KEY),
            threads: value(THREADS_KEY).and_then(|t| t.parse::<u32>().ok()).filter(|t| (1..=costs::MAX_THREADS).contains(t)),
            answers: Answers::from_keys(|key| value(key).as_deref() == Some("yes")),
            workload: Workload {
                copies: number(COPIES_KEY, 1, u64::from(Workload::MAX_COPIES)).map_or(start.copies, |n| n as u32),
                clones_per_sec: number(RATE_KEY, 1, Workload::MAX_CLONES_PER_SEC).unwrap_or(start.clones_per_sec),
                reads_per_clone: number(READS_KEY, 1, u64::from(Workload::MAX_READS_PER_CLONE)).map_or(start.reads_per_clone, |n| n as u32),
                creates_per_sec: number(CREATES_KEY, 0, Workload::MAX_CLONES_PER_SEC).unwrap_or(start.creates_per_sec),
            },
        }
    }

    /// The address's pairs, in the order the page writes them, with the ranking's `filters` after
    /// the sharing: a workload only where it is not the sharing's default, the strings only while
    /// they fit in a link ([`MAX_URL_TEXT_BYTES`]).
    pub fn pairs(&self, filters: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
        let mut pairs = vec![(SHARING_KEY, self.sharing.id().to_owned())];
        pairs.extend(filters);
        pairs.extend(self.answers.yes_keys().map(|key| (key, "yes".to_owned())));
        let w = self.workload;
        if w != Workload::default_for(self.sharing) {
            pairs.push((COPIES_KEY, w.copies.to_string()));
            pairs.push((RATE_KEY, w.clones_per_sec.to_string()));
            pairs.push((READS_KEY, w.reads_per_clone.to_string()));
            pairs.push((CREATES_KEY, w.creates_per_sec.to_string()));
        }
        if let Some(machine) = &self.machine {
            pairs.push((MACHINE_KEY, machine.clone()));
        }
        if let Some(t) = self.threads {
            pairs.push((THREADS_KEY, t.to_string()));
        }
        if let Some(text) = self.text.as_ref().filter(|t| t.len() <= MAX_URL_TEXT_BYTES) {
            pairs.push((STRINGS_KEY, text.clone()));
        }
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> ChooseAddress {
        let map: HashMap<&str, &str> = pairs.iter().copied().collect();
        ChooseAddress::read(|key| map.get(key).map(|v| v.to_string()))
    }

    #[test]
    fn a_link_with_nothing_opens_with_the_defaults() {
        let a = read(&[]);
        assert_eq!((a.text, a.sharing, a.machine, a.threads), (None, Sharing::OneThread, None, None));
        assert_eq!(a.workload, Workload::default_for(Sharing::OneThread));
        assert_eq!(a.answers, Answers::default());
    }

    #[test]
    fn what_the_page_writes_it_reads_back() {
        let shared = Sharing::ClonedByMany;
        let written = ChooseAddress {
            text: Some("a\nbb".into()),
            sharing: shared,
            machine: Some("epyc.json".into()),
            threads: Some(4),
            answers: Answers { changes: true, ..Answers::default() },
            workload: Workload { copies: 7, ..Workload::default_for(shared) },
        };
        let pairs = written.pairs(vec![("vendor", "amd".into())]);
        assert_eq!(pairs[0].0, SHARING_KEY);
        assert_eq!(pairs[1], ("vendor", "amd".to_owned()), "the ranking's filters right after the sharing");
        let owned: Vec<(&str, String)> = pairs.clone();
        let back = ChooseAddress::read(|key| owned.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()));
        assert_eq!(back, written);
    }

    #[test]
    fn defaults_stay_out_of_the_link_and_long_text_too() {
        let plain = read(&[]);
        let keys: Vec<&str> = plain.pairs(vec![]).iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, [SHARING_KEY], "nothing but the sharing when nothing was changed");
        let long = ChooseAddress { text: Some("x".repeat(MAX_URL_TEXT_BYTES + 1)), ..plain.clone() };
        assert!(long.pairs(vec![]).iter().all(|(k, _)| *k != STRINGS_KEY));
        let fits = ChooseAddress { text: Some("x".repeat(MAX_URL_TEXT_BYTES)), ..plain };
        assert!(fits.pairs(vec![]).iter().any(|(k, _)| *k == STRINGS_KEY));
    }

    #[test]
    fn values_out_of_range_or_unreadable_leave_the_defaults() {
        let a = read(&[("threads", "0"), ("copies", "-3"), ("rate", "lots"), ("sharing", "everywhere"), ("changes", "maybe")]);
        assert_eq!((a.threads, a.sharing), (None, Sharing::OneThread));
        assert_eq!(a.workload, Workload::default_for(Sharing::OneThread));
        assert_eq!(a.answers, Answers::default(), "only \"yes\" answers yes");
        let too_many = read(&[("threads", &(costs::MAX_THREADS + 1).to_string())]);
        assert_eq!(too_many.threads, None);
    }
}
