//! Normalization and equivalence of URIs (RFC 3986 6.2.2, 6.2.3) and IRIs
//! and LEIRIs (RFC 3987 5.3.2).

use crate::resolve::{has_dot_segment, remove_dot_segments, Slashes};
use crate::syntax::bounds::Bounds;
use crate::syntax::builtin;
use crate::syntax::chars::{bidi_formatting, ucschar};
use crate::syntax::components::{HostKind, Spans};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use crate::syntax::pct;

pub(crate) mod forms;
mod host;
mod methods;
mod percent;
pub(crate) mod relative;

pub(crate) use forms::culprit;
pub(crate) use percent::percent;

/// What normalization does beyond RFC 3986 6.2.2's syntax-based steps
/// (case, percent-encoding, dot segments), which it always does.
///
/// ```
/// use xiri::{Iri, Normalization};
/// let decomposed = Iri::parse("http://example.org/re\u{301}sume\u{301}").unwrap();
/// let nfc = Normalization::default().with_nfc(true);
/// assert_eq!(decomposed.normalize(nfc).unwrap().as_str(), "http://example.org/r\u{e9}sum\u{e9}");
/// ```
///
/// It is `#[non_exhaustive]`: make one from `default()` and the `with_`
/// methods (or set the fields of a value you have), so that a new option
/// is not a breaking change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Normalization {
    /// Unicode Normalization Form C (RFC 3987 5.3.2.2). Changes only
    /// characters outside ASCII, so URIs not at all.
    pub nfc: bool,
    /// Unicode Normalization Form KC, which XRI 2.0 2.1.1 asks of XRIs.
    /// Applied after `nfc` when both are set.
    pub nfkc: bool,
    /// Scheme-based normalization (RFC 3986 6.2.3) for http, https, ws,
    /// wss and ftp: an empty or default port goes, an empty path with an
    /// authority becomes "/"; for mailto, the domains of the addresses go
    /// to lowercase.
    pub scheme_based: bool,
}

impl Normalization {
    /// No option on: the syntax-based steps only (the same as `default()`,
    /// usable in a `const`).
    ///
    /// ```
    /// const PLAIN: xiri::Normalization = xiri::Normalization::new();
    /// assert_eq!(PLAIN, xiri::Normalization::default());
    /// ```
    pub const fn new() -> Self {
        Self {
            nfc: false,
            nfkc: false,
            scheme_based: false,
        }
    }

    /// With NFC (RFC 3987 5.3.2.2) on or off.
    ///
    /// ```
    /// assert!(xiri::Normalization::default().with_nfc(true).nfc);
    /// ```
    pub const fn with_nfc(self, on: bool) -> Self {
        Self { nfc: on, ..self }
    }

    /// With NFKC (XRI 2.0 2.1.1) on or off.
    ///
    /// ```
    /// assert!(xiri::Normalization::default().with_nfkc(true).nfkc);
    /// ```
    pub const fn with_nfkc(self, on: bool) -> Self {
        Self { nfkc: on, ..self }
    }

    /// With scheme-based normalization (RFC 3986 6.2.3) on or off.
    ///
    /// ```
    /// assert!(xiri::Normalization::default().with_scheme_based(true).scheme_based);
    /// ```
    pub const fn with_scheme_based(self, on: bool) -> Self {
        Self {
            scheme_based: on,
            ..self
        }
    }
}

/// Which characters percent-decoding may produce.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decode {
    /// `unreserved` only (RFC 3986 6.2.2.2).
    Unreserved,
    /// `iunreserved` (RFC 3987 5.3.2.3), except the bidi formatting
    /// characters, which stay encoded as RFC 3987 3.2 keeps them.
    IUnreserved,
    /// Nothing: every escape stays, its hex in uppercase (XRI, where
    /// decoding would change how the text reads).
    Nothing,
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

/// A reference to normalize: its text, where its components are, and the
/// grammar its normal form must be in.
#[derive(Clone, Copy)]
pub(crate) struct Source<'t> {
    pub(crate) text: &'t str,
    pub(crate) bounds: Bounds,
    pub(crate) grammar: Grammar,
    /// Whether its IP literals may hold RFC 6874 zone identifiers.
    pub(crate) zone_id: bool,
}

