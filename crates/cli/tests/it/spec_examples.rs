//! Every syntax example printed in the specifications, pinned in a reviewed
//! snapshot (`snapshots/spec_examples__<source>.snap`): what the
//! specification says of it (`spec_says`), what xiri gives for the grammar
//! and rule the example is about (`xiri_gives`) and, for a match, its typed
//! components as `xiri parse --json` prints them. The examples, their
//! sections and the spec's verdicts are in tests/data/spec-examples.tsv.

use crate::common;

use common::data::Question;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use xiri::Grammar;

#[test]
fn spec_examples() {
    let mut by_source: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for example in common::examples() {
        let Question::Valid { grammar, rule } = &example.question else {
            continue;
        };
        let input = &example.input;
        // "reference+rfc6874", "absolute+rfc6874": the `Zoned` syntax.
        let zoned = rule.strip_suffix("+rfc6874");
        let checked = match (zoned, grammar) {
            (Some("absolute"), Grammar::Uri) => xiri::ZonedUri::parse(input).map(drop),
            (Some("reference"), Grammar::Uri) => xiri::ZonedUriRef::parse(input).map(drop),
            (Some("absolute"), Grammar::Iri) => xiri::ZonedIri::parse(input).map(drop),
            (Some("reference"), Grammar::Iri) => xiri::ZonedIriRef::parse(input).map(drop),
            (Some(form), _) => panic!("no zoned {form} of {grammar}"),
            (None, _) => grammar
                .rule(rule)
                .unwrap_or_else(|| panic!("{grammar} has no rule {rule}"))
                .check(input),
        };
        let gives = if checked.is_ok() { "valid" } else { "invalid" };
        // A row agrees with the spec unless it names the DECISIONS entry
        // that says why not.
        assert_eq!(
            gives == example.says,
            example.differs.is_none(),
            "{}:{}: {input:?} is {gives}; the spec says {} (differs: {:?})",
            example.file,
            example.line,
            example.says,
            example.differs
        );
        let mut entry = Map::new();
        entry.insert("section".into(), json!(example.section));
        entry.insert("grammar".into(), json!(grammar.name()));
        entry.insert("rule".into(), json!(rule));
        entry.insert("input".into(), json!(input));
        if let Some(note) = &example.note {
            entry.insert("note".into(), json!(note));
        }
        entry.insert("spec_says".into(), json!(example.says));
        entry.insert("xiri_gives".into(), json!(gives));
        if let Some(differs) = &example.differs {
            entry.insert(
                "differs".into(),
                json!(format!("docs/DECISIONS.md#{differs}")),
            );
        }
        match checked {
            Err(e) => {
                entry.insert("error".into(), json!(e.message()));
            }
            Ok(()) if zoned.is_some() => {}
            Ok(()) if matches!(rule.as_str(), "reference" | "absolute" | "relative") => {
                entry.insert(
                    "components".into(),
                    common::components(grammar.name(), rule, input),
                );
            }
            Ok(()) => {}
        }
        by_source
            .entry(example.source.clone())
            .or_default()
            .push(Value::Object(entry));
    }
    common::settings().bind(|| {
        for (source, entries) in by_source {
            insta::assert_yaml_snapshot!(format!("spec_examples__{source}"), entries);
        }
    });
}
