//! `/ablation/<run>/`: one of chapter 4's ablation runs (`content/ablation/<run>/`, served as it is
//! under `/ablation/<run>/`) on a page: its README, and every raw file of every variant one link
//! away, so the table's source can be read on the site and not only in the repository.

use leptos::prelude::*;

/// One ablation run as the build found it.
#[derive(Debug)]
pub struct AblationRun {
    /// The folder's name (`epyc-2vcpu-2026-11-24`).
    pub name: String,
    /// Its README, rendered to HTML at build time.
    pub readme_html: String,
    /// Each variant's folder and its files, sorted.
    pub variants: Vec<(String, Vec<String>)>,
}

impl AblationRun {
    /// Every run under `dir` (`content/ablation/`), in name order; none when the folder is missing.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read_all(dir: &std::path::Path) -> Result<Vec<AblationRun>, String> {
        let Ok(entries) = std::fs::read_dir(dir) else { return Ok(Vec::new()) };
        let mut runs: Vec<AblationRun> =
            entries.filter_map(|e| e.ok()).filter(|e| e.path().is_dir()).map(|e| AblationRun::read(&e.path())).collect::<Result<_, _>>()?;
        runs.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(runs)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn read(dir: &std::path::Path) -> Result<AblationRun, String> {
        let names = |dir: &std::path::Path| -> Result<Vec<(String, bool)>, String> {
            let mut names: Vec<(String, bool)> = std::fs::read_dir(dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?
                .filter_map(|e| e.ok())
                .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path().is_dir())))
                .collect();
            names.sort();
            Ok(names)
        };
        let name = dir.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{}: not a UTF-8 name", dir.display()))?.to_owned();
        let readme = std::fs::read_to_string(dir.join("README.md")).map_err(|e| format!("{}/README.md: {e}", dir.display()))?;
        let mut readme_html = String::new();
        pulldown_cmark::html::push_html(&mut readme_html, pulldown_cmark::Parser::new(&readme));
        // The README's own title is the page's heading.
        let readme_html = match readme_html.split_once("</h1>") {
            Some((_, rest)) if readme_html.starts_with("<h1>") => rest.trim_start().to_owned(),
            _ => readme_html,
        };
        let variants = names(dir)?
            .into_iter()
            .filter(|(_, is_dir)| *is_dir)
            .map(|(variant, _)| Ok((variant.clone(), names(&dir.join(&variant))?.into_iter().map(|(f, _)| f).collect())))
            .collect::<Result<_, String>>()?;
        Ok(AblationRun { name, readme_html, variants })
    }

    /// The page's path.
    pub fn path(&self) -> String {
        format!("/ablation/{}/", self.name)
    }
}

#[component]
pub fn AblationPage(run: &'static AblationRun) -> impl IntoView {
    let base = run.path();
    let rows = run
        .variants
        .iter()
        .map(|(variant, files)| {
            let links = files
                .iter()
                .enumerate()
                .map(|(i, f)| view! { {(i > 0).then_some(", ")} <a href=format!("{base}{variant}/{f}")>{f.clone()}</a> })
                .collect_view();
            view! { <tr id=variant.clone()><th scope="row" class="name-col"><code>{variant.clone()}</code></th><td>{links}</td></tr> }
        })
        .collect_view();
    view! {
        <article class="prose ablation">
            <p class="breadcrumb"><a href="/chapters/clone-cost#harness-changes-the-answer">"Chapter 4: the harness table"</a> " / ablation"</p>
            <h1>{format!("Ablation run {}", run.name)}</h1>
            <div inner_html=run.readme_html.clone()></div>
            <p>"Chapter 4's table is the median of these rounds per variant. Each variant's raw files:"</p>
            <table class="data" data-testid="ablation-files">
                <thead><tr><th scope="col" class="name-col">"Variant"</th><th scope="col">"Files"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </article>
    }
}
