//! The workbench's commands (issue 14): reviewed snapshots of `rules`, `generate`, `compare`
//! (the three real comparisons among them) and what the Earley parser
//! answers (`check --ambiguity`, `check --trace`, `tree`, `tree --all`).
//! The diagrams are crates/cli/tests/it/workbench_diagram.rs's; docs/WORKBENCH.md's
//! worked example is run by crates/cli/tests/it/readme.rs.

use crate::common;

use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Runs xiri from the crate's root; standard output and the exit code.
fn xiri(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(ROOT)
        .args(args)
        .output()
        .expect("xiri runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

fn snapshot(name: &str, value: String) {
    common::settings().bind(|| insta::assert_snapshot!(name, value));
}

#[test]
fn rules_of_xri_with_its_policy() {
    let (out, code) = xiri(&[
        "rules",
        "--abnf",
        "grammar/xri.abnf",
        "--abnf",
        "grammar/xri-balanced.abnf",
        "--rule",
        "XRI-reference",
    ]);
    assert_eq!(code, 0);
    snapshot("workbench__rules_xri_balanced", out);
}

#[test]
fn rules_finds_what_bap_finds() {
    let dir = std::env::temp_dir().join(format!("xiri-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.abnf");
    std::fs::write(
        &file,
        "; a grammar with one of each mistake\n\
         list  = item *( \",\" item ) trail\n\
         item  = 1*DIGIT / \"(\" list \")\" / name\n\
         item  = \"x\"\n\
         extra =/ \"y\"\n\
         spare = %x41-5A\n\
         prose = <anything at all>\n",
    )
    .unwrap();
    let path = file.display().to_string();
    let (out, code) = xiri(&["rules", "--abnf", &path]);
    assert_eq!(code, 1, "errors: exit status 1");
    snapshot("workbench__rules_broken", out.replace(&path, "broken.abnf"));
    // Without --rule, `list` (the first rule), `spare` and `prose` (used by
    // no rule) are the roots; from `list` alone, the other two are unused.
    let (json, _) = xiri(&["rules", "--abnf", &path, "--rule", "list", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let kinds: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "duplicate",
            "incremental-without-base",
            "undefined",
            "undefined",
            "unused",
            "unused"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_syntax_error_names_file_line_column_with_a_caret() {
    let dir = std::env::temp_dir().join(format!("xiri-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.abnf");
    std::fs::write(&file, "a = \"x\"\nb = ( \"y\" / \n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(["check", "--abnf", &file.display().to_string(), "x"])
        .output()
        .unwrap();
    // `a` reaches no broken rule: decided, the error warned about.
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let shown = stderr.replace(&file.display().to_string(), "bad.abnf");
    assert!(
        shown.contains(
            "bad.abnf:2:13: error: expected an element\n  b = ( \"y\" / \n              ^"
        ),
        "{shown}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_members_near_misses_and_a_covering_set() {
    let rfc3339 = "tests/data/workbench/rfc3339-datetime.abnf";
    let mut text = String::new();
    for args in [
        &[
            "generate",
            "--abnf",
            rfc3339,
            "-R",
            "date-time",
            "-n",
            "4",
            "--seed",
            "7",
        ][..],
        &[
            "generate",
            "--abnf",
            rfc3339,
            "-R",
            "date-time",
            "-n",
            "4",
            "--near-miss",
            "--json",
        ],
        &[
            "generate",
            "--abnf",
            rfc3339,
            "-R",
            "date-time",
            "--cover",
            "--json",
        ],
    ] {
        let (out, code) = xiri(args);
        assert_eq!(code, 0);
        text.push_str(&format!("$ xiri {}\n{out}\n", args.join(" ")));
    }
    snapshot("workbench__generate_rfc3339", text);
}

#[test]
fn compare_rfc3987_ireg_name_with_3987bis() {
    let (out, code) = xiri(&[
        "compare",
        "--abnf",
        "grammar/rfc3987.abnf",
        "--against",
        "grammar/rfc3987.abnf",
        "grammar/iri-3987bis.abnf",
        "--rule",
        "ireg-name",
        "--show",
        "5",
    ]);
    assert_eq!(code, 1);
    snapshot("workbench__compare_ireg_name", out);
}

#[test]
fn compare_appendix_a_xref_with_the_balanced_policy() {
    let (out, code) = xiri(&[
        "compare",
        "--abnf",
        "grammar/xri.abnf",
        "--against",
        "grammar/xri.abnf",
        "grammar/xri-balanced.abnf",
        "--rule",
        "xref",
        "--show",
        "5",
    ]);
    assert_eq!(code, 1);
    snapshot("workbench__compare_xref", out);
}

#[test]
fn compare_rfc3986_with_rfc3987() {
    let (out, code) = xiri(&[
        "compare",
        "--abnf",
        "grammar/rfc3986.abnf",
        "--against",
        "grammar/rfc3987.abnf",
        "--rule",
        "URI-reference",
        "--rule-new",
        "IRI-reference",
        "--show",
        "5",
    ]);
    assert_eq!(code, 1);
    snapshot("workbench__compare_uri_iri", out);
}

#[test]
fn compare_says_identical_when_nothing_differs() {
    let (out, code) = xiri(&[
        "compare",
        "-g",
        "iri",
        "--against",
        "grammar/rfc3987.abnf",
        "-R",
        "IRI-reference",
        "-n",
        "50",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("identical within "), "{out}");
}

#[test]
fn tree_check_ambiguity_and_trace_by_the_earley_parser() {
    // "@a" is both an XRI authority and an IRI authority with empty user
    // information, in Appendix A as in the balanced policy; "(a:b)c)" has
    // one reading, ")" inside being data.
    let mut text = String::new();
    for args in [
        &[
            "check",
            "-g",
            "xri-appendix-a",
            "-R",
            "xref",
            "--ambiguity",
            "(a:b)c)",
            "(@a)",
        ][..],
        &[
            "check",
            "--abnf",
            "tests/data/workbench/rfc3339-datetime.abnf",
            "-R",
            "date-time",
            "--trace",
            "2026-11-23T10:6",
        ],
        &[
            "tree",
            "--abnf",
            "tests/data/workbench/rfc8259-json.abnf",
            "-R",
            "JSON-text",
            "[1,{\"a\":null}]",
        ],
        &[
            "tree",
            "-g",
            "xri-appendix-a",
            "-R",
            "xref",
            "--all",
            "(a:b)c)",
        ],
        &[
            "tree",
            "--abnf",
            "tests/data/workbench/rfc3339-datetime.abnf",
            "-R",
            "full-date",
            "2026-1x-01",
        ],
    ] {
        let (out, code) = xiri(args);
        text.push_str(&format!(
            "$ xiri {}  # exit {code}\n{out}\n",
            args.join(" ")
        ));
    }
    snapshot("workbench__earley", text);
}
