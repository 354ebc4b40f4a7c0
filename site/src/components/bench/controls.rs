//! Benchmark forms: the shared frame ([`RunForm`]: fields, then Run and Cancel) and its number
//! field, and `/bench`'s own form (samples, repeats, string length, mode).

use leptos::prelude::*;
use wasm_core::kernels::clone::CloneMode;

use super::runner::{BenchParams, LEAK_CAP_BYTES};

/// Upper limits keep a run finite and `Arc`'s counter far below its overflow abort
/// (`isize::MAX` on wasm32 is 2^31 - 1; forget mode never gives a count back).
pub const MAX_SAMPLES: u64 = 50_000_000;
pub const MAX_REPEATS: u32 = 20;
pub const MAX_STRING_LEN: usize = 65_536;

/// One labelled whole-number input; a typed value is clamped to `min..=max` when it is committed,
/// and the field shows the clamped value.
#[component]
pub fn NumberField(
    id: &'static str,
    label: &'static str,
    min: u64,
    max: u64,
    value: Signal<u64>,
    set: impl Fn(u64) + 'static,
    running: Signal<bool>,
) -> impl IntoView {
    // The field always shows what the run will use: a value out of range is clamped and written back
    // (0 samples becomes 1, not a red field beside a run that says "Done."); text that is no number
    // gives the last good value back.
    let commit = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev).trim().replace(['_', ','], "").parse::<u64>();
        let used = match typed {
            Ok(v) => v.clamp(min, max),
            Err(_) => value.get_untracked(),
        };
        set(used);
        event_target::<web_sys::HtmlInputElement>(&ev).set_value(&used.to_string());
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id type="number" inputmode="numeric" min=min.to_string() max=max.to_string()
                prop:value=move || value.get().to_string() prop:disabled=running on:change=commit/>
        </div>
    }
}

#[component]
pub fn BenchControls(
    params: ReadSignal<BenchParams>,
    set_params: WriteSignal<BenchParams>,
    #[prop(into)] running: Signal<bool>,
    on_run: Callback<()>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    view! {
        <RunForm test_id="bench" running on_run on_cancel>
            <NumberField id="bench-samples" label="Samples (clones per repeat)" min=1 max=MAX_SAMPLES running
                value=Signal::derive(move || params.get().samples)
                set=move |v| set_params.update(|p| p.samples = v)/>
            <NumberField id="bench-repeats" label="Repeats" min=1 max=MAX_REPEATS.into() running
                value=Signal::derive(move || params.get().repeats.into())
                set=move |v| set_params.update(|p| p.repeats = v as u32)/>
            <NumberField id="bench-len" label="String length (bytes)" min=0 max=MAX_STRING_LEN as u64 running
                value=Signal::derive(move || params.get().string_len as u64)
                set=move |v| set_params.update(|p| p.string_len = v as usize)/>
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
        </RunForm>
        <p class="field-note">
            "Forget mode leaks every String and Box<str> clone, and wasm memory never shrinks: a run leaks at most "
            {LEAK_CAP_BYTES >> 20} " MiB, and the samples are scaled down to stay under that (the results say when)."
        </p>
    }
}

/// A benchmark's form: `children` are its fields, then Run (also Enter in any field) and Cancel.
/// Test ids: `{test_id}-controls`, `{test_id}-run`, `{test_id}-cancel`.
#[component]
pub fn RunForm(
    test_id: &'static str,
    #[prop(into)] running: Signal<bool>,
    on_run: Callback<()>,
    on_cancel: Callback<()>,
    children: Children,
) -> impl IntoView {
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if !running.get_untracked() {
            on_run.run(());
        }
    };
    view! {
        <form class="bench-controls" on:submit=submit data-testid=format!("{test_id}-controls")>
            {children()}
            <div class="buttons">
                <button type="submit" data-testid=format!("{test_id}-run") prop:disabled=running>"Run"</button>
                <button type="button" class="secondary" data-testid=format!("{test_id}-cancel")
                    prop:disabled=move || !running.get()
                    on:click=move |_| on_cancel.run(())>"Cancel"</button>
            </div>
        </form>
    }
}
