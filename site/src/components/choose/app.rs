//! The live part of `/choose` (an island): the reader's strings and sharing pattern in; every
//! candidate measured live beside the shipped clone results, and the chooser's recommendation, out.

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use super::{advice::Advice, form::ChooseForm, samples::PRESETS, table::ChooseTable};
use crate::components::bench::native;
use crate::components::results::loader::Wanted;

#[component]
pub fn ChooseApp() -> impl IntoView {
    let (text, set_text) = signal(PRESETS[1].text.to_owned());
    let (sharing, set_sharing) = signal(Sharing::ClonedByMany);
    // The table's clone costs come from clone cases only (`costs.rs`).
    let native = LocalResource::new(|| native::load(Wanted::Suite("clone")));
    view! {
        <ChooseForm text set_text sharing set_sharing/>
        <Advice text sharing/>
        <h2 id="compare">"Every candidate on your strings"</h2>
        <ChooseTable text native/>
    }
}
