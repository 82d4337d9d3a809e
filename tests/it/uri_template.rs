//! RFC 6570's printed examples (sections 1.2, 2.1, 2.4, 3.2), each
//! expanded and held to the RFC's result (tests/data/rfc6570/, from
//! uritemplate-test and the RFC), the table pinned in
//! `snapshots/uri_template__rfc6570_examples.snap`; the invalid templates
//! of uritemplate-test's negative-tests.json, each refused.

use serde_json::{json, Value as Json};
use std::collections::HashMap;
use xiri::template::{Template, TemplateErrorKind, Value};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rfc6570");

/// The example files in the RFC's section order, with the section 1.2
/// file's groups named by the section.
const FILES: [(&str, &str); 3] = [
    ("spec-examples.json", "1.2 "),
    ("section-2.4.json", ""),
    ("spec-examples-by-section.json", ""),
];

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

fn load(file: &str) -> serde_json::Map<String, Json> {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
    match serde_json::from_str(&text).unwrap() {
        Json::Object(groups) => groups,
        _ => panic!("{file}: not an object"),
    }
}

/// A group's variables, as the CLI reads `--vars` (null is undefined).
pub fn variables(group: &Json) -> HashMap<String, Value> {
    let mut vars = HashMap::new();
    for (name, value) in group["variables"].as_object().unwrap() {
        let text = |v: &Json| match v {
            Json::String(s) => s.clone(),
            Json::Number(n) => n.to_string(),
            other => panic!("{name}: {other}"),
        };
        let value = match value {
            Json::Null => continue,
            Json::Array(items) => Value::List(items.iter().map(text).collect()),
            Json::Object(pairs) => {
                Value::Map(pairs.iter().map(|(k, v)| (k.clone(), text(v))).collect())
            }
            other => Value::String(text(other)),
        };
        vars.insert(name.clone(), value);
    }
    vars
}

#[test]
fn every_printed_example_expands_as_the_rfc_prints_it() {
    let mut table = Vec::new();
    let mut count = 0;
    for (file, prefix) in FILES {
        for (group_name, group) in load(file) {
            let vars = variables(&group);
            for case in group["testcases"].as_array().unwrap() {
                let template = case[0].as_str().unwrap();
                let printed: Vec<&str> = match &case[1] {
                    Json::String(s) => vec![s.as_str()],
                    Json::Array(any) => any.iter().map(|s| s.as_str().unwrap()).collect(),
                    other => panic!("{file}: {template}: {other}"),
                };
                let t =
                    Template::parse(template).unwrap_or_else(|e| panic!("{file}: {template}: {e}"));
                let got = t.expand_to_string(&vars).unwrap();
                assert!(
                    printed.contains(&got.as_str()),
                    "{file} {group_name}: {template} gives {got:?}, the RFC prints {printed:?}"
                );
                // Every printed expansion is a URI reference.
                let uri = t.expand(&vars).unwrap();
                assert_eq!(uri.as_str(), got);
                count += 1;
                let mut row = json!({
                    "section": format!("{prefix}{group_name}"),
                    "template": template,
                    "rfc_prints": if printed.len() == 1 { json!(printed[0]) } else { json!(printed) },
                    "xiri_gives": got,
                });
                if template.contains('\'') {
                    // uritemplate-test's, for erratum 6937; the RFC as
                    // printed has no "'" in a template.
                    row["note"] = json!("not printed in RFC 6570: uritemplate-test's case for erratum 6937 (\"'\" a literal)");
                }
                table.push(row);
            }
        }
    }
    // 64 in section 1.2, 8 in 2.4, 117 in 2.1 and 3.2 (two of them, with
    // "'", uritemplate-test's rather than the RFC's).
    assert_eq!(count, 189);
    settings().bind(|| insta::assert_yaml_snapshot!("uri_template__rfc6570_examples", table));
}

#[test]
fn every_invalid_template_is_refused_or_fails_to_expand() {
    let mut table = Vec::new();
    for (_, group) in load("negative-tests.json") {
        let vars = variables(&group);
        for case in group["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            assert_eq!(case[1], Json::Bool(false));
            let err = match Template::parse(template) {
                Err(e) => e,
                Ok(t) => t
                    .expand_to_string(&vars)
                    .expect_err(&format!("{template} expands")),
            };
            assert!(err.offset() <= template.len(), "{template}: {err:?}");
            if err.kind() == TemplateErrorKind::Syntax {
                assert!(!err.expected().is_empty(), "{template}: {err:?}");
            }
            table.push(json!({
                "template": template,
                "kind": format!("{:?}", err.kind()),
                "offset": err.offset(),
                "expected": err.expected(),
            }));
        }
    }
    assert_eq!(table.len(), 36);
    settings().bind(|| insta::assert_yaml_snapshot!("uri_template__invalid", table));
}

#[test]
fn a_prefix_on_a_list_is_an_error_at_the_variable() {
    let vars = HashMap::from([("list", Value::from(vec!["a", "b"]))]);
    let err = Template::parse("x{?a,list:2}")
        .unwrap()
        .expand(&vars)
        .unwrap_err();
    assert_eq!(err.kind(), TemplateErrorKind::PrefixOnComposite);
    assert_eq!(err.offset(), 5);
}

#[test]
fn the_engine_names_what_was_expected() {
    let err = Template::parse("/a{b").unwrap_err();
    assert_eq!(err.kind(), TemplateErrorKind::Syntax);
    assert_eq!(err.offset(), 4);
    for e in ["\"}\"", "\",\""] {
        assert!(
            err.expected().iter().any(|x| x == e),
            "{:?}",
            err.expected()
        );
    }
    let err = Template::parse("a b").unwrap_err();
    assert_eq!(err.offset(), 1);
}

#[test]
fn the_engine_compiles_the_grammar() {
    let compiled =
        xiri::engine::compile(&xiri::template::abnf(), "URI-Template", &Default::default());
    assert!(compiled.is_ok(), "{:?}", compiled.err());
    assert!(xiri::template::automaton().is_some());
}

/// uritemplate-test's extended tests (not the RFC's): every template
/// expands to one of the results the file accepts, or fails where it says
/// `false`.
#[test]
fn uritemplate_tests_extended_cases() {
    let mut count = 0;
    for (group_name, group) in load("extended-tests.json") {
        let vars = variables(&group);
        for case in group["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            let got = Template::parse(template).and_then(|t| t.expand_to_string(&vars));
            match &case[1] {
                Json::Bool(false) => assert!(got.is_err(), "{template}: {got:?}"),
                Json::String(s) => {
                    assert_eq!(got.as_deref(), Ok(s.as_str()), "{group_name}: {template}")
                }
                Json::Array(any) => {
                    let got = got.unwrap_or_else(|e| panic!("{template}: {e}"));
                    assert!(
                        any.iter().any(|a| a == &json!(got)),
                        "{group_name}: {template} gives {got:?}"
                    );
                }
                other => panic!("{template}: {other}"),
            }
            count += 1;
        }
    }
    assert!(count > 30, "{count}");
}
