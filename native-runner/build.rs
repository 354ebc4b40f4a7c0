//! Records how the runner was built, for the results file's `toolchain` and `runner` sections:
//! `rustc --version`, target triple, profile, opt level and the short git revision (if any).

use std::process::Command;

fn output_of(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = output_of(&rustc, &["--version"]).unwrap_or_default();
    let git_revision = output_of("git", &["rev-parse", "--short", "HEAD"]).unwrap_or_default();
    for (key, value) in [
        ("NR_RUSTC_VERSION", rustc_version),
        ("NR_GIT_REVISION", git_revision),
        ("NR_TARGET", std::env::var("TARGET").unwrap_or_default()),
        ("NR_PROFILE", std::env::var("PROFILE").unwrap_or_default()),
        ("NR_OPT_LEVEL", std::env::var("OPT_LEVEL").unwrap_or_default()),
    ] {
        println!("cargo:rustc-env={key}={value}");
    }
    // Re-run when HEAD moves (a commit or a checkout), so the recorded revision stays true.
    if let Some(git_dir) = output_of("git", &["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        if let Some(head_ref) = output_of("git", &["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={git_dir}/{head_ref}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
