//! What the measuring subcommands read from their flags: thread counts, chosen variants, and the
//! median the suites report. Where the file goes and how it is written is `run_file.rs`; threads
//! that start each repeat together, and their samples, are `threads.rs`.

use crate::info;
use wasm_core::clone_run::default_thread_counts;

/// The `--threads` list, sorted and without repeats, or the default for this machine.
pub fn thread_counts(asked: &Option<Vec<u32>>) -> Vec<u32> {
    sorted_unique(asked.clone().unwrap_or_else(|| default_thread_counts(info::logical_cpus())))
}

/// `asked` (or `all` when nothing was asked), sorted and without repeats.
pub fn chosen<T: Copy + Ord>(asked: &Option<Vec<T>>, all: &[T]) -> Vec<T> {
    sorted_unique(asked.clone().unwrap_or_else(|| all.to_vec()))
}

fn sorted_unique<T: Ord>(mut values: Vec<T>) -> Vec<T> {
    values.sort();
    values.dedup();
    values
}

/// Median of `values`, `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    wasm_core::stats::summarize(values).map(|s| s.median)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_sorted_and_unique() {
        assert_eq!(thread_counts(&Some(vec![4, 1, 4])), vec![1, 4]);
        assert_eq!(chosen(&None, &[3, 1, 2]), vec![1, 2, 3]);
    }
}
