//! Reading a template: the engine decides it against RFC 6570's ABNF
//! (grammar/rfc6570.abnf, `URI-Template`, compiled on first use), then one
//! pass splits the accepted text into literals and expressions.

use super::error::{TemplateError, TemplateErrorKind};
use crate::engine::{Automaton, Options};
use std::borrow::Cow;
use std::sync::OnceLock;

/// RFC 6570 section 2's ABNF, as printed.
pub(crate) const SPEC_ABNF: &str = include_str!("../../grammar/rfc6570.abnf");

/// Verified erratum 6937's `literals`, with "'".
const ERRATA: &str = include_str!("../../grammar/rfc6570-errata.abnf");

/// The ABNF xiri decides: as printed, with erratum 6937's `literals`.
pub(crate) fn abnf() -> String {
    xiri_engine::abnf::compose(&[SPEC_ABNF, ERRATA])
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
/// refuses, at the engine's offset (the tests hold it to the engine), with
/// a shorter expected set.
pub(crate) fn split(text: &str) -> Result<Vec<Part>, TemplateError> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut at = 0;
    // The first reserved operator, refused once the whole text is known to
    // match the grammar (so that a syntax error is the engine's).
    let mut reserved = None;
    while let Some(c) = text.get(at..).and_then(|rest| rest.chars().next()) {
        match c {
            '{' => {
                if !literal.is_empty() {
                    parts.push(Part::Literal(std::mem::take(&mut literal)));
                }
                let (part, end) = expression(text, at + 1)?;
                if part.is_none() && reserved.is_none() {
                    reserved = Some(at + 1);
                }
                parts.extend(part);
                at = end;
            }
            '%' => {
                let end = triplet(text, at)?;
                literal.push_str(text.get(at..end).unwrap_or_default());
                at = end;
            }
            c if literal_char(c) => {
                literal.push(c);
                at += c.len_utf8();
            }
            _ => return Err(syntax(at, &["literals", "expression"])),
        }
    }
    if let Some(at) = reserved {
        return Err(TemplateError::new(
            TemplateErrorKind::ReservedOperator,
            at,
            vec![Cow::Borrowed("op-level2"), Cow::Borrowed("op-level3")],
        ));
    }
    if !literal.is_empty() {
        parts.push(Part::Literal(literal));
    }
    Ok(parts)
}

/// The end of the `pct-encoded` triplet at `at`, or the offset of the
/// first character that is not one of its hex digits.
fn triplet(text: &str, at: usize) -> Result<usize, TemplateError> {
    for i in at + 1..at + 3 {
        if !text.as_bytes().get(i).is_some_and(u8::is_ascii_hexdigit) {
            return Err(syntax(i, &["HEXDIG"]));
        }
    }
    Ok(at + 3)
}

/// `literals` but for `pct-encoded` (section 2.1, with erratum 6937's "'").
pub(crate) fn literal_char(c: char) -> bool {
    match c {
        '!' | '#' | '$' | '&'..=';' | '=' | '?'..='[' | ']' | '_' | 'a'..='z' | '~' => true,
        c if c.is_ascii() => false,
        c => crate::syntax::chars::ucschar(c) || crate::syntax::chars::iprivate(c),
    }
}

/// The expression whose text starts after its "{" at `start` (`None` for
/// one with a reserved operator), and the offset after its "}".
fn expression(text: &str, start: usize) -> Result<(Option<Part>, usize), TemplateError> {
    let byte = |i: usize| text.as_bytes().get(i).copied();
    let (operator, reserved, mut i) = match byte(start) {
        Some(b'=' | b',' | b'!' | b'@' | b'|') => (Operator::Simple, true, start + 1),
        Some(b) => match operator(char::from(b)) {
            Some(op) => (op, false, start + 1),
            None => (Operator::Simple, false, start),
        },
        None => return Err(syntax(start, &["operator", "varchar"])),
    };
    let mut vars = Vec::new();
    loop {
        let at = i;
        i = varname(text, i)?;
        let name = text.get(at..i).unwrap_or_default().to_string();
        let modifier = match byte(i) {
            Some(b'*') => {
                i += 1;
                Modifier::Explode
            }
            Some(b':') => {
                i += 1;
                if !byte(i).is_some_and(|b| (b'1'..=b'9').contains(&b)) {
                    return Err(syntax(i, &["max-length"]));
                }
                let digits = i;
                i += 1;
                while i < digits + 4 && byte(i).is_some_and(|b| b.is_ascii_digit()) {
                    i += 1;
                }
                let n = text.get(digits..i).and_then(|d| d.parse().ok());
                Modifier::Prefix(n.unwrap_or(1))
            }
            _ => Modifier::None,
        };
        vars.push(VarSpec { name, modifier, at });
        match byte(i) {
            Some(b',') => i += 1,
            Some(b'}') => break,
            _ => return Err(syntax(i, &["\",\"", "\"}\""])),
        }
    }
    let part = (!reserved).then_some(Part::Expression { operator, vars });
    Ok((part, i + 1))
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

/// The end of the `varname = varchar *( ["."] varchar )` at `at`.
fn varname(text: &str, at: usize) -> Result<usize, TemplateError> {
    let mut i = at;
    let mut need = true;
    loop {
        match text.as_bytes().get(i) {
            Some(b'%') => i = triplet(text, i)?,
            Some(b) if b.is_ascii_alphanumeric() || *b == b'_' => i += 1,
            Some(b'.') if !need => {
                i += 1;
                need = true;
                continue;
            }
            _ if need => return Err(syntax(i, &["varchar"])),
            _ => return Ok(i),
        }
        need = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 8192, failure_persistence: None, ..ProptestConfig::default() })]

        /// The split refuses exactly what the engine refuses, at the same
        /// offset (its expected set is its own); an accepted template with
        /// a reserved operator is the split's refusal alone.
        #[test]
        fn the_split_decides_as_the_engine(
            text in "[{}a-c.,:*%0-9A-F+#/;?&=!@|' \u{e9}\u{E000}\u{FFFE}]{0,12}"
        ) {
            let engine = automaton().unwrap().check(&text);
            match (split(&text), engine) {
                (Ok(_), Ok(())) => {}
                (Err(e), Ok(())) => {
                    prop_assert_eq!(e.kind(), TemplateErrorKind::ReservedOperator, "{:?}", text);
                }
                (Err(e), Err(r)) => {
                    prop_assert_eq!(e.kind(), TemplateErrorKind::Syntax, "{:?}", text);
                    prop_assert_eq!(e.offset(), r.offset, "{:?}", text);
                }
                (Ok(_), Err(r)) => prop_assert!(false, "{:?}: the engine refuses at {}", text, r.offset),
            }
        }
    }
}
