//! The reader's sample strings: one a line, bounded so that a pasted novel cannot stall the page,
//! and the preset length distributions the form offers.

/// Most strings the chooser measures; more lines are ignored (the page says so).
pub const MAX_STRINGS: usize = 500;
/// Longest string measured, in bytes; longer lines are cut at a character boundary.
pub const MAX_STRING_BYTES: usize = 4096;

/// The strings in `text`: one per line (a trailing newline adds none), at most [`MAX_STRINGS`],
/// each at most [`MAX_STRING_BYTES`] bytes.
pub fn parse(text: &str) -> Vec<&str> {
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .take(MAX_STRINGS)
        .map(|line| {
            let mut end = line.len().min(MAX_STRING_BYTES);
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            &line[..end]
        })
        .collect()
}

/// A preset the form can fill the text box with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    pub text: &'static str,
}

/// Three typical populations of strings.
pub const PRESETS: [Preset; 3] = [
    Preset {
        id: "labels",
        label: "Short labels and keys",
        text: "user_id\neu-west-1\ncheckout\nGET\n200\nservice.name\nprod\nen-GB\norder_total\nv1.42.0\n",
    },
    Preset {
        id: "mixed",
        label: "Mixed: labels, paths and agents",
        text: "checkout\nregion:eu-west-1\n/api/v2/orders/0193a4c2/items\nMozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\nstatus:404\ntrace_id:4bf92f3577b34da6a3ce929d0e0e4736\nenv:prod\ndeadline exceeded after 3 retries\n",
    },
    Preset {
        id: "documents",
        label: "Long text: messages and documents",
        text: "SELECT id, name, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 50\nThe quick brown fox jumps over the lazy dog, and then it does so again, and again, until the end of the line.\nhttps://example.org/api/v2/orders/0193a4c2-7d1e-7c4b-9a55-3f1e2d4c5b6a/items?page=3&per_page=100\nerror: connection reset by peer while reading the response body from upstream checkout-7c9d8f6b5\n",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_string_per_line_bounded() {
        assert_eq!(parse("a\nbb\n"), ["a", "bb"]);
        assert_eq!(parse("a\r\n\nc"), ["a", "", "c"], "an empty line is an empty string");
        assert_eq!(parse(""), [""]);
        let many = "x\n".repeat(MAX_STRINGS + 10);
        assert_eq!(parse(&many).len(), MAX_STRINGS);
        let long = "é".repeat(MAX_STRING_BYTES);
        let cut = parse(&long)[0];
        assert!(cut.len() <= MAX_STRING_BYTES && cut.chars().all(|c| c == 'é'));
        for p in PRESETS {
            assert!(parse(p.text).len() >= 4, "{}", p.id);
        }
    }
}
