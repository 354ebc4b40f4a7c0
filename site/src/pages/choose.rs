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
                "them, and compare eleven string types and two ways of sharing one on them: what each one keeps inline, "
                "what it allocates, what it costs to create (timed in your browser) and to clone under contention (from "
                "the runs this site ships), and whether it fits your answers. Nothing here is typed in by hand: every "
                "number is computed or read from a results file."
            </p>
            <Live island=Island::Choose/>
        </article>
    }
}
