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
use crate::syntax::reference::{
    parse_bounds, Absolute, AbsoluteBuf, AsReference, Reference, ReferenceBuf,
};
use crate::syntax::GenericSyntax;

pub(crate) mod forms;
mod host;
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

/// The normal form's text of a reference of syntax `S`, with the bounds
/// recorded as it was written, once the engine has checked that it is
/// still in the grammar (an error, never a value its type refuses).
fn normal_text<S: GenericSyntax>(
    text: &str,
    bounds: Bounds,
    options: Normalization,
) -> Result<(String, Bounds), ParseError> {
    let source = Source {
        text,
        bounds,
        grammar: S::GRAMMAR,
        zone_id: S::ZONE_ID,
    };
    let decode = if crate::syntax::unicode::<S>() {
        Decode::IUnreserved
    } else {
        Decode::Unreserved
    };
    let (normal, written, unchanged_characters) = normalize(source, decode, options)?;
    // Decoding and the forms change characters, decided one at a time
    // (`allowed`, `forms::culprit`), so the engine checks their result (a
    // check no test meets: tests/it/normalization.rs holds every normal form
    // to its grammar and spans). Without them each character is the
    // source's, in its component: dot segments, ports and an added "/"
    // are the grammar's own structure.
    if !unchanged_characters {
        crate::syntax::zone::check_reference(S::GRAMMAR, S::ZONE_ID, &normal)?;
    }
    debug_assert_eq!(
        parse_bounds(S::GRAMMAR, S::ZONE_ID, &normal, false).ok(),
        Some(written),
        "{normal:?}"
    );
    Ok((normal, written))
}

impl<S: GenericSyntax> Reference<'_, S> {
    /// The normal form of a reference, relative or absolute: every step of
    /// RFC 3986 6.2.2 (RFC 3987 5.3.2) that needs no base, so an absolute
    /// one gets what [`Absolute::normalize`] gives. Scheme-based
    /// normalization needs a scheme, and a relative path keeps its ".."
    /// segments, which only a base can remove; its "." segments go, which
    /// changes no target it resolves to (docs/DECISIONS.md,
    /// "Normalization and equivalence"). Fails only when NFC or NFKC is
    /// asked for and would change the structure
    /// ([`ErrorKind::NotNormalizable`]).
    ///
    /// ```
    /// use xiri::{Normalization, UriRef};
    /// let n = UriRef::parse("//[2001:DB8::1]/a/./b")?.normalize(Normalization::default())?;
    /// assert_eq!(n.as_str(), "//[2001:db8::1]/a/b");
    /// let r = UriRef::parse("../%7euser/./a/../b")?.normalize(Normalization::default())?;
    /// assert_eq!(r.as_str(), "../~user/a/../b");
    /// # Ok::<(), xiri::ParseError>(())
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<ReferenceBuf<S>, ParseError> {
        let (text, bounds) = normal_text::<S>(self.as_str(), self.bounds(), options)?;
        Ok(ReferenceBuf::from_bounds(text, bounds))
    }

    /// Whether two references, relative or absolute, are equivalent: equal
    /// once both are normalized with the same options
    /// ([`normalize`](Self::normalize)); one whose normal form does not
    /// exist is equivalent only to the same text, as with
    /// [`Absolute::is_equivalent`].
    ///
    /// ```
    /// use xiri::{IriRef, Normalization};
    /// let a = IriRef::parse("r%C3%A9sum%C3%A9/./a?q").unwrap();
    /// let b = IriRef::parse("r\u{e9}sum\u{e9}/a?q").unwrap();
    /// assert!(a.is_equivalent(&b, Normalization::default()));
    /// let up = IriRef::parse("a/../b").unwrap();
    /// assert!(!up.is_equivalent(&IriRef::parse("b").unwrap(), Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        let other = other.borrow_reference();
        match (self.normalize(options), other.normalize(options)) {
            (Ok(a), Ok(b)) => a.as_str() == b.as_str(),
            _ => self.as_str() == other.as_str(),
        }
    }
}

impl<S: GenericSyntax> Absolute<'_, S> {
    /// The normal form (RFC 3986 6.2.2; for IRIs and LEIRIs RFC 3987
    /// 5.3.2): scheme and US-ASCII-only host in lowercase, percent-encodings
    /// of unreserved characters decoded and the others in uppercase hex, an
    /// empty port dropped, dot segments removed; more with `options`. Fails
    /// only when NFC or NFKC is asked for and would change the structure
    /// ([`ErrorKind::NotNormalizable`]).
    ///
    /// ```
    /// let x = xiri::Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
    /// assert_eq!(x.normalize(xiri::Normalization::default())?.as_str(), "example://a/b/c/%7Bfoo%7D");
    /// let i = xiri::Iri::parse("HTTP://www.EXAMPLE.org/r%C3%A9sum%c3%a9/%7euser").unwrap();
    /// assert_eq!(i.normalize(xiri::Normalization::default())?.as_str(), "http://www.example.org/r\u{e9}sum\u{e9}/~user");
    /// # Ok::<(), xiri::ParseError>(())
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<AbsoluteBuf<S>, ParseError> {
        // The scheme stays: the normal form is absolute too.
        let (text, bounds) = normal_text::<S>(self.as_str(), self.bounds(), options)?;
        Ok(AbsoluteBuf::from_bounds(text, bounds))
    }

    /// Whether two are equivalent: equal once both are normalized with the
    /// same options (the comparison ladder's syntax-based step, and the
    /// scheme-based one if asked for). One whose normal form with these
    /// options does not exist (a form that would change its structure) is
    /// equivalent only to the same text: the ladder's first rung, simple
    /// string comparison (RFC 3986 6.2.1), which never gives a false
    /// positive.
    ///
    /// ```
    /// let a = xiri::Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
    /// let b = xiri::Uri::parse("example://a/b/c/%7Bfoo%7D").unwrap();
    /// assert!(a.is_equivalent(&b, xiri::Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsReference<S>, options: Normalization) -> bool {
        self.as_reference().is_equivalent(other, options)
    }
}
