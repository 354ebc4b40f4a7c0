//! The chooser's final answer: the cost model's pick (`super::model::weigh`) under the reader's
//! answers (`super::constraints`), and how the rule of thumb for the same case stands to it (ruled
//! out, unmeasured, or beaten on both memory and clone cost).

use super::constraints::Constraints;
use super::model::{weigh, Weighed};
use super::{Candidate, CostRow};

/// The chooser's final answer, and how it stands to the rule of thumb for the same case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pick {
    /// What the cost model weighed (`super::model::weigh`), its pick among it.
    pub weighed: Weighed,
    /// The rule of thumb's pick, when the answers rule it out.
    pub ruled_out: Option<Candidate>,
    /// The rule of thumb's pick, when the chosen machine did not measure its clone (and a row that
    /// fits was measured): the page never recommends a clone cost it cannot show.
    pub unmeasured: Option<Candidate>,
    /// The rule of thumb's pick, when the model's is cheaper than it on both memory and clone cost.
    pub beaten: Option<Candidate>,
}

impl Pick {
    /// The recommendation: the model's pick.
    pub fn candidate(&self) -> Candidate {
        self.weighed.candidate
    }

    /// The model agrees with the rule of thumb.
    pub fn agrees(&self, rule_pick: Candidate) -> bool {
        self.candidate() == rule_pick
    }
}

/// The pick for `rows` under `constraints` at `clones_per_sec`: the cost model's
/// ([`super::model::weigh`]), then how the rule of thumb's `rule_pick` stands to it. Never a row the
/// answers rule out, never one whose clone the machine did not measure while a fitting row was
/// measured, and never one that a fitting row beats on both counts.
pub fn final_pick(rule_pick: Candidate, rows: &[CostRow], constraints: &Constraints, clones_per_sec: u64) -> Pick {
    let fits = |c: Candidate| constraints.fits(c);
    let weighed = weigh(rows, constraints, clones_per_sec);
    let row = |c: Candidate| rows.iter().find(|r| r.candidate == c);
    let any_measured_fit = rows.iter().any(|r| fits(r.candidate) && r.use_ns().is_some());
    let unmeasured = (fits(rule_pick) && row(rule_pick).is_some_and(|r| r.use_ns().is_none()) && any_measured_fit).then_some(rule_pick);
    let ruled_out = (!fits(rule_pick)).then_some(rule_pick);
    let beaten =
        (ruled_out.is_none() && unmeasured.is_none() && row(weighed.candidate).zip(row(rule_pick)).is_some_and(|(m, r)| m.beats(r)))
            .then_some(rule_pick);
    Pick { weighed, ruled_out, unmeasured, beaten }
}

#[cfg(test)]
mod tests {
    use super::super::pick_tests::row;
    use super::super::Sharing;
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// The pick and how the rule of thumb stands to it: (pick, ruled out, unmeasured, beaten).
    fn outcome(p: Pick) -> (Candidate, Option<Candidate>, Option<Candidate>, Option<Candidate>) {
        (p.candidate(), p.ruled_out, p.unmeasured, p.beaten)
    }

    #[test]
    fn the_model_picks_and_the_rule_of_thumb_is_measured_against_it() {
        use Candidate::*;
        let rows = [
            row(String, 100.0, Some(3.6)),
            row(RcStr, 90.0, Some(1.0)),
            row(ArcStr, 90.0, Some(26.4)),
            row(ArcStrBorrow, 90.0, Some(0.45)),
            row(StaticStr, 80.0, Some(0.23)),
            row(HipStr, 96.0, Some(52.9)),
        ];
        const RATE: u64 = 1_000_000;
        let threads = Constraints::default_for(Sharing::ClonedByMany);
        let pick = final_pick(ArcStrBorrow, &rows, &threads, RATE);
        assert_eq!(outcome(pick), (ArcStrBorrow, None, None, None));
        assert!(pick.agrees(ArcStrBorrow));
        // A fixed set: the leak fits, and it is cheaper than the borrow on both, so it is the pick.
        let fixed = Constraints { fixed_set: true, ..threads };
        assert_eq!(outcome(final_pick(ArcStrBorrow, &rows, &fixed, RATE)), (StaticStr, None, None, Some(ArcStrBorrow)));
        // Text that changes rules out Arc<str> and both strategies: the cheapest clone that can change.
        let changes = Constraints { changes: true, ..threads };
        assert_eq!(outcome(final_pick(ArcStrBorrow, &rows, &changes, RATE)), (String, Some(ArcStrBorrow), None, None));
        // Rc<str> on one thread fits (the borrowing strategy is for many threads); across tasks it
        // does not fit at all.
        let one = Constraints::default_for(Sharing::OneThread);
        assert_eq!(one.ruled_out(ArcStrBorrow), Some("a strategy for values cloned by many threads"));
        assert_eq!(outcome(final_pick(RcStr, &rows, &one, RATE)), (RcStr, None, None, None));
        let tasks = Constraints { needs_send: true, ..one };
        assert_eq!(final_pick(RcStr, &rows, &tasks, RATE).ruled_out, Some(RcStr));
        // A thousand clones a second: clone CPU is negligible for every row, so memory decides,
        // and the model parts from the rule without beating it on clone cost.
        let slow = final_pick(ArcStrBorrow, &rows, &threads, 1_000);
        assert_eq!(outcome(slow), (ArcStrBorrow, None, None, None), "90 bytes like Arc<str>, and the cheaper clone");
        let slow = final_pick(RcStr, &rows, &one, 1_000);
        assert_eq!(outcome(slow), (RcStr, None, None, None));
        assert_eq!(slow.weighed.decided_by, super::super::model::Decider::Memory);
        // A rule pick whose clone the machine did not measure gives way to the model's measured
        // row; with nothing measured, memory alone decides.
        let unmeasured = [row(CompactString, 12.0, None), row(String, 28.0, Some(3.6)), row(HipStr, 24.0, Some(0.46))];
        assert_eq!(outcome(final_pick(CompactString, &unmeasured, &one, RATE)), (HipStr, None, Some(CompactString), None));
        assert_eq!(final_pick(CompactString, &unmeasured[..1], &one, RATE).candidate(), CompactString);
    }
}
