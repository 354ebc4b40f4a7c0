//! Turns the chapters in `content/chapters/NN-slug.md` and the glossary (`content/glossary.md`)
//! into HTML at build time and writes `OUT_DIR/chapters.rs`, which `src/content.rs` includes. The
//! wasm never parses Markdown. A chapter's first use of each glossary term links to its entry.
//!
//! File rule (the same one `scripts/postbuild.mjs` uses for the route shells): a file belongs to the
//! explainer when its name matches `^\d+-[a-z0-9-]+\.md$`; files are ordered by name, `NN` is the
//! chapter number and the rest of the name is the slug (`/chapters/<slug>`).
//!
//! Format: first `# Title`; the next paragraph is the lede; `## Title {#id}` sections (an explicit id
//! is the deep link `/chapters/<slug>#id`; without one the id is derived from the title); a line
//! `<!-- widget: NAME -->` places a live widget; a widget that takes an argument is written
//! `<!-- widget: NAME key=value -->` (only `recorded-results suite=SUITE` today); a line
//! `<!-- diagram: NAME -->` places a static layout diagram (`site/src/model/layout_diagram.rs`). An
//! unknown widget or diagram name, a missing, unknown or extra argument, a duplicate id or a missing
//! title stops the build with the file and line.

use pulldown_cmark::{html, CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Widget names the site implements, and the `Widget` variant each becomes.
const WIDGETS: &[(&str, &str)] = &[
    ("wide-pointer", "WidePointer"),
    ("vtable", "Vtable"),
    ("arc-inspector", "ArcInspector"),
    ("size-table", "SizeTable"),
    ("sso-inspector", "SsoInspector"),
    ("layout-probe", "LayoutProbe"),
    ("alt-inspector", "AltInspector"),
    ("sso-bench", "SsoBench"),
    ("arcswap-bench", "ArcSwapBench"),
    ("arena-bench", "ArenaBench"),
    ("contention-lab", "ContentionLab"),
    ("allocator-lab", "AllocatorLab"),
    ("lines-lab", "LinesLab"),
];

/// Widgets that take one `key=value` argument: (name, variant, key, allowed values, static). The
/// variant gets the value: `Widget::RecordedResults("sso")`. The allowed values are also written
/// into `chapters.rs` under the static's name, so the site and this check share one list.
type ArgWidget = (&'static str, &'static str, &'static str, &'static [&'static str], &'static str);
const ARG_WIDGETS: &[ArgWidget] =
    &[("recorded-results", "RecordedResults", "suite", &["clone", "sso", "arcswap", "arena", "lines"], "RECORDED_SUITES")];

/// Diagram names the site draws: `DiagramKind::name`s (`site/src/model/layout_diagram.rs`; a unit
/// test there checks that every placed layout name is one of its kinds) and `crossover`
/// (`site/src/components/crossover.rs`).
const DIAGRAMS: &[&str] = &["thin-and-wide", "wide-pointers", "arc-inner", "small-strings", "crossover"];

enum Part {
    Html(String),
    /// The `Widget::...` expression, e.g. `SizeTable` or `RecordedResults("sso")`.
    Widget(String),
    /// A diagram's name, one of [`DIAGRAMS`].
    Diagram(String),
}

/// A glossary entry: its id on `/glossary`, and the words a chapter links to it (`<!-- terms: a, b -->`).
struct Term {
    id: String,
    words: Vec<String>,
}

struct Chapter {
    file: String,
    /// Where its headings' anchors point: `/chapters/<slug>`, or `/glossary`.
    path: String,
    /// Glossary ids already linked on this page: only a term's first use is.
    linked: HashSet<String>,
    slug: String,
    number: u32,
    title: String,
    lede_html: String,
    sections: Vec<(String, String)>,
    ids: HashSet<String>,
    links: Vec<(String, usize)>,
    parts: Vec<Part>,
}

/// `NN-slug.md` → `(NN, slug)`; `None` for files that are not chapters.
fn chapter_name(file: &str) -> Option<(u32, String)> {
    let stem = file.strip_suffix(".md")?;
    let (digits, slug) = stem.split_once('-')?;
    let ok_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let ok_slug = !slug.is_empty() && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !(ok_digits && ok_slug) {
        return None;
    }
    Some((digits.parse().ok()?, slug.to_owned()))
}

fn fail(file: &str, src: &str, offset: usize, msg: impl std::fmt::Display) -> ! {
    let line = src[..offset.min(src.len())].matches('\n').count() + 1;
    panic!("\n\ncontent/chapters/{file}:{line}: {msg}\n\n");
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn slugify(title: &str) -> String {
    let mut id = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_owned()
}

fn render(events: Vec<Event<'_>>) -> String {
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    out
}

/// Plain text of inline events (for section titles and the page title).
fn plain_text(events: &[Event<'_>]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            Event::SoftBreak | Event::HardBreak => Some(" "),
            _ => None,
        })
        .collect()
}

/// Collects the events up to (not including) the matching end tag.
fn take_until<'a>(iter: &mut impl Iterator<Item = (Event<'a>, std::ops::Range<usize>)>, end: TagEnd) -> Vec<Event<'a>> {
    let mut inner = Vec::new();
    for (event, _) in iter.by_ref() {
        if event == Event::End(end) {
            break;
        }
        inner.push(event);
    }
    inner
}

