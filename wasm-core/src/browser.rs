//! What a run measured in a reader's browser records about where it ran, shared by the site's
//! single-thread `/bench` run and its threaded contention run: the runner's name, the browser named
//! from its user agent, the contention run's label, file name and context, and the rules
//! `validate --submission` holds a browser run to.

use crate::clone_run::RunContext;
use crate::problem::Problem;
use crate::results::Suite;
use crate::results::{AllocatorInfo, MachineInfo, ResultsFile, RunConditions, RunnerInfo, ToolchainInfo};

/// `runner.name` of every run the site measures in a browser.
pub const BROWSER_RUNNER: &str = "browser";

/// The allocator of Rust's `wasm32-unknown-unknown` std, as browser runs record it.
pub const BROWSER_ALLOCATOR: &str = "dlmalloc (Rust's wasm32 default, one global lock)";

/// Most threads the site's lab runs, whatever the device says: past 16 a browser's Workers are
/// rarely on cores of their own, and a run of every count would take minutes. A browser run with
/// more was not made by the lab.
pub const LAB_MAX_THREADS: u32 = 16;

/// The runner of a browser run: this site, at the version of the code that measured.
pub fn runner() -> RunnerInfo {
    RunnerInfo { name: BROWSER_RUNNER.into(), version: Some(env!("CARGO_PKG_VERSION").into()), git_revision: None }
}

/// What a page cannot know, found in a browser run: it was not made by the lab. A page cannot read
/// allocator statistics or the kernel's view of the machine (governor, boost, topology, load,
/// steal, hypervisor), cannot pin a thread, runs dlmalloc, never more than [`LAB_MAX_THREADS`]
/// threads, and names a browser its user agent names.
/// The system part of a user agent, the text in its first parentheses (`X11; Linux x86_64`): what a
/// browser says of the computer, without the browser's own version, which an update changes.
pub fn user_agent_platform(user_agent: &str) -> Option<&str> {
    let start = user_agent.find('(')? + 1;
    let end = start + user_agent[start..].find(')')?;
    Some(user_agent[start..end].trim())
}

/// Why a device the browser named (User-Agent Client Hints: model, architecture, bitness) cannot
/// be the computer its user agent describes: an Arm device on an x86 platform or the reverse, or
/// 32-bit hardware on a 64-bit platform.
pub fn device_problem(device: &str, user_agent: &str) -> Option<String> {
    let device_l = device.to_ascii_lowercase();
    let platform = user_agent_platform(user_agent).unwrap_or("").to_ascii_lowercase();
    let says_x86 = |t: &str| t.contains("x86") || t.contains("x64") || t.contains("win64") || t.contains("amd64") || t.contains("i686");
    let says_arm = |t: &str| t.contains("arm") || t.contains("aarch64") || t.contains("android");
    // Windows and macOS freeze their user agent's platform ("Win64; x64", "Intel Mac OS X") whatever
    // the chip, so only the other platforms can contradict a device.
    if platform.contains("windows") || platform.contains("macintosh") {
        return None;
    }
    let clash = (says_arm(&device_l) && says_x86(&platform)) || (says_x86(&device_l) && says_arm(&platform));
    clash.then(|| format!("is {device:?}, but the user agent's platform is {platform:?}: one browser describes one computer"))
}

