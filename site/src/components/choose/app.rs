//! The live part of `/choose` (an island): the reader's strings, sharing pattern and constraints
//! in; every candidate measured live beside the shipped clone results, and the chooser's
//! recommendation, out. The machines come from the build's summary (one request, however many
//! files the site ships), narrowed by the ranking's filters when the address carries them; only the
//! chosen machine's file is fetched.

use leptos::prelude::*;
use wasm_core::choose::Sharing;

use super::{
    address::{ChooseAddress, MAX_URL_TEXT_BYTES},
    advice::AdviceView,
    agreement,
    costs::{self, CloneCost},
    form::ChooseForm,
    samples::{Sample, PRESETS},
    source::CloneSource,
    table::{footprint_on, page_target, time_creation_of, ChooseTable, Creation},
};
use crate::components::bench::native::NativeFile;
use crate::components::results::loader::{load_summary, FileCache, ShippedReader};
use crate::model::choose::advice::{advise, Advice, AdviceQuestion, AdviceSource};
use crate::model::choose::inputs::{Answers, Workload};
use crate::model::explorer::ranking::{matches, RankingState};
use crate::model::explorer::LoadedFile;
use wasm_core::choose::constraints::Constraints;
use wasm_core::choose::memory::{Footprint, Target};
use wasm_core::choose::{Candidate, CostRow};
use wasm_core::summary::MachineSummary;

/// Where `/choose` reads results files from: each once (`FileCache`), and the reader's own browser
/// run from this browser.
#[derive(Clone)]
struct NativeFiles {
    cache: FileCache,
    own: Option<NativeFile>,
    read: ShippedReader,
}

impl NativeFiles {
    /// The file `name`, or why it cannot be used.
    async fn load(&self, name: &str) -> Result<NativeFile, String> {
        if let Some(own) = self.own.as_ref().filter(|o| o.name == name) {
            return Ok(own.clone());
        }
        match self.cache.load(name, self.read).await {
            LoadedFile::Good(m) => Ok(NativeFile::of(m)),
            LoadedFile::Bad(b) => Err(format!("results/{}: {}", b.file_name, b.problems.join("; "))),
        }
    }
}

/// The reader's inputs, each a signal the form writes and the address bar keeps, and what follows
/// from them alone: the constraints, whether clones contend, the thread count, the sample.
#[derive(Clone, Copy)]
struct Inputs {
    text: RwSignal<String>,
    sharing: RwSignal<Sharing>,
    machine: RwSignal<Option<String>>,
    /// The reader's thread count, once they give one (or the link does); until then the sharing's default.
    threads: RwSignal<Option<u32>>,
    answers: RwSignal<Answers>,
    workload: RwSignal<Workload>,
    wanted_threads: Memo<u32>,
    constraints: Memo<Constraints>,
    contended: Memo<bool>,
    /// The text box parsed once per edit; everything below reads this.
    sample: Memo<Sample>,
    /// The ranking's filters, as `/results` writes them in its address (`vendor=amd`,
    /// `kind=native`, ...): a link from the ranking keeps its selection of machines here.
    filters: StoredValue<RankingState>,
}

impl Inputs {
    /// The inputs as the page's address gives them, the rest at their defaults.
    fn from_address(query: &str) -> Inputs {
        use crate::components::results::query::query_value;
        let opened_with = ChooseAddress::read(|key| query_value(query, key));
        let text = RwSignal::new(opened_with.text.unwrap_or_else(|| PRESETS[1].text.to_owned()));
        let (sharing, threads) = (RwSignal::new(opened_with.sharing), RwSignal::new(opened_with.threads));
        let (answers, workload) = (RwSignal::new(opened_with.answers), RwSignal::new(opened_with.workload));
        // A workload the reader has not changed follows the sharing pattern's default; one they typed stays.
        Effect::new(move |before: Option<Sharing>| {
            let now = sharing.get();
            if let Some(before) = before.filter(|b| *b != now) {
                if workload.get_untracked() == Workload::default_for(before) {
                    workload.set(Workload::default_for(now));
                }
            }
            now
        });
        let constraints = Memo::new(move |_| {
            // The sharing's defaults (wasm-core's one rule for them), then the reader's answers.
            let (base, a) = (Constraints::default_for(sharing.get()), answers.get());
            Constraints {
                needs_send: base.needs_send || a.crosses_tasks,
                changes: a.changes,
                fixed_set: a.fixed_set,
                same_value: !(base.cloned_by_many && a.distinct),
                ..base
            }
        });
        Inputs {
            text,
            sharing,
            machine: RwSignal::new(opened_with.machine),
            threads,
            answers,
            workload,
            wanted_threads: Memo::new(move |_| threads.get().unwrap_or_else(|| costs::default_threads(sharing.get()))),
            constraints,
            contended: Memo::new(move |_| costs::contended(sharing.get(), constraints.with(|c| c.same_value))),
            sample: Memo::new(move |_| text.with(|t| Sample::of(t))),
            filters: StoredValue::new(RankingState::from_query(|key| query_value(query, key))),
        }
    }

