//! The results explorer's data side: pure functions from validated results files to chart specs,
//! table rows and URL state. No DOM in here, so all of it is unit-tested natively
//! (`cargo test --workspace`); the components in `components/results/` only wire it to the page.

pub mod bars;
pub mod choice;
pub mod format;
pub mod grid;
pub mod memory;
pub mod ranking;
pub mod series;
pub mod state;
pub mod suites;

pub use crate::loaded::{partition, BadFile, BadKind, LoadedFile, ValidFile};

/// The clone variants the contention charts compare, in legend order: every type that several
/// threads can clone (all but `Rc<str>`), the article's three first. A file draws the ones it has.
pub fn contention_variants() -> impl Iterator<Item = &'static str> {
    wasm_core::kernels::CloneType::shareable().map(|t| t.id())
}

/// Groups of selected files of one machine ([`ValidFile::same_machine`]) with more than one
/// allocator: the allocator A/B comparisons. Each group lists every loaded file of that machine,
/// selected or not, ordered by allocator name.
pub fn allocator_groups<'a>(all: &'a [ValidFile], selected: &[String]) -> Vec<Vec<&'a ValidFile>> {
    let mut groups: Vec<Vec<&ValidFile>> = Vec::new();
    for m in all {
        match groups.iter_mut().find(|g| g[0].same_machine(m)) {
            Some(g) => g.push(m),
            None => groups.push(vec![m]),
        }
    }
    groups.retain(|g| {
        let mut allocators: Vec<&str> = g.iter().map(|m| m.allocator()).collect();
        wasm_core::order::sort(&mut allocators);
        allocators.dedup();
        allocators.len() > 1 && g.iter().any(|m| selected.contains(&m.id))
    });
    for g in &mut groups {
        wasm_core::order::sort_by(g, |a, b| a.allocator().cmp(b.allocator()).then(a.id.cmp(&b.id)));
    }
    groups
}

/// Names that tell the chosen files apart on a chart: the label, then the allocator, then the file name. A
/// browser run's name always says so, so its line is never read as a native machine's.
pub fn file_names(files: &[&ValidFile]) -> Vec<String> {
    let clash = |name: &dyn Fn(&ValidFile) -> String, m: &ValidFile| files.iter().filter(|o| name(o) == name(m)).count() > 1;
    let by_label = |m: &ValidFile| match m.is_browser_run() && !m.data.label.starts_with("browser") {
        true => format!("browser: {}", m.data.label),
        false => m.data.label.clone(),
    };
    let by_allocator = |m: &ValidFile| format!("{} ({})", by_label(m), m.allocator());
    files
        .iter()
        .map(|m| match () {
            _ if !clash(&by_label, m) => by_label(m),
            _ if !clash(&by_allocator, m) => by_allocator(m),
            _ => m.id.clone(),
        })
        .collect()
}

/// `files` split at [`crate::palette::MACHINES_PER_CHART`]: the ones a chart draws (the first,
/// in the order chosen) and the names of the rest (as [`file_names`] calls them among all), for
/// its "not drawn" note.
pub fn charted<'m, 'a>(files: &'m [&'a ValidFile]) -> (&'m [&'a ValidFile], Vec<String>) {
    let (drawn, _) = crate::palette::split_charted(files);
    (drawn, file_names(files).split_off(drawn.len()))
}

/// [`file_names`] of the files that `has` data for a chart, in order: the names a chart
/// writes above itself.
pub fn names_with(files: &[&ValidFile], has: impl Fn(&ValidFile) -> bool) -> Vec<String> {
    files.iter().zip(file_names(files)).filter(|(m, _)| has(m)).map(|(_, name)| name).collect()
}

#[cfg(test)]
pub(crate) mod test_data {
    //! Small results files for the unit tests, built with the same rules as the runner's.
    use super::*;
    use wasm_core::results::*;

    pub fn case(variant_id: &str, mode: &str, threads: u32, times: &[f64]) -> CaseResult {
        let variant = match variant_id {
            "arc_str" => "Arc<str>",
            "string" => "String",
            "box_str" => "Box<str>",
            _ => "Rc<str>",
        };
        let mut c = CaseResult::new(Suite::Clone, variant, variant_id, threads, 10, CaseParams::default(), 1, times.to_vec());
        c.mode = Some(mode.into());
        c
    }

