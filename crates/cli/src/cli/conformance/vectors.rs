//! The peers' vectors that xiri checks, read from the groups of
//! [`super::peers`], and xiri's answer to each. `xiri conformance` and the
//! tests (tests/it/conformance.rs, conversion.rs, resolution.rs, which include
//! this file) read and answer them with this code, so the report and the
//! snapshots cannot disagree on what a vector says.
//!
//! Checked: the XRI validity lines (VALID, INVALID, ABNF2.0-VALID,
//! ABNF2.0-INVALID, with their SPLIT counts), the conversions (IRI_TO_URI,
//! URI_TO_IRI, TO_URI(toASCIIString), TO_IRI, TO_URI, TO_IRI(escape-only),
//! IRI_TO_XRI) and Jena's RESOLVE lines. Every other kind of line is
//! counted, not checked.

use super::peers::Group;
use std::collections::BTreeMap;
use xiri::{Conversion, Grammar, IriRef, Leiri, LeiriRef, UriRef, XriRef};

/// One vector line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    /// The group's letter ("A" ... "I", "J1").
    pub group: String,
    /// The line's first word: VALID, TO_IRI, RESOLVE, ...
    pub kind: String,
    /// For a validity line, the vector's production word (xri, rel-xri, ...).
    pub rule: Option<String>,
    pub input: String,
    /// The base of a RESOLVE line.
    pub base: Option<String>,
    /// What the line says: "valid" or "invalid", or the output.
    pub theirs: String,
    /// A validity line's split counts ("authsubs=1 pathsegs=0").
    pub split: Option<String>,
    /// The line's own comment.
    pub comment: Option<String>,
}