/// The chapters hold no raw HTML but comments (widget lines), so anything else that Markdown
/// parsed as HTML is a Rust type written outside backticks (`Arc<str>`, `Mutex<Bump>`) and becomes
/// text: otherwise the browser would swallow `<str>` as an unknown tag.
fn type_names_as_text(event: Event<'_>) -> Event<'_> {
    match event {
        Event::InlineHtml(t) | Event::Html(t) if !t.trim_start().starts_with("<!--") => Event::Text(t),
        other => other,
    }
}

fn widget_name(html: &str) -> Option<&str> {
    html.trim().strip_prefix("<!--")?.strip_suffix("-->")?.trim().strip_prefix("widget:").map(str::trim)
}

/// `NAME` or `NAME key=value` → the `Widget::...` expression, or why the line is wrong.
fn widget_variant(line: &str) -> Result<String, String> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap_or("");
    let args: Vec<&str> = words.collect();
    if let Some(&(_, variant)) = WIDGETS.iter().find(|(n, _)| *n == name) {
        return match args.as_slice() {
            [] => Ok(variant.to_owned()),
            _ => Err(format!("the widget `{name}` takes no arguments (found `{}`)", args.join(" "))),
        };
    }
    if let Some(&(_, variant, key, allowed, _)) = ARG_WIDGETS.iter().find(|(n, ..)| *n == name) {
        let value = match args.as_slice() {
            [arg] => arg.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')),
            _ => None,
        };
        return match value {
            Some(v) if allowed.contains(&v) => Ok(format!("{variant}({v:?})")),
            Some(v) => Err(format!("`{key}={v}`: unknown {key} (known: {})", allowed.join(", "))),
            None => Err(format!("the widget `{name}` needs exactly one argument, `{key}=VALUE` ({})", allowed.join(", "))),
        };
    }
    let mut known: Vec<&str> = WIDGETS.iter().map(|(n, _)| *n).collect();
    known.extend(ARG_WIDGETS.iter().map(|(n, ..)| *n));
    Err(format!("unknown widget `{name}` (known: {})", known.join(", ")))
}

/// Whether `c` may touch a linked word (a letter, digit or `_` would make it part of a longer word).
fn word_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// `text` as events with the first use on the page of each glossary term not yet `linked` turned
/// into a link to its entry. Whole words only, case as written in the glossary; the earliest match
/// wins, and the longest where two start together. A `{{fact}}` placeholder (filled by the
/// pre-renderer, `wasm_core::facts`) is kept whole: a term inside its name is no use of the term.
fn link_terms(text: &str, terms: &[Term], linked: &mut HashSet<String>) -> Vec<Event<'static>> {
    if let Some((before, after)) = text.split_once("{{") {
        if let Some((name, rest)) = after.split_once("}}") {
            let mut out = link_terms(before, terms, linked);
            out.push(Event::Text(format!("{{{{{name}}}}}").into()));
            out.extend(link_terms(rest, terms, linked));
            return out;
        }
    }
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let found = terms
            .iter()
            .filter(|t| !linked.contains(&t.id))
            .flat_map(|t| t.words.iter().map(move |w| (t, w)))
            .filter_map(|(t, w)| {
                rest.match_indices(w.as_str())
                    .find(|&(at, _)| !word_char(rest[..at].chars().next_back()) && !word_char(rest[at + w.len()..].chars().next()))
                    .map(|(at, _)| (at, std::cmp::Reverse(w.len()), t, w))
            })
            .min_by_key(|&(at, len, _, _)| (at, len));
        let Some((at, _, term, word)) = found else { break };
        if at > 0 {
            out.push(Event::Text(rest[..at].to_owned().into()));
        }
        out.push(Event::Html(format!("<a class=\"term\" href=\"/glossary#{}\">{}</a>", term.id, escape(word)).into()));
        linked.insert(term.id.clone());
        rest = &rest[at + word.len()..];
    }
    if !rest.is_empty() {
        out.push(Event::Text(rest.to_owned().into()));
    }
    out
}

