//! Expansion (RFC 6570 section 3.2, as Appendix A's algorithm writes it):
//! one pass over the template's parts, each value encoded once.

use super::error::{TemplateError, TemplateErrorKind};
use super::parse::{Modifier, Operator, Part, VarSpec};
use super::value::{Value, Variables};
use crate::syntax::chars::{iri_allows, reserved, unreserved};
use crate::syntax::pct::{encode_char, pieces, Piece};
use std::borrow::Cow;

/// Appendix A's table: what an operator writes before the first value
/// and between values, whether it names them, what it writes after the
/// name of an empty value, and whether reserved characters stay (U+R).
struct Behaviour {
    first: &'static str,
    sep: &'static str,
    named: bool,
    ifemp: &'static str,
    reserved: bool,
}

fn behaviour(operator: Operator) -> Behaviour {
    let (first, sep, named, ifemp, reserved) = match operator {
        Operator::Simple => ("", ",", false, "", false),
        Operator::Reserved => ("", ",", false, "", true),
        Operator::Fragment => ("#", ",", false, "", true),
        Operator::Label => (".", ".", false, "", false),
        Operator::Path => ("/", "/", false, "", false),
        Operator::PathParam => (";", ";", true, "", false),
        Operator::Query => ("?", "&", true, "=", false),
        Operator::QueryContinuation => ("&", "&", true, "=", false),
    };
    Behaviour {
        first,
        sep,
        named,
        ifemp,
        reserved,
    }
}

/// Appends `parts` expanded with `vars`. With `iri`, a literal's
/// characters that an IRI allows (`ucschar`, but for the bidi formatting
/// characters) stay as themselves; values are encoded as for a URI.
pub(crate) fn expand(
    parts: &[Part],
    vars: &(impl Variables + ?Sized),
    iri: bool,
    out: &mut String,
) -> Result<(), TemplateError> {
    for part in parts {
        match part {
            Part::Literal(text) => literal(text, iri, out),
            Part::Expression {
                operator,
                vars: specs,
            } => {
                expression(*operator, specs, vars, out)?;
            }
        }
    }
    Ok(())
}

/// Section 3.1: a literal is copied, each character outside the URI's
/// (or with `iri` the IRI's) characters as the triplets of its UTF-8.
fn literal(text: &str, iri: bool, out: &mut String) {
    for c in text.chars() {
        if c.is_ascii() || (iri && iri_allows(c, false)) {
            out.push(c);
        } else {
            encode_char(c, out);
        }
    }
}

fn expression(
    operator: Operator,
    specs: &[VarSpec],
    vars: &(impl Variables + ?Sized),
    out: &mut String,
) -> Result<(), TemplateError> {
    let b = behaviour(operator);
    let mut first = true;
    for spec in specs {
        let Some(value) = vars.get(&spec.name).filter(|v| !v.is_undefined()) else {
            continue;
        };
        let max = match spec.modifier {
            Modifier::Prefix(n) => Some(usize::from(n)),
            _ => None,
        };
        if max.is_some() && !matches!(value, Value::String(_)) {
            return Err(TemplateError::new(
                TemplateErrorKind::PrefixOnComposite,
                spec.at,
                vec![Cow::Borrowed("a string value")],
            ));
        }
        out.push_str(if first { b.first } else { b.sep });
        first = false;
        let explode = spec.modifier == Modifier::Explode;
        match value {
            Value::String(s) => {
                if b.named {
                    out.push_str(&spec.name);
                    if s.is_empty() {
                        out.push_str(b.ifemp);
                        continue;
                    }
                    out.push('=');
                }
                encode(s, b.reserved, max, out);
            }
            Value::List(items) if explode => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(b.sep);
                    }
                    if b.named {
                        out.push_str(&spec.name);
                        if item.is_empty() {
                            out.push_str(b.ifemp);
                            continue;
                        }
                        out.push('=');
                    }
                    encode(item, b.reserved, None, out);
                }
            }
            Value::Map(pairs) if explode => {
                for (i, (key, item)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(b.sep);
                    }
                    encode(key, b.reserved, None, out);
                    if b.named && item.is_empty() {
                        out.push_str(b.ifemp);
                        continue;
                    }
                    out.push('=');
                    encode(item, b.reserved, None, out);
                }
            }
            composite => {
                if b.named {
                    out.push_str(&spec.name);
                    out.push('=');
                }
                for (i, member) in Members::of(composite).enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    encode(member, b.reserved, None, out);
                }
            }
        }
    }
    Ok(())
}

/// A composite value's strings in order: a list's items, an associative
/// array's names and values alternately.
enum Members<'v> {
    List(std::slice::Iter<'v, String>),
    Map(std::slice::Iter<'v, (String, String)>, Option<&'v str>),
}

impl<'v> Members<'v> {
    fn of(value: &'v Value) -> Members<'v> {
        match value {
            Value::Map(pairs) => Members::Map(pairs.iter(), None),
            Value::List(items) => Members::List(items.iter()),
            Value::String(_) => Members::List([].iter()),
        }
    }
}

impl<'v> Iterator for Members<'v> {
    type Item = &'v str;

    fn next(&mut self) -> Option<&'v str> {
        match self {
            Members::List(items) => items.next().map(String::as_str),
            Members::Map(pairs, pending) => match pending.take() {
                Some(v) => Some(v),
                None => pairs.next().map(|(k, v)| {
                    *pending = Some(v.as_str());
                    k.as_str()
                }),
            },
        }
    }
}

/// Appends `value`'s first `max` characters encoded: with `reserved`
/// (U+R, operators `+` and `#`), reserved characters and pct-encoded
/// triplets stay, and a triplet, or the triplets of one UTF-8 character,
/// count as one character; otherwise (U) only unreserved characters
/// stay (section 1.5's sets, section 3.2.1).
fn encode(value: &str, reserved_too: bool, max: Option<usize>, out: &mut String) {
    let max = max.unwrap_or(usize::MAX);
    if !reserved_too {
        for c in value.chars().take(max) {
            if unreserved(c) {
                out.push(c);
            } else {
                encode_char(c, out);
            }
        }
        return;
    }
    for (_, piece) in pieces(value).take(max) {
        match piece {
            Piece::Plain(c) if unreserved(c) || reserved(c) => out.push(c),
            Piece::Plain(c) => encode_char(c, out),
            Piece::Char { triplets, .. } => out.push_str(triplets),
            Piece::Octet { triplet, .. } => out.push_str(triplet),
        }
    }
}
