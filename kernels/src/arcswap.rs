//! The arc-swap kernel: read a shared, rarely replaced `Arc<Config>` many times, four ways.
//!
//! This is the experiment of arc-swap's author ("Performance cheats", Michal 'vorner' Vaner):
//! `RwLock<Arc<T>>` takes a lock and clones the `Arc`; `ArcSwap::load` hands out a cheap guard;
//! `ArcSwap::load_full` clones the `Arc` (an atomic increment and decrement); `arc_swap::Cache::load`
//! keeps a private `Arc` per reader and only compares one pointer per read, reloading when a writer
//! has swapped the value. A [`Reader`] is one reader's state (its cache lives as long as the reader).

use arc_swap::{ArcSwap, Cache};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hint::black_box;
use std::sync::{Arc, PoisonError, RwLock};

/// One way of reading the shared value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadVariant {
    /// `RwLock<Arc<Config>>`: read-lock, clone the `Arc`, unlock.
    #[serde(rename = "rwlock")]
    RwLock,
    /// `ArcSwap::load`: a guard without touching the reference count (fast path).
    Load,
    /// `ArcSwap::load_full`: an owned `Arc` (reference count incremented and decremented).
    LoadFull,
    /// `arc_swap::Cache::load`: one pointer comparison while the value is unchanged.
    Cache,
}

impl ReadVariant {
    /// Every variant, slowest expected first.
    pub const ALL: [ReadVariant; 4] = [ReadVariant::RwLock, ReadVariant::LoadFull, ReadVariant::Load, ReadVariant::Cache];

    /// Stable identifier used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            ReadVariant::RwLock => "rwlock",
            ReadVariant::Load => "load",
            ReadVariant::LoadFull => "load_full",
            ReadVariant::Cache => "cache",
        }
    }

    /// The read as written in Rust, used as the results' `variant`.
    pub fn display_name(self) -> &'static str {
        match self {
            ReadVariant::RwLock => "RwLock<Arc<T>>::read",
            ReadVariant::Load => "ArcSwap::load",
            ReadVariant::LoadFull => "ArcSwap::load_full",
            ReadVariant::Cache => "arc_swap::Cache::load",
        }
    }

    /// Looks a variant up by [`ReadVariant::id`] or [`ReadVariant::display_name`].
    pub fn parse(text: &str) -> Option<ReadVariant> {
        Self::ALL.into_iter().find(|v| v.id() == text || v.display_name() == text)
    }
}

impl fmt::Display for ReadVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// A configuration-like value: every field is derived from `generation`, so a torn or stale mix of
/// two values would be visible ([`Config::is_consistent`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Which published value this is; the writer counts up from 0.
    pub generation: u64,
    /// A heap part, like the strings of a real configuration.
    pub name: String,
    /// Numbers a reader uses.
    pub limits: [u64; 4],
}

impl Config {
    /// The value of generation `generation`.
    pub fn new(generation: u64) -> Self {
        let g = generation;
        Config { generation, name: format!("config-{g}"), limits: [g, g.wrapping_mul(3), g.wrapping_mul(5), g.wrapping_mul(7)] }
    }

    /// Whether every field agrees with `generation`.
    pub fn is_consistent(&self) -> bool {
        *self == Config::new(self.generation)
    }
}

/// The shared place readers read from: the same value behind an `RwLock` and in an `ArcSwap`.
#[derive(Debug)]
pub struct ConfigCell {
    lock: RwLock<Arc<Config>>,
    swap: ArcSwap<Config>,
}

impl ConfigCell {
    /// A cell holding generation 0.
    pub fn new() -> Self {
        let first = Arc::new(Config::new(0));
        ConfigCell { lock: RwLock::new(Arc::clone(&first)), swap: ArcSwap::new(first) }
    }

    /// The writer: publishes generation `generation` to both places (one `Arc`, shared).
    pub fn publish(&self, generation: u64) {
        let next = Arc::new(Config::new(generation));
        *self.lock.write().unwrap_or_else(PoisonError::into_inner) = Arc::clone(&next);
        self.swap.store(next);
    }
}

impl Default for ConfigCell {
    fn default() -> Self {
        ConfigCell::new()
    }
}

/// One reader of a [`ConfigCell`] through one [`ReadVariant`]. For `Cache` it owns the cache, so a
/// reader kept across batches (one per thread) keeps its cache warm, as the pattern intends.
pub struct Reader<'a> {
    cell: &'a ConfigCell,
    variant: ReadVariant,
    cache: Cache<&'a ArcSwap<Config>, Arc<Config>>,
}

impl fmt::Debug for Reader<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader").field("variant", &self.variant).finish_non_exhaustive()
    }
}

/// The work done with each value read: two fields, so the read cannot be skipped.
#[inline(always)]
fn use_config(config: &Config) -> u64 {
    let config = black_box(config);
    config.generation.wrapping_add(config.limits[3])
}

impl<'a> Reader<'a> {
    /// A reader of `cell` through `variant`.
    pub fn new(cell: &'a ConfigCell, variant: ReadVariant) -> Self {
        Reader { cell, variant, cache: Cache::new(&cell.swap) }
    }

    /// The variant this reader reads through.
    pub fn variant(&self) -> ReadVariant {
        self.variant
    }

    /// One read: gets the current value the variant's way and passes it to `f`.
    #[inline(always)]
    pub fn with<R>(&mut self, f: impl FnOnce(&Config) -> R) -> R {
        match self.variant {
            ReadVariant::RwLock => {
                let config = Arc::clone(&self.cell.lock.read().unwrap_or_else(PoisonError::into_inner));
                f(&config)
            }
            ReadVariant::Load => f(&self.cell.swap.load()),
            ReadVariant::LoadFull => f(&self.cell.swap.load_full()),
            ReadVariant::Cache => f(self.cache.load()),
        }
    }

    /// `n` reads; returns the generation of the last value seen (the benchmark entry point).
    #[inline(never)]
    pub fn read_batch(&mut self, n: u64) -> u64 {
        let mut checksum = 0u64;
        let mut last = 0;
        for _ in 0..n {
            let (generation, sum) = self.with(|c| (c.generation, use_config(c)));
            checksum = checksum.wrapping_add(sum);
            last = generation;
        }
        black_box(checksum);
        last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn every_reader_sees_a_consistent_value_and_then_the_new_one() {
        let cell = ConfigCell::new();
        let mut readers: Vec<Reader<'_>> = ReadVariant::ALL.into_iter().map(|v| Reader::new(&cell, v)).collect();
        for reader in &mut readers {
            assert!(reader.with(Config::is_consistent), "{}", reader.variant());
            assert_eq!(reader.read_batch(10), 0);
        }
        cell.publish(7);
        for reader in &mut readers {
            assert_eq!(reader.read_batch(1), 7, "{} after a publish", reader.variant());
            assert!(reader.with(|c| c.is_consistent() && c.generation == 7));
        }
    }

    #[test]
    fn ids_round_trip() {
        for variant in ReadVariant::ALL {
            assert_eq!(ReadVariant::parse(variant.id()), Some(variant));
            assert_eq!(ReadVariant::parse(variant.display_name()), Some(variant));
            assert_eq!(serde_json::to_string(&variant).unwrap(), format!("\"{}\"", variant.id()));
        }
        assert!(!Config { name: "forged".into(), ..Config::new(3) }.is_consistent());
    }
}