    /// Every input in the address bar, so a recommendation can be shared by its link.
    fn keep_in_address(self, chosen: Memo<Option<(NativeFile, u32)>>) {
        use crate::components::results::query::{encode_pairs, join, replace_page_query};
        Effect::new(move |_| {
            let address = ChooseAddress {
                text: Some(self.text.get()),
                sharing: self.sharing.get(),
                machine: chosen.with(|c| c.as_ref().map(|(file, _)| file.name.clone())),
                threads: self.threads.get(),
                answers: self.answers.get(),
                workload: self.workload.get(),
            };
            replace_page_query("/choose", &join(encode_pairs(&address.pairs(self.filters.with_value(RankingState::to_pairs)))));
        });
    }
}

/// Where the costs come from: the machines on offer, the one chosen and why, its file once fetched
/// (and the thread count its costs are taken at), and the other machines' files for the agreement.
#[derive(Clone, Copy)]
struct Sources {
    machines: Memo<Vec<MachineSummary>>,
    chosen_name: Memo<Option<String>>,
    opened_why: Memo<Option<costs::Opened>>,
    chosen: Memo<Option<(NativeFile, u32)>>,
    load_error: Signal<Option<String>>,
    others: LocalResource<Option<Vec<NativeFile>>>,
}

impl Sources {
    fn new(inputs: Inputs) -> Sources {
        let summary = LocalResource::new(load_summary);
        let own = crate::own_run::load().map(|results| NativeFile {
            name: crate::own_run::OWN_RUN_FILE.to_owned(),
            results,
            marker: crate::palette::BROWSER_MARKER,
        });
        let own_summary = own.as_ref().map(|f| MachineSummary::unlisted(&f.name, &f.results));
        // Each file once, however many parts of the page read it; the own run is in this browser.
        let files = NativeFiles { cache: FileCache::default(), own, read: ShippedReader::of_island() };
        let files_for_others = files.clone();
        // The machines to choose from: the reader's own browser run first (when this browser kept
        // one), then every shipped file with clone cases the chooser can use that the filters admit.
        let filters = inputs.filters;
        let machines = Memo::new(move |_| {
            let shipped = summary.get().and_then(|r| r.ok()).map(|s| s.machines).unwrap_or_default();
            let shipped = filters.with_value(|f| {
                shipped.into_iter().filter(|m| m.choose_candidates > 0 && f.admits(m) && matches(m, &f.search)).collect::<Vec<_>>()
            });
            own_summary.clone().into_iter().chain(shipped).collect::<Vec<_>>()
        });
        // Which machine, and why this one (`costs::opened_machine`).
        let machine = inputs.machine;
        let opened = Memo::new(move |_| machines.with(|ms| machine.with(|m| costs::opened_machine(ms, m.as_deref()))));
        let chosen_name = Memo::new(move |_| opened.with(|o| o.as_ref().map(|(file, _)| file.clone())));
        // Only the chosen machine's file is fetched.
        let fetched = LocalResource::new(move || {
            let (name, files) = (chosen_name.get(), files.clone());
            async move { Some(files.load(&name?).await) }
        });
        let (contended, wanted_threads) = (inputs.contended, inputs.wanted_threads);
        let chosen = Memo::new(move |_| {
            let file = fetched.get().flatten().and_then(|r| r.ok())?;
            // A file still arriving for a machine no longer chosen is not the source.
            if chosen_name.get().as_ref() != Some(&file.name) {
                return None;
            }
            let counts = costs::thread_counts(&file);
            // Where clones contend: the reader's thread count, or the most the file measured below
            // it (the page says so). Where they do not (one thread; or each thread its own values):
            // the one-thread cases stand for any thread count (the source note says so).
            let t = costs::cost_threads(&counts, contended.get(), wanted_threads.get())?;
            Some((file, t))
        });
        // The other machines on offer (at most `MAX_MACHINES`), fetched once the page's own pick is
        // shown, to say how many give the same pick.
        let others = LocalResource::new(move || {
            let names: Vec<String> = machines.with(|ms| ms.iter().take(agreement::MAX_MACHINES).map(|m| m.file.clone()).collect());
            let files = files_for_others.clone();
            async move {
                // No machine yet: the summary is still on its way, so there is nothing to say.
                if names.is_empty() {
                    return None;
                }
                let mut loaded = Vec::new();
                for name in names {
                    loaded.extend(files.load(&name).await.ok());
                }
                Some(loaded)
            }
        });
        Sources {
            machines,
            chosen_name,
            opened_why: Memo::new(move |_| opened.with(|o| o.as_ref().and_then(|(_, why)| *why))),
            chosen,
            load_error: Signal::derive(move || {
                let summary_error = summary.get().and_then(|r| r.err()).map(|e| e.to_string());
                summary_error.or_else(|| fetched.get().flatten().and_then(|r| r.err()))
            }),
            others,
        }
    }
}

