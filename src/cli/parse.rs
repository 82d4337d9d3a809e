//! `xiri parse`: the typed components, as JSON or as an indented listing
//! made from the same JSON.

use serde_json::{json, Map, Value};
use std::process::ExitCode;
use xiri::{
    CrossReference, CrossReferenceValue, GenericSyntax, Grammar, Host, LeiriNote, ParseError,
    Reference, Rfc3986, Rfc3987, Rfc3987bis, Subsegment, SubsegmentValue, XriAuthority, XriRef,
};

/// What `parse` prints for each input.
pub enum Shown {
    /// The components, as an indented listing (JSON with `json`); with
    /// `zone_id`, IP literals may hold RFC 6874 zone identifiers.
    Components { json: bool, zone_id: bool },
    /// One line from a template.
    Template(super::template::Template),
}

/// Parses each input (the arguments, or the lines of standard input),
/// printing what `shown` asks; exit 1 if any was refused. With a
/// template, a refused input's message goes to standard error.
pub fn run(
    grammar: Grammar,
    rule_name: &str,
    shown: &Shown,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let rule = super::rule(grammar, rule_name)?;
    if !matches!(rule_name, "reference" | "absolute" | "relative") {
        return Err(format!(
            "`parse` shows the components of a reference, absolute or relative form; for the production {rule_name:?} use `xiri tree`"
        ));
    }
    if matches!(shown, Shown::Components { zone_id: true, .. }) && rule_name == "relative" {
        return Err("--zone-id parses the reference and absolute forms".into());
    }
    let mut all = true;
    for (n, input) in super::batch::texts(json_input, inputs).enumerate() {
        let input = input?.map_err(|m| format!("input {}: {m}", n + 1))?;
        let (text, ok) = match shown {
            Shown::Components { json, zone_id } => {
                let how = (grammar, *zone_id);
                one(how, &rule, rule_name, *json, &input)
            }
            Shown::Template(template) => match template.render(grammar, &input) {
                Ok(line) => (format!("{line}\n"), true),
                Err(message) => {
                    eprintln!("xiri: input {}: {message}", n + 1);
                    (String::new(), false)
                }
            },
        };
        all &= ok;
        // Listings, several lines each, are a blank line apart.
        let gap = matches!(shown, Shown::Components { json: false, .. }) && n > 0;
        super::emit(&format!("{}{text}", if gap { "\n" } else { "" }))?;
    }
    Ok(if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The components of one input as text, and whether it parsed.
fn one(
    (grammar, zone_id): (Grammar, bool),
    rule: &xiri::Rule,
    rule_name: &str,
    as_json: bool,
    input: &str,
) -> (String, bool) {
    // An XRI is checked by the typed policy (as `check -g xri` does), a
    // reference with zone identifiers by its type, the others by the rule.
    let value = if zone_id {
        zoned(grammar, rule_name == "absolute", input)
    } else if grammar == Grammar::Xri {
        components(grammar, rule_name, input)
    } else {
        rule.check(input)
            .and_then(|()| components(grammar, rule_name, input))
    };
    match value {
        Ok(value) => (
            if as_json {
                format!("{value}\n")
            } else {
                listing(&value, 0)
            },
            true,
        ),
        Err(e) => (
            if as_json {
                format!(
                    "{}\n",
                    json!({ "input": input, "error": super::error_json(&e) })
                )
            } else {
                format!("{e}\n")
            },
            false,
        ),
    }
}

/// The typed components of `input`, already known to match the rule.
fn components(grammar: Grammar, rule_name: &str, input: &str) -> Result<Value, ParseError> {
    let value = match grammar {
        Grammar::Uri => uri_like::<Rfc3986>(input)?,
        Grammar::Iri => uri_like::<Rfc3987>(input)?,
        Grammar::IriBis => uri_like::<Rfc3987bis>(input)?,
        Grammar::Leiri => uri_like::<LeiriNote>(input)?,
        Grammar::Xri => {
            let reference = match rule_name {
                "absolute" => *xiri::Xri::parse(input)?,
                "relative" => XriRef::parse_relative(input)?,
                _ => XriRef::parse(input)?,
            };
            xri(&reference)
        }
    };
    Ok(with_grammar(grammar.name(), value))
}

/// `value`'s fields after a first one, `"grammar"`, naming `language`.
fn with_grammar(language: &str, mut value: Value) -> Value {
    let mut object = Map::new();
    object.insert("grammar".into(), json!(language));
    object.extend(
        value
            .as_object_mut()
            .map(std::mem::take)
            .unwrap_or_default(),
    );
    Value::Object(object)
}

/// The components of `input` as a reference (or with `absolute`, an
/// absolute one) of `grammar` with RFC 6874's zone identifiers.
fn zoned(grammar: Grammar, absolute: bool, input: &str) -> Result<Value, ParseError> {
    fn of<S: GenericSyntax>(input: &str, absolute: bool) -> Result<Value, ParseError> {
        let r = if absolute {
            *xiri::Absolute::<xiri::Zoned<S>>::parse(input)?
        } else {
            Reference::<xiri::Zoned<S>>::parse(input)?
        };
        Ok(reference(&r))
    }
    let value = match grammar {
        Grammar::Uri => of::<Rfc3986>(input, absolute)?,
        Grammar::Iri => of::<Rfc3987>(input, absolute)?,
        Grammar::IriBis => of::<Rfc3987bis>(input, absolute)?,
        Grammar::Leiri | Grammar::Xri => of::<LeiriNote>(input, absolute)?,
    };
    Ok(with_grammar(&super::language(grammar, true), value))
}

/// The components of a reference of any of the RFC 3986-shaped syntaxes.
fn uri_like<S: GenericSyntax>(input: &str) -> Result<Value, ParseError> {
    Ok(reference(&Reference::<S>::parse(input)?))
}

fn reference<S: GenericSyntax>(r: &Reference<'_, S>) -> Value {
    json!({
        "input": r.as_str(),
        "kind": if r.is_absolute() { "absolute" } else { "relative" },
        "scheme": r.scheme(),
        "authority": r.authority(),
        "userinfo": r.userinfo(),
        "host": r.host().map(host),
        "port": r.port(),
        "path": r.path(),
        "query": r.query(),
        "fragment": r.fragment(),
    })
}

fn host(h: Host<'_>) -> Value {
    match h.zone() {
        Some(zone) => json!({ "text": h.as_str(), "kind": h.kind().name(), "zone": zone }),
        None => json!({ "text": h.as_str(), "kind": h.kind().name() }),
    }
}

fn xri(x: &XriRef<'_>) -> Value {
    json!({
        "input": x.as_str(),
        "kind": if x.is_absolute() { "absolute" } else { "relative" },
        "prefix": x.has_prefix(),
        "authority": x.authority().as_ref().map(authority),
        "path": x.path(),
        "segments": x.segments().map(|s| json!({
            "text": s.as_str(),
            "subsegments": s.subsegments().map(|s| subsegment(&s)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "query": x.query(),
        "fragment": x.fragment(),
    })
}

fn authority(a: &XriAuthority<'_>) -> Value {
    match a {
        XriAuthority::Global { text, symbol } => json!({
            "text": text,
            "kind": "global",
            "symbol": symbol.as_char().to_string(),
            "subsegments": a.subsegments().map(|s| subsegment(&s)).collect::<Vec<_>>(),
        }),
        XriAuthority::CrossReference { text, xref } => json!({
            "text": text,
            "kind": "cross-reference",
            "xref": cross_reference(xref),
            "subsegments": a.subsegments().map(|s| subsegment(&s)).collect::<Vec<_>>(),
        }),
        XriAuthority::Iri {
            text,
            userinfo,
            host: h,
            port,
        } => json!({
            "text": text,
            "kind": "iri",
            "userinfo": userinfo,
            "host": host(*h),
            "port": port,
        }),
        _ => json!({ "text": a.as_str() }),
    }
}

fn subsegment(s: &Subsegment<'_>) -> Value {
    let delimiter = s.delimiter().name();
    let mut object = Map::new();
    object.insert("text".into(), json!(s.as_str()));
    object.insert("delimiter".into(), json!(delimiter));
    match s.value() {
        SubsegmentValue::Literal(literal) => object.insert("literal".into(), json!(literal)),
        SubsegmentValue::CrossReference(xref) => {
            object.insert("xref".into(), cross_reference(&xref))
        }
        _ => None,
    };
    Value::Object(object)
}

fn cross_reference(x: &CrossReference<'_>) -> Value {
    match x.value() {
        CrossReferenceValue::Xri(inner) => json!({ "text": x.as_str(), "xri": xri(&inner) }),
        CrossReferenceValue::Iri(iri) => {
            json!({ "text": x.as_str(), "iri": reference(iri.as_reference()) })
        }
        _ => json!({ "text": x.as_str() }),
    }
}

/// An indented listing of a JSON value: `key: value` a line, nulls and
/// empty lists left out, nested objects and lists indented below their key.
fn listing(value: &Value, depth: usize) -> String {
    let pad = "  ".repeat(depth);
    let mut out = String::new();
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                match v {
                    Value::Null => {}
                    Value::Array(items) if items.is_empty() => {}
                    Value::Object(_) | Value::Array(_) => {
                        out.push_str(&format!("{pad}{key}:\n{}", listing(v, depth + 1)));
                    }
                    scalar => out.push_str(&format!("{pad}{key}: {}\n", scalar_text(scalar))),
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                out.push_str(&format!("{pad}[{i}]\n{}", listing(item, depth + 1)));
            }
        }
        scalar => out.push_str(&format!("{pad}{}\n", scalar_text(scalar))),
    }
    out
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}
