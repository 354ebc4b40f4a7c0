//! Each page's title and description, from one source: `site/routes.json` for the pages and the
//! chapters' own Markdown (title and lede) for the chapters. The pre-renderer (`src/bin/prerender.rs`)
//! writes them into each page's head (`crate::head`) and the build's page list (`pages.json`). And
//! where the site is served from: [`site_url`].

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

/// The address of the site's own page or file `path` (`/chapters/clone-cost`, `/results/x.json`)
/// where the site is served. The build writes every page for the root of a domain;
/// `scripts/relocate.mjs` moves a built site under a base path (a GitHub Pages project site,
/// `/<repository>/`), rewriting its HTML and naming the base in `<meta name="site-base">`, which
/// this reads in the browser, so that what the wasm draws and fetches goes there too. Natively (the
/// pre-renderer, whose HTML the relocation rewrites) and without the meta, `path` itself. A `path`
/// that is not absolute is returned as it is.
pub fn site_url(path: &str) -> String {
    match path.strip_prefix('/') {
        Some(rest) => format!("{}{rest}", base()),
        None => path.to_owned(),
    }
}

/// The base path the site is served under, ending in `/`: [`site_url`].
fn base() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(|| {
        #[cfg(target_arch = "wasm32")]
        {
            let named = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(r#"meta[name="site-base"]"#).ok().flatten())
                .and_then(|meta| meta.get_attribute("content"))
                .filter(|base| base.starts_with('/') && base.ends_with('/'));
            if let Some(base) = named {
                return base;
            }
        }
        "/".to_owned()
    })
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

/// The own name and the description of the page at `path` (without a trailing slash); `None` for
/// a path that is no page (the 404). A chapter's description is its lede with its facts filled by
/// `fill` ([`wasm_core::facts::Facts::fill`]). Its `<title>` is [`title`] of the name.
pub fn page_meta(path: &str, fill: impl Fn(&str) -> String) -> Option<(String, String)> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    if let Some(page) = routes().pages.iter().find(|p| p.path == path) {
        return Some((page.title.clone(), page.description.clone()));
    }
    let slug = path.strip_prefix("/chapters/")?;
    let (_, chapter, _) = crate::content::chapter(slug)?;
    Some((chapter.title.to_owned(), plain(&fill(chapter.lede_html))))
}

/// The `<title>` of the page named `name` at `path` (`None`: the 404 page): the home page's starts
/// with the site's name, every other one ends with it.
pub fn title(path: Option<&str>, name: &str) -> String {
    let site = &routes().site_name;
    if path == Some("/") {
        format!("{site}: {name}")
    } else {
        format!("{name} · {site}")
    }
}

/// The page of results file `file_name` (`x.json` → `/results/x/`): every file the build ships
/// has one (`pages/results_file.rs`).
pub fn results_file_path(file_name: &str) -> String {
    format!("/results/{}/", file_name.strip_suffix(".json").unwrap_or(file_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natively_a_page_is_where_the_build_writes_it() {
        assert_eq!(site_url("/chapters/clone-cost"), "/chapters/clone-cost");
        assert_eq!(site_url("/"), "/");
        assert_eq!(site_url("#rules"), "#rules", "not absolute: left as it is");
    }

    #[test]
    fn every_page_and_chapter_has_a_title_and_description() {
        for page in &routes().pages {
            let (name, description) = page_meta(&page.path, str::to_owned).unwrap();
            assert!(name == page.title && !description.is_empty(), "{}", page.path);
        }
        for c in crate::content::CHAPTERS {
            let (name, description) = page_meta(&format!("/chapters/{}/", c.slug), str::to_owned).unwrap();
            assert_eq!(name, c.title);
            assert!(description.len() > 40, "{}: {description}", c.slug);
        }
        assert_eq!(title(Some("/"), "Home"), "arc-str explained: Home");
        assert_eq!(title(Some("/bench"), "Benchmarks"), "Benchmarks · arc-str explained");
        assert_eq!(title(None, "Page not found"), "Page not found · arc-str explained");
        assert_eq!(page_meta("/nowhere", str::to_owned), None);
        assert_eq!(plain("<code>Arc&lt;str&gt;</code> &amp; co"), "Arc<str> & co");
    }

    #[test]
    fn the_routes_are_the_listed_pages_and_the_chapters() {
        let all = crate::Route::all();
        let path_of = |kinds: &[&str]| -> Vec<String> {
            all.iter().filter(|(_, r)| kinds.contains(&r.kind())).filter_map(|(p, _)| p.clone()).collect()
        };
        let mut listed: Vec<String> = routes().pages.iter().map(|p| p.path.clone()).collect();
        let mut pages = path_of(&["page", "glossary"]);
        listed.sort();
        pages.sort();
        assert_eq!(pages, listed, "site/routes.json and Route::all name the same pages");
        let chapters: Vec<String> = crate::content::CHAPTERS.iter().map(|c| format!("/chapters/{}", c.slug)).collect();
        assert_eq!(path_of(&["chapter"]), chapters);
        assert_eq!(all.iter().filter(|(p, r)| p.is_none() && r.kind() == "not-found").count(), 1, "one 404 page, at no path");
    }
}