/// What every candidate costs on the reader's strings, from the chosen file: memory on its target,
/// clones and reads at its thread count, creation timed in this page; and the recommendation.
#[derive(Clone, Copy)]
struct Verdict {
    target: Memo<Target>,
    footprints: Memo<Vec<Footprint>>,
    clone_costs: Memo<Vec<Option<CloneCost>>>,
    read_costs: Memo<Vec<Option<CloneCost>>>,
    creation: ReadSignal<Vec<Creation>>,
    reads_timed: Memo<bool>,
    cost_rows: Memo<Vec<CostRow>>,
    advice: Memo<Option<Advice>>,
}

impl Verdict {
    fn new(inputs: Inputs, chosen: Memo<Option<(NativeFile, u32)>>) -> Verdict {
        let sample = inputs.sample;
        // Memory is charged on the chosen file's target, the one its clone costs come from (this
        // page's own until a file has arrived; the table names the target either way).
        let target = Memo::new(move |_| chosen.with(|c| c.as_ref().map(|(f, _)| Target::of(&f.results))).unwrap_or_else(page_target));
        let footprints = Memo::new(move |_| {
            let target = target.get();
            sample.with(|s| {
                let strings: Vec<&str> = s.strings.iter().map(String::as_str).collect();
                Candidate::ALL.iter().map(|&c| footprint_on(c, &strings, &target)).collect::<Vec<Footprint>>()
            })
        });
        // Each candidate's clone cost, and its cost of reading its text, on these strings from the
        // chosen file at its thread count, in `Candidate::ALL` order: computed once for the table
        // and the advice.
        let costs_by = move |cost: fn(&NativeFile, Candidate, u32, &[usize]) -> Option<CloneCost>| {
            Memo::new(move |_| {
                let lengths = sample.with(Sample::lengths);
                chosen.with(|source| {
                    Candidate::ALL.iter().map(|&c| source.as_ref().and_then(|(f, t)| cost(f, c, *t, &lengths))).collect::<Vec<_>>()
                })
            })
        };
        let (clone_costs, read_costs) = (costs_by(costs::clone_cost), costs_by(costs::read_cost));
        // Creating each candidate, timed in this page with /bench's loop (in `Candidate::ALL`
        // order; empty while it runs): shown in the table, and charged when the reader makes new
        // strings.
        let (creation, set_creation) = signal(Vec::<Creation>::new());
        time_creation_of(sample, set_creation);
        // Reads are charged where the chosen machine timed them; else the clones alone (the note says so).
        let reads_timed = Memo::new(move |_| chosen.with(|c| c.as_ref().is_some_and(|(f, _)| costs::has_reads(f))));
        let workload = inputs.workload;
        // Each candidate's memory and clone cost on these strings: what the advice checks its pick by.
        let cost_rows = Memo::new(move |_| {
            // Four short lists (one entry per candidate), copied rather than borrowed four deep.
            let (ms, cs, rs, made) = (footprints.get(), clone_costs.get(), read_costs.get(), creation.get());
            agreement::cost_rows(&ms, &cs, &rs, &made, workload.get(), reads_timed.get())
        });
        // The longest string the chosen file timed clones of: longer strings are charged its cost.
        let longest_case = Signal::derive(move || chosen.with(|c| c.as_ref().and_then(|(f, t)| costs::longest_case_bytes(f, *t))));
        let wanted_threads = inputs.wanted_threads;
        let source = Memo::new(move |_| {
            chosen.with(|c| {
                c.as_ref().map(|(f, t)| AdviceSource {
                    machine: f.results.label.clone(),
                    threads: *t,
                    wanted: wanted_threads.get(),
                    target: target.with(Target::name),
                })
            })
        });
        // The recommendation, computed once: the advice shows it, the agreement line checks its pick.
        let advice = Memo::new(move |_| {
            let lengths = sample.with(Sample::lengths);
            let (constraints, source) = (inputs.constraints.get(), source.get().unwrap_or_default());
            cost_rows.with(|rows| {
                advise(AdviceQuestion {
                    lengths: &lengths,
                    sharing: inputs.sharing.get(),
                    constraints: &constraints,
                    rows,
                    source: &source,
                    workload: workload.get(),
                    longest_case: longest_case.get(),
                })
            })
        });
        Verdict { target, footprints, clone_costs, read_costs, creation, reads_timed, cost_rows, advice }
    }

