//! `/choose`: "Which string type should I use?" The question is static text; the comparison itself
//! is an island (`components/choose/app.rs`).

use leptos::prelude::*;

use crate::islands::{Island, Live};

#[component]
pub fn Choose() -> impl IntoView {
    view! {
        <article class="prose wide">
            <h1>"Which string type should I use?"</h1>
            <p class="lede">
                "Paste the strings your program really holds, say how they are shared and what your program needs of "
                "them, and compare thirteen string types, two interned symbols and two ways of sharing one on them: what each one keeps inline, "
                "what it allocates, what it costs to create (timed in your browser), to read and to clone under contention (from "
                "the runs this site ships), and whether it fits your answers. Nothing here is typed in by hand: every "
                "number is computed or read from a results file."
            </p>
            <Live island=Island::Choose/>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use wasm_core::choose::Candidate;

    /// The lede counts the chooser's rows: a new candidate has to be counted there too.
    #[test]
    fn the_lede_counts_the_candidates() {
        let strategies = Candidate::ALL.iter().filter(|c| c.is_strategy()).count();
        let interned = Candidate::ALL.iter().filter(|c| c.is_interned()).count();
        let types = Candidate::ALL.len() - strategies - interned;
        assert_eq!((types, interned, strategies), (13, 2, 2), "the lede says thirteen string types, two interned symbols and two ways of sharing one");
        assert!(include_str!("choose.rs").contains("compare thirteen string types, two interned symbols and two ways of sharing one"));
    }
}
