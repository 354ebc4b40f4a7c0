//! What the explorer shows, as it is written in the query string (`?machines=a,b&view=ratio&mode=drop&scale=log`,
//! plus `&suite=arena&condition=t2-n100000` for the other suites), so a chart can be shared by its URL. Unknown or missing values fall back to the defaults.

use super::choice::Choice;
use super::suites::Suite;
use crate::charts::Scale;
use wasm_core::kernels::{CloneMode, CloneType, CloneWork};

/// Which question the main chart answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Nanoseconds per clone against threads.
    #[default]
    Time,
    /// Clones per second against threads.
    Rate,
    /// Arc<str> time divided by String time, per thread count.
    Ratio,
    /// Allocator mapped/resident memory and the mapped-memory timeline.
    Memory,
    /// Time per clone of the pinned cases (`clone --pin`), one line per type and placement.
    Placement,
}

/// Which clone modes to show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModeFilter {
    #[default]
    Drop,
    Forget,
    Both,
    /// The read cases: no clone, the text read through the handle.
    Read,
}

/// Which clone types the contention charts draw: every one, the article's, or those whose clone
/// does one kind of work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TypeFilter {
    #[default]
    All,
    Article,
    Work(CloneWork),
}

impl TypeFilter {
    /// Whether the charts draw clone variant `variant_id` under this filter.
    pub fn keeps(self, variant_id: &str) -> bool {
        let Some(ty) = CloneType::parse(variant_id) else { return self == TypeFilter::All };
        match self {
            TypeFilter::All => true,
            TypeFilter::Article => matches!(ty, CloneType::ArcStr | CloneType::String | CloneType::BoxStr | CloneType::RcStr),
            TypeFilter::Work(work) => ty.work() == work,
        }
    }
}

impl Choice for TypeFilter {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (TypeFilter::All, "all", "every type"),
        (TypeFilter::Article, "article", "the article's: Arc<str>, String, Box<str>"),
        (TypeFilter::Work(CloneWork::Counter), "counter", "a clone bumps a shared counter"),
        (TypeFilter::Work(CloneWork::Allocation), "allocation", "a clone allocates and copies"),
        (TypeFilter::Work(CloneWork::Copy), "copy", "a clone copies the handle"),
    ];
}

impl Choice for View {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (View::Time, "time", "Time per clone"),
        (View::Rate, "rate", "Clones per second"),
        (View::Ratio, "ratio", "Arc<str> ÷ String"),
        (View::Memory, "memory", "Memory"),
        (View::Placement, "placement", "By placement (pinned runs)"),
    ];
}

impl Choice for ModeFilter {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (ModeFilter::Drop, CloneMode::Drop.id(), "drop each clone"),
        (ModeFilter::Forget, CloneMode::Forget.id(), "forget (leak) each clone"),
        (ModeFilter::Both, "both", "both"),
        (ModeFilter::Read, CloneMode::Read.id(), "read the text (no clone)"),
    ];
}

impl Choice for Scale {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[(Scale::Linear, "linear", "linear"), (Scale::Log, "log", "logarithmic")];
}

impl ModeFilter {
    /// The modes of the cases this filter keeps.
    pub fn modes(self) -> &'static [CloneMode] {
        match self {
            ModeFilter::Drop => &[CloneMode::Drop],
            ModeFilter::Forget => &[CloneMode::Forget],
            ModeFilter::Both => &[CloneMode::Drop, CloneMode::Forget],
            ModeFilter::Read => &[CloneMode::Read],
        }
    }
}

/// Everything the URL remembers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerState {
    /// File ids (results file names without `.json`), in the order the picker lists them.
    pub machines: Vec<String>,
    pub view: View,
    pub mode: ModeFilter,
    pub scale: Scale,
    /// The clone types the time, rate and placement charts draw (`all`, the default, is left out
    /// of the URL).
    pub types: TypeFilter,
    /// `clone` (the default, left out of the URL) or another suite.
    pub suite: Suite,
    /// The other suites' chosen condition key, if any (an unknown one falls back to the default).
    pub condition: Option<String>,
    /// The machines chosen under each other suite, kept for when the reader switches back
    /// (`sso.machines=` in the URL), as named: checked against the files only when restored.
    pub kept: Vec<(Suite, Vec<String>)>,
}

