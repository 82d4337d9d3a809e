//! XRI references read by the pest grammar (grammar/xri.pest) and the
//! typed policy's classification, as docs/DECISIONS.md ("XRI: absolute or
//! relative") defines it: the reading the engine's (src/xri/split.rs) is
//! held to by `fast_path_check` (the `internals` feature).

use super::{has_prefix, looks_absolute, Authority, GlobalContext, XriRef, PREFIX};
use crate::syntax::builtin::xri_typed;
use crate::syntax::components::{authority, Span};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use crate::syntax::parens;
use crate::syntax::tree::Node;

/// `input` read with the policy's rule (`XRI` or `relative-XRI-ref`), and
/// the content of each cross-reference read on its own.
pub(super) fn parse(input: &str) -> Result<XriRef<'_>, ParseError> {
    let rule = if looks_absolute(input) {
        Grammar::Xri.absolute()
    } else {
        Grammar::Xri.relative()
    };
    let nodes = rule.components(input).map_err(|mut e| {
        if rule.name() == "relative-XRI-ref" && super::absolute_with_prefix(input) {
            e.kind = ErrorKind::NotAbsolute;
            e.rule = "XRI-reference";
            e.expected = vec!["\"xri://\", a global context symbol or \"(\"".into()];
            e.offset = 0;
        }
        e
    })?;
    let Some(top) = nodes.first() else {
        return Err(rule.error(input, ErrorKind::Syntax, 0, vec![rule.name().into()]));
    };
    check_cross_references(input, top)?;
    let parsed = reference(input, top);
    if has_prefix(input) && !parsed.prefix {
        return Err(not_prefixed(input));
    }
    Ok(parsed)
}

/// The error for an input that starts with "xri://" but is an `XRI` only
/// with "xri:" read as an IRI authority (`xri://a:b`, whose path would be
/// "//a:b"): by the typed policy, "xri://" is the prefix, and what follows
/// it must be an `xri-no-scheme` (docs/DECISIONS.md, "XRI: absolute or
/// relative"). The error is that production's, moved past the prefix.
fn not_prefixed(input: &str) -> ParseError {
    let rest = input.get(PREFIX.len()..).unwrap_or_default();
    let rule = Grammar::Xri.absolute();
    let mut error = match Grammar::Xri.rule("xri-no-scheme").map(|r| r.check(rest)) {
        Some(Err(e)) => e.within(input, PREFIX.len()),
        _ => rule.error(input, ErrorKind::Syntax, PREFIX.len(), vec![]),
    };
    error.rule = rule.name();
    error
        .expected
        .push("by xiri's policy, an xri-no-scheme after \"xri://\"".into());
    error
}

fn span(node: &Node) -> Span {
    Span {
        start: node.start,
        end: node.end,
    }
}

/// The components of an `XRI` or `relative-XRI-ref` node.
fn reference<'a>(input: &'a str, top: &Node) -> XriRef<'a> {
    let mut reference = XriRef {
        text: input,
        prefix: false,
        authority: None,
        path: Span {
            start: top.end,
            end: top.end,
        },
        query: None,
        fragment: None,
    };
    for node in &top.children {
        match node.name {
            "xri-hier-part" => {
                reference.prefix = node.start > top.start;
                for part in &node.children {
                    match part.name {
                        "xri-authority" => reference.authority = Some(xri_authority(input, part)),
                        "iauthority" => reference.authority = Some(Authority::Iri(authority(part))),
                        "xri-path-abempty" => reference.path = span(part),
                        _ => {}
                    }
                }
            }
            "relative-XRI-part" => reference.path = span(node),
            "iquery" => reference.query = Some(span(node)),
            "ifragment" => reference.fragment = Some(span(node)),
            _ => {}
        }
    }
    reference
}

/// An `xri-authority` node: `xref-authority`, or `gcs-authority` and its
/// symbol.
fn xri_authority(input: &str, node: &Node) -> Authority {
    let inner = node.children.first();
    if let Some(inner) = inner.filter(|i| i.name == "xref-authority") {
        return Authority::CrossReference {
            span: span(node),
            xref_end: inner.children.first().map_or(node.end, |x| x.end),
        };
    }
    let symbol = input
        .as_bytes()
        .get(node.start)
        .and_then(|&b| GlobalContext::from_byte(b))
        .unwrap_or(GlobalContext::Bang);
    Authority::Global {
        span: span(node),
        symbol,
    }
}

/// Reads the content of each cross-reference not inside another (those
/// inside are read with it), in order: an IRI or, by the policy, an XRI
/// reference; the first that is neither is the error.
fn check_cross_references(input: &str, node: &Node) -> Result<(), ParseError> {
    for child in &node.children {
        if child.name != "xref" {
            check_cross_references(input, child)?;
            continue;
        }
        let start = child.start + 1;
        let value = input.get(start..child.end - 1).unwrap_or_default();
        // The content's own policy (grammar/xri-typed.abnf): an IRI whose
        // components balance their parentheses, else an XRI reference.
        let iri = !looks_absolute(value) && xri_typed::iri_x().matches(value);
        if !iri {
            // The error is the content's: moved to where it stands.
            let read = parse(value).map_err(|e| e.within(input, start))?;
            if let Some(at) = unbalanced(&read) {
                let rule = Grammar::Xri
                    .rule("xref")
                    .unwrap_or(Grammar::Xri.reference());
                return Err(rule.error(input, ErrorKind::Syntax, start + at, vec!["\")\"".into()]));
            }
        }
    }
    Ok(())
}

/// Where the parentheses of a cross-reference's content read as an XRI
/// first fail to balance in a component that holds them as data (an IRI
/// authority's user information and host, the query, the fragment), if
/// they do: inside a cross-reference the policy reads those with
/// grammar/xri-balanced.abnf's `*-x` rules, where parentheses balance
/// within their component, and pest's rules for a whole reference let
/// them be (`(xri://!(?))`, whose "!(" would be an IRI authority).
fn unbalanced(read: &XriRef<'_>) -> Option<usize> {
    let mut spans = vec![read.query, read.fragment];
    if let Some(Authority::Iri(a)) = read.authority {
        spans.extend([a.userinfo, Some(a.host)]);
    }
    spans.into_iter().flatten().find_map(|span| {
        let bytes = span.get(read.text).as_bytes();
        // A ")" with nothing open, else a "(" never closed (read from the
        // end, it is the one with nothing open).
        let unopened = parens::nesting(bytes).find(|n| n.unmatched);
        unopened.map(|n| span.start + n.at).or_else(|| {
            parens::nesting_back(bytes)
                .any(|n| n.unmatched)
                .then_some(span.end)
        })
    })
}
