//! A layout diagram as static SVG in the page (`model::layout_diagram` says what is drawn): one
//! panel per target, each block a row of cells ten units per byte, arrows from pointers to what
//! they point at, and a legend. The roles' colours are the live widgets' (`.bytes .byte.ptr` and
//! friends in style.css), so a pointer looks the same in the picture and in the inspector.

use leptos::prelude::*;

use crate::model::layout_diagram::{describe, DiagramKind, Panel, Role};

/// SVG units per byte: a wasm32 word (4 bytes) holds a six-letter label ("strong", "vtable").
const PX: u32 = 12;
/// Left margin the arrows run down in.
const MARGIN: u32 = 26;
/// How far a pointee is indented under its handle.
const INDENT: u32 = 20;
const TITLE_H: u32 = 14;
const CELL_H: u32 = 26;
const GAP: u32 = 18;
const ROW_H: u32 = TITLE_H + CELL_H + GAP;
/// About how wide one character of the cells' 10-unit monospace text is.
const CHAR_W: u32 = 6;

/// What fits in a cell `width` units wide: the label, else its first word, else nothing (the
/// legend and the cell's tooltip still say it).
fn fitting(label: &str, width: u32) -> String {
    let fits = |t: &str| t.chars().count() as u32 * CHAR_W + 8 <= width;
    if fits(label) {
        label.to_owned()
    } else {
        label.split_whitespace().next().filter(|w| fits(w)).unwrap_or("").to_owned()
    }
}

fn block_x(pointee: bool) -> u32 {
    MARGIN + if pointee { INDENT } else { 0 }
}

/// A block's title line: its name and size.
fn title(b: &crate::model::layout_diagram::Block) -> String {
    format!("{} · {} B", b.title, b.bytes())
}

/// One panel's SVG.
#[component]
fn PanelSvg(panel: Panel) -> impl IntoView {
    // Each block's cells or its title (11-unit text, about 7 units a character), whichever is wider.
    let width =
        panel.blocks.iter().map(|b| block_x(b.pointee) + (b.bytes() * PX).max(title(b).chars().count() as u32 * 7) + 2).max().unwrap_or(0);
    let height = panel.blocks.len() as u32 * ROW_H;
    let label = describe(&panel);
    let mut arrows = Vec::new();
    for (i, b) in panel.blocks.iter().enumerate() {
        for (k, &(c, to)) in b.arrows.iter().enumerate() {
            let k = k as u32;
            let x = block_x(b.pointee);
            let start: u32 = b.cells[..c].iter().map(|c| c.bytes).sum::<u32>() * PX + b.cells[c].bytes * PX / 2 + x;
            let bottom = i as u32 * ROW_H + TITLE_H + CELL_H;
            let lane = 6 + 7 * k;
            let target_mid = to as u32 * ROW_H + TITLE_H + CELL_H / 2;
            let target_x = block_x(panel.blocks[to].pointee);
            let d = format!("M{start},{bottom} V{} H{lane} V{target_mid} H{}", bottom + 4 + 4 * k, target_x - 1);
            let head = format!("M{},{} l-6,-4 v8 z", target_x - 1, target_mid);
            arrows.push(view! {
                <path class="arrow" d=d fill="none"/>
                <path class="arrow-head" d=head/>
            });
        }
    }
    let blocks = panel
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let (x, y) = (block_x(b.pointee), i as u32 * ROW_H);
            let mut at = x;
            let cells = b
                .cells
                .iter()
                .map(|c| {
                    let (cx, w) = (at, c.bytes * PX);
                    at += w;
                    let shown = fitting(&c.label, w);
                    let tip = format!(
                        "{}: {} byte{}",
                        if c.label.is_empty() { c.role.meaning() } else { &c.label },
                        c.bytes,
                        if c.bytes == 1 { "" } else { "s" }
                    );
                    view! {
                        <g class=format!("cell role-{}", c.role.key()) data-role=c.role.key() data-bytes=c.bytes data-label=c.label.clone()>
                            <title>{tip}</title>
                            <rect x=cx + 1 y=y + TITLE_H + 1 width=w.saturating_sub(2) height=CELL_H - 2 rx="2"/>
                            <text x=cx + w / 2 y=y + TITLE_H + 17 text-anchor="middle">{shown}</text>
                        </g>
                    }
                })
                .collect_view();
            view! {
                <g class="block" data-block=b.title.clone() data-bytes=b.bytes()>
                    <text class="block-title" x=x y=y + 11>{title(b)}</text>
                    {cells}
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="diagram-svg" viewBox=format!("0 0 {width} {height}") width=width height=height role="img" aria-label=label>
            {arrows}
            {blocks}
        </svg>
    }
}

/// A chapter's diagram: its panels side by side (stacked on a phone), the legend and where the
/// sizes come from. `panels` empty (no results file with layouts) leaves a note instead.
#[component]
pub fn LayoutDiagram(kind: DiagramKind, panels: Vec<Panel>) -> impl IntoView {
    let roles: Vec<Role> =
        Role::ALL.into_iter().filter(|r| panels.iter().flat_map(|p| &p.blocks).flat_map(|b| &b.cells).any(|c| c.role == *r)).collect();
    let sources: Vec<String> = panels.iter().map(|p| format!("{} from results/{}", p.target, p.source)).collect();
    let host_only = kind == DiagramKind::SmallStrings;
    let note = match kind {
        DiagramKind::WidePointers => " The vtable's entries are as today's rustc lays them out, which the language does not promise (a u32 has no drop glue, so its drop slot is null); the widget below reads the first three in this page.",
        DiagramKind::SmallStrings => " The String was made with String::with_capacity(16). String's word order is read from a real String on the build's target and drawn the same on wasm32; CompactString and SmolStr are read from real values on the build's target only (the inspector below measures them on wasm32).",
        _ => "",
    };
    let empty = panels.is_empty();
    view! {
        <figure class="layout-diagram" data-testid="layout-diagram" data-diagram=kind.name()>
            {empty.then(|| view! { <p class="note">"No results file with layout facts was shipped with this build, so the picture is not drawn."</p> })}
            <div class="diagram-panels">
                {panels.into_iter().map(|p| {
                    let inline = host_only && p.blocks.iter().any(|b| b.title.contains("inline"));
                    let heading = format!("{}{}", p.target, if inline { " (the build's target)" } else { "" });
                    let target = p.target.clone();
                    view! {
                        <div class="diagram-panel" data-target=target>
                            <p class="diagram-target">{heading}</p>
                            <PanelSvg panel=p/>
                        </div>
                    }
                }).collect_view()}
            </div>
            <ul class="byte-legend diagram-legend" aria-label="Colours">
                {roles.into_iter().map(|r| view! { <li><span class=format!("swatch role-{}", r.key()) aria-hidden="true"></span>{r.meaning()}</li> }).collect_view()}
            </ul>
            <figcaption>
                {kind.caption()}
                {format!(" Sizes as recorded: {}.{note}", sources.join("; "))}
            </figcaption>
        </figure>
    }
}

/// A chapter's `<!-- diagram: NAME -->`, drawn at build time from the results files the build read
/// (`StaticResults` in context); the page ships it as HTML and SVG, no island.
#[component]
pub fn ChapterDiagram(name: &'static str) -> impl IntoView {
    let kind = DiagramKind::from_name(name).expect("site/build.rs admits only DiagramKind names");
    let targets = use_context::<crate::static_data::StaticResults>()
        .map(|data| crate::model::layout_diagram::targets(&data.machines))
        .unwrap_or_default();
    view! { <LayoutDiagram kind=kind panels=crate::model::layout_diagram::panels(kind, &targets)/> }
}
