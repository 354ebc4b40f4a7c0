//! One thing wrong with a results file ([`Problem`]), the escaping that keeps a file's own text
//! harmless in it, and the limits every checker shares (the validator, the plausibility and
//! consistency rules, the runners). A leaf: it imports nothing of this crate, so every rule module
//! can name a problem without importing the validator that calls it.

use std::fmt;

/// Largest results file accepted, in bytes (1 MiB).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// Longest label accepted, in characters.
pub const MAX_LABEL_CHARS: usize = 64;
/// Longest free-text field (CPU model, OS, notes, ...), in characters. Generous for real values; a
/// 100 KB "CPU model" is not one.
pub const MAX_TEXT_CHARS: usize = 256;
/// Most threads a case may report: the runner refuses more (`--threads`), so a file claiming more
/// was not written by it.
pub const MAX_THREADS: u32 = 1024;
/// Most points in a mapped-memory timeline.
pub const MAX_TIMELINE_POINTS: usize = 20_000;
/// Longest time a file may record, in nanoseconds: what a `u64` of nanoseconds holds (584 years).
/// The runner measures with `Duration`, so it never writes more; a larger time is not a measurement,
/// and sums of two such times (a median) would overflow to infinity.
pub const MAX_TIME_NS: f64 = u64::MAX as f64;
/// Most problems reported for one file; past it a last line says how many more there were, so a
/// file built to have 300,000 problems cannot flood a terminal or a page.
pub const MAX_PROBLEMS: usize = 50;

/// One thing wrong with a file: where (a JSON path such as `cases[2].threads`) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// JSON path of the offending value, or `file` for the file as a whole.
    pub field: String,
    /// What is wrong, in a short sentence.
    pub problem: String,
}

impl Problem {
    /// Both parts are escaped ([`escape_control`]): a file's own text (an unknown key, a label)
    /// reaches terminals, CI logs and the page through these messages.
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Problem { field: escape_control(&field.into()), problem: escape_control(&problem.into()) }
    }
}

/// Characters that must never reach a terminal or a CI log raw, nor stand in a field unseen:
/// control characters (newlines end a log line, so `\n::error ...` would become a GitHub workflow
/// command; ESC starts terminal escape sequences), the Unicode bidirectional controls, which reorder
/// what a reader sees, and the invisible format characters (zero-width spaces and joiners, the byte
/// order mark, word joiners, soft hyphens, the line and paragraph separators, tag characters), which
/// make two different texts look the same.
pub(crate) fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}'
                | '\u{E0000}'..='\u{E007F}'
                // Blank-looking letters and joiners: Hangul fillers, the combining grapheme joiner,
                // Khmer's invisible vowels, the blank Braille pattern, and variation selectors.
                | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{034F}' | '\u{17B4}' | '\u{17B5}' | '\u{2800}'
                | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}'
        )
}

/// `text` with every unsafe character written as a `\u{..}` escape (and `\` doubled, so an escape
/// in the output cannot be mistaken for one already in the input).
pub fn escape_control(text: &str) -> String {
    if !text.chars().any(|c| is_unsafe_char(c) || c == '\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if is_unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}
