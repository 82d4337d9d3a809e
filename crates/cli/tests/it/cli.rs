//! The `xiri` command line: its batch conventions and exit codes.

use crate::common;

use common::answers;
use serde_json::Value;

/// Runs xiri with `stdin`, returning stdout and the exit code.
fn run(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let (out, _, code) = common::xiri_io(args, stdin);
    (out, code)
}

#[test]
fn check_answers_each_argument_in_order_and_exits_1_on_any_mismatch() {
    let (out, code) = run(
        &[
            "check",
            "--grammar",
            "iri",
            "http://a/b c",
            "http://r\u{e9}sum\u{e9}.example.org",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a.len(), 2);
    assert_eq!(a[0]["input"], "http://a/b c");
    assert_eq!(a[0]["valid"], false);
    assert_eq!(a[0]["error"]["offset"], 10);
    assert!(a[0]["error"]["expected"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e == "ipchar"));
    assert!(a[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("byte 10"));
    assert_eq!(a[1]["valid"], true);
    assert_eq!(a[1]["error"], Value::Null);
}

#[test]
fn check_exits_0_when_all_match() {
    let (_, code) = run(
        &["check", "-g", "xri", "-R", "xri-segment", "moo!&", "*x"],
        b"",
    );
    assert_eq!(code, 0);
}

#[test]
fn check_reads_stdin_lines_and_answers_a_line_that_is_not_utf8() {
    let (out, code) = run(&["check", "-g", "uri"], b"http://a/\n\xff\xfeb\r\n../c\n");
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a.len(), 3);
    assert_eq!(a[0]["valid"], true);
    assert_eq!(a[1]["valid"], false);
    assert_eq!(a[1]["error"]["offset"], 0);
    assert!(a[1]["error"]["message"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(a[2]["input"], "../c");
    assert_eq!(a[2]["valid"], true);
}

#[test]
fn check_json_input_carries_control_characters_and_reports_bad_lines() {
    let (out, code) = run(
        &["check", "-g", "leiri", "--json-input"],
        b"\"a\\nb\\u0000\"\nnot json\n\"?\\u0007\"\n",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a[0]["input"], "a\nb\u{0}");
    assert_eq!(a[0]["valid"], true);
    assert_eq!(a[1]["valid"], false);
    assert!(a[1]["error"]["message"].as_str().unwrap().contains("JSON"));
    assert_eq!(a[2]["valid"], true);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["check", "-g", "url", "x"], b"").1, 2);
    assert_eq!(
        run(&["check", "-g", "uri", "-R", "no-such-rule", "x"], b"").1,
        2
    );
    assert_eq!(
        run(&["parse", "-g", "uri", "-R", "IPv6address", "::1"], b"").1,
        2
    );
}

#[test]
fn parse_prints_typed_components() {
    let (out, code) = run(
        &["parse", "--json", "-g", "uri", "http://u@[::1]:80/p?q#f"],
        b"",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["host"]["kind"], "IPv6");
    assert_eq!(v["port"], "80");
    assert_eq!(v["userinfo"], "u");
    let (out, code) = run(&["parse", "-g", "xri", "=a*b"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("symbol: \"=\""), "{out}");
    let (out, code) = run(&["parse", "-g", "uri", "a b"], b"");
    assert_eq!(code, 1);
    assert!(out.contains("\n  a b\n   ^"), "{out}");
}

#[test]
fn tree_prints_one_production_a_line_with_span_and_text() {
    let (out, code) = run(&["tree", "-g", "uri", "-R", "authority", "h:1"], b"");
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("authority 0..3 \"h:1\""));
    assert!(out.contains("\n  port 2..3 \"1\"\n"), "{out}");
}

#[test]
fn grammar_shows_the_abnf_above_the_pest_rule() {
    let (out, code) = run(&["grammar", "uri", "port"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "; ABNF, grammar/rfc3986.abnf\nport          = *DIGIT\n// pest, grammar/uri.pest\n/// port = *DIGIT\nport = { DIGIT* }\n"
    );
    // The LEIRI Note's productions as it prints them.
    let (out, _) = run(&["grammar", "leiri", "ucschar"], b"");
    assert!(
        out.starts_with("; ABNF, grammar/leiri.abnf\n[39]   ucschar   ::=   \" \" / \"<\""),
        "{out}"
    );
}

#[test]
fn resolve_answers_each_reference_against_the_base() {
    let (out, code) = run(
        &[
            "resolve",
            "-g",
            "uri",
            "-b",
            "http://a/b/c/d;p?q",
            "../g",
            "#s",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "http://a/b/g");
    assert_eq!(a[1]["output"], "http://a/b/c/d;p?q#s");
    let (out, code) = run(
        &["resolve", "-g", "leiri", "-b", "http://a/b c/d"],
        b"../e f\n%zz\n",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "http://a/e f");
    assert_eq!(a[1]["output"], Value::Null);
    assert_eq!(a[1]["error"]["offset"], 1);
    // XRI references resolve with cross-references opaque (XRI 2.0 2.4).
    let (out, code) = run(
        &[
            "resolve",
            "-g",
            "xri",
            "-b",
            "xri://@a*a/(+b/c)/d",
            "e",
            "../!f",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "xri://@a*a/(+b/c)/e");
    assert_eq!(a[1]["output"], "xri://@a*a/!f");
    // A relative base is a usage error.
    assert_eq!(run(&["resolve", "-g", "uri", "-b", "/a", "b"], b"").1, 2);
    // XRIs have relative references too; "./" keeps a leading cross-reference a path.
    let (out, code) = run(
        &[
            "relative",
            "-g",
            "xri",
            "-b",
            "xri://@a*a/b/c",
            "xri://@a*a/b/(+d/e)",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(answers(&out)[0]["output"], "./(+d/e)");
}

#[test]
fn relative_gives_the_reference_from_the_base_to_each_target() {
    let (out, code) = run(
        &["relative", "-g", "iri", "-b", "http://a/b/c/d;p?q"],
        b"http://a/g\nhttp://a/b/c/d;p?q#s\n/x\n",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "/g");
    assert_eq!(a[1]["output"], "#s");
    assert_eq!(a[2]["output"], Value::Null);
    assert!(a[2]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("relative reference"));
}

#[test]
fn normalize_and_equiv() {
    let (out, code) = run(&["normalize", "-g", "iri", "HTTP://a/%7e/./b"], b"");
    assert_eq!(code, 0);
    assert_eq!(answers(&out)[0]["output"], "http://a/~/b");
    let (out, code) = run(
        &[
            "equiv",
            "-g",
            "uri",
            "--scheme-based",
            "http://example.com",
            "http://example.com:80/",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(answers(&out)[0]["equivalent"], true);
    let (out, code) = run(
        &["equiv", "-g", "iri", "--json-input"],
        b"[\"http://a/%7e\", \"http://a/~\"]\n[\"http://a/\", \"http://b/\"]\n{}\n",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(
        (a[0]["equivalent"].clone(), a[1]["equivalent"].clone()),
        (Value::Bool(true), Value::Bool(false))
    );
    assert!(a[2]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("JSON array"));
    assert_eq!(run(&["equiv", "-g", "uri", "only-one"], b"").1, 2);
    let (out, code) = run(&["normalize", "-g", "xri", "XRI://@Ex%61mple/./*abc"], b"");
    assert_eq!(code, 0);
    assert_eq!(answers(&out)[0]["output"], "xri://@example/abc");
}

#[test]
fn normalize_and_equiv_take_relative_references() {
    let (out, code) = run(
        &[
            "normalize",
            "-g",
            "uri",
            "//[2001:DB8::1]/a/./b",
            "../a/./b/../c",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "//[2001:db8::1]/a/b");
    assert_eq!(a[1]["output"], "../a/b/../c");
    let (out, code) = run(&["normalize", "-g", "xri", "./*a/./(+Foo)"], b"");
    assert_eq!(code, 0);
    assert_eq!(answers(&out)[0]["output"], "*a/(xri://+foo)");
    let (out, code) = run(&["equiv", "-g", "leiri"], b"a/./%7e\ta/~\na/../b\tb\n");
    assert_eq!(code, 0);
    let a = answers(&out);
    assert_eq!(
        (a[0]["equivalent"].clone(), a[1]["equivalent"].clone()),
        (Value::Bool(true), Value::Bool(false))
    );
}

#[test]
fn convert_answers_each_input() {
    let (out, code) = run(
        &["convert", "--from", "leiri", "--to", "uri"],
        b"http://a/b c/r\xc3\xa9\n%zz\n",
    );
    assert_eq!(code, 1);
    let a = answers(&out);
    assert_eq!(a[0]["output"], "http://a/b%20c/r%C3%A9");
    assert_eq!(a[1]["output"], Value::Null);
    let (out, code) = run(
        &[
            "convert",
            "--from",
            "xri",
            "--to",
            "iri",
            "@example/(xri://@example2/abc?id=1)",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(
        answers(&out)[0]["output"],
        "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)"
    );
    let (out, _) = run(
        &[
            "convert",
            "--from",
            "iri",
            "--to",
            "xri",
            "xri://@a/(xri:%2F%2F@b%2Fc)",
        ],
        b"",
    );
    assert_eq!(answers(&out)[0]["output"], "xri://@a/(xri://@b/c)");
    assert_eq!(
        run(&["convert", "--from", "uri", "--to", "leiri", "x:y"], b"").1,
        2
    );
}

#[test]
fn convert_options_warnings_and_steps() {
    // Every answer has "warnings"; an HTTP IRI made an XRI may fill it.
    let (out, code) = run(
        &["convert", "--from", "iri", "--to", "xri"],
        b"http://!!1/example\nhttp://a.example/b\nftp://a/\n",
    );
    assert_eq!(code, 1);
    let first = answers(&out);
    assert_eq!(first[0]["output"], "xri://!!1/example");
    assert_eq!(first[0]["warnings"][0]["offset"], 7);
    assert_eq!(first[1]["warnings"], serde_json::json!([]));
    assert_eq!(first[2]["output"], serde_json::Value::Null);
    assert_eq!(first[2]["warnings"], serde_json::json!([]));
    // --idna and --query-charset.
    let (out, code) = run(
        &[
            "convert",
            "--from",
            "iri",
            "--to",
            "uri",
            "--idna",
            "--query-charset",
            "latin1",
            "http://r\u{e9}sum\u{e9}.example.org/?q=\u{e9}",
            "http://a\u{2488}.example/",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let second = answers(&out);
    assert_eq!(
        second[0]["output"],
        "http://xn--rsum-bpad.example.org/?q=%E9"
    );
    assert_eq!(second[1]["error"]["offset"], 7);
    assert_eq!(
        run(
            &[
                "convert",
                "--from",
                "iri",
                "--to",
                "uri",
                "--query-charset",
                "klingon",
                "a"
            ],
            b""
        )
        .1,
        2
    );
    // --steps: numbered steps, each label above its text.
    let (out, code) = run(
        &[
            "convert",
            "--from",
            "uri",
            "--to",
            "iri",
            "--steps",
            "http://www.example.org/D%FCrst",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[2].starts_with("2. RFC 3987 3.2 step 2"));
    assert_eq!(lines[3], "   http://www.example.org/D<fc>rst");
    assert_eq!(lines[9], "   http://www.example.org/D%FCrst");
}

#[test]
fn preprocess_and_lint() {
    let (out, code) = run(&["preprocess", "--spaces", "split", " a  b c "], b"");
    assert_eq!(code, 0);
    assert_eq!(
        answers(&out)[0]["output"],
        serde_json::json!(["a", "b", "c"])
    );
    let (out, _) = run(&["preprocess"], b"\thttp://a/b c \n");
    assert_eq!(answers(&out)[0]["output"], "http://a/b%20c");
    let (out, code) = run(&["lint", "http://a/b c?\u{e000}"], b"");
    assert_eq!(code, 0);
    let findings = answers(&out)[0]["findings"].clone();
    assert_eq!(findings[0]["group"], "space");
    assert_eq!(findings[1]["char"], "U+E000");
    assert_eq!(findings[1]["encoded_by"], serde_json::json!(["iri-to-uri"]));
}

/// Issue 13's reproducer: `check -g xri` and `parse -g xri` gave two
/// verdicts on `=a*(:)`. Now `check` checks the typed policy, as `parse`
/// does, and says so; the production by its name, and Appendix A as
/// printed, are asked for by name and named in the answer.
#[test]
fn check_and_parse_give_one_verdict_on_xri() {
    let verdict = |args: &[&str]| {
        let (out, code) = run(args, b"");
        let answer = answers(&out).remove(0);
        (answer["valid"].clone(), answer["language"].clone(), code)
    };
    let typed = verdict(&["check", "-g", "xri", "=a*(:)"]);
    assert_eq!(typed, (Value::Bool(false), "xri-typed".into(), 1));
    assert_eq!(run(&["parse", "-g", "xri", "=a*(:)"], b"").1, 1);
    let production = verdict(&["check", "-g", "xri", "-R", "XRI-reference", "=a*(:)"]);
    assert_eq!(production, (Value::Bool(true), "xri-balanced".into(), 0));
    let printed = verdict(&["check", "-g", "xri-appendix-a", "=a*(:)"]);
    assert_eq!(printed, (Value::Bool(true), "xri-appendix-a".into(), 0));
    // On the benchmark's XRIs and near-misses of them (a character
    // deleted, a space put in), check and parse agree, for each entry.
    let mut inputs: Vec<String> = Vec::new();
    let corpus = std::fs::read_to_string(concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/benches/corpus/xri.txt"
    ))
    .unwrap();
    for line in corpus.lines().take(300) {
        inputs.push(line.to_string());
        let cut = line.char_indices().nth(line.chars().count() / 2);
        if let Some((at, c)) = cut {
            inputs.push(format!("{}{}", &line[..at], &line[at + c.len_utf8()..]));
            inputs.push(format!("{} {}", &line[..at], &line[at..]));
        }
    }
    let stdin = inputs.join("\n");
    for (rule, parse) in [
        (
            "reference",
            (|s| xiri::XriRef::parse(s).is_ok()) as fn(&str) -> bool,
        ),
        ("absolute", |s| xiri::Xri::parse(s).is_ok()),
        ("relative", |s| xiri::XriRef::parse_relative(s).is_ok()),
    ] {
        let (out, _) = run(&["check", "-g", "xri", "-R", rule], stdin.as_bytes());
        let answers = answers(&out);
        assert_eq!(answers.len(), inputs.len());
        for (input, answer) in inputs.iter().zip(&answers) {
            assert_eq!(
                answer["valid"],
                Value::Bool(parse(input)),
                "{rule} {input:?}"
            );
        }
    }
}
