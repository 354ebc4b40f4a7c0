//! Issue 53: every figure a chapter quotes from a results file the site ships is a link to its
//! case's row on that file's page, `[242 ns](/results/<file>/#<case>)`, where `<case>` is
//! [`CaseResult::anchor`]. The test here guards both halves, on the chapters' Markdown:
//!
//! - each link to `/results/<file>/#<case>` names a file of `content/results/` and a case of it,
//!   and where its text is a figure (`242 ns`, or a bare `242` beside one), that figure is the
//!   case's median, per operation or per repeat, at the digits printed;
//! - a paragraph, list item or table that draws on a shipped file (it links one, names its
//!   `<file>.json`, or follows a paragraph that does) has no figure in ns, µs or ms outside such a
//!   row link, and no bare number in a table cell outside one, except the few listed in
//!   [`NOT_FROM_A_FILE`], each with why.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use wasm_core::results::{CaseResult, ResultsFile};

/// The chapters that quote measured figures from the shipped files: each must link at least one row.
const QUOTING: [&str; 6] =
    ["04-clone-cost.md", "06-sso-benchmarks.md", "07-arc-swap.md", "08-bump-arenas.md", "09-cache-lines.md", "10-what-instead.md"];

/// Figures with a unit that stand, unlinked, in a block that draws on a shipped file, because no
/// file holds them: (chapter, the text around them as read, without Markdown; why).
const NOT_FROM_A_FILE: &[(&str, &str, &str)] = &[
    (
        "04-clone-cost.md",
        "took between 10 and 16 ms in this mode",
        "the article's range over its runs; the reference file keeps a single time (11 ms)",
    ),
    ("08-bump-arenas.md", "(58.6 ms against 3.5 ms, on its 8-core Bulldozer", "the article's own table, which no shipped file holds"),
    ("08-bump-arenas.md", "went from 3.3 ms on one thread to 0.94 ms on several", "the article's own table"),
    ("08-bump-arenas.md", "The article measured 318 ms for it", "the article's own table"),
    ("08-bump-arenas.md", "its multi-threaded Box run (20.5 ms)", "the article's own table"),
    ("08-bump-arenas.md", "about 15 ns per node on top of the bare Bump", "the difference of the two linked medians that follow it"),
    ("10-what-instead.md", "even a 100 ns difference", "a difference the sentence supposes, not a measurement"),
];

/// Row links whose figure is not the case's median but the fastest or slowest of its repeats:
/// (chapter, case anchor, link text, which, why).
const NOT_MEDIANS: &[(&str, &str, &str, Stat, &str)] = &[
    ("08-bump-arenas.md", "arena-bump_herd-t2-n1000000", "2.7", Stat::Min, "the herd's fastest two-thread repeat"),
    ("08-bump-arenas.md", "arena-bump_herd-t2-n1000000", "8.1 ms", Stat::Max, "the herd's slowest two-thread repeat"),
];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Stat {
    Median,
    Min,
    Max,
}

/// Nanoseconds in one of the units a chapter writes.
fn unit_ns(unit: &str) -> Option<f64> {
    match unit {
        "ns" => Some(1.0),
        "µs" => Some(1e3),
        "ms" => Some(1e6),
        _ => None,
    }
}

/// A number as printed: its value and the digits after its decimal point.
#[derive(Clone, Copy, Debug)]
struct Printed {
    value: f64,
    digits: i32,
}

/// The number at the start of `text` (`1,951`, `0.57`), with its length in bytes, when `text`
/// starts with one.
fn number_at(text: &str) -> Option<(Printed, usize)> {
    let bytes = text.as_bytes();
    let mut end = 0;
    let mut point = false;
    while end < bytes.len() {
        let digit_follows = end > 0 && bytes.get(end + 1).is_some_and(u8::is_ascii_digit);
        match bytes[end] {
            b'0'..=b'9' => {}
            b',' if digit_follows && !point => {}
            b'.' if digit_follows && !point => point = true,
            _ => break,
        }
        end += 1;
    }
    if end == 0 {
        return None;
    }
    let digits = &text[..end];
    let value = digits.replace(',', "").parse().ok()?;
    let decimals = digits.rsplit_once('.').map_or(0, |(_, d)| d.len() as i32);
    Some((Printed { value, digits: decimals }, end))
}

