//! Number formatting shared by tooltips and tables, so both say the same thing.

/// `n` and the noun, singular for one: "1 thread", "2 threads", "1 results file".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Bytes in B, KB or MB (powers of 1000, as the model's inputs are counts, not pages).
pub fn human_bytes(bytes: f64) -> String {
    match bytes {
        b if b >= 1e6 => format!("{} MB", sig(b / 1e6, 3, true)),
        b if b >= 1e3 => format!("{} KB", sig(b / 1e3, 3, true)),
        b => format!("{b:.0} B"),
    }
}

/// Clone CPU as a time of one core each second (ms, or µs under a tenth of a millisecond, so a
/// small figure keeps its digits), then `after_time` (what the time is of, where the text does not
/// say), then the share of that core.
pub fn core_time_text(core_share: f64, after_time: &str) -> String {
    let ms = core_share * 1e3;
    let time = if ms < 0.1 { format!("{} µs", sig(ms * 1e3, 3, true)) } else { format!("{} ms", sig(ms, 3, true)) };
    format!("{time}{after_time} ({} %)", sig(core_share * 100.0, 2, true))
}

/// `items` as a sentence lists them: "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `value` with four significant digits, without exponent or trailing zeros: `186.3`, `0.004521`,
/// `1234567` (large values keep all their integer digits).
pub fn sig4(value: f64) -> String {
    sig(value, 4, true)
}

/// `value` with `digits` significant digits, without exponent; trailing zeros trimmed when `trim`
/// (a figure printed to the precision its data has keeps them: `9.30`, not `9.3`).
pub fn sig(value: f64, digits: u32, trim: bool) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    if value == 0.0 {
        return "0".into();
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (digits as i32 - 1 - magnitude).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if trim && text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// How many significant digits a case's times support when every repeat is a whole number of
/// milliseconds (the article's published data): those of the millisecond figure, so 156 ms gives
/// 3 and its 9.298 ns per clone prints as 9.30. `None` for measured nanoseconds (four digits).
pub fn published_digits(repeat_times_ns: &[f64]) -> Option<u32> {
    let whole_ms = !repeat_times_ns.is_empty() && repeat_times_ns.iter().all(|t| *t >= 1e6 && (t / 1e6).fract() == 0.0);
    whole_ms.then(|| repeat_times_ns.iter().map(|t| ((t / 1e6).log10().floor() as u32) + 1).min().unwrap_or(4).clamp(1, 4))
}

/// Significant digits a median supports when its repeats spread `spread` either side (half their
/// range): digits down to the spread's own first digit, 1 to 4. `130.1` with a spread of 9 gives 3
/// ("130"), with 0.4 gives 4 ("130.1"), with 40 gives 2 ("130" again, its last 0 uncertain); no
/// spread gives 4.
pub fn digits_for_spread(median: f64, spread: f64) -> u32 {
    if !(median.is_finite() && spread.is_finite()) || median == 0.0 || spread <= 0.0 {
        return 4;
    }
    let place = |v: f64| v.abs().log10().floor() as i32;
    (place(median) - place(spread) + 1).clamp(1, 4) as u32
}

/// `value` rounded to `digits` significant digits, integer places included (`137.4` to 2 digits is
/// `140`, where [`sig`] keeps every integer digit); trailing zeros after the point trimmed.
pub fn rounded(value: f64, digits: u32) -> String {
    if !value.is_finite() || value == 0.0 {
        return sig(value, digits, true);
    }
    let dropped = value.abs().log10().floor() as i32 - digits as i32 + 1;
    if dropped <= 0 {
        return sig(value, digits, true);
    }
    let unit = 10f64.powi(dropped);
    format!("{:.0}", (value / unit).round() * unit)
}

/// Bytes as MiB with four significant digits.
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

#[cfg(test)]
mod tests {
    #[test]
    fn clone_cpu_keeps_its_digits_in_microseconds_below_a_tenth_of_a_millisecond() {
        // 26.4 ns at a million clones a second: 26.4 ms of each second.
        assert_eq!(core_time_text(0.0264, ""), "26.4 ms (2.6 %)");
        // 0.582 ns at a thousand a second: 0.582 µs, not "0.000582 ms".
        assert_eq!(core_time_text(5.82e-7, ""), "0.582 µs (0.000058 %)");
        assert_eq!(core_time_text(1e-4, " of one core each second"), "0.1 ms of one core each second (0.01 %)");
    }

    #[test]
    fn lists_read_as_a_sentence() {
        assert_eq!(super::and_list(&[]), "");
        assert_eq!(super::and_list(&["a"]), "a");
        assert_eq!(super::and_list(&["a", "b"]), "a and b");
        assert_eq!(super::and_list(&["a", "b", "c"]), "a, b and c");
    }

    use super::*;

    #[test]
    fn a_median_keeps_the_digits_its_spread_supports() {
        assert_eq!(digits_for_spread(130.1, 9.0), 3);
        assert_eq!(sig(130.1, digits_for_spread(130.1, 9.0), true), "130");
        assert_eq!(digits_for_spread(137.4, 40.0), 2);
        assert_eq!(rounded(137.4, 2), "140");
        assert_eq!(rounded(130.1, 3), "130");
        assert_eq!(rounded(0.4612, 2), "0.46");
        assert_eq!(rounded(53.2, 4), "53.2");
        assert_eq!(digits_for_spread(130.1, 0.4), 4);
        assert_eq!(digits_for_spread(84.0, 137.0), 1, "a spread larger than the value keeps one digit");
        assert_eq!(rounded(358.0, 1), "400");
        assert_eq!(digits_for_spread(5.0, 0.0), 4);
        assert_eq!(digits_for_spread(0.46, 0.02), 2);
    }

    #[test]
    fn four_significant_digits() {
        assert_eq!(sig4(186.2671), "186.3");
        assert_eq!(sig4(18.0), "18");
        assert_eq!(sig4(0.0045213), "0.004521");
        assert_eq!(sig4(1234567.8), "1234568");
        assert_eq!(sig4(-2.5), "-2.5");
        assert_eq!(sig4(0.0), "0");
        assert_eq!(sig4(9.99999), "10");
        assert_eq!(mib(3 << 20), 3.0);
    }

    /// Issue 22, §3: the reference's whole milliseconds are printed to the digits they have.
    #[test]
    fn published_milliseconds_print_to_their_own_precision() {
        assert_eq!(published_digits(&[156e6]), Some(3));
        assert_eq!(published_digits(&[51e6]), Some(2));
        assert_eq!(published_digits(&[4819e6]), Some(4));
        assert_eq!(published_digits(&[156.2e6]), None, "measured, not rounded");
        assert_eq!(sig(156e6 / 16_777_216.0, 3, false), "9.30");
        assert_eq!(sig(51e6 / 16_777_216.0, 2, false), "3.0");
        assert_eq!((count(1u32, "thread", "threads"), count(2u32, "thread", "threads")), ("1 thread".to_owned(), "2 threads".to_owned()));
    }
}
