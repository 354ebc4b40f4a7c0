//! The maintainer's review of a results pull request: what no validator can tell from a real run
//! goes to a person, with what they need to judge it. For each new file, where it sits among the
//! shipped runs of its CPU and arch and which checks it only just passed; then every computed
//! sentence ([`crate::facts`]) that the pull request would change, before and after, and the
//! ranking's top five before and after. Pure: `native-runner review` prints it as Markdown, which
//! the pull-request check writes to the job's summary.

use crate::facts::Facts;
use crate::kernels::CloneMode;
use crate::results::ResultsFile;
use crate::summary::{cpu_text, CaseMedians, Headline, Summary};

/// A text that uses facts: where it comes from (a chapter's file) and its contents.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// A check passed with less room than this (the value within this factor of its limit) is named
/// as a close call.
pub const CLOSE_FACTOR: f64 = 1.5;

/// The whole review, as Markdown: `shipped` are the base branch's files, `new` the pull request's
/// (name, contents), `sources` the texts whose `{{fact}}` sentences are compared.
pub fn review(shipped: &[(String, ResultsFile)], new: &[(String, ResultsFile)], sources: &[Source]) -> String {
    let mut all: Vec<(String, ResultsFile)> = shipped.to_vec();
    all.extend(new.iter().cloned());
    // Each side summarised once: the facts, the standings and the top five all read it.
    let (summary_before, summary_after) = (Summary::of(shipped, vec![]), Summary::of(&all, vec![]));
    let before = Facts::of(&summary_before, &CaseMedians::of(shipped));
    let after = Facts::of(&summary_after, &CaseMedians::of(&all));
    let mut out = String::from("## Results review\n\n");
    out.push_str(&format!(
        "{} new file(s) beside {} shipped. What no validator can tell from a real run is for you to judge: \
         merge knowing what readers will read.\n\n",
        new.len(),
        shipped.len()
    ));
    for (name, file) in new {
        out.push_str(&standing(name, file, &summary_before));
    }
    out.push_str("### Computed sentences this pull request changes\n\n");
    let changed = changed_sentences(&before, &after, sources);
    if changed.is_empty() {
        out.push_str("None: every sentence computed from the results reads the same with these files.\n\n");
    } else {
        for (source, was, now) in &changed {
            out.push_str(&format!("**{source}**\n\n```diff\n- {was}\n+ {now}\n```\n\n"));
        }
    }
    out.push_str(&format!("### Top 5 by {TOP_MEASURE}\n\n"));
    let (top_before, top_after) = (top_five(&summary_before), top_five(&summary_after));
    out.push_str("| # | before | after |\n| --- | --- | --- |\n");
    for i in 0..top_before.len().max(top_after.len()) {
        let cell = |v: &[String]| v.get(i).cloned().unwrap_or_default();
        out.push_str(&format!("| {} | {} | {} |\n", i + 1, cell(&top_before), cell(&top_after)));
    }
    out
}

/// What the ranking's top five are ranked by: one measure at one thread count, like with like.
/// Native runs only: a browser's wasm32 timings are another target's.
pub const TOP_MEASURE: &str = "`Arc<str>` clone + drop at 1 thread, native runs (ns per clone, lower first)";

