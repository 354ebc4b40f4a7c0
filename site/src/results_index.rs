//! `results/index.json`: every results file the site ships (a static host cannot list a folder)
//! and what the build read of each (its suites, arch, runner and label), so a page fetches only the
//! files it can use. The pre-renderer writes it ([`ResultsIndex::of_folder`]); the loader reads it.
//! Only a hint: every fetched file is validated, and a file the build could not read has no facts,
//! so every page that loads results fetches it and shows its error.

use serde::{Deserialize, Serialize};

/// The index: the files in name order, and what the build read of each.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResultsIndex {
    /// Every results file, by name.
    pub files: Vec<String>,
    /// What the build read of each file, in the order of `files`: `null` for a file it could not
    /// read. (A list beside `files`, not a map by name: it costs the wasm less code.)
    #[serde(default)]
    pub about: Vec<Option<FileAbout>>,
}

/// What the build read of one results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileAbout {
    /// The suites of its cases, sorted, each once.
    pub suites: Vec<String>,
    /// `machine.arch`.
    pub arch: String,
    /// `runner.name`.
    pub runner: String,
    /// `label`: the file's name on the charts.
    #[serde(default)]
    pub label: Option<String>,
    /// Its machine ([`wasm_core::machine_key`]), what picks its marker; `None` where the build
    /// could not read the file as results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<String>,
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

impl FileAbout {
    /// [`FileAbout::read`], with the machine where the bytes are a results file. The text is
    /// parsed once: the loose reading and the results file both come from its JSON value.
    fn of_bytes(bytes: &[u8]) -> Option<FileAbout> {
        let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
        let machine = wasm_core::results::ResultsFile::deserialize(&value).ok().map(|file| wasm_core::machine_key::machine_key(&file));
        FileAbout::of_value(&value).map(|about| FileAbout { machine, ..about })
    }

    /// What a file's text says of itself, read loosely (no validation), or `None` where it does
    /// not say: not JSON, no `cases` list of suites, no `machine.arch` or `runner.name`.
    pub fn read(bytes: &[u8]) -> Option<FileAbout> {
        FileAbout::of_value(&serde_json::from_slice(bytes).ok()?)
    }

    /// [`FileAbout::read`] of the file's JSON value.
    fn of_value(file: &serde_json::Value) -> Option<FileAbout> {
        let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
        let mut suites = file.get("cases")?.as_array()?.iter().map(|c| c.get("suite").and_then(text)).collect::<Option<Vec<String>>>()?;
        suites.sort();
        suites.dedup();
        Some(FileAbout {
            suites,
            arch: text(file.get("machine")?.get("arch")?)?,
            runner: text(file.get("runner")?.get("name")?)?,
            label: file.get("label").and_then(text),
            machine: None,
        })
    }
}

impl ResultsIndex {
    /// The index of the results folder as the build read it ([`crate::static_data::read_folder`]):
    /// every file, with what its bytes say of it (nothing for a file that was not read).
    pub fn of_folder(files: &[crate::static_data::FolderFile]) -> ResultsIndex {
        ResultsIndex {
            files: files.iter().map(|f| f.name.clone()).collect(),
            about: files.iter().map(|f| f.bytes.as_deref().ok().and_then(FileAbout::of_bytes)).collect(),
        }
    }

    /// Each file with what the build read of it (`None` where it read nothing).
    pub fn entries(&self) -> impl Iterator<Item = (&String, Option<&FileAbout>)> {
        self.files.iter().enumerate().map(|(i, name)| (name, self.about.get(i).and_then(Option::as_ref)))
    }

    /// The first `max` files `wanted` asks for, in the index's order, and how many it asks for in
    /// all. A file the index has nothing about is always included.
    pub fn names(&self, wanted: Wanted, max: usize) -> (Vec<String>, usize) {
        let mut names: Vec<String> = self
            .entries()
            .filter(|(_, about)| match (wanted, about) {
                (Wanted::All, _) | (_, None) => true,
                (Wanted::Suite(suite), Some(about)) => about.suites.iter().any(|s| s == suite.id()),
            })
            .map(|(name, _)| name.clone())
            .collect();
        let asked = names.len();
        names.truncate(max);
        (names, asked)
    }

    /// Each machine's marker shape on every chart, from the machines of every file the site ships,
    /// so that a machine keeps its shape from page to page whichever files a page loads. A file the
    /// build could not read is a machine of its own.
    pub fn markers(&self) -> crate::palette::Markers {
        crate::palette::Markers::of(
            self.entries().map(|(name, about)| about.and_then(|a| a.machine.clone()).unwrap_or_else(|| unread_machine(name))),
        )
    }

