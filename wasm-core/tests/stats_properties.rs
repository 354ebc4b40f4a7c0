//! Property tests of the summary statistics every results file is checked against: for any finite
//! input, the median and MAD are finite, the median lies between min and max, and the MAD is at
//! most their span (issue 19: a median once overflowed to infinity).

#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use wasm_core::stats::summarize;

proptest! {
    #[test]
    fn any_finite_input_gives_a_bounded_summary(values in prop::collection::vec(prop::num::f64::NORMAL | prop::num::f64::ZERO | prop::num::f64::SUBNORMAL, 1..200)) {
        let s = summarize(&values).expect("a summary of a non-empty finite list");
        prop_assert!(s.median.is_finite() && s.mad.is_finite(), "{s:?}");
        prop_assert!(s.min <= s.median && s.median <= s.max, "{s:?}");
        prop_assert!((s.mad >= 0.0 && s.mad <= s.max - s.min) || (s.max - s.min).is_infinite(), "{s:?}");
    }

    #[test]
    fn times_within_a_u64_of_nanoseconds_summarise_exactly_in_order(values in prop::collection::vec(1.0f64..=wasm_core::validate::MAX_TIME_NS, 1..50)) {
        let s = summarize(&values).unwrap();
        let mut sorted = values.clone();
        sorted.sort_by(f64::total_cmp);
        prop_assert_eq!(s.min, sorted[0]);
        prop_assert_eq!(s.max, *sorted.last().unwrap());
        prop_assert!(s.mad <= s.max - s.min);
    }
}