fn top_five(summary: &Summary) -> Vec<String> {
    let mut rows: Vec<(f64, String)> = summary
        .machines
        .iter()
        .filter(|m| m.kind != crate::summary::RunnerKind::Browser)
        .filter_map(|m| {
            let ns = m.headline.arc_ns_1t?;
            Some((ns, format!("{} ({}, {ns:.2} ns)", escape_markdown(&m.file), escape_markdown(&m.cpu))))
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().take(5).map(|(_, row)| row).collect()
}

/// A contributor's text in a Markdown table or line: no markup, no line breaks, control characters
/// escaped.
fn escape_markdown(text: &str) -> String {
    let text = crate::validate::escape_control(text);
    text.chars()
        .flat_map(|c| match c {
            '|' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// How one new file sits among the `shipped` runs of its CPU and arch, and its close calls.
fn standing(name: &str, file: &ResultsFile, shipped: &Summary) -> String {
    let cpu = cpu_text(file);
    let mut out = format!("### {}\n\n", escape_markdown(name));
    out.push_str(&format!(
        "Label `{}`, {} on {}, {} cases, machine `{}`.\n\n",
        escape_markdown(&file.label),
        escape_markdown(&file.runner.name),
        escape_markdown(&cpu),
        file.cases.len(),
        escape_markdown(&crate::machine_key::machine_key(file))
    ));
    let same: Vec<&Headline> =
        shipped.machines.iter().filter(|m| m.cpu == cpu && m.arch == file.machine.arch).map(|m| &m.headline).collect();
    let all: Vec<&Headline> = shipped.machines.iter().map(|m| &m.headline).collect();
    let mine = Headline::of(file);
    for (what, value, of) in [
        ("`Arc<str>` at 1 thread", mine.arc_ns_1t, (|h: &Headline| h.arc_ns_1t) as fn(&Headline) -> Option<f64>),
        ("`String` at 1 thread", mine.string_ns_1t, |h| h.string_ns_1t),
    ] {
        let Some(value) = value else { continue };
        let peers: Vec<f64> = same.iter().filter_map(|h| of(h)).collect();
        let everyone: Vec<f64> = all.iter().filter_map(|h| of(h)).collect();
        let against = match crate::stats::summarize(&peers) {
            Some(s) => format!("{:.2}× the median of the {} shipped run(s) of this CPU and arch", value / s.median, peers.len()),
            None => "no shipped run of this CPU and arch to compare with".to_owned(),
        };
        let fastest = if everyone.iter().all(|&v| value < v) && !everyone.is_empty() { "; **the fastest ever shipped**" } else { "" };
        out.push_str(&format!("- {what}: {value:.2} ns per clone, {against}{fastest}\n"));
    }
    let close = close_calls(file);
    if close.is_empty() {
        out.push_str("- Close calls: none (every check passed with room to spare)\n\n");
    } else {
        out.push_str(&format!("- Close calls ({}):\n", close.len()));
        for c in close.iter().take(10) {
            out.push_str(&format!("  - {}\n", escape_markdown(c)));
        }
        if close.len() > 10 {
            out.push_str(&format!("  - and {} more\n", close.len() - 10));
        }
        out.push('\n');
    }
    out
}

/// The checks `file` passed with little room: per-operation floors within [`CLOSE_FACTOR`], a load
/// average over half the busy limit, noisy cases over half the share that makes a run too noisy.
pub fn close_calls(file: &ResultsFile) -> Vec<String> {
    let mut out = Vec::new();
    for (i, case) in file.cases.iter().enumerate() {
        if let Some((floor, what)) = crate::plausible::clone_floor(case) {
            if case.median_ns_per_op < floor * CLOSE_FACTOR {
                out.push(format!(
                    "cases[{i}] ({} {}, {} thread(s)): {:.2} ns per clone, within {CLOSE_FACTOR}× of the floor of {what} ({floor:.2} ns)",
                    case.variant_id,
                    case.clone_mode().map_or("?", CloneMode::id),
                    case.threads,
                    case.median_ns_per_op
                ));
            }
        }
    }
    if let Some(c) = &file.conditions {
        let cpus = file.load_cpus();
        let limit = crate::validate::BUSY_LOAD_PER_CPU * f64::from(cpus);
        if let Some(load) = c.load_average_before.filter(|&l| l > limit / 2.0) {
            out.push(format!("load average {load} before the run, over half the busy limit ({limit}) on {cpus} CPU(s)"));
        }
    }
    let noise = crate::validate::noise(file);
    if !noise.too_noisy && noise.noisy as f64 > crate::validate::TOO_NOISY_SHARE / 2.0 * noise.cases as f64 && noise.noisy > 0 {
        out.push(format!("{} of {} cases are noisy, over half the share that makes a run too noisy to compare", noise.noisy, noise.cases));
    }
    out
}

/// Every sentence of `sources` with a fact whose words differ between `before` and `after`:
/// (where, before, after), as plain text.
fn changed_sentences(before: &Facts, after: &Facts, sources: &[Source]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for source in sources {
        let text = join_continued_lines(source.text);
        for sentence in sentences_with_facts(&text) {
            let (Ok(was), Ok(now)) = (before.fill(sentence), after.fill(sentence)) else { continue };
            if was != now {
                out.push((source.name.to_owned(), plain(&was), plain(&now)));
            }
        }
    }
    out
}

/// A Rust string literal's `\` line continuations joined (a page's lede is one), so that a
/// sentence split over lines reads as one.
fn join_continued_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        match line.strip_suffix('\\') {
            Some(head) => out.push_str(head),
            None => {
                out.push_str(line);
                if lines.peek().is_some() {
                    out.push('\n');
                }
            }
        }
        // The next line's indentation is not part of a continued literal.
        if line.ends_with('\\') {
            if let Some(next) = lines.peek_mut() {
                *next = next.trim_start();
            }
        }
    }
    out
}

/// The sentences of `text` that hold a `{{fact}}`: from the end of the sentence before (a `. `, a
/// blank line or a quote) to the end of its own.
fn sentences_with_facts(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("{{") {
        let at = from + found;
        let start = sentence_start(text, at);
        let end = sentence_end(text, at);
        let sentence = text[start..end].trim();
        if out.last() != Some(&sentence) {
            out.push(sentence);
        }
        from = end.max(at + 2);
    }
    out
}

fn sentence_start(text: &str, at: usize) -> usize {
    let head = &text[..at];
    [". ", ".\n", "\n\n", "\""].iter().filter_map(|stop| head.rfind(stop).map(|i| i + stop.len())).max().unwrap_or(0)
}

fn sentence_end(text: &str, at: usize) -> usize {
    let tail = &text[at..];
    // Past every placeholder that starts before the sentence ends.
    [". ", ".\n", "\n\n", "\""].iter().filter_map(|stop| tail.find(stop).map(|i| at + i + 1)).min().unwrap_or(text.len())
}

/// Markdown and HTML reduced to what a reader reads: `<code>x</code>` as `x`, entities decoded,
/// whitespace folded.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace('`', "");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped_files::named as file;

    #[test]
    fn finds_each_sentence_with_a_fact_once() {
        let text = "First one. Across the {{files}} here, {{files}} again. Last.\n\nNext para {{x}}";
        assert_eq!(sentences_with_facts(text), ["Across the {{files}} here, {{files}} again.", "Next para {{x}}"]);
        let rust = "const LEDE: &str = \"On one \\\n    thread {{files}} here. Done.\";";
        let joined = join_continued_lines(rust);
        assert_eq!(sentences_with_facts(&joined), ["On one thread {{files}} here."]);
        assert_eq!(plain("<code>Arc&lt;str&gt;</code> and `String`"), "Arc<str> and String");
    }

    /// A file that flips a one-thread count shows its sentence before and after; one that changes
    /// nothing says so.
    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn a_changed_sentence_is_shown_before_and_after() {
        let shipped = vec![file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json")];
        let chapter = "Across the {{jemalloc-runs}} this site ships, {{jemalloc-one-thread-count}}. Unrelated.";
        let sources = [Source { name: "04-clone-cost.md", text: chapter }];
        let mut flipped = file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json");
        flipped.0 = "fast-2026-11-27.json".into();
        flipped.1.machine.cpu_model = Some("Another CPU".into());
        for case in &mut flipped.1.cases {
            if case.variant_id == "arc_str" {
                case.median_ns_per_op /= 10.0;
            }
        }
        let report = review(&shipped, &[flipped], &sources);
        assert!(report.contains("**04-clone-cost.md**"), "{report}");
        assert!(report.contains("- Across the 1 native machine with jemalloc"), "{report}");
        assert!(report.contains("+ Across the 2 native machines with jemalloc"), "{report}");
        assert!(report.contains("Arc<str> on 1 of 2"), "{report}");
        assert!(report.contains("the fastest ever shipped"), "{report}");
        assert!(report.contains("| 1 | xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json"), "{report}");
        assert!(report.contains("| 1 | xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json (Intel(R) Xeon(R) Processor @ 2.10GHz, "), "{report}");
        assert!(report.contains("| fast-2026-11-27.json (Another CPU"), "{report}");

        let unchanged = review(&shipped, &[], &sources);
        assert!(unchanged.contains("None: every sentence computed from the results reads the same"), "{unchanged}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "reads content/results/ from disk, which Miri's isolation forbids; safe code, run natively")]
    fn close_calls_name_a_case_just_above_its_floor() {
        let (_, mut f) = file("xeon-2.1ghz-2vcpu-jemalloc-2026-11-21.json");
        assert!(!close_calls(&f).iter().any(|c| c.starts_with("cases[")), "{:?}", close_calls(&f));
        let i = f.cases.iter().position(|c| c.variant_id == "arc_str" && c.threads == 1).unwrap();
        let (floor, _) = crate::plausible::clone_floor(&f.cases[i]).unwrap();
        f.cases[i].median_ns_per_op = floor * 1.1;
        let calls = close_calls(&f);
        assert!(calls.iter().any(|c| c.starts_with(&format!("cases[{i}] (arc_str drop, 1 thread(s))"))), "{calls:?}");
        assert_eq!(escape_markdown("a|b `c`\n"), "a\\|b \\`c\\`\\u{a}");
    }
}
