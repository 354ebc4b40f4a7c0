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
    /// `sso-bench`: the nine SSO variants timed in the browser on one input set.
    SsoBench,
    /// `arcswap-bench`: one reader, four ways to read a shared `Arc`, timed in the browser.
    ArcSwapBench,
    /// `arena-bench`: a list built with `Box` per node, a `Bump` and a herd, timed in the browser.
    ArenaBench,
    /// `recorded-results suite=SUITE`: every shipped results file's cases of one suite (one of
    /// [`RECORDED_SUITES`]).
    RecordedResults(&'static str),
}

/// A piece of a chapter: prose (trusted HTML generated from our own Markdown) or a widget.
#[derive(Clone, Copy, Debug)]
pub enum Part {
    Html(&'static str),
    Widget(Widget),
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
    fn neighbours_follow_file_order() {
        if let [first, second, ..] = CHAPTERS {
            let (prev, this, next) = chapter(first.slug).unwrap();
            assert!(prev.is_none());
            assert_eq!(this.slug, first.slug);
            assert_eq!(next.unwrap().slug, second.slug);
        }
        assert!(chapter("no-such-chapter").is_none());
    }
}
