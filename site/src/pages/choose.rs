//! `/choose`: "Which string type should I use?" The reader's strings and sharing pattern in; every
//! candidate measured live beside the shipped clone results, and the chooser's recommendation, out.

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use crate::components::bench::native;
use crate::components::choose::{advice::Advice, form::ChooseForm, samples::PRESETS, table::ChooseTable};

#[component]
pub fn Choose() -> impl IntoView {
    let (text, set_text) = signal(PRESETS[1].text.to_owned());
    let (sharing, set_sharing) = signal(Sharing::ClonedByMany);
    let native = LocalResource::new(native::load);
    view! {
        <article class="prose wide">
            <h1>"Which string type should I use?"</h1>
            <p class="lede">
                "Paste the strings your program really holds, say how they are shared, and compare eleven string "
                "types on them: what each one keeps inline, what it allocates, what it costs to create (timed in your "
                "browser) and to clone under contention (from the runs this site ships). Nothing here is typed in by "
                "hand: every number is computed or read from a results file."
            </p>
            <ChooseForm text set_text sharing set_sharing/>
            <Advice text sharing/>
            <h2 id="compare">"Every candidate on your strings"</h2>
            <ChooseTable text native/>
        </article>
    }
}
