//! Property test of the chooser's final pick: whatever the table's numbers, the reader's answers
//! and clone rate, the pick fits the answers, its clone (with the reads and creation charged to it) is within the model's tolerance of the
//! cheapest that fits, and no row that fits beats it on both memory and clone cost (native only: proptest's runner wants a
//! native std; an integration test, so `miri test --lib` does not run proptest's file persistence).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::model::limit_ns;
use wasm_core::choose::pick::final_pick;
use wasm_core::choose::{Candidate, CostRow};

fn beats(a: &CostRow, b: &CostRow) -> bool {
    let (Some(x), Some(y)) = (a.use_ns(), b.use_ns()) else { return false };
    a.bytes <= b.bytes && x <= y && (a.bytes < b.bytes || x < y)
}

/// One table: rows with random memory, clone, read and creation costs (some unmeasured), every row
/// charged the same reads per clone (0: the machine timed none) and the same share of creations.
fn rows() -> impl Strategy<Value = Vec<CostRow>> {
    let one = (
        0..Candidate::ALL.len(),
        1u32..200,
        proptest::option::weighted(0.8, 1u32..400),
        proptest::option::weighted(0.9, 1u32..100),
        proptest::option::weighted(0.9, 1u32..5000),
    );
    let creates_per_clone = prop_oneof![Just(0.0f64), 0.0001f64..10.0];
    (proptest::collection::vec(one, 1..12), prop_oneof![Just(0u32), 1u32..1000], creates_per_clone).prop_map(
        |(rows, reads, creates_per_clone)| {
            let mut v: Vec<CostRow> = rows
                .into_iter()
                .map(|(i, b, ns, read, create)| CostRow {
                    candidate: Candidate::ALL[i],
                    bytes: f64::from(b),
                    clone_ns: ns.map(f64::from),
                    read_ns: read.map(|r| f64::from(r) / 10.0),
                    reads,
                    create_ns: create.map(f64::from),
                    creates_per_clone,
                })
                .collect();
            v.sort_by_key(|r| Candidate::ALL.iter().position(|c| *c == r.candidate));
            v.dedup_by_key(|r| r.candidate);
            v
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
    #[test]
    fn the_final_pick_fits_and_is_never_beaten_on_both(rows in rows(), pick in 0..Candidate::ALL.len(), bits in 0u8..32, rate in 1u64..10_000_000_000) {
        let rule_pick = Candidate::ALL[pick];
        let answers = Constraints { needs_send: bits & 1 != 0, changes: bits & 2 != 0, fixed_set: bits & 4 != 0, same_value: bits & 8 != 0, cloned_by_many: bits & 16 != 0 };
        let last = final_pick(rule_pick, &rows, &answers, rate).candidate();
        prop_assert!(answers.fits(last), "{:?} does not fit {:?}", last, answers);
        // A measured row that fits means the pick is measured too.
        if rows.iter().any(|r| answers.fits(r.candidate) && r.use_ns().is_some()) {
            prop_assert!(rows.iter().any(|r| r.candidate == last && r.use_ns().is_some()), "{:?} is not measured", last);
        }
        // Its clone with its reads is as cheap as the cheapest that fits, within the model's
        // tolerance at this rate.
        let fitting_ns = rows.iter().filter(|r| answers.fits(r.candidate)).filter_map(CostRow::use_ns);
        if let (Some(min), Some(ns)) = (fitting_ns.reduce(f64::min), rows.iter().find(|r| r.candidate == last).and_then(CostRow::use_ns)) {
            prop_assert!(ns <= limit_ns(min, rate), "{:?} clones in {} ns; the cheapest that fits in {}", last, ns, min);
        }
        if let Some(last_row) = rows.iter().find(|r| r.candidate == last) {
            for r in rows.iter().filter(|r| answers.fits(r.candidate)) {
                prop_assert!(!beats(r, last_row), "{:?} beats the final pick {:?}", r, last_row);
            }
        } else {
            // Only when no row fits: String, which fits every answer.
            prop_assert!(last == Candidate::String && !rows.iter().any(|r| answers.fits(r.candidate)));
        }
    }
}
