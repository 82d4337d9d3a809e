//! RFC 9110 section 5.6.1's list extension: `#element`, `1#element` and
//! `<n>#<m>element`, which every HTTP specification uses. A list's `#`
//! is read as `*` (the same width, so that every place stays where it
//! was) and the repetition the parser makes of it is expanded after, as
//! the section defines:
//!
//! - the sender's syntax (section 5.6.1.1, the default, what the
//!   collected ABNF of RFC 9110's Appendix A prints):
//!   `1#element` is `element *( OWS "," OWS element )`, `#element` is
//!   `[ 1#element ]`, and `<n>#<m>element` is
//!   `element <n-1>*<m-1>( OWS "," OWS element )`;
//! - the recipient's (section 5.6.1.2, empty elements allowed):
//!   `#element` is `[ element ] *( OWS "," OWS [ element ] )` and
//!   `1#element` is `*( "," OWS ) element *( OWS "," [ OWS element ] )`.
//!   The section prints no recipient's form for other bounds, but says
//!   that empty elements do not count: `<n>#<m>element` is the form above
//!   for its lower bound (`1#` for n ≥ 1, `#` for n = 0) with from n to m
//!   elements that are not empty, written as
//!   `*( "," OWS ) element <n-1>*<m-1>( 1*( OWS "," ) OWS element ) *( OWS "," )`
//!   and `*( OWS "," OWS ) [ element <0>*<m-1>( 1*( OWS "," OWS ) element ) *( OWS "," OWS ) ]`
//!   (docs/DECISIONS.md, "RFC 9110 lists"); `#0element`, empty elements
//!   only (a sender's is the empty string).

use abnf_oracle::{CharVal, Definition, Element, Ignored, Repeat, RuleName, Span};

/// Which of RFC 9110's two readings of a list.
///
/// ```
/// use xiri_workbench::{AbnfFile, ListSyntax, LoadOptions, LoadedGrammar};
/// let text = "list = 1#\"a\"\nOWS = *SP\n";
/// let files = [AbnfFile::new("l", text)];
/// let sender = LoadedGrammar::load(&files).unwrap();
/// assert!(sender.decider("list").unwrap().decide("a , a").unwrap().accepted);
/// assert!(!sender.decider("list").unwrap().decide("a,,a").unwrap().accepted);
/// let options = LoadOptions { lists: ListSyntax::Recipient, ..LoadOptions::default() };
/// let recipient = LoadedGrammar::load_with(&files, &options).unwrap();
/// assert!(recipient.decider("list").unwrap().decide(", a,,a").unwrap().accepted);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ListSyntax {
    /// What a sender generates (RFC 9110 section 5.6.1.1): no empty
    /// elements.
    #[default]
    Sender,
    /// What a recipient accepts (section 5.6.1.2): empty elements too.
    Recipient,
}

/// The `#` of each list in one rule's text, replaced by `*`: the text to
/// parse, and where each was, with whether the list's maximum is 1. A
/// `#` is a list's when it starts an element (after a space, `(`, `[`,
/// `/` or `=`, with its bounds) outside quoted strings, prose values and
/// comments. A maximum of 1 is written as 9 (the same width): the parser
/// reads `*1x` as `[x]` and `1*1x` as `x`, leaving no repetition to
/// expand, and a recipient's `#1x` and `1#1x` allow empty elements.
pub(crate) fn mark(text: &str) -> (String, Vec<(usize, bool)>) {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut marks = Vec::new();
    let mut quoted = false;
    let mut prose = false;
    let mut comment = false;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' => {
                comment = false;
                quoted = false;
                prose = false;
            }
            _ if comment => {}
            b'"' if !prose => quoted = !quoted,
            b'<' if !quoted => prose = true,
            b'>' if prose => prose = false,
            b';' if !quoted && !prose => comment = true,
            b'#' if !quoted && !prose => {
                let before = bytes
                    .get(..i)
                    .unwrap_or_default()
                    .iter()
                    .rev()
                    .find(|c| !c.is_ascii_digit());
                if before.is_none_or(|c| matches!(c, b' ' | b'\t' | b'(' | b'[' | b'/' | b'=')) {
                    if let Some(o) = out.get_mut(i) {
                        *o = b'*';
                    }
                    let one = bytes.get(i + 1) == Some(&b'1')
                        && !bytes.get(i + 2).is_some_and(u8::is_ascii_digit);
                    if let (true, Some(o)) = (one, out.get_mut(i + 1)) {
                        *o = b'9';
                    }
                    marks.push((i, one));
                }
            }
            _ => {}
        }
    }
    (
        String::from_utf8(out).unwrap_or_else(|_| text.to_string()),
        marks,
    )
}

