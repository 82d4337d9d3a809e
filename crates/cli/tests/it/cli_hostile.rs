//! Issue 41's command-line cases: one input, one answer (a line that
//! cannot be read is answered in its place, and the batch goes on); text
//! printed as a line never holds a control character; messages name the
//! component and the value; outputs are bounded where their format would
//! grow faster than the input (`crates/cli/tests/it/cli_growth.rs` measures that).

use crate::common;

use common::answers;
use serde_json::{json, Value};

#[test]
fn parse_answers_a_line_that_is_not_utf8_and_goes_on() {
    let stdin = b"http://a/\xff\nhttp://b/\n";
    let (out, err, code) = common::xiri_io(&["parse", "--json"], stdin);
    assert_eq!(code, 1, "{err}");
    let a = answers(&out);
    assert_eq!(a.len(), 2);
    assert_eq!(a[0]["error"]["offset"], 9);
    assert!(a[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("not UTF-8"));
    assert_eq!(a[1]["host"]["text"], "b");
    // The listing and --get answer it too, and go on.
    let (out, _, code) = common::xiri_io(&["parse"], stdin);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("not UTF-8: invalid byte at offset 9\n"),
        "{out}"
    );
    assert!(out.contains("input: \"http://b/\""), "{out}");
    let (out, err, code) = common::xiri_io(&["parse", "--get", "{host}"], stdin);
    assert_eq!((out.as_str(), code), ("b\n", 1));
    assert!(err.contains("input 1: not UTF-8"), "{err}");
    // A line of --json-input that is not a JSON string, likewise.
    let stdin = b"not json\n\"http://c/\"\n";
    let (out, _, code) = common::xiri_io(&["parse", "--json", "--json-input"], stdin);
    assert_eq!(code, 1);
    let a = answers(&out);
    assert!(a[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("not a JSON string"));
    assert_eq!(a[1]["host"]["text"], "c");
}

#[test]
fn convert_steps_answers_an_argument_that_is_not_utf8_and_goes_on() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"http://a/\xff");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(["convert", "--from", "iri", "--to", "uri", "--steps"])
        .arg(bad)
        .arg("http://b/\u{e9}")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("input 1: not UTF-8: invalid byte at offset 9\n"),
        "{text}"
    );
    assert!(text.contains("http://b/%C3%A9"), "{text}");
}

#[test]
fn get_refuses_a_decoded_control_character_or_octets_that_are_not_utf8() {
    let (out, err, code) = common::xiri_io(
        &[
            "parse",
            "--get",
            "[{query:q}]",
            "http://a/b?q=x%0Ay%00z",
            "http://a/?q=%FF",
            "http://a/?q=a+b%20c",
        ],
        b"",
    );
    assert_eq!(code, 1);
    // One line an input answered, none for the two refused.
    assert_eq!(out, "[a b c]\n");
    assert!(
        err.contains("input 1: {query:q}: the value holds U+000A at byte 1, a control character"),
        "{err}"
    );
    assert!(
        err.contains("input 2: {query:q}: %FF at byte 0 of the value is not UTF-8"),
        "{err}"
    );
}

#[test]
fn raw_answers_refuse_a_control_character_and_json_escapes_it() {
    let (out, err, code) = common::xiri_io(&["decode", "a%0Ab", "c%41"], b"");
    assert_eq!((out.as_str(), code), ("cA\n", 1));
    assert!(
        err.contains("input 1: the answer holds U+000A at byte 1"),
        "{err}"
    );
    let (out, _, _) = common::xiri_io(&["decode", "--json", "a%0Ab"], b"");
    assert_eq!(answers(&out)[0]["output"], "a\nb");
    let args = ["normalize", "-g", "leiri", "--json-input", "-r"];
    let (out, err, code) = common::xiri_io(&args, b"\"http://a/b\\u0000c\"\n");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("U+0000 at byte 10"), "{err}");
}

#[test]
fn edit_says_why_a_port_is_refused_and_keeps_one_as_written() {
    let edit = |port: &str| {
        let set = format!("port={port}");
        let (out, err, code) =
            common::xiri_io(&["edit", "-r", "--set", &set, "http://u@a:1/"], b"");
        (out, err.trim_end().to_string(), code)
    };
    for (port, why) in [
        ("99999", "above 65535"),
        ("123456789012", "above 65535"),
        ("abc", "not a number (a port is digits only)"),
        ("+80", "not a number (a port is digits only)"),
        (" 80", "not a number (a port is digits only)"),
    ] {
        // A port that is not one is the command line's error, said once
        // (exit status 2), not a refusal of each input.
        let expected = format!("xiri: --set port={port}: {why}");
        assert_eq!(edit(port), (String::new(), expected, 2), "{port}");
    }
    assert_eq!(edit("0080").0, "http://u@a:0080/\n");
    assert_eq!(edit("65535").0, "http://u@a:65535/\n");
    assert_eq!(edit("").0, "http://u@a/\n");
    let (out, err, code) = common::xiri_io(&["edit", "-g", "xri", "--set", "port=1", "@a"], b"");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err.trim_end(),
        "xiri: --set port=1: -g xri has no component \"port\" (it has authority, path, query and fragment)"
    );
}