/// The normal form's text, in this order, so that normalizing it again
/// changes nothing: percent-encodings decoded (RFC 3986 6.2.2.2); NFC or
/// NFKC (RFC 3987 5.3.2.2), refused where it would change the structure;
/// then case (6.2.2.1, 3987 5.3.2.1), ports, and dot segments (6.2.2.3),
/// which read the text the forms made. Also whether each character is the
/// source's: no escape to decode, and the forms (if asked for) left them
/// as they were.
fn normalize(
    source: Source<'_>,
    decode: Decode,
    options: Normalization,
) -> Result<(String, Bounds, bool), ParseError> {
    let spans = source.bounds.spans(source.text.len());
    // Found before decoding, which makes them look like the others.
    let hidden = relative::hidden_dots(source.text, spans);
    let grammar = source.grammar;
    let syntax = |text: &str, spans, escapes| {
        syntax(text, spans, grammar, decode, options, &hidden, escapes)
    };
    let escapes = pct::has_escape(source.text);
    let unformed = |(text, spans)| (text, spans, !escapes);
    if !(options.nfc || options.nfkc) {
        return Ok(unformed(syntax(source.text, spans, escapes)));
    }
    // Refused before anything is made of it.
    if let Some(culprit) = forms::culprit(source.text, options, |c| allowed(c, decode)) {
        return Err(not_normalizable(source, culprit.offset, culprit.expected()));
    }
    let decoded = decoded(source.text, decode);
    let (formed, changed) = match forms::apply(&decoded, options) {
        // Nothing decoded and already in the form: the source's own
        // spans, without parsing it again.
        None if decoded == source.text => {
            return Ok(unformed(syntax(source.text, spans, escapes)));
        }
        Some(formed) => (formed, true),
        None => (decoded, false),
    };
    match crate::syntax::reference::parse_spans(source.grammar, source.zone_id, &formed, false) {
        Ok(spans) => {
            let (text, spans) = syntax(&formed, spans, pct::has_escape(&formed));
            Ok((text, spans, !changed && !escapes))
        }
        // Not met in the tests: the structure check above leaves the
        // forms only characters of the same classes.
        Err(e) => Err(not_normalizable(
            source,
            0,
            format!(
                "a {} form in the grammar ({})",
                options_name(options),
                e.expected().join(", ")
            ),
        )),
    }
}

fn options_name(options: Normalization) -> &'static str {
    if options.nfkc {
        "NFKC"
    } else {
        "NFC"
    }
}

/// The error for a reference whose requested normal form would not be
/// the same identifier.
fn not_normalizable(source: Source<'_>, offset: usize, expected: String) -> ParseError {
    let rule = if source.bounds.has_scheme() {
        source.grammar.absolute()
    } else {
        source.grammar.reference()
    };
    rule.error(
        source.text,
        ErrorKind::NotNormalizable,
        offset,
        vec![expected.into()],
    )
}

/// `text` with its percent-encodings decoded where `decode` allows.
fn decoded(text: &str, decode: Decode) -> String {
    let mut out = String::with_capacity(text.len());
    percent(text, decode, &mut out);
    out
}