/// The unit right after a number (`ns`, ` ms`, `\u{a0}µs`), with the bytes it takes.
fn unit_at(text: &str) -> Option<(&'static str, usize)> {
    let skip = text.len() - text.trim_start_matches([' ', '\u{a0}']).len();
    let rest = &text[skip..];
    ["ns", "µs", "ms"].into_iter().find_map(|unit| {
        let after = rest.strip_prefix(unit)?;
        (!after.starts_with(|c: char| c.is_alphanumeric())).then_some((unit, skip + unit.len()))
    })
}

/// What a link's text says.
#[derive(Debug)]
enum Shown {
    /// `242 ns`.
    Timed(Printed, &'static str),
    /// `242`: its unit, if any, comes from what follows.
    Bare(Printed),
    /// Anything else: a ratio (`3.1×`), a count (`50 swaps`), a file name.
    Other,
}

fn shown(text: &str) -> Shown {
    let text = text.trim();
    let Some((n, len)) = number_at(text) else { return Shown::Other };
    if len == text.len() {
        return Shown::Bare(n);
    }
    match unit_at(&text[len..]) {
        Some((unit, ulen)) if len + ulen == text.len() => Shown::Timed(n, unit),
        _ => Shown::Other,
    }
}

/// Words that join two figures sharing one unit: `9.8 and 31.2 ns`, `2.7 to 8.1 ms`.
const JOINS: [&str; 6] = [" and ", " to ", " vs ", " against ", " or ", "–"];

fn join_at(text: &str) -> Option<usize> {
    JOINS.iter().find(|j| text.starts_with(**j)).map(|j| j.len())
}

struct Link {
    dest: String,
    text: String,
    /// Byte range of its text in the block's visible text.
    span: std::ops::Range<usize>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Paragraph,
    Item,
    Table,
    Other,
}

/// A paragraph, list item or table as read: its visible text, which bytes of it are code, its links,
/// and for a table its cells.
struct Block {
    kind: Kind,
    line: usize,
    text: String,
    code: Vec<std::ops::Range<usize>>,
    links: Vec<Link>,
    /// (column, header text, byte range) of each body cell.
    cells: Vec<(usize, String, std::ops::Range<usize>)>,
    /// The block follows a paragraph that draws on a shipped file (a list or a table under it).
    inherits: bool,
}

impl Block {
    fn row_link_at(&self, range: &std::ops::Range<usize>) -> Option<&Link> {
        self.links
            .iter()
            .find(|l| l.span.start <= range.start && range.end <= l.span.end && row_target(&l.dest).is_some_and(|(_, a)| a.is_some()))
    }
    fn in_code(&self, at: usize) -> bool {
        self.code.iter().any(|c| c.contains(&at))
    }
}

/// `/results/<id>/#<anchor>` as (id, anchor); `None` for any other address.
fn row_target(dest: &str) -> Option<(&str, Option<&str>)> {
    let rest = dest.strip_prefix("/results/")?;
    let (path, anchor) = rest.split_once('#').map_or((rest, None), |(p, a)| (p, Some(a)));
    Some((path.trim_end_matches('/'), anchor))
}

/// The chapter's blocks, in order.
fn blocks(src: &str) -> Vec<Block> {
    let line_of = |at: usize| src[..at].matches('\n').count() + 1;
    let mut out: Vec<Block> = Vec::new();
    let mut current: Option<Block> = None;
    let mut depth = 0usize;
    let mut list_depth = 0usize;
    let mut list_inherits = false;
    let mut link: Option<(String, usize)> = None;
    let mut in_head = false;
    let mut headers: Vec<String> = Vec::new();
    let mut cell: Option<(usize, usize)> = None;
    let mut column = 0;
    let opts = Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES;
    for (event, range) in Parser::new_ext(src, opts).into_offset_iter() {
        match &event {
            Event::Start(tag) => {
                if current.is_none() {
                    let kind = match tag {
                        Tag::List(_) => {
                            if list_depth == 0 {
                                list_inherits = out.last().is_some_and(|b| b.kind == Kind::Paragraph && b.draws_on_a_file());
                            }
                            list_depth += 1;
                            continue;
                        }
                        Tag::Paragraph => Kind::Paragraph,
                        Tag::Item => Kind::Item,
                        Tag::Table(_) => Kind::Table,
                        _ => Kind::Other,
                    };
                    let inherits = match kind {
                        Kind::Item => list_inherits,
                        Kind::Table => out.last().is_some_and(|b| b.kind == Kind::Paragraph && b.draws_on_a_file()),
                        _ => false,
                    };
                    current = Some(Block {
                        kind,
                        line: line_of(range.start),
                        text: String::new(),
                        code: Vec::new(),
                        links: Vec::new(),
                        cells: Vec::new(),
                        inherits,
                    });
                    headers.clear();
                }
                depth += 1;
                let block = current.as_mut().unwrap();
                match tag {
                    Tag::Link { dest_url, .. } => link = Some((dest_url.to_string(), block.text.len())),
                    Tag::TableHead => {
                        in_head = true;
                        column = 0;
                    }
                    Tag::TableRow => column = 0,
                    Tag::TableCell => {
                        block.text.push_str(" | ");
                        cell = Some((column, block.text.len()));
                    }
                    _ => {}
                }
            }
            Event::End(tag) => {
                if current.is_none() {
                    if matches!(tag, TagEnd::List(_)) {
                        list_depth -= 1;
                    }
                    continue;
                }
                let block = current.as_mut().unwrap();
                match tag {
                    TagEnd::Link => {
                        let (dest, start) = link.take().expect("a link ends after it starts");
                        let text = block.text[start..].to_string();
                        block.links.push(Link { dest, text, span: start..block.text.len() });
                    }
                    TagEnd::TableHead => in_head = false,
                    TagEnd::TableCell => {
                        let (col, start) = cell.take().expect("a cell ends after it starts");
                        if in_head {
                            headers.push(block.text[start..].to_string());
                        } else {
                            let header = headers.get(col).cloned().unwrap_or_default();
                            block.cells.push((col, header, start..block.text.len()));
                        }
                        column += 1;
                    }
                    _ => {}
                }
                depth -= 1;
                if depth == 0 {
                    out.push(current.take().unwrap());
                }
            }
            Event::Text(t) | Event::InlineHtml(t) | Event::Html(t) => {
                if let Some(block) = current.as_mut() {
                    block.text.push_str(t);
                }
            }
            Event::Code(t) => {
                if let Some(block) = current.as_mut() {
                    let start = block.text.len();
                    block.text.push_str(t);
                    block.code.push(start..block.text.len());
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(block) = current.as_mut() {
                    block.text.push(' ');
                }
            }
            _ => {}
        }
    }
    out
}

/// The names of the shipped files (`<id>.json`), read once.
fn shipped_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<String> = std::fs::read_dir(results_dir())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        names
    })
}

