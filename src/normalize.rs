//! Normalization and equivalence of URIs (RFC 3986 6.2.2, 6.2.3) and IRIs
//! and LEIRIs (RFC 3987 5.3.2).

use crate::chars::{bidi_formatting, ucschar};
use crate::components::{HostKind, Spans};
use crate::pct::{self, Piece};
use crate::reference::{Iri, IriBuf, Leiri, LeiriBuf, Uri, UriBuf};
use crate::resolve::{remove_dot_segments, Slashes};
use unicode_normalization::UnicodeNormalization;

/// What normalization does beyond RFC 3986 6.2.2's syntax-based steps
/// (case, percent-encoding, dot segments), which it always does.
///
/// ```
/// use xiri::{Iri, Normalization};
/// let decomposed = Iri::parse("http://example.org/re\u{301}sume\u{301}").unwrap();
/// let nfc = Normalization { nfc: true, ..Normalization::default() };
/// assert_eq!(decomposed.normalize(nfc).as_str(), "http://example.org/r\u{e9}sum\u{e9}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Normalization {
    /// Unicode Normalization Form C (RFC 3987 5.3.2.2). Changes only
    /// characters outside ASCII, so URIs not at all.
    pub nfc: bool,
    /// Unicode Normalization Form KC, which XRI 2.0 2.1.1 asks of XRIs.
    /// Applied after `nfc` when both are set.
    pub nfkc: bool,
    /// Scheme-based normalization (RFC 3986 6.2.3) for http, https, ws,
    /// wss and ftp: an empty or default port goes, an empty path with an
    /// authority becomes "/".
    pub scheme_based: bool,
}

/// Which characters percent-decoding may produce.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Decode {
    /// `unreserved` only (RFC 3986 6.2.2.2).
    Unreserved,
    /// `iunreserved` (RFC 3987 5.3.2.3), except the bidi formatting
    /// characters, which stay encoded as RFC 3987 3.2 keeps them.
    IUnreserved,
}

/// The default port of the schemes scheme-based normalization knows.
fn default_port(scheme: &str) -> Option<&'static str> {
    Some(match scheme {
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        "ftp" => "21",
        _ => return None,
    })
}

/// The normalized text of a reference with a scheme.
fn normalize(text: &str, spans: Spans, decode: Decode, options: Normalization) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    if let Some(s) = spans.scheme {
        out.extend(s.get(text).chars().map(|c| c.to_ascii_lowercase()));
    }
    let scheme_end = out.len();
    out.push(':');
    let known = options.scheme_based && default_port(&out[..scheme_end]).is_some();
    if let Some(a) = spans.authority {
        out.push_str("//");
        if let Some(u) = a.userinfo {
            percent(u.get(text), decode, &mut out);
            out.push('@');
        }
        let host = a.host.get(text);
        match a.host_kind {
            HostKind::RegName => {
                let start = out.len();
                percent(host, decode, &mut out);
                lowercase_from(&mut out, start);
            }
            HostKind::Ipv4 => out.push_str(host),
            HostKind::Ipv6 | HostKind::IpvFuture => {
                out.extend(host.chars().map(|c| c.to_ascii_lowercase()))
            }
        }
        if let Some(port) = a.port.map(|p| p.get(text)) {
            let default = default_port(&out[..scheme_end]);
            let drop = known && (port.is_empty() || Some(port) == default);
            if !drop {
                out.push(':');
                out.push_str(port);
            }
        }
    }
    let raw_path = spans.path.get(text);
    let path_start = out.len();
    percent(raw_path, decode, &mut out);
    if has_dot_segment(&out[path_start..]) {
        let path = remove_dot_segments(&out[path_start..], Slashes::All);
        out.truncate(path_start);
        out.push_str(&path);
    }
    if known && spans.authority.is_some() && out.len() == path_start {
        out.push('/');
    }
    // As in resolution: a path starting with "//" without an authority
    // would read as one (docs/DECISIONS.md, "Resolution").
    if spans.authority.is_none() && out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
    if let Some(q) = spans.query {
        out.push('?');
        percent(q.get(text), decode, &mut out);
    }
    if let Some(f) = spans.fragment {
        out.push('#');
        percent(f.get(text), decode, &mut out);
    }
    unicode_forms(out, options)
}

/// Whether RFC 3986 5.2.4 would change `path`: it has a "." or ".."
/// segment.
fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

fn unicode_forms(mut text: String, options: Normalization) -> String {
    if options.nfc {
        text = text.nfc().collect();
    }
    if options.nfkc {
        text = text.nfkc().collect();
    }
    text
}

