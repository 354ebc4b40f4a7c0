//! What the reader tells `/choose` besides their strings: the answers to the constraint questions
//! and the workload the cost model weighs the rows at. Plain values, kept by the form, written to
//! the address bar and read by the model.

use wasm_core::choose::Sharing;

/// The answers to the constraint questions, as the form keeps them (`Constraints` is derived from
/// these and the sharing in `app.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    /// On one thread: the values still move between async tasks or threads (must be `Send`).
    pub crosses_tasks: bool,
    /// The text grows or shrinks after creation.
    pub changes: bool,
    /// The set of strings is fixed at start-up.
    pub fixed_set: bool,
    /// Cloned by many threads: each thread clones its own values, not one shared value.
    pub distinct: bool,
}

impl Answers {
    /// The address bar's key of each answer, present (`yes`) only when answered yes.
    const KEYS: [&'static str; 4] = ["tasks", "changes", "fixed", "distinct"];

    fn flags(&self) -> [bool; 4] {
        [self.crosses_tasks, self.changes, self.fixed_set, self.distinct]
    }

    /// The answers whose keys `is_yes` says were answered yes.
    pub fn from_keys(is_yes: impl Fn(&str) -> bool) -> Answers {
        let [crosses_tasks, changes, fixed_set, distinct] = Self::KEYS.map(is_yes);
        Answers { crosses_tasks, changes, fixed_set, distinct }
    }

    /// The keys of the answers that are yes.
    pub fn yes_keys(&self) -> impl Iterator<Item = &'static str> {
        Self::KEYS.into_iter().zip(self.flags()).filter(|(_, on)| *on).map(|(key, _)| key)
    }
}

/// How much work the strings do: what the cost model multiplies the table's figures by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workload {
    /// Copies of each string alive at once (clones held by structs, tasks, caches).
    pub copies: u32,
    /// Clones per second, all threads together.
    pub clones_per_sec: u64,
    /// Reads of each clone's text (a clone is made to be read at least once).
    pub reads_per_clone: u32,
    /// New strings made per second, all threads together (0: made once, at start-up).
    pub creates_per_sec: u64,
}

impl Workload {
    /// The workload of strings cloned often: a million clones a second, one copy alive, each clone
    /// read once, the strings made once.
    pub const DEFAULT: Workload = Workload { copies: 1, clones_per_sec: 1_000_000, reads_per_clone: 1, creates_per_sec: 0 };
    /// "Read by many threads" says clones are rare, several owners keep the value alive, and each
    /// reads it often: a thousand clones a second, a copy for each of eight threads, a hundred reads
    /// of each. (With one copy nothing is shared, and the model rightly picks the smallest owned
    /// string.)
    pub const READ_BY_MANY: Workload = Workload { copies: 8, clones_per_sec: 1_000, reads_per_clone: 100, creates_per_sec: 0 };
    pub const MAX_COPIES: u32 = 1_000_000;
    pub const MAX_CLONES_PER_SEC: u64 = 1_000_000_000_000;
    pub const MAX_READS_PER_CLONE: u32 = 1_000_000;

    /// The workload the model assumes for `sharing` until the reader gives theirs.
    pub fn default_for(sharing: Sharing) -> Workload {
        if sharing == Sharing::ReadByMany {
            Self::READ_BY_MANY
        } else {
            Self::DEFAULT
        }
    }

    /// A number typed in a box, within 1..=max; `None` for anything else (the box says so).
    pub fn parse(text: &str, max: u64) -> Option<u64> {
        Self::parse_within(text, 1, max)
    }

    /// A number typed in a box, within min..=max.
    pub fn parse_within(text: &str, min: u64, max: u64) -> Option<u64> {
        text.trim().replace(['_', ','], "").parse::<u64>().ok().filter(|n| (min..=max).contains(n))
    }

    /// New strings per clone: the creations each clone carries a share of.
    pub fn creates_per_clone(&self) -> f64 {
        self.creates_per_sec as f64 / self.clones_per_sec.max(1) as f64
    }
}
