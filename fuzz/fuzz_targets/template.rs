//! URI Templates (RFC 6570, issue 23): no panic; `Template::parse`
//! agrees with the engine's `URI-Template` (but for the reserved
//! operators, which the grammar takes and no expansion is defined for);
//! an error's offset is a character boundary within the input; and every
//! expansion `expand` and `expand_iri` return re-parses as a URI or IRI
//! reference, while a `NotAReference` refusal is one the parse refuses.
//!
//! The input is two strings, split at its first line feed: the template,
//! and the text its variables' values are made from (a string, a list of
//! its comma-separated pieces, or pairs of its `k=v` pieces, by the
//! name's length). Run from the repository root: `fuzz/run 600 template`.

#![no_main]

use std::collections::BTreeMap;
use xiri::template::{Template, TemplateErrorKind, Value};

fn value(name: &str, text: &str) -> Value {
    let pieces = || text.split(',').map(str::to_string);
    match name.len() % 3 {
        0 => Value::String(text.to_string()),
        1 => Value::List(pieces().collect()),
        _ => Value::Map(
            pieces()
                .map(|p| match p.split_once('=') {
                    Some((k, v)) => (k.to_string(), v.to_string()),
                    None => (p.clone(), String::new()),
                })
                .collect(),
        ),
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (text, values) = input.split_once('\n').unwrap_or((input, ""));
    let engine = xiri::template::automaton().map(|a| a.check(text).is_ok());
    let template = match Template::parse(text) {
        Ok(t) => t,
        Err(e) => {
            assert!(
                text.is_char_boundary(e.offset()) && e.offset() <= text.len(),
                "{text:?}: offset {}",
                e.offset()
            );
            let reserved = e.kind() == TemplateErrorKind::ReservedOperator;
            assert!(
                engine != Some(true) || reserved,
                "{text:?}: the engine accepts it, Template::parse refuses it: {e}"
            );
            return;
        }
    };
    assert_eq!(engine, Some(true), "{text:?}: Template::parse accepts it, the engine does not");
    assert_eq!(template.as_str(), text);
    let vars: BTreeMap<String, Value> = template
        .variables()
        .map(|name| (name.to_string(), value(name, values)))
        .collect();
    match template.expand(&vars) {
        Ok(uri) => assert!(xiri::UriRef::parse(uri.as_str()).is_ok(), "{text:?} -> {uri}"),
        Err(e) if e.kind() == TemplateErrorKind::NotAReference => {
            let expansion = template.expand_to_string(&vars).unwrap_or_default();
            assert!(xiri::UriRef::parse(&expansion).is_err(), "{text:?}: {expansion:?} refused");
        }
        Err(_) => {}
    }
    if let Ok(iri) = template.expand_iri(&vars) {
        assert!(xiri::IriRef::parse(iri.as_str()).is_ok(), "{text:?} -> {iri}");
    }
});
