//! The rules behind [`check`](super::check): which characters, which
//! components, and what each finding needs.

use super::{is_bidi_formatting, Finding, Kind};
use crate::syntax::components::{HostKind, Spans};
use std::ops::Range;
use unicode_bidi::{bidi_class, BidiClass};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{
    skeleton, GeneralSecurityProfile, MixedScript, RestrictionLevel, RestrictionLevelDetection,
};

/// RFC 3986 2.2's reserved characters, gen-delims then sub-delims: what a
/// look-alike may pretend to be.
const DELIMITERS: &str = crate::syntax::chars::RESERVED;

/// The label separators of a host name: "." and the three that IDNA maps
/// to it (RFC 3490 3.1).
const LABEL_SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Why a registered name may not go through IDNA (IRI → URI with
/// `UriOptions::idna`): the first bidi formatting character, look-alike
/// of a delimiter or label mixing scripts in `text[host]`, its
/// percent-encoded UTF-8 read as the characters it encodes (at the offset
/// of their first "%"). The offset and what was expected.
#[cfg(feature = "idna")]
pub(crate) fn idna_refusal(text: &str, host: Range<usize>) -> Option<(usize, String)> {
    let name = text.get(host.clone())?;
    let chars: Vec<(usize, char)> = crate::syntax::pct::pieces(name)
        .filter_map(|(at, piece)| match piece {
            crate::syntax::pct::Piece::Plain(c) | crate::syntax::pct::Piece::Char { c, .. } => {
                Some((host.start + at, c))
            }
            crate::syntax::pct::Piece::Octet { .. } => None,
        })
        .collect();
    let mut findings: Vec<Finding> = chars
        .iter()
        .filter_map(|&(at, c)| character_finding(at, c))
        .collect();
    for label in chars.split(|&(_, c)| LABEL_SEPARATORS.contains(&c)) {
        component_findings(label, &host, true, &mut findings);
    }
    let first = findings.into_iter().min_by_key(|f| f.offset)?;
    let kind = first.kind;
    let what = format!(
        "{} in a host name for IDNA ({})",
        kind.asks(),
        kind.section()
    );
    Some((first.offset, what))
}

/// A finding about one character wherever it stands: a bidi formatting
/// character, or a look-alike of a delimiter that UTS #39 does not allow
/// in identifiers (punctuation and symbols).
pub(super) fn character_finding(at: usize, c: char) -> Option<Finding> {
    let kind = if is_bidi_formatting(c) {
        Kind::BidiFormatting
    } else if c.identifier_allowed() {
        return None;
    } else {
        Kind::DelimiterLookalike {
            looks_like: looks_like_delimiters(c)?,
        }
    };
    Some(Finding {
        kind,
        offset: at,
        character: c,
        span: at..at + c.len_utf8(),
    })
}

/// The skeleton of a character outside ASCII, when it is delimiters only.
fn looks_like_delimiters(c: char) -> Option<String> {
    if c.is_ascii() {
        return None;
    }
    let mut buf = [0; 4];
    let skeleton: String = skeleton(c.encode_utf8(&mut buf)).collect();
    (!skeleton.is_empty() && skeleton.chars().all(|d| DELIMITERS.contains(d))).then_some(skeleton)
}

/// The components of a reference (RFC 3987 4.2, divided as [`check`]
/// says), each with whether it is a label of a registered name.
pub(super) fn components(text: &str, spans: Spans) -> Vec<(Range<usize>, bool)> {
    let mut out = Vec::new();
    let mut split = |span: Range<usize>, at: &dyn Fn(char) -> bool, host_label: bool| {
        let mut push = |piece: Range<usize>| {
            if !piece.is_empty() {
                out.push((piece, host_label));
            }
        };
        let mut start = span.start;
        for (i, c) in text.get(span.clone()).unwrap_or("").char_indices() {
            if at(c) {
                push(start..span.start + i);
                start = span.start + i + c.len_utf8();
            }
        }
        push(start..span.end);
    };
    if let Some(authority) = spans.authority {
        if let Some(userinfo) = authority.userinfo {
            split(userinfo.start..userinfo.end, &|_| false, false);
        }
        if authority.host_kind == HostKind::RegName {
            let host = authority.host;
            split(
                host.start..host.end,
                &|c| LABEL_SEPARATORS.contains(&c),
                true,
            );
        }
    }
    split(
        spans.path.start..spans.path.end,
        &|c| c == '/' || c == '.',
        false,
    );
    if let Some(query) = spans.query {
        split(
            query.start..query.end,
            &|c| matches!(c, '&' | ';' | '='),
            false,
        );
    }
    if let Some(fragment) = spans.fragment {
        split(fragment.start..fragment.end, &|_| false, false);
    }
    out
}

/// A character's strong direction: `Some(true)` for right-to-left (bidi
/// classes R and AL), `Some(false)` for left-to-right (L).
fn direction(c: char) -> Option<bool> {
    match bidi_class(c) {
        BidiClass::R | BidiClass::AL => Some(true),
        BidiClass::L => Some(false),
        _ => None,
    }
}

/// RFC 3987 4.2's two rules on one component. Bidi formatting characters
/// are left out (4.1 forbids them already; RLM and ALM would otherwise
/// count as right-to-left letters).
pub(super) fn bidi_structure(chars: &[(usize, char)], span: &Range<usize>, out: &mut Vec<Finding>) {
    let chars: Vec<(usize, char)> = chars
        .iter()
        .copied()
        .filter(|&(_, c)| !is_bidi_formatting(c))
        .collect();
    if !chars.iter().any(|&(_, c)| direction(c) == Some(true)) {
        return;
    }
    let mut push = |kind: Kind, (offset, character): (usize, char)| {
        out.push(Finding {
            kind,
            offset,
            character,
            span: span.clone(),
        })
    };
    let mut strong = chars.iter().filter_map(|&p| Some((p, direction(p.1)?)));
    if let Some((_, first)) = strong.next() {
        if let Some((other, _)) = strong.find(|&(_, rtl)| rtl != first) {
            push(Kind::BidiMixedDirection, other);
        }
    }
    if let Some(&first) = chars.first() {
        if direction(first.1) != Some(true) {
            push(Kind::BidiStart, first);
        }
    }
    // Combining marks after the last letter belong to it.
    let not_mark = chars
        .iter()
        .rev()
        .find(|&&(_, c)| bidi_class(c) != BidiClass::NSM);
    if let Some(&last) = not_mark.or(chars.last()) {
        if direction(last.1) != Some(true) {
            push(Kind::BidiEnd, last);
        }
    }
}

/// The findings that depend on a whole component: look-alikes of
/// delimiters that are letters, in a component that is not single-script,
/// and for a host label, mixed scripts.
pub(super) fn component_findings(
    chars: &[(usize, char)],
    span: &Range<usize>,
    host_label: bool,
    out: &mut Vec<Finding>,
) {
    let text: String = chars.iter().map(|&(_, c)| c).collect();
    if text.as_str().is_single_script() {
        return;
    }
    for &(offset, character) in chars {
        if character.identifier_allowed() {
            if let Some(looks_like) = looks_like_delimiters(character) {
                let kind = Kind::DelimiterLookalike { looks_like };
                let span = offset..offset + character.len_utf8();
                out.push(Finding {
                    kind,
                    offset,
                    character,
                    span,
                });
            }
        }
    }
    if !host_label || !is_mixed_script(&text) {
        return;
    }
    // The first prefix that fails: a binary search between the empty
    // prefix, which passes, and the whole label, which fails.
    let ends: Vec<usize> = text.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
    let fails = |n: usize| {
        n > 0
            && ends
                .get(n - 1)
                .and_then(|&e| text.get(..e))
                .is_some_and(is_mixed_script)
    };
    let (mut pass, mut fail) = (0, chars.len());
    while fail - pass > 1 {
        let mid = pass + (fail - pass) / 2;
        if fails(mid) {
            fail = mid;
        } else {
            pass = mid;
        }
    }
    if let Some(&(offset, character)) = chars.get(fail.saturating_sub(1)) {
        out.push(Finding {
            kind: Kind::MixedScript,
            offset,
            character,
            span: span.clone(),
        });
    }
}

/// Whether a label is neither single-script nor Highly Restrictive (UTS
/// #39 5.1, 5.2). Characters of the Common and Inherited scripts (digits,
/// hyphens, symbols) are left out of the restriction level: they cannot
/// mix scripts, and the other checks see the symbols among them.
fn is_mixed_script(label: &str) -> bool {
    if label.is_single_script() {
        return false;
    }
    let scripted: String = label
        .chars()
        .filter(|&c| !AugmentedScriptSet::for_char(c).is_all())
        .collect();
    scripted.as_str().detect_restriction_level() > RestrictionLevel::HighlyRestrictive
}
