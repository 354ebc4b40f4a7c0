//! The chooser's inputs: the sample strings (a text box, one a line, or a preset), how they are
//! shared, and what the program needs of them (the constraints' questions).

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use super::samples::{MAX_STRINGS, PRESETS};
use crate::model::choose::inputs::{Answers, Workload};

/// One yes/no question as a select (keyboard- and phone-friendly, and its label is the question).
#[component]
fn Question(
    id: &'static str,
    question: &'static str,
    no: &'static str,
    yes: &'static str,
    value: Signal<bool>,
    set: Callback<bool>,
    #[prop(optional, into)] disabled: Signal<bool>,
) -> impl IntoView {
    view! {
        <div class="choose-question">
            <label for=id>{question}</label>
            <select id=id data-testid=id prop:disabled=move || disabled.get() on:change=move |ev| set.run(event_target_value(&ev) == "yes")>
                <option value="no" selected=move || !value.get()>{no}</option>
                <option value="yes" selected=move || value.get()>{yes}</option>
            </select>
        </div>
    }
}

#[component]
pub fn ChooseForm(
    text: ReadSignal<String>,
    set_text: WriteSignal<String>,
    sharing: ReadSignal<Sharing>,
    set_sharing: WriteSignal<Sharing>,
    answers: ReadSignal<Answers>,
    set_answers: WriteSignal<Answers>,
    workload: ReadSignal<Workload>,
    set_workload: WriteSignal<Workload>,
) -> impl IntoView {
    let presets = PRESETS
        .iter()
        .map(|p| view! { <button type="button" data-preset=p.id on:click=move |_| set_text.set(p.text.to_owned())>{p.label}</button> })
        .collect_view();
    let sharing_options = Sharing::ALL
        .iter()
        .map(|&s| {
            view! {
                <label class="radio">
                    <input type="radio" name="choose-sharing" value=s.id() data-testid=format!("choose-sharing-{}", s.id())
                        prop:checked=move || sharing.get() == s on:change=move |_| set_sharing.set(s)/>
                    " " {s.label()}
                </label>
            }
        })
        .collect_view();
    let shared = Signal::derive(move || sharing.get() != Sharing::OneThread);
    let answer = move |get: fn(&Answers) -> bool| Signal::derive(move || answers.with(get));
    let set = move |put: fn(&mut Answers, bool)| Callback::new(move |v: bool| set_answers.update(|a| put(a, v)));
    view! {
        <form class="choose-form" on:submit=|ev| ev.prevent_default()>
            <label for="choose-input">"Your strings, one a line (up to " {MAX_STRINGS} "):"</label>
            <textarea id="choose-input" data-testid="choose-input" rows="8" spellcheck="false"
                prop:value=text on:input=move |ev| set_text.set(event_target_value(&ev))></textarea>
            <div class="controls" role="group" aria-label="Fill with a typical set">
                <span class="muted">"Or try: "</span>{presets}
            </div>
            <fieldset>
                <legend>"How are they shared?"</legend>
                {sharing_options}
            </fieldset>
            <fieldset class="choose-questions">
                <legend>"What does your program need of them?"</legend>
                {move || (sharing.get() == Sharing::ClonedByMany).then(|| view! {
                    <Question id="choose-distinct" question="Do the threads clone one shared value, or each their own?"
                        no="one value, cloned by all" yes="each thread its own values" value=answer(|a| a.distinct) set=set(|a, v| a.distinct = v)/>
                })}
                <Question id="choose-send" question="Do they move between threads or async tasks?"
                    no="no, they stay on one thread" yes="yes, they must be Send"
                    value=Signal::derive(move || shared.get() || answers.with(|a| a.crosses_tasks)) set=set(|a, v| a.crosses_tasks = v) disabled=shared/>
                <Question id="choose-changes" question="Does the text change after it is created?"
                    no="no, fixed once made" yes="yes, it grows or shrinks" value=answer(|a| a.changes) set=set(|a, v| a.changes = v)/>
                <Question id="choose-fixed" question="Is the set of strings fixed when the program starts?"
                    no="no, new ones arrive" yes="yes, fixed at start-up" value=answer(|a| a.fixed_set) set=set(|a, v| a.fixed_set = v)/>
            </fieldset>
            <fieldset class="choose-questions">
                <legend>"How much work do they do?"</legend>
                <NumberQuestion id="choose-copies" question="Copies of each string alive at once" max=u64::from(Workload::MAX_COPIES)
                    value=Signal::derive(move || u64::from(workload.get().copies))
                    set=Callback::new(move |n: u64| set_workload.update(|w| w.copies = n as u32))/>
                <NumberQuestion id="choose-rate" question="Clones per second, all threads together" max=Workload::MAX_CLONES_PER_SEC
                    value=Signal::derive(move || workload.get().clones_per_sec)
                    set=Callback::new(move |n: u64| set_workload.update(|w| w.clones_per_sec = n))/>
                <NumberQuestion id="choose-reads" question="Reads of each clone's text" max=u64::from(Workload::MAX_READS_PER_CLONE)
                    value=Signal::derive(move || u64::from(workload.get().reads_per_clone))
                    set=Callback::new(move |n: u64| set_workload.update(|w| w.reads_per_clone = n as u32))/>
                <NumberQuestion id="choose-creates" question="New strings made per second (0: made once)" min=0 max=Workload::MAX_CLONES_PER_SEC
                    value=Signal::derive(move || workload.get().creates_per_sec)
                    set=Callback::new(move |n: u64| set_workload.update(|w| w.creates_per_sec = n))/>
            </fieldset>
        </form>
    }
}