impl Block {
    /// Links a shipped file's page, or names one of them.
    fn draws_on_a_file(&self) -> bool {
        self.inherits
            || self.links.iter().any(|l| row_target(&l.dest).is_some_and(|(id, _)| !id.is_empty()))
            || shipped_names().iter().any(|n| self.text.contains(n.as_str()))
    }
}

fn results_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/results")
}

/// Whether `printed` is `exact` (in nanoseconds) written in `unit_ns`, rounded to its digits.
fn rounds_to(printed: Printed, exact_ns: f64, unit_ns: f64) -> bool {
    let exact = exact_ns / unit_ns;
    (exact - printed.value).abs() <= 0.5 * 10f64.powi(-printed.digits) * (1.0 + 1e-9) + 1e-12
}

/// The candidate values of `stat` for `case`, in nanoseconds: per operation and per repeat.
fn values(case: &CaseResult, stat: Stat) -> [f64; 2] {
    let ops = case.ops_per_repeat as f64;
    match stat {
        Stat::Median => [case.median_ns_per_op, case.median_ns],
        Stat::Min => [case.min_ns / ops, case.min_ns],
        Stat::Max => [case.max_ns / ops, case.max_ns],
    }
}

/// The unit of a bare number linked at `link` in `block`: the unit of the figure it is joined to
/// (`[9.8](...) and [31.2 ns](...)`), `Some(None)` when nothing says (any unit is accepted), or
/// `None` when it is joined to something that is no time (`[14](...) to [22 times](...)`).
fn bare_unit(block: &Block, link: usize) -> Option<Option<&'static str>> {
    let after = &block.text[block.links[link].span.end..];
    let Some(join) = join_at(after) else { return Some(None) };
    let at = block.links[link].span.end + join;
    match block.links.iter().position(|l| l.span.start == at) {
        Some(next) => match shown(&block.links[next].text) {
            Shown::Timed(_, unit) => Some(Some(unit)),
            Shown::Bare(_) => bare_unit(block, next),
            Shown::Other => None,
        },
        None => Some(None),
    }
}

