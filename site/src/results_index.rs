//! The results catalogue as a page that loads results files reads it: `results/summary.json`, the
//! one list of the files the site ships ([`wasm_core::summary::Summary`], written by the
//! pre-renderer; a static host cannot list a folder). Of each file a page needs only its name,
//! suites, arch, runner and machine rank, so that it fetches only the files it can use and gives
//! each its machine's marker: [`ResultsIndex`] reads just those fields (the rest would cost every
//! wasm that loads results a parser of the whole machine record). Only a hint: every fetched file is
//! read again, and a file the build refused (a test fixture's; a site build stops instead) has no
//! facts, so every page that loads results fetches it and shows its error.

use serde::Deserialize;
use wasm_core::summary::RunnerKind;

/// The catalogue's files, as [`wasm_core::summary::Summary`] lists them.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ResultsIndex {
    /// Every file the build accepted, in name order.
    #[serde(default)]
    machines: Vec<Listed>,
    /// Every file it refused (only a test fixture's summary has any).
    #[serde(default)]
    refused: Vec<Unlisted>,
}

/// What the catalogue says of one accepted file: the fields of
/// [`wasm_core::summary::MachineSummary`] a page chooses files by, under the same names.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Listed {
    /// The file's name in `results/`.
    pub file: String,
    /// The suites of its cases, sorted, each once.
    pub suites: Vec<String>,
    /// `machine.arch`.
    pub arch: String,
    /// Who measured it.
    pub kind: RunnerKind,
    /// Its machine's rank among the site's machines: what its marker is.
    pub hardware: Option<u32>,
}

/// A file the build refused, by name.
#[derive(Clone, Debug, PartialEq, Deserialize)]
struct Unlisted {
    file: String,
}

/// Which results files a page loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Every file (the explorer).
    All,
    /// The files with cases of one suite (a chapter's recorded results; `/bench` and `/choose`,
    /// which compare clone costs).
    Suite(wasm_core::results::Suite),
}

impl ResultsIndex {
    /// Every file in name order, with what the catalogue says of it (`None`: refused).
    pub fn entries(&self) -> Vec<(&str, Option<&Listed>)> {
        let accepted = self.machines.iter().map(|m| (m.file.as_str(), Some(m)));
        let mut all: Vec<(&str, Option<&Listed>)> = accepted.chain(self.refused.iter().map(|r| (r.file.as_str(), None))).collect();
        wasm_core::order::sort_by_key(&mut all, |(name, _)| *name);
        all
    }

    /// The first `max` files `wanted` asks for, in name order, and how many it asks for in all. A
    /// refused file is always included (its error card shows).
    pub fn names(&self, wanted: Wanted, max: usize) -> (Vec<String>, usize) {
        let mut names: Vec<String> = self
            .entries()
            .into_iter()
            .filter(|(_, listed)| match (wanted, listed) {
                (Wanted::All, _) | (_, None) => true,
                (Wanted::Suite(suite), Some(listed)) => listed.suites.iter().any(|s| s == suite.id()),
            })
            .map(|(name, _)| name.to_owned())
            .collect();
        let asked = names.len();
        names.truncate(max);
        (names, asked)
    }

    /// The rank of `file`'s machine among the site's machines (its marker on every chart, whichever
    /// files a page loads); `None` for a file the catalogue does not list as accepted.
    pub fn rank_of(&self, file: &str) -> Option<u32> {
        self.machines.iter().find(|m| m.file == file).and_then(|m| m.hardware)
    }