/// The glossary's entries: each `## Title {#id}` and the `<!-- terms: ... -->` line that must follow
/// it. A missing terms line, or a word claimed by two entries, stops the build.
fn glossary_terms(file: &str, src: &str) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    let mut offset = 0;
    let mut pending: Option<(String, usize)> = None;
    for line in src.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(heading) = line.strip_prefix("## ") {
            if let Some((id, at)) = pending.take() {
                fail(file, src, at, format!("the entry `{id}` has no `<!-- terms: ... -->` line after its heading"));
            }
            let id = heading.rsplit_once("{#").and_then(|(_, id)| id.strip_suffix('}'));
            let id = id.unwrap_or_else(|| fail(file, src, at, "a glossary heading needs an id: `## Title {#id}`"));
            pending = Some((id.to_owned(), at));
        } else if let Some((id, _)) = pending.take() {
            let words = line.strip_prefix("<!--").and_then(|l| l.strip_suffix("-->")).and_then(|l| l.trim().strip_prefix("terms:"));
            let words =
                words.unwrap_or_else(|| fail(file, src, at, format!("the entry `{id}` must start with `<!-- terms: word, word -->`")));
            let words: Vec<String> = words.split(',').map(|w| w.trim().to_owned()).filter(|w| !w.is_empty()).collect();
            for w in &words {
                if let Some(other) = terms.iter().find(|t| t.words.contains(w)) {
                    fail(file, src, at, format!("`{w}` is a term of both `{}` and `{id}`", other.id));
                }
            }
            terms.push(Term { id, words });
        }
    }
    if let Some((id, at)) = pending {
        fail(file, src, at, format!("the entry `{id}` has no `<!-- terms: ... -->` line after its heading"));
    }
    terms
}

