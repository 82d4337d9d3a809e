//! What xiri gives for a row of the printed examples, and whether that is
//! what the specification says.

use super::data::{named, Example, Flags, Question};
use crate::cli::normalize::{equivalent, normal};
use crate::cli::resolve::{resolver_for, Direction};
use xiri::draft::DraftPort;
use xiri::{Charset, Conversion, Grammar, Normalization, ParseError, Rule, Uri};

/// xiri's answer to one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// In the words of the row's `says` column: "valid", "equivalent", a
    /// target, or "error: " and the error's message.
    pub gives: String,
    pub agrees: bool,
}

/// The answer xiri gives to `example`'s question.
pub fn answer(example: &Example) -> Answer {
    let input = example.input.as_str();
    let with = example.with.as_deref().unwrap_or_default();
    let gives = match &example.question {
        Question::Valid { grammar, rule } => valid(*grammar, rule, input),
        Question::Resolve(grammar) => resolver_for(Direction::Resolve, *grammar, with.to_string())
            .and_then(|mut resolve| resolve(input).map_err(|e| e.message()))
            .unwrap_or_else(error),
        Question::Equiv(grammar, flags) => {
            match equivalent((*grammar, false), input, with, options(*flags)) {
                Ok(true) => "equivalent".to_string(),
                Ok(false) => "not equivalent".to_string(),
                Err(e) => error(e.message()),
            }
        }
        Question::Normalize(grammar, flags) => {
            text(normal((*grammar, false), input, options(*flags)).map_err(|e| e.message()))
        }
        Question::Convert {
            from,
            to,
            idna,
            charset,
        } => text(
            conversion(*from, *to, *idna, charset.as_deref())
                .and_then(|c| c.apply(input).map_err(|e| e.message()))
                .map(|done| done.output().to_string()),
        ),
        Question::Steps { from, to } => text(
            conversion(*from, *to, false, None)
                .and_then(|c| c.apply(input).map_err(|e| e.message()))
                .map(|done| {
                    let texts: Vec<&str> = done.steps().iter().map(|s| s.text.as_str()).collect();
                    texts.join(" | ")
                }),
        ),
        Question::Components(grammar) => text(components(*grammar, input, &example.says)),
        Question::DotSegments => text(dot_segments(input)),
        Question::DraftComponents => text(draft_components(input, &example.says)),
        Question::Preprocess(spaces) => xiri::preprocess(input, *spaces).join(" | "),
        Question::Expand => text(crate::cli::uri_template::expansion(input, with)),
        Question::Find(grammar) => text(found(*grammar, input)),
    };
    let agrees = gives == example.says
        || (gives.starts_with("error") && example.says.starts_with("error"))
        || (example.question == Question::Expand && example.says.split(" or ").any(|s| s == gives));
    Answer { gives, agrees }
}

fn error(message: String) -> String {
    format!("error: {message}")
}

fn text(result: Result<String, String>) -> String {
    result.unwrap_or_else(error)
}

fn options(flags: Flags) -> Normalization {
    Normalization::new()
        .with_nfc(flags.nfc)
        .with_scheme_based(flags.scheme_based)
}

fn valid(grammar: Grammar, rule: &str, input: &str) -> String {
    // "reference+rfc6874" and "absolute+rfc6874": with zone identifiers.
    let checked = match rule.strip_suffix("+rfc6874") {
        Some(form) => crate::cli::check::zoned_form(grammar, form, input),
        None => grammar
            .rule(rule)
            .ok_or(format!("{grammar} has no rule {rule}"))
            .map(|r: Rule| r.check(input)),
    };
    match checked {
        Ok(Ok(())) => "valid".to_string(),
        Ok(Err(_)) => "invalid".to_string(),
        Err(why) => error(why),
    }
}

fn conversion(
    from: Grammar,
    to: Grammar,
    idna: bool,
    charset: Option<&str>,
) -> Result<Conversion, String> {
    let mut conversion = Conversion::new(from, to).map_err(|e| e.to_string())?;
    conversion.uri.idna = idna;
    if let Some(label) = charset {
        conversion.uri.query_charset =
            Some(Charset::for_label(label).ok_or(format!("no charset {label:?}"))?);
    }
    Ok(conversion)
}

