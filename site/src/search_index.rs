//! Builds what `/search` searches (`search-index.json`, [`crate::search::Entry`]) at build time:
//! the pre-renderer hands it each page as rendered and the results summary's machines. One entry per
//! chapter section and glossary entry (each under its `<h2 id>`), one per other page, one per
//! machine. The pages' own markup is the input, so the text is what a reader sees on the page.

use crate::search::Entry;
use wasm_core::summary::MachineSummary;

/// Most characters of text an entry keeps: enough for its snippets, small enough that the index of
/// every section stays one modest download.
const MAX_TEXT_CHARS: usize = 4000;

/// A page as the pre-renderer rendered it (`kind` as `Route::kind` names it).
pub struct RenderedPage<'a> {
    pub path: &'a str,
    pub kind: &'a str,
    /// Its own name: its title without the site's.
    pub name: &'a str,
    pub description: &'a str,
    /// The `<body>`'s content.
    pub body: &'a str,
}

/// The entries of one page: the page itself (its description and its text up to its first section)
/// and, for a chapter or the glossary, one per section. A results file's page is found through its
/// machine's entry ([`machine_entry`]); the search page and the 404 page are not found at all.
pub fn page_entries(page: &RenderedPage) -> Vec<Entry> {
    if matches!(page.kind, "results-file" | "not-found") || page.path == "/search" {
        return Vec::new();
    }
    let by_section = matches!(page.kind, "chapter" | "glossary");
    let main = main_of(page.body);
    let mut parts = main.split("<h2 id=\"");
    let head = parts.next().unwrap_or_default();
    let mut entries = vec![Entry {
        title: page.name.to_owned(),
        url: page.path.to_owned(),
        kind: if page.kind == "chapter" { "chapter" } else { "page" }.to_owned(),
        text: cut(format!("{} {}", page.description, text_of(head))),
    }];
    if !by_section {
        return entries;
    }
    for section in parts {
        let Some((id, rest)) = section.split_once('"') else { continue };
        // The heading is what follows the tag's `>` up to `</h2>`; the section's text is the rest.
        let after_tag = rest.split_once('>').map_or("", |(_, r)| r);
        let (heading, body) = after_tag.split_once("</h2>").unwrap_or((id, after_tag));
        let heading = text_of(heading);
        entries.push(Entry {
            title: if page.kind == "glossary" { heading } else { format!("{}: {heading}", page.name) },
            url: format!("{}#{id}", page.path),
            kind: page.kind.to_owned(),
            text: cut(text_of(body)),
        });
    }
    entries
}

/// A machine's entry: found by its label, CPU, arch, vendor or file name; it leads to its file's page.
pub fn machine_entry(m: &MachineSummary) -> Entry {
    Entry {
        title: m.label.clone(),
        url: crate::routes::results_file_path(&m.file),
        kind: "machine".to_owned(),
        text: format!("{} {} {} {}", m.cpu, m.arch, m.vendor, m.file),
    }
}

/// The page's `<main>`, where its own text is (not the header's navigation or the footer); the whole
/// body when it has none.
fn main_of(body: &str) -> &str {
    let Some(start) = body.find("<main") else { return body };
    let end = body.rfind("</main>").map_or(body.len(), |e| e + "</main>".len());
    &body[start..end.max(start)]
}

/// Tags inside a line of text: dropped without a space, so `<em>false</em> sharing` reads as words.
const INLINE_TAGS: [&str; 10] = ["em", "strong", "code", "a", "span", "abbr", "sub", "sup", "time", "wbr"];