    /// Every file that may hold results of `arch`: those measured by `kind` first, then the others.
    /// For a reader that needs one such file, not all of them.
    pub fn by_preference(&self, arch: &str, kind: RunnerKind) -> Vec<String> {
        let entries = self.entries();
        let may_hold = |listed: Option<&Listed>| listed.is_none_or(|l| l.arch == arch);
        let by_kind = |listed: Option<&Listed>| listed.is_some_and(|l| l.kind == kind);
        let first = entries.iter().filter(|(_, l)| may_hold(*l) && by_kind(*l));
        let then = entries.iter().filter(|(_, l)| may_hold(*l) && !by_kind(*l));
        first.chain(then).map(|(name, _)| (*name).to_owned()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_core::results::Suite;

    /// A catalogue as the pre-renderer writes it, read back as a page reads it.
    fn catalogue_of(dir: &std::path::Path) -> (wasm_core::summary::Summary, ResultsIndex) {
        let data = crate::static_data::StaticResults::of_folder(&crate::static_data::read_folder(dir).unwrap(), true).unwrap();
        let json = serde_json::to_string(&*data.summary).unwrap();
        ((*data.summary).clone(), serde_json::from_str(&json).unwrap())
    }

    #[test]
    fn the_catalogue_lists_every_results_file_in_name_order_and_none_the_build_writes() {
        let dir = std::env::temp_dir().join(format!("results-index-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("broken.json"), b"{").unwrap();
        for name in crate::static_data::NOT_RESULTS {
            std::fs::write(dir.join(name), b"{}").unwrap();
        }
        std::fs::write(dir.join("notes.txt"), b"not a results file").unwrap();
        // Two files of one machine (jemalloc and the system allocator), another machine, and a
        // file of the SSO suite.
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results");
        for (from, to) in [
            ("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json", "c-je.json"),
            ("xeon-2.1ghz-2vcpu-system-2026-11-22.json", "c-sys.json"),
            ("epyc-2vcpu-jemalloc-2026-11-23.json", "d-epyc.json"),
            ("reference-ryzen5600x-2024.json", "a-reference.json"),
        ] {
            std::fs::copy(shipped.join(from), dir.join(to)).unwrap();
        }
        let (summary, index) = catalogue_of(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<&str> = index.entries().into_iter().map(|(name, _)| name).collect();
        assert_eq!(names, ["a-reference.json", "broken.json", "c-je.json", "c-sys.json", "d-epyc.json"]);
        // Each accepted file as the summary has it: the fields are the summary's own.
        for m in &summary.machines {
            let listed = index.entries().into_iter().find_map(|(name, l)| (name == m.file).then_some(l)).flatten().unwrap();
            assert_eq!((&listed.suites, &listed.arch, listed.kind, listed.hardware), (&m.suites, &m.arch, m.kind, m.hardware));
        }
        // The refused file is fetched by every page that loads results (its error card shows).
        assert_eq!(index.names(Wanted::Suite(Suite::Arena), 10), (vec!["broken.json".to_owned()], 1));
        assert_eq!(index.names(Wanted::All, 1), (vec!["a-reference.json".to_owned()], 5));
        // Files of one machine share a rank (a marker); another machine has another.
        assert!(index.rank_of("c-je.json").is_some() && index.rank_of("c-je.json") == index.rank_of("c-sys.json"));
        assert_ne!(index.rank_of("c-je.json"), index.rank_of("d-epyc.json"));
        assert_eq!(index.rank_of("broken.json"), None);
        // The native runner's x86_64 files first, then the reference (also x86_64), then the refused one.
        assert_eq!(
            index.by_preference("x86_64", RunnerKind::Native),
            ["c-je.json", "c-sys.json", "d-epyc.json", "a-reference.json", "broken.json"]
        );
        assert_eq!(index.by_preference("aarch64", RunnerKind::Native), ["broken.json"]);
    }

    fn listed(file: &str, suites: &[&str]) -> Listed {
        Listed {
            file: file.into(),
            suites: suites.iter().map(|s| (*s).to_owned()).collect(),
            arch: "x86_64".into(),
            kind: RunnerKind::Native,
            hardware: Some(0),
        }
    }

    #[test]
    fn no_more_than_max_files_are_named_and_other_suites_do_not_count_towards_the_cap() {
        let many = ResultsIndex {
            machines: (0..30).map(|i| listed(&format!("{i:02}.json"), &[if i < 3 { "sso" } else { "clone" }])).collect(),
            refused: vec![],
        };
        assert_eq!(many.names(Wanted::All, 20), ((0..20).map(|i| format!("{i:02}.json")).collect(), 30));
        // The cap counts the files a page asks for: many files of other suites are no reason to say
        // this page skipped any.
        assert_eq!(many.names(Wanted::Suite(Suite::Sso), 20), (vec!["00.json".into(), "01.json".into(), "02.json".into()], 3));
    }

    #[test]
    fn a_summary_of_another_shape_reads_as_an_empty_catalogue_or_an_error_never_a_wrong_list() {
        assert_eq!(serde_json::from_str::<ResultsIndex>("{}").unwrap(), ResultsIndex::default());
        assert!(serde_json::from_str::<ResultsIndex>(r#"{"machines": [{"file": "a.json"}]}"#).is_err());
    }
}
