//! One results file as a page loaded it: a valid run ([`ValidFile`]) or the reasons it is not
//! ([`BadFile`]). The data layer's type: the build's view of the folder (`static_data`), the loaders
//! and every chart and table read files through it.

use wasm_core::results::{CaseResult, ResultsFile};
use wasm_core::validate::validate_bytes;

use crate::palette::Markers;

/// One results file as the loader found it: valid, or the reasons it is not.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // a few files per page, each built once: boxing buys nothing
pub enum LoadedFile {
    Good(ValidFile),
    Bad(BadFile),
}

/// A results file that failed to load or validate.
#[derive(Clone, Debug, PartialEq)]
pub struct BadFile {
    pub file_name: String,
    /// Why it is not shown: it was read and refused, or never read.
    pub kind: BadKind,
    /// The `label` the file claims, when it could be read at all (shown as text, never trusted).
    pub claimed_label: Option<String>,
    /// Each problem as `field: problem`.
    pub problems: Vec<String>,
}

/// Why a file is not shown. Only a file that was read can fail validation: one that could not be
/// fetched, or that a page did not load, says so instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadKind {
    /// Read, and refused by `validate`.
    Invalid,
    /// Could not be fetched or read.
    Unreachable,
    /// A list (the index) names more files than the page loads: a cap, not a failure.
    Capped,
}

/// A valid results file: one run on one machine.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidFile {
    /// The file name without `.json`: unique, so it names the machine in the URL.
    pub id: String,
    pub file_name: String,
    pub data: ResultsFile,
    /// Its machine's marker shape on every chart: the key's rank among the machines of the files it
    /// was loaded with ([`LoadedFile::ranked`]); until then, one hashed from the key.
    pub marker: u32,
}

impl LoadedFile {
    /// Validates `bytes` (the body of `results/<file_name>`) into a machine or an error card;
    /// `now` is the reader's clock (a file dated after it, beyond a day's skew, is refused).
    pub fn from_bytes(file_name: &str, bytes: &[u8], now: std::time::SystemTime) -> LoadedFile {
        let checked = validate_bytes(file_name, bytes).and_then(|data| match wasm_core::validate::future_problem(&data, now) {
            Some(problem) => Err(vec![problem]),
            None => Ok(data),
        });
        match checked {
            Ok(data) => LoadedFile::Good(ValidFile::new(file_name, data)),
            Err(problems) => LoadedFile::Bad(BadFile {
                file_name: file_name.to_owned(),
                kind: BadKind::Invalid,
                claimed_label: claimed_label(bytes),
                problems: problems.iter().map(ToString::to_string).collect(),
            }),
        }
    }

    /// A file the build validated (`results/summary.json` lists it), only parsed: the build refuses
    /// to ship a file that fails validation, so the reader's browser does not run the validator
    /// again (nor carry its code: `/results`'s wasm has none). Bytes that do not parse as a results
    /// file (not what the build shipped) are an error card all the same.
    pub fn from_built_bytes(file_name: &str, bytes: &[u8]) -> LoadedFile {
        match serde_json::from_slice::<ResultsFile>(bytes) {
            Ok(data) => LoadedFile::Good(ValidFile::new(file_name, data)),
            Err(e) => LoadedFile::Bad(BadFile {
                file_name: file_name.to_owned(),
                kind: BadKind::Invalid,
                claimed_label: claimed_label(bytes),
                problems: vec![format!("file: {e}; this is not the file the build validated")],
            }),
        }
    }

    /// The file with its machine's marker given by its rank among the site's machines
    /// ([`crate::palette::marker_of_rank`]), as the catalogue (`results/summary.json`) gives it;
    /// `None` keeps the marker it has.
    pub fn with_rank(self, rank: Option<u32>) -> LoadedFile {
        match (self, rank) {
            (LoadedFile::Good(machine), Some(rank)) => {
                LoadedFile::Good(ValidFile { marker: crate::palette::marker_of_rank(rank), ..machine })
            }
            (file, _) => file,
        }
    }

    /// The catalogue `file_name` named more files than a page loads; `why` says how many of which.
    pub fn capped(file_name: &str, why: String) -> LoadedFile {
        LoadedFile::Bad(BadFile { file_name: file_name.to_owned(), kind: BadKind::Capped, claimed_label: None, problems: vec![why] })
    }