/// The text of an HTML fragment as the renderer wrote it: scripts and styles dropped, inline tags
/// dropped, other tags read as a space, entities decoded, the headings' `¶` links gone and the
/// spaces folded.
fn text_of(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let name: String =
            tag.trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
        if (name == "script" || name == "style") && !tag.starts_with('/') {
            // Skip to the end of the element: its content is code, not text.
            let end = format!("</{name}");
            rest = rest.find(&end).map_or("", |e| rest[e..].split_once('>').map_or("", |(_, r)| r));
            out.push(' ');
        } else if !INLINE_TAGS.contains(&name.as_str()) {
            out.push(' ');
        }
    }
    out.push_str(rest);
    let decoded = html_escape::decode_html_entities(&out).replace('¶', "");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` cut to [`MAX_TEXT_CHARS`] characters.
fn cut(text: String) -> String {
    match text.char_indices().nth(MAX_TEXT_CHARS) {
        Some((at, _)) => text[..at].trim_end().to_owned(),
        None => text.trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page<'a>(path: &'a str, kind: &'a str, name: &'a str, body: &'a str) -> RenderedPage<'a> {
        RenderedPage { path, kind, name, description: "About it.", body }
    }

    fn framed(main: &str) -> String {
        format!(r#"<header><nav>Home Chapters</nav></header><main id="main">{main}</main><footer>Edit this page</footer>"#)
    }

    #[test]
    fn a_chapter_gives_its_page_and_each_section_with_text_and_no_markup() {
        let body = framed(concat!(
            r#"<h1>Cache lines</h1><p>Lede.</p>"#,
            r##"<h2 id="false-sharing">False sharing<a class="heading-anchor" href="#false-sharing">¶</a></h2><p>This is <em>false sharing</em>.</p>"##,
            r#"<h2 id="lse">Arm</h2><p>LSE &amp; LL/SC.</p><script>let x = "<p>no</p>";</script><p>After &lt;T&gt;.</p>"#,
        ));
        let entries = page_entries(&page("/chapters/cache-lines", "chapter", "Cache lines", &body));
        let urls: Vec<&str> = entries.iter().map(|e| e.url.as_str()).collect();
        assert_eq!(urls, ["/chapters/cache-lines", "/chapters/cache-lines#false-sharing", "/chapters/cache-lines#lse"]);
        assert_eq!(entries[0].text, "About it. Cache lines Lede.");
        assert_eq!(entries[1].title, "Cache lines: False sharing");
        assert_eq!(entries[1].text, "This is false sharing.", "inline markup leaves no stray spaces");
        assert_eq!(entries[2].text, "LSE & LL/SC. After <T>.", "entities decoded, scripts dropped");
        assert!(entries.iter().all(|e| e.kind == "chapter"));
    }

    #[test]
    fn glossary_entries_are_their_terms_and_other_pages_are_not_split() {
        let glossary = framed(r#"<h1>Glossary</h1><h2 id="mad">MAD</h2><p>Median absolute deviation.</p>"#);
        let entries = page_entries(&page("/glossary", "glossary", "Glossary", &glossary));
        assert_eq!((entries[0].kind.as_str(), entries[1].title.as_str(), entries[1].kind.as_str()), ("page", "MAD", "glossary"));
        assert_eq!(entries[1].url, "/glossary#mad");
        let submit = framed(r#"<h1>Submit</h1><p>Run the runner.</p><h2 id="x">Not split</h2>"#);
        let entries = page_entries(&page("/submit", "page", "Submit your results", &submit));
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].title, "Submit your results");
        assert!(entries[0].text.contains("Run the runner"), "the page's text up to its first section");
        assert!(
            !entries[0].text.contains("Edit this page") && !entries[0].text.contains("Home Chapters"),
            "the page's own text, not its frame"
        );
    }

    #[test]
    fn results_files_search_and_the_404_page_have_no_entry_of_their_own() {
        for (path, kind) in [("/results/x/", "results-file"), ("/search", "page"), ("", "not-found")] {
            assert!(page_entries(&page(path, kind, "X", &framed("<h1>X</h1><h2 id=\"a\">A</h2>"))).is_empty(), "{kind}");
        }
    }

    #[test]
    fn long_text_is_cut_at_a_character() {
        let body = framed(&format!("<p>{}</p>", "µ".repeat(5000)));
        let entries = page_entries(&page("/bench", "page", "Bench", &body));
        assert_eq!(entries[0].text.chars().count(), MAX_TEXT_CHARS);
    }
}
