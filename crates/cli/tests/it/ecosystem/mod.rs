//! What other Rust crates answer to the printed examples' questions, where
//! their API asks the same one: oxiri (IRIs, RFC 3987), iri-string and
//! fluent-uri (URIs and IRIs), url (the WHATWG URL Standard). Written into
//! tests/data/ecosystem.json, which `xiri conformance` compiles in.

use crate::common::data::{self, Example, Question};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use xiri::Grammar;

/// The crates, in the report's order.
pub const CRATES: [&str; 4] = ["oxiri", "iri-string", "fluent-uri", "url"];

/// Each crate's answer to one example, by crate; empty when none asks it.
pub fn answers(e: &Example) -> BTreeMap<&'static str, String> {
    let mut out = BTreeMap::new();
    for name in CRATES {
        // A crate that panics has answered too.
        let answer = catch_unwind(AssertUnwindSafe(|| answer(name, e)))
            .unwrap_or_else(|_| Some("panics".to_string()));
        if let Some(answer) = answer {
            out.insert(name, answer);
        }
    }
    out
}

fn word(ok: bool, yes: &str, no: &str) -> String {
    (if ok { yes } else { no }).to_string()
}

fn valid(ok: bool) -> String {
    word(ok, "valid", "invalid")
}

fn error<E>(_: E) -> String {
    "error".to_string()
}

/// What `name` answers, or `None` where its API does not ask the question.
fn answer(name: &str, e: &Example) -> Option<String> {
    let input = e.input.as_str();
    let with = e.with.as_deref().unwrap_or_default();
    // RFC 6570's templates: iri-string expands them.
    if e.question == Question::Expand {
        return (name == "iri-string").then(|| iri_string_expansion(input, with));
    }
    // Only the URI and IRI grammars: no crate reads LEIRIs or XRIs.
    let iri = match &e.question {
        Question::Valid { grammar, .. }
        | Question::Resolve(grammar)
        | Question::Equiv(grammar, _)
        | Question::Normalize(grammar, _)
        | Question::Components(grammar) => match grammar {
            Grammar::Uri => false,
            Grammar::Iri | Grammar::IriBis => true,
            _ => return None,
        },
        Question::Convert { from, to, .. } => {
            if !matches!(from, Grammar::Iri | Grammar::IriBis) || *to != Grammar::Uri {
                return None;
            }
            true
        }
        _ => return None,
    };
    match (&e.question, name) {
        (Question::Valid { rule, .. }, _) => validity(name, iri, rule, input),
        (Question::Resolve(_), _) => resolve(name, input, with).map(|r| r.unwrap_or_else(error)),
        (Question::Equiv(_, flags) | Question::Normalize(_, flags), _) if !flags.nfc => {
            let normal = |s: &str| normalize(name, iri, s);
            match &e.question {
                Question::Equiv(..) => match (normal(input)?, normal(with)?) {
                    (Ok(a), Ok(b)) => Some(word(a == b, "equivalent", "not equivalent")),
                    _ => Some("error".into()),
                },
                _ => normal(input).map(|r| r.unwrap_or_else(error)),
            }
        }
        (Question::Convert { idna, .. }, "iri-string") if !idna => Some(
            iri_string::types::IriReferenceStr::new(input)
                .map(|r| r.encode_to_uri().to_string())
                .unwrap_or_else(error),
        ),
        (Question::Convert { idna, .. }, "fluent-uri") if !idna => Some(
            fluent_uri::IriRef::parse(input)
                .map(|r| r.to_uri_ref().to_string())
                .unwrap_or_else(error),
        ),
        (Question::Convert { .. }, "url") => Some(
            url::Url::parse(input)
                .map(|u| u.to_string())
                .unwrap_or_else(error),
        ),
        (Question::Components(_), _) => components(name, input, &e.says),
        _ => None,
    }
}

