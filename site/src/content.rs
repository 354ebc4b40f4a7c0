//! The chapters, as HTML generated at build time by `site/build.rs` from `content/chapters/*.md`.

/// A live widget placed in a chapter by a `<!-- widget: NAME -->` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Widget {
    /// `wide-pointer`: the two words of a `&str`, a `&[u32]` and a `&dyn Display`.
    WidePointer,
    /// `vtable`: the drop, size and align entries of a `&dyn Display`'s vtable.
    Vtable,
    /// `arc-inspector`: an `Arc<str>`'s heap block and counters, with buttons.
    ArcInspector,
    /// `size-table`: live wasm32 sizes beside the x86_64 ones from the results files.
    SizeTable,
    /// `sso-inspector`: inline or heap, for four string types and the reader's text.
    SsoInspector,
    /// `layout-probe`: `Option` sizes, a padded struct's bytes and `Arc<dyn Display>` offsets.
    LayoutProbe,
    /// `alt-inspector`: `ArcStr`, `triomphe::Arc<str>`, `Arc<String>`, `HipStr` and `Cow` opened up.
    AltInspector,
    /// `sso-bench`: the nine SSO variants timed in the browser on one input set.
    SsoBench,
    /// `arcswap-bench`: one reader, four ways to read a shared `Arc`, timed in the browser.
    ArcSwapBench,
    /// `arena-bench`: a list built with `Box` per node, a `Bump` and a herd, timed in the browser.
    ArenaBench,
    /// `contention-lab`: clone kernels on real threads in the reader's browser (the threaded tier).
    ContentionLab,
    /// `allocator-lab`: the contention lab set to the allocator A/B: `String` cloned and dropped on
    /// dlmalloc, in a bumpalo-herd arena per thread and from a per-thread pool, on 1 and 2 threads.
    AllocatorLab,
    /// `lines-lab`: counters updated by real threads in the reader's browser, sharing a cache line
    /// or not (the threaded tier).
    LinesLab,
    /// `recorded-results suite=SUITE`: every shipped results file's cases of one suite (one of
    /// [`RECORDED_SUITES`]).
    RecordedResults(&'static str),
}

impl Widget {
    /// The name a chapter writes (`<!-- widget: NAME -->`), which is also the `data-live` name of
    /// its box in the pre-rendered page.
    pub fn name(self) -> &'static str {
        match self {
            Widget::WidePointer => "wide-pointer",
            Widget::Vtable => "vtable",
            Widget::ArcInspector => "arc-inspector",
            Widget::SizeTable => "size-table",
            Widget::SsoInspector => "sso-inspector",
            Widget::LayoutProbe => "layout-probe",
            Widget::AltInspector => "alt-inspector",
            Widget::SsoBench => "sso-bench",
            Widget::ArcSwapBench => "arcswap-bench",
            Widget::ArenaBench => "arena-bench",
            Widget::ContentionLab => "contention-lab",
            Widget::AllocatorLab => "allocator-lab",
            Widget::LinesLab => "lines-lab",
            Widget::RecordedResults(_) => "recorded-results",
        }
    }

    /// Every widget without an argument (`RecordedResults` carries one of [`RECORDED_SUITES`]).
    const PLAIN: [Widget; 13] = [
        Widget::WidePointer,
        Widget::Vtable,
        Widget::ArcInspector,
        Widget::SizeTable,
        Widget::SsoInspector,
        Widget::LayoutProbe,
        Widget::AltInspector,
        Widget::SsoBench,
        Widget::ArcSwapBench,
        Widget::ArenaBench,
        Widget::ContentionLab,
        Widget::AllocatorLab,
        Widget::LinesLab,
    ];

    /// The widget named `name` ([`Widget::name`]) with argument `suite` ([`Widget::suite`]); `None`
    /// for anything else.
    pub fn from_name(name: &str, suite: Option<&str>) -> Option<Widget> {
        let recorded = RECORDED_SUITES.iter().map(|s| Widget::RecordedResults(s));
        Self::PLAIN.into_iter().chain(recorded).find(|w| w.name() == name && w.suite() == suite)
    }

    /// Whether the widget draws with d3.
    pub fn charts(self) -> bool {
        matches!(
            self,
            Widget::SsoBench
                | Widget::ArcSwapBench
                | Widget::ArenaBench
                | Widget::ContentionLab
                | Widget::AllocatorLab
                | Widget::LinesLab
                | Widget::RecordedResults(_)
        )
    }

    /// The argument a widget carries into its box (`data-suite`).
    pub fn suite(self) -> Option<&'static str> {
        match self {
            Widget::RecordedResults(suite) => Some(suite),
            _ => None,
        }
    }

    /// What the box says before the widget is live (and all along without JavaScript).
    pub fn what(self) -> &'static str {
        match self {
            Widget::WidePointer
            | Widget::Vtable
            | Widget::ArcInspector
            | Widget::SsoInspector
            | Widget::LayoutProbe
            | Widget::AltInspector => "Live: reads this page's own WebAssembly memory.",
            Widget::SizeTable => "Live: sizes measured in this page's WebAssembly, beside the native ones from the results files.",
            Widget::SsoBench | Widget::ArcSwapBench | Widget::ArenaBench => "Live: times the shared kernels in your browser.",
            Widget::ContentionLab | Widget::AllocatorLab => {
                "Live: runs the clone kernels on several threads in your browser, when you press Run."
            }
            Widget::LinesLab => "Live: updates counters on several threads in your browser, when you press Run.",
            Widget::RecordedResults(_) => "Live: charts the results files this site ships.",
        }
    }
}

