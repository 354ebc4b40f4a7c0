//! The live parts of the pre-rendered pages. At build time a page renders each live part as a box,
//! [`Live`], that says what will appear there (or, for parts that do not depend on the target, holds
//! their first frame). In the browser, [`mount_all`] finds the boxes and mounts each one's component
//! into it. Nothing else in the page is rendered by the wasm: the text is in the HTML.
//!
//! This is the islands pattern done with plain client-side mounting rather than Leptos's
//! `islands` feature, whose islands hydrate: their server markup must match the client's first
//! render, and our widgets' first render is target-specific (wasm32 sizes, live bytes) and must never
//! be produced natively. ARCHITECTURE.md has the longer why.

use leptos::prelude::*;

use crate::components::results::loader::{read_shipped_with, validate_shipped};
use crate::content::Widget;
use crate::explorer::LoadedFile;

/// One kind of live part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Island {
    /// A widget a chapter places with `<!-- widget: NAME -->`.
    Widget(Widget),
    /// The header's light/dark switch.
    ThemeToggle,
    /// The home page's `size_of` table, measured on wasm32.
    LayoutTable,
    /// The home page's "type any text" line.
    TryIt,
    /// `/bench`: controls, run, chart and tables.
    Bench,
    /// `/choose`: the form, the advice and the table.
    Choose,
    /// `/results`: the results files loaded and charted.
    Results,
    /// `/submit`: the label field and the commands that use it.
    SubmitSteps,
    /// `/search`: the field and its results.
    Search,
}

impl Island {
    /// The box's `data-live` name.
    pub fn name(self) -> &'static str {
        match self {
            Island::Widget(w) => w.name(),
            Island::ThemeToggle => "theme-toggle",
            Island::LayoutTable => "layout-table",
            Island::TryIt => "try-it",
            Island::Bench => "bench",
            Island::Choose => "choose",
            Island::Results => "results",
            Island::SubmitSteps => "submit-steps",
            Island::Search => "search",
        }
    }

    /// Every island that is not a chapter widget.
    const PAGE_PARTS: [Island; 8] = [
        Island::ThemeToggle,
        Island::LayoutTable,
        Island::TryIt,
        Island::Bench,
        Island::Choose,
        Island::Results,
        Island::SubmitSteps,
        Island::Search,
    ];

    /// The island named by a box's `data-live` (and `data-suite`).
    pub fn from_box(name: &str, suite: Option<&str>) -> Option<Island> {
        Self::PAGE_PARTS.into_iter().find(|i| i.name() == name).or_else(|| Widget::from_name(name, suite).map(Island::Widget))
    }

    /// What the box says until the island is live, and all along without JavaScript.
    pub fn what(self) -> &'static str {
        match self {
            Island::Widget(w) => w.what(),
            Island::ThemeToggle | Island::SubmitSteps => "",
            Island::LayoutTable => "Live: the sizes of the string types, measured in this page's WebAssembly.",
            Island::TryIt => "Live: type any text and see what its &str holds.",
            Island::Bench => "Live: the benchmark runs in your browser, with JavaScript and WebAssembly.",
            Island::Choose => "Live: the comparison runs in your browser, with JavaScript and WebAssembly.",
            Island::Results => "Live: the results files are loaded and charted in your browser, with JavaScript.",
            Island::Search => "Live: the search runs in your browser, with JavaScript (the index is a file the build wrote).",
        }
    }

    /// The island groups a wasm needs to mount this island.
    pub fn groups(self) -> Groups {
        use Widget::*;
        match self {
            Island::ThemeToggle => Groups::CHROME,
            Island::LayoutTable | Island::TryIt | Island::SubmitSteps | Island::Search => Groups::INSPECTORS,
            Island::Widget(WidePointer | Vtable | ArcInspector | SsoInspector | LayoutProbe | AltInspector) => Groups::INSPECTORS,
            Island::Widget(SizeTable | SsoBench | ArcSwapBench | ArenaBench | RecordedResults(_)) => Groups::CHAPTERS,
            Island::Widget(ContentionLab | LinesLab) => Groups::LAB,
            Island::Results => Groups::RESULTS,
            Island::Bench => Groups::BENCH,
            Island::Choose => Groups::CHOOSE,
        }
    }

    /// The smallest wasm that carries this island.
    pub fn tier(self) -> Tier {
        Tier::for_groups(self.groups())
    }

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

