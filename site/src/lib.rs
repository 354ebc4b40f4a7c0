//! The explainer site: the `App` component and its routes. Pages live in `pages/` (one file per
//! route), reusable pieces in `components/`.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

pub mod charts;
pub mod components;
pub mod content;
pub mod explorer;
pub mod pages;
pub mod routes;

use components::shell::Shell;
use pages::{
    bench::Bench, chapter::ChapterPage, chapters_index::ChaptersIndex, choose::Choose, home::Home, not_found::NotFound,
    results::Results, submit::Submit,
};

/// Every heap request goes through this wrapper, so the chooser can count what a string type
/// allocates. Outside a measurement it adds one relaxed flag load per allocation.
#[global_allocator]
pub static HEAP: wasm_core::heap::CountingAlloc<std::alloc::System> = wasm_core::heap::CountingAlloc::new(std::alloc::System);

/// The whole site. Routes are plain paths; `scripts/postbuild.mjs` writes a copy of `index.html`
/// for each of them into `dist/`, so deep links work on any static host.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <Router>
            <Shell>
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=Home/>
                    <Route path=path!("/chapters") view=ChaptersIndex/>
                    <Route path=path!("/chapters/:slug") view=ChapterPage/>
                    <Route path=path!("/bench") view=Bench/>
                    <Route path=path!("/choose") view=Choose/>
                    <Route path=path!("/results") view=Results/>
                    <Route path=path!("/submit") view=Submit/>
                </Routes>
            </Shell>
        </Router>
    }
}
