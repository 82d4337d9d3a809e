//! `xiri template expand`, `xiri template check` and `xiri check -g
//! uri-template` (RFC 6570): the expansion, the variables as JSON (from
//! the argument or standard input), the raw form, and refusals with the
//! engine's offsets and expected sets.

use crate::common;

use common::{xiri, xiri_io};
use serde_json::{json, Value};

fn answer(out: &str) -> Value {
    serde_json::from_str(out.trim_end()).unwrap()
}

#[test]
fn expand_prints_the_expansion_as_json_or_raw() {
    let vars = r#"{"user":"fred","q":{"a":"1 2","b":""},"none":null,"n":42}"#;
    let (out, code) = xiri(&[
        "template",
        "expand",
        "/~{user}{?q*}{&none,n}",
        "--vars",
        vars,
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        answer(&out),
        json!({"template": "/~{user}{?q*}{&none,n}", "expansion": "/~fred?a=1%202&b=&n=42", "error": null})
    );
    let (out, code) = xiri(&[
        "template",
        "expand",
        "-r",
        "{+path:6}/here",
        "--vars",
        r#"{"path":"/foo/bar"}"#,
    ]);
    assert_eq!((out.as_str(), code), ("/foo/b/here\n", 0));
}

#[test]
fn vars_dash_reads_standard_input() {
    let (out, _, code) = xiri_io(
        &["template", "expand", "-r", "{/list*}", "--vars", "-"],
        br#"{"list":["a b","c"]}"#,
    );
    assert_eq!((out.as_str(), code), ("/a%20b/c\n", 0));
}

#[test]
fn iri_keeps_the_literals_characters() {
    let vars = r#"{"x":"é"}"#;
    let (out, _) = xiri(&[
        "template",
        "expand",
        "-r",
        "--iri",
        "/café/{x}",
        "--vars",
        vars,
    ]);
    assert_eq!(out, "/café/%C3%A9\n");
    let (out, _) = xiri(&["template", "expand", "-r", "/café/{x}", "--vars", vars]);
    assert_eq!(out, "/caf%C3%A9/%C3%A9\n");
}

#[test]
fn refusals_have_offsets_and_exit_1() {
    let (out, code) = xiri(&["template", "check", "{a b}"]);
    assert_eq!(code, 1);
    let a = answer(&out);
    assert_eq!(a["valid"], json!(false));
    assert_eq!(a["error"]["offset"], json!(2));
    assert!(a["error"]["expected"]
        .as_array()
        .unwrap()
        .contains(&json!("\"}\"")));

    let (out, code) = xiri(&["template", "check", "{x,y:3}"]);
    assert_eq!(code, 0);
    assert_eq!(answer(&out)["variables"], json!(["x", "y"]));

    // A prefix on an associative array (section 2.4.1), at the variable.
    let (out, code) = xiri(&[
        "template",
        "expand",
        "{keys:1}",
        "--vars",
        r#"{"keys":{"a":"b"}}"#,
    ]);
    assert_eq!(code, 1);
    assert_eq!(answer(&out)["error"]["offset"], json!(1));

    // An expansion that is no URI reference is printed, and refused.
    let (out, err, code) = xiri_io(
        &[
            "template",
            "expand",
            "-r",
            "a[{x}",
            "--vars",
            r#"{"x":"1"}"#,
        ],
        b"",
    );
    assert_eq!((out.as_str(), code), ("a[1\n", 1));
    assert!(err.contains("not a reference"), "{err}");

    let (_, code) = xiri(&["template", "expand", "{x}", "--vars", "[1]"]);
    assert_eq!(code, 2);
}

#[test]
fn check_dash_g_uri_template_answers_with_the_engine() {
    let (out, code) = xiri(&["check", "-g", "uri-template", "{?x,y*}", "{x"]);
    assert_eq!(code, 1);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["valid"], json!(true));
    assert_eq!(lines[0]["language"], json!("uri-template"));
    assert_eq!(lines[1]["valid"], json!(false));
    assert_eq!(lines[1]["error"]["offset"], json!(2));
    assert!(lines[1]["error"]["expected"]
        .as_array()
        .unwrap()
        .contains(&json!("\"}\"")));
    // Any production by name.
    let (out, code) = xiri(&[
        "check",
        "-g",
        "uri-template",
        "-R",
        "varname",
        "a.b",
        "a..b",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["error"]["offset"], json!(2));
}
