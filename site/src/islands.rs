//! The live parts of the pre-rendered pages, mounted. At build time a page renders each live part as
//! a box, [`crate::live::Live`], that says what will appear there (or, for parts that do not depend
//! on the target, holds their first frame). In the browser, [`mount_all`] finds the boxes and mounts
//! each one's component into it: this module is the mount table, the one place that maps an island
//! to its component. Nothing else in the page is rendered by the wasm: the text is in the HTML.
//!
//! This is the islands pattern done with plain client-side mounting rather than Leptos's
//! `islands` feature, whose islands hydrate: their server markup must match the client's first
//! render, and our widgets' first render is target-specific (wasm32 sizes, live bytes) and must never
//! be produced natively. ARCHITECTURE.md has the longer why.

use leptos::prelude::*;

use crate::components::results::loader::ShippedReader;
use crate::content::Widget;
use crate::live::{Groups, Island, Tier};

impl Island {
    /// The component of an island every wasm carries (the page chrome).
    fn chrome_view(self) -> Option<AnyView> {
        use crate::components::theme_toggle::ThemeToggle;
        (self == Island::ThemeToggle).then(|| view! { <ThemeToggle/> }.into_any())
    }

    /// The component of a [`Tier::Lite`] island; `None` for the others. Each tier's function names
    /// its own components and defers to the tier below, so a wasm that mounts through
    /// `lite_view` links none of the others' code (one `match` over every component would link them
    /// all, whatever the island).
    fn lite_view(self) -> Option<AnyView> {
        use crate::components::{widgets::*, *};
        use Widget::*;
        Some(match self {
            Island::LayoutTable => view! { <layout_table::LayoutTable/> }.into_any(),
            Island::TryIt => view! { <try_it::TryIt/> }.into_any(),
            Island::SubmitSteps => view! { <submit_steps::SubmitSteps/> }.into_any(),
            Island::Search => view! { <search_box::SearchBox/> }.into_any(),
            Island::Widget(WidePointer) => view! { <wide_pointer::WidePointerWidget/> }.into_any(),
            Island::Widget(Vtable) => view! { <vtable::VtableWidget/> }.into_any(),
            Island::Widget(ArcInspector) => view! { <arc_inspector::ArcInspector/> }.into_any(),
            Island::Widget(SsoInspector) => view! { <sso_inspector::SsoInspector/> }.into_any(),
            Island::Widget(LayoutProbe) => view! { <layout_probe::LayoutProbe/> }.into_any(),
            Island::Widget(AltInspector) => view! { <alt_inspector::AltInspector/> }.into_any(),
            _ => return self.chrome_view(),
        })
    }

    /// The component of a [`Tier::Chapters`] island or one below; `None` for the others.
    fn chapters_view(self) -> Option<AnyView> {
        use crate::components::widgets::*;
        use Widget::*;
        Some(match self {
            Island::Widget(SizeTable) => view! { <size_table::SizeTable/> }.into_any(),
            Island::Widget(SsoBench) => view! { <sso_bench::SsoBench/> }.into_any(),
            Island::Widget(ArcSwapBench) => view! { <arcswap_bench::ArcSwapBench/> }.into_any(),
            Island::Widget(ArenaBench) => view! { <arena_bench::ArenaBench/> }.into_any(),
            Island::Widget(RecordedResults(suite)) => view! { <recorded_results::RecordedResults suite/> }.into_any(),
            _ => return self.lite_view(),
        })
    }

    /// The contention lab and the cache-lines lab: the islands only [`Tier::Lab`] carries.
    fn lab_view(self) -> Option<AnyView> {
        use crate::components::contention::{lab::ContentionLab, lines_lab::LinesLab};
        match self {
            Island::Widget(Widget::ContentionLab) => Some(view! { <ContentionLab/> }.into_any()),
            Island::Widget(Widget::AllocatorLab) => Some(view! { <ContentionLab allocator_ab=true/> }.into_any()),
            Island::Widget(Widget::LinesLab) => Some(view! { <LinesLab/> }.into_any()),
            _ => None,
        }
    }

    /// The component of a [`Tier::Bench`] island: `/bench` or the page chrome.
    fn bench_view(self) -> Option<AnyView> {
        use crate::components::bench::app::BenchApp;
        match self {
            Island::Bench => Some(view! { <BenchApp/> }.into_any()),
            _ => self.chrome_view(),
        }
    }

    /// `/choose`'s island.
    fn choose_only_view(self) -> Option<AnyView> {
        use crate::components::choose::app::ChooseApp;
        (self == Island::Choose).then(|| view! { <ChooseApp/> }.into_any())
    }

