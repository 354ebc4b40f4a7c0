//! Each page's own `<head>` tags: its title, description, canonical link, Open Graph and Twitter
//! tags, and where the d3 subset is. The pre-renderer writes them from what it knows of the page;
//! `scripts/postbuild.mjs` only puts them into trunk's shell, which has none of its own.

use html_escape::{encode_double_quoted_attribute as attr, encode_text};

/// The d3 subset postbuild bundled (`/d3-charts-<hash>.js`) and its Subresource Integrity hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D3Subset {
    pub src: String,
    pub integrity: String,
}

/// What a page's head says of it.
#[derive(Clone, Copy, Debug)]
pub struct PageHead<'a> {
    /// The page's address (`/chapters/clone-cost/`); `None` for 404.html, which is served at every
    /// address that has no page, so it names none: no canonical link and no `og:url`.
    pub path: Option<&'a str>,
    /// `Route::kind`: a chapter is an Open Graph article, every other page a website.
    pub kind: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    /// Whether the page charts: d3 then starts beside the wasm (`data-load`), else on first use.
    pub charts: bool,
}

impl PageHead<'_> {
    /// The tags, one per line, indented as the shell's own. Without `d3` (a build that only compares
    /// pages, as the contribution check does) there is no `d3-src` meta.
    pub fn html(&self, d3: Option<&D3Subset>) -> String {
        let mut tags = Vec::with_capacity(9);
        if let Some(d3) = d3 {
            let load = if self.charts { " data-load" } else { "" };
            tags.push(format!(r#"<meta name="d3-src" content="{}" data-integrity="{}"{load} />"#, attr(&d3.src), attr(&d3.integrity)));
        }
        let (title, description) = (attr(self.title), attr(self.description));
        tags.push(format!("<title>{}</title>", encode_text(self.title)));
        tags.push(format!(r#"<meta name="description" content="{description}" />"#));
        if let Some(path) = self.path {
            tags.push(format!(r#"<link rel="canonical" href="{}" />"#, attr(path)));
        }
        let og_type = if self.kind == "chapter" { "article" } else { "website" };
        tags.push(format!(r#"<meta property="og:type" content="{og_type}" />"#));
        tags.push(format!(r#"<meta property="og:title" content="{title}" />"#));
        tags.push(format!(r#"<meta property="og:description" content="{description}" />"#));
        if let Some(path) = self.path {
            tags.push(format!(r#"<meta property="og:url" content="{}" />"#, attr(path)));
        }
        tags.push(r#"<meta name="twitter:card" content="summary" />"#.to_owned());
        tags.join("\n    ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chapter() -> PageHead<'static> {
        PageHead {
            path: Some("/chapters/clone-cost/"),
            kind: "chapter",
            title: "What a clone costs · arc-str explained",
            description: "Arc<str> & String: \"cheap\"?",
            charts: true,
        }
    }

    fn d3() -> D3Subset {
        D3Subset { src: "/d3-charts-0123456789abcdef.js".into(), integrity: "sha384-abc+/=".into() }
    }

    #[test]
    fn a_chapter_is_an_article_at_its_own_address_with_its_text_escaped() {
        let html = chapter().html(Some(&d3()));
        assert!(html.contains("<title>What a clone costs · arc-str explained</title>"), "{html}");
        assert!(html.contains(r#"<meta name="description" content="Arc&lt;str&gt; &amp; String: &quot;cheap&quot;?" />"#), "{html}");
        assert!(html.contains(r#"<meta property="og:description" content="Arc&lt;str&gt; &amp; String: &quot;cheap&quot;?" />"#), "{html}");
        assert!(html.contains(r#"<link rel="canonical" href="/chapters/clone-cost/" />"#), "{html}");
        assert!(html.contains(r#"<meta property="og:url" content="/chapters/clone-cost/" />"#), "{html}");
        assert!(html.contains(r#"<meta property="og:type" content="article" />"#), "{html}");
        assert_eq!(html.matches("<title>").count(), 1);
    }

    #[test]
    fn d3_starts_beside_the_wasm_only_where_the_page_charts() {
        let charting = chapter().html(Some(&d3()));
        assert!(
            charting
                .contains(r#"<meta name="d3-src" content="/d3-charts-0123456789abcdef.js" data-integrity="sha384-abc+/=" data-load />"#),
            "{charting}"
        );
        let plain = PageHead { charts: false, ..chapter() }.html(Some(&d3()));
        assert!(plain.contains(r#"data-integrity="sha384-abc+/=" />"#) && !plain.contains("data-load"), "{plain}");
        assert!(!chapter().html(None).contains("d3-src"));
    }

    #[test]
    fn the_404_page_names_no_address_and_a_page_is_a_website() {
        let html = PageHead { path: None, kind: "not-found", ..chapter() }.html(None);
        assert!(!html.contains("canonical") && !html.contains("og:url"), "{html}");
        assert!(html.contains(r#"<meta property="og:type" content="website" />"#), "{html}");
        assert!(html.contains(r#"<meta name="twitter:card" content="summary" />"#), "{html}");
    }
}