/// The wasm builds of the site. Each carries some of the island groups ([`Groups`]): the page
/// chrome always; then the memory inspectors, the chapters' islands, and the `/results`, `/choose`
/// and `/bench` pages. A page loads the smallest one that carries all its islands (the pre-renderer
/// says which; see `scripts/postbuild.mjs`), so no page carries the code of another page's islands.
/// The threaded labs are the exception: [`Tier::Lab`] carries them alone, and a page that holds one
/// loads it beside its own wasm once the reader comes near the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// `src/bin/site-lite.rs`: the page chrome and the memory inspectors; nothing that loads a
    /// results file, runs a benchmark or charts.
    Lite,
    /// `src/bin/site-results.rs`: the page chrome and `/results` (the summary's ranking and the
    /// explorer); no validator, no benchmark kernels, no memory inspectors.
    Results,
    /// `src/bin/site-choose.rs`: the page chrome and `/choose`.
    Choose,
    /// `src/bin/site-chapters.rs`: the lite islands and the chapters' benchmarks, recorded results
    /// and size table.
    Chapters,
    /// `src/bin/site-lab.rs`: the contention lab (chapter 4, `/bench`) and the cache-lines lab
    /// (chapter 9) alone, without the page chrome: loaded beside a page's own wasm.
    Lab,
    /// `src/bin/site-bench.rs`: the page chrome and `/bench`.
    Bench,
    /// `src/main.rs`, trunk's own build: every island (no page needs it; a box no tier claims does).
    Full,
}

/// A set of island groups: what an island needs of a wasm, or what a wasm carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Groups(u8);

impl Groups {
    /// The page chrome (the theme toggle), which every wasm carries.
    pub const CHROME: Groups = Groups(0);
    pub const INSPECTORS: Groups = Groups(1);
    pub const CHAPTERS: Groups = Groups(2);
    pub const RESULTS: Groups = Groups(4);
    pub const CHOOSE: Groups = Groups(8);
    pub const BENCH: Groups = Groups(16);
    pub const LAB: Groups = Groups(32);
    pub const ALL: Groups = Groups(63);

    pub const fn with(self, other: Groups) -> Groups {
        Groups(self.0 | other.0)
    }

    pub fn contains(self, other: Groups) -> bool {
        self.0 & other.0 == other.0
    }
}

impl Tier {
    /// Every tier, smallest wasm first.
    pub const BY_SIZE: [Tier; 7] = [Tier::Lite, Tier::Lab, Tier::Results, Tier::Choose, Tier::Chapters, Tier::Bench, Tier::Full];

    /// The cargo binary that builds this tier's wasm.
    pub fn bin(self) -> &'static str {
        match self {
            Tier::Lite => "site-lite",
            Tier::Results => "site-results",
            Tier::Choose => "site-choose",
            Tier::Chapters => "site-chapters",
            Tier::Lab => "site-lab",
            Tier::Bench => "site-bench",
            Tier::Full => "site",
        }
    }

    /// The island groups this tier's wasm carries.
    pub fn groups(self) -> Groups {
        use Groups as G;
        let chapters = G::INSPECTORS.with(G::CHAPTERS);
        match self {
            Tier::Lite => G::INSPECTORS,
            Tier::Results => G::RESULTS,
            Tier::Choose => G::CHOOSE,
            Tier::Chapters => chapters,
            Tier::Lab => G::LAB,
            Tier::Bench => G::BENCH,
            Tier::Full => G::ALL,
        }
    }

    /// The smallest tier that carries `needed`.
    pub fn for_groups(needed: Groups) -> Tier {
        Tier::BY_SIZE.into_iter().find(|t| t.groups().contains(needed)).unwrap_or(Tier::Full)
    }

    /// The smallest tier that carries what both carry.
    pub fn join(self, other: Tier) -> Tier {
        Tier::for_groups(self.groups().with(other.groups()))
    }

    /// Whether this tier's wasm carries the islands of `other`.
    pub fn carries(self, other: Tier) -> bool {
        self.groups().contains(other.groups())
    }
}

