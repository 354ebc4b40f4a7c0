//! The machines × threads table under the contention chart: one type's median time per clone on
//! every chosen machine, with each cell's multiple of the fastest machine at that thread count.

use leptos::prelude::*;
use wasm_core::kernels::CloneMode;

use super::chosen::chosen_memo;
use crate::model::explorer::format::sig4;
use crate::model::explorer::grid::{machine_grid, Grid};
use crate::model::explorer::state::{ExplorerState, ModeFilter};
use crate::model::explorer::{contention_variants, file_names, ValidFile};

#[component]
pub fn MachineGrid(machines: StoredValue<Vec<ValidFile>>, state: Memo<ExplorerState>) -> impl IntoView {
    let (variant, set_variant) = signal("arc_str".to_owned());
    // "both" modes would make two tables; the grid shows drop unless forget alone is chosen.
    let mode = move |s: &ExplorerState| if s.mode == ModeFilter::Forget { CloneMode::Forget } else { CloneMode::Drop };
    let grid = chosen_memo(machines, state, move |chosen, s| {
        let names = file_names(chosen);
        variant.with(|v| machine_grid(chosen, &names, v, mode(s)))
    });
    let type_name = |id: &str| wasm_core::kernels::CloneType::parse(id).map(|t| t.display_name()).unwrap_or_default();
    let options = contention_variants()
        .map(|id| view! { <option value=id selected=move || variant.get() == id>{type_name(id)}</option> })
        .collect_view();
    view! {
        <section class="machine-grid" aria-labelledby="grid-title" data-testid="machine-grid">
            <h2 id="grid-title">"Machines side by side"</h2>
            <div class="controls">
                <label for="grid-type">"Type:"</label>
                <select id="grid-type" on:change=move |ev| set_variant.set(event_target_value(&ev))>{options}</select>
            </div>
            {move || grid_table(&grid.get(), type_name(&variant.get()), mode(&state.get()))}
        </section>
    }
}

fn grid_table(grid: &Grid, type_name: &str, mode: CloneMode) -> AnyView {
    if grid.rows.is_empty() {
        return view! { <p class="note">{format!("No chosen machine measured {type_name} in {mode} mode.")}</p> }.into_any();
    }
    let head = grid
        .threads
        .iter()
        .map(|&t| view! { <th scope="col" class="num">{if t == 1 { "1 thread".to_owned() } else { format!("{t} threads") }}</th> })
        .collect_view();
    let rows = grid
        .rows
        .iter()
        .map(|row| {
            let cells = row
                .cells
                .iter()
                .map(|cell| match cell {
                    Some(c) => {
                        let best = c.times_best <= 1.0;
                        let class = if best { "num best" } else { "num" };
                        let noisy = if c.noisy { " (noisy or spread unknown)" } else { "" };
                        view! {
                            <td class=class data-times-best=sig4(c.times_best)>
                                {format!("{} ns", sig4(c.median_ns))}<br/>
                                <span class="muted">{if best { "fastest".to_owned() } else { format!("{}× best", sig4(c.times_best)) }}{noisy}</span>
                            </td>
                        }
                        .into_any()
                    }
                    None => view! { <td class="num muted">"–"</td> }.into_any(),
                })
                .collect_view();
            view! { <tr><th scope="row">{row.machine.clone()}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Time per clone by machine and thread count">
            <table class="data grid-table">
                <caption>{format!("{type_name}, {mode} mode: median ns per clone; under it, the multiple of the fastest chosen machine at that thread count")}</caption>
                <thead><tr><th scope="col">"Machine"</th>{head}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}