/// Expands the repetitions made of a marked `#` (`marks`, offsets in the
/// joined text) in the definitions.
pub(crate) fn expand(definitions: &mut [Definition], marks: &[(u32, bool)], syntax: ListSyntax) {
    if marks.is_empty() {
        return;
    }
    for d in definitions {
        expand_element(&mut d.body, marks, syntax);
    }
}

/// Elements nest no deeper than the loader lets groups nest, so this
/// recursion is bounded.
fn expand_element(element: &mut Element, marks: &[(u32, bool)], syntax: ListSyntax) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                expand_element(item, marks, syntax);
            }
        }
        Element::Optional(body) => expand_element(body, marks, syntax),
        Element::Repeat { repeat, body, span } => {
            expand_element(body, marks, syntax);
            let s = span.0;
            if let Some(&(_, one)) = marks.iter().find(|&&(m, _)| s.start <= m && m < s.end) {
                let body = std::mem::replace(body.as_mut(), Element::Concat(Vec::new()));
                let repeat = match one {
                    true => Repeat {
                        min: repeat.min,
                        max: Some(1),
                    },
                    false => *repeat,
                };
                *element = list(repeat, body, s, syntax);
            }
        }
        Element::RuleRef { .. }
        | Element::CharVal(_)
        | Element::NumVal { .. }
        | Element::ProseVal { .. } => {}
    }
}

/// `<min>#<max>element`, expanded.
fn list(repeat: Repeat, element: Element, span: Span, syntax: ListSyntax) -> Element {
    let ows = || Element::RuleRef {
        name: RuleName::new("OWS"),
        span: Ignored(span),
    };
    let comma = || {
        Element::CharVal(CharVal {
            value: ",".to_string(),
            case_sensitive: false,
        })
    };
    let star = |min: u64, max: Option<u64>, body: Element| Element::Repeat {
        repeat: Repeat { min, max },
        body: Box::new(body),
        span: Ignored(span),
    };
    let optional = |e: Element| Element::Optional(Box::new(e));
    match (syntax, repeat.min, repeat.max) {
        (ListSyntax::Recipient, 0, None) => Element::Concat(vec![
            optional(element.clone()),
            star(
                0,
                None,
                Element::Concat(vec![ows(), comma(), ows(), optional(element)]),
            ),
        ]),
        (ListSyntax::Recipient, 1, None) => Element::Concat(vec![
            star(0, None, Element::Concat(vec![comma(), ows()])),
            element.clone(),
            star(
                0,
                None,
                Element::Concat(vec![
                    ows(),
                    comma(),
                    optional(Element::Concat(vec![ows(), element])),
                ]),
            ),
        ]),
        (ListSyntax::Sender, _, Some(0)) => star(0, Some(0), element),
        (ListSyntax::Recipient, 0, max) => {
            let sep = || Element::Concat(vec![ows(), comma(), ows()]);
            if max == Some(0) {
                // Empty elements only.
                return star(0, None, sep());
            }
            let more = Element::Concat(vec![star(1, None, sep()), element.clone()]);
            let rest = star(0, max.map(|m| m.saturating_sub(1)), more);
            Element::Concat(vec![
                star(0, None, sep()),
                optional(Element::Concat(vec![element, rest, star(0, None, sep())])),
            ])
        }
        (ListSyntax::Recipient, min, max) => {
            let sep = || Element::Concat(vec![ows(), comma()]);
            let more = Element::Concat(vec![star(1, None, sep()), ows(), element.clone()]);
            let mut items = vec![
                star(0, None, Element::Concat(vec![comma(), ows()])),
                element,
            ];
            // (No repetition of at most 0 more: `1#1x` is one element.)
            if max != Some(1) {
                items.push(star(
                    min.saturating_sub(1),
                    max.map(|m| m.saturating_sub(1)),
                    more,
                ));
            }
            items.push(star(0, None, sep()));
            Element::Concat(items)
        }
        (_, min, max) => {
            let rest = star(
                min.saturating_sub(1),
                max.map(|m| m.saturating_sub(1)),
                Element::Concat(vec![ows(), comma(), ows(), element.clone()]),
            );
            let one = match max {
                Some(1) => element,
                _ => Element::Concat(vec![element, rest]),
            };
            if min == 0 {
                optional(one)
            } else {
                one
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_lists_hash_is_marked() {
        let (text, marks) = mark("a = #b 1#c [ 2#3d ] \"#\" <#> ; #\n  / (#e)\n");
        assert_eq!(text, "a = *b 1*c [ 2*3d ] \"#\" <#> ; #\n  / (*e)\n");
        let at: Vec<usize> = marks.iter().map(|m| m.0).collect();
        assert_eq!(at, [4, 8, 14, 37]);
        let (text, marks) = mark("a = #1b 1#1c 1#10d\n");
        assert_eq!(text, "a = *9b 1*9c 1*10d\n");
        assert_eq!(marks, [(4, true), (9, true), (14, false)]);
    }
}