fn native_facts(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let m = &file.machine;
    if let Some(ua) = m.user_agent.as_deref().filter(|ua| !ua.trim().is_empty()) {
        match browser_name(ua) {
            None => problems
                .push(Problem::new("machine.user_agent", "names no browser the lab knows (Chrome, Edge, Firefox, Opera, Safari, ...)")),
            Some(named) if m.browser.as_deref().is_some_and(|b| b != named) => problems.push(Problem::new(
                "machine.browser",
                format!("is {:?}, but the user agent names {named:?}", m.browser.as_deref().unwrap_or_default()),
            )),
            Some(_) => {}
        }
    }
    // What only the operating system knows: a page reads none of it (navigator.deviceMemory is
    // rounded and capped, and the lab does not record it).
    for (field, set) in [
        ("cpu_model", m.cpu_model.is_some()),
        ("kernel_version", m.kernel_version.is_some()),
        ("memory_total_bytes", m.memory_total_bytes.is_some()),
        ("physical_cores", m.physical_cores.is_some()),
        ("cpu_identity", m.cpu_identity.is_some()),
    ] {
        if set {
            problems.push(Problem::new(format!("machine.{field}"), "is set; a page cannot read it from the operating system"));
        }
    }
    if let (Some(device), Some(ua)) = (m.device.as_deref(), m.user_agent.as_deref()) {
        if let Some(problem) = device_problem(device, ua) {
            problems.push(Problem::new("machine.device", problem));
        }
    }
    if file.allocator.name != BROWSER_ALLOCATOR {
        problems.push(Problem::new(
            "allocator.name",
            format!("is {:?}; Rust's wasm32 standard library allocates with dlmalloc", file.allocator.name),
        ));
    }
    if let Some(c) = &file.conditions {
        let kernel_facts = [
            ("topology", c.topology.is_some()),
            ("governor", c.governor.is_some()),
            ("boost", c.boost.is_some()),
            ("hypervisor", c.hypervisor.is_some()),
            ("load_average_before", c.load_average_before.is_some()),
            ("load_average_after", c.load_average_after.is_some()),
            ("steal_percent", c.steal_percent.is_some()),
        ];
        for (field, _) in kernel_facts.into_iter().filter(|(_, set)| *set) {
            problems.push(Problem::new(format!("conditions.{field}"), "is set; a page cannot read it from the operating system"));
        }
    }
    for (i, case) in file.cases.iter().enumerate() {
        if case.memory.is_some() {
            problems.push(Problem::new(format!("cases[{i}].memory"), "is set; a page cannot read allocator statistics"));
        }
        if case.placement.is_some() || case.cpus.is_some() {
            problems.push(Problem::new(format!("cases[{i}].placement"), "is set; a page cannot pin a thread to a CPU"));
        }
        if case.threads > LAB_MAX_THREADS {
            problems
                .push(Problem::new(format!("cases[{i}].threads"), format!("is {}; the lab runs at most {LAB_MAX_THREADS}", case.threads)));
        }
    }
    problems
}

/// "Chrome 131", "Firefox 128", "Safari 17": the browser and its major version, read from a user
/// agent (the brands others claim come first in the string: Edge and Opera say "Chrome", Chrome says
/// "Safari"). `None` when no known browser is named.
pub fn browser_name(user_agent: &str) -> Option<String> {
    // Most specific first: each later token also appears in the browsers above it.
    const BRANDS: [(&str, &str); 8] = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("HeadlessChrome/", "Headless Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
        ("CriOS/", "Chrome"),
    ];
    let major = |after: &str| -> Option<String> {
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        (!digits.is_empty()).then_some(digits)
    };
    for (token, name) in BRANDS {
        if let Some(at) = user_agent.find(token) {
            return major(&user_agent[at + token.len()..]).map(|v| format!("{name} {v}"));
        }
    }
    // Safari says "Version/17.4 ... Safari/605": its version is the Version token.
    if user_agent.contains("Safari/") {
        if let Some(at) = user_agent.find("Version/") {
            return major(&user_agent["Version/".len() + at..]).map(|v| format!("Safari {v}"));
        }
    }
    None
}

/// What the threaded tier knows of where it ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BrowserFacts {
    pub user_agent: String,
    /// `navigator.hardwareConcurrency`.
    pub logical_cpus: u32,
    /// RFC 3339, when the file was made.
    pub created_at: String,
    /// The nightly that built the threaded tier (`rustc --version`).
    pub rustc: Option<String>,
    /// `navigator.userAgentData`'s platform and its version (`Android 14.0.0`), where the browser says.
    pub os: Option<String>,
    /// `navigator.userAgentData`'s model, architecture and bitness (`Pixel 7, arm 64-bit`), where the
    /// browser says.
    pub device: Option<String>,
}

