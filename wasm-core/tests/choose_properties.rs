//! Property test of the chooser's final pick: whatever the table's numbers, no row the reader's
//! sharing allows beats it on both memory and clone cost (native only: proptest's runner wants a
//! native std; an integration test, so `miri test --lib` does not run proptest's file persistence).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use wasm_core::choose::{better_than_pick, Candidate, CostRow};

fn beats(a: &CostRow, b: &CostRow) -> bool {
    let (Some(x), Some(y)) = (a.clone_ns, b.clone_ns) else { return false };
    a.bytes <= b.bytes && x <= y && (a.bytes < b.bytes || x < y)
}

fn rows() -> impl Strategy<Value = Vec<CostRow>> {
    let one = (0..Candidate::ALL.len(), 1u32..200, proptest::option::weighted(0.8, 1u32..400))
        .prop_map(|(i, b, ns)| CostRow { candidate: Candidate::ALL[i], bytes: f64::from(b), clone_ns: ns.map(f64::from) });
    proptest::collection::vec(one, 1..12).prop_map(|mut v| {
        v.sort_by_key(|r| Candidate::ALL.iter().position(|c| *c == r.candidate));
        v.dedup_by_key(|r| r.candidate);
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
    #[test]
    fn the_final_pick_is_never_beaten_on_both(rows in rows(), pick in 0..Candidate::ALL.len(), needs_send: bool) {
        let pick = Candidate::ALL[pick];
        prop_assume!(rows.iter().any(|r| r.candidate == pick));
        let last = better_than_pick(pick.name(), &rows, needs_send).map_or(pick, |r| r.candidate);
        let last_row = rows.iter().find(|r| r.candidate == last).unwrap();
        // A replacement may cross threads whenever that is needed.
        prop_assert!(last == pick || !needs_send || last.is_send());
        for r in rows.iter().filter(|r| !needs_send || r.candidate.is_send()) {
            prop_assert!(!beats(r, last_row), "{:?} beats the final pick {:?}", r, last_row);
        }
    }
}
