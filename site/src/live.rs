//! What a page says about its live parts, at build time and in the browser alike: which
//! [`Island`] a box holds, the box itself ([`Live`]), and which wasm build ([`Tier`]) carries it.
//! Pages and components name islands through this module; only `islands.rs`, the mount table
//! above every feature, knows which component each one mounts.

use leptos::prelude::*;

use crate::content::Widget;

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
    pub(crate) const PAGE_PARTS: [Island; 8] = [
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
            Island::Widget(ContentionLab | AllocatorLab | LinesLab) => Groups::LAB,
            Island::Results => Groups::RESULTS,
            Island::Bench => Groups::BENCH,
            Island::Choose => Groups::CHOOSE,
        }
    }

    /// The smallest wasm that carries this island.
    pub fn tier(self) -> Tier {
        Tier::for_groups(self.groups())
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
/// A threaded lab's box carries `data-lab`, which the page's lab loader watches (`withLabLoader`).
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
    let lab = (island.tier() == Tier::Lab).then_some("");
    view! { <div class="live" data-live=island.name() data-suite=suite data-lab=lab>{inner}</div> }
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
        assert_eq!(Island::Widget(Widget::AllocatorLab).tier(), Lab);
        assert_eq!(Island::Results.tier(), Results);
        assert_eq!(Island::Choose.tier(), Choose);
        assert_eq!(Island::Bench.tier(), Bench);
    }

    #[test]
    fn the_page_chrome_rides_in_every_tier_and_needs_no_more() {
        for tier in Tier::BY_SIZE {
            assert!(tier.groups().contains(Island::ThemeToggle.groups()), "{tier:?}");
        }
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