    /// The component of a [`Tier::Choose`] island: `/choose` or the page chrome.
    fn choose_view(self) -> Option<AnyView> {
        self.choose_only_view().or_else(|| self.chrome_view())
    }

    /// `/results`'s island.
    fn results_only_view(self) -> Option<AnyView> {
        use crate::components::results::app::ResultsApp;
        (self == Island::Results).then(|| view! { <ResultsApp/> }.into_any())
    }

    /// The component of a [`Tier::Results`] island: `/results` or the page chrome.
    fn results_view(self) -> Option<AnyView> {
        self.results_only_view().or_else(|| self.chrome_view())
    }

    /// The component of a [`Tier::Full`] island: any island.
    fn full_view(self) -> Option<AnyView> {
        self.bench_view()
            .or_else(|| self.lab_view())
            .or_else(|| self.choose_only_view())
            .or_else(|| self.results_only_view())
            .or_else(|| self.chapters_view())
    }
}

/// Mounts every island of the page into its box (the full wasm).
pub fn mount_all() {
    // This wasm validates the reader's own run, so it validates the shipped files too.
    mount_with(Tier::Full, Island::full_view, Some(ShippedReader::VALIDATE));
}

/// Mounts the islands of `/bench` (its contention lab comes with [`mount_lab`]).
pub fn mount_bench() {
    // This wasm validates the reader's own run, so it validates the shipped files too.
    mount_with(Tier::Bench, Island::bench_view, Some(ShippedReader::VALIDATE));
}

/// Mounts the islands of `/choose`.
pub fn mount_choose() {
    // The shipped files passed the validator at build time; this wasm only parses them.
    mount_with(Tier::Choose, Island::choose_view, Some(ShippedReader::PARSE));
}

/// Mounts the threaded labs of a page, beside the page's own wasm (which mounts the rest): only the
/// lab boxes, nothing of the page chrome; marks the moment as `lab-mounted`.
pub fn mount_lab() {
    for (el, island) in live_boxes().into_iter().filter_map(|(el, _, island)| Some((el, island?))) {
        if island.groups() == Groups::LAB {
            mount_box(&el, island, Island::lab_view, None);
        }
    }
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("lab-mounted");
    }
}

/// Mounts the islands of a page that loads the chapters' wasm.
pub fn mount_chapters() {
    // The shipped files passed the validator at build time; this wasm only parses them.
    mount_with(Tier::Chapters, Island::chapters_view, Some(ShippedReader::PARSE));
}

/// Mounts the islands of `/results` (the results wasm).
pub fn mount_results() {
    // `/results` reads the build's summary and parses the files it lists itself (`built_files.rs`).
    mount_with(Tier::Results, Island::results_view, None);
}

/// Mounts the islands of a page that loads the lite wasm.
pub fn mount_lite() {
    mount_with(Tier::Lite, Island::lite_view, None);
}

/// On a phone the site navigation is one row that scrolls sideways; scrolls it (and only it, never
/// the page) so the current page's link is in view rather than off the right edge.
fn reveal_current_nav(document: &web_sys::Document) {
    use wasm_bindgen::JsCast;
    let find = |selector: &str| document.query_selector(selector).ok().flatten().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let (Some(nav), Some(current)) = (find(".site-header nav"), find(".site-header nav a[aria-current=\"page\"]")) else { return };
    let (left, right) = (current.offset_left() - nav.offset_left(), current.offset_left() - nav.offset_left() + current.offset_width());
    if right > nav.scroll_left() + nav.client_width() || left < nav.scroll_left() {
        nav.set_scroll_left((right - nav.client_width() + 16).max(0));
    }
}

/// A case link (`/results/<file>/#clone-arc_str-t2-drop`) lands on its row. A long table scrolls in
/// its own box under a sticky header row (`table.tall`), and the browser's own jump to the row can
/// leave that header above the screen; this scrolls the box so the row sits just under its header,
/// then brings the box's top to the top of the screen. On load and on every later jump within the
/// page. (Without JavaScript, the rows' CSS scroll margin does a coarser job of the same.)
fn reveal_target_row(window: &web_sys::Window, document: &web_sys::Document) {
    use wasm_bindgen::JsCast;
    let reveal = {
        let document = document.clone();
        move || {
            let find = |selector: &str| document.query_selector(selector).ok().flatten();
            let Some(row) = find("table.tall tbody tr:target") else { return };
            let Some(scroller) = row.closest(".table-scroll").ok().flatten() else { return };
            let head = scroller.query_selector("thead").ok().flatten().map_or(0.0, |h| h.get_bounding_client_rect().height());
            let within =
                row.get_bounding_client_rect().top() - scroller.get_bounding_client_rect().top() + f64::from(scroller.scroll_top());
            scroller.set_scroll_top((within - head - 8.0).max(0.0) as i32);
            scroller.scroll_into_view_with_bool(true);
        }
    };
    reveal();
    let on_jump = wasm_bindgen::closure::Closure::<dyn Fn()>::new(reveal);
    let _ = window.add_event_listener_with_callback("hashchange", on_jump.as_ref().unchecked_ref());
    on_jump.forget(); // for the page's lifetime
}