fn parse(file: &str, slug: String, number: u32, src: &str, path: String, terms: &[Term]) -> Chapter {
    let mut ch = Chapter {
        path,
        linked: HashSet::new(),
        file: file.to_owned(),
        slug,
        number,
        title: String::new(),
        lede_html: String::new(),
        sections: Vec::new(),
        ids: HashSet::new(),
        links: Vec::new(),
        parts: Vec::new(),
    };
    let opts = Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES;
    let mut iter = Parser::new_ext(src, opts).into_offset_iter().map(|(event, range)| (type_names_as_text(event), range));
    let mut buf: Vec<Event> = Vec::new();
    let mut expect_lede = false;
    let mut in_link = false;

    while let Some((event, range)) = iter.next() {
        match event {
            Event::Start(Tag::Heading { level: HeadingLevel::H1, .. }) => {
                if !ch.title.is_empty() {
                    fail(file, src, range.start, "a second `# ` title; sections start with `## `");
                }
                ch.title = plain_text(&take_until(&mut iter, TagEnd::Heading(HeadingLevel::H1)));
                expect_lede = true;
            }
            _ if ch.title.is_empty() => fail(file, src, range.start, "the chapter must start with a `# Title` line"),
            Event::Start(Tag::Paragraph) if expect_lede => {
                expect_lede = false;
                let inner = take_until(&mut iter, TagEnd::Paragraph);
                ch.lede_html = render(inner);
            }
            Event::Start(Tag::Heading { level, id, .. }) => {
                expect_lede = false;
                let inner = take_until(&mut iter, TagEnd::Heading(level));
                let title = plain_text(&inner);
                let id = id.map(|i| i.to_string()).unwrap_or_else(|| slugify(&title));
                if !ch.ids.insert(id.clone()) {
                    fail(file, src, range.start, format!("the section id `{id}` is used twice in this chapter"));
                }
                let tag = format!("h{}", level as usize);
                let mut h = format!("<{tag} id=\"{}\">{}", escape(&id), render(inner));
                writeln!(
                    h,
                    "<a class=\"heading-anchor\" href=\"{}#{}\" aria-label=\"Link to this section: {}\">¶</a></{tag}>",
                    ch.path,
                    escape(&id),
                    escape(&title)
                )
                .unwrap();
                buf.push(Event::Html(h.into()));
                if level == HeadingLevel::H2 {
                    ch.sections.push((id, title));
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                expect_lede = false;
                let lang = match &kind {
                    CodeBlockKind::Fenced(info) => info.split_whitespace().next().unwrap_or("").to_owned(),
                    CodeBlockKind::Indented => String::new(),
                };
                let code: String = take_until(&mut iter, TagEnd::CodeBlock)
                    .iter()
                    .map(|e| match e {
                        Event::Text(t) => t.as_ref(),
                        _ => "",
                    })
                    .collect();
                let class = if lang.is_empty() { String::new() } else { format!(" class=\"language-{}\"", escape(&lang)) };
                let label = if lang.is_empty() { "code".to_owned() } else { escape(&lang) };
                buf.push(Event::Html(
                    format!(
                        "<div class=\"code-block\"><button type=\"button\" class=\"copy-button\" data-copy aria-label=\"Copy this {label} code\">Copy</button>\
                         <pre tabindex=\"0\"><code{class}>{}</code></pre></div>\n",
                        escape(&code)
                    )
                    .into(),
                ));
            }
            Event::Start(Tag::Table(_)) => {
                expect_lede = false;
                buf.push(Event::Html("<div class=\"table-scroll\" tabindex=\"0\">".into()));
                buf.push(event);
            }
            Event::End(TagEnd::Table) => {
                buf.push(event);
                buf.push(Event::Html("</div>\n".into()));
            }
            Event::Html(ref text) if text.contains("diagram:") => {
                let name =
                    text.trim().strip_prefix("<!--").and_then(|t| t.strip_suffix("-->")).and_then(|t| t.trim().strip_prefix("diagram:"));
                let name = name.map(str::trim).filter(|n| DIAGRAMS.contains(n)).unwrap_or_else(|| {
                    fail(file, src, range.start, format!("unknown diagram line `{}` (known: {})", text.trim(), DIAGRAMS.join(", ")))
                });
                let html = render(std::mem::take(&mut buf));
                if !html.trim().is_empty() {
                    ch.parts.push(Part::Html(html));
                }
                ch.parts.push(Part::Diagram(name.to_owned()));
            }
            Event::InlineHtml(ref text) if text.contains("widget:") || text.contains("diagram:") => {
                fail(file, src, range.start, "a widget line must stand by itself, with a blank line before and after it");
            }
            Event::Html(ref text) if text.contains("widget:") => {
                let Some(name) = widget_name(text) else {
                    fail(
                        file,
                        src,
                        range.start,
                        format!("cannot read the widget line `{}`; write `<!-- widget: NAME -->` on a line by itself", text.trim()),
                    );
                };
                let variant = widget_variant(name).unwrap_or_else(|msg| fail(file, src, range.start, msg));
                let html = render(std::mem::take(&mut buf));
                if !html.trim().is_empty() {
                    ch.parts.push(Part::Html(html));
                }
                ch.parts.push(Part::Widget(variant));
            }
            Event::Start(Tag::Link { ref dest_url, .. }) => {
                if dest_url.starts_with("/chapters/") {
                    ch.links.push((dest_url.to_string(), range.start));
                }
                in_link = true;
                buf.push(event);
            }
            Event::End(TagEnd::Link) => {
                in_link = false;
                buf.push(event);
            }
            // A glossary term's first use on the page links to its entry (never inside a link).
            Event::Text(ref text) if !in_link && !terms.is_empty() => {
                buf.extend(link_terms(text, terms, &mut ch.linked));
            }
            Event::Start(Tag::HtmlBlock) | Event::End(TagEnd::HtmlBlock) => buf.push(event),
            other => {
                if matches!(other, Event::Start(_)) {
                    expect_lede = false;
                }
                buf.push(other);
            }
        }
    }
    if ch.title.is_empty() {
        fail(file, src, 0, "the chapter must start with a `# Title` line");
    }
    let html = render(buf);
    if !html.trim().is_empty() {
        ch.parts.push(Part::Html(html));
    }
    ch
}

/// Warns (does not fail: the text is another writer's) about links to chapters or sections that do
/// not exist.
fn check_links(chapters: &[Chapter], sources: &[String]) {
    for (ch, src) in chapters.iter().zip(sources) {
        for (url, offset) in &ch.links {
            let rest = &url["/chapters/".len()..];
            let (slug, id) = rest.split_once('#').map_or((rest, None), |(s, i)| (s, Some(i)));
            let line = src[..*offset].matches('\n').count() + 1;
            match chapters.iter().find(|c| c.slug == slug) {
                None => println!("cargo:warning=content/chapters/{}:{line}: link to unknown chapter `{slug}`", ch.file),
                Some(target) => {
                    if let Some(id) = id.filter(|i| !target.ids.contains(*i)) {
                        println!("cargo:warning=content/chapters/{}:{line}: link to unknown section `{slug}#{id}`", ch.file);
                    }
                }
            }
        }
    }
}

fn lit(s: &str) -> String {
    format!("{s:?}")
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let dir = manifest.join("..").join("content").join("chapters");
    println!("cargo:rerun-if-changed={}", dir.display());

    let mut files: Vec<(String, u32, String)> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|name| chapter_name(&name).map(|(n, slug)| (name, n, slug)))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();

    let glossary_path = manifest.join("..").join("content").join("glossary.md");
    println!("cargo:rerun-if-changed={}", glossary_path.display());
    let glossary_src = std::fs::read_to_string(&glossary_path).unwrap_or_else(|e| panic!("content/glossary.md: {e}"));
    let terms = glossary_terms("../glossary.md", &glossary_src);
    let glossary = parse("../glossary.md", "glossary".into(), 0, &glossary_src, "/glossary".into(), &[]);

    let mut chapters = Vec::new();
    let mut sources = Vec::new();
    let mut slugs = HashSet::new();
    for (name, number, slug) in files {
        let path: &Path = &dir.join(&name);
        println!("cargo:rerun-if-changed={}", path.display());
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("content/chapters/{name}: {e}"));
        if !slugs.insert(slug.clone()) {
            panic!("\n\ncontent/chapters/{name}: another chapter already has the slug `{slug}`\n\n");
        }
        let path = format!("/chapters/{slug}");
        chapters.push(parse(&name, slug, number, &src, path, &terms));
        sources.push(src);
    }
    check_links(&chapters, &sources);

    let mut out = String::from("// Generated by site/build.rs from content/chapters/*.md and content/glossary.md. Do not edit.\n\npub static CHAPTERS: &[Chapter] = &[\n");
    for ch in &chapters {
        out.push_str(&chapter_literal(ch));
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// `/glossary`, from content/glossary.md (number 0: it is no chapter).\npub static GLOSSARY: Chapter = {};",
        chapter_literal(&glossary).trim_end().trim_end_matches(',')
    )
    .unwrap();
    let entries: Vec<String> =
        terms.iter().map(|t| format!("({}, &[{}])", lit(&t.id), t.words.iter().map(|w| lit(w)).collect::<Vec<_>>().join(", "))).collect();
    writeln!(
        out,
        "\n/// The glossary's entries: (id, the words a chapter links to it).\npub static GLOSSARY_TERMS: &[(&str, &[&str])] = &[{}];",
        entries.join(", ")
    )
    .unwrap();
    for (_, variant, _, allowed, name) in ARG_WIDGETS {
        let list: Vec<String> = allowed.iter().map(|v| lit(v)).collect();
        writeln!(
            out,
            "\n/// The values `Widget::{variant}` may carry (checked at build time).\npub static {name}: &[&str] = &[{}];",
            list.join(", ")
        )
        .unwrap();
    }
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("chapters.rs");
    std::fs::write(dest, out).unwrap();
}

/// `Chapter { ... },` for the generated file.
fn chapter_literal(ch: &Chapter) -> String {
    let sections: Vec<String> = ch.sections.iter().map(|(id, t)| format!("({}, {})", lit(id), lit(t))).collect();
    let parts: Vec<String> = ch
        .parts
        .iter()
        .map(|p| match p {
            Part::Html(h) => format!("Part::Html({})", lit(h)),
            Part::Widget(w) => format!("Part::Widget(Widget::{w})"),
            Part::Diagram(d) => format!("Part::Diagram({d:?})"),
        })
        .collect();
    format!(
        "    Chapter {{ slug: {}, number: {}, title: {}, lede_html: {}, sections: &[{}], parts: &[{}] }},\n",
        lit(&ch.slug),
        ch.number,
        lit(&ch.title),
        lit(&ch.lede_html),
        sections.join(", "),
        parts.join(", ")
    )
}