/// An island's box in the static page. Without `children` it holds a note saying what will appear;
/// with them, their first frame (only for islands whose first frame is the same on every target).
/// The box keeps its size when the island mounts (CSS gives each kind its height), so nothing moves.
#[component]
pub fn Live(island: Island, #[prop(optional)] children: Option<Children>) -> impl IntoView {
    let inner = match children {
        Some(children) => Some(children()),
        None if island.what().is_empty() => None,
        None => Some(view! { <p class="live-note">{island.what()}</p> }.into_any()),
    };
    let suite = match island {
        Island::Widget(w) => w.suite(),
        _ => None,
    };
    view! { <div class="live" data-live=island.name() data-suite=suite>{inner}</div> }
}

/// The first frame the build drew into the box `box_selector` (`[data-live=NAME]`), while it is still
/// there: the island keeps it on screen until its own data has arrived (see `mount_with`).
pub fn first_frame(box_selector: &str) -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    document.query_selector(&format!("{box_selector} > [data-first-frame]")).ok().flatten()
}

/// Removes the box's first frame, once the island has replaced it.
pub fn remove_first_frame(box_selector: &str) {
    if let Some(old) = first_frame(box_selector) {
        old.remove();
    }
}

/// Removes one part of the box's first frame (its element marked `data-first-frame-part=PART`),
/// for an island whose parts go live one at a time; the rest of the frame stays.
pub fn remove_first_frame_part(box_selector: &str, part: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(Some(old)) = document.query_selector(&format!("{box_selector} > [data-first-frame] [data-first-frame-part={part}]")) {
        old.remove();
    }
}

/// Mounts every island of the page into its box (the full wasm).
pub fn mount_all() {
    // This wasm validates the reader's own run, so it validates the shipped files too.
    read_shipped_with(validate_shipped);
    mount_with(Tier::Full, Island::full_view);
}

/// Mounts the islands of `/bench` (its contention lab comes with [`mount_lab`]).
pub fn mount_bench() {
    // This wasm validates the reader's own run, so it validates the shipped files too.
    read_shipped_with(validate_shipped);
    mount_with(Tier::Bench, Island::bench_view);
}

/// Mounts the islands of `/choose`.
pub fn mount_choose() {
    // The shipped files passed the validator at build time; this wasm only parses them.
    read_shipped_with(LoadedFile::from_built_bytes);
    mount_with(Tier::Choose, Island::choose_view);
}

/// Mounts the threaded labs of a page, beside the page's own wasm (which mounts the rest): only the
/// lab boxes, nothing of the page chrome; marks the moment as `lab-mounted`.
pub fn mount_lab() {
    for (el, island) in live_boxes().into_iter().filter_map(|(el, _, island)| Some((el, island?))) {
        if island.groups() == Groups::LAB {
            mount_box(&el, island, Island::lab_view);
        }
    }
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("lab-mounted");
    }
}

/// Mounts the islands of a page that loads the chapters' wasm.
pub fn mount_chapters() {
    // The shipped files passed the validator at build time; this wasm only parses them.
    read_shipped_with(LoadedFile::from_built_bytes);
    mount_with(Tier::Chapters, Island::chapters_view);
}

/// Mounts the islands of `/results` (the results wasm).
pub fn mount_results() {
    mount_with(Tier::Results, Island::results_view);
}