/// Mounts each island into its box with `view_of` (the function of `tier`, which is what decides the
/// code a wasm links), each given `reader` for the results files it loads, and serves the page's
/// Copy buttons. Marks each box `data-mounted`, and the
/// moment the last one mounted as the `islands-mounted` performance mark.
fn mount_with(tier: Tier, view_of: fn(Island) -> Option<AnyView>, reader: Option<ShippedReader>) {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    crate::components::code_copy::listen(&document);
    reveal_current_nav(&document);
    reveal_target_row(&window, &document);
    for (el, name, island) in live_boxes() {
        let Some(island) = island else {
            leptos::logging::warn!("no island is named {name:?}");
            continue;
        };
        if island.groups() == Groups::LAB && !tier.groups().contains(Groups::LAB) {
            continue; // the lab wasm mounts it (`mount_lab`), loaded beside this one
        }
        if !tier.groups().contains(island.groups()) {
            leptos::logging::warn!("the {} wasm has no {name:?}: this page should load a larger one", tier.bin());
            continue;
        }
        mount_box(&el, island, view_of, reader);
    }
    // The page's Copy buttons work from now on (CSS shows them).
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("data-islands", "ready");
    }
    if let Some(performance) = window.performance() {
        let _ = performance.mark("islands-mounted");
    }
}

/// The page's island boxes (`[data-live]`), each with its `data-live` name and the island it names.
fn live_boxes() -> Vec<(web_sys::HtmlElement, String, Option<Island>)> {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return Vec::new() };
    let Ok(boxes) = document.query_selector_all("[data-live]") else { return Vec::new() };
    (0..boxes.length())
        .filter_map(|i| boxes.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .map(|el| {
            let name = el.get_attribute("data-live").unwrap_or_default();
            let island = Island::from_box(&name, el.get_attribute("data-suite").as_deref());
            (el, name, island)
        })
        .collect()
}

/// Mounts `island` into its box with `view_of`, keeping what the reader typed and any first frame
/// the build drew, and marks the box `data-mounted`.
fn mount_box(el: &web_sys::HtmlElement, island: Island, view_of: fn(Island) -> Option<AnyView>, reader: Option<ShippedReader>) {
    let typed = typed_values(el);
    // A first frame the build drew from data (`/results`'s ranking and chart) stays until the
    // island has its own data and removes it, so the page never blanks while it loads.
    if el.query_selector(":scope > [data-first-frame]").ok().flatten().is_none() {
        el.set_inner_html("");
    }
    leptos::mount::mount_to(el.clone(), move || {
        if let Some(reader) = reader {
            provide_context(reader);
        }
        view_of(island)
    })
    .forget();
    restore_typed(el, typed);
    let _ = el.set_attribute("data-mounted", "");
}

/// What the reader already typed into a pre-rendered island's fields (by id), and which had focus:
/// the page is usable before the wasm arrives, and mounting must not throw their text away.
fn typed_values(el: &web_sys::HtmlElement) -> Vec<(String, String, bool)> {
    use wasm_bindgen::JsCast;
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let Ok(inputs) = el.query_selector_all("input[id]") else { return Vec::new() };
    (0..inputs.length())
        .filter_map(|i| inputs.item(i)?.dyn_into::<web_sys::HtmlInputElement>().ok())
        .filter(|input| !input.value().is_empty())
        .map(|input| {
            let has_focus = focused.as_ref().is_some_and(|f| f.is_same_node(Some(&input)));
            (input.id(), input.value(), has_focus)
        })
        .collect()
}

/// Puts `typed` back into the mounted island's fields, telling the island with an `input` event.
fn restore_typed(el: &web_sys::HtmlElement, typed: Vec<(String, String, bool)>) {
    use wasm_bindgen::JsCast;
    for (id, value, has_focus) in typed {
        let found = el.query_selector(&format!("#{id}")).ok().flatten();
        let Some(input) = found.and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()) else { continue };
        input.set_value(&value);
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        if let Ok(event) = web_sys::Event::new_with_event_init_dict("input", &init) {
            let _ = input.dispatch_event(&event);
        }
        if has_focus {
            let _ = input.focus();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lab_wasm_mounts_no_page_chrome() {
        // The page chrome rides in every tier but the lab's, which is never a page's own wasm.
        assert!(Island::ThemeToggle.lab_view().is_none());
    }
}
