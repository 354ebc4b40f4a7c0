//! The reader's sample strings: one a line, bounded so that a pasted novel cannot stall the page,
//! and the preset length distributions the form offers.

/// Most strings the chooser measures; more lines are ignored (the page says so).
pub const MAX_STRINGS: usize = 500;
/// Longest string measured, in bytes; longer lines are cut at a character boundary.
pub const MAX_STRING_BYTES: usize = 4096;

/// The reader's strings as the chooser reads them, and what it left out, so the page can say so.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// One per line that is not blank, at most [`MAX_STRINGS`], each at most [`MAX_STRING_BYTES`].
    pub strings: Vec<&'a str>,
    /// Blank lines (empty, or spaces and tabs only): not strings.
    pub blank_lines: usize,
    /// Strings past the first [`MAX_STRINGS`], not measured.
    pub dropped: usize,
    /// Strings longer than [`MAX_STRING_BYTES`], cut to it (at a character boundary).
    pub cut: usize,
}

impl Parsed<'_> {
    /// What the chooser left out of the text box, as a sentence; `None` when it used every line whole.
    pub fn left_out(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.dropped > 0 {
            parts.push(format!("only the first {MAX_STRINGS} strings are measured; the other {} are not", self.dropped));
        }
        if self.cut > 0 {
            parts.push(format!("{} string(s) longer than {MAX_STRING_BYTES} bytes were cut to {MAX_STRING_BYTES}", self.cut));
        }
        if self.blank_lines > 0 {
            parts.push(format!("{} blank line(s) are not strings and were skipped", self.blank_lines));
        }
        (!parts.is_empty()).then(|| {
            let mut text = parts.join("; ");
            text[..1].make_ascii_uppercase();
            text + "."
        })
    }
}

/// The reader's strings as the page keeps them, parsed once per edit: owned, with [`Parsed::left_out`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    pub strings: Vec<String>,
    pub left_out: Option<String>,
}

impl Sample {
    pub fn of(text: &str) -> Sample {
        let parsed = parse(text);
        Sample { left_out: parsed.left_out(), strings: parsed.strings.into_iter().map(String::from).collect() }
    }

    /// The strings' lengths in bytes.
    pub fn lengths(&self) -> Vec<usize> {
        self.strings.iter().map(String::len).collect()
    }
}

/// The strings in `text`, one per line (a line ending in `\r\n` counts once, a trailing newline
/// adds none); see [`Parsed`] for what is left out.
pub fn parse(text: &str) -> Parsed<'_> {
    let mut parsed = Parsed::default();
    let lines = text.strip_suffix('\n').unwrap_or(text).split('\n').map(|line| line.strip_suffix('\r').unwrap_or(line));
    for line in lines {
        if line.trim_matches([' ', '\t']).is_empty() {
            parsed.blank_lines += usize::from(!text.is_empty());
            continue;
        }
        if parsed.strings.len() == MAX_STRINGS {
            parsed.dropped += 1;
            continue;
        }
        let mut end = line.len().min(MAX_STRING_BYTES);
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        parsed.cut += usize::from(end < line.len());
        parsed.strings.push(&line[..end]);
    }
    parsed
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
    fn one_string_per_line_bounded_and_what_is_left_out_is_counted() {
        assert_eq!(parse("a\nbb\n").strings, ["a", "bb"]);
        let p = parse("a\r\n\n  \nc");
        assert_eq!((p.strings.as_slice(), p.blank_lines), (["a", "c"].as_slice(), 2), "blank lines are not strings");
        assert_eq!(p.left_out().as_deref(), Some("2 blank line(s) are not strings and were skipped."));
        assert_eq!(parse(""), Parsed::default(), "an empty box has no strings and nothing to report");
        assert_eq!(parse("\n\n").strings.len(), 0);
        assert_eq!(parse(" x ").strings, [" x "], "a line with text keeps its spaces");
        let many = "x\n".repeat(MAX_STRINGS + 10);
        let p = parse(&many);
        assert_eq!((p.strings.len(), p.dropped), (MAX_STRINGS, 10));
        assert!(p.left_out().unwrap().starts_with("Only the first 500 strings are measured; the other 10"));
        let long = "é".repeat(MAX_STRING_BYTES);
        let p = parse(&long);
        assert!(p.strings[0].len() <= MAX_STRING_BYTES && p.strings[0].chars().all(|c| c == 'é'));
        assert_eq!(p.cut, 1);
        assert_eq!(parse("short").left_out(), None);
        for p in PRESETS {
            assert!(parse(p.text).strings.len() >= 4, "{}", p.id);
        }
    }
}