/// iri-string's expansion of `template` with the variables of the JSON
/// object `vars` (null is undefined; numbers stand for their text).
fn iri_string_expansion(template: &str, vars: &str) -> String {
    use iri_string::template::simple_context::{SimpleContext, Value};
    use serde_json::Value as Json;
    let text = |v: &Json| match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut context = SimpleContext::new();
    let vars: serde_json::Map<String, Json> = serde_json::from_str(vars).unwrap_or_default();
    for (name, value) in &vars {
        let value = match value {
            Json::Null => continue,
            Json::Array(items) => Value::List(items.iter().map(text).collect()),
            Json::Object(pairs) => {
                Value::Assoc(pairs.iter().map(|(k, v)| (k.clone(), text(v))).collect())
            }
            other => Value::String(text(other)),
        };
        context.insert(name.as_str(), value);
    }
    iri_string::template::UriTemplateStr::new(template)
        .map_err(error)
        .and_then(|t| {
            t.expand::<iri_string::spec::UriSpec, _>(&context)
                .map(|x| x.to_string())
                .map_err(error)
        })
        .unwrap_or_else(|e| e)
}

fn validity(name: &str, iri: bool, rule: &str, input: &str) -> Option<String> {
    use iri_string::types as is;
    Some(match (name, iri, rule) {
        ("oxiri", true, "reference") => valid(oxiri::IriRef::parse(input).is_ok()),
        ("oxiri", true, "absolute") => valid(oxiri::Iri::parse(input).is_ok()),
        ("oxiri", true, "relative") => {
            valid(oxiri::IriRef::parse(input).is_ok_and(|r| r.scheme().is_none()))
        }
        ("iri-string", false, "reference") => valid(is::UriReferenceStr::new(input).is_ok()),
        ("iri-string", false, "absolute") => valid(is::UriStr::new(input).is_ok()),
        ("iri-string", false, "relative") => valid(is::UriRelativeStr::new(input).is_ok()),
        ("iri-string", true, "reference") => valid(is::IriReferenceStr::new(input).is_ok()),
        ("iri-string", true, "absolute") => valid(is::IriStr::new(input).is_ok()),
        ("iri-string", true, "relative") => valid(is::IriRelativeStr::new(input).is_ok()),
        ("fluent-uri", false, "reference") => valid(fluent_uri::UriRef::parse(input).is_ok()),
        ("fluent-uri", false, "absolute") => valid(fluent_uri::Uri::parse(input).is_ok()),
        ("fluent-uri", false, "relative") => {
            valid(fluent_uri::UriRef::parse(input).is_ok_and(|r| !r.has_scheme()))
        }
        ("fluent-uri", true, "reference") => valid(fluent_uri::IriRef::parse(input).is_ok()),
        ("fluent-uri", true, "absolute") => valid(fluent_uri::Iri::parse(input).is_ok()),
        ("fluent-uri", true, "relative") => {
            valid(fluent_uri::IriRef::parse(input).is_ok_and(|r| !r.has_scheme()))
        }
        // WHATWG parses absolute URLs, leniently: it answers whether it parses.
        ("url", _, "absolute") => word(url::Url::parse(input).is_ok(), "parses", "fails"),
        _ => return None,
    })
}

fn resolve(name: &str, reference: &str, base: &str) -> Option<Result<String, ()>> {
    use iri_string::types as is;
    Some(match name {
        "oxiri" => oxiri::Iri::parse(base)
            .map_err(drop)
            .and_then(|b| {
                let r = oxiri::IriRef::parse(reference).map_err(drop)?;
                b.resolve(&r.as_ref()).map_err(drop)
            })
            .map(|t| t.into_inner()),
        "iri-string" => is::IriAbsoluteStr::new(base).map_err(drop).and_then(|b| {
            let r = is::IriReferenceStr::new(reference).map_err(drop)?;
            Ok(r.resolve_against(b).to_string())
        }),
        "fluent-uri" => fluent_uri::Iri::parse(base).map_err(drop).and_then(|b| {
            let r = fluent_uri::IriRef::parse(reference).map_err(drop)?;
            r.resolve_against(&b).map(|t| t.to_string()).map_err(drop)
        }),
        "url" => url::Url::parse(base)
            .and_then(|b| b.join(reference))
            .map(|t| t.to_string())
            .map_err(drop),
        _ => return None,
    })
}

