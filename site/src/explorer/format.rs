//! Number formatting shared by tooltips and tables, so both say the same thing.

/// `value` with four significant digits, without exponent or trailing zeros: `186.3`, `0.004521`,
/// `1234567` (large values keep all their integer digits).
pub fn sig4(value: f64) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    if value == 0.0 {
        return "0".into();
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (3 - magnitude).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// Bytes as MiB with four significant digits.
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
