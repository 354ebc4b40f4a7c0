//! Writing results files: validated first, then written to a temporary file in the target folder and
//! renamed into place, so a reader never sees half a file. Existing files survive unless `--force`.

use crate::Failure;
use std::io::Write;
use std::path::Path;
use wasm_core::results::ResultsFile;

pub fn write_results(path: &Path, file: &ResultsFile, force: bool) -> Result<(), Failure> {
    let text = file.to_pretty_json();
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Err(problems) = wasm_core::validate::validate_bytes(&name, text.as_bytes()) {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        return Err(Failure::runtime(format!("refusing to write an invalid file {}: {}", path.display(), list.join("; "))));
    }
    if path.exists() && !force {
        return Err(Failure::runtime(format!("{} exists; pass --force to overwrite it", path.display())));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| Failure::runtime(format!("cannot create {}: {e}", dir.display())))?;
    let io = |e: std::io::Error| Failure::runtime(format!("cannot write {}: {e}", path.display()));
    let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    temp.write_all(text.as_bytes()).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Temporary files are private (0600); a results file is meant to be shared.
        temp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    temp.as_file().sync_all().map_err(io)?;
    let persisted = if force { temp.persist(path).map(drop) } else { temp.persist_noclobber(path).map(drop) };
    persisted.map_err(|e| io(e.error))
}
