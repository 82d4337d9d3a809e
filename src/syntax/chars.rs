//! The character classes of RFC 3986 and 3987 that the conversions,
//! normalization and the security checks test characters against. The
//! grammars have them as pest rules; the tests below hold each function to
//! its rule.

/// RFC 3986's `reserved`: `gen-delims` and `sub-delims`.
pub(crate) const RESERVED: &str = ":/?#[]@!$&'()*+,;=";

/// RFC 3987 4.1: bidi formatting characters are not allowed in IRIs,
/// though `ucschar` covers them (the LEIRI Note section 5 lists them).
/// The newer Bidi_Control characters count too (docs/DECISIONS.md).
pub(crate) fn bidi_formatting(c: char) -> bool {
    // RFC 3987's seven (LRM, RLM, LRE, RLE, PDF, LRO, RLO), then the five
    // Unicode 6.3 added (ALM, LRI, RLI, FSI, PDI); the test below holds
    // them to unicode-bidi's `format_chars`.
    matches!(
        c,
        '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{061C}' | '\u{2066}'..='\u{2069}'
    )
}

/// RFC 3987's ucschar.
pub(crate) fn ucschar(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// Whether a non-ASCII character may stand as itself in an RFC 3987 IRI,
/// in the query (`in_query`) or elsewhere: `ucschar` but the bidi
/// formatting characters (4.1), and `iprivate` in the query.
pub(crate) fn iri_allows(c: char, in_query: bool) -> bool {
    (ucschar(c) && !bidi_formatting(c)) || (in_query && iprivate(c))
}

/// RFC 3987's iprivate.
pub(crate) fn iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `unreserved` (RFC 3986 2.3; RFC 6570 1.5 takes it as is).
pub(crate) fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// `reserved` (RFC 3986 2.2): `gen-delims` and `sub-delims`.
pub(crate) fn reserved(c: char) -> bool {
    matches!(
        c,
        ':' | '/'
            | '?'
            | '#'
            | '['
            | ']'
            | '@'
            | '!'
            | '$'
            | '&'
            | '\''
            | '('
            | ')'
            | '*'
            | '+'
            | ','
            | ';'
            | '='
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::grammar::Grammar;

    /// Every range boundary of the rule's ABNF (and one past it), and a
    /// sweep of the code space, agree with the pest rule.
    fn agrees(grammar: Grammar, rule: &str, f: fn(char) -> bool) {
        let rule = grammar.rule(rule).unwrap();
        let mut points: Vec<u32> = (0..0x11_0000).step_by(97).collect();
        let body = rule.abnf().split_once('=').map_or("", |(_, b)| b);
        for range in body.split('/').map(str::trim) {
            for bound in range
                .trim_start_matches('%')
                .trim_start_matches('x')
                .split('-')
            {
                if let Ok(n) = u32::from_str_radix(bound.trim(), 16) {
                    points.extend([n.saturating_sub(1), n, n + 1]);
                }
            }
        }
        for c in points.into_iter().filter_map(char::from_u32) {
            let mut one = [0u8; 4];
            let text = c.encode_utf8(&mut one);
            assert_eq!(
                f(c),
                rule.check(text).is_ok(),
                "{} on U+{:04X}",
                rule.name(),
                c as u32
            );
        }
    }

    #[test]
    fn the_classes_are_their_rules() {
        agrees(Grammar::Iri, "ucschar", ucschar);
        agrees(Grammar::Iri, "iprivate", iprivate);
        agrees(Grammar::Uri, "reserved", |c| RESERVED.contains(c));
    }

    #[test]
    fn the_bidi_formatting_characters_are_unicode_bidis() {
        use unicode_bidi::format_chars::{
            ALM, FSI, LRE, LRI, LRM, LRO, PDF, PDI, RLE, RLI, RLM, RLO,
        };
        let listed = [LRM, RLM, LRE, RLE, PDF, LRO, RLO, ALM, LRI, RLI, FSI, PDI];
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            assert_eq!(
                bidi_formatting(c),
                listed.contains(&c),
                "U+{:04X}",
                c as u32
            );
        }
    }
}