impl ExplorerState {
    /// Reads the state from query parameters (`get`), keeping only machines in `available`. With no
    /// (known) machine named, the reference dataset is chosen, else the first machine.
    pub fn from_query(get: impl Fn(&str) -> Option<String>, available: &[(String, bool)]) -> ExplorerState {
        let named: Vec<String> = get("machines").map(|v| v.split(',').map(str::to_owned).collect()).unwrap_or_default();
        let mut machines: Vec<String> = available.iter().filter(|(id, _)| named.contains(id)).map(|(id, _)| id.clone()).collect();
        if machines.is_empty() {
            let default = available.iter().find(|(_, reference)| *reference).or(available.first());
            machines.extend(default.map(|(id, _)| id.clone()));
        }
        ExplorerState {
            machines,
            view: get("view").and_then(|v| View::parse(&v)).unwrap_or_default(),
            mode: get("mode").and_then(|v| ModeFilter::parse(&v)).unwrap_or_default(),
            scale: get("scale").and_then(|v| Scale::parse(&v)).unwrap_or_default(),
            types: get("types").and_then(|v| TypeFilter::parse(&v)).unwrap_or_default(),
            suite: suite_in(&get),
            condition: get("condition").filter(|c| !c.is_empty()),
            kept: <Suite as crate::model::explorer::choice::Choice>::ALL
                .iter()
                .filter(|(suite, ..)| *suite != suite_in(&get))
                .filter_map(|(suite, key, _)| {
                    let named = get(&format!("{key}.machines")).filter(|v| !v.is_empty())?;
                    Some((*suite, named.split(',').map(str::to_owned).collect()))
                })
                .collect(),
        }
    }

    /// This state under suite `to`: the machines chosen now are kept under the current suite, and
    /// those kept under `to` (if any) come back; the condition starts from `to`'s default.
    pub fn switch_suite(&self, to: Suite) -> ExplorerState {
        if to == self.suite {
            return self.clone();
        }
        let mut kept: Vec<(Suite, Vec<String>)> = self.kept.iter().filter(|(s, _)| *s != to && *s != self.suite).cloned().collect();
        kept.push((self.suite, self.machines.clone()));
        wasm_core::order::sort_by_key(&mut kept, |(s, _)| s.key());
        let machines = self.kept.iter().find(|(s, _)| *s == to).map(|(_, m)| m.clone()).unwrap_or_default();
        ExplorerState { suite: to, machines, condition: None, kept, ..self.clone() }
    }

    /// The query string (without `?`) that restores this state.
    pub fn to_query(&self) -> String {
        let machines: Vec<String> = self.machines.iter().map(|m| encode(m)).collect();
        let mut q = format!("machines={}&view={}&mode={}&scale={}", machines.join(","), self.view.key(), self.mode.key(), self.scale.key());
        if self.types != TypeFilter::All {
            q.push_str(&format!("&types={}", self.types.key()));
        }
        if self.suite != Suite::Clone {
            q.push_str(&format!("&suite={}", self.suite.key()));
            if let Some(c) = &self.condition {
                q.push_str(&format!("&condition={}", encode(c)));
            }
        }
        for (suite, machines) in &self.kept {
            let machines: Vec<String> = machines.iter().map(|m| encode(m)).collect();
            q.push_str(&format!("&{}.machines={}", suite.key(), machines.join(",")));
        }
        q
    }

    /// This state with machine `id` added or removed, keeping the order of `available`.
    pub fn toggle_machine(&self, id: &str, on: bool, available: &[(String, bool)]) -> ExplorerState {
        let machines =
            available.iter().map(|(m, _)| m).filter(|m| if *m == id { on } else { self.machines.contains(m) }).cloned().collect();
        ExplorerState { machines, ..self.clone() }
    }
}

/// The suite named in the query (`clone` when missing or unknown): it decides which machines are available.
pub fn suite_in(get: &impl Fn(&str) -> Option<String>) -> Suite {
    get("suite").and_then(|v| Suite::parse(&v)).unwrap_or_default()
}