    pub fn machine(id: &str, cpu: &str, allocator: &str, cases: Vec<CaseResult>) -> ValidFile {
        ValidFile::new(
            &format!("{id}.json"),
            ResultsFile {
                schema_version: SCHEMA_VERSION,
                label: id.into(),
                created_at: "2025-01-01T00:00:00Z".into(),
                runner: RunnerInfo { name: "native-runner".into(), version: None, git_revision: None },
                machine: MachineInfo { cpu_model: Some(cpu.into()), arch: "x86_64".into(), ..Default::default() },
                toolchain: ToolchainInfo::default(),
                allocator: AllocatorInfo { name: allocator.into(), version: None },
                layouts: LayoutFacts::current(),
                provenance: None,
                conditions: None,
                cases,
            },
        )
    }

    /// Arc<str> and String in both modes at 1, 2 and 4 threads; Arc<str> is 10 ns at 1 thread
    /// and 20 ns per extra thread, String a flat 30 ns (drop) or 50 ns (forget).
    pub fn contention_machine(id: &str, cpu: &str, allocator: &str) -> ValidFile {
        let mut cases = Vec::new();
        for mode in ["drop", "forget"] {
            for t in [1, 2, 4] {
                let arc = 100.0 + 200.0 * f64::from(t - 1);
                cases.push(case("arc_str", mode, t, &[arc * 0.9, arc, arc * 1.2]));
                let s = if mode == "drop" { 300.0 } else { 500.0 };
                cases.push(case("string", mode, t, &[s, s * 0.8, s * 1.1]));
            }
        }
        cases.push(case("rc_str", "drop", 1, &[50.0]));
        machine(id, cpu, allocator, cases)
    }
}

#[cfg(test)]
mod tests {
    use super::test_data::*;
    use super::*;

    #[test]
    fn browser_runs_are_named_and_described_as_browser_runs() {
        let native = contention_machine("laptop", "CPU", "jemalloc");
        let mut browser = contention_machine("my-phone", "CPU", "dlmalloc");
        browser.data.runner.name = wasm_core::browser::BROWSER_RUNNER.into();
        browser.data.machine = wasm_core::results::MachineInfo {
            arch: "wasm32".into(),
            logical_cores: Some(8),
            browser: Some("Chrome 131".into()),
            ..Default::default()
        };
        assert!(browser.is_browser_run() && !native.is_browser_run());
        assert_eq!(file_names(&[&native, &browser]), ["laptop", "browser: my-phone"]);
        assert_eq!(browser.description(), "Chrome 131, in a browser (wasm32) · 8 logical CPUs");
        browser.data.label = "browser-chrome-131-8cpu".into();
        assert_eq!(file_names(&[&browser]), ["browser-chrome-131-8cpu"]);
    }

    #[test]
    fn loads_good_and_bad_files() {
        let m = contention_machine("box-2025-01-01", "CPU", "jemalloc");
        let text = m.data.to_pretty_json();
        assert_eq!(
            LoadedFile::from_bytes("box-2025-01-01.json", text.as_bytes(), std::time::SystemTime::now()),
            LoadedFile::Good(m.clone())
        );

        assert_eq!(
            LoadedFile::from_built_bytes("box-2025-01-01.json", text.as_bytes()),
            LoadedFile::Good(m.clone()),
            "a built file reads the same"
        );
        let LoadedFile::Bad(card) = LoadedFile::from_built_bytes("box-2025-01-01.json", &text.as_bytes()[..40]) else {
            panic!("cut short")
        };
        assert!(
            card.problems[0].starts_with("file: ") && card.problems[0].ends_with("not the file the build validated"),
            "{:?}",
            card.problems
        );

        let bad = text.replace("\"label\": \"box-2025-01-01\"", "\"label\": \"<img src=x>\"");
        let LoadedFile::Bad(card) = LoadedFile::from_bytes("evil.json", bad.as_bytes(), std::time::SystemTime::now()) else {
            panic!("must fail")
        };
        assert_eq!(card.file_name, "evil.json");
        assert_eq!(card.claimed_label.as_deref(), Some("<img src=x>"));
        assert!(card.problems[0].starts_with("label: "), "{:?}", card.problems);

        let LoadedFile::Bad(card) = LoadedFile::from_bytes("junk.json", b"{ not json", std::time::SystemTime::now()) else {
            panic!("must fail")
        };
        assert_eq!(card.claimed_label, None);
        assert!(!card.problems.is_empty());

        // Dated in the reader's future: refused, so it never becomes "the newest" anywhere.
        let LoadedFile::Bad(card) = LoadedFile::from_bytes("box-2025-01-01.json", text.as_bytes(), std::time::UNIX_EPOCH) else {
            panic!("must fail")
        };
        assert!(
            card.problems[0].starts_with("created_at: is ") && card.problems[0].contains("days after this check's clock"),
            "{:?}",
            card.problems
        );

        let (good, bad) = partition(vec![LoadedFile::Good(m), LoadedFile::unreachable("gone.json", "HTTP 404".into())]);
        assert_eq!(good.len(), 1);
        assert_eq!(bad[0].problems, vec!["file: HTTP 404"]);
    }

