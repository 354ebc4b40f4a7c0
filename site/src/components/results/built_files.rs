//! The raw results files `/results` charts, fetched once per page and shown as they arrive: the
//! explorer waits [`PENDING_AFTER_MS`] for the whole set, then charts what has arrived and lists
//! the rest as pending; each later arrival (or failure, after the loader's time limit) updates the
//! page. One slow file therefore never holds back the machines whose files are here.

use std::collections::{HashMap, HashSet};

use futures::StreamExt;
use leptos::prelude::*;
use wasm_core::summary::Summary;
use wasm_core::validate::MAX_FILE_BYTES;

use super::loader::{fetch_bytes, PARALLEL_FETCHES, RESULTS_DIR};
use crate::browser::timing::sleep_ms;
use crate::model::explorer::LoadedFile;

/// How long the explorer waits for every chosen file before it charts the ones that arrived. Long
/// enough that a normal load draws once, short enough that a stalled file is not mistaken for a
/// slow page.
pub const PENDING_AFTER_MS: i32 = 1_500;

/// What a load gives the page: the files of the asked ids that have arrived (in the asked order),
/// and the ids still on their way.
pub type Arrived = (Vec<LoadedFile>, Vec<String>);

/// The page's files: those that arrived, those on their way, and a counter that moves when one
/// arrives while no load is waiting for it (what a resource tracks to show it).
#[derive(Clone, Copy)]
pub struct BuiltFiles {
    cache: StoredValue<HashMap<String, LoadedFile>>,
    in_flight: StoredValue<HashSet<String>>,
    late_arrivals: RwSignal<u32>,
    /// No load is waiting: an arrival must move `late_arrivals` to be shown. A load that is
    /// dropped while waiting (the reader chose other machines) leaves this false until the next
    /// load answers, and that load reads every file that arrived meanwhile.
    answered: StoredValue<bool>,
}

impl Default for BuiltFiles {
    fn default() -> Self {
        BuiltFiles {
            cache: StoredValue::new(HashMap::new()),
            in_flight: StoredValue::new(HashSet::new()),
            late_arrivals: RwSignal::new(0),
            answered: StoredValue::new(true),
        }
    }
}

impl BuiltFiles {
    /// Subscribes the calling reactive scope to files that arrive after a load answered.
    pub fn track(&self) {
        self.late_arrivals.track();
    }

    /// The files of machines `ids` (file names without `.json`). Starts fetching those neither here
    /// nor on their way, [`PARALLEL_FETCHES`] at a time; answers when they have all arrived or after
    /// [`PENDING_AFTER_MS`], whichever is first. Only files `summary` lists are fetched, and those
    /// are parsed, not validated again ([`LoadedFile::from_built_bytes`]); any other id is a card
    /// saying so.
    pub async fn load(self, ids: Vec<String>, summary: &Summary) -> Arrived {
        let missing: Vec<(String, Option<Option<u32>>)> = ids
            .iter()
            .filter(|id| !self.cache.with_value(|c| c.contains_key(*id)) && !self.in_flight.with_value(|f| f.contains(*id)))
            .map(|id| (id.clone(), summary.machines.iter().find(|m| m.id() == id).map(|m| m.hardware)))
            .collect();
        if !missing.is_empty() {
            self.in_flight.update_value(|f| f.extend(missing.iter().map(|(id, _)| id.clone())));
            self.answered.set_value(false);
            let (all_here, all_here_rx) = futures::channel::oneshot::channel::<()>();
            leptos::task::spawn_local(async move {
                futures::stream::iter(missing)
                    .map(|(id, listed)| async move { (id.clone(), fetch(&id, listed).await) })
                    .buffer_unordered(PARALLEL_FETCHES)
                    .for_each(|(id, file)| {
                        self.cache.update_value(|c| {
                            c.insert(id.clone(), file);
                        });
                        self.in_flight.update_value(|f| {
                            f.remove(&id);
                        });
                        if self.answered.get_value() {
                            self.late_arrivals.update(|n| *n += 1);
                        }
                        async {}
                    })
                    .await;
                let _ = all_here.send(());
            });
            futures::future::select(all_here_rx, Box::pin(sleep_ms(PENDING_AFTER_MS))).await;
        }
        self.answered.set_value(true);
        let files = self.cache.with_value(|all| ids.iter().filter_map(|id| all.get(id).cloned()).collect());
        let pending = self.in_flight.with_value(|f| ids.iter().filter(|id| f.contains(*id)).cloned().collect());
        (files, pending)
    }
}

/// The file `id`, if the summary lists it (`listed`: its machine's rank there, which gives its marker).
async fn fetch(id: &str, listed: Option<Option<u32>>) -> LoadedFile {
    let name = format!("{id}.json");
    let Some(rank) = listed else {
        return LoadedFile::unreachable(&name, "is not one of this site's results files (results/summary.json does not list it)".into());
    };
    match fetch_bytes(&format!("{RESULTS_DIR}/{name}"), MAX_FILE_BYTES).await {
        Ok(bytes) => LoadedFile::from_built_bytes(&name, &bytes).with_rank(rank),
        Err(why) => LoadedFile::unreachable(&name, why),
    }
}
