//! The benchmark form: samples, repeats, string length, mode; Run and Cancel.

use leptos::prelude::*;
use wasm_core::kernels::clone::CloneMode;

use super::runner::{BenchParams, LEAK_CAP_BYTES};

/// Upper limits keep a run finite and `Arc`'s counter far below its overflow abort
/// (`isize::MAX` on wasm32 is 2^31 - 1; forget mode never gives a count back).
pub const MAX_SAMPLES: u64 = 50_000_000;
pub const MAX_REPEATS: u32 = 20;
pub const MAX_STRING_LEN: usize = 65_536;

fn parsed<T: std::str::FromStr + Ord>(text: &str, min: T, max: T) -> Option<T> {
    text.trim().replace(['_', ','], "").parse::<T>().ok().map(|v| v.clamp(min, max))
}

#[component]
pub fn BenchControls(
    params: ReadSignal<BenchParams>,
    set_params: WriteSignal<BenchParams>,
    #[prop(into)] running: Signal<bool>,
    on_run: Callback<()>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if !running.get_untracked() {
            on_run.run(());
        }
    };
    view! {
        <form class="bench-controls" on:submit=submit data-testid="bench-controls">
            <div class="field">
                <label for="bench-samples">"Samples (clones per repeat)"</label>
                <input id="bench-samples" type="number" inputmode="numeric" min="1" max=MAX_SAMPLES.to_string()
                    prop:value=move || params.get().samples.to_string()
                    prop:disabled=running
                    on:change=move |ev| if let Some(v) = parsed(&event_target_value(&ev), 1, MAX_SAMPLES) {
                        set_params.update(|p| p.samples = v)
                    }/>
            </div>
            <div class="field">
                <label for="bench-repeats">"Repeats"</label>
                <input id="bench-repeats" type="number" inputmode="numeric" min="1" max=MAX_REPEATS.to_string()
                    prop:value=move || params.get().repeats.to_string()
                    prop:disabled=running
                    on:change=move |ev| if let Some(v) = parsed(&event_target_value(&ev), 1, MAX_REPEATS) {
                        set_params.update(|p| p.repeats = v)
                    }/>
            </div>
            <div class="field">
                <label for="bench-len">"String length (bytes)"</label>
                <input id="bench-len" type="number" inputmode="numeric" min="0" max=MAX_STRING_LEN.to_string()
                    prop:value=move || params.get().string_len.to_string()
                    prop:disabled=running
                    on:change=move |ev| if let Some(v) = parsed(&event_target_value(&ev), 0, MAX_STRING_LEN) {
                        set_params.update(|p| p.string_len = v)
                    }/>
            </div>
            <div class="field">
                <label for="bench-mode">"After each clone"</label>
                <select id="bench-mode"
                    prop:value=move || params.get().mode.id()
                    prop:disabled=running
                    on:change=move |ev| if let Some(m) = CloneMode::parse(&event_target_value(&ev)) {
                        set_params.update(|p| p.mode = m)
                    }>
                    <option value="drop">"drop it"</option>
                    <option value="forget">"forget it (leak)"</option>
                </select>
            </div>
            <div class="buttons">
                <button type="submit" data-testid="bench-run" prop:disabled=running>"Run"</button>
                <button type="button" class="secondary" data-testid="bench-cancel"
                    prop:disabled=move || !running.get()
                    on:click=move |_| on_cancel.run(())>"Cancel"</button>
            </div>
            <p class="field-note">
                "Forget mode leaks every String and Box<str> clone, and wasm memory never shrinks: a run leaks at most "
                {LEAK_CAP_BYTES >> 20} " MiB, and the samples are scaled down to stay under that (the results say when)."
            </p>
        </form>
    }
}
