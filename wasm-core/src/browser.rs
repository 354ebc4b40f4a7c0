//! What a run measured in a reader's browser records about where it ran, shared by the site's
//! single-thread `/bench` run and its threaded contention run: the runner's name, the browser named
//! from its user agent, and the rules `validate --submission` holds a browser run to.

use crate::results::{ResultsFile, RunnerInfo};
use crate::validate::Problem;

/// `runner.name` of every run the site measures in a browser.
pub const BROWSER_RUNNER: &str = "browser";

/// The allocator of Rust's `wasm32-unknown-unknown` std, as browser runs record it.
pub const BROWSER_ALLOCATOR: &str = "dlmalloc (Rust's wasm32 default, one global lock)";

/// The runner of a browser run: this site, at the version of the code that measured.
pub fn runner() -> RunnerInfo {
    RunnerInfo { name: BROWSER_RUNNER.into(), version: Some(env!("CARGO_PKG_VERSION").into()), git_revision: None }
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
    for (i, case) in file.cases.iter().enumerate() {
        if case.suite != "clone" {
            problems.push(Problem::new(format!("cases[{i}].suite"), format!("is {:?}; the browser submits clone runs only", case.suite)));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
