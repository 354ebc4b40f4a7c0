//! Validation of results files: the schema (by parsing into [`ResultsFile`], unknown fields rejected)
//! plus sanity rules a schema cannot say (times finite and positive, summaries consistent with the
//! repeats, thread counts at least 1, short printable labels, a size limit). Pure functions over bytes,
//! shared by `native-runner validate` and the site, which shows an error card for a bad file.

use crate::results::{ResultsFile, OLDEST_SCHEMA_VERSION, SCHEMA_VERSION};

mod case;
mod copies;
mod physics;
mod pull_request;
mod record;
mod submission;
pub use case::*;
pub use copies::*;
pub use physics::*;
pub use pull_request::*;
pub use record::*;
pub use submission::*;

use crate::problem::is_unsafe_char;
pub use crate::problem::{
    escape_control, Problem, MAX_FILE_BYTES, MAX_LABEL_CHARS, MAX_PROBLEMS, MAX_TEXT_CHARS, MAX_THREADS, MAX_TIMELINE_POINTS, MAX_TIME_NS,
};

/// Combining marks (accents drawn over the character before): a run of them stacks into a smear
/// that can hide what a field says.
fn is_combining(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// Most combining marks one character may carry in a field (real names use one or two).
const MAX_COMBINING_RUN: usize = 2;

/// Why `label` is not acceptable, or `None` if it is: 1 to 64 characters, each an ASCII letter,
/// digit, `.`, `_` or `-` (labels become part of file names).
pub fn label_problem(label: &str) -> Option<String> {
    if label.is_empty() {
        return Some("is empty".into());
    }
    let chars = label.chars().count();
    if chars > MAX_LABEL_CHARS {
        return Some(format!("is {chars} characters long; at most {MAX_LABEL_CHARS} are allowed"));
    }
    if let Some(c) = label.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))) {
        return Some(format!("contains {c:?}; only ASCII letters, digits, '.', '_' and '-' are allowed"));
    }
    if label.starts_with('.') {
        return Some("starts with '.'; it names a file, and that would make it a hidden one".into());
    }
    None
}

/// Why `text` is not an RFC 3339 time in UTC (`2025-01-31T12:00:00Z`, optional fraction), or `None`.
/// Parsed by humantime, so impossible dates (February 30th) and stray characters are refused too.
pub fn created_at_problem(text: &str) -> Option<String> {
    if !is_utc_timestamp_shape(text) {
        return Some(
            "is not one RFC 3339 UTC time (YYYY-MM-DDTHH:MM:SS, up to 9 fraction digits, then Z), like 2025-01-31T12:00:00Z".into(),
        );
    }
    // 2020-01-01T00:00:00Z: no results file of this format is older.
    let earliest = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_577_836_800);
    match humantime::parse_rfc3339(text) {
        Err(e) => Some(format!("is not an RFC 3339 UTC time like 2025-01-31T12:00:00Z ({e})")),
        Ok(t) if t < earliest => Some("is before 2020, earlier than any file this format can come from".into()),
        Ok(_) => None,
    }
}

/// `YYYY-MM-DDTHH:MM:SS[.f{1,9}]Z` and nothing else. humantime alone lets bytes through between a
/// `Z` and the end when they fit its length limit (`...24Z<b>Z`), so the shape is checked first.
fn is_utc_timestamp_shape(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| b.get(range).is_some_and(|d| !d.is_empty() && d.iter().all(u8::is_ascii_digit));
    let fixed = b.len() >= 20
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19);
    fixed
        && match &b[19..] {
            [b'Z'] => true,
            [b'.', fraction @ .., b'Z'] => (1..=9).contains(&fraction.len()) && fraction.iter().all(u8::is_ascii_digit),
            _ => false,
        }
}

/// Allowed clock difference between the machine that wrote a file and the one checking it.
pub const CLOCK_SKEW_SECS: u64 = 24 * 3600;

/// Why `created_at` lies in the future of `now` (more than [`CLOCK_SKEW_SECS`] ahead), or `None`.
/// Separate from [`validate_bytes`] because the browser has no `SystemTime::now`: each caller
/// passes its own clock (the CLI and the build their system time, the site `Date.now()`).
pub fn future_problem(file: &ResultsFile, now: std::time::SystemTime) -> Option<Problem> {
    let written = humantime::parse_rfc3339(&file.created_at).ok()?;
    let ahead = written.duration_since(now).ok()?;
    (ahead.as_secs() > CLOCK_SKEW_SECS).then(|| {
        Problem::new(
            "created_at",
            format!("is {} days after this check's clock; a results file cannot come from the future", ahead.as_secs() / 86_400),
        )
    })
}

/// Parses and checks one file. `file_name` is only used to check that it ends in `.json`.
pub fn validate_bytes(file_name: &str, bytes: &[u8]) -> Result<ResultsFile, Vec<Problem>> {
    let mut problems = Vec::new();
    if !file_name.ends_with(".json") {
        problems.push(Problem::new("file", format!("name {file_name:?} does not end in .json")));
    }
    if bytes.len() > MAX_FILE_BYTES {
        problems.push(Problem::new("file", format!("is {} bytes; at most {MAX_FILE_BYTES} are allowed", bytes.len())));
        return Err(problems);
    }
    // serde reads a struct from a JSON array of its fields too; a results file is an object.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|&b| b != b'{') {
        problems.push(Problem::new("file", "is not a JSON object (a results file starts with '{')"));
        return Err(problems);
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = serde_path_to_error::deserialize::<_, ResultsFile>(&mut deserializer)
        .map_err(|error| (error.path().to_string(), error.into_inner()))
        .and_then(|file| deserializer.end().map(|()| file).map_err(|error| (".".to_string(), error)));
    match parsed {
        Ok(file) => {
            problems.extend(validate_file(&file));
            problems.extend(crate::plausible::reference_problems(&file, bytes));
            if problems.is_empty() {
                Ok(file)
            } else {
                Err(capped(problems))
            }
        }
        Err((path, error)) => {
            let field = if matches!(path.as_str(), "." | "?" | "") { "file".to_string() } else { path };
            problems.push(Problem::new(field, error.to_string()));
            Err(problems)
        }
    }
}

/// The check a submitted file gets, on the bytes it will be sent as: [`validate_bytes`], then
/// [`submission_problems`]. `native-runner validate --submission` runs it on the file on disk, the
/// browser lab on the JSON it is about to offer, so a download the page offers is one the pull
/// request's check accepts (the check adds only what a page cannot know: the date against the
/// clock, and copies of files already shipped).
pub fn submission_check(file_name: &str, bytes: &[u8]) -> Result<ResultsFile, Vec<Problem>> {
    let file = validate_bytes(file_name, bytes)?;
    let problems = submission_problems(&file);
    if problems.is_empty() {
        Ok(file)
    } else {
        Err(problems)
    }
}

/// The first [`MAX_PROBLEMS`] problems, and a line saying how many more there were.
fn capped(mut problems: Vec<Problem>) -> Vec<Problem> {
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(Problem::new("file", format!("and {more} more problems")));
    }
    problems
}

