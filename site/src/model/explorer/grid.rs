//! The summary across machines: for one type and mode, a machines × threads grid of the median time
//! per clone, each cell also as a multiple of the fastest machine at that thread count (ClickBench's
//! "ratio to the best"), with the runner's noise flag.

use super::series::cases_of;
use super::ValidFile;
use wasm_core::kernels::CloneMode;

/// One cell: a machine at one thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    /// Median nanoseconds per clone.
    pub median_ns: f64,
    /// `median_ns` ÷ the fastest machine's at this thread count (1 for the fastest).
    pub times_best: f64,
    /// The case is noisy (its repeats disagree by more than 5 %) or too few repeats say.
    pub noisy: bool,
}

/// One machine's row.
#[derive(Clone, Debug, PartialEq)]
pub struct GridRow {
    pub machine: String,
    /// One per entry of [`Grid::threads`]; `None` where the machine has no case.
    pub cells: Vec<Option<GridCell>>,
}

/// The grid; `threads` is every thread count any chosen machine measured, ascending.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grid {
    pub threads: Vec<u32>,
    pub rows: Vec<GridRow>,
}

/// The grid of `variant_id` in `mode` over `files` (named by `names`, in the same order).
pub fn machine_grid(files: &[&ValidFile], names: &[String], variant_id: &str, mode: CloneMode) -> Grid {
    let per_machine: Vec<_> = files.iter().map(|m| cases_of(m, variant_id, mode)).collect();
    let mut threads: Vec<u32> = per_machine.iter().flatten().map(|c| c.threads).collect();
    wasm_core::order::sort(&mut threads);
    threads.dedup();
    let best: Vec<f64> = threads
        .iter()
        .map(|t| per_machine.iter().flatten().filter(|c| c.threads == *t).map(|c| c.median_ns_per_op).fold(f64::INFINITY, f64::min))
        .collect();
    let rows = per_machine
        .iter()
        .zip(names)
        .filter(|(cases, _)| !cases.is_empty())
        .map(|(cases, name)| GridRow {
            machine: name.clone(),
            cells: threads
                .iter()
                .zip(&best)
                .map(|(t, best)| {
                    cases.iter().find(|c| c.threads == *t).map(|c| GridCell {
                        median_ns: c.median_ns_per_op,
                        times_best: c.median_ns_per_op / best,
                        noisy: c.noise_flag() != Some(false),
                    })
                })
                .collect(),
        })
        .collect();
    Grid { threads, rows }
}

#[cfg(test)]
mod tests {
    use super::super::test_data::*;
    use super::*;

    #[test]
    fn each_cell_is_a_multiple_of_the_fastest_machine_at_its_thread_count() {
        // 10 clones per repeat: these are 2, 20 and 80 ns per clone, then 6 and 10.
        let fast = machine(
            "fast",
            "Ryzen",
            "jemalloc",
            vec![case("arc_str", "drop", 1, &[20.0]), case("arc_str", "drop", 2, &[200.0]), case("arc_str", "drop", 4, &[800.0])],
        );
        let slow = machine("slow", "Xeon", "jemalloc", vec![case("arc_str", "drop", 1, &[60.0]), case("arc_str", "drop", 2, &[100.0])]);
        let other = machine("other", "Xeon", "jemalloc", vec![case("string", "drop", 1, &[60.0])]);
        let names = ["fast".to_owned(), "slow".to_owned(), "other".to_owned()];
        let grid = machine_grid(&[&fast, &slow, &other], &names, "arc_str", CloneMode::Drop);
        assert_eq!(grid.threads, [1, 2, 4]);
        // A machine without the type has no row.
        assert_eq!(grid.rows.iter().map(|r| r.machine.as_str()).collect::<Vec<_>>(), ["fast", "slow"]);
        let ratios = |row: &GridRow| row.cells.iter().map(|c| c.as_ref().map(|c| c.times_best)).collect::<Vec<_>>();
        assert_eq!(ratios(&grid.rows[0]), [Some(1.0), Some(2.0), Some(1.0)]);
        assert_eq!(ratios(&grid.rows[1]), [Some(3.0), Some(1.0), None]);
        let medians: Vec<f64> = grid.rows[1].cells.iter().flatten().map(|c| c.median_ns).collect();
        assert_eq!(medians, [6.0, 10.0]);
    }

    #[test]
    fn no_machine_with_the_type_gives_an_empty_grid() {
        let m = machine("m", "Xeon", "jemalloc", vec![case("string", "drop", 1, &[6.0])]);
        assert_eq!(machine_grid(&[&m], &["m".to_owned()], "arc_str", CloneMode::Drop), Grid::default());
    }
}