/// A piece of a chapter: prose (trusted HTML generated from our own Markdown), a widget, or a
/// static layout diagram by name (`<!-- diagram: NAME -->`; the model layer draws it).
#[derive(Clone, Copy, Debug)]
pub enum Part {
    Html(&'static str),
    Widget(Widget),
    Diagram(&'static str),
}

/// One chapter.
#[derive(Debug)]
pub struct Chapter {
    /// The URL name: `/chapters/<slug>`.
    pub slug: &'static str,
    /// `NN` from the file name.
    pub number: u32,
    /// The `# Title`, as plain text.
    pub title: &'static str,
    /// The first paragraph, as inline HTML.
    pub lede_html: &'static str,
    /// The `##` sections: (id, title).
    pub sections: &'static [(&'static str, &'static str)],
    /// The body after the lede.
    pub parts: &'static [Part],
}

include!(concat!(env!("OUT_DIR"), "/chapters.rs"));

/// The chapter at `/chapters/<slug>`, with its neighbours in reading order.
pub fn chapter(slug: &str) -> Option<(Option<&'static Chapter>, &'static Chapter, Option<&'static Chapter>)> {
    let i = CHAPTERS.iter().position(|c| c.slug == slug)?;
    Some((i.checked_sub(1).map(|p| &CHAPTERS[p]), &CHAPTERS[i], CHAPTERS.get(i + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chapter_has_a_title_and_unique_slug() {
        for (i, c) in CHAPTERS.iter().enumerate() {
            assert!(!c.title.is_empty(), "{}", c.slug);
            assert!(CHAPTERS[i + 1..].iter().all(|d| d.slug != c.slug));
        }
    }

    #[test]
    fn recorded_results_name_known_suites() {
        for part in CHAPTERS.iter().flat_map(|c| c.parts) {
            if let Part::Widget(Widget::RecordedResults(suite)) = part {
                assert!(RECORDED_SUITES.contains(suite), "{suite}");
            }
        }
        assert!(RECORDED_SUITES.contains(&"sso") && RECORDED_SUITES.contains(&"arena"));
    }

    #[test]
    fn every_placed_widget_is_found_by_its_name() {
        for part in CHAPTERS.iter().flat_map(|c| c.parts) {
            if let Part::Widget(w) = *part {
                assert_eq!(Widget::from_name(w.name(), w.suite()), Some(w));
            }
        }
        assert_eq!(Widget::from_name("recorded-results", Some("nope")), None);
        assert_eq!(Widget::from_name("no-such-widget", None), None);
    }

    #[test]
    fn neighbours_follow_file_order() {
        if let [first, second, ..] = CHAPTERS {
            let (prev, this, next) = chapter(first.slug).unwrap();
            assert!(prev.is_none());
            assert_eq!(this.slug, first.slug);
            assert_eq!(next.unwrap().slug, second.slug);
        }
        assert!(chapter("no-such-chapter").is_none());
    }

    fn html_of(c: &Chapter) -> String {
        let mut html = c.lede_html.to_owned();
        for part in c.parts {
            if let Part::Html(h) = part {
                html.push_str(h);
            }
        }
        html
    }

    /// Every tag in the rendered chapters is a real HTML element: a type name written outside
    /// backticks (`Arc<str>`) once became an unknown `<str>` tag and vanished from the page.
    #[test]
    fn rendered_html_has_only_html_elements() {
        const ELEMENTS: &[&str] = &[
            "a",
            "blockquote",
            "br",
            "button",
            "code",
            "del",
            "div",
            "em",
            "h2",
            "h3",
            "h4",
            "hr",
            "img",
            "li",
            "ol",
            "p",
            "pre",
            "span",
            "strong",
            "sup",
            "table",
            "tbody",
            "td",
            "th",
            "thead",
            "tr",
            "ul",
        ];
        for c in CHAPTERS {
            let html = html_of(c);
            for (i, _) in html.match_indices('<') {
                let rest = html[i + 1..].trim_start_matches('/');
                if rest.starts_with("!--") {
                    continue;
                }
                let name: String = rest.chars().take_while(|ch| ch.is_ascii_alphanumeric()).collect();
                assert!(
                    ELEMENTS.contains(&name.as_str()),
                    "{}: unexpected tag <{name}> near {:?}",
                    c.slug,
                    &html[i..(i + 40).min(html.len())]
                );
            }
        }
    }

    /// Each `Arc<str>` written in a chapter's Markdown is on the page as text, in headings too.
    #[test]
    fn type_names_survive_as_text() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/chapters");
        for c in CHAPTERS {
            let file = std::fs::read_dir(&dir)
                .unwrap()
                .filter_map(|e| e.ok())
                .find(|e| e.file_name().to_string_lossy().ends_with(&format!("-{}.md", c.slug)))
                .unwrap();
            let src = std::fs::read_to_string(file.path()).unwrap();
            let written = src.matches("Arc<str>").count();
            let shown = html_of(c).matches("Arc&lt;str&gt;").count() + c.title.matches("Arc<str>").count();
            assert!(shown >= written, "{}: {written} Arc<str> in the Markdown, {shown} on the page", c.slug);
        }
        let titles: Vec<&str> = CHAPTERS.iter().flat_map(|c| c.sections.iter().map(|(_, t)| *t)).collect();
        assert!(titles.iter().any(|t| t.contains("Arc<str>")), "no section title keeps Arc<str>: {titles:?}");
    }
}
