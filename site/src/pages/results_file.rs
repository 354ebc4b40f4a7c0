//! `/results/<file>/`: one results file on a page of its own, written at build time for every
//! shipped file and readable without JavaScript: the machine card, every case as a table row with an
//! anchor a chapter links a figure to, the clone suite's chart drawn at build time, and links to the
//! raw JSON and to the explorer views that chart it.

use leptos::prelude::*;
use wasm_core::results::{CaseResult, ResultsFile};
use wasm_core::summary::MachineSummary;

use crate::components::bench::results_table::per_unit;
use crate::components::chart::StaticChart;
use crate::components::results::machine_picker::facts;
use crate::components::scroll_region::ScrollRegion;
use crate::model::explorer::format::sig4;
use crate::model::explorer::series::{contention_spec, spread_text};
use crate::model::explorer::state::{ModeFilter, TypeFilter, View};
use crate::model::explorer::suites::{condition, unit_for, Suite};
use crate::model::explorer::ValidFile;
use crate::static_data::StaticResults;

/// The page's description (its `<meta name="description">`): what ran, where and when.
pub fn description(m: &MachineSummary) -> String {
    format!("{}: every case of this results file ({}), with its machine and run conditions.", m.description(), facts(m))
}

/// `(term, value)` rows of the machine card: only what the file records. The article's reference
/// dataset has no run date (its `created_at` is a placeholder for the article's year).
pub fn machine_rows(file: &ResultsFile) -> Vec<(&'static str, String)> {
    let reference = file.is_known_reference();
    let (m, t) = (&file.machine, &file.toolchain);
    let mut rows: Vec<(&'static str, Option<String>)> = vec![
        ("CPU", Some(wasm_core::summary::cpu_text(file))),
        ("Logical CPUs", m.logical_cores.map(|n| n.to_string())),
        ("Physical cores", m.physical_cores.map(|n| n.to_string())),
        ("Architecture", Some(m.arch.clone())),
        ("Memory", m.memory_total_bytes.map(|b| bytesize::ByteSize::b(b).display().iec().to_string())),
        ("OS", m.os.clone()),
        ("Kernel", m.kernel_version.clone()),
        ("Browser", m.browser.clone()),
        ("Device", m.device.clone()),
        ("Allocator", Some(join(&file.allocator.name, file.allocator.version.as_deref()))),
        ("Compiler", t.rustc_version.clone()),
        ("Target", t.target_triple.clone()),
        ("Profile", t.profile.as_ref().map(|p| join(p, t.opt_level.as_deref().map(|o| format!("opt-level {o}")).as_deref()))),
        ("Runner", Some(join(&file.runner.name, file.runner.version.as_deref()))),
        ("Runner revision", file.runner.git_revision.clone()),
        if reference {
            ("Written", Some(format!("published with the article ({}; the day is not recorded)", file.created_at.get(..4).unwrap_or("?"))))
        } else {
            ("Written", Some(file.created_at.clone()))
        },
    ];
    if let Some(id) = &m.cpu_identity {
        let size = |b: Option<u64>| b.map(|b| bytesize::ByteSize::b(b).display().iec().to_string());
        let fms = match (id.family, id.model, id.stepping) {
            (Some(f), Some(m), Some(s)) => {
                Some(format!("{f} / {m} / {s}{}", id.vendor.as_deref().map(|v| format!(" ({v})")).unwrap_or_default()))
            }
            _ => id.vendor.clone(),
        };
        rows.extend([
            ("CPU family / model / stepping", fms),
            ("Microcode", id.microcode.clone()),
            ("L2 cache", size(id.l2_cache_bytes)),
            ("L3 cache", size(id.l3_cache_bytes)),
            ("Hypervisor named by", id.hypervisor_source.clone()),
        ]);
    }
    if let Some(c) = &file.conditions {
        rows.extend([
            ("Hypervisor", c.hypervisor.clone()),
            ("CPU governor", c.governor.clone()),
            ("Boost", c.boost.map(|on| if on { "on" } else { "off" }.to_owned())),
            ("CPU stolen by the host", c.steal_percent.map(|p| format!("{p:.1} %"))),
            (
                "Load average",
                match (c.load_average_before, c.load_average_after) {
                    (Some(b), Some(a)) => Some(format!("{b:.2} before, {a:.2} after")),
                    (Some(b), None) => Some(format!("{b:.2} before")),
                    _ => None,
                },
            ),
            (
                "Topology",
                c.topology.as_ref().map(|t| {
                    format!(
                        "{} socket(s), {} cores, {} logical CPUs, {} L3 group(s)",
                        t.sockets,
                        t.cores,
                        t.logical_cpus,
                        t.l3_groups.len()
                    )
                }),
            ),
            ("Quick run", c.quick.then(|| "yes (--quick: short, not for comparison)".to_owned())),
            ("Oversubscribed", c.oversubscribe.then(|| "yes (more threads than CPUs, on purpose)".to_owned())),
            ("Incomplete", c.incomplete.then(|| "yes (the run was stopped; the cases that finished are kept)".to_owned())),
        ]);
    }
    if let Some(p) = &file.provenance {
        rows.push(("Source", Some(p.source.replace('`', ""))));
        rows.extend(p.notes.iter().map(|n| ("Note", Some(n.replace('`', "")))));
    }
    rows.into_iter().filter_map(|(k, v)| Some((k, v?))).collect()
}

