//! What the reader's program needs of its strings beyond their lengths and sharing, asked as
//! questions on `/choose`, and the final pick that respects it: the rule of thumb's pick when it
//! fits and its clone was measured, else the cheapest measured clone that fits; then any fitting
//! row that beats it on both memory and clone cost.

use super::{better_than_pick, Candidate, CostRow, Sharing};

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
        Constraints { needs_send: sharing != Sharing::OneThread, changes: false, fixed_set: false, same_value: true, cloned_by_many: sharing == Sharing::ClonedByMany }
    }

    /// Why `candidate` does not fit these answers, or `None` when it does.
    pub fn ruled_out(&self, candidate: Candidate) -> Option<&'static str> {
        if self.needs_send && !candidate.is_send() {
            Some("not Send: cannot cross threads or async tasks")
        } else if self.changes && !candidate.can_change_text() {
            Some("its text cannot change after creation")
        } else if candidate == Candidate::StaticStr && !self.fixed_set {
            Some("leaks every string: only for a set fixed at start-up")
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

/// The chooser's final answer and how it got there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pick {
    pub candidate: Candidate,
    /// The rule of thumb's pick, when the answers rule it out.
    pub ruled_out: Option<Candidate>,
    /// The rule of thumb's pick, when the chosen machine did not measure its clone (and a row that
    /// fits was measured): the page never recommends a clone cost it cannot show.
    pub unmeasured: Option<Candidate>,
    /// The row the pick replaced because this one is cheaper on both memory and clone cost.
    pub beaten: Option<Candidate>,
}

/// The pick for `rows` under `constraints`, starting from the rule of thumb's `rule_pick`. Never a
/// row the answers rule out, never one whose clone the machine did not measure while a fitting row
/// was measured, and never one that a fitting row beats on both counts.
pub fn final_pick(rule_pick: Candidate, rows: &[CostRow], constraints: &Constraints) -> Pick {
    let fits = |c: Candidate| constraints.fits(c);
    let row = rows.iter().find(|r| r.candidate == rule_pick);
    let any_measured_fit = rows.iter().any(|r| fits(r.candidate) && r.clone_ns.is_some());
    let unmeasured = (fits(rule_pick) && row.is_some_and(|r| r.clone_ns.is_none()) && any_measured_fit).then_some(rule_pick);
    let ruled_out = (!fits(rule_pick)).then_some(rule_pick);
    let start = if fits(rule_pick) && row.is_some() && unmeasured.is_none() {
        rule_pick
    } else {
        // The cheapest clone that fits, then the fewest bytes; `String` fits every answer.
        rows.iter()
            .filter(|r| fits(r.candidate))
            .min_by(|a, b| a.clone_ns.unwrap_or(f64::INFINITY).total_cmp(&b.clone_ns.unwrap_or(f64::INFINITY)).then(a.bytes.total_cmp(&b.bytes)))
            .map_or(Candidate::String, |r| r.candidate)
    };
    match better_than_pick(start, rows, fits) {
        Some(better) => Pick { candidate: better.candidate, ruled_out, unmeasured, beaten: Some(start) },
        None => Pick { candidate: start, ruled_out, unmeasured, beaten: None },
    }
}

#[cfg(test)]
mod tests {
    use super::super::pick_tests::row;
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
            let c = Constraints { needs_send: bits & 1 != 0, changes: bits & 2 != 0, fixed_set: bits & 4 != 0, same_value: bits & 8 != 0, cloned_by_many: bits & 16 != 0 };
            assert!(c.fits(Candidate::String), "{c:?}");
        }
    }

    #[test]
    fn a_ruled_out_pick_gives_way_to_the_cheapest_clone_that_fits() {
        let rows = [
            row(Candidate::String, 100.0, Some(3.6)),
            row(Candidate::RcStr, 90.0, Some(1.0)),
            row(Candidate::ArcStr, 90.0, Some(26.4)),
            row(Candidate::ArcStrBorrow, 90.0, Some(0.45)),
            row(Candidate::StaticStr, 80.0, Some(0.23)),
            row(Candidate::HipStr, 96.0, Some(52.9)),
        ];
        let threads = Constraints::default_for(Sharing::ClonedByMany);
        let pick = final_pick(Candidate::ArcStrBorrow, &rows, &threads);
        assert_eq!(pick, Pick { candidate: Candidate::ArcStrBorrow, ruled_out: None, unmeasured: None, beaten: None });
        // A fixed set: the leak is cheaper on both, so it replaces the borrow.
        let fixed = Constraints { fixed_set: true, ..threads };
        assert_eq!(final_pick(Candidate::ArcStrBorrow, &rows, &fixed).candidate, Candidate::StaticStr);
        // Text that changes rules out Arc<str> and both strategies: the cheapest clone that can change.
        let changes = Constraints { changes: true, ..threads };
        let pick = final_pick(Candidate::ArcStrBorrow, &rows, &changes);
        assert_eq!(pick, Pick { candidate: Candidate::String, ruled_out: Some(Candidate::ArcStrBorrow), unmeasured: None, beaten: None });
        // Rc<str> on one thread fits (the borrowing strategy is for many threads); across tasks it
        // does not fit at all.
        let one = Constraints::default_for(Sharing::OneThread);
        assert_eq!(one.ruled_out(Candidate::ArcStrBorrow), Some("a strategy for values cloned by many threads"));
        assert_eq!(final_pick(Candidate::RcStr, &rows, &one), Pick { candidate: Candidate::RcStr, ruled_out: None, unmeasured: None, beaten: None });
        let tasks = Constraints { needs_send: true, ..one };
        assert_eq!(final_pick(Candidate::RcStr, &rows, &tasks).ruled_out, Some(Candidate::RcStr));
        // A pick whose clone the machine did not measure gives way to the cheapest measured row that
        // fits; with nothing measured, it stands.
        let unmeasured = [row(Candidate::CompactString, 12.0, None), row(Candidate::String, 28.0, Some(3.6)), row(Candidate::HipStr, 24.0, Some(0.46))];
        let pick = final_pick(Candidate::CompactString, &unmeasured, &one);
        assert_eq!((pick.candidate, pick.unmeasured), (Candidate::HipStr, Some(Candidate::CompactString)));
        assert_eq!(final_pick(Candidate::CompactString, &unmeasured[..1], &one).candidate, Candidate::CompactString);
    }
}