    /// A file that could not even be fetched.
    pub fn unreachable(file_name: &str, why: String) -> LoadedFile {
        LoadedFile::Bad(BadFile {
            file_name: file_name.to_owned(),
            kind: BadKind::Unreachable,
            claimed_label: None,
            problems: vec![format!("file: {why}")],
        })
    }
}

fn claimed_label(bytes: &[u8]) -> Option<String> {
    // Only the label: a one-field struct, so the wasm carries no parser for serde_json::Value.
    #[derive(serde::Deserialize)]
    struct Labelled {
        label: String,
    }
    let labelled: Labelled = serde_json::from_slice(bytes).ok()?;
    Some(labelled.label.chars().take(120).collect())
}

/// Splits loaded files into the good ones (machines) and the bad ones (error cards), keeping order.
pub fn partition(files: Vec<LoadedFile>) -> (Vec<ValidFile>, Vec<BadFile>) {
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for f in files {
        match f {
            LoadedFile::Good(m) => good.push(m),
            LoadedFile::Bad(b) => bad.push(b),
        }
    }
    (good, bad)
}

impl ValidFile {
    /// The run `data` of the file `file_name`, its marker not ranked yet.
    pub fn new(file_name: &str, data: ResultsFile) -> ValidFile {
        let marker = Markers::default().of_machine(&wasm_core::machine_key::machine_key(&data));
        let id = file_name.strip_suffix(".json").unwrap_or(file_name).to_owned();
        ValidFile { id, file_name: file_name.to_owned(), data, marker }
    }

    /// The machine with its marker ranked among `markers`, the machines it was loaded with.
    pub fn ranked(self, markers: &Markers) -> ValidFile {
        ValidFile { marker: markers.of_machine(&self.machine_key()), ..self }
    }

    /// The article's reference dataset (imported, with `provenance`), rather than a reader's run.
    /// The article's imported dataset: badged and selected by default. Any other file with
    /// `provenance` is not (see `ResultsFile::is_known_reference`).
    pub fn is_reference(&self) -> bool {
        self.data.is_known_reference()
    }

    /// Measured by the site in a reader's browser (wasm32 threads and dlmalloc), not natively.
    pub fn is_browser_run(&self) -> bool {
        self.data.runner.name == wasm_core::browser::BROWSER_RUNNER
    }

    pub fn allocator(&self) -> &str {
        &self.data.allocator.name
    }

    /// One line about the hardware: CPU, threads, OS (whatever the file recorded); for a browser run,
    /// the browser, since that is all a page can know of the machine.
    pub fn description(&self) -> String {
        let m = &self.data.machine;
        wasm_core::summary::describe(&wasm_core::summary::cpu_text(&self.data), m.logical_cores, m.os.as_deref())
    }

    /// The clone cases the contention charts use: not pinned (`clone --pin`), so each machine's
    /// lines are its ordinary run.
    pub fn clone_cases(&self) -> impl Iterator<Item = &CaseResult> {
        self.data.cases.iter().filter(|c| {
            c.is_global_clone() && c.placement.is_none() && wasm_core::kernels::CloneType::shareable().any(|t| t.id() == c.variant_id)
        })
    }

    /// Whether the file has any case the explorer charts (files of other suites only do not).
    pub fn has_clone_cases(&self) -> bool {
        self.clone_cases().next().is_some()
    }

    /// What the file records of its hardware ([`wasm_core::machine_key`]): files with one key are
    /// one machine.
    pub fn machine_key(&self) -> String {
        wasm_core::machine_key::machine_key(&self.data)
    }

    /// Whether `other` ran on the same machine (the site's one definition, [`ValidFile::machine_key`],
    /// which includes the kind of runner), e.g. with another allocator. The article's imported
    /// dataset is nobody's A/B partner: a file that copies its machine record is not a run of that
    /// machine.
    pub fn same_machine(&self, other: &ValidFile) -> bool {
        let imported = |m: &ValidFile| m.data.is_known_reference();
        !imported(self) && !imported(other) && self.machine_key() == other.machine_key()
    }
}