/// Every figure with a unit in `block`'s text outside code, as byte ranges: `242 ns`, and the first
/// of two that share a unit (`9.8` in `9.8 and 31.2 ns`).
fn timed_figures(block: &Block) -> Vec<std::ops::Range<usize>> {
    let text = &block.text;
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let starts = text.is_char_boundary(i)
            && text[i..].starts_with(|c: char| c.is_ascii_digit())
            && !text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '.' || c == ',' || c == '_' || c == '^');
        if !starts || block.in_code(i) {
            i += 1;
            continue;
        }
        let (_, len) = number_at(&text[i..]).unwrap();
        let end = i + len;
        if unit_at(&text[end..]).is_some() {
            out.push(i..end);
        } else if let Some(join) = join_at(&text[end..]) {
            let next = end + join;
            if let Some((_, len2)) = number_at(&text[next..]) {
                if unit_at(&text[next + len2..]).is_some() {
                    out.push(i..end);
                }
            }
        }
        i = end;
    }
    out
}

fn load(cache: &mut BTreeMap<String, Option<ResultsFile>>, id: &str) -> Option<ResultsFile> {
    cache
        .entry(id.to_string())
        .or_insert_with(|| {
            let text = std::fs::read_to_string(results_dir().join(format!("{id}.json"))).ok()?;
            Some(serde_json::from_str::<ResultsFile>(&text).unwrap_or_else(|e| panic!("content/results/{id}.json: {e}")))
        })
        .clone()
}

/// Every problem with the row links and unlinked figures of one chapter's Markdown.
fn problems(name: &str, src: &str, files: &mut BTreeMap<String, Option<ResultsFile>>) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut row_links = 0;
    for block in blocks(src) {
        let at = format!("content/chapters/{name}:{}", block.line);
        // Each link to a results page lands on a shipped file and, with a fragment, on its case,
        // whose median its figure is.
        for (i, link) in block.links.iter().enumerate() {
            let Some((id, anchor)) = row_target(&link.dest) else { continue };
            if id.is_empty() {
                continue;
            }
            let Some(file) = load(files, id) else {
                problems.push(format!("{at}: [{}]({}): no content/results/{id}.json", link.text, link.dest));
                continue;
            };
            let Some(anchor) = anchor else { continue };
            row_links += 1;
            let Some(case) = file.cases.iter().find(|c| c.anchor() == anchor) else {
                problems.push(format!("{at}: [{}]({}): {id}.json has no case #{anchor}", link.text, link.dest));
                continue;
            };
            let stat = NOT_MEDIANS
                .iter()
                .find(|(ch, a, text, ..)| *ch == name && *a == anchor && *text == link.text.trim())
                .map_or(Stat::Median, |(.., stat, _)| *stat);
            let (printed, units): (Printed, Vec<f64>) = match shown(&link.text) {
                Shown::Timed(p, unit) => (p, vec![unit_ns(unit).unwrap()]),
                Shown::Bare(p) => match bare_unit(&block, i) {
                    Some(Some(unit)) => (p, vec![unit_ns(unit).unwrap()]),
                    Some(None) => (p, vec![1.0, 1e3, 1e6]),
                    None => continue,
                },
                Shown::Other => continue,
            };
            let exact = values(case, stat);
            if !exact.iter().any(|&v| units.iter().any(|&u| rounds_to(printed, v, u))) {
                problems.push(format!(
                    "{at}: [{}]({}) is not the case's {stat:?}: {} ns per operation, {} ns per repeat",
                    link.text, link.dest, exact[0], exact[1]
                ));
            }
        }
        // A block that draws on a shipped file quotes no figure of it without its row link.
        if !block.draws_on_a_file() {
            continue;
        }
        let allowed: Vec<std::ops::Range<usize>> = NOT_FROM_A_FILE
            .iter()
            .filter(|(ch, ..)| *ch == name)
            .flat_map(|(_, around, _)| block.text.match_indices(around).map(|(at, m)| at..at + m.len()).collect::<Vec<_>>())
            .collect();
        let unlinked = |range: &std::ops::Range<usize>| {
            block.row_link_at(range).is_none() && !allowed.iter().any(|a| a.start <= range.start && range.end <= a.end)
        };
        for figure in timed_figures(&block) {
            if unlinked(&figure) {
                let around = &block.text[figure.start.saturating_sub(40)..(figure.end + 12).min(block.text.len())];
                problems.push(format!("{at}: {:?} is not linked to its row: …{around}…", &block.text[figure.clone()]));
            }
        }
        for (column, header, range) in &block.cells {
            let cell = block.text[range.clone()].trim();
            // The first column names the row; a ratio column (`Arc ÷ String`) divides linked cells.
            if *column == 0 || header.contains('÷') || cell.is_empty() {
                continue;
            }
            let trimmed = block.text[range.clone()].trim_start();
            let start = range.end - trimmed.len();
            let span = start..start + cell.len();
            if matches!(shown(cell), Shown::Bare(_)) && unlinked(&span) {
                problems.push(format!("{at}: table cell {cell:?} (column {header:?}) is not linked to its row"));
            }
        }
    }
    (problems, row_links)
}