/// The sanity rules, over an already parsed file. Empty means it passes.
pub fn validate_file(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: &str| {
        if !ok {
            problems.push(Problem::new(field, problem));
        }
    };
    check(
        (OLDEST_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&file.schema_version),
        "schema_version",
        &format!("is {}; this reader knows {OLDEST_SCHEMA_VERSION} to {SCHEMA_VERSION}", file.schema_version),
    );
    // Identity fields came with schema 2: a file that says 1 and carries them is not what it says.
    check(
        file.schema_version >= 2 || file.machine.cpu_identity.is_none(),
        "machine.cpu_identity",
        "is a schema 2 field in a file that says schema_version 1",
    );
    let date_problem = created_at_problem(&file.created_at);
    check(date_problem.is_none(), "created_at", date_problem.as_deref().unwrap_or(""));
    check(!file.runner.name.trim().is_empty(), "runner.name", "is empty");
    check(!file.machine.arch.trim().is_empty(), "machine.arch", "is empty");
    check(file.machine.logical_cores != Some(0), "machine.logical_cores", "is 0");
    check(file.machine.physical_cores != Some(0), "machine.physical_cores", "is 0");
    check(file.machine.memory_total_bytes != Some(0), "machine.memory_total_bytes", "is 0");
    check(!file.allocator.name.trim().is_empty(), "allocator.name", "is empty");
    check(!file.layouts.types.is_empty(), "layouts.types", "is empty");
    check(!file.cases.is_empty(), "cases", "is empty");
    if let Some(problem) = label_problem(&file.label) {
        problems.push(Problem::new("label", problem));
    }
    problems.extend(machine_consistency(file));
    problems.extend(record_problems(file));
    for (field, text) in text_fields(file) {
        if let Some(problem) = text_problem(text) {
            problems.push(Problem::new(field, problem));
        }
    }
    for (i, case) in file.cases.iter().enumerate() {
        problems.extend(validate_case(&format!("cases[{i}]"), case));
        problems.extend(crate::consistency::case_problems(&format!("cases[{i}]"), case));
    }
    problems.extend(crate::consistency::runner_problems(file));
    problems.extend(crate::consistency::read_problems(file));
    problems.extend(duplicate_cases(file));
    if let Some(c) = &file.conditions {
        problems.extend(condition_problems(c, file.machine.logical_cores));
    }
    if !file.layouts.types.is_empty() {
        problems.extend(crate::plausible::layout_problems(file));
    }
    problems.extend(crate::plausible::time_problems(file));
    problems.extend(crate::plausible::native_on_wasm32(file));
    problems.extend(crate::plausible::memory_problems(file));
    let topology = file.conditions.as_ref().and_then(|c| c.topology.as_ref());
    for (i, case) in file.cases.iter().enumerate() {
        problems.extend(crate::plausible::pinning_problems(&format!("cases[{i}]"), case, topology, file.machine.logical_cores));
    }
    problems
}

/// Most CPU checks a file records: one before each round and after the last, and no run has
/// a thousand rounds.
const MAX_CPU_CHECKS: usize = 1000;

/// Sanity of the recorded conditions: percentages in range, loads not negative, a topology that
/// adds up.
fn condition_problems(c: &crate::results::RunConditions, logical_cores: Option<u32>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, field: &str, problem: String| {
        if !ok {
            problems.push(Problem::new(format!("conditions.{field}"), problem));
        }
    };
    if let Some(steal) = c.steal_percent {
        // 100 % stolen means the run never ran: it could not have measured anything.
        check(
            steal.is_finite() && (0.0..100.0).contains(&steal),
            "steal_percent",
            format!("is {steal}; a run that measured had 0 to under 100 % stolen"),
        );
    }
    // A load average counts runnable threads. A real, overloaded machine reached 219 per CPU, and its
    // measurements are kept (a submission refuses a busy run, `busy_problems`); only what no kernel
    // reports is refused here.
    let cpus = c.topology.as_ref().map(|t| t.logical_cpus).or(logical_cores).unwrap_or(1024).max(1);
    let most_load = MAX_LOAD_PER_CPU * f64::from(cpus);
    for (name, load) in [("load_average_before", c.load_average_before), ("load_average_after", c.load_average_after)] {
        if let Some(load) = load {
            check(
                load.is_finite() && (0.0..=most_load).contains(&load),
                name,
                format!("is {load}; a load average is 0 to {most_load} ({MAX_LOAD_PER_CPU} per logical CPU) on a machine that runs at all"),
            );
        }
    }
    if let Some(k) = &c.cpu_checks {
        let times = k.one_thread_ms.iter().chain(&k.all_threads_ms);
        check(
            k.one_thread_ms.len() == k.all_threads_ms.len() && k.one_thread_ms.len() <= MAX_CPU_CHECKS,
            "cpu_checks",
            format!(
                "has {} one-thread and {} all-thread times; a run records both at each check, at most {MAX_CPU_CHECKS}",
                k.one_thread_ms.len(),
                k.all_threads_ms.len()
            ),
        );
        check(
            times.clone().all(|ms| ms.is_finite() && *ms > 0.0 && *ms < 60_000.0),
            "cpu_checks",
            "has a time that is not a number of milliseconds above 0 and under a minute".into(),
        );
        check(
            k.threads >= 1 && logical_cores.is_none_or(|cpus| k.threads <= cpus),
            "cpu_checks.threads",
            format!("is {}; a check runs on 1 to as many threads as the CPUs the run may use", k.threads),
        );
    }
    if let Some(t) = &c.topology {
        check(
            t.sockets >= 1 && t.sockets <= t.cores && t.cores <= t.logical_cpus,
            "topology",
            format!(
                "has {} sockets, {} cores, {} logical CPUs; they must be 1 <= sockets <= cores <= logical CPUs",
                t.sockets, t.cores, t.logical_cpus
            ),
        );
        let in_range = t.smt_groups.iter().chain(&t.l3_groups).flatten().all(|&cpu| cpu < 4096);
        check(in_range && t.logical_cpus <= 4096, "topology", "names CPUs beyond 4096".into());
        problems.extend(crate::plausible::topology_problems(t));
    }
    problems
}

/// Least memory a machine that built and ran the runner can have: 64 MiB.
const MIN_MEMORY_BYTES: u64 = 64 << 20;

/// The arch Rust names (`std::env::consts::ARCH`) for a target triple's first part.
fn triple_arch(triple: &str) -> &str {
    let first = triple.split('-').next().unwrap_or(triple);
    match first {
        "i386" | "i586" | "i686" => "x86",
        a if a.starts_with("armv") || a.starts_with("thumbv") => "arm",
        a if a.starts_with("riscv64") => "riscv64",
        a if a.starts_with("riscv32") => "riscv32",
        "arm64" => "aarch64",
        a => a,
    }
}

/// Machine facts that contradict each other: more physical than logical cores, more logical cores
/// than the recorded topology has, less memory than any machine that ran the runner, an arch the
/// target triple contradicts, and a CPU or OS text that is blank.
fn machine_consistency(file: &ResultsFile) -> Vec<Problem> {
    let m = &file.machine;
    let mut problems = Vec::new();
    if let (Some(physical), Some(logical)) = (m.physical_cores, m.logical_cores) {
        if physical > logical {
            problems.push(Problem::new("machine.physical_cores", format!("is {physical}, more than the {logical} logical cores")));
        }
    }
    let topology = file.conditions.as_ref().and_then(|c| c.topology.as_ref());
    if let (Some(t), Some(logical)) = (topology, m.logical_cores) {
        if logical > t.logical_cpus {
            problems.push(Problem::new(
                "machine.logical_cores",
                format!("is {logical}, more than the {} logical CPUs of the recorded topology", t.logical_cpus),
            ));
        }
    }
    if let Some(bytes) = m.memory_total_bytes.filter(|&b| b > 0 && b < MIN_MEMORY_BYTES) {
        problems.push(Problem::new("machine.memory_total_bytes", format!("is {bytes}; a machine that ran the runner has at least 64 MiB")));
    }
    if let Some(triple) = file.toolchain.target_triple.as_deref() {
        let arch = triple_arch(triple);
        if !triple.trim().is_empty() && arch != m.arch {
            problems.push(Problem::new("machine.arch", format!("is {:?}, but the target triple {triple:?} is {arch:?}", m.arch)));
        }
    }
    for (field, text) in [("machine.cpu_model", m.cpu_model.as_deref()), ("machine.os", m.os.as_deref())] {
        if text.is_some_and(|t| t.trim().is_empty()) {
            problems.push(Problem::new(field, "is blank; leave it out when it is not known"));
        }
    }
    problems
}

/// Why a free-text field is unacceptable: too long, or holding control or bidi characters.
fn text_problem(text: &str) -> Option<String> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Some(format!("is {chars} characters long; at most {MAX_TEXT_CHARS} are allowed"));
    }
    if let Some(c) = text.chars().find(|&c| is_unsafe_char(c)) {
        return Some(format!("contains the control or invisible character U+{:04X}", c as u32));
    }
    let mut run = 0;
    for c in text.chars() {
        run = if is_combining(c) { run + 1 } else { 0 };
        if run > MAX_COMBINING_RUN {
            return Some(format!("stacks more than {MAX_COMBINING_RUN} combining marks on one character"));
        }
    }
    // Latin letters mixed with Cyrillic or Greek ones: a look-alike of another machine's text
    // ("АMD EPYC" with a Cyrillic A).
    let latin = text.chars().any(|c| c.is_ascii_alphabetic());
    let lookalike = text.chars().find(|c| matches!(c, '\u{0370}'..='\u{03FF}' | '\u{0400}'..='\u{052F}'));
    if let (true, Some(c)) = (latin, lookalike) {
        return Some(format!("mixes Latin letters with U+{:04X} (Greek or Cyrillic), which can pass for a Latin one", c as u32));
    }
    None
}