/// A whole number from `min` (1 unless given) to `max` in a box; anything else is kept as typed and
/// said to be ignored.
#[component]
fn NumberQuestion(
    id: &'static str,
    question: &'static str,
    #[prop(default = 1)] min: u64,
    max: u64,
    value: Signal<u64>,
    set: Callback<u64>,
) -> impl IntoView {
    let (problem, set_problem) = signal(None::<String>);
    let note_id = format!("{id}-note");
    view! {
        <div class="choose-question">
            <label for=id>{question}</label>
            <input type="text" inputmode="numeric" id=id data-testid=id size="14" aria-describedby=note_id.clone()
                prop:value=move || value.get().to_string()
                on:change=move |ev| match Workload::parse_within(&event_target_value(&ev), min, max) {
                    Some(n) => { set_problem.set(None); set.run(n) }
                    None => set_problem.set(Some(format!("Not used: give a whole number from {min} to {max}; the model keeps {}.", value.get_untracked()))),
                }/>
            <span class="note" id=note_id data-testid=format!("{id}-problem")>{move || problem.get()}</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_round_trip_through_their_keys() {
        for bits in 0..16u8 {
            let a = Answers { crosses_tasks: bits & 1 != 0, changes: bits & 2 != 0, fixed_set: bits & 4 != 0, distinct: bits & 8 != 0 };
            let keys: Vec<&str> = a.yes_keys().collect();
            assert_eq!(Answers::from_keys(|k| keys.contains(&k)), a, "{keys:?}");
        }
        assert_eq!(Answers::from_keys(|_| false), Answers::default());
    }

    #[test]
    fn read_by_many_assumes_rare_clones_and_several_owners() {
        let read = Workload::default_for(Sharing::ReadByMany);
        assert!(read.copies > 1 && read.clones_per_sec < Workload::DEFAULT.clones_per_sec);
        assert!(read.reads_per_clone > Workload::DEFAULT.reads_per_clone && Workload::DEFAULT.reads_per_clone >= 1);
        assert_eq!(Workload::default_for(Sharing::OneThread), Workload::DEFAULT);
        assert_eq!(Workload::default_for(Sharing::ClonedByMany), Workload::DEFAULT);
    }

    #[test]
    fn workload_numbers_are_whole_and_within_bounds() {
        assert_eq!(Workload::parse("1,000,000", 1 << 40), Some(1_000_000));
        assert_eq!(Workload::parse(" 10_000 ", 1 << 40), Some(10_000));
        for bad in ["0", "-3", "abc", "1.5", "", "2000000"] {
            assert_eq!(Workload::parse(bad, 1_000_000), None, "{bad:?}");
        }
        // New strings a second may be none.
        assert_eq!(Workload::parse_within("0", 0, 10), Some(0));
        let w = Workload { creates_per_sec: 250_000, ..Workload::DEFAULT };
        assert_eq!(w.creates_per_clone(), 0.25);
        assert_eq!(Workload::DEFAULT.creates_per_clone(), 0.0);
    }
}
