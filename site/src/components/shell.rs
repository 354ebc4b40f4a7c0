//! The page frame around every route: header with navigation and theme toggle, main area, footer.

use leptos::prelude::*;

use crate::islands::{Island, Live};

/// The site navigation: (path, label).
const NAV: &[(&str, &str)] = &[
    ("/", "Home"),
    ("/chapters", "Chapters"),
    ("/choose", "Choose"),
    ("/bench", "Benchmarks"),
    ("/results", "Results"),
    ("/submit", "Submit yours"),
];

/// `current` is the navigation path of the page (marked `aria-current="page"`), "" for none.
#[component]
pub fn Shell(current: &'static str, children: Children) -> impl IntoView {
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <a href="/" class="brand">"arc-str explained"</a>
            <nav aria-label="Site">
                {NAV.iter().map(|&(path, label)| view! {
                    <a href=path aria-current=(path == current).then_some("page")>{label}</a>
                }).collect_view()}
            </nav>
            <Live island=Island::ThemeToggle/>
        </header>
        <main id="main" tabindex="-1">{children()}</main>
        <footer class="site-footer">
            <p>
                "Facts and figures credited to the articles “Arc<str> vs String”, “More fun with SSO, part 2” "
                "and “If you want performance, cheat!”; text and code here are our own. "
                <a href="https://github.com/arc-str-explained/arc-str-explained">"Source and results on GitHub"</a> "."
            </p>
        </footer>
    }
}
