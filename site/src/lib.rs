//! The explainer site. Every page is rendered once, at build time, into its own `index.html` by
//! `src/bin/prerender.rs` (the routes are [`Route`], the frame is [`App`]); in the browser the wasm
//! only mounts the live parts (`islands`). Pages live in `pages/` (one file per route), reusable
//! pieces in `components/`.

// The pages' view types nest deeply enough that rendering them to HTML needs more than 128 levels.
#![recursion_limit = "256"]

use leptos::prelude::*;

pub mod browser;
#[cfg(test)]
mod chapter_row_links;
pub mod charts;
pub mod components;
pub mod content;
pub mod head;
pub mod islands;
pub mod live;
pub mod loaded;
pub mod model;
pub mod own_run;
pub mod pages;
pub mod palette;
pub mod results_index;
pub mod routes;
pub mod search;
pub mod search_index;
pub mod static_data;

use components::shell::Shell;
use content::Chapter;
use pages::{
    ablation::{AblationPage, AblationRun},
    bench::Bench,
    chapter::ChapterPage,
    chapters_index::ChaptersIndex,
    choose::Choose,
    glossary::Glossary,
    home::Home,
    not_found::NotFound,
    results::Results,
    results_file::ResultsFilePage,
    search::Search,
    submit::Submit,
};

/// One page of the site.
#[derive(Clone, Copy, Debug)]
pub enum Route {
    Home,
    ChaptersIndex,
    Chapter(&'static Chapter),
    Bench,
    Choose,
    Results,
    Submit,
    /// `/results/<file>/`: the `index`th results file the build read (`file`, its name), on a page
    /// of its own. Not in [`Route::all`]: the pre-renderer adds one per file it read.
    ResultsFile {
        index: usize,
        file: &'static str,
    },
    /// `/ablation/<run>/`: one of chapter 4's ablation runs, from `content/ablation/<run>/`. Not in
    /// [`Route::all`]: the pre-renderer adds one per folder.
    Ablation(&'static AblationRun),
    /// `/glossary`, from `content/glossary.md`.
    Glossary,
    /// `/search`, over the build's `search-index.json`.
    Search,
    /// `404.html`: what a static host serves for a path with no file.
    NotFound,
}

impl Route {
    /// Every page, each with the path it is served at (`None` for the 404 page).
    pub fn all() -> Vec<(Option<String>, Route)> {
        let pages = [
            ("/", Route::Home),
            ("/chapters", Route::ChaptersIndex),
            ("/bench", Route::Bench),
            ("/choose", Route::Choose),
            ("/results", Route::Results),
            ("/submit", Route::Submit),
            ("/glossary", Route::Glossary),
            ("/search", Route::Search),
        ];
        let mut all: Vec<_> = pages.into_iter().map(|(p, r)| (Some(p.to_owned()), r)).collect();
        all.extend(content::CHAPTERS.iter().map(|c| (Some(format!("/chapters/{}", c.slug)), Route::Chapter(c))));
        all.push((None, Route::NotFound));
        all
    }

    /// What kind of page this is, as the build's page list (`pages.json`) names it: the search index
    /// splits a chapter and the glossary by section, and the tests visit every "page" and "chapter".
    pub fn kind(self) -> &'static str {
        match self {
            Route::Chapter(_) => "chapter",
            Route::Glossary => "glossary",
            Route::ResultsFile { .. } => "results-file",
            Route::Ablation(_) => "ablation",
            Route::NotFound => "not-found",
            Route::Home | Route::ChaptersIndex | Route::Bench | Route::Choose | Route::Results | Route::Submit | Route::Search => "page",
        }
    }

    /// The navigation link that is this page or its parent (`aria-current`).
    pub fn nav_path(self) -> &'static str {
        match self {
            Route::Home => "/",
            Route::ChaptersIndex | Route::Chapter(_) | Route::Ablation(_) => "/chapters",
            Route::Bench => "/bench",
            Route::Choose => "/choose",
            Route::Results | Route::ResultsFile { .. } => "/results",
            Route::Submit => "/submit",
            // Reached from the chapters' terms and the footer, not the top navigation.
            Route::Glossary | Route::NotFound => "",
            Route::Search => "/search",
        }
    }

    /// The repository file a reader edits to change this page's text: the chapter's Markdown, else
    /// the page's component.
    pub fn source_file(self) -> String {
        match self {
            Route::Chapter(c) => format!("content/chapters/{:02}-{}.md", c.number, c.slug),
            Route::Home => "site/src/pages/home.rs".into(),
            Route::ChaptersIndex => "site/src/pages/chapters_index.rs".into(),
            Route::Bench => "site/src/pages/bench.rs".into(),
            Route::Choose => "site/src/pages/choose.rs".into(),
            Route::Results => "site/src/pages/results.rs".into(),
            Route::ResultsFile { file, .. } => format!("content/results/{file}"),
            Route::Ablation(run) => format!("content/ablation/{}/README.md", run.name),
            Route::Submit => "site/src/pages/submit.rs".into(),
            Route::Glossary => "content/glossary.md".into(),
            Route::Search => "site/src/pages/search.rs".into(),
            Route::NotFound => "site/src/pages/not_found.rs".into(),
        }
    }

    /// Whether the page draws charts with d3 (the others do not load it).
    pub fn charts(self) -> bool {
        match self {
            Route::Bench | Route::Results => true,
            Route::Chapter(c) => c.parts.iter().any(|p| matches!(p, content::Part::Widget(w) if w.charts())),
            _ => false,
        }
    }
}

/// One whole page: the frame and the route's content.
#[component]
pub fn App(route: Route) -> impl IntoView {
    let page = match route {
        Route::Home => view! { <Home/> }.into_any(),
        Route::ChaptersIndex => view! { <ChaptersIndex/> }.into_any(),
        Route::Chapter(c) => view! { <ChapterPage this=c/> }.into_any(),
        Route::Bench => view! { <Bench/> }.into_any(),
        Route::Choose => view! { <Choose/> }.into_any(),
        Route::Results => view! { <Results/> }.into_any(),
        Route::ResultsFile { index, .. } => view! { <ResultsFilePage index/> }.into_any(),
        Route::Ablation(run) => view! { <AblationPage run/> }.into_any(),
        Route::Submit => view! { <Submit/> }.into_any(),
        Route::Glossary => view! { <Glossary/> }.into_any(),
        Route::Search => view! { <Search/> }.into_any(),
        Route::NotFound => view! { <NotFound/> }.into_any(),
    };
    view! { <Shell current=route.nav_path()>{page}</Shell> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_names_a_source_file_that_exists() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        for (_, route) in Route::all() {
            let file = route.source_file();
            assert!(root.join(&file).is_file(), "{file}");
        }
        let (_, ch, _) = content::chapter("cache-lines").unwrap();
        assert_eq!(Route::Chapter(ch).source_file(), "content/chapters/09-cache-lines.md");
    }
}