fn normalize(name: &str, iri: bool, text: &str) -> Option<Result<String, ()>> {
    use iri_string::types as is;
    Some(match (name, iri) {
        ("iri-string", false) => is::UriStr::new(text)
            .map(|u| u.normalize().to_string())
            .map_err(drop),
        ("iri-string", true) => is::IriStr::new(text)
            .map(|u| u.normalize().to_string())
            .map_err(drop),
        ("fluent-uri", false) => fluent_uri::Uri::parse(text)
            .map(|u| u.normalize().to_string())
            .map_err(drop),
        ("fluent-uri", true) => fluent_uri::Iri::parse(text)
            .map(|u| u.normalize().to_string())
            .map_err(drop),
        ("url", _) => url::Url::parse(text).map(|u| u.to_string()).map_err(drop),
        _ => return None,
    })
}

/// The components `says` names, as `name` finds them; `None` when it has
/// no accessor for one of them.
fn components(name: &str, input: &str, says: &str) -> Option<String> {
    let own = |s: Option<&str>| s.map(str::to_string);
    let found: Vec<(&str, Option<String>)> = match name {
        "oxiri" => {
            let Ok(r) = oxiri::IriRef::parse(input) else {
                return Some("error".into());
            };
            vec![
                ("scheme", own(r.scheme())),
                ("authority", own(r.authority())),
                ("path", Some(r.path().to_string())),
                ("query", own(r.query())),
                ("fragment", own(r.fragment())),
            ]
        }
        "iri-string" => {
            let Ok(r) = iri_string::types::IriReferenceStr::new(input) else {
                return Some("error".into());
            };
            let a = r.authority_components();
            vec![
                ("scheme", own(r.scheme_str())),
                ("authority", own(r.authority_str())),
                ("userinfo", own(a.as_ref().and_then(|a| a.userinfo()))),
                ("host", own(a.as_ref().map(|a| a.host()))),
                ("port", own(a.as_ref().and_then(|a| a.port()))),
                ("path", Some(r.path_str().to_string())),
                ("query", own(r.query_str())),
                ("fragment", own(r.fragment().map(|f| f.as_str()))),
            ]
        }
        "fluent-uri" => {
            let Ok(r) = fluent_uri::IriRef::parse(input) else {
                return Some("error".into());
            };
            let a = r.authority();
            vec![
                ("scheme", own(r.scheme().map(|s| s.as_str()))),
                ("authority", own(a.map(|a| a.as_str()))),
                (
                    "userinfo",
                    own(a.and_then(|a| a.userinfo()).map(|u| u.as_str())),
                ),
                ("host", own(a.map(|a| a.host()))),
                ("port", own(a.and_then(|a| a.port()).map(|p| p.as_str()))),
                ("path", Some(r.path().as_str().to_string())),
                ("query", own(r.query().map(|q| q.as_str()))),
                ("fragment", own(r.fragment().map(|f| f.as_str()))),
            ]
        }
        "url" => {
            let Ok(u) = url::Url::parse(input) else {
                return Some("error".into());
            };
            let userinfo = match (u.username(), u.password()) {
                ("", None) => None,
                (user, None) => Some(user.to_string()),
                (user, Some(password)) => Some(format!("{user}:{password}")),
            };
            vec![
                ("scheme", Some(u.scheme().to_string())),
                ("userinfo", userinfo),
                ("host", own(u.host_str())),
                ("port", u.port().map(|p| p.to_string())),
                ("path", Some(u.path().to_string())),
                ("query", own(u.query())),
                ("fragment", own(u.fragment())),
            ]
        }
        _ => return None,
    };
    data::named(&found, says)
}

/// The version of a crate in Cargo.lock.
pub fn version(name: &str) -> String {
    let lock = include_str!("../../../../../Cargo.lock");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"") {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = ")) {
                return v.trim_matches('"').to_string();
            }
        }
    }
    panic!("{name} is not in Cargo.lock")
}