/// The peers' escapes: `\xHH`, `\uHHHH`, `\UHHHHHHHH`, `\t`, `\n`, `\r`,
/// `\\`; any other backslash is itself.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let mut chars = after.chars();
        let simple = match chars.next() {
            Some('t') => Some('\t'),
            Some('n') => Some('\n'),
            Some('r') => Some('\r'),
            Some('\\') => Some('\\'),
            _ => None,
        };
        if let Some(c) = simple {
            out.push(c);
            rest = &after[1..];
            continue;
        }
        let width = match after.chars().next() {
            Some('x') => 2,
            Some('u') => 4,
            Some('U') => 8,
            _ => 0,
        };
        let code = after
            .get(1..1 + width)
            .filter(|_| width > 0)
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32);
        match code {
            Some(c) => {
                out.push(c);
                rest = &after[1 + width..];
            }
            None => {
                out.push('\\');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A field that is `""` is the empty string; the others are unescaped.
pub fn field(text: &str) -> String {
    if text == "\"\"" {
        String::new()
    } else {
        unescape(text)
    }
}

/// The vectors of a group that xiri checks, in the group's order.
pub fn vectors(group: &Group) -> Vec<Vector> {
    let mut out = Vec::new();
    for line in group.body.lines() {
        let Some((kind, rest)) = line.split_once(' ') else {
            continue;
        };
        let vector = |input: String, theirs: String| Vector {
            group: group.letter.clone(),
            kind: kind.to_string(),
            rule: None,
            input,
            base: None,
            theirs,
            split: None,
            comment: None,
        };
        match kind {
            "VALID" | "INVALID" | "ABNF2.0-VALID" | "ABNF2.0-INVALID" => {
                out.push(validity(vector(String::new(), String::new()), rest));
            }
            "IRI_TO_URI" | "URI_TO_IRI" | "TO_URI(toASCIIString)" => {
                // The input runs to " => " exactly (it may end in spaces);
                // the output to a "   #" comment.
                if let Some((input, theirs)) = rest.split_once(" => ") {
                    let theirs = theirs.split("   #").next().unwrap_or_default().trim();
                    out.push(vector(field(input), field(theirs)));
                }
            }
            "TO_IRI" | "TO_URI" | "TO_IRI(escape-only)" => {
                // A comment starts at " # " (data never has a space before "#").
                if let Some((input, theirs)) = rest.split_once(" => ") {
                    let theirs = theirs.split(" # ").next().unwrap_or_default().trim();
                    out.push(vector(unescape(input.trim()), unescape(theirs)));
                }
            }
            "IRI_TO_XRI" => {
                if let Some((input, theirs)) = rest.split_once(" => ") {
                    let theirs = theirs.split("   #").next().unwrap_or_default().trim();
                    out.push(vector(input.to_string(), theirs.to_string()));
                }
            }
            // Jena's; group H's RESOLVE lines are XRI 2.0 2.4.2, which the
            // printed examples cover.
            "RESOLVE" if group.letter.starts_with('J') => {
                let parsed = rest.split_once(" | ").and_then(|(base, rest)| {
                    let (reference, theirs) = rest.split_once(" => ")?;
                    Some((field(base), field(reference), field(theirs)))
                });
                if let Some((base, reference, theirs)) = parsed {
                    let mut v = vector(reference, theirs);
                    v.base = Some(base);
                    out.push(v);
                }
            }
            _ => {}
        }
    }
    out
}

/// A validity line after its claim: `KIND INPUT [SPLIT ...] [  # comment]`.
fn validity(mut v: Vector, rest: &str) -> Vector {
    let (rule, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    // "   # comment" ends a line; a "#" inside the input has no spaces before it.
    let (rest, comment) = match rest.find("  #") {
        Some(at) => (
            &rest[..at],
            Some(rest[at..].trim_start().trim_start_matches('#').trim()),
        ),
        None => (rest, None),
    };
    let (input, split) = match rest
        .split_once('\t')
        .or_else(|| rest.split_once("    SPLIT "))
    {
        Some((input, split)) => (
            input,
            Some(split.trim().trim_start_matches("SPLIT ").trim()),
        ),
        None => (rest.trim_end(), None),
    };
    v.rule = Some(rule.to_string());
    v.input = if input == "\"\"" {
        String::new()
    } else {
        input.to_string()
    };
    v.theirs = if v.kind.ends_with("INVALID") {
        "invalid".to_string()
    } else {
        "valid".to_string()
    };
    v.split = split.map(str::to_string);
    v.comment = comment.map(str::to_string);
    v
}

/// How many lines of each other kind a group has (not checked).
pub fn unchecked(group: &Group) -> BTreeMap<String, usize> {
    let checked: Vec<String> = vectors(group).into_iter().map(|v| v.kind).collect();
    let mut counts = BTreeMap::new();
    for line in group.body.lines().filter(|l| !l.starts_with('#')) {
        let Some(kind) = line.split(' ').next().filter(|k| !k.is_empty()) else {
            continue;
        };
        *counts.entry(kind.to_string()).or_insert(0) += 1;
    }
    for kind in checked {
        if let Some(n) = counts.get_mut(&kind) {
            *n -= 1;
        }
    }
    counts.retain(|_, n| *n > 0);
    counts
}

/// The production a validity vector's word names. OpenXRI's
/// "xri-subsegment" is its XRISubSegment class: a sub-segment whose
/// delimiter is optional, which is Appendix A's xri-subseg-od.
pub fn production(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "xri" => "XRI",
        "rel-xri" => "relative-XRI-ref",
        "xri-segment" => "xri-segment",
        "xri-subsegment" => "xri-subseg-od",
        _ => return None,
    })
}

/// Authority sub-segments and path segments, counted as OpenXRI counts them
/// (a trailing empty path segment is not counted).
pub fn split_counts(input: &str) -> Option<String> {
    let x = XriRef::parse(input).ok()?;
    let authsubs = x.authority().map_or(0, |a| a.subsegments().count());
    let mut segments = x.segments().count();
    if x.segments().last().is_some_and(|s| s.as_str().is_empty()) {
        segments -= 1;
    }
    Some(format!("authsubs={authsubs} pathsegs={segments}"))
}

/// xiri's answer to a vector, in the line's words: "valid" or "invalid"
/// (with xiri's split counts where the line gives its own), the output, or
/// the error's message.
pub fn answer(v: &Vector) -> Result<String, String> {
    let input = v.input.as_str();
    let message = |e: xiri::ParseError| e.message();
    match v.kind.as_str() {
        "VALID" | "INVALID" | "ABNF2.0-VALID" | "ABNF2.0-INVALID" => {
            let production = v
                .rule
                .as_deref()
                .and_then(production)
                .ok_or(format!("no production for {:?}", v.rule))?;
            let rule = Grammar::Xri
                .rule(production)
                .ok_or(format!("no rule {production}"))?;
            Ok(if rule.check(input).is_ok() {
                "valid".to_string()
            } else {
                "invalid".to_string()
            })
        }
        "IRI_TO_URI" => IriRef::parse(input)
            .map(|r| r.to_uri().into_string())
            .map_err(message),
        "URI_TO_IRI" => UriRef::parse(input)
            .map(|r| r.to_iri().into_string())
            .map_err(message),
        "TO_URI(toASCIIString)" => LeiriRef::parse(input)
            .map(|r| r.to_uri().into_string())
            .map_err(message),
        "TO_URI" => XriRef::parse(input)
            .and_then(|x| x.to_uri_normal(false))
            .map(|u| u.into_string())
            .map_err(message),
        "TO_IRI" | "TO_IRI(escape-only)" => {
            let out = XriRef::parse(input)
                .and_then(|x| x.to_iri_normal(false))
                .map(|i| i.into_string())
                .map_err(message)?;
            // escape-only (python-openid's escapeForIRI) does not add "xri://".
            Ok(match out.strip_prefix("xri://") {
                Some(rest) if v.kind.ends_with("(escape-only)") && !input.starts_with("xri://") => {
                    rest.to_string()
                }
                _ => out,
            })
        }
        "IRI_TO_XRI" => Conversion::new(Grammar::Iri, Grammar::Xri)
            .map_err(|e| e.to_string())?
            .apply(input)
            .map(|done| done.output().to_string())
            .map_err(message),
        "RESOLVE" => {
            let base = Leiri::parse(v.base.as_deref().unwrap_or_default()).map_err(message)?;
            let reference = LeiriRef::parse(input).map_err(message)?;
            Ok(base.resolve(&reference).into_string())
        }
        other => Err(format!("{other} lines are not checked")),
    }
}

/// Whether xiri's answer is what the line says: the same text, or for a
/// line that expects an error ("ERROR ..."), any error.
pub fn agrees(v: &Vector, ours: &Result<String, String>) -> bool {
    match ours {
        Ok(out) => *out == v.theirs,
        Err(e) => v.theirs.starts_with("ERROR") || *e == v.theirs,
    }
}
