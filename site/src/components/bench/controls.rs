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

/// `/bench`'s defaults: what a run uses when the address names nothing else.
pub const DEFAULT_PARAMS: BenchParams = BenchParams { samples: 1_000_000, repeats: 5, string_len: 64, mode: CloneMode::Drop };

/// The settings an address asks for (`?samples=200000&repeats=3&len=16&mode=forget`): each value
/// clamped to its field's range, and a key that is missing or no number left at its default.
pub fn params_from_query(query: &str) -> BenchParams {
    let mut p = DEFAULT_PARAMS;
    for (key, value) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        let number = value.parse::<u64>().ok();
        match (key, number) {
            ("samples", Some(n)) => p.samples = n.clamp(1, MAX_SAMPLES),
            ("repeats", Some(n)) => p.repeats = n.clamp(1, MAX_REPEATS.into()) as u32,
            ("len", Some(n)) => p.string_len = n.min(MAX_STRING_LEN as u64) as usize,
            ("mode", _) => p.mode = CloneMode::parse(value).unwrap_or(p.mode),
            _ => {}
        }
    }
    p
}

/// The address's query for `p`: only what differs from [`DEFAULT_PARAMS`], so a default run is plain `/bench`.
pub fn params_query(p: BenchParams) -> String {
    let d = DEFAULT_PARAMS;
    let parts = [
        (p.samples != d.samples).then(|| format!("samples={}", p.samples)),
        (p.repeats != d.repeats).then(|| format!("repeats={}", p.repeats)),
        (p.string_len != d.string_len).then(|| format!("len={}", p.string_len)),
        (p.mode != d.mode).then(|| format!("mode={}", p.mode.id())),
    ];
    parts.into_iter().flatten().collect::<Vec<_>>().join("&")
}

/// One labelled whole-number input; a typed value is clamped to `min..=max` when it is committed,
/// the field shows the clamped value, and a note under it says what was changed and why.
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
    let (note, set_note) = signal(None::<String>);
    let commit = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let typed = text.trim().replace(['_', ','], "").parse::<u64>();
        let used = match typed {
            Ok(v) => v.clamp(min, max),
            Err(_) => value.get_untracked(),
        };
        set_note.set(match typed {
            Ok(v) if v < min => Some(format!("{v} is below the smallest, {min}: the run uses {used}.")),
            Ok(v) if v > max => Some(format!("{v} is above the largest, {max}: the run uses {used}.")),
            Ok(_) => None,
            Err(_) => Some(format!("\u{201C}{}\u{201D} is no whole number: the run keeps {used}.", text.trim())),
        });
        set(used);
        event_target::<web_sys::HtmlInputElement>(&ev).set_value(&used.to_string());
    };
    let note_id = format!("{id}-note");
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id type="number" inputmode="numeric" min=min.to_string() max=max.to_string()
                aria-describedby=note_id.clone()
                prop:value=move || value.get().to_string() prop:disabled=running on:change=commit/>
            <span class="field-note" id=note_id data-testid=format!("{id}-note") aria-live="polite">{move || note.get()}</span>
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
                    <option value=CloneMode::Drop.id()>"drop it"</option>
                    <option value=CloneMode::Forget.id()>"forget it (leak)"</option>
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_keeps_the_settings_that_differ_and_clamps_what_it_is_given() {
        assert_eq!(params_from_query(""), DEFAULT_PARAMS);
        assert_eq!(params_query(DEFAULT_PARAMS), "");
        let p = BenchParams { samples: 200_000, repeats: 3, string_len: 16, mode: CloneMode::Forget };
        assert_eq!(params_query(p), "samples=200000&repeats=3&len=16&mode=forget");
        assert_eq!(params_from_query(&params_query(p)), p);
        let odd = params_from_query("samples=0&repeats=999&len=abc&mode=sideways&other=1");
        assert_eq!(odd, BenchParams { samples: 1, repeats: MAX_REPEATS, ..DEFAULT_PARAMS });
    }
}