    /// How many of the other machines' files give the same pick, in words.
    fn agreement_text(self, inputs: Inputs, others: LocalResource<Option<Vec<NativeFile>>>) -> Signal<Option<String>> {
        Signal::derive(move || {
            let files = others.get().flatten()?;
            let (chosen_pick, rule_pick) = self.advice.with(|a| a.as_ref().map(|a| (a.pick, a.rule.pick)))?;
            let q = agreement::Question {
                strings: inputs.sample.with(|s| s.strings.clone()),
                creation: self.creation.get(),
                workload: inputs.workload.get(),
                constraints: inputs.constraints.get(),
                contended: inputs.contended.get(),
                wanted_threads: inputs.wanted_threads.get(),
                rule_pick,
            };
            let a = agreement::agreement(&files, &q, chosen_pick);
            Some(agreement::agreement_text(&a, chosen_pick))
        })
    }
}

#[component]
pub fn ChooseApp() -> impl IntoView {
    let inputs = Inputs::from_address(&crate::components::results::query::page_query());
    let sources = Sources::new(inputs);
    let verdict = Verdict::new(inputs, sources.chosen);
    inputs.keep_in_address(sources.chosen);
    let Inputs { text, sharing, answers, workload, sample, .. } = inputs;
    let Verdict { target, footprints, clone_costs, read_costs, creation, reads_timed, cost_rows, advice } = verdict;
    let too_long_for_link = move || {
        text.with(|t| t.len() > MAX_URL_TEXT_BYTES).then(|| {
            view! { <p class="note" data-testid="choose-link-note">{format!("Your strings are over {MAX_URL_TEXT_BYTES} bytes, so the page's link keeps the sharing pattern but not them.")}</p> }
        })
    };
    view! {
        <ChooseForm text=text.read_only() set_text=text.write_only() sharing=sharing.read_only() set_sharing=sharing.write_only()
            answers=answers.read_only() set_answers=answers.write_only() workload=workload.read_only() set_workload=workload.write_only()/>
        {too_long_for_link}
        // Where the costs come from, above the recommendation they decide.
        <CloneSource machines=sources.machines chosen_name=sources.chosen_name opened_why=sources.opened_why chosen=sources.chosen
            wanted_threads=inputs.wanted_threads set_machine=inputs.machine.write_only() set_threads=inputs.threads.write_only()
            contended=inputs.contended filters=inputs.filters load_error=sources.load_error reads_timed/>
        <AdviceView advice left_out=Signal::derive(move || sample.with(|s| s.left_out.clone()))/>
        <agreement::AgreementNote text=verdict.agreement_text(inputs, sources.others)/>
        <h2 id="compare">"Every candidate on your strings"</h2>
        <Show when=move || sample.with(|s| !s.strings.is_empty())
            fallback=|| view! { <p class="note" data-testid="choose-table-empty">"The table fills in once there is a string to measure."</p> }>
            <ChooseTable footprints target clone_costs read_costs creation source=sources.chosen constraints=inputs.constraints workload=workload.read_only() rows=cost_rows/>
        </Show>
    }
}