    #[test]
    fn describes_machines() {
        let mut m = contention_machine("a", "Ryzen", "jemalloc");
        m.data.machine.logical_cores = Some(12);
        m.data.machine.os = Some("Arch".into());
        assert_eq!(m.description(), "Ryzen · 12 logical CPUs · Arch");
        assert!(!m.is_reference());
        // Provenance alone does not make a reference: only the article's imported data is one.
        let mut claimed = m.clone();
        claimed.data.provenance = Some(wasm_core::results::Provenance { source: "my own import".into(), article: None, notes: vec![] });
        assert!(!claimed.is_reference());
        claimed.data.runner.name = wasm_core::results::REFERENCE_RUNNER.into();
        claimed.data.provenance.as_mut().unwrap().source = format!("{}: data", wasm_core::results::REFERENCE_SOURCE_PREFIX);
        assert!(claimed.is_reference());
        assert_eq!(m.clone_cases().count(), 12, "Rc<str> is left out of contention charts");
        assert!(m.has_clone_cases());
        m.data.cases.retain(|c| c.variant_id == "rc_str");
        assert!(!m.has_clone_cases());
    }

    #[test]
    fn finds_allocator_pairs_on_the_same_hardware() {
        let all = vec![
            contention_machine("xeon-sys", "Xeon", "system"),
            contention_machine("ryzen", "Ryzen", "jemalloc"),
            contention_machine("xeon-je", "Xeon", "jemalloc"),
            contention_machine("ryzen-again", "Ryzen", "jemalloc"),
        ];
        let ids = |g: &Vec<&ValidFile>| g.iter().map(|m| m.id.clone()).collect::<Vec<_>>();
        let groups = allocator_groups(&all, &["xeon-sys".into()]);
        assert_eq!(groups.iter().map(ids).collect::<Vec<_>>(), vec![vec!["xeon-je", "xeon-sys"]]);
        assert!(allocator_groups(&all, &["ryzen".into()]).is_empty(), "one allocator only: no A/B");
    }

    /// A file that copies the reference's machine record with another allocator is not its A/B
    /// partner, nor is a browser run of a native machine's record.
    #[test]
    fn the_reference_and_other_runners_are_nobodys_allocator_partner() {
        let mut reference = contention_machine("reference", "Ryzen", "jemalloc");
        reference.data.runner.name = wasm_core::results::REFERENCE_RUNNER.into();
        reference.data.provenance = Some(wasm_core::results::Provenance {
            source: format!("{}: data", wasm_core::results::REFERENCE_SOURCE_PREFIX),
            article: None,
            notes: vec![],
        });
        let impostor = contention_machine("impostor", "Ryzen", "system");
        let mut browser = contention_machine("browser", "Xeon", "dlmalloc");
        browser.data.runner.name = wasm_core::browser::BROWSER_RUNNER.into();
        let all = vec![reference, impostor, contention_machine("xeon", "Xeon", "jemalloc"), browser];
        assert!(allocator_groups(&all, &["reference".into(), "impostor".into(), "xeon".into(), "browser".into()]).is_empty());
    }
}
