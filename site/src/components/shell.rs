//! The page frame around every route: header with navigation and theme toggle, main area, footer.

use leptos::prelude::*;

use crate::live::{Island, Live};

/// The site navigation: (path, label).
const NAV: &[(&str, &str)] = &[
    ("/", "Home"),
    ("/chapters", "Chapters"),
    ("/choose", "Choose"),
    ("/bench", "Benchmarks"),
    ("/results", "Results"),
    ("/submit", "Submit yours"),
];

/// The repository the footer links to.
pub const REPOSITORY: &str = "https://github.com/arc-str-explained/arc-str-explained";

/// Where a page's text comes from, given by the pre-renderer (pages are only ever rendered there).
#[derive(Clone, Debug, PartialEq)]
pub struct PageSource {
    /// The page's path (`/chapters/cache-lines`), `None` for the 404 page.
    pub path: Option<String>,
    /// The file to edit, relative to the repository root.
    pub file: String,
    /// `YYYY-MM-DD` of the last commit that touched `file`; `None` outside a git checkout.
    pub last_changed: Option<String>,
}

impl PageSource {
    /// GitHub's editor for the file, on main.
    pub fn edit_url(&self) -> String {
        format!("{REPOSITORY}/edit/main/{}", self.file)
    }

    /// A new issue that names the page (paths are ASCII letters, digits, '-' and '/': nothing to escape).
    pub fn report_url(&self) -> String {
        let path = self.path.as_deref().unwrap_or("a%20missing%20page");
        format!("{REPOSITORY}/issues/new?title=Problem%20on%20{path}&body=Page:%20{path}%0A%0AWhat%20is%20wrong:%20")
    }
}

/// `current` is the navigation path of the page (marked `aria-current="page"`), "" for none.
#[component]
pub fn Shell(current: &'static str, children: Children) -> impl IntoView {
    let source = use_context::<PageSource>();
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <a href="/" class="brand">"arc-str explained"</a>
            <nav aria-label="Site">
                {NAV.iter().map(|&(path, label)| view! {
                    <a href=path aria-current=(path == current).then_some("page")>{label}</a>
                }).collect_view()}
            </nav>
            <a class="search-link" href="/search" aria-current=("/search" == current).then_some("page")>
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                    <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="1.8"/>
                    <path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>
                </svg>
                <span>"Search"</span>
            </a>
            <Live island=Island::ThemeToggle/>
        </header>
        <main id="main" tabindex="-1">{children()}</main>
        <footer class="site-footer">
            <p>
                "Facts and figures credited to the articles “Arc<str> vs String”, “More fun with SSO, part 2” "
                "and “If you want performance, cheat!”; text and code here are our own. "
                <a href=REPOSITORY>"Source and results on GitHub"</a> "."
            </p>
            {source.map(|s| view! {
                <p class="page-source" data-testid="page-source">
                    {s.last_changed.clone().map(|day| {
                        let datetime = day.clone();
                        view! { "Last changed " <time datetime=datetime>{day}</time> " · " }
                    })}
                    <a href=s.edit_url()>"Edit this page"</a> " · " <a href=s.report_url()>"Report a problem"</a>
                    " · " <a href="/glossary">"Glossary"</a>
                </p>
            })}
        </footer>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_links_to_its_file_and_to_a_new_issue_that_names_it() {
        let source = PageSource {
            path: Some("/chapters/cache-lines".into()),
            file: "content/chapters/09-cache-lines.md".into(),
            last_changed: None,
        };
        assert_eq!(source.edit_url(), format!("{REPOSITORY}/edit/main/content/chapters/09-cache-lines.md"));
        let report = source.report_url();
        assert!(report.starts_with(&format!("{REPOSITORY}/issues/new?title=Problem%20on%20/chapters/cache-lines&")), "{report}");
        assert!(!report.contains(' '), "{report}");
        let missing = PageSource { path: None, ..source };
        assert!(missing.report_url().contains("Problem%20on%20a%20missing%20page"));
    }
}
