//! `Choice`: the values of one explorer control, each with its URL key and its label. Its own file
//! because both the state (`state.rs`) and the suites (`suites.rs`) implement it.

/// A `(value, label)` list of a control's choices, in order.
pub trait Choice: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [(Self, &'static str, &'static str)];

    fn key(self) -> &'static str {
        Self::ALL.iter().find(|(v, ..)| *v == self).map(|(_, k, _)| *k).unwrap_or_default()
    }

    /// The words a reader sees for this value.
    fn label(self) -> &'static str {
        Self::ALL.iter().find(|(v, ..)| *v == self).map(|(.., text)| *text).unwrap_or_default()
    }

    fn parse(key: &str) -> Option<Self> {
        Self::ALL.iter().find(|(_, k, _)| *k == key).map(|(v, ..)| *v)
    }
}
