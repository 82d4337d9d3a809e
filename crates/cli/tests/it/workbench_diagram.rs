//! `xiri grammar --diagram` (issue 14): every page's structure (each SVG
//! well-formed, one section with an id a rule, every link landing), and
//! one page rendered in headless Chromium when there is one (.ci/run
//! installs Debian's package; without it the test says it skipped).

use crate::common;

use std::path::PathBuf;
use std::process::Command;

/// Runs xiri from the crate's root; standard output and the exit code.
fn xiri(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .output()
        .expect("xiri runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn diagrams_of_every_rule_link_to_each_other() {
    for args in [
        &[
            "grammar",
            "--abnf",
            "grammar/xri.abnf",
            "--abnf",
            "grammar/xri-balanced.abnf",
            "--diagram",
        ][..],
        &["grammar", "leiri", "--diagram"],
        &[
            "grammar",
            "--abnf",
            "tests/data/workbench/rfc9110-http.abnf",
            "--diagram",
        ],
    ] {
        let (page, code) = xiri(args);
        assert_eq!(code, 0);
        common::diagram::check_page(&page);
    }
}

#[test]
fn grammar_takes_the_built_in_grammar_as_the_other_commands_do() {
    let positional = xiri(&["grammar", "iri", "ihier-part", "--diagram"]);
    let flag = xiri(&["grammar", "-g", "iri", "ihier-part", "--diagram"]);
    assert_eq!(positional.1, 0);
    assert_eq!(positional, flag);
    let text = xiri(&["grammar", "--grammar", "uri", "port"]);
    assert_eq!(text, xiri(&["grammar", "uri", "port"]));
    assert!(text.0.contains("port"), "{}", text.0);
}

#[test]
fn the_diagram_page_renders_in_headless_chromium() {
    let Some(chromium) = ["chromium", "chromium-browser"].into_iter().find(|c| {
        Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    }) else {
        println!("SKIPPED: no chromium on PATH (.ci/run installs Debian's package)");
        return;
    };
    let dir: PathBuf = std::env::temp_dir().join(format!("xiri-chromium-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (page, _) = xiri(&[
        "grammar",
        "--abnf",
        "grammar/rfc3987.abnf",
        "ihost",
        "--diagram",
    ]);
    let html = dir.join("page.html");
    std::fs::write(&html, page).unwrap();
    let png = dir.join("page.png");
    let status = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1200,2000")
        .arg(format!("file://{}", html.display()))
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let image = std::fs::read(&png).unwrap();
    assert!(image.starts_with(b"\x89PNG\r\n\x1a\n") && image.len() > 10_000);
    std::fs::remove_dir_all(&dir).unwrap();
}