/// Percent-encodes everything but unreserved URL characters (so a `,` in a name stays inside it).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn each_suite_keeps_its_machines_across_a_switch_and_in_the_url() {
        let clone_files = [("a".to_owned(), true), ("b".to_owned(), false), ("c".to_owned(), false)];
        let sso_files = [("b".to_owned(), false), ("s".to_owned(), false)];
        let parse = |q: &str, available: &[(String, bool)]| {
            let pairs: HashMap<String, String> =
                q.split('&').filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_owned(), v.replace("%2C", ","))).collect();
            ExplorerState::from_query(|k| pairs.get(k).cloned(), available)
        };
        let start = parse("machines=a,b,c", &clone_files);
        assert_eq!(start.machines, ["a", "b", "c"]);
        let sso = start.switch_suite(Suite::Sso);
        // Through the URL, as the page does it: sso has no kept choice yet, so its default.
        let sso = parse(&sso.to_query(), &sso_files);
        assert_eq!((sso.suite, sso.machines.clone()), (Suite::Sso, vec!["b".to_owned()]));
        let sso = sso.toggle_machine("s", true, &sso_files);
        let back = parse(&sso.switch_suite(Suite::Clone).to_query(), &clone_files);
        assert_eq!((back.suite, back.machines.clone()), (Suite::Clone, vec!["a".to_owned(), "b".to_owned(), "c".to_owned()]));
        let again = parse(&back.switch_suite(Suite::Sso).to_query(), &sso_files);
        assert_eq!(again.machines, ["b", "s"]);
    }

    fn available() -> Vec<(String, bool)> {
        vec![("a-1".into(), false), ("ref".into(), true), ("c d".into(), false)]
    }

    fn parse(query: &[(&str, &str)]) -> ExplorerState {
        let map: HashMap<String, String> = query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        ExplorerState::from_query(|k| map.get(k).cloned(), &available())
    }

    #[test]
    fn defaults_pick_the_reference_dataset() {
        let s = parse(&[]);
        assert_eq!(
            s,
            ExplorerState {
                machines: vec!["ref".into()],
                view: View::Time,
                mode: ModeFilter::Drop,
                scale: Scale::Linear,
                types: TypeFilter::All,
                suite: Suite::Clone,
                condition: None,
                kept: Vec::new()
            }
        );
        assert_eq!(ExplorerState::from_query(|_| None, &[("x".into(), false)]).machines, vec!["x"]);
        assert!(ExplorerState::from_query(|_| None, &[]).machines.is_empty());
    }

    #[test]
    fn round_trips_through_the_query_string() {
        let s = ExplorerState {
            machines: vec!["a-1".into(), "c d".into()],
            view: View::Ratio,
            mode: ModeFilter::Both,
            scale: Scale::Log,
            types: TypeFilter::All,
            suite: Suite::Clone,
            condition: None,
            kept: Vec::new(),
        };
        let q = s.to_query();
        assert_eq!(q, "machines=a-1,c%20d&view=ratio&mode=both&scale=log");
        // `URLSearchParams` hands over decoded values.
        let decoded = q.replace("%20", " ");
        let pairs: Vec<(&str, &str)> = decoded.split('&').map(|kv| kv.split_once('=').unwrap()).collect();
        assert_eq!(parse(&pairs), s);

        let arena = ExplorerState { suite: Suite::Arena, condition: Some("t2-n1000".into()), ..s.clone() };
        let q = arena.to_query().replace("%20", " ");
        assert!(q.ends_with("&suite=arena&condition=t2-n1000"), "{q}");
        let pairs: Vec<(&str, &str)> = q.split('&').map(|kv| kv.split_once('=').unwrap()).collect();
        assert_eq!(parse(&pairs), arena);
        assert_eq!(parse(&[("suite", "pie")]).suite, Suite::Clone);

        // A type filter other than "all" is in the link, and comes back from it.
        let counted = ExplorerState { types: TypeFilter::Work(CloneWork::Counter), ..s.clone() };
        let q = counted.to_query().replace("%20", " ");
        assert!(q.ends_with("&types=counter"), "{q}");
        let pairs: Vec<(&str, &str)> = q.split('&').map(|kv| kv.split_once('=').unwrap()).collect();
        assert_eq!(parse(&pairs), counted);
        assert_eq!(parse(&[("types", "most")]).types, TypeFilter::All);
    }

    #[test]
    fn each_type_filter_keeps_the_types_that_clone_that_way() {
        let kept = |f: TypeFilter| CloneType::ALL.iter().map(|t| t.id()).filter(|id| f.keeps(id)).collect::<Vec<_>>();
        assert_eq!(kept(TypeFilter::All).len(), CloneType::ALL.len());
        assert_eq!(kept(TypeFilter::Article), ["arc_str", "string", "box_str", "rc_str"]);
        assert_eq!(kept(TypeFilter::Work(CloneWork::Allocation)), ["string", "box_str", "compact_string", "inline_str"]);
        assert!(
            kept(TypeFilter::Work(CloneWork::Counter)).contains(&"smol_str")
                && kept(TypeFilter::Work(CloneWork::Counter)).contains(&"bytes")
        );
        assert!(
            kept(TypeFilter::Work(CloneWork::Copy)).contains(&"hipstr_inline")
                && !kept(TypeFilter::Work(CloneWork::Copy)).contains(&"hipstr")
        );
        // Every type is in exactly one of the three kinds of work.
        for ty in CloneType::ALL {
            let kinds = [TypeFilter::Work(CloneWork::Counter), TypeFilter::Work(CloneWork::Allocation), TypeFilter::Work(CloneWork::Copy)]
                .iter()
                .filter(|f| f.keeps(ty.id()))
                .count();
            assert_eq!(kinds, 1, "{ty}");
        }
    }

    #[test]
    fn ignores_unknown_values() {
        let s = parse(&[("machines", "nope,a-1,<script>"), ("view", "pie"), ("mode", "forget"), ("scale", "cubic")]);
        assert_eq!(
            s,
            ExplorerState {
                machines: vec!["a-1".into()],
                view: View::Time,
                mode: ModeFilter::Forget,
                scale: Scale::Linear,
                types: TypeFilter::All,
                suite: Suite::Clone,
                condition: None,
                kept: Vec::new()
            }
        );
    }

    #[test]
    fn toggles_machines_in_picker_order() {
        let s = parse(&[("machines", "c d")]);
        let s = s.toggle_machine("a-1", true, &available());
        assert_eq!(s.machines, vec!["a-1", "c d"]);
        assert_eq!(s.toggle_machine("c d", false, &available()).machines, vec!["a-1"]);
        assert_eq!(ModeFilter::Both.modes(), [CloneMode::Drop, CloneMode::Forget]);
        assert_eq!(View::parse("memory"), Some(View::Memory));
        assert_eq!(Scale::Log.key(), "log");
    }
}