/// The components `says` names ("name=value" separated by spaces), each
/// with the value xiri finds, in the same words.
fn components(grammar: Grammar, input: &str, says: &str) -> Result<String, String> {
    let found = parts(grammar, input).map_err(|e| e.message())?;
    named(&found, says).ok_or(format!("{grammar} has not all of {says:?}"))
}

/// The components of a reference as xiri parses it.
fn parts(grammar: Grammar, input: &str) -> Result<Vec<(&'static str, Option<String>)>, ParseError> {
    let own = |s: Option<&str>| s.map(str::to_string);
    macro_rules! uri_like {
        ($r:expr) => {{
            let r = $r;
            vec![
                ("scheme", own(r.scheme())),
                ("authority", own(r.authority())),
                ("userinfo", own(r.userinfo())),
                ("host", own(r.host().map(|h| h.as_str()))),
                ("port", own(r.port())),
                ("path", Some(r.path().to_string())),
                ("query", own(r.query())),
                ("fragment", own(r.fragment())),
            ]
        }};
    }
    Ok(match grammar {
        Grammar::Uri => uri_like!(xiri::UriRef::parse(input)?),
        Grammar::Iri => uri_like!(xiri::IriRef::parse(input)?),
        Grammar::IriBis => uri_like!(xiri::IriRef::parse_3987bis(input)?),
        Grammar::Leiri => uri_like!(xiri::LeiriRef::parse(input)?),
        Grammar::Xri => {
            let x = xiri::XriRef::parse(input)?;
            vec![
                ("scheme", x.has_prefix().then(|| "xri".to_string())),
                ("authority", x.authority().map(|a| a.as_str().to_string())),
                ("path", Some(x.path().to_string())),
                ("query", own(x.query())),
                ("fragment", own(x.fragment())),
            ]
        }
    })
}

/// RFC 3986 5.2.4 on `path`, through normalization, which removes dot
/// segments by it: the path of a URI with the scheme "x".
fn dot_segments(path: &str) -> Result<String, String> {
    let uri = format!("x:{path}");
    let normal = Uri::parse(&uri)
        .and_then(|u| u.normalize(Normalization::default()))
        .map_err(|e| e.message())?;
    Ok(normal
        .as_str()
        .strip_prefix("x:")
        .unwrap_or_default()
        .to_string())
}

/// The IRI processing draft's section 5 on `input`: the components `says`
/// names.
fn draft_components(input: &str, says: &str) -> Result<String, String> {
    let c = xiri::draft::parse_components(input);
    let a = c.authority.as_ref();
    let own = |s: Option<&str>| s.map(str::to_string);
    let found = [
        ("scheme", own(c.scheme)),
        ("authority", own(a.map(|a| a.text))),
        ("userinfo", own(a.and_then(|a| a.userinfo))),
        ("host", own(a.map(|a| a.host))),
        ("host-kind", a.map(|a| a.host_kind.name().to_string())),
        ("port", own(a.and_then(|a| a.port).map(|p| p.as_str()))),
        (
            "port-valid",
            a.and_then(|a| a.port)
                .map(|p| matches!(p, DraftPort::Digits(_)).to_string()),
        ),
        ("path", Some(c.path.to_string())),
        ("query", own(c.query.as_deref())),
        ("fragment", own(c.fragment.as_deref())),
    ];
    named(&found, says).ok_or(format!("section 5 names no part of {says:?}"))
}

/// The references `xiri::find` gives in `text`, joined by " | ".
fn found(grammar: Grammar, text: &str) -> Result<String, String> {
    fn all<S: xiri::GenericSyntax>(text: &str) -> String {
        let found: Vec<String> = xiri::find::<S>(text)
            .map(|f| f.reference().as_str().to_string())
            .collect();
        found.join(" | ")
    }
    Ok(match grammar {
        Grammar::Uri => all::<xiri::Rfc3986>(text),
        Grammar::Iri => all::<xiri::Rfc3987>(text),
        Grammar::IriBis => all::<xiri::Rfc3987bis>(text),
        Grammar::Leiri => all::<xiri::LeiriNote>(text),
        Grammar::Xri => return Err("XRIs are not found in text".into()),
    })
}