fn join(name: &str, version: Option<&str>) -> String {
    version.map_or_else(|| name.to_owned(), |v| format!("{name} {v}"))
}

/// The suites of `file`, in the explorer's order, with their cases in file order.
pub fn suites_of(file: &ResultsFile) -> Vec<(Suite, Vec<&CaseResult>)> {
    use crate::model::explorer::choice::Choice;
    <Suite as Choice>::ALL
        .iter()
        .map(|(suite, ..)| (*suite, file.cases.iter().filter(|c| c.is(*suite)).collect::<Vec<_>>()))
        .filter(|(_, cases)| !cases.is_empty())
        .collect()
}

/// The explorer's address that charts this file under `suite`.
pub fn explorer_link(id: &str, suite: Suite) -> String {
    use crate::model::explorer::choice::Choice;
    match suite {
        Suite::Clone => format!("/results?machines={id}"),
        s => format!("/results?machines={id}&suite={}", s.key()),
    }
}

#[component]
fn CaseTable(suite: Suite, cases: Vec<CaseResult>) -> impl IntoView {
    use crate::model::explorer::choice::Choice;
    let unit = unit_for(suite, &cases.iter().collect::<Vec<_>>());
    let pinned = cases.iter().any(|c| c.placement.is_some());
    let rows = cases
        .into_iter()
        .map(|c| {
            let [median, low, high, _] = per_unit(&c, unit);
            let noisy = c.noise_flag() == Some(true);
            view! {
                <tr id=c.anchor() data-testid="file-case">
                    <th scope="row" class="name-col">{c.variant.clone()}</th>
                    <td class="nowrap">{condition(&c).label}</td>
                    {pinned.then(|| view! { <td>{c.placement.clone().unwrap_or_else(|| "unpinned".into())}</td> })}
                    <td class="num" data-field="median">{sig4(median)}{noisy.then_some(" (noisy)")}</td>
                    <td class="num">{format!("{}–{}", sig4(low), sig4(high))}</td>
                    <td>{spread_text(&c)}</td>
                    <td class="num">{c.repeat_times_ns.len()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <ScrollRegion label=format!("{} cases", suite.label())>
            <table class="data file-cases tall" data-testid=format!("file-cases-{}", suite.key())>
                <thead>
                    <tr>
                        <th scope="col" class="name-col">"Variant"</th>
                        <th scope="col">"Condition"</th>
                        {pinned.then(|| view! { <th scope="col">"Placement"</th> })}
                        <th scope="col" class="num">{format!("Median, {}", unit.name)}</th>
                        <th scope="col" class="num">"Fastest–slowest repeat"</th>
                        <th scope="col">"Spread"</th>
                        <th scope="col" class="num">"Repeats"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </ScrollRegion>
    }
}

/// The page of the `index`th file the build read.
#[component]
pub fn ResultsFilePage(index: usize) -> impl IntoView {
    let data = use_context::<StaticResults>().expect("results file pages are only pre-rendered");
    let machine: ValidFile = data.machines[index].clone();
    let summary = data.summary.machines[index].clone();
    let file = &machine.data;
    let id = machine.id.clone();
    let clone_chart = (summary.contention)
        .then(|| contention_spec(&[&machine], View::Time, ModeFilter::default(), Default::default(), TypeFilter::default()))
        .filter(|spec| !spec.series.is_empty());
    let sections = suites_of(file)
        .into_iter()
        .map(|(suite, cases)| {
            let cases: Vec<CaseResult> = cases.into_iter().cloned().collect();
            use crate::model::explorer::choice::Choice;
            let heading_id = format!("suite-{}", suite.key());
            let chart = (suite == Suite::Clone).then(|| clone_chart.clone()).flatten();
            view! {
                <section aria-labelledby=heading_id.clone()>
                    <h2 id=heading_id.clone()>
                        {suite.label()}
                        <a class="heading-anchor" href=format!("#{heading_id}") aria-label=format!("Link to this section: {}", suite.label())>"¶"</a>
                    </h2>
                    <p>
                        {crate::model::explorer::format::count(cases.len() as u64, "case", "cases")} ". "
                        <a href=explorer_link(&id, suite)>"Chart them in the explorer"</a>
                        " (beside other machines, other views)."
                    </p>
                    {chart.map(|spec| view! { <figure><StaticChart spec=spec test_id="file-chart"/></figure> })}
                    <CaseTable suite=suite cases=cases/>
                </section>
            }
        })
        .collect_view();
    let card = machine_rows(file).into_iter().map(|(term, value)| view! { <dt>{term}</dt> <dd>{value}</dd> }).collect_view();
    let layouts = file
        .layouts
        .types
        .iter()
        .map(|l| view! { <tr><th scope="row" class="name-col"><code>{l.type_name.clone()}</code></th><td class="num">{l.size_bytes}</td><td class="num">{l.align_bytes}</td></tr> })
        .collect_view();
    view! {
        <article class="prose wide results-file">
            <p class="breadcrumb"><a href="/results">"Results"</a> " / " {machine.file_name.clone()}</p>
            <h1>{file.label.clone()}</h1>
            <p class="lede">{summary.description()} " · " {facts(&summary)}</p>
            <p>
                <a href=format!("/results/{}", machine.file_name) data-testid="raw-json">"The raw file (JSON)"</a>
                " · " <a href=explorer_link(&id, Suite::Clone)>"Open it in the explorer"</a>
            </p>
            <section aria-labelledby="machine">
                <h2 id="machine">"Machine and run" <a class="heading-anchor" href="#machine" aria-label="Link to this section: Machine and run">"¶"</a></h2>
                <dl class="machine-card" data-testid="file-machine">{card}</dl>
                <details>
                    <summary>{format!("Type sizes on {} (bytes)", file.machine.arch)}</summary>
                    <ScrollRegion label="Type sizes">
                        <table class="data compact">
                            <thead><tr><th scope="col" class="name-col">"Type"</th><th scope="col" class="num">"Size"</th><th scope="col" class="num">"Align"</th></tr></thead>
                            <tbody>{layouts}</tbody>
                        </table>
                    </ScrollRegion>
                </details>
            </section>
            {sections}
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_data::{results_dir, StaticResults};

    fn shipped(name: &str) -> ResultsFile {
        serde_json::from_slice(&std::fs::read(results_dir().join(name)).unwrap()).unwrap()
    }

    #[test]
    fn the_card_says_what_the_file_records_and_nothing_else() {
        let rows = machine_rows(&shipped("epyc-2vcpu-jemalloc-2026-11-23.json"));
        let get = |k: &str| rows.iter().find(|(t, _)| *t == k).map(|(_, v)| v.as_str());
        assert_eq!(get("CPU"), Some("AMD EPYC"));
        assert_eq!(get("Memory"), Some("23.5 GiB"));
        assert!(get("Allocator").unwrap().starts_with("jemalloc 5.3"), "{rows:?}");
        assert_eq!(get("Browser"), None, "a native run names no browser");
        assert_eq!(get("Microcode"), None, "a schema 1 file records no CPU identity, and the card invents none");
        let mut v2 = shipped("epyc-2vcpu-jemalloc-2026-11-23.json");
        v2.machine.cpu_identity = Some(wasm_core::results::CpuIdentity {
            vendor: Some("AuthenticAMD".into()),
            family: Some(25),
            model: Some(1),
            stepping: Some(1),
            l3_cache_bytes: Some(32 << 20),
            ..Default::default()
        });
        let rows = machine_rows(&v2);
        let get = |k: &str| rows.iter().find(|(t, _)| *t == k).map(|(_, v)| v.as_str());
        assert_eq!(get("CPU family / model / stepping"), Some("25 / 1 / 1 (AuthenticAMD)"));
        assert_eq!(get("L3 cache"), Some("32.0 MiB"));
        let reference = machine_rows(&shipped("reference-ryzen5600x-2024.json"));
        let written = reference.iter().find(|(t, _)| *t == "Written").unwrap();
        assert_eq!(written.1, "published with the article (2024; the day is not recorded)");
    }

    /// Every link a chapter gives to a results file's page names a file the build ships, and its
    /// fragment (where it has one) is a case of that file; no chapter links the raw JSON instead.
    #[test]
    fn chapter_links_to_file_pages_land_on_a_file_and_its_case() {
        let data = StaticResults::read_dir(&results_dir(), false).unwrap();
        let mut links = 0;
        for c in crate::content::CHAPTERS {
            for part in c.parts {
                let crate::content::Part::Html(html) = part else { continue };
                assert!(!html.contains(".json\""), "{}: a link to raw JSON; link the file's page", c.slug);
                for rest in html.split("href=\"/results/").skip(1) {
                    let target = rest.split('"').next().unwrap();
                    let (id, anchor) = target.split_once("/#").map_or((target.trim_end_matches('/'), None), |(i, a)| (i, Some(a)));
                    let machine = data.machines.iter().find(|m| m.id == id).unwrap_or_else(|| panic!("{}: no results file {id}", c.slug));
                    if let Some(anchor) = anchor {
                        assert!(machine.data.cases.iter().any(|k| k.anchor() == anchor), "{}: {id} has no case #{anchor}", c.slug);
                    }
                    links += 1;
                }
            }
        }
        assert!(links >= 10, "{links}");
    }
}
