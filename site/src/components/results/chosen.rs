//! The explorer's one piece of shared derived state: what the chosen machines give under the current
//! state. The explorer and each chart component build their memos here (not in `explorer.rs`, which
//! renders them: that import went both ways).

use leptos::prelude::*;

use crate::model::explorer::state::ExplorerState;
use crate::model::explorer::ValidFile;

/// A memo of `f` over the chosen machines and the state: recomputed (and redrawn) only on change.
pub fn chosen_memo<T>(
    machines: StoredValue<Vec<ValidFile>>,
    state: Memo<ExplorerState>,
    f: impl Fn(&[&ValidFile], &ExplorerState) -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| {
        let s = state.get();
        machines.with_value(|all| {
            let chosen: Vec<&ValidFile> = all.iter().filter(|m| s.machines.contains(&m.id)).collect();
            f(&chosen, &s)
        })
    })
}