/// RFC 3986 6.2.2 on `text`: scheme and (US-ASCII-only) host in lowercase,
/// percent-encodings of unreserved characters decoded and the others in
/// uppercase hex, an empty port dropped (3.2.3), dot segments removed (of
/// a relative-path reference, only the "." ones, and its `hidden` ones
/// stay encoded: [`relative`]); and 6.2.3 with `scheme_based` when there is
/// a scheme. Where the text's components end is recorded as it is written.
/// Without `escapes` (a "%" in `text`), each component is copied as it is
/// but for case, without looking for one in each.
// One parameter a setting of the normal form: grouping them would only
// move the list.
#[allow(clippy::too_many_arguments)]
fn syntax(
    text: &str,
    spans: Spans,
    grammar: Grammar,
    decode: Decode,
    options: Normalization,
    hidden: &[usize],
    escapes: bool,
) -> (String, Bounds) {
    let copy = |component: &str, out: &mut String| {
        if escapes {
            percent(component, decode, out);
        } else {
            out.push_str(component);
        }
    };
    let mut out = String::with_capacity(text.len() + 1);
    let mut default = None;
    if let Some(s) = spans.scheme {
        // A scheme is ASCII (RFC 3986 3.1).
        out.push_str(s.get(text));
        out.make_ascii_lowercase();
        default = default_port(&out).filter(|_| options.scheme_based);
        out.push(':');
    }
    let scheme_end = out.len();
    let known = default.is_some();
    let mailto = options.scheme_based && out == "mailto:";
    let mut host_bounds = None;
    if let Some(a) = spans.authority {
        out.push_str("//");
        if let Some(u) = a.userinfo {
            copy(u.get(text), &mut out);
            out.push('@');
        }
        let host = a.host.get(text);
        let host_start = out.len();
        host::write(host, a.host_kind, decode, escapes, &mut out);
        let host_end = out.len();
        // A name may decode to an IPv4 address, which is then one
        // (RFC 3986 3.2.2: the first rule that matches); without an
        // escape it is the name it was.
        let host_kind = match (a.host_kind, out.get(host_start..host_end)) {
            (HostKind::RegName, Some(h)) if escapes && builtin::is_ipv4(grammar, h) => {
                HostKind::Ipv4
            }
            (kind, _) => kind,
        };
        // RFC 3986 3.2.3: normalizers should omit an empty port, and a
        // default one when they know the scheme.
        if let Some(port) = a.port.map(|p| p.get(text)) {
            if !port.is_empty() && Some(port) != default {
                out.push(':');
                out.push_str(port);
            }
        }
        host_bounds = Some((host_start, host_end, host_kind));
    }
    let path_start = out.len();
    copy(spans.path.get(text), &mut out);
    if out.get(path_start..).is_some_and(has_dot_segment) {
        let path = out.get(path_start..).unwrap_or_default();
        // What resolution does to the path (RFC 3986 5.2.2), whatever the
        // base: all of 5.2.4 with a scheme or a leading "/", only the "."
        // segments of a relative path, which merging meets first (5.2.3).
        let path = if spans.scheme.is_some() || path.starts_with('/') {
            remove_dot_segments(path, Slashes::All)
        } else {
            relative::uri_path(path, hidden)
        };
        out.truncate(path_start);
        out.push_str(&path);
    }
    if mailto {
        let path = mailto_domains(out.get(path_start..).unwrap_or_default());
        out.truncate(path_start);
        out.push_str(&path);
    }
    if known && spans.authority.is_some() && out.len() == path_start {
        out.push('/');
    }
    // As in resolution: a path starting with "//" without an authority
    // would read as one (docs/DECISIONS.md, "Resolution").
    if spans.authority.is_none() && out.get(path_start..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_start, "/.");
    }
    let path_end = out.len();
    if let Some(q) = spans.query {
        out.push('?');
        copy(q.get(text), &mut out);
    }
    let query_end = out.len();
    if let Some(f) = spans.fragment {
        out.push('#');
        copy(f.get(text), &mut out);
    }
    let written = Bounds::new(scheme_end, host_bounds, path_start, path_end, query_end);
    (out, written)
}

/// RFC 3986 6.2.3's mailto example ("mailto:Joe@Example.COM" is
/// equivalent to "mailto:Joe@example.com"): the domain of each address of
/// the path is a hostname (RFC 6068 2), so it is lowercased where it is
/// US-ASCII, as a host is (RFC 3987 5.3.2.1); the local part keeps its case.
fn mailto_domains(path: &str) -> String {
    let addresses: Vec<String> = path
        .split(',')
        .map(|address| match address.rsplit_once('@') {
            Some((local, domain)) if domain.is_ascii() => {
                let mut domain = domain.to_string();
                lowercase_from(&mut domain, 0);
                format!("{local}@{domain}")
            }
            _ => address.to_string(),
        })
        .collect();
    addresses.join(",")
}

/// Lowercases `out` from `start`, but not the hex of its percent-encodings
/// (already uppercase, as RFC 3986 6.2.2.1 wants them), in place.
pub(crate) fn lowercase_from(out: &mut str, start: usize) {
    if let Some(tail) = out.get_mut(start..).filter(|t| !pct::has_escape(t)) {
        tail.make_ascii_lowercase();
        return;
    }
    let mut from = start;
    while from < out.len() {
        let to = out[from..].find('%').map_or(out.len(), |i| from + i);
        out[from..to].make_ascii_lowercase();
        // Skip the escape: "%" and two hex digits.
        from = (to + 3).min(out.len());
    }
}

pub(crate) fn allowed(c: char, decode: Decode) -> bool {
    if decode == Decode::Nothing {
        return false;
    }
    let unreserved = c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~');
    unreserved || (decode == Decode::IUnreserved && ucschar(c) && !bidi_formatting(c))
}
