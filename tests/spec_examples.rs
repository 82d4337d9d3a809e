//! Every syntax example printed in the specifications, pinned in a reviewed
//! snapshot (`snapshots/spec_examples__<source>.snap`): the verdict of the
//! grammar and rule the example is about and, for a match, its typed
//! components as `xiri parse --json` prints them. The examples and their
//! sections are in tests/data/spec-examples.tsv.
#![cfg(feature = "cli")]

mod common;

use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use xiri::Grammar;

#[test]
fn spec_examples() {
    let data = include_str!("data/spec-examples.tsv");
    let mut by_source: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    for line in data
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [source, section, grammar, rule, input, rest @ ..] = fields.as_slice() else {
            panic!("a line of spec-examples.tsv has fewer than five fields: {line:?}");
        };
        let input = common::unescape_xml(input);
        let g: Grammar = grammar.parse().expect("a grammar name");
        let checked = g
            .rule(rule)
            .unwrap_or_else(|| panic!("{grammar} has no rule {rule}"))
            .check(&input);
        let mut entry = Map::new();
        entry.insert("section".into(), json!(section));
        entry.insert("grammar".into(), json!(grammar));
        entry.insert("rule".into(), json!(rule));
        entry.insert("input".into(), json!(input));
        if let Some(note) = rest.first() {
            entry.insert("note".into(), json!(note));
        }
        entry.insert("valid".into(), json!(checked.is_ok()));
        match checked {
            Err(e) => {
                entry.insert("error".into(), json!(e.message()));
            }
            Ok(()) if matches!(*rule, "reference" | "absolute" | "relative") => {
                entry.insert(
                    "components".into(),
                    common::components(grammar, rule, &input),
                );
            }
            Ok(()) => {}
        }
        by_source
            .entry(source)
            .or_default()
            .push(Value::Object(entry));
    }
    common::settings().bind(|| {
        for (source, entries) in by_source {
            insta::assert_yaml_snapshot!(format!("spec_examples__{source}"), entries);
        }
    });
}