/// Appends `component` with its percent-encodings of unreserved characters
/// decoded and the others in uppercase hex.
fn percent(component: &str, decode: Decode, out: &mut String) {
    if !component.contains('%') {
        out.push_str(component);
        return;
    }
    for (_, piece) in pct::pieces(component) {
        match piece {
            Piece::Plain(c) => out.push(c),
            Piece::Char { c, .. } if allowed(c, decode) => out.push(c),
            Piece::Char { c, .. } => pct::encode(c, out),
            Piece::Octet { byte, .. } => pct::encode_octet(byte, out),
        }
    }
}

/// Lowercases `out` from `start`, but not the hex of its percent-encodings
/// (already uppercase, as RFC 3986 6.2.2.1 wants them), in place.
fn lowercase_from(out: &mut str, start: usize) {
    let mut from = start;
    while from < out.len() {
        let to = out[from..].find('%').map_or(out.len(), |i| from + i);
        out[from..to].make_ascii_lowercase();
        // Skip the escape: "%" and two hex digits.
        from = (to + 3).min(out.len());
    }
}

fn allowed(c: char, decode: Decode) -> bool {
    let unreserved = c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~');
    unreserved || (decode == Decode::IUnreserved && ucschar(c) && !bidi_formatting(c))
}

macro_rules! normalization {
    ($Abs:ident, $Buf:ident, $decode:expr, $rfc:literal, $a:literal, $b:literal, $normal:literal) => {
        impl $Abs<'_> {
            #[doc = concat!("The normal form (", $rfc, "): scheme and host in lowercase, percent-encodings of unreserved characters decoded and the others in uppercase hex, dot segments removed; more with `options`.")]
            ///
            /// ```
            #[doc = concat!("let x = xiri::", stringify!($Abs), "::parse(", $a, ").unwrap();")]
            #[doc = concat!("assert_eq!(x.normalize(xiri::Normalization::default()).as_str(), ", $normal, ");")]
            /// ```
            pub fn normalize(&self, options: Normalization) -> $Buf {
                let text = normalize(self.as_str(), self.spans(), $decode, options);
                match $Buf::parse(text) {
                    Ok(normal) => normal,
                    // NFC can, in principle, leave the grammar's
                    // characters; then the form without it is given.
                    Err(_) => $Buf::parse(normalize(self.as_str(), self.spans(), $decode, Normalization { nfc: false, nfkc: false, ..options }))
                        .expect("syntax-based normalization keeps a reference valid"),
                }
            }

            /// Whether two are equivalent: equal once both are normalized
            /// with the same options (the comparison ladder's syntax-based
            /// step, and the scheme-based one if asked for).
            ///
            /// ```
            #[doc = concat!("let a = xiri::", stringify!($Abs), "::parse(", $a, ").unwrap();")]
            #[doc = concat!("let b = xiri::", stringify!($Abs), "::parse(", $b, ").unwrap();")]
            /// assert!(a.is_equivalent(&b, xiri::Normalization::default()));
            /// ```
            pub fn is_equivalent(&self, other: &$Abs<'_>, options: Normalization) -> bool {
                self.normalize(options) == other.normalize(options)
            }
        }
    };
}

normalization!(
    Uri,
    UriBuf,
    Decode::Unreserved,
    "RFC 3986 6.2.2",
    "\"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\"",
    "\"example://a/b/c/%7Bfoo%7D\"",
    "\"example://a/b/c/%7Bfoo%7D\""
);
normalization!(
    Iri,
    IriBuf,
    Decode::IUnreserved,
    "RFC 3987 5.3.2",
    "\"HTTP://www.EXAMPLE.org/r%C3%A9sum%c3%a9/%7euser\"",
    "\"http://www.example.org/r\u{e9}sum\u{e9}/~user\"",
    "\"http://www.example.org/r\u{e9}sum\u{e9}/~user\""
);
normalization!(
    Leiri,
    LeiriBuf,
    Decode::IUnreserved,
    "RFC 3987 5.3.2, as for IRIs",
    "\"HTTP://a/b c/%7e\"",
    "\"http://a/b c/~\"",
    "\"http://a/b c/~\""
);

/// XRI normalization (XRI 2.0 2.5 and Table 2), applied recursively to
/// cross-references (2.5.4).
mod xri {
    use super::{lowercase_from, percent, Decode, Normalization};
    use crate::resolve::{remove_dot_segments, Slashes};
    use crate::xri::{
        CrossReference, CrossReferenceValue, Delimiter, Segment, SubsegmentValue, Subsegments, Xri,
        XriAuthority, XriBuf, XriRef,
    };

    /// Normal form of a literal: escapes of `iunreserved` decoded, hex in
    /// uppercase, and for authorities ASCII lowercase (2.5.1).
    fn literal(text: &str, lowercase_it: bool, out: &mut String) {
        let start = out.len();
        percent(text, Decode::IUnreserved, out);
        if lowercase_it {
            lowercase_from(out, start);
        }
    }