fn add<'a>(out: &mut Vec<(String, &'a str)>, path: String, text: Option<&'a str>) {
    if let Some(text) = text {
        out.push((path, text));
    }
}

/// Every free-text field of a file with its JSON path (the label has its own, stricter rule).
fn text_fields(file: &ResultsFile) -> Vec<(String, &str)> {
    let mut out: Vec<(String, &str)> = Vec::new();
    let (r, m, t, a) = (&file.runner, &file.machine, &file.toolchain, &file.allocator);
    add(&mut out, "created_at".into(), Some(&file.created_at));
    add(&mut out, "runner.name".into(), Some(&r.name));
    add(&mut out, "runner.version".into(), r.version.as_deref());
    add(&mut out, "runner.git_revision".into(), r.git_revision.as_deref());
    add(&mut out, "machine.cpu_model".into(), m.cpu_model.as_deref());
    add(&mut out, "machine.arch".into(), Some(&m.arch));
    add(&mut out, "machine.os".into(), m.os.as_deref());
    add(&mut out, "machine.kernel_version".into(), m.kernel_version.as_deref());
    add(&mut out, "machine.user_agent".into(), m.user_agent.as_deref());
    add(&mut out, "machine.browser".into(), m.browser.as_deref());
    add(&mut out, "machine.device".into(), m.device.as_deref());
    if let Some(id) = &m.cpu_identity {
        add(&mut out, "machine.cpu_identity.vendor".into(), id.vendor.as_deref());
        add(&mut out, "machine.cpu_identity.microcode".into(), id.microcode.as_deref());
        add(&mut out, "machine.cpu_identity.hypervisor_source".into(), id.hypervisor_source.as_deref());
    }
    add(&mut out, "toolchain.rustc_version".into(), t.rustc_version.as_deref());
    add(&mut out, "toolchain.target_triple".into(), t.target_triple.as_deref());
    add(&mut out, "toolchain.profile".into(), t.profile.as_deref());
    add(&mut out, "toolchain.opt_level".into(), t.opt_level.as_deref());
    if let Some(c) = &file.conditions {
        add(&mut out, "conditions.governor".into(), c.governor.as_deref());
        add(&mut out, "conditions.hypervisor".into(), c.hypervisor.as_deref());
    }
    add(&mut out, "allocator.name".into(), Some(&a.name));
    add(&mut out, "allocator.version".into(), a.version.as_deref());
    for (i, layout) in file.layouts.types.iter().enumerate() {
        add(&mut out, format!("layouts.types[{i}].type_name"), Some(&layout.type_name));
    }
    if let Some(p) = &file.provenance {
        add(&mut out, "provenance.source".into(), Some(&p.source));
        add(&mut out, "provenance.article".into(), p.article.as_deref());
        for (i, note) in p.notes.iter().enumerate() {
            add(&mut out, format!("provenance.notes[{i}]"), Some(note));
        }
    }
    for (i, case) in file.cases.iter().enumerate() {
        add(&mut out, format!("cases[{i}].suite"), Some(&case.suite));
        add(&mut out, format!("cases[{i}].variant"), Some(&case.variant));
        add(&mut out, format!("cases[{i}].variant_id"), Some(&case.variant_id));
        add(&mut out, format!("cases[{i}].mode"), case.mode.as_deref());
        add(&mut out, format!("cases[{i}].params.input_set"), case.params.input_set.as_deref());
        for (j, note) in case.notes.iter().enumerate() {
            add(&mut out, format!("cases[{i}].notes[{j}]"), Some(note));
        }
    }
    out
}

