//! The workbench's commands on grammars as a specification author's
//! draft may be: left-recursive (legal ABNF, which only the generator
//! cannot take), or with an error in a rule other than the one asked for
//! (the grammar's errors are warnings then, and only a rule reaching one
//! is refused). The library's side is tests/it/workbench_left_recursion.rs.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The classic ambiguous sum: `1+2+3` is `(1+2)+3` and `1+(2+3)`.
const SUM: &str = "expr = expr \"+\" expr / term\nterm = 1*DIGIT / \"(\" expr \")\"\n";

/// A draft whose `bad` uses a rule defined nowhere and whose `twice` is
/// defined twice; `expr` reaches neither.
const DRAFT: &str = "expr = term *(\"+\" term)\n\
                     term = 1*DIGIT / \"(\" expr \")\"\n\
                     bad  = undefined-rule \"x\"\n\
                     twice = \"y\"\n\
                     twice = \"z\"\n\
                     uses-twice = twice\n";

/// A directory of its own holding `files`, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str, files: &[(&str, &str)]) -> Dir {
        let dir = std::env::temp_dir().join(format!("xiri-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (file, text) in files {
            std::fs::write(dir.join(file), text).unwrap();
        }
        Dir(dir)
    }

    /// Runs xiri there: standard output, standard error, exit code.
    fn xiri(&self, args: &[&str]) -> (String, String, i32) {
        run(&self.0, args)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("xiri runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn rules_lists_a_left_recursive_grammar_with_a_warning() {
    let dir = Dir::new("lr-rules", &[("amb.abnf", SUM)]);
    let (out, err, code) = dir.xiri(&["rules", "--abnf", "amb.abnf"]);
    assert_eq!((code, err.as_str()), (0, ""), "a warning, not an error");
    common::settings().bind(|| insta::assert_snapshot!("workbench__rules_left_recursive", out));
    let (out, _, _) = dir.xiri(&["rules", "--abnf", "amb.abnf", "--json"]);
    let v = json(&out);
    let kinds: Vec<&str> = v["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["left-recursive", "reaches-left-recursion"]);
    let finding = &v["findings"][0];
    assert_eq!(finding["kind"], "left-recursion");
    assert_eq!(finding["severity"], "warning");
    assert_eq!(
        (finding["line"].as_u64(), finding["column"].as_u64()),
        (Some(1), Some(8))
    );
}

#[test]
fn check_and_tree_take_left_recursion_with_the_earley_parser() {
    let dir = Dir::new("lr-check", &[("amb.abnf", SUM)]);
    let check = ["check", "--abnf", "amb.abnf", "--rule", "expr"];
    let (out, err, code) = dir.xiri(&[&check[..], &["--ambiguity", "1+2+3", "(1+2)+3"]].concat());
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["engine"], "earley");
    let tree = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    let right = tree(&[
        "expr [0..5] \"1+2+3\"",
        "  expr [0..1] \"1\"",
        "    term [0..1] \"1\"",
        "      DIGIT [0..1] \"1\"",
        "  expr [2..5] \"2+3\"",
        "    expr [2..3] \"2\"",
        "      term [2..3] \"2\"",
        "        DIGIT [2..3] \"2\"",
        "    expr [4..5] \"3\"",
        "      term [4..5] \"3\"",
        "        DIGIT [4..5] \"3\"",
    ]);
    let left = tree(&[
        "expr [0..5] \"1+2+3\"",
        "  expr [0..3] \"1+2\"",
        "    expr [0..1] \"1\"",
        "      term [0..1] \"1\"",
        "        DIGIT [0..1] \"1\"",
        "    expr [2..3] \"2\"",
        "      term [2..3] \"2\"",
        "        DIGIT [2..3] \"2\"",
        "  expr [4..5] \"3\"",
        "    term [4..5] \"3\"",
        "      DIGIT [4..5] \"3\"",
    ]);
    assert_eq!(lines[0]["ambiguous"], serde_json::json!([right, left]));
    assert_eq!(lines[1]["ambiguous"], false, "the brackets say which");

    let (out, _, code) = dir.xiri(&[&check[..], &["--trace", "1+(2"]].concat());
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(
        (v["valid"].as_bool(), v["error"]["offset"].as_u64()),
        (Some(false), Some(4))
    );
    let under_way: Vec<&str> = v["trace"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["production"].as_str().unwrap())
        .collect();
    assert!(under_way.contains(&"\"(\" expr • \")\""), "{under_way:?}");

    let (out, _, code) = dir.xiri(&[
        "tree", "--abnf", "amb.abnf", "-R", "expr", "--all", "1+2+3+4",
    ]);
    assert_eq!(code, 0);
    // Five bracketings of four terms (the Catalan number C3).
    assert_eq!(out.matches("; derivation ").count(), 5, "{out}");
    assert!(out.contains("; derivation 5 of 5\n"), "{out}");
    let (out, _, code) = dir.xiri(&["tree", "--abnf", "amb.abnf", "-R", "term", "(1+2)"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("term [0..5] \"(1+2)\"\n"), "{out}");
}

#[test]
fn generate_and_compare_refuse_left_recursion_saying_what_works() {
    let dir = Dir::new("lr-generate", &[("amb.abnf", SUM)]);
    for args in [
        &["generate", "--abnf", "amb.abnf", "-R", "expr"][..],
        &[
            "generate",
            "--abnf",
            "amb.abnf",
            "-R",
            "expr",
            "--near-miss",
        ],
        &["generate", "--abnf", "amb.abnf", "-R", "expr", "--cover"],
        &[
            "compare",
            "--abnf",
            "amb.abnf",
            "--against",
            "amb.abnf",
            "-R",
            "expr",
        ],
    ] {
        let (out, err, code) = dir.xiri(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(
            err.contains("`expr` is left-recursive (expr -> expr, at amb.abnf:1:8): ")
                && err.contains("`check` and `tree` can"),
            "{args:?}: {err}"
        );
    }
    let (_, err, code) = dir.xiri(&["generate", "--abnf", "amb.abnf", "-R", "term"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("xiri: `term` reaches the left-recursive rule `expr` (expr -> expr"),
        "{err}"
    );
}

#[test]
fn the_diagram_draws_left_recursive_rules() {
    let dir = Dir::new("lr-diagram", &[("amb.abnf", SUM)]);
    let (page, err, code) = dir.xiri(&["grammar", "--abnf", "amb.abnf", "--diagram"]);
    assert_eq!((code, err.as_str()), (0, ""));
    common::diagram::check_page(&page);
    for section in ["expr", "term", "DIGIT"] {
        assert!(
            page.contains(&format!("<section id=\"{section}\">")),
            "{section}"
        );
    }
    let expr = &page[page.find("<section id=\"expr\">").unwrap()..];
    let expr = &expr[..expr.find("</section>").unwrap()];
    assert_eq!(expr.matches(r##"<a href="#expr">"##).count(), 2, "{expr}");
    assert_eq!(expr.matches(r##"<a href="#term">"##).count(), 1, "{expr}");
}

#[test]
fn a_draft_with_an_error_elsewhere_still_checks_the_rule_asked_for() {
    let dir = Dir::new("draft", &[("draft.abnf", DRAFT)]);
    let warning =
        "xiri: warning: the grammar has 2 errors; going on, as expr reaches none of them:\n";
    let (out, err, code) = dir.xiri(&["check", "--abnf", "draft.abnf", "-R", "expr", "1+2", "1+"]);
    assert_eq!(code, 1, "the second input is refused");
    assert!(
        out.starts_with("{\"input\":\"1+2\",\"valid\":true"),
        "{out}"
    );
    assert!(err.starts_with(warning), "{err}");
    assert!(
        err.contains(
            "draft.abnf:3:8: error: `undefined-rule` is used here and defined nowhere (used in `bad`)\n  \
             bad  = undefined-rule \"x\"\n         ^^^^^^^^^^^^^^\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("draft.abnf:5:1: error: `twice` is defined twice"),
        "{err}"
    );
    for args in [
        &["tree", "--abnf", "draft.abnf", "-R", "expr", "1+(2)"][..],
        &["generate", "--abnf", "draft.abnf", "-R", "expr", "-n", "3"],
        &[
            "compare",
            "--abnf",
            "draft.abnf",
            "--against",
            "draft.abnf",
            "-R",
            "expr",
            "-n",
            "20",
        ],
    ] {
        let (out, err, code) = dir.xiri(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
        assert!(
            err.contains("has 2 errors; going on, as expr reaches none of them:\n"),
            "{err}"
        );
    }
    let (out, err, code) = dir.xiri(&["grammar", "--abnf", "draft.abnf", "bad"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "; draft.abnf:3\nbad  = undefined-rule \"x\"\n")
    );
    assert!(
        err.starts_with("xiri: warning: the grammar has 2 errors; its rules are shown as written")
    );
    // `rules` lists it all, errors included (exit status 1).
    let (_, _, code) = dir.xiri(&["rules", "--abnf", "draft.abnf"]);
    assert_eq!(code, 1);
}

#[test]
fn a_rule_reaching_the_broken_part_is_refused_with_its_error() {
    let dir = Dir::new("draft-refused", &[("draft.abnf", DRAFT)]);
    let (out, err, code) = dir.xiri(&["check", "--abnf", "draft.abnf", "-R", "bad", "x"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "xiri: bad reaches the undefined rule undefined-rule, which no engine can decide: define it, \
         or ask for a rule that does not reach it\n\
         draft.abnf:3:8: error: `undefined-rule` is used here and defined nowhere (used in `bad`)\n  \
         bad  = undefined-rule \"x\"\n         ^^^^^^^^^^^^^^\n"
    );
    let (_, err, code) = dir.xiri(&["tree", "--abnf", "draft.abnf", "-R", "uses-twice", "y"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("xiri: uses-twice reaches twice, which is defined twice with `=`")
            && err.contains("draft.abnf:5:1: error: `twice` is defined twice")
            && !err.contains("undefined-rule"),
        "only the error it reaches: {err}"
    );
    for args in [
        &["generate", "--abnf", "draft.abnf", "-R", "bad"][..],
        &[
            "compare",
            "--abnf",
            "draft.abnf",
            "--against",
            "draft.abnf",
            "-R",
            "twice",
        ],
    ] {
        let (_, err, code) = dir.xiri(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("draft.abnf:"), "{args:?}: {err}");
    }
    // A syntax error refuses only the rules that reach the broken rule;
    // the others are decided, the error warned about.
    let dir = Dir::new("draft-syntax", &[("s.abnf", "a = \"x\"\nb = (\nc = b\n")]);
    let (out, err, code) = dir.xiri(&["check", "--abnf", "s.abnf", "-R", "a", "x"]);
    assert_eq!((code, out.contains("\"valid\":true")), (0, true), "{out}");
    assert!(
        err.starts_with("xiri: warning: the grammar has 1 error; going on, as a reaches none of them:\ns.abnf:2:"),
        "{err}"
    );
    let (_, err, code) = dir.xiri(&["check", "--abnf", "s.abnf", "-R", "c", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("xiri: c reaches b, which has an error in its definition, which no engine can decide: mend it, or ask for a rule that does not reach it\ns.abnf:2:"),
        "{err}"
    );
    // When no rule reads, the grammar does not load.
    let dir = Dir::new("draft-no-rule", &[("s.abnf", "b = (\n")]);
    let (_, err, code) = dir.xiri(&["check", "--abnf", "s.abnf", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("xiri: the grammar does not load:\ns.abnf:1:"),
        "{err}"
    );
}

#[test]
fn a_covering_set_counts_its_strings_in_words() {
    let dir = Dir::new("cover-one", &[("one.abnf", "one = \"x\"\n")]);
    let (out, err, code) = dir.xiri(&["generate", "--abnf", "one.abnf", "--cover"]);
    assert_eq!((code, out.as_str()), (0, "x\n"));
    assert_eq!(
        err,
        "xiri: covered 0 of 0 alternatives of the rules one reaches, with 1 string\n"
    );
    let dir = Dir::new("cover-two", &[("two.abnf", "two = \"x\" / \"y\"\n")]);
    let (_, err, _) = dir.xiri(&["generate", "--abnf", "two.abnf", "--cover"]);
    assert_eq!(
        err,
        "xiri: covered 2 of 2 alternatives of the rules two reaches, with 2 strings\n"
    );
}