#[test]
fn json_input_names_a_lone_surrogate() {
    let stdin = b"\"http://a/\\ud800\"\n\"\\udc00x\"\n\"http://a/\\ud83d\\ude00\"\n\"\\\\ud800\"\n";
    let (out, _, code) = common::xiri_io(&["normalize", "--json-input"], stdin);
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a[0]["error"]["offset"], 10);
    assert_eq!(
        a[0]["error"]["message"],
        "not a JSON string: the escape \\ud800 at byte 10 is a lone surrogate (half of a UTF-16 pair), which stands for no character"
    );
    assert_eq!(a[1]["error"]["offset"], 1);
    // A pair is one character; an escaped backslash before "ud800" is text.
    assert_eq!(a[2]["output"], "http://a/\u{1F600}");
    assert_eq!(a[3]["input"], "\\ud800");
    // equiv's pairs too.
    let pair = br#"["http://a/\ud800", "http://a/"]"#;
    let (out, _, _) = common::xiri_io(&["equiv", "--json-input"], pair);
    assert_eq!(
        answers(&out)[0]["error"]["message"],
        "not a JSON array of two strings: the escape \\ud800 at byte 11 is a lone surrogate (half of a UTF-16 pair), which stands for no character"
    );
}

/// The components of `x` cross-references nested `depth` deep.
fn nested(depth: usize) -> String {
    format!("@a*{}=x{}", "(=a*".repeat(depth), ")".repeat(depth))
}

#[test]
fn parse_shows_cross_references_down_to_a_depth_and_names_the_rest() {
    let (out, _, code) = common::xiri_io(&["parse", "-g", "xri", "--json", &nested(6)], b"");
    assert_eq!(code, 0);
    let mut value = &answers(&out)[0];
    // Down the first cross-reference of each level.
    for depth in 1..=5 {
        let sub = &value["authority"]["subsegments"][1];
        let xref = &sub["xref"];
        assert_eq!(
            xref["text"],
            format!("{}=x{}", "(=a*".repeat(7 - depth), ")".repeat(7 - depth))
        );
        if depth == 5 {
            assert_eq!(xref["xri"], Value::Null);
            assert_eq!(
                xref["omitted"],
                "nested deeper than 4 cross-references: parse its text alone for its components"
            );
        } else {
            value = &xref["xri"];
            assert_eq!(value["authority"]["symbol"], "=");
        }
    }
    // The listing gives the same, its strings quoted with Rust's escapes.
    let (out, _, _) = common::xiri_io(&["parse", "-g", "xri", &nested(6)], b"");
    assert_eq!(out.matches("omitted: ").count(), 1, "{out}");
    let (out, _, _) = common::xiri_io(
        &["parse", "-g", "leiri", "--json-input", "\"a\\u0001\""],
        b"",
    );
    assert!(out.contains("path: \"a\\u{1}\""), "{out}");
}

#[test]
fn lint_makes_a_run_one_finding_and_lists_at_most_64() {
    let run = format!("http://a/{}", "\u{2215}".repeat(1000));
    let apart = format!("http://a/{}", "\u{2215}b<".repeat(100));
    let (out, _, code) = common::xiri_io(&["lint", &run, &apart], b"");
    assert_eq!(code, 0);
    let a = answers(&out);
    let security = a[0]["security"].as_array().unwrap();
    assert_eq!(security.len(), 1);
    assert_eq!(security[0]["count"], 1000);
    assert_eq!(security[0]["span"], json!([9, 3009]));
    assert_eq!(security[0]["looks_like"], "/");
    assert_eq!(a[0]["omitted"], Value::Null);
    assert_eq!(a[1]["findings"].as_array().unwrap().len(), 64);
    assert_eq!(a[1]["security"].as_array().unwrap().len(), 64);
    assert_eq!(a[1]["omitted"], json!({ "findings": 36, "security": 36 }));
    assert_eq!(a[1]["findings"][0]["count"], Value::Null);
}

#[test]
fn tree_cuts_a_long_text_and_deep_indentation() {
    let input = format!("http://a/{}", "b".repeat(100));
    let (out, _) = common::xiri(&["tree", "-g", "uri", &input]);
    let first = out.lines().next().unwrap();
    assert_eq!(first, format!("URI 0..109 {:?}…", &input[..40]));
    let (out, _) = common::xiri(&["tree", "-g", "xri", &nested(12)]);
    let deepest = out.lines().map(|l| l.len() - l.trim_start().len()).max();
    assert_eq!(deepest, Some(64));
    assert!(
        out.lines().any(|l| l.trim_start().starts_with("33> ")),
        "{out}"
    );
}

#[test]
fn template_expand_refuses_an_expansion_past_the_output_bound() {
    let template = "{x}".repeat(1000);
    let vars = format!("{{\"x\":\"{}\"}}", "a".repeat(1000));
    // The template is the input refused (exit status 1), in its place.
    let (out, _, code) = common::xiri_io(&["template", "expand", "--vars", &vars, &template], b"");
    assert_eq!(code, 1);
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["expansion"], serde_json::Value::Null);
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the expansion could be 3012000 bytes long"),
        "{message}"
    );
    // Within the bound, it expands.
    let (out, _, code) = common::xiri_io(
        &["template", "expand", "-r", "--vars", &vars, "{x}{x}"],
        b"",
    );
    assert_eq!((out.len(), code), (2001, 0));
}
