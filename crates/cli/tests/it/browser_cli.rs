//! Issue 43 where users meet it: `lint`'s `browser` field gives every
//! input of the issue the finding of its category, `check --browser-safe`
//! refuses those whose readings name another host (with the finding as
//! the error) and accepts those that agree, and `find`'s JSON carries the
//! findings. No output shows a password.

use crate::common::{xiri, xiri_io};
use serde_json::Value;

/// The issue's inputs, each with its category (tests/it/whatwg.rs in the
/// library holds the same list against `xiri::whatwg` itself).
const CASES: &[(&str, &str)] = &[
    ("http://2130706433/", "numeric-host"),
    ("http://0x7f.1/", "numeric-host"),
    ("http://0177.0.0.1/", "numeric-host"),
    ("http://127.1/", "numeric-host"),
    ("http://0x7f000001/", "numeric-host"),
    ("http://0/", "numeric-host"),
    ("http://%31%32%37.0.0.1/", "percent-encoded-host"),
    ("http://127.0.0.1.:80/", "trailing-dot"),
    ("http://evil.com%2e/", "percent-encoded-host"),
    ("http://evil%2ecom/", "percent-encoded-host"),
    ("http://a.b%E3%80%82c/", "percent-encoded-host"),
    (
        "http://\u{FF45}\u{FF56}\u{FF49}\u{FF4C}.com/",
        "mapped-lookalike",
    ),
    (
        "http://\u{24D4}\u{24E5}\u{24D8}\u{24DB}.com/",
        "mapped-lookalike",
    ),
    ("http://evil\u{3002}com/", "mapped-lookalike"),
    ("http://\u{2460}\u{2461}\u{2466}.0.0.1/", "mapped-lookalike"),
    ("http:/evil.com/", "slash-count"),
    ("http:evil.com/", "slash-count"),
    ("http://[::ffff:127.0.0.1]/", "ipv6-form"),
    ("http:\\\\evil.com\\", "backslash"),
    ("http://evil.com\\@good.com/", "backslash"),
    ("http://a@b@c/", "multiple-at"),
    ("http://ev\til.com/", "stripped-whitespace"),
    ("http://a%00b/", "refused-by-one"),
    ("http://1.2.3.4.5/", "refused-by-one"),
    ("http://256.0.0.1/", "refused-by-one"),
];

fn json(line: &str) -> Value {
    serde_json::from_str(line).expect("a JSON line")
}

#[test]
fn lint_gives_every_input_of_the_issue_the_finding_of_its_category() {
    let mut args = vec!["lint"];
    args.extend(CASES.iter().map(|(input, _)| *input));
    let (out, _) = xiri(&args);
    let answers: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(answers.len(), CASES.len());
    for ((input, category), answer) in CASES.iter().zip(&answers) {
        let browser = &answer["browser"][0];
        assert_eq!(browser["category"], *category, "{input:?}: {answer}");
        let explanation = browser["explanation"].as_str().unwrap();
        assert!(
            !explanation.contains('\n') && explanation.contains(category),
            "{explanation}"
        );
    }
}

#[test]
fn check_browser_safe_refuses_another_host_and_accepts_agreement() {
    for (input, category) in CASES {
        let (out, code) = xiri(&["check", "--browser-safe", "-g", "leiri", input]);
        let answer = json(out.lines().next().unwrap());
        assert_eq!(
            (code, &answer["valid"]),
            (1, &Value::Bool(false)),
            "{input:?}: {out}"
        );
        // Where the LEIRI grammar accepts, the refusal is the finding.
        if answer["error"]["category"].is_string() {
            assert_eq!(answer["error"]["category"], *category, "{input:?}");
            let message = answer["error"]["message"].as_str().unwrap();
            assert!(
                message.starts_with("a browser reads it elsewhere: "),
                "{message}"
            );
        }
    }
    let (out, code) = xiri(&["check", "--browser-safe", "http://2130706433/"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(json(&out)["error"]["category"], "numeric-host");
    let safe = [
        "http://example.com/a/../b",
        "HTTPS://R\u{c9}SUM\u{c9}.example:443/",
        "mailto:a@b.example",
    ];
    let mut args = vec!["check", "--browser-safe"];
    args.extend(safe);
    let (out, code) = xiri(&args);
    assert_eq!(code, 0, "{out}");
    // Without the flag, the RFC's verdict alone.
    assert_eq!(xiri(&["check", "http://2130706433/"]).1, 0);
    let (_, code) = xiri(&["check", "--browser-safe", "-g", "xri", "xri://@a"]);
    assert_eq!(code, 2);
}

#[test]
fn find_json_carries_the_browser_findings() {
    let (out, err, code) = xiri_io(
        &["find"],
        "fetch http://0x7f.1/admin and https://example.com/\n".as_bytes(),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let found: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(found[0]["browser"][0]["category"], "numeric-host");
    assert_eq!(found[1]["browser"], Value::Array(vec![]));
}

#[test]
fn no_browser_finding_shows_a_password() {
    for input in [
        "http://anne:s3cret@0x7f.1/",
        "http://anne:s3cret@h@evil.com/",
        "http:/anne:s3cret@evil.com/",
    ] {
        let (lint, _) = xiri(&["lint", input]);
        let (check, _) = xiri(&["check", "--browser-safe", input]);
        for out in [lint, check] {
            let shown: Vec<&str> = out.lines().collect();
            let answer = json(shown[0]);
            let browser = format!("{} {}", answer["browser"], answer["error"]);
            assert!(!browser.contains("s3c"), "{input:?}: {browser}");
        }
    }
}
