//! Writing results files: validated first, then written to a temporary file in the target folder and
//! renamed into place, so a reader never sees half a file. Existing files survive unless `--force`.
//! A write that fails (full disk, `ulimit -f`) loses nothing: the text goes to the system's temporary
//! folder, or failing that to standard output, and the error says where.

use crate::failure::Failure;
use std::io::Write;
use std::path::Path;
use wasm_core::results::ResultsFile;

/// Checks, before anything is measured, that `path` can take a results file: a `.json` name, a
/// folder that exists or can be made and that we can write to, and no existing file unless `force`
/// (and even then only a regular file: never a FIFO, a device or a symbolic link). Makes the folder.
pub fn check_destination(path: &Path, force: bool) -> Result<(), Failure> {
    let shown = path.display();
    if path.extension().is_none_or(|e| e != "json") {
        return Err(Failure::usage(format!("{shown}: a results file name must end in .json")));
    }
    // symlink_metadata: a dangling link "exists" too, and must not be followed.
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.file_type().is_symlink() {
            return Err(Failure::usage(format!("{shown} is a symbolic link; give the real path of the file to write")));
        }
        if !meta.is_file() {
            return Err(Failure::usage(format!("{shown} exists and is not a regular file; refusing to replace it")));
        }
        if !force {
            return Err(Failure::runtime(format!("{shown} exists; pass --force to overwrite it")));
        }
    }
    let dir = parent_dir(path);
    if let Ok(meta) = std::fs::metadata(dir) {
        if !meta.is_dir() {
            return Err(Failure::usage(format!("{shown}: {} is not a folder", dir.display())));
        }
    } else {
        std::fs::create_dir_all(dir).map_err(|e| Failure::runtime(format!("cannot create {}: {e}", dir.display())))?;
    }
    // Proves we may create files there (a read-only folder fails now, not after the run).
    tempfile::NamedTempFile::new_in(dir).map_err(|e| Failure::runtime(format!("cannot write in {}: {e}", dir.display())))?;
    Ok(())
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Writes `file` to `path` after validating it. A file that fails validation is not lost: its text
/// goes beside the target as `<name>.rejected`, and the error says where.
pub fn write_results(path: &Path, file: &ResultsFile, force: bool) -> Result<(), Failure> {
    let text = file.to_pretty_json();
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Err(problems) = wasm_core::validate::validate_bytes(&name, text.as_bytes()) {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let kept = path.with_file_name(format!("{name}.rejected"));
        let saved = match write_atomically(&kept, &text, true) {
            Ok(()) => format!("the measurements are kept in {}", kept.display()),
            Err(e) => format!("and they could not be kept either: {e}"),
        };
        return Err(Failure::runtime(format!("refusing to write an invalid file {}: {}; {saved}", path.display(), list.join("; "))));
    }
    // The destination was checked before the run, but minutes have passed: another run may have
    // written the same file, or the folder turned read-only. Whatever fails now, the run is kept.
    check_destination(path, force)
        .and_then(|()| write_atomically(path, &text, force))
        .map_err(|failure| keep_elsewhere(path, &text, failure))
}

/// After `failure` to write `path`: keeps `text` beside it under a name of its own, else in the
/// temporary folder, else prints it, and says so.
fn keep_elsewhere(path: &Path, text: &str, failure: Failure) -> Failure {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "results.json".into());
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    let beside = path.with_file_name(format!("{stem}-kept-{}.json", std::process::id()));
    let fallback = std::env::temp_dir().join(format!("native-runner-{}-{name}", std::process::id()));
    let kept = match write_atomically(&beside, text, false).or_else(|_| write_atomically(&fallback, text, false)) {
        Ok(()) if beside.exists() => format!("the run is kept in {}; check it, then rename it to the name you want", beside.display()),
        Ok(()) => format!("the run is kept in {}; move it to {} once there is room", fallback.display(), path.display()),
        Err(_) => match std::io::stdout().lock().write_all(text.as_bytes()) {
            Ok(()) => format!(
                "nor in {}: the results JSON is on standard output above; save it as {}",
                std::env::temp_dir().display(),
                path.display()
            ),
            Err(e) => format!("nor in {}, nor on standard output ({e}): the measurements are lost", std::env::temp_dir().display()),
        },
    };
    Failure::runtime(format!("{failure}; {kept}"))
}

fn write_atomically(path: &Path, text: &str, force: bool) -> Result<(), Failure> {
    let dir = parent_dir(path);
    let io = |e: std::io::Error| Failure::runtime(format!("cannot write {}: {e}", path.display()));
    // Named so that .gitignore covers it if the process dies before the rename.
    let mut temp = tempfile::Builder::new().prefix(".native-runner-").suffix(".partial").tempfile_in(dir).map_err(io)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> ResultsFile {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../content/results/xeon-2.1ghz-2vcpu-jemalloc-arena-2026-11-21.json");
        serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
    }

    /// Issue 12, row 2: measured data that fails validation is kept beside the target, not lost.
    #[test]
    fn an_invalid_file_is_kept_beside_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        let mut file = shipped();
        file.cases[0].median_ns *= 2.0;
        let error = write_results(&path, &file, false).unwrap_err().to_string();
        assert!(!path.exists());
        let kept = dir.path().join("run.json.rejected");
        assert!(error.contains("cases[0].median_ns") && error.contains(&kept.display().to_string()), "{error}");
        let back: ResultsFile = serde_json::from_slice(&std::fs::read(&kept).unwrap()).unwrap();
        assert_eq!(back, file);
    }

    /// Issue 40: another run wrote the same file while this one measured; nothing is lost.
    #[test]
    fn a_destination_taken_during_the_run_keeps_the_run_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        check_destination(&path, false).unwrap();
        std::fs::write(&path, "the other run's file").unwrap();
        let error = write_results(&path, &shipped(), false).unwrap_err().to_string();
        let kept = dir.path().join(format!("run-kept-{}.json", std::process::id()));
        assert!(error.contains("exists") && error.contains(&kept.display().to_string()), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the other run's file", "never clobbered");
        let back: ResultsFile = serde_json::from_slice(&std::fs::read(&kept).unwrap()).unwrap();
        assert_eq!(back, shipped());
    }

    /// Issue 19: a write that fails after the run keeps the text elsewhere and says where.
    #[test]
    fn a_failed_write_keeps_the_run_in_the_temporary_folder() {
        let failure = Failure::runtime("cannot write /full/run.json: No space left on device (os error 28)".into());
        let message = keep_elsewhere(Path::new("/full/run.json"), "{\"kept\": true}\n", failure).to_string();
        let kept = std::env::temp_dir().join(format!("native-runner-{}-run.json", std::process::id()));
        assert!(message.starts_with("cannot write /full/run.json") && message.contains(&kept.display().to_string()), "{message}");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "{\"kept\": true}\n");
        std::fs::remove_file(kept).unwrap();
    }

    #[test]
    fn a_valid_file_is_written_and_never_clobbered() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        write_results(&path, &shipped(), false).unwrap();
        assert!(write_results(&path, &shipped(), false).unwrap_err().to_string().contains("--force"));
        write_results(&path, &shipped(), true).unwrap();
    }
}
