//! The site's search, run in the reader's browser over `search-index.json`, which the pre-renderer
//! writes (`crate::search_index`): every chapter section, glossary entry, page and machine. No
//! server: the index is a static file, fetched when `/search` opens.

use serde::{Deserialize, Serialize};

/// One thing the search can find: an entry of `search-index.json`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Entry {
    /// What the result is called: a section's chapter and heading, a term, a machine's label.
    pub title: String,
    /// Where it is: `/chapters/cache-lines#false-sharing`, `/glossary#mad`, `/results?machines=…`.
    pub url: String,
    /// `chapter`, `glossary`, `page` or `machine`.
    pub kind: String,
    /// Its text (a machine's CPU, arch and file).
    pub text: String,
}

/// One result: the entry and a short piece of its text around the first word found.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit<'a> {
    pub entry: &'a Entry,
    pub snippet: String,
}

/// Most results shown.
pub const MAX_HITS: usize = 30;

/// The entries holding every word of `query` (case-insensitive, anywhere in title or text), best
/// first: words in the title count most, then a glossary entry or a machine over a long section,
/// then how often the words occur. An empty query finds nothing.
pub fn search<'a>(entries: &'a [Entry], query: &str) -> Vec<Hit<'a>> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(u32, usize, Hit)> = entries
        .iter()
        .enumerate()
        .filter_map(|(order, e)| {
            let title = e.title.to_lowercase();
            let text = e.text.to_lowercase();
            let mut score = 0;
            for w in &words {
                let in_title = title.contains(w.as_str());
                let in_text = text.matches(w.as_str()).count().min(20) as u32;
                if !in_title && in_text == 0 {
                    return None;
                }
                score += if in_title { 100 } else { 0 } + in_text;
            }
            score += match e.kind.as_str() {
                "glossary" | "machine" => 10,
                _ => 0,
            };
            Some((score, order, Hit { entry: e, snippet: snippet(&e.text, &text, &words) }))
        })
        .collect();
    wasm_core::order::sort_by(&mut scored, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(MAX_HITS).map(|(_, _, hit)| hit).collect()
}

/// About 160 characters of `text` around the first of `words` it holds (`lower` is `text` in lower
/// case), cut at character boundaries, with an ellipsis where it was cut.
fn snippet(text: &str, lower: &str, words: &[String]) -> String {
    const BEFORE: usize = 60;
    const LENGTH: usize = 160;
    // Lower-casing can change byte lengths (rarely, outside ASCII); fall back to the start then.
    let at = words.iter().filter_map(|w| lower.find(w.as_str())).min().filter(|_| lower.len() == text.len()).unwrap_or(0);
    let start = text.char_indices().map(|(i, _)| i).take_while(|&i| i + BEFORE <= at).last().unwrap_or(0);
    let end = text.char_indices().map(|(i, _)| i).find(|&i| i >= start + LENGTH).unwrap_or(text.len());
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.push_str(text[start..end].trim());
    if end < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(title: &str, kind: &str, text: &str) -> Entry {
        Entry { title: title.into(), url: format!("/{}", title.to_lowercase().replace(' ', "-")), kind: kind.into(), text: text.into() }
    }

    #[test]
    fn every_word_must_match_and_titles_rank_first() {
        let entries = [
            entry("Cache lines: false sharing", "chapter", "Two counters in one line move between cores."),
            entry("False sharing", "glossary", "Threads that update different variables on one cache line."),
            entry("Arc swap", "chapter", "A cache of the pointer; sharing nothing."),
        ];
        let titles = |q: &str| search(&entries, q).iter().map(|h| h.entry.title.clone()).collect::<Vec<_>>();
        assert_eq!(titles("false sharing"), ["False sharing", "Cache lines: false sharing"], "the glossary entry first");
        assert_eq!(titles("CACHE"), ["Cache lines: false sharing", "False sharing", "Arc swap"]);
        assert_eq!(titles("cache counters"), ["Cache lines: false sharing"]);
        assert!(titles("   ").is_empty());
        assert!(titles("tokio").is_empty());
    }

    #[test]
    fn snippets_show_the_words_in_their_text() {
        let long = format!("{} the niche is here {}", "word ".repeat(40), "more ".repeat(60));
        let entries = [entry("Layout", "chapter", &long)];
        let hit = &search(&entries, "niche")[0];
        assert!(hit.snippet.starts_with('…') && hit.snippet.ends_with('…'), "{}", hit.snippet);
        assert!(hit.snippet.contains("the niche is here"));
        assert!(hit.snippet.chars().count() <= 162);
        // Not ASCII: cut at character boundaries.
        let entries = [entry("µs", "page", &"µ".repeat(400))];
        assert!(search(&entries, "µs").len() == 1);
    }
}
