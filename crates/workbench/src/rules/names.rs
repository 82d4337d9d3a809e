//! The names of a grammar: the rule names a body refers to, and RFC
//! 5234's core rules, which every grammar has.

use abnf_oracle::{Element, Span};

/// The RFC 5234 core rules (Appendix B.1), which every grammar has.
pub(crate) const CORE_RULES: [&str; 16] = [
    "ALPHA", "BIT", "CHAR", "CR", "CRLF", "CTL", "DIGIT", "DQUOTE", "HEXDIG", "HTAB", "LF", "LWSP",
    "OCTET", "SP", "VCHAR", "WSP",
];

/// Calls `found` with every rule name `element` refers to and where.
pub(crate) fn references(element: &Element, found: &mut impl FnMut(&str, Span)) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                references(item, found);
            }
        }
        Element::Repeat { body, .. } | Element::Optional(body) => references(body, found),
        Element::RuleRef { name, span } => found(name.as_str(), span.0),
        Element::CharVal(_) | Element::NumVal { .. } | Element::ProseVal { .. } => {}
    }
}