/// `browser-chrome-131-8cpu`: what ran, in the characters a label may hold.
pub fn contention_label(facts: &BrowserFacts) -> String {
    let name = browser_name(&facts.user_agent).unwrap_or_else(|| "unknown".into());
    let slug: String = name.to_ascii_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    format!("browser-{slug}-{}cpu", facts.logical_cpus)
}

/// A results file's download name: its label and day, as the native runner names its files.
/// A run of one suite other than `clone` names it, as the runner's `<label>-<suite>-<date>.json`.
pub fn file_name(file: &ResultsFile) -> String {
    let day = file.created_at.get(..10).unwrap_or("undated");
    let suite = file.cases.first().and_then(|c| c.suite()).filter(|s| *s != Suite::Clone && file.cases.iter().all(|c| c.is(*s)));
    match suite {
        Some(suite) => format!("{}-{}-{day}.json", file.label, suite.id()),
        None => format!("{}-{day}.json", file.label),
    }
}

/// The context of a contention run on the threaded tier: runner "browser", wasm32 with the user
/// agent, the browser and its CPU count, the threaded build's toolchain, and dlmalloc.
pub fn contention_context(facts: &BrowserFacts) -> RunContext {
    RunContext {
        label: contention_label(facts),
        created_at: facts.created_at.clone(),
        runner: runner(),
        machine: MachineInfo {
            arch: "wasm32".into(),
            logical_cores: Some(facts.logical_cpus),
            user_agent: Some(facts.user_agent.clone()),
            browser: browser_name(&facts.user_agent),
            os: facts.os.clone().filter(|s| !s.trim().is_empty()),
            device: facts.device.clone().filter(|s| !s.trim().is_empty()),
            ..Default::default()
        },
        toolchain: ToolchainInfo {
            rustc_version: facts.rustc.clone(),
            target_triple: Some("wasm32-unknown-unknown".into()),
            profile: Some("wasm-release, +atomics,+bulk-memory, std rebuilt (-Z build-std)".into()),
            opt_level: Some("z (kernels: 3)".into()),
        },
        allocator: AllocatorInfo { name: BROWSER_ALLOCATOR.into(), version: None },
        conditions: Some(RunConditions::default()),
    }
}

