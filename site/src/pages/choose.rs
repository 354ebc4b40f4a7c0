//! `/choose`: "Which string type should I use?" The question is static text; the comparison itself
//! is an island (`components/choose/app.rs`).

use leptos::prelude::*;

use crate::components::section_heading::SectionHeading;
use crate::live::{Island, Live};
use wasm_core::choose::Candidate;

/// `13` → `thirteen`: counts up to twenty in words, larger ones in digits.
fn in_words(n: usize) -> String {
    const WORDS: [&str; 21] = [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// What the chooser compares, counted from its candidates: `thirteen string types, two interned
/// symbols and two ways of sharing one`.
fn compared() -> String {
    let strategies = Candidate::ALL.iter().filter(|c| c.is_strategy()).count();
    let interned = Candidate::ALL.iter().filter(|c| c.is_interned()).count();
    let types = Candidate::ALL.len() - strategies - interned;
    let plural = |n: usize, one: &str, many: &str| format!("{} {}", in_words(n), if n == 1 { one } else { many });
    format!(
        "{}, {} and {}",
        plural(types, "string type", "string types"),
        plural(interned, "interned symbol", "interned symbols"),
        plural(strategies, "way of sharing one", "ways of sharing one")
    )
}

#[component]
pub fn Choose() -> impl IntoView {
    view! {
        <article class="prose wide">
            <h1>"Which string type should I use?"</h1>
            <p class="lede">
                "Paste the strings your program really holds, say how they are shared and what your program needs of "
                {format!("them, and compare {} on them: what each one keeps inline, ", compared())}
                "what it allocates, what it costs to create (timed in your browser), to read and to clone under contention (from "
                "the runs this site ships), and whether it fits your answers. Nothing here is typed in by hand: every "
                "number is computed or read from a results file."
            </p>
            <Live island=Island::Choose/>
            <RulesWithoutJs/>
        </article>
    }
}

/// What a reader without JavaScript gets instead of the comparison: the chooser's rules of thumb,
/// the same words its picks give, and chapter 10, which measures them (hidden once scripts run).
#[component]
fn RulesWithoutJs() -> impl IntoView {
    let rules = wasm_core::choose::RULES
        .iter()
        .map(|r| {
            view! {
                <li data-testid="rule-of-thumb">
                    <strong>{r.headline}</strong>": "<a href=r.pick.docs_url()><code>{r.pick.name()}</code></a>". "
                    {format!("{}{}.", r.because[..1].to_uppercase(), &r.because[1..])}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="no-js-only" aria-labelledby="choose-rules-title" data-testid="choose-rules">
            <SectionHeading page="/choose" id="choose-rules-title" title="Rules of thumb"/>
            <p>
                "Without JavaScript this page cannot measure your strings, so here are the rules the comparison starts "
                "from. "<a href="/chapters/what-instead">"Chapter 10, “What to do instead”"</a>" measures each of them."
            </p>
            <ol>{rules}</ol>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lede's count follows the chooser's rows: a new candidate is counted without an edit, and
    /// the three counts add up to every row.
    #[test]
    fn the_lede_counts_every_candidate() {
        let phrase = compared();
        let number = |word: &str| (0..=20).find(|&n| in_words(n) == word).or_else(|| word.parse().ok());
        // "ways of sharing one": that "one" is a pronoun, not a count.
        let counts: Vec<usize> = phrase.replace("sharing one", "sharing").split([',', ' ']).filter_map(number).collect();
        assert_eq!(counts.len(), 3, "{phrase}");
        assert_eq!(counts.iter().sum::<usize>(), Candidate::ALL.len(), "{phrase}");
        assert!(phrase.contains("string types") && phrase.contains("interned symbol") && phrase.contains("sharing one"), "{phrase}");
        assert_eq!((in_words(1).as_str(), in_words(13).as_str(), in_words(21).as_str()), ("one", "thirteen", "21"));
    }
}
