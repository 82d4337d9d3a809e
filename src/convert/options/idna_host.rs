//! IDNA ToASCII for the registered name of an IRI (RFC 3987 3.1, 3987bis
//! 3.6), the `idna` feature: one stage of IRI → URI
//! ([`UriOptions::idna`](crate::UriOptions::idna)).

use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::pct::{self, Piece};
use crate::syntax::reference::Reference;
use crate::syntax::GenericSyntax;
use crate::HostKind;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// Whether a scheme is one whose registered names are DNS names, so that
/// IDNA applies to them (RFC 3987 3.1: "if the scheme in question is
/// known to use DNS names"; docs/DECISIONS.md, "IDNA for registered
/// names"). Schemes not listed keep their host percent-encoded.
pub(super) fn uses_dns(scheme: &str) -> bool {
    const DNS_SCHEMES: [&str; 22] = [
        "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "telnet", "gopher", "ldap",
        "ldaps", "imap", "imaps", "pop", "nntp", "news", "irc", "ircs", "rtsp", "sip", "sips",
    ];
    DNS_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The IRI with its registered name through IDNA ToASCII, or `None` when
/// there is no registered name or it is all ASCII.
pub(super) fn idna_host<S: GenericSyntax>(
    iri: &Reference<'_, S>,
) -> Result<Option<String>, ParseError> {
    let text = iri.as_str();
    let Some(authority) = iri.spans().authority else {
        return Ok(None);
    };
    if authority.host_kind != HostKind::RegName {
        return Ok(None);
    }
    let host = authority.host;
    let name = &text[host.start..host.end];
    let fail = |offset: usize, what: &str| {
        ParseError::not_convertible(Grammar::Iri, "IRI-reference", text, offset, what.into())
    };
    // Percent-encoded octets are read as UTF-8 first (RFC 3987 3.1 maps
    // the name's characters, and an encoded character is one).
    let decoded = decode_utf8(name).map_err(|at| {
        fail(
            host.start + at,
            "percent-encoded UTF-8 in a host name for IDNA",
        )
    })?;
    if decoded.is_ascii() {
        return Ok(None);
    }
    // Spoofing: look-alikes of delimiters, bidi formatting, mixed scripts.
    if let Some((at, what)) = crate::security::idna_refusal(text, host.start..host.end) {
        return Err(fail(at, &what));
    }
    let uts46 = Uts46::new();
    let ascii = |label: &str| -> Result<String, idna::Errors> {
        uts46
            .to_ascii(
                label.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Check,
                DnsLength::VerifyAllowRootDot,
            )
            .map(|cow| cow.into_owned())
    };
    let Ok(mapped) = ascii(&decoded) else {
        // Point at the first label that fails on its own (or at the name,
        // when only the whole fails, as for its length).
        let mut at = host.start;
        for label in name.split('.') {
            // The whole name decoded, so each label does.
            let label_decoded = decode_utf8(label).unwrap_or_default();
            if !label_decoded.is_empty() && ascii(&label_decoded).is_err() {
                return Err(fail(at, "a host label that passes IDNA ToASCII"));
            }
            at += label.len() + 1;
        }
        return Err(fail(
            host.start,
            "a host name that passes IDNA ToASCII (DNS lengths)",
        ));
    };
    // A name IDNA turned into a number a browser reads as an address, or
    // into another name (issue 43; docs/DECISIONS.md, "IDNA that changes
    // what a name reads as").
    if ends_in_a_number(&mapped) {
        return Err(fail(
            host.start,
            "a host name that IDNA does not map to a number (a browser reads it as an IPv4 address)",
        ));
    }
    if let Some(at) = first_compatibility_character(name) {
        return Err(fail(
            host.start + at,
            "no compatibility character in a host name for IDNA (UTS #46 maps it to another character)",
        ));
    }
    Ok(Some(format!(
        "{}{mapped}{}",
        &text[..host.start],
        &text[host.end..]
    )))
}

/// `text` with its percent-encoded UTF-8 decoded; `Err` with the offset
/// of an encoded octet that is not UTF-8.
fn decode_utf8(text: &str) -> Result<String, usize> {
    pct::pieces(text)
        .map(|(at, piece)| match piece {
            Piece::Plain(c) | Piece::Char { c, .. } => Ok(c),
            Piece::Octet { .. } => Err(at),
        })
        .collect()
}

/// The offset in `name` of its first character (percent-encoded UTF-8
/// read as the character) that UTS #46's mapping turns into other
/// characters, its case aside: a compatibility character, whose NFKC form
/// is not its NFC form ("ｅ" FULLWIDTH, "ⓔ" CIRCLED, "①"). Such a name
/// reads as one thing and becomes another ASCII name ("ｅｖｉｌ" becomes
/// "evil"). The full stops IDNA reads as "." (RFC 3490 3.1) are allowed.
fn first_compatibility_character(name: &str) -> Option<usize> {
    use unicode_normalization::UnicodeNormalization;
    const FULL_STOPS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];
    pct::pieces(name).find_map(|(at, piece)| {
        let c = match piece {
            Piece::Plain(c) | Piece::Char { c, .. } => c,
            Piece::Octet { .. } => return None,
        };
        let one = [c];
        let mapped = !c.is_ascii()
            && !FULL_STOPS.contains(&c)
            && !one.iter().copied().nfkc().eq(one.iter().copied().nfc());
        mapped.then_some(at)
    })
}

/// Whether a host name ends in a number, which the WHATWG URL Standard's
/// host parser reads as an IPv4 address ("ends in a number checker":
/// the last label, after one trailing dot, all decimal digits or "0x"
/// and hexadecimal digits). `name` is IDNA's lowercase ASCII output.
fn ends_in_a_number(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name);
    let last = name.rsplit('.').next().unwrap_or(name);
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || last
            .strip_prefix("0x")
            .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
}