    fn cross_reference(x: &CrossReference<'_>, out: &mut String) {
        out.push('(');
        match x.value() {
            CrossReferenceValue::Xri(inner) => reference(&inner, out),
            CrossReferenceValue::Iri(iri) => {
                out.push_str(iri.normalize(Normalization::default()).as_str())
            }
        }
        out.push(')');
    }

    /// Sub-segments; with `first_star_optional`, a leading "*" on the first
    /// goes when dropping it cannot change how the rest reads (2.5.3).
    fn subsegments(
        subs: Subsegments<'_>,
        lowercase: bool,
        first_star_optional: bool,
        out: &mut String,
    ) {
        for (i, s) in subs.enumerate() {
            let keep_star = !(first_star_optional && i == 0)
                || matches!(s.value(), SubsegmentValue::Literal(l) if l.is_empty());
            match s.delimiter() {
                Delimiter::Star if keep_star => out.push('*'),
                Delimiter::Star | Delimiter::Implicit => {}
                Delimiter::Bang => out.push('!'),
            }
            match s.value() {
                SubsegmentValue::Literal(l) => literal(l, lowercase, out),
                SubsegmentValue::CrossReference(x) => cross_reference(&x, out),
            }
        }
    }

    fn segment(s: &Segment<'_>, out: &mut String) {
        subsegments(s.subsegments(), false, true, out);
    }

    /// The normal form of an XRI reference, absolute ones with "xri://".
    pub(super) fn reference(x: &XriRef<'_>, out: &mut String) {
        match x.authority() {
            Some(authority) => {
                out.push_str("xri://");
                let subs = authority.subsegments();
                match authority {
                    XriAuthority::Global { symbol, .. } => {
                        out.push(symbol.as_char());
                        // rgcs-authority is rgcs-char xri-segment (2.5.3
                        // applies); "!!" starts with a persistent sub-segment.
                        subsegments(subs, true, symbol != crate::xri::GlobalContext::Bang, out);
                    }
                    XriAuthority::CrossReference { xref, .. } => {
                        cross_reference(&xref, out);
                        subsegments(subs, true, false, out);
                    }
                    XriAuthority::Iri { text, .. } => literal(text, true, out),
                }
                let mut path = String::new();
                for s in x.segments() {
                    path.push('/');
                    segment(&s, &mut path);
                }
                out.push_str(&remove_dot_segments(&path, Slashes::OutsideParentheses));
            }
            None => {
                // A relative reference's first segment keeps its "*": without
                // it "*(+a)" would read as an authority (2.4.4).
                let mut path = String::new();
                if x.path().starts_with('/') {
                    for s in x.segments() {
                        path.push('/');
                        segment(&s, &mut path);
                    }
                } else {
                    for (i, s) in x.segments().enumerate() {
                        if i > 0 {
                            path.push('/');
                        }
                        subsegments(s.subsegments(), false, i > 0, &mut path);
                    }
                }
                out.push_str(&path);
            }
        }
        if let Some(q) = x.query() {
            out.push('?');
            literal(q, false, out);
        }
        if let Some(f) = x.fragment() {
            out.push('#');
            literal(f, false, out);
        }
    }

    impl Xri<'_> {
        /// The normal form (XRI 2.0 2.5, Table 2): "xri://" added, scheme
        /// and authority in lowercase, escapes of unreserved characters
        /// decoded and the others in uppercase hex, a segment's optional
        /// leading "*" removed, dot segments removed; cross-references
        /// normalized the same way, recursively (an IRI in one as an IRI).
        /// `options.nfkc` gives NFKC as 2.1.1 asks, `options.nfc` NFC;
        /// `scheme_based` does not apply to XRIs.
        ///
        /// ```
        /// let x = xiri::Xri::parse("XRI://@Ex%61mple/./*abc/(+Foo)").unwrap();
        /// assert_eq!(x.normalize(xiri::Normalization::default()).as_str(), "xri://@example/abc/(xri://+foo)");
        /// ```
        pub fn normalize(&self, options: Normalization) -> XriBuf {
            let mut out = String::new();
            reference(self, &mut out);
            let formed = super::unicode_forms(out.clone(), options);
            if Xri::parse(&formed).is_ok() {
                out = formed;
            }
            XriBuf::parse(out).expect("normalization keeps an XRI valid")
        }

        /// Whether two XRIs are equivalent: equal once normalized (2.5).
        ///
        /// ```
        /// let a = xiri::Xri::parse("xri://@example/(+example/(+foo))").unwrap();
        /// let b = xiri::Xri::parse("xri://@example/(+Example/(+FOO))").unwrap();
        /// assert!(a.is_equivalent(&b, xiri::Normalization::default()));
        /// ```
        pub fn is_equivalent(&self, other: &Xri<'_>, options: Normalization) -> bool {
            self.normalize(options) == other.normalize(options)
        }
    }
}