/// Two cases that measure the same thing ([`CaseResult::identity`]): the runner never writes both.
fn duplicate_cases(file: &ResultsFile) -> Vec<Problem> {
    let mut seen: Vec<(usize, String)> = Vec::new();
    let mut problems = Vec::new();
    for (i, c) in file.cases.iter().enumerate() {
        let key = c.identity();
        match seen.iter().find(|(_, k)| *k == key) {
            Some((first, _)) => problems.push(Problem::new(format!("cases[{i}]"), format!("measures the same case as cases[{first}]"))),
            None => seen.push((i, key)),
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    //! Under Miri only a few of these run (`round_trip_is_lossless_and_valid`,
    //! `parse_errors_name_the_field`, `messages_escape_control_and_bidi_characters`): they take
    //! serde_json and sha2 through it; the rest check rules in safe code and take minutes there.
    use super::*;
    use crate::results::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn case() -> CaseResult {
        let mut case = CaseResult {
            suite: "clone".into(),
            variant: "Arc<str>".into(),
            variant_id: "arc_str".into(),
            mode: Some("drop".into()),
            threads: 2,
            ops_per_repeat: 100_000,
            params: CaseParams { string_len_bytes: Some(64), ..Default::default() },
            warmup_repeats: 1,
            repeat_times_ns: vec![3e6, 1e6, 2e6],
            median_ns: 0.0,
            min_ns: 0.0,
            max_ns: 0.0,
            mad_ns: 0.0,
            median_ns_per_op: 0.0,
            noise_rel_mad: None,
            noisy: None,
            round_medians_ns: None,
            placement: None,
            cpus: None,
            contender_ops_per_sec: Some(1e6),
            all_threads_ops_per_sec: None,
            memory: Some(MemoryStats {
                mapped_before_bytes: 7,
                mapped_after_bytes: 8,
                allocated_before_bytes: 3,
                allocated_after_bytes: 4,
                resident_before_bytes: 5,
                resident_after_bytes: 6,
            }),
            mapped_timeline: Some(vec![TimelinePoint { elapsed_ns: 10, mapped_bytes: 20 }]),
            notes: vec!["a note".into()],
        };
        assert!(case.summarize());
        case
    }

    fn file() -> ResultsFile {
        ResultsFile {
            schema_version: 1,
            label: "test-run".into(),
            created_at: "2026-11-25T12:00:00.123Z".into(),
            runner: RunnerInfo { name: "native-runner".into(), version: Some("0.1.0".into()), git_revision: None },
            // A native run of an x86_64 machine, whatever target the tests run on (a native-runner
            // file of wasm32 is refused: `plausible::native_on_wasm32`).
            machine: MachineInfo { arch: "x86_64".into(), logical_cores: Some(2), ..Default::default() },
            toolchain: ToolchainInfo::default(),
            allocator: AllocatorInfo { name: "jemalloc".into(), version: None },
            layouts: crate::plausible::layouts_for_word(8),
            provenance: Some(Provenance { source: "test".into(), article: None, notes: vec!["n".into()] }),
            conditions: None,
            cases: vec![case()],
        }
    }

    fn problems_of(f: &ResultsFile) -> Vec<String> {
        match validate_bytes("x.json", f.to_pretty_json().as_bytes()) {
            Ok(_) => vec![],
            Err(problems) => problems.iter().map(ToString::to_string).collect(),
        }
    }

    fn assert_one_problem(mutate: impl FnOnce(&mut ResultsFile), field: &str) {
        let mut f = file();
        mutate(&mut f);
        let problems = problems_of(&f);
        assert!(problems.iter().any(|p| p.starts_with(&format!("{field}: "))), "{field}: {problems:?}");
    }

    #[test]
    fn round_trip_is_lossless_and_valid() {
        let f = file();
        let text = f.to_pretty_json();
        assert!(text.ends_with("}\n"));
        let back = validate_bytes("x.json", text.as_bytes()).expect("valid");
        assert_eq!(back, f);
        assert_eq!(back.to_pretty_json(), text, "stable text");
        assert_eq!(f.cases[0].median_ns, 2e6);
        assert_eq!(f.cases[0].mad_ns, 1e6);
        assert_eq!(f.cases[0].median_ns_per_op, 20.0);
    }

    #[test]
    fn parse_errors_name_the_field() {
        let text = file().to_pretty_json().replace("\"threads\": 2", "\"threads\": \"two\"");
        let problems = validate_bytes("x.json", text.as_bytes()).unwrap_err();
        assert_eq!(problems[0].field, "cases[0].threads", "{problems:?}");
        assert!(problems[0].problem.contains("line"), "{problems:?}");
        let text = file().to_pretty_json().replace("\"suite\"", "\"suit\"");
        let problems = validate_bytes("x.json", text.as_bytes()).unwrap_err();
        assert!(problems[0].to_string().starts_with("cases[0].suit: unknown field `suit`"), "{problems:?}");
        let problems = validate_bytes("x.json", b"{} trailing").unwrap_err();
        assert!(!problems.is_empty());
        let problems = validate_bytes("x.json", b"\"text\"").unwrap_err();
        assert_eq!(problems[0].field, "file");
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn file_rules() {
        let big = vec![b' '; MAX_FILE_BYTES + 1];
        assert!(validate_bytes("x.json", &big).unwrap_err()[0].to_string().starts_with("file: is 1048577 bytes"));
        let text = file().to_pretty_json();
        assert_eq!(validate_bytes("x.txt", text.as_bytes()).unwrap_err()[0].field, "file");
        assert_one_problem(|f| f.schema_version = SCHEMA_VERSION + 1, "schema_version");
        assert_one_problem(|f| f.schema_version = 0, "schema_version");
        // Version 1 files (every file shipped before schema 2) still read, without the identity.
        assert!(validate_bytes(
            "x.json",
            {
                let mut f = file();
                f.schema_version = 1;
                f
            }
            .to_pretty_json()
            .as_bytes()
        )
        .is_ok());
        assert_one_problem(
            |f| {
                f.schema_version = 1;
                f.machine.cpu_identity = Some(Default::default());
            },
            "machine.cpu_identity",
        );
        assert_one_problem(|f| f.created_at = "yesterday".into(), "created_at");
        assert_one_problem(|f| f.created_at = "2025-01-31T12:00:00+01:00".into(), "created_at");
        assert_one_problem(|f| f.runner.name = " ".into(), "runner.name");
        assert_one_problem(|f| f.machine.arch = String::new(), "machine.arch");
        assert_one_problem(|f| f.machine.logical_cores = Some(0), "machine.logical_cores");
        assert_one_problem(|f| f.machine.physical_cores = Some(0), "machine.physical_cores");
        assert_one_problem(|f| f.machine.memory_total_bytes = Some(0), "machine.memory_total_bytes");
        assert_one_problem(|f| f.allocator.name = String::new(), "allocator.name");
        assert_one_problem(|f| f.layouts.types.clear(), "layouts.types");
        assert_one_problem(|f| f.layouts.types[0].align_bytes = 3, "layouts.types[0]");
        assert_one_problem(|f| f.layouts.types[0].size_bytes += 1, "layouts.types[0]");
        assert_one_problem(|f| f.cases.clear(), "cases");
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn label_rules() {
        assert_eq!(label_problem("ryzen-5600x_2024.1"), None);
        assert_one_problem(|f| f.label = String::new(), "label");
        assert_one_problem(|f| f.label = "x".repeat(MAX_LABEL_CHARS + 1), "label");
        assert_one_problem(|f| f.label = "tab\there".into(), "label");
        assert_one_problem(|f| f.label = "../escape".into(), "label");
    }

    #[test]
    fn a_clone_case_reads_its_mode_as_one_of_the_three_and_drop_when_unnamed() {
        use crate::kernels::CloneMode;
        let with = |suite: &str, mode: Option<&str>| CaseResult { suite: suite.into(), mode: mode.map(Into::into), ..case() };
        for m in CloneMode::ALL {
            assert_eq!(with("clone", Some(m.id())).clone_mode(), Some(m));
        }
        assert_eq!(with("clone", None).clone_mode(), Some(CloneMode::Drop), "files from before modes ran drop");
        assert_eq!(with("clone", Some("leak")).clone_mode(), None, "an unknown mode is no mode");
        assert_eq!(with("sso", Some("drop")).clone_mode(), None, "another suite's case has no clone mode");
        let mut f = file();
        f.cases[0].mode = Some("leak".into());
        let problems = problems_of(&f);
        assert!(problems.iter().any(|p| p.starts_with("cases[0].mode: ") && p.contains("drop, forget, read")), "{problems:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn case_rules() {
        assert_one_problem(|f| f.cases[0].suite = String::new(), "cases[0].suite");
        assert_one_problem(|f| f.cases[0].variant = String::new(), "cases[0].variant");
        assert_one_problem(|f| f.cases[0].variant_id = String::new(), "cases[0].variant_id");
        assert_one_problem(|f| f.cases[0].threads = 0, "cases[0].threads");
        assert_one_problem(|f| f.cases[0].ops_per_repeat = 0, "cases[0].ops_per_repeat");
        assert_one_problem(|f| f.cases[0].repeat_times_ns.clear(), "cases[0].repeat_times_ns");
        assert_one_problem(|f| f.cases[0].repeat_times_ns[1] = -1.0, "cases[0].repeat_times_ns[1]");
        assert_one_problem(|f| f.cases[0].repeat_times_ns[1] = 0.0, "cases[0].repeat_times_ns[1]");
        assert_one_problem(|f| f.cases[0].median_ns = 2500.0, "cases[0].median_ns");
        assert_one_problem(|f| f.cases[0].min_ns = -1.0, "cases[0].min_ns");
        assert_one_problem(|f| f.cases[0].max_ns = 1.0, "cases[0].max_ns");
        assert_one_problem(|f| f.cases[0].mad_ns = -1.0, "cases[0].mad_ns");
        assert_one_problem(|f| f.cases[0].median_ns_per_op = 7.0, "cases[0].median_ns_per_op");
        assert_one_problem(|f| f.cases[0].contender_ops_per_sec = Some(-5.0), "cases[0].contender_ops_per_sec");
        assert_one_problem(|f| f.cases[0].threads = 1, "cases[0].contender_ops_per_sec");
        // Non-finite numbers cannot even be written as JSON: serde_json writes null, which fails to parse.
        let mut f = file();
        f.cases[0].repeat_times_ns[0] = f64::INFINITY;
        assert!(!validate_file(&f).is_empty());
        assert!(problems_of(&f).iter().any(|p| p.starts_with("cases[0].repeat_times_ns[0]: ")), "{:?}", problems_of(&f));
    }

    /// One case of each new suite, as the runner writes them.
    fn new_suite_cases() -> Vec<CaseResult> {
        let times = || vec![0.9e6, 1e6, 1.1e6];
        let mut sso = CaseResult::new(
            Suite::Sso,
            "Box<[InlineStr]> (128-byte stack buffer)",
            "inline_buf",
            2,
            100,
            CaseParams { input_set: Some("short".into()), ..Default::default() },
            1,
            times(),
        );
        sso.all_threads_ops_per_sec = Some(2e5);
        let reader = CaseParams { writer: Some(true), writer_period_us: Some(1000), ..Default::default() };
        let arcswap = CaseResult::new(Suite::Arcswap, "arc_swap::Cache::load", "cache", 1, 1 << 20, reader, 1, times());
        let arena = CaseResult::new(
            Suite::Arena,
            "bumpalo_herd::Herd",
            "bump_herd",
            2,
            1_000_000,
            CaseParams { nodes: Some(1_000_000), ..Default::default() },
            1,
            times(),
        );
        let mut lines = CaseResult::new(Suite::Lines, "own counter, CachePadded", "padded", 2, 1 << 20, CaseParams::default(), 1, times());
        lines.all_threads_ops_per_sec = Some(2e9);
        vec![sso, arcswap, arena, lines]
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn new_suites_round_trip_and_validate() {
        let mut f = file();
        f.cases.extend(new_suite_cases());
        let text = f.to_pretty_json();
        let back = validate_bytes("x.json", text.as_bytes()).expect("valid");
        assert_eq!(back, f);
        assert_eq!(back.cases[1].params.input_set.as_deref(), Some("short"));
        assert_eq!(back.cases[2].params.writer, Some(true));
        assert_eq!(back.cases[3].params.nodes, Some(1_000_000));
        // The median time, 1e6 ns, over the 1e6 operations of one repeat.
        assert_eq!(back.cases[3].median_ns_per_op, 1.0);
        // Files written before these fields existed still parse: the additions are optional.
        let old = file().to_pretty_json();
        assert!(!old.contains("writer") && !old.contains("nodes") && !old.contains("all_threads"));
        assert!(validate_bytes("x.json", old.as_bytes()).is_ok());
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn suite_rules() {
        let with = |i: usize, mutate: fn(&mut CaseResult)| {
            move |f: &mut ResultsFile| {
                f.cases = new_suite_cases();
                mutate(&mut f.cases[i]);
            }
        };
        assert_one_problem(|f| f.cases[0].suite = "teleport".into(), "cases[0].suite");
        assert_one_problem(|f| f.cases[0].variant_id = "cow_str".into(), "cases[0].variant_id");
        assert_one_problem(|f| f.cases[0].variant = "Cow<str>".into(), "cases[0].variant");
        assert_one_problem(with(0, |c| c.params.input_set = None), "cases[0].params.input_set");
        assert_one_problem(with(0, |c| c.params.input_set = Some("huge".into())), "cases[0].params.input_set");
        assert_one_problem(with(0, |c| c.variant_id = "load".into()), "cases[0].variant_id");
        assert_one_problem(with(0, |c| c.all_threads_ops_per_sec = Some(0.0)), "cases[0].all_threads_ops_per_sec");
        assert_one_problem(with(1, |c| c.params.writer = None), "cases[1].params.writer");
        assert_one_problem(with(1, |c| c.params.writer_period_us = None), "cases[1].params.writer_period_us");
        assert_one_problem(with(2, |c| c.params.nodes = Some(0)), "cases[2].params.nodes");
        assert_one_problem(with(2, |c| c.params.nodes = None), "cases[2].params.nodes");
        assert_one_problem(with(2, |c| c.params.nodes = Some(5)), "cases[2].ops_per_repeat");
        assert_one_problem(
            with(2, |c| {
                c.variant_id = "bump".into();
                c.variant = "bumpalo::Bump".into();
            }),
            "cases[2].threads",
        );
        assert_one_problem(with(3, |c| c.variant_id = "false_sharing".into()), "cases[3].variant_id");
        assert_one_problem(with(3, |c| c.params.nodes = Some(1 << 20)), "cases[3].params.nodes");
        assert_one_problem(with(3, |c| c.mode = Some("drop".into())), "cases[3].mode");
    }

    /// Issue 12, row 1: a date ending in a multibyte character once panicked the hand-written check.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn created_at_is_parsed_not_sliced() {
        for bad in [
            "2026-11-21T23:31:24.1é",
            "2026-02-30T12:00:00Z",
            "2026-11-21 23:31:24Z",
            "é",
            "",
            "2019-12-31T23:59:59Z",
            "2026-11-21T23:31:24+01:00",
        ] {
            assert_one_problem(|f| f.created_at = bad.into(), "created_at");
        }
        for good in ["2026-11-21T23:31:24Z", "2026-11-21T23:31:24.123456Z"] {
            let mut f = file();
            f.created_at = good.into();
            assert_eq!(problems_of(&f), Vec::<String>::new(), "{good}");
        }
    }

    /// Issue 12, row 6: a file's own text never reaches a log or terminal with its control
    /// characters (a newline would start a GitHub workflow command; ESC a terminal sequence).
    #[test]
    fn messages_escape_control_and_bidi_characters() {
        let text = file().to_pretty_json().replacen("\"suite\"", "\"\\n::error file=README.md,line=1::PWNED\\u001b[31m\"", 1);
        let problems = validate_bytes("x.json", text.as_bytes()).unwrap_err();
        let shown = problems[0].to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.contains("\\u{a}::error") && shown.contains("\\u{1b}[31m"), "{shown}");
        assert_eq!(escape_control("a\u{202E}b\\"), "a\\u{202e}b\\\\");
        assert_eq!(escape_control("plain é 🦀"), "plain é 🦀");
    }

    /// Issue 12: nonsense that parses is refused, each with its field named.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn nonsense_that_parses_is_refused() {
        assert_one_problem(|f| f.machine.cpu_model = Some("x".repeat(MAX_TEXT_CHARS + 1)), "machine.cpu_model");
        assert_one_problem(|f| f.machine.os = Some("Linux\u{1b}[2J".into()), "machine.os");
        assert_one_problem(|f| f.allocator.name = "jemalloc\u{202E}".into(), "allocator.name");
        assert_one_problem(|f| f.cases[0].notes = vec!["line\nbreak".into()], "cases[0].notes[0]");
        assert_one_problem(|f| f.cases.push(f.cases[0].clone()), "cases[1]");
        assert_one_problem(|f| f.cases[0].mode = Some("sometimes".into()), "cases[0].mode");
        assert_one_problem(|f| f.cases[0].mode = None, "cases[0].mode");
        assert_one_problem(|f| f.cases[0].threads = MAX_THREADS + 1, "cases[0].threads");
        assert_one_problem(
            |f| {
                let c = &mut f.cases[0];
                (c.variant, c.variant_id, c.contender_ops_per_sec) = ("Rc<str>".into(), "rc_str".into(), None);
            },
            "cases[0].threads",
        );
        assert_one_problem(
            |f| {
                f.cases[0].mapped_timeline =
                    Some(vec![TimelinePoint { elapsed_ns: 20, mapped_bytes: 1 }, TimelinePoint { elapsed_ns: 10, mapped_bytes: 1 }])
            },
            "cases[0].mapped_timeline",
        );
        let mut long = file();
        long.cases[0].mapped_timeline = Some(vec![TimelinePoint { elapsed_ns: 1, mapped_bytes: 1 }; MAX_TIMELINE_POINTS + 1]);
        assert!(validate_file(&long).iter().any(|p| p.field == "cases[0].mapped_timeline"), "too many points");
        assert_one_problem(
            |f| {
                let c = &mut f.cases[0];
                (c.variant, c.variant_id, c.mode) = ("String".into(), "string".into(), Some("forget".into()));
                c.memory = Some(MemoryStats {
                    mapped_before_bytes: 9,
                    mapped_after_bytes: 1,
                    allocated_before_bytes: 1,
                    allocated_after_bytes: 2,
                    resident_before_bytes: 1,
                    resident_after_bytes: 1,
                });
            },
            "cases[0].memory.mapped_after_bytes",
        );
        // A different thread count is a different case, not a duplicate.
        let mut f = file();
        let mut other = f.cases[0].clone();
        other.threads = 4;
        f.cases.push(other);
        assert_eq!(problems_of(&f), Vec::<String>::new());
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn files_that_lie_round_two() {
        // Repeat times whose two middle values would sum past f64::MAX: refused, never compared
        // against an infinite median.
        assert_one_problem(
            |f| {
                let c = &mut f.cases[0];
                c.repeat_times_ns = vec![1.7e308, 1.7e308];
                (c.median_ns, c.min_ns, c.max_ns, c.mad_ns, c.median_ns_per_op) = (1.0, 1.0, 1.0, 0.0, 0.001);
            },
            "cases[0].repeat_times_ns[0]",
        );
        let mut huge = file();
        huge.cases[0].repeat_times_ns = vec![1.7e308, 1.7e308];
        huge.cases[0].summarize();
        assert!(huge.cases[0].median_ns.is_finite(), "the median of finite times is finite");
        assert!(!validate_file(&huge).is_empty());
        // A stored median beside repeats whose own median is not finite never agrees.
        assert!(!close(5.0, f64::INFINITY) && !close(f64::INFINITY, f64::INFINITY));
        // Labels that would name hidden files; invisible characters in machine fields.
        assert_eq!(label_problem(".hidden").as_deref(), Some("starts with '.'; it names a file, and that would make it a hidden one"));
        for (field, text) in
            [("zero-width space", "AMD\u{200B} EPYC"), ("BOM", "\u{FEFF}Linux"), ("tag", "x\u{E0041}"), ("line separator", "a\u{2028}b")]
        {
            let mut f = file();
            f.machine.cpu_model = Some(text.into());
            let problems = problems_of(&f);
            assert!(problems.iter().any(|p| p.starts_with("machine.cpu_model")), "{field}: {problems:?}");
            assert!(!problems.iter().any(|p| p.contains(text)), "{field} is escaped in the message");
        }
        // A JSON array is not a results file, though serde would read a struct from one.
        let as_array =
            serde_json::to_string(&serde_json::to_value(file()).unwrap().as_object().unwrap().values().collect::<Vec<_>>()).unwrap();
        let problems = validate_bytes("array.json", as_array.as_bytes()).unwrap_err();
        assert_eq!(problems[0].to_string(), "file: is not a JSON object (a results file starts with '{')");
        // A flood of problems is cut, and says how many it cut.
        let mut flood = file();
        flood.cases[0].repeat_times_ns = vec![-1.0; 1000];
        let problems = validate_bytes("flood.json", flood.to_pretty_json().as_bytes()).unwrap_err();
        assert_eq!(problems.len(), MAX_PROBLEMS + 1);
        assert!(
            problems[MAX_PROBLEMS].to_string().starts_with("file: and ") && problems[MAX_PROBLEMS].to_string().ends_with(" more problems")
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn pinned_cases_name_a_known_placement_and_their_cpus() {
        let pinned = |f: &mut ResultsFile| {
            f.conditions = Some(crate::results::RunConditions {
                topology: Some(crate::results::CpuTopology {
                    sockets: 2,
                    cores: 4,
                    logical_cpus: 4,
                    l3_groups: vec![vec![0, 1], vec![2, 3]],
                    ..Default::default()
                }),
                ..Default::default()
            });
            let c = &mut f.cases[0];
            c.threads = 2;
            (c.placement, c.cpus) = (Some("same-l3".into()), Some(vec![0, 1]));
        };
        let mut f = file();
        pinned(&mut f);
        assert_eq!(problems_of(&f), Vec::<String>::new());
        // The same case unpinned, or pinned elsewhere, is another case; pinned the same way twice is not.
        let mut other = f.cases[0].clone();
        (other.placement, other.cpus) = (None, None);
        f.cases.push(other);
        let mut elsewhere = f.cases[0].clone();
        (elsewhere.placement, elsewhere.cpus) = (Some("other-socket".into()), Some(vec![0, 2]));
        f.cases.push(elsewhere);
        assert_eq!(problems_of(&f), Vec::<String>::new());
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases.push(f.cases[0].clone())
            },
            "cases[1]",
        );
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases[0].placement = Some("next-door".into())
            },
            "cases[0].placement",
        );
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases[0].cpus = None
            },
            "cases[0].cpus",
        );
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases[0].placement = None
            },
            "cases[0].placement",
        );
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases[0].cpus = Some(vec![3, 3])
            },
            "cases[0].cpus",
        );
        assert_one_problem(
            |f| {
                pinned(f);
                f.cases[0].cpus = Some(vec![0, 1, 2])
            },
            "cases[0].cpus",
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn browser_runs_are_submissions_with_their_own_rules() {
        let mut f = file();
        f.provenance = None;
        f.runner = crate::browser::runner();
        f.machine = crate::results::MachineInfo {
            arch: "wasm32".into(),
            logical_cores: Some(2),
            user_agent: Some("Mozilla/5.0 HeadlessChrome/156.0 Safari/537.36".into()),
            browser: Some("Headless Chrome 156".into()),
            ..Default::default()
        };
        f.toolchain.target_triple = Some("wasm32-unknown-unknown".into());
        f.layouts = crate::plausible::layouts_for_word(4);
        f.conditions = Some(crate::results::RunConditions::default());
        // What the lab records: its allocator, and no statistics a page cannot read.
        f.allocator = crate::results::AllocatorInfo { name: crate::browser::BROWSER_ALLOCATOR.into(), version: None };
        for case in &mut f.cases {
            (case.memory, case.mapped_timeline) = (None, None);
        }
        f.cases[0].threads = 2;
        f.cases[0].mark_noise();
        assert_eq!(problems_of(&f), Vec::<String>::new());
        assert!(submission_problems(&f).is_empty(), "{:?}", submission_problems(&f));
        let fields = |f: &ResultsFile| submission_problems(f).into_iter().map(|p| p.field).collect::<Vec<_>>();
        let mut more_threads = f.clone();
        more_threads.cases[0].threads = 3;
        assert_eq!(fields(&more_threads), ["cases[0].threads"]);
        let mut bare = f.clone();
        (bare.machine.user_agent, bare.machine.logical_cores, bare.machine.arch) = (None, None, "x86_64".into());
        bare.toolchain.target_triple = None;
        assert_eq!(fields(&bare), ["machine.arch", "machine.user_agent", "machine.logical_cores", "toolchain.target_triple"]);
        let mut other_suite = f.clone();
        other_suite.cases[0].suite = "sso".into();
        assert!(fields(&other_suite).contains(&"cases[0].suite".to_string()));
    }

    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn conditions_and_noise_are_checked_and_quick_runs_are_no_submission() {
        let mut f = file();
        f.cases[0].mark_noise();
        f.conditions = Some(crate::results::RunConditions {
            quick: true,
            steal_percent: Some(3.0),
            hypervisor: Some("KVM".into()),
            ..Default::default()
        });
        assert_eq!(problems_of(&f), Vec::<String>::new());
        let quick = submission_problems(&f);
        assert!(quick.iter().any(|p| p.to_string().starts_with("conditions.quick: is true")), "{quick:?}");
        f.conditions.as_mut().unwrap().quick = false;
        assert_eq!(
            submission_problems(&f).iter().map(|p| p.field.as_str()).collect::<Vec<_>>(),
            ["provenance"],
            "the test file carries provenance"
        );
        f.provenance = None;
        assert!(submission_problems(&f).is_empty());
        f.runner.name = "arc_str_perf".into();
        assert_eq!(submission_problems(&f)[0].field, "runner.name");
        assert_one_problem(
            |f| f.conditions = Some(crate::results::RunConditions { steal_percent: Some(120.0), ..Default::default() }),
            "conditions.steal_percent",
        );
        // CPU checks that no lab writes: unpaired times, a time that is no time, more threads than CPUs.
        let checks = |threads: u32, one: Vec<f64>, all: Vec<f64>| {
            let cpu_checks = Some(crate::results::CpuChecks { threads, one_thread_ms: one, all_threads_ms: all });
            Some(crate::results::RunConditions { cpu_checks, ..Default::default() })
        };
        assert_one_problem(|f| f.conditions = checks(1, vec![20.0, 21.0], vec![20.0]), "conditions.cpu_checks");
        assert_one_problem(|f| f.conditions = checks(1, vec![20.0, 1e9], vec![20.0, 20.0]), "conditions.cpu_checks");
        assert_one_problem(|f| f.conditions = checks(1, vec![20.0, -1.0], vec![20.0, 20.0]), "conditions.cpu_checks");
        assert_one_problem(
            |f| {
                f.machine.logical_cores = Some(2);
                f.conditions = checks(3, vec![20.0], vec![20.0]);
            },
            "conditions.cpu_checks.threads",
        );
        assert_one_problem(
            |f| {
                f.conditions = Some(crate::results::RunConditions {
                    topology: Some(crate::results::CpuTopology { sockets: 2, cores: 1, logical_cpus: 4, ..Default::default() }),
                    ..Default::default()
                })
            },
            "conditions.topology",
        );
        assert_one_problem(
            |f| {
                f.cases[0].mark_noise();
                f.cases[0].noisy = Some(false)
            },
            "cases[0].noisy",
        );
        assert_one_problem(
            |f| {
                f.cases[0].mark_noise();
                f.cases[0].noise_rel_mad = Some(0.9)
            },
            "cases[0].noise_rel_mad",
        );
    }

    /// A submission-shaped file: no provenance, conditions recorded, noise marked.
    fn submission() -> ResultsFile {
        let mut f = file();
        f.provenance = None;
        f.conditions = Some(crate::results::RunConditions::default());
        f.cases[0].mark_noise();
        f
    }

    fn submission_fields(f: &ResultsFile) -> Vec<String> {
        submission_problems(f).iter().map(|p| p.field.clone()).collect()
    }

    /// A browser run with more than a quarter of its cases noisy (and more than three of them) is
    /// what the lab calls too noisy to compare: valid, kept, not submitted. At the bound it passes;
    /// one noisy case more and it is refused. A native run past the bound is left to review.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn a_run_too_noisy_to_compare_is_no_submission() {
        let mut f = submission();
        let base = f.cases[0].clone();
        let median = base.median_ns;
        // Case `i`, its own string length and its own times; `noisy`: repeats ±20 % apart, else ±1 %.
        let case = |i: u64, noisy: bool| {
            let mut c = base.clone();
            c.params.string_len_bytes = Some(64 + i);
            let spread = if noisy { [0.8, 0.9, 1.0, 1.1, 1.2] } else { [0.99, 0.995, 1.0, 1.005, 1.01] };
            c.repeat_times_ns = spread.iter().map(|k| median * k * (1.0 + i as f64 * 1e-4)).collect();
            c.summarize();
            c.mark_noise();
            assert_eq!(c.noise_flag(), Some(noisy));
            c
        };
        f.cases = (0..16).map(|i| case(i, i < 4)).collect();
        assert_eq!(problems_of(&f), Vec::<String>::new(), "valid as a file");
        let about_noise = |f: &ResultsFile| submission_problems(f).into_iter().find(|p| p.field == "cases").map(|p| p.to_string());
        f.runner = crate::browser::runner();
        assert_eq!(about_noise(&f), None, "4 of 16 is a quarter, not more");
        f.cases[4] = case(4, true);
        let said = about_noise(&f).expect("5 of 16 is too many");
        assert!(said.contains("5 of 16 cases are noisy") && said.contains("too many to compare"), "{said}");
        f.runner.name = "native-runner".into();
        assert_eq!(about_noise(&f), None, "a native run past the bound is left to review");
    }

    /// Issue 23: more threads at once than the process could use CPUs is time-sharing; a
    /// submission has it only when the run was asked for it (`--oversubscribe`).
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn oversubscribed_cases_are_submitted_only_on_purpose() {
        let mut f = submission();
        f.machine.logical_cores = Some(1);
        assert_eq!(problems_of(&f), Vec::<String>::new(), "the runner writes it: the file is valid");
        assert_eq!(submission_fields(&f), ["cases[0].threads"]);
        assert!(submission_problems(&f)[0].to_string().contains("runs 2 threads at once on a process that could use 1 CPU(s)"));
        f.conditions.as_mut().unwrap().oversubscribe = true;
        assert_eq!(submission_fields(&f), Vec::<String>::new(), "asked for: submitted, and recorded");
        assert!(f.to_pretty_json().contains("\"oversubscribe\": true"));
        // An arc-swap writer is one more thread at once.
        let mut f = submission();
        let c = &mut f.cases[0];
        (c.threads, c.params.writer) = (2, Some(true));
        assert_eq!(running_threads(c), 3);
        assert_eq!(submission_problems(&f).iter().filter(|p| p.field == "cases[0].threads").count(), 1);
        // Not written when false, so older files read the same.
        assert!(!submission().to_pretty_json().contains("oversubscribe"));
    }

    /// Issue 22, §3: round medians come in twos or more, share the repeats evenly and lie inside
    /// their range; other suites have none.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn round_medians_are_checked() {
        let mut f = file();
        f.cases[0].repeat_times_ns = vec![1e6, 1.1e6, 2e6, 2.2e6];
        assert!(f.cases[0].summarize());
        f.cases[0].round_medians_ns = Some(vec![1.05e6, 2.1e6]);
        assert!(problems_of(&f).is_empty(), "{:?}", problems_of(&f));
        assert!((f.cases[0].round_spread_rel().unwrap() - 1.05e6 / 1.575e6).abs() < 1e-12);
        for bad in [vec![1.05e6], vec![1e6, 1.5e6, 2e6], vec![0.5e6, 2.1e6]] {
            assert_one_problem(
                |f| {
                    f.cases[0].repeat_times_ns = vec![1e6, 1.1e6, 2e6, 2.2e6];
                    f.cases[0].summarize();
                    f.cases[0].round_medians_ns = Some(bad.clone());
                },
                "cases[0].round_medians_ns",
            );
        }
        assert_one_problem(
            |f| {
                f.cases = new_suite_cases();
                f.cases[0].round_medians_ns = Some(vec![1e6, 1e6]);
            },
            "cases[0].round_medians_ns",
        );
    }

    /// Issue 22: a clone case names a harness other than ours with the words `--method` writes, and
    /// no such case is a submission.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn harnesses_are_named_exactly_and_never_submitted() {
        let mut f = submission();
        f.cases[0].params.harness = Some("article".into());
        assert!(problems_of(&f).is_empty(), "{:?}", problems_of(&f));
        assert_eq!(submission_fields(&f), ["cases[0].params.harness"]);
        f.cases[0].params.harness = Some("no-black-box+stop-channel".into());
        assert!(problems_of(&f).is_empty());
        for bad in ["ours", "fast", "stop-channel+no-black-box", ""] {
            assert_one_problem(|f| f.cases[0].params.harness = Some(bad.into()), "cases[0].params.harness");
        }
        assert_one_problem(
            |f| {
                f.cases = new_suite_cases();
                f.cases[0].params.harness = Some("article".into());
            },
            "cases[0].params.harness",
        );
        // A read case (no clone) is a clone-suite case of its own, with no method to vary.
        let mut read = submission();
        read.cases[0].mode = Some("read".into());
        assert!(problems_of(&read).is_empty(), "{:?}", problems_of(&read));
        assert_one_problem(
            |f| {
                f.cases[0].mode = Some("read".into());
                f.cases[0].params.harness = Some("article".into());
            },
            "cases[0].params.harness",
        );
        assert_one_problem(|f| f.cases[0].mode = Some("keep".into()), "cases[0].mode");
    }

    /// Issue 54: a case of the allocator A/B names its allocator exactly, is one of String's drop
    /// cases, and is a case of its own beside the same case on the global allocator.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn a_case_on_another_allocator_is_a_string_drop_case_of_its_own() {
        let on = |allocator: &str| {
            let mut c = case();
            (c.variant, c.variant_id) = ("String".into(), "string".into());
            c.params.allocator = Some(allocator.into());
            c
        };
        let mut f = file();
        f.cases = vec![on("bump_herd"), on("thread_pool")];
        f.cases.push(CaseResult { params: CaseParams { allocator: None, ..f.cases[0].params.clone() }, ..f.cases[0].clone() });
        assert!(problems_of(&f).is_empty(), "{:?}", problems_of(&f));
        assert_eq!(f.cases[0].condition_key(), "t2-drop-bump_herd");
        for bad in ["global", "jemalloc", ""] {
            assert_one_problem(|f| f.cases = vec![on(bad)], "cases[0].params.allocator");
        }
        assert_one_problem(|f| f.cases[0].params.allocator = Some("bump_herd".into()), "cases[0].params.allocator");
        assert_one_problem(
            |f| {
                f.cases = vec![on("thread_pool")];
                f.cases[0].mode = Some("forget".into());
            },
            "cases[0].params.allocator",
        );
    }

    /// Issue 19, rows 2: parameters a suite does not have are refused, and cases that differ only
    /// in one (or only in a clone's string length) are one case.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn each_suite_has_its_own_params_and_one_identity() {
        assert_one_problem(|f| f.cases[0].params.nodes = Some(5), "cases[0].params.nodes");
        assert_one_problem(|f| f.cases[0].params.input_set = Some("short".into()), "cases[0].params.input_set");
        assert_one_problem(|f| f.cases[0].params.writer = Some(false), "cases[0].params.writer");
        assert_one_problem(
            |f| {
                f.cases = new_suite_cases();
                f.cases[1].params.writer = Some(false);
            },
            "cases[1].params.writer_period_us",
        );
        assert_one_problem(
            |f| {
                let mut again = f.cases[0].clone();
                again.repeat_times_ns[0] += 1.0;
                f.cases.push(again);
            },
            "cases[1]",
        );
        // A clone case at another length measures something else: a run may time several.
        let (a, mut b) = (case(), case());
        b.params.string_len_bytes = Some(2048);
        assert_ne!(a.identity(), b.identity());
        assert_eq!(b.condition_key(), format!("{}-2048b", a.condition_key()));
        b.params.string_len_bytes = a.params.string_len_bytes;
        b.mode = Some("forget".into());
        assert_ne!(a.identity(), b.identity());
        // An inline variant's short text is the variant's, not a length of the run.
        let mut inline = case();
        (inline.variant_id, inline.params.string_len_bytes) = ("hipstr_inline".into(), Some(11));
        assert!(!inline.condition_key().ends_with('b'));
    }

    /// Issue 19, row 3: one RFC 3339 timestamp and nothing after it; nothing from the future.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn dates_are_one_timestamp_and_not_in_the_future() {
        for bad in [
            "2026-11-24T10:00:24Z<b>Z",
            "2026-11-24T10:00:24ZZ",
            "2026-11-24T10:00:24.Z",
            "2026-11-24T10:00:24.1234567890Z",
            "+2026-11-24T10:00:24Z",
            "2026-11-24T10:00:24z",
        ] {
            assert_one_problem(|f| f.created_at = bad.into(), "created_at");
        }
        let now = humantime::parse_rfc3339("2026-11-24T00:00:00Z").unwrap();
        let mut f = file();
        f.created_at = "2026-11-24T23:00:00Z".into();
        assert_eq!(future_problem(&f, now), None, "a clock a few hours ahead is skew");
        f.created_at = "2099-01-01T00:00:00Z".into();
        assert_eq!(future_problem(&f, now).map(|p| p.field), Some("created_at".into()));
    }

    /// Issue 19, row 4: layouts are what Rust gives the recorded arch.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn layouts_are_the_archs_own() {
        assert_one_problem(|f| f.layouts.types[0].size_bytes = 4096, "layouts.types[0]");
        assert_one_problem(|f| f.layouts.arc_header_bytes = 4 << 30, "layouts.arc_header_bytes");
        assert_one_problem(|f| f.layouts.types.push(f.layouts.types[0].clone()), "layouts.types[9].type_name");
        assert_one_problem(|f| f.layouts.types[1].type_name = "Cow<str>".into(), "layouts.types[1].type_name");
        assert_one_problem(
            |f| f.machine.arch = if f.machine.arch == "wasm32" { "x86_64".into() } else { "wasm32".into() },
            "layouts.types",
        );
        // An arch we do not know is judged by its own usize.
        let mut f = file();
        f.machine.arch = "m68k".into();
        f.layouts = crate::plausible::layouts_for_word(4);
        assert_eq!(problems_of(&f), Vec::<String>::new());
        // ... but no Rust target has 16-byte words.
        f.machine.arch = "quantum128".into();
        f.layouts = crate::plausible::layouts_for_word(16);
        let fields: Vec<String> = validate_file(&f).into_iter().map(|p| p.field).collect();
        assert_eq!(fields, ["layouts.types"]);
        // Every runner records all nine layouts: a file that keeps two is refused, naming the rest.
        let mut f = file();
        f.layouts.types.truncate(2);
        let problems = validate_file(&f);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].field == "layouts.types" && problems[0].problem.contains("misses Box<str>, Arc<str>"), "{problems:?}");
    }

    /// Issue 19, rows 5, 6 and 8: what a submission must carry, and contenders that never ran.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn submissions_carry_conditions_noise_and_real_sizes() {
        assert_eq!(submission_fields(&submission()), Vec::<String>::new());
        let mut f = submission();
        f.conditions = None;
        assert_eq!(submission_fields(&f), ["conditions"]);
        let mut f = submission();
        f.cases[0].noisy = None;
        assert_eq!(submission_fields(&f), ["cases[0].noisy"]);
        f.cases[0].noise_rel_mad = None;
        assert_eq!(submission_fields(&f), ["cases[0].noise_rel_mad", "cases[0].noisy"]);
        // A --quick-sized case with the quick flag gone: too few repeats, ops and time.
        let mut f = submission();
        let c = &mut f.cases[0];
        (c.ops_per_repeat, c.repeat_times_ns) = (16_384, vec![80e3, 90e3]);
        c.summarize();
        c.mark_noise();
        assert_eq!(submission_fields(&f), ["cases[0].repeat_times_ns", "cases[0].ops_per_repeat", "cases[0].median_ns"]);
        // taskset -c 0: the contender made no operations.
        let mut f = submission();
        f.cases[0].contender_ops_per_sec = Some(0.0);
        assert_eq!(problems_of(&f), Vec::<String>::new(), "the runner may write it");
        assert_eq!(submission_fields(&f), ["cases[0].contender_ops_per_sec"]);
        // Noise unknown is not clean: recomputed from three repeats, unknown from fewer.
        let mut c = case();
        c.repeat_times_ns = vec![1e6, 1e6, 2e6];
        c.summarize();
        assert_eq!((c.noisy, c.noise_flag()), (None, Some(false)));
        c.repeat_times_ns = vec![1e6, 2e6, 4e6];
        c.summarize();
        assert_eq!(c.noise_flag(), Some(true));
        c.repeat_times_ns = vec![1e6];
        c.summarize();
        assert_eq!(c.noise_flag(), None);
    }

    /// Issue 19, rows 7 and 8: pinning against the topology, topologies that add up, absurd loads,
    /// allocator statistics only from jemalloc, times no run could have taken.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn machines_record_only_what_they_have() {
        let topology = |smt: Vec<Vec<u32>>| {
            move |f: &mut ResultsFile| {
                f.conditions = Some(crate::results::RunConditions {
                    topology: Some(crate::results::CpuTopology {
                        sockets: 1,
                        cores: 2,
                        logical_cpus: 2,
                        smt_groups: smt.clone(),
                        ..Default::default()
                    }),
                    ..Default::default()
                });
            }
        };
        assert_one_problem(topology(vec![vec![0, 0, 0]]), "conditions.topology.smt_groups[0]");
        assert_one_problem(topology(vec![vec![0, 7]]), "conditions.topology.smt_groups[0]");
        let pin = |placement: &str, cpus: Vec<u32>| {
            let placement = placement.to_string();
            move |f: &mut ResultsFile| {
                topology(vec![])(f);
                let c = &mut f.cases[0];
                (c.placement, c.cpus) = (Some(placement.clone()), Some(cpus.clone()));
            }
        };
        assert_one_problem(pin("smt-sibling", vec![0, 1]), "cases[0].placement");
        assert_one_problem(pin("other-socket", vec![0, 1]), "cases[0].placement");
        assert_one_problem(pin("same-l3", vec![0, 9]), "cases[0].cpus");
        // same-l3 needs the L3 groups it claims: none recorded is refused, one holding both passes.
        assert_one_problem(pin("same-l3", vec![0, 1]), "cases[0].placement");
        assert_one_problem(pin("other-l3", vec![0, 1]), "cases[0].placement");
        let mut f = file();
        pin("same-l3", vec![0, 1])(&mut f);
        f.conditions.as_mut().and_then(|c| c.topology.as_mut()).unwrap().l3_groups = vec![vec![0, 1]];
        assert_eq!(problems_of(&f), Vec::<String>::new());
        assert_one_problem(
            |f| f.conditions = Some(crate::results::RunConditions { steal_percent: Some(100.0), ..Default::default() }),
            "conditions.steal_percent",
        );
        assert_one_problem(
            |f| f.conditions = Some(crate::results::RunConditions { load_average_after: Some(1e308), ..Default::default() }),
            "conditions.load_average_after",
        );
        assert_one_problem(|f| f.allocator.name = "system".into(), "cases[0].memory");
        assert_one_problem(
            |f| {
                let c = &mut f.cases[0];
                c.repeat_times_ns = vec![1e15; 3];
                c.summarize();
                c.ops_per_repeat = 1 << 40;
                c.summarize();
            },
            "cases",
        );
        assert_one_problem(
            |f| {
                f.cases[0].ops_per_repeat = 1 << 40;
                f.cases[0].summarize();
            },
            "cases[0].median_ns_per_op",
        );
    }

    /// Issue 19, row 9: only the imported file is the reference, byte for byte.
    #[test]
    #[cfg_attr(miri, ignore = "validate.rs has no unsafe code and runs natively; under Miri this takes 5 to 120 s")]
    fn only_the_imported_file_is_the_reference() {
        let mut fake = file();
        fake.runner.name = crate::results::REFERENCE_RUNNER.into();
        fake.provenance = Some(Provenance {
            source: format!("{}: published numbers", crate::results::REFERENCE_SOURCE_PREFIX),
            article: None,
            notes: vec![],
        });
        assert!(fake.is_known_reference(), "it says all the right things");
        let problems = validate_bytes("reference-ryzen5600x-2024.json", fake.to_pretty_json().as_bytes()).unwrap_err();
        assert_eq!(problems.iter().map(|p| p.field.as_str()).collect::<Vec<_>>(), ["runner.name"]);
    }
}
