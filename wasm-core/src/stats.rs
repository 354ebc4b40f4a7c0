//! Summary statistics of a handful of repeat times. Median and MAD of five numbers are a sort and two
//! lookups; a statistics crate would add a dependency to the site's wasm for that, so they live here
//! in one tested function that the runner, the importer and the validator all share.

/// Summary of one case's per-repeat totals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Median (mean of the two middle values for an even count).
    pub median: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// Median absolute deviation from the median (unscaled).
    pub mad: f64,
}

fn median_of_sorted(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        // Halved before adding: two finite values near f64::MAX must not sum to infinity.
        sorted[n / 2 - 1] / 2.0 + sorted[n / 2] / 2.0
    }
}

/// Summarises `values`; `None` when empty or when any value is NaN.
pub fn summarize(values: &[f64]) -> Option<Summary> {
    if values.is_empty() || values.iter().any(|v| v.is_nan()) {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = median_of_sorted(&sorted);
    let mut deviations: Vec<f64> = sorted.iter().map(|v| (v - median).abs()).collect();
    deviations.sort_by(f64::total_cmp);
    Some(Summary { median, min: sorted[0], max: sorted[sorted.len() - 1], mad: median_of_sorted(&deviations) })
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn odd_even_and_single() {
        let s = summarize(&[5.0, 1.0, 3.0, 100.0, 2.0]).unwrap();
        assert_eq!(s, Summary { median: 3.0, min: 1.0, max: 100.0, mad: 2.0 });
        let s = summarize(&[4.0, 1.0, 2.0, 3.0]).unwrap();
        assert_eq!((s.median, s.mad), (2.5, 1.0));
        assert_eq!(summarize(&[7.0]).unwrap(), Summary { median: 7.0, min: 7.0, max: 7.0, mad: 0.0 });
    }

    #[test]
    fn finite_input_gives_a_finite_summary_within_its_range() {
        // The two middle values sum past f64::MAX; their mean does not.
        let s = summarize(&[f64::MAX, f64::MAX * 0.9, 1.0, f64::MAX]).unwrap();
        assert!(s.median.is_finite() && s.mad.is_finite(), "{s:?}");
        assert!(s.min <= s.median && s.median <= s.max);
        let s = summarize(&[1.7e308, 1.7e308]).unwrap();
        assert_eq!(s.median, 1.7e308);
    }

    #[test]
    fn empty_or_nan_has_no_summary() {
        assert_eq!(summarize(&[]), None);
        assert_eq!(summarize(&[1.0, f64::NAN]), None);
    }
}
