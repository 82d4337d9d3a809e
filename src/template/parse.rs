//! Reading a template: the engine decides it against RFC 6570's ABNF
//! (grammar/rfc6570.abnf, `URI-Template`, compiled on first use), then one
//! pass splits the accepted text into literals and expressions.

use super::error::{TemplateError, TemplateErrorKind};
use crate::engine::{Automaton, Options};
use crate::syntax::pct::octet;
use std::borrow::Cow;
use std::sync::OnceLock;

/// RFC 6570 section 2's ABNF, as printed.
pub(crate) const SPEC_ABNF: &str = include_str!("../../grammar/rfc6570.abnf");

/// Verified erratum 6937's `literals`, with "'".
const ERRATA: &str = include_str!("../../grammar/rfc6570-errata.abnf");

/// The ABNF xiri decides: as printed, with erratum 6937's `literals`.
pub(crate) fn abnf() -> String {
    crate::syntax::abnf::compose(&[SPEC_ABNF, ERRATA])
}

/// `URI-Template` compiled by the engine, once; `None` if it does not
/// compile, which the tests rule out.
pub(crate) fn automaton() -> Option<&'static Automaton> {
    static AUTOMATON: OnceLock<Option<Automaton>> = OnceLock::new();
    AUTOMATON
        .get_or_init(|| crate::engine::compile(&abnf(), "URI-Template", &Options::new()).ok())
        .as_ref()
}

/// An expression's operator (section 2.2; the reserved ones are refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operator {
    Simple,
    Reserved,
    Fragment,
    Label,
    Path,
    PathParam,
    Query,
    QueryContinuation,
}

/// A value modifier (section 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    /// `:N`, 1 to 9999 characters.
    Prefix(u16),
    Explode,
}

/// One `varspec`: the name as written, its modifier, its offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VarSpec {
    pub(crate) name: String,
    pub(crate) modifier: Modifier,
    pub(crate) at: usize,
}

/// A template's parts, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// Literal characters, as written.
    Literal(String),
    Expression {
        operator: Operator,
        vars: Vec<VarSpec>,
    },
}

fn syntax(offset: usize, expected: &[&'static str]) -> TemplateError {
    TemplateError::new(
        TemplateErrorKind::Syntax,
        offset,
        expected.iter().map(|e| Cow::Borrowed(*e)).collect(),
    )
}

/// The parts of `text`, or why it is not a template: the engine's offset
/// and expected set; an operator section 2.2 reserves.
pub(crate) fn parse(text: &str) -> Result<Vec<Part>, TemplateError> {
    if let Some(a) = automaton() {
        if let Err(refusal) = a.check(text) {
            return Err(TemplateError::new(
                TemplateErrorKind::Syntax,
                refusal.offset,
                refusal.expected,
            ));
        }
    }
    split(text)
}

/// The split of a template; it refuses on its own what the grammar
/// refuses (the tests hold it to the engine), with the offset and a
/// shorter expected set.
pub(crate) fn split(text: &str) -> Result<Vec<Part>, TemplateError> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '{' => {
                if !literal.is_empty() {
                    parts.push(Part::Literal(std::mem::take(&mut literal)));
                }
                let end = text
                    .get(at..)
                    .and_then(|rest| rest.find('}'))
                    .map(|n| at + n)
                    .ok_or_else(|| syntax(text.len(), &["\"}\""]))?;
                let inner = text.get(at + 1..end).unwrap_or_default();
                parts.push(expression(inner, at + 1)?);
                while chars.peek().is_some_and(|&(i, _)| i <= end) {
                    chars.next();
                }
            }
            '%' => {
                let triplet = text.get(at..at + 3).filter(|t| octet(t).is_some());
                let Some(triplet) = triplet else {
                    return Err(syntax(at + 1, &["HEXDIG"]));
                };
                literal.push_str(triplet);
                chars.next();
                chars.next();
            }
            c if literal_char(c) => literal.push(c),
            _ => return Err(syntax(at, &["literals", "expression"])),
        }
    }
    if !literal.is_empty() {
        parts.push(Part::Literal(literal));
    }
    Ok(parts)
}

