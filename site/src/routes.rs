//! Each page's title and description, from one source: `site/routes.json` for the pages and the
//! chapters' own Markdown (title and lede) for the chapters. The pre-renderer (`src/bin/prerender.rs`)
//! hands them to `scripts/postbuild.mjs`, which writes them into each route's `index.html`.

use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Deserialize)]
struct Page {
    path: String,
    title: String,
    description: String,
}

#[derive(Deserialize)]
struct Routes {
    site_name: String,
    pages: Vec<Page>,
}

fn routes() -> &'static Routes {
    static ROUTES: OnceLock<Routes> = OnceLock::new();
    ROUTES.get_or_init(|| serde_json::from_str(include_str!("../routes.json")).expect("site/routes.json is valid (a test checks it)"))
}

/// Text of an HTML fragment: tags dropped, the few entities our renderer writes decoded.
fn plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// The `<title>` and description of the page at `path` (without a trailing slash); `None` for a
/// path that is no page (the 404). A chapter's description is its lede with its facts filled by
/// `fill` ([`wasm_core::facts::Facts::fill`]).
pub fn page_meta(path: &str, fill: impl Fn(&str) -> String) -> Option<(String, String)> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let site = &routes().site_name;
    if let Some(page) = routes().pages.iter().find(|p| p.path == path) {
        let title = if path == "/" { format!("{site}: {}", page.title) } else { format!("{} · {site}", page.title) };
        return Some((title, page.description.clone()));
    }
    let slug = path.strip_prefix("/chapters/")?;
    let (_, chapter, _) = crate::content::chapter(slug)?;
    Some((format!("{} · {site}", chapter.title), plain(&fill(chapter.lede_html))))
}

/// The page of results file `file_name` (`x.json` → `/results/x/`): every file the build ships
/// has one (`pages/results_file.rs`).
pub fn results_file_path(file_name: &str) -> String {
    format!("/results/{}/", file_name.strip_suffix(".json").unwrap_or(file_name))
}

/// The site's name, as titles end.
pub fn site_name() -> &'static str {
    &routes().site_name
}

/// The title for a path that is no page.
pub fn not_found_title() -> String {
    format!("Page not found · {}", routes().site_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_and_chapter_has_a_title_and_description() {
        for page in &routes().pages {
            let (title, description) = page_meta(&page.path, str::to_owned).unwrap();
            assert!(title.contains(&page.title) && !description.is_empty(), "{}", page.path);
        }
        for c in crate::content::CHAPTERS {
            let (title, description) = page_meta(&format!("/chapters/{}/", c.slug), str::to_owned).unwrap();
            assert!(title.starts_with(c.title), "{title}");
            assert!(description.len() > 40, "{}: {description}", c.slug);
        }
        assert_eq!(page_meta("/nowhere", str::to_owned), None);
        assert_eq!(plain("<code>Arc&lt;str&gt;</code> &amp; co"), "Arc<str> & co");
    }
}