    /// Every file that may hold results of `arch`: those `runner` wrote first, then the others.
    /// For a reader that needs one such file, not all of them.
    pub fn by_preference(&self, arch: &str, runner: &str) -> Vec<String> {
        let may_hold = |about: Option<&FileAbout>| about.is_none_or(|a| a.arch == arch);
        let by_runner = |about: Option<&FileAbout>| about.is_some_and(|a| a.runner == runner);
        let first = self.entries().filter(|(_, a)| may_hold(*a) && by_runner(*a));
        let then = self.entries().filter(|(_, a)| may_hold(*a) && !by_runner(*a));
        first.chain(then).map(|(name, _)| name.clone()).collect()
    }
}

/// The machine key of a file the build could not read: its own, by name (never a real key, which
/// has `|`-separated fields).
pub fn unread_machine(file_name: &str) -> String {
    format!("unread:{file_name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_facts_are_read_loosely_and_only_where_it_says_them() {
        let sso = br#"{"label": "box", "machine": {"arch": "x86_64"}, "runner": {"name": "native-runner"},
                      "cases": [{"suite": "sso"}, {"suite": "clone"}, {"suite": "sso"}]}"#;
        assert_eq!(
            FileAbout::read(sso),
            Some(FileAbout {
                suites: vec!["clone".into(), "sso".into()],
                arch: "x86_64".into(),
                runner: "native-runner".into(),
                label: Some("box".into()),
                machine: None,
            })
        );
        assert_eq!(FileAbout::read(b"{ not json"), None);
        assert_eq!(FileAbout::read(br#"{"cases": [{"suite": "clone"}], "runner": {"name": "r"}}"#), None, "no machine.arch");
        assert_eq!(
            FileAbout::read(br#"{"cases": [{"suite": 3}], "machine": {"arch": "x"}, "runner": {"name": "r"}}"#),
            None,
            "a suite that is not text"
        );
        assert_eq!(FileAbout::read(b"null"), None);
        let unlabelled = br#"{"cases": [], "machine": {"arch": "x"}, "runner": {"name": "r"}}"#;
        assert_eq!(FileAbout::read(unlabelled).and_then(|a| a.label), None);
    }

    #[test]
    fn the_index_lists_every_results_file_in_name_order_and_none_the_build_writes() {
        let dir = std::env::temp_dir().join(format!("results-index-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = br#"{"label": "b", "machine": {"arch": "x86_64"}, "runner": {"name": "native-runner"}, "cases": [{"suite": "clone"}]}"#;
        std::fs::write(dir.join("b-2025-01-01.json"), good).unwrap();
        std::fs::write(dir.join("broken.json"), b"{").unwrap();
        for name in crate::static_data::NOT_RESULTS {
            std::fs::write(dir.join(name), b"{}").unwrap();
        }
        std::fs::write(dir.join("notes.txt"), b"not a results file").unwrap();
        // Two files of one machine (jemalloc and the system allocator), and another machine.
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results");
        for (from, to) in [
            ("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json", "c-je.json"),
            ("xeon-2.1ghz-2vcpu-system-2026-11-22.json", "c-sys.json"),
            ("epyc-2vcpu-jemalloc-2026-11-23.json", "d-epyc.json"),
        ] {
            std::fs::copy(shipped.join(from), dir.join(to)).unwrap();
        }
        let index = ResultsIndex::of_folder(&crate::static_data::read_folder(&dir).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(index.files, ["b-2025-01-01.json", "broken.json", "c-je.json", "c-sys.json", "d-epyc.json"]);
        assert_eq!(index.about[0].as_ref().map(|a| a.suites.clone()), Some(vec!["clone".to_owned()]));
        assert_eq!(index.about[1], None);
        // The broken file is fetched by every page that loads results (its error card shows); the
        // chapter of another suite skips the good one.
        assert_eq!(index.names(Wanted::Suite(wasm_core::results::Suite::Sso), 10), (vec!["broken.json".to_owned()], 1));
        assert_eq!(index.names(Wanted::All, 1), (vec!["b-2025-01-01.json".to_owned()], 5));
        // A results file carries its machine; files of one machine share a marker, and a file the
        // build could not read as results is a machine of its own.
        let machine = |i: usize| index.about[i].as_ref().and_then(|a| a.machine.clone());
        assert_eq!(machine(0), None, "not a results file");
        assert!(machine(2).is_some() && machine(2) == machine(3) && machine(2) != machine(4));
        let markers = index.markers();
        let marker = |i: usize| markers.of_machine(&machine(i).unwrap_or_else(|| unread_machine(&index.files[i])));
        let all: Vec<u32> = (0..5).map(marker).collect();
        assert_eq!(all[2], all[3]);
        assert_eq!(
            {
                let mut m = all.clone();
                m.sort_unstable();
                m.dedup();
                m.len()
            },
            4,
            "{all:?}"
        );
        // Written and read back as the loader reads it.
        let json = serde_json::to_string_pretty(&index).unwrap();
        assert_eq!(serde_json::from_str::<ResultsIndex>(&json).unwrap(), index);
    }
}
