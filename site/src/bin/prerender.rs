//! Renders every page of the site to HTML at build time (`prerender --help`). `prerender OUT.json
//! RESULTS_DIR` validates every results file of RESULTS_DIR (one that fails stops the build, named),
//! writes their summary to `summary.json` (the catalogue: a static host cannot list a folder) and
//! their headline measures to `headlines.json`, then writes one entry per route
//! to OUT.json: path, kind, name, title, description, whether it charts, which wasm it needs, its
//! `<head>` tags (`site::head`, naming the d3 subset given by `--d3-src` and `--d3-integrity`), the
//! `<body>` content and the specs of its static charts, which `scripts/postbuild.mjs` puts into
//! trunk's shell as each route's `index.html`. With `--search-index FILE` it also writes what
//! `/search` searches (`site::search_index`). Each results file's page (`/results/<file>/`) keeps
//! its body and charts in `OUT.json.files/N.json` instead, named by the entry's `content_file`.
//! `prerender --summary RESULTS_DIR [--keep-refused]` only writes the folder's two files (test
//! fixtures keep their bad files, as `refused`). The pages are the same Leptos components the site
//! is made of, rendered natively; the live parts come out as empty boxes (`live::Live`) that the
//! wasm fills in the browser.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use leptos::prelude::*;
    use site::head::{D3Subset, PageHead};
    use site::search::Entry;
    use site::static_data::StaticResults;
    use site::{routes, App, Route};
    use std::path::{Path, PathBuf};

    /// Renders every page of the site, or with `--summary` only writes the results folder's files.
    #[derive(clap::Parser)]
    #[command(name = "prerender")]
    struct Args {
        /// Where the pages list goes (JSON); each results file's page's content goes beside it in
        /// `OUT.files/`. Not with `--summary`.
        #[arg(required_unless_present = "summary", conflicts_with = "summary")]
        out: Option<PathBuf>,
        /// The results folder: read, validated, and given `summary.json` and `headlines.json`.
        #[arg(required_unless_present = "summary")]
        results_dir: Option<PathBuf>,
        /// Write only RESULTS_DIR's own files, rendering no page.
        #[arg(long, value_name = "RESULTS_DIR")]
        summary: Option<PathBuf>,
        /// With `--summary`: list the files that fail validation as refused instead of stopping
        /// (test fixtures keep their bad files).
        #[arg(long, requires = "summary")]
        keep_refused: bool,
        /// Also write what `/search` searches to this file.
        #[arg(long, value_name = "FILE", conflicts_with = "summary")]
        search_index: Option<PathBuf>,
        /// The d3 subset's URL, named in each page's head (`<meta name="d3-src">`).
        #[arg(long, value_name = "URL", requires = "d3_integrity", conflicts_with = "summary")]
        d3_src: Option<String>,
        /// The d3 subset's Subresource Integrity hash (`sha384-…`).
        #[arg(long, value_name = "HASH", requires = "d3_src")]
        d3_integrity: Option<String>,
    }

    pub fn main() {
        let args = <Args as clap::Parser>::parse();
        if let Some(dir) = &args.summary {
            write_results_files(dir, args.keep_refused);
            return;
        }
        let (Some(out), Some(dir)) = (&args.out, &args.results_dir) else { unreachable!("clap requires both without --summary") };
        let d3 = args.d3_src.zip(args.d3_integrity).map(|(src, integrity)| D3Subset { src, integrity });
        let data = write_results_files(dir, false);
        render_all(&data, out, args.search_index.as_deref(), d3.as_ref());
    }

    /// Prints `error: {message}` and exits with status 1.
    fn fail(message: impl std::fmt::Display) -> ! {
        eprintln!("error: {message}");
        std::process::exit(1);
    }

    /// The results folder's own files, once every file is valid: `summary.json` (the catalogue every
    /// page that loads results reads) and `headlines.json`. Returns what the pages are rendered from
    /// (the case medians the facts are computed from among it: no page fetches them, so they are not
    /// written).
    fn write_results_files(dir: &Path, keep_refused: bool) -> StaticResults {
        let files = site::static_data::read_folder(dir).unwrap_or_else(|e| fail(e));
        let data = StaticResults::of_folder(&files, keep_refused).unwrap_or_else(|e| fail(e));
        write_atomic(&dir.join("summary.json"), &serde_json::to_string(&*data.summary).expect("the summary serialises"));
        write_atomic(&dir.join("headlines.json"), &serde_json::to_string(&data.summary.headlines()).expect("the headlines serialise"));
        data
    }

    /// Every page into `out` (and each results file's page's content into `out.files/`), and with
    /// `search_index` what `/search` searches.
    fn render_all(data: &StaticResults, out: &Path, search_index: Option<&Path>, d3: Option<&D3Subset>) {
        /// The pages are each page's first frame: no effect runs and no resource resolves here.
        struct NeverRun;
        impl any_spawner::CustomExecutor for NeverRun {
            fn spawn(&self, _: any_spawner::PinnedFuture<()>) {}
            fn spawn_local(&self, _: any_spawner::PinnedLocalFuture<()>) {}
            fn poll_local(&self) {}
        }
        any_spawner::Executor::init_custom_executor(NeverRun).expect("the executor is set once");
        // Every results file has a page of its own. Its body and chart specs go to a file of their own
        // (`OUT.files/N.json`), so ten thousand pages never make one string too long for postbuild.
        let file_routes = data.machines.iter().enumerate().map(|(index, m)| {
            let file: &'static str = Box::leak(m.file_name.clone().into_boxed_str());
            (Some(routes::results_file_path(file)), Route::ResultsFile { index, file })
        });
        let bodies_dir = PathBuf::from(format!("{}.files", out.display()));
        let _ = std::fs::remove_dir_all(&bodies_dir);
        if let Err(e) = std::fs::create_dir_all(&bodies_dir) {
            fail(format!("cannot create {}: {e}", bodies_dir.display()));
        }
        // Chapter 4's ablation runs, each on a page beside its raw files (trunk copies content/ablation/).
        let ablation_dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/ablation"));
        let ablation_runs = site::pages::ablation::AblationRun::read_all(ablation_dir).unwrap_or_else(|e| fail(e));
        let ablation_routes = ablation_runs.into_iter().map(|run| {
            let run: &'static site::pages::ablation::AblationRun = Box::leak(Box::new(run));
            (Some(run.path()), Route::Ablation(run))
        });
        // What `/search` searches: every page's entries as it is rendered, then every machine's.
        let mut searched: Vec<Entry> = Vec::new();
        let pages: Vec<serde_json::Value> = Route::all()
            .into_iter()
            .chain(file_routes)
            .chain(ablation_routes)
            .map(|(path, route)| render_page(data, path, route, &bodies_dir, d3, &mut searched))
            .collect();
        write_atomic(out, &serde_json::to_string(&pages).expect("strings and bools serialise"));
        if let Some(file) = search_index {
            searched.extend(data.summary.machines.iter().map(site::search_index::machine_entry));
            write_atomic(file, &(serde_json::to_string(&searched).expect("strings serialise") + "\n"));
        }
    }

    /// A page's own name and its description.
    fn name_and_description(data: &StaticResults, path: Option<&str>, route: Route) -> (String, String) {
        match (path, route) {
            (_, Route::ResultsFile { index, .. }) => {
                let m = &data.summary.machines[index];
                (format!("{} · results file", m.label), site::pages::results_file::description(m))
            }
            (_, Route::Ablation(run)) => (
                format!("Ablation run {}", run.name),
                "The raw files behind chapter 4's harness table: every variant, every round.".to_owned(),
            ),
            (Some(p), _) => routes::page_meta(p, |text| data.facts.fill(text).unwrap_or_else(|e| panic!("{p}'s lede: {e}")))
                .unwrap_or_else(|| panic!("{p} has a title in site/routes.json or is a chapter")),
            (None, _) => ("Page not found".to_owned(), "There is no page at this address.".to_owned()),
        }
    }

    /// One page's entry in the pages list (path, kind, name, title, description, whether it charts,
    /// which wasm it needs, the `<body>` content and the specs of its static charts; a results
    /// file's page keeps the last two in a file of its own under `bodies_dir`), its search entries
    /// added to `searched`.
    fn render_page(
        data: &StaticResults,
        path: Option<String>,
        route: Route,
        bodies_dir: &Path,
        d3: Option<&D3Subset>,
        searched: &mut Vec<Entry>,
    ) -> serde_json::Value {
        let (name, description) = name_and_description(data, path.as_deref(), route);
        let title = routes::title(path.as_deref(), &name);
        let file = route.source_file();
        // A results file never changes once shipped, and ten thousand `git log`s would slow the build.
        let last_changed = if matches!(route, Route::ResultsFile { .. }) { None } else { last_changed(&file) };
        let source = site::components::shell::PageSource { path: path.clone(), last_changed, file };
        // `untrack`: rendering reads each signal once, outside any effect, which is the point here.
        let body = Owner::new().with(|| {
            provide_context(data.clone());
            provide_context(source);
            untrack(|| view! { <App route/> }.to_html())
        });
        let static_charts: Vec<serde_json::Value> =
            site::charts::take_static_charts().iter().map(|s| serde_json::from_str(s).expect("a spec is JSON")).collect();
        let (tier, lab) = tier_needed(&body);
        // `<!>` marks where text nodes meet for hydration; these pages are never hydrated.
        let body = body.replace("<!>", "");
        let rendered = site::search_index::RenderedPage {
            path: path.as_deref().unwrap_or_default(),
            kind: route.kind(),
            name: &name,
            description: &description,
            body: &body,
        };
        searched.extend(site::search_index::page_entries(&rendered));
        let mut page = serde_json::json!({
            "path": path,
            "kind": route.kind(),
            // The page's own name: its title without the site's.
            "name": name,
            "title": title,
            "description": description,
            "charts": route.charts(),
            // The page's own `<head>` tags, which postbuild puts into trunk's shell.
            "head": PageHead { path: path.as_deref(), kind: route.kind(), title: &title, description: &description, charts: route.charts() }.html(d3),
            // The cargo binary of the smallest wasm that carries every live part of the page.
            "wasm": tier.bin(),
            // The threaded labs' wasm, loaded beside it when the reader nears a lab; null without one.
            "lab_wasm": lab.map(|t| t.bin()),
        });
        // Drawn by postbuild into each `data-static-chart="N"` host, N the index in `static_charts`.
        let mut content = serde_json::json!({ "body": body, "static_charts": static_charts });
        if let Route::ResultsFile { index, .. } = route {
            let part = bodies_dir.join(format!("{index}.json"));
            write_atomic(&part, &content.to_string());
            page["content_file"] = part.display().to_string().into();
        } else {
            page["body"] = content["body"].take();
            page["static_charts"] = content["static_charts"].take();
        }
        page
    }

    /// `YYYY-MM-DD` of the last commit that touched `file` (relative to the repository root), from git;
    /// `None` when git or the history is not there (a source tarball): the footer then leaves it out.
    fn last_changed(file: &str) -> Option<String> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let out = std::process::Command::new("git").args(["-C", root, "log", "-1", "--format=%cs", "--", file]).output().ok()?;
        let day = String::from_utf8(out.stdout).ok()?.trim().to_owned();
        (out.status.success() && day.len() == 10).then_some(day)
    }

    /// Writes `text` to `path` through a temporary file beside it; exits naming the path on failure.
    fn write_atomic(path: &Path, text: &str) {
        let tmp = PathBuf::from(format!("{}.{}.tmp", path.display(), std::process::id()));
        if let Err(e) = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path)) {
            let _ = std::fs::remove_file(&tmp);
            fail(format!("cannot write {}: {e}", path.display()));
        }
    }

    /// The smallest wasm tier that carries every island box in `body` (`data-live="NAME"`, with
    /// `data-suite="SUITE"` for a widget that takes one) but the threaded labs, and the labs' tier
    /// where the page holds one. A box no island claims needs the full wasm, which is right for any name
    /// a future island adds before this learns it.
    fn tier_needed(body: &str) -> (site::live::Tier, Option<site::live::Tier>) {
        use site::live::{Groups, Island, Tier};
        let attr =
            |tag: &str, name: &str| tag.split(&format!(r#"{name}=""#)).nth(1).and_then(|rest| rest.split('"').next()).map(str::to_owned);
        let groups: Vec<Groups> = body
            .split("<div ")
            .filter_map(|rest| rest.split('>').next())
            .filter_map(|tag| Some((attr(tag, "data-live")?, attr(tag, "data-suite"))))
            .map(|(name, suite)| Island::from_box(&name, suite.as_deref()).map_or(Tier::Full.groups(), Island::groups))
            .collect();
        let has_lab = groups.contains(&Groups::LAB);
        let page = groups.into_iter().filter(|g| *g != Groups::LAB).fold(Groups::CHROME, Groups::with);
        (Tier::for_groups(page), has_lab.then_some(Tier::Lab))
    }
}