/// `literals` but for `pct-encoded` (section 2.1, with erratum 6937's "'").
pub(crate) fn literal_char(c: char) -> bool {
    match c {
        '!' | '#' | '$' | '&'..=';' | '=' | '?'..='[' | ']' | '_' | 'a'..='z' | '~' => true,
        c if c.is_ascii() => false,
        c => crate::syntax::chars::ucschar(c) || crate::syntax::chars::iprivate(c),
    }
}

/// The expression whose text between the braces is `inner`, at `start`.
fn expression(inner: &str, start: usize) -> Result<Part, TemplateError> {
    let (operator, list, offset) = match inner.chars().next() {
        Some('=' | ',' | '!' | '@' | '|') => {
            return Err(TemplateError::new(
                TemplateErrorKind::ReservedOperator,
                start,
                vec![Cow::Borrowed("op-level2"), Cow::Borrowed("op-level3")],
            ));
        }
        Some(c) => match operator(c) {
            Some(op) => (op, inner.get(1..).unwrap_or_default(), start + 1),
            None => (Operator::Simple, inner, start),
        },
        None => return Err(syntax(start, &["operator", "varchar"])),
    };
    let mut vars = Vec::new();
    let mut at = offset;
    for spec in list.split(',') {
        vars.push(varspec(spec, at)?);
        at += spec.len() + 1;
    }
    Ok(Part::Expression { operator, vars })
}

fn operator(c: char) -> Option<Operator> {
    Some(match c {
        '+' => Operator::Reserved,
        '#' => Operator::Fragment,
        '.' => Operator::Label,
        '/' => Operator::Path,
        ';' => Operator::PathParam,
        '?' => Operator::Query,
        '&' => Operator::QueryContinuation,
        _ => return None,
    })
}

/// One `varspec` at `at`.
fn varspec(spec: &str, at: usize) -> Result<VarSpec, TemplateError> {
    let name_end = spec.find([':', '*']).unwrap_or(spec.len());
    let name = spec.get(..name_end).unwrap_or_default();
    check_varname(name, at)?;
    let modifier = match spec.get(name_end..).unwrap_or_default() {
        "" => Modifier::None,
        "*" => Modifier::Explode,
        m => {
            let digits = m.get(1..).unwrap_or_default();
            let first = at + name_end + 1;
            let ok = m.starts_with(':')
                && (1..=4).contains(&digits.len())
                && !digits.starts_with('0')
                && digits.bytes().all(|b| b.is_ascii_digit());
            match digits.parse::<u16>() {
                Ok(n) if ok => Modifier::Prefix(n),
                _ if m.starts_with('*') => return Err(syntax(at + name_end + 1, &["\"}\""])),
                _ => return Err(syntax(first, &["max-length"])),
            }
        }
    };
    Ok(VarSpec {
        name: name.to_string(),
        modifier,
        at,
    })
}

/// `varname = varchar *( ["."] varchar )`.
fn check_varname(name: &str, at: usize) -> Result<(), TemplateError> {
    let bytes = name.as_bytes();
    let mut i = 0;
    let mut after_dot = true;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'.' if !after_dot => {
                after_dot = true;
                i += 1;
                continue;
            }
            b'%' => {
                if !name.get(i..i + 3).is_some_and(|t| octet(t).is_some()) {
                    return Err(syntax(at + i + 1, &["HEXDIG"]));
                }
                i += 3;
            }
            b if b.is_ascii_alphanumeric() || b == b'_' => i += 1,
            _ => return Err(syntax(at + i, &["varchar"])),
        }
        after_dot = false;
    }
    if after_dot {
        return Err(syntax(at + i, &["varchar"]));
    }
    Ok(())
}