/// The submission rules for a browser run: it must say it ran as wasm32 in a browser (user agent,
/// logical CPUs), and no case may claim more threads than the browser said it has CPUs (the page
/// never offers more, so such a file was edited).
pub fn submission_problems(file: &ResultsFile) -> Vec<Problem> {
    let mut problems = Vec::new();
    let m = &file.machine;
    if m.arch != "wasm32" {
        problems.push(Problem::new("machine.arch", format!("is {:?}; a browser run measures wasm32", m.arch)));
    }
    if m.user_agent.as_deref().is_none_or(|ua| ua.trim().is_empty()) {
        problems.push(Problem::new("machine.user_agent", "is missing; a browser run records the browser that measured it"));
    }
    match m.logical_cores {
        None => problems.push(Problem::new("machine.logical_cores", "is missing; a browser run records navigator.hardwareConcurrency")),
        Some(cpus) => {
            for (i, case) in file.cases.iter().enumerate() {
                if case.threads > cpus {
                    problems.push(Problem::new(
                        format!("cases[{i}].threads"),
                        format!("is {}, more than the {cpus} logical CPUs the browser reported; the page never runs more", case.threads),
                    ));
                }
            }
        }
    }
    if file.toolchain.target_triple.as_deref() != Some("wasm32-unknown-unknown") {
        problems.push(Problem::new("toolchain.target_triple", "must be wasm32-unknown-unknown for a browser run"));
    }
    problems.extend(native_facts(file));
    for (i, case) in file.cases.iter().enumerate() {
        if !matches!(case.suite(), Some(Suite::Clone | Suite::Lines)) {
            problems.push(Problem::new(
                format!("cases[{i}].suite"),
                format!("is {:?}; the browser submits clone and lines runs only", case.suite),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn browsers_are_named_with_their_major_version() {
        let cases = [
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131"),
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.7 Safari/537.36", "Headless Chrome 156"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86", "Edge 131"),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari 17"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome 131"),
        ];
        for (ua, name) in cases {
            assert_eq!(browser_name(ua).as_deref(), Some(name), "{ua}");
        }
        assert_eq!(browser_name("curl/8.0"), None);
        assert_eq!(browser_name("Chrome/"), None);
    }

    #[test]
    fn a_contention_run_is_a_valid_submission_named_after_its_browser() {
        use crate::clone_run::{case_result, CaseTimes, PlannedCase};
        use crate::kernels::{CloneMode, CloneType};
        let facts = BrowserFacts {
            user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36"
                .into(),
            logical_cpus: 2,
            created_at: "2026-11-27T10:00:00Z".into(),
            rustc: Some("rustc 1.97.0-nightly".into()),
            ..Default::default()
        };
        let cases = [(CloneType::ArcStr, 1), (CloneType::String, 2)]
            .map(|(ty, threads)| {
                let planned = PlannedCase::new(ty, CloneMode::Drop, threads, 100_000);
                case_result(
                    &planned,
                    64,
                    1,
                    CaseTimes { repeat_times_ns: vec![5e6; 3], contender_ops_per_sec: vec![1e6; (threads - 1) as usize] },
                )
            })
            .to_vec();
        let mut file = contention_context(&facts).into_file(cases);
        // Measured in a browser the layouts are wasm32's; this test may run natively.
        file.layouts = crate::plausible::layouts_for_word(4);
        assert_eq!(file.label, "browser-headless-chrome-156-2cpu");
        assert_eq!(file_name(&file), "browser-headless-chrome-156-2cpu-2026-11-27.json");
        assert_eq!(file.machine.browser.as_deref(), Some("Headless Chrome 156"));
        let parsed = crate::validate::validate_bytes(&file_name(&file), file.to_pretty_json().as_bytes()).expect("valid");
        assert!(crate::validate::submission_problems(&parsed).is_empty(), "{:?}", crate::validate::submission_problems(&parsed));
        let unknown = BrowserFacts { user_agent: "curl/8".into(), ..facts };
        assert_eq!(contention_label(&unknown), "browser-unknown-2cpu");
        // A cache-lines run may be sent in too, and is named for its suite; other suites may not.
        let mut lines = parsed.clone();
        for case in &mut lines.cases {
            *case = crate::results::CaseResult::new(
                Suite::Lines,
                "own counter, CachePadded",
                "padded",
                case.threads,
                1 << 20,
                Default::default(),
                1,
                vec![5e6; 3 * case.threads as usize],
            );
            case.all_threads_ops_per_sec = Some(f64::from(case.threads) * f64::from(1u32 << 20) / 5e-3);
            case.mark_noise();
        }
        assert_eq!(file_name(&lines), "browser-headless-chrome-156-2cpu-lines-2026-11-27.json");
        assert!(crate::validate::submission_problems(&lines).is_empty(), "{:?}", crate::validate::submission_problems(&lines));
        lines.cases[1].suite = "sso".into();
        assert_eq!(file_name(&lines), "browser-headless-chrome-156-2cpu-2026-11-27.json", "mixed suites keep the plain name");
        let problems: Vec<String> = crate::validate::submission_problems(&lines).iter().map(ToString::to_string).collect();
        assert!(problems.iter().any(|p| p.starts_with("cases[1].suite") && p.contains("clone and lines")), "{problems:?}");
    }
}