/// Mounts the islands of a page that loads the lite wasm.
pub fn mount_lite() {
    mount_with(Tier::Lite, Island::lite_view);
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

/// Mounts each island into its box with `view_of` (the function of `tier`, which is what decides the
/// code a wasm links), and serves the page's Copy buttons. Marks each box `data-mounted`, and the
/// moment the last one mounted as the `islands-mounted` performance mark.
fn mount_with(tier: Tier, view_of: fn(Island) -> Option<AnyView>) {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    crate::components::code_copy::listen(&document);
    reveal_current_nav(&document);
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
        mount_box(&el, island, view_of);
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
fn mount_box(el: &web_sys::HtmlElement, island: Island, view_of: fn(Island) -> Option<AnyView>) {
    let typed = typed_values(el);
    // A first frame the build drew from data (`/results`'s ranking and chart) stays until the
    // island has its own data and removes it, so the page never blanks while it loads.
    if el.query_selector(":scope > [data-first-frame]").ok().flatten().is_none() {
        el.set_inner_html("");
    }
    leptos::mount::mount_to(el.clone(), move || view_of(island)).forget();
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
    fn every_island_is_found_by_its_box() {
        for island in Island::PAGE_PARTS {
            assert_eq!(Island::from_box(island.name(), None), Some(island));
        }
        let w = Island::Widget(Widget::RecordedResults("sso"));
        assert_eq!(Island::from_box(w.name(), Some("sso")), Some(w));
        assert_eq!(Island::from_box("nothing", None), None);
    }

    #[test]
    fn tiers_join_to_the_smallest_that_carries_both() {
        use Tier::*;
        let all = Tier::BY_SIZE;
        assert_eq!(Lite.join(Chapters), Chapters);
        assert_eq!(Lite.join(Results), Full, "the results wasm has no memory inspectors");
        assert_eq!(Results.join(Chapters), Full, "no tier carries only those two");
        assert_eq!(Choose.join(Results), Full);
        assert_eq!(Lab.join(Bench), Full, "the lab is loaded beside a page's wasm, never inside it");
        for a in all {
            for b in all {
                let j = a.join(b);
                assert!(j.carries(a) && j.carries(b), "{a:?} + {b:?} = {j:?}");
                assert_eq!(j, b.join(a));
            }
            assert!(Full.carries(a));
        }
        assert!(!Chapters.carries(Lab) && !Bench.carries(Lab) && !Bench.carries(Chapters) && !Lab.carries(Lite));
        assert!(!Results.carries(Chapters) && !Chapters.carries(Results) && !Choose.carries(Results));
        assert_eq!(Island::Widget(Widget::ContentionLab).tier(), Lab);
        assert_eq!(Island::Widget(Widget::LinesLab).tier(), Lab);
        assert_eq!(Island::Results.tier(), Results);
        assert_eq!(Island::Choose.tier(), Choose);
        assert_eq!(Island::Bench.tier(), Bench);
    }

    #[test]
    fn the_page_chrome_rides_in_every_tier_and_needs_no_more() {
        for tier in Tier::BY_SIZE {
            assert!(tier.groups().contains(Island::ThemeToggle.groups()), "{tier:?}");
        }
        // ... but the lab's, which is never a page's own wasm.
        assert!(Island::ThemeToggle.lab_view().is_none());
        // /results: the chrome and the results island, so the results wasm, not the full one.
        assert_eq!(Tier::for_groups(Island::ThemeToggle.groups().with(Island::Results.groups())), Tier::Results);
        // A chapter with an inspector and a recorded-results box: the chapters' wasm.
        let chapter = Island::Widget(Widget::ArcInspector).groups().with(Island::Widget(Widget::RecordedResults("clone")).groups());
        assert_eq!(Tier::for_groups(chapter), Tier::Chapters);
        assert_eq!(Tier::for_groups(Island::Results.groups().with(Island::TryIt.groups())), Tier::Full, "no tier carries only those");
        // /bench: the chrome and the bench page (its lab comes beside it).
        let bench = Island::ThemeToggle.groups().with(Island::Bench.groups());
        assert_eq!(Tier::for_groups(bench), Tier::Bench);
    }
}