fn chapters() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/chapters");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).filter(|n| n.ends_with(".md")).collect();
    names.sort();
    names.into_iter().map(|n| (n.clone(), std::fs::read_to_string(dir.join(&n)).unwrap())).collect()
}

/// Every figure a chapter quotes from a shipped results file links to its case's row, and each
/// row link's figure is that case's median at the digits printed.
#[test]
fn chapter_figures_link_to_their_rows() {
    let mut files = BTreeMap::new();
    let mut all = Vec::new();
    for (name, src) in chapters() {
        let (problems, row_links) = problems(&name, &src, &mut files);
        all.extend(problems);
        if QUOTING.contains(&name.as_str()) && row_links == 0 {
            all.push(format!("content/chapters/{name}: quotes results files but links none of their rows"));
        }
    }
    for (name, around, why) in NOT_FROM_A_FILE {
        let (_, src) = chapters().into_iter().find(|(n, _)| n == name).unwrap();
        let read: String = blocks(&src).iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join("\n");
        assert!(read.contains(around), "NOT_FROM_A_FILE ({why}): {name} no longer reads {around:?}");
    }
    assert!(all.is_empty(), "figures and their rows (issue 53):\n{}", all.join("\n"));
}

/// The checks catch what they guard against: a link to a case the file lacks, a linked figure
/// that is not the case's median, and a figure left unlinked beside a linked one.
#[test]
fn a_bad_anchor_a_wrong_figure_and_an_unlinked_figure_are_caught() {
    let mut files = BTreeMap::new();
    let file = "xeon-2.1ghz-2vcpu-jemalloc-sso-2026-11-21";
    let good = format!("It takes 0.83× the time ([242](/results/{file}/#sso-inline_buf-t1-short) vs [293 ns](/results/{file}/#sso-vec_string-t1-short) per call).\n");
    assert_eq!(problems("test.md", &good, &mut files), (vec![], 2));

    let bad_anchor = good.replace("sso-vec_string-t1-short", "sso-vec_string-t9-short");
    let (found, _) = problems("test.md", &bad_anchor, &mut files);
    assert!(found.len() == 1 && found[0].contains("has no case #sso-vec_string-t9-short"), "{found:?}");

    let wrong = good.replace("[293 ns]", "[239 ns]");
    let (found, _) = problems("test.md", &wrong, &mut files);
    assert!(found.len() == 1 && found[0].contains("is not the case's Median"), "{found:?}");

    let unlinked = format!("{}On *mixed*, 216 vs 345 ns.\n", good.trim_end());
    let (found, _) = problems("test.md", &unlinked, &mut files);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|p| p.contains("is not linked to its row")), "{found:?}");

    let missing_file = good.replace(file, "no-such-run");
    let (found, _) = problems("test.md", &missing_file, &mut files);
    assert!(found.len() == 2 && found[0].contains("no content/results/no-such-run.json"), "{found:?}");

    // A table under a paragraph that names the file: each number cell needs its link.
    let table = format!(
        "The run in `{file}.json`:\n\n| Set | inline | Vec |\n| --- | --- | --- |\n| short | [242](/results/{file}/#sso-inline_buf-t1-short) | 293 |\n"
    );
    let (found, _) = problems("test.md", &table, &mut files);
    assert!(found.len() == 1 && found[0].contains("table cell \"293\""), "{found:?}");
}
