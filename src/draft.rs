//! Component-wise parsing of an IRI as the IRI processing draft (2011)
//! section 5 describes it: any string, as browsers and libraries meet it in
//! what users type and what documents contain, is split into scheme,
//! authority (userinfo, host, port), path, query and fragment, and the
//! path, query and fragment are percent-encoded where the draft says so.
//! Nothing is refused: where strict parsing ([`IriRef::parse`]) says "not
//! an IRI reference", this says what the draft's algorithm makes of it.
//! Run [`preprocess`] first for the draft's section 4.
//!
//! Where the draft is silent, sloppy or contradicts itself, xiri decides
//! (docs/DECISIONS.md, "The IRI processing draft's component parsing").
//!
//! ```
//! let c = xiri::draft::parse_components("http://user@r\u{e9}sum\u{e9}.example:8080/a b?q=\u{e9}#f");
//! assert_eq!(c.scheme, Some("http"));
//! assert_eq!(c.authority.as_ref().map(|a| a.host), Some("r\u{e9}sum\u{e9}.example"));
//! assert_eq!(c.path, "/a%20b");
//! assert_eq!(c.query.as_deref(), Some("q=%C3%A9"));
//! ```
//!
//! [`IriRef::parse`]: crate::IriRef::parse
//! [`preprocess`]: crate::preprocess

use crate::syntax::chars::{self, iprivate, ucschar};
use crate::syntax::components::HostKind;
use crate::syntax::grammar::Grammar;
use std::borrow::Cow;
use std::fmt;

/// What the draft's section 5 finds in a string: each component as
/// written, but path, query and fragment percent-encoded as 5.3 to 5.5 say.
///
/// ```
/// let c = xiri::draft::parse_components("1a:b/c");
/// assert_eq!(c.scheme, None, "5.1: a scheme starts with a letter");
/// assert_eq!(c.path, "1a:b/c");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftComponents<'a> {
    /// 5.1: the text before the first ":", when it starts with a letter
    /// and holds only letters, digits, "+", "-" and "."; otherwise the
    /// string is a relative reference and has none.
    pub scheme: Option<&'a str>,
    /// 5.2: after "//", up to the first "/", "?", "#" or the end.
    pub authority: Option<DraftAuthority<'a>>,
    /// 5.3: up to the first "?" or "#", percent-encoded.
    pub path: Cow<'a, str>,
    /// 5.4: after "?", up to the first "#", percent-encoded.
    pub query: Option<Cow<'a, str>>,
    /// 5.5: after "#", percent-encoded.
    pub fragment: Option<Cow<'a, str>>,
}

/// The authority's parts (the draft's 5.2.1 to 5.2.3), as written.
///
/// ```
/// let c = xiri::draft::parse_components("http://a@b@c:80x/");
/// let authority = c.authority.unwrap();
/// assert_eq!(authority.userinfo, Some("a"), "5.2.1: up to the first \"@\"");
/// assert_eq!(authority.host, "b@c");
/// assert_eq!(authority.port, Some(xiri::draft::DraftPort::Invalid("80x")));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DraftAuthority<'a> {
    /// The whole authority.
    pub text: &'a str,
    /// 5.2.1: up to the first "@", when there is one.
    pub userinfo: Option<&'a str>,
    /// 5.2.2: up to the last ":" (after the "]" of an IP literal), or the
    /// end. The draft says it SHOULD go through IDNA; it is left as written
    /// here (`IriRef::to_uri_with` does IDNA).
    pub host: &'a str,
    /// An IP literal, an IPv4 address, or else a registered name.
    pub host_kind: HostKind,
    /// 5.2.3: after that ":".
    pub port: Option<DraftPort<'a>>,
}

/// A port as 5.2.3 reads it: digits, or not (then "the port is invalid",
/// and parsing goes on with the path).
///
/// ```
/// use xiri::draft::{parse_components, DraftPort};
/// let port = |s| parse_components(s).authority.and_then(|a| a.port);
/// assert_eq!(port("http://h:8080/"), Some(DraftPort::Digits("8080")));
/// assert_eq!(port("http://h:http/"), Some(DraftPort::Invalid("http")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraftPort<'a> {
    /// `*DIGIT`, possibly empty.
    Digits(&'a str),
    /// Anything else.
    Invalid(&'a str),
}

impl<'a> DraftPort<'a> {
    /// The port's text.
    ///
    /// ```
    /// let c = xiri::draft::parse_components("//h:x");
    /// assert_eq!(c.authority.unwrap().port.unwrap().as_str(), "x");
    /// ```
    pub fn as_str(&self) -> &'a str {
        match *self {
            DraftPort::Digits(s) | DraftPort::Invalid(s) => s,
        }
    }
}

/// Parses `input`, a pre-processed reference string, component by
/// component as the IRI processing draft's section 5 describes. Every
/// string has components; see the module's documentation.
///
/// ```
/// let c = xiri::draft::parse_components("HTTP://[::1]:80/r\u{e9}sum\u{e9}?<q>#\\f");
/// assert_eq!(c.scheme, Some("HTTP"));
/// assert_eq!(c.authority.as_ref().map(|a| (a.host, a.host_kind)), Some(("[::1]", xiri::HostKind::Ipv6)));
/// assert_eq!(c.path, "/r%C3%A9sum%C3%A9");
/// assert_eq!(c.query.as_deref(), Some("%3Cq%3E"));
/// assert_eq!(c.fragment.as_deref(), Some("%5Cf"));
/// assert_eq!(c.to_string(), "HTTP://[::1]:80/r%C3%A9sum%C3%A9?%3Cq%3E#%5Cf");
/// ```
pub fn parse_components(input: &str) -> DraftComponents<'_> {
    let (scheme, rest) = match scheme(input) {
        Some((scheme, rest)) => (Some(scheme), rest),
        None => (None, input),
    };
    // 5.2: "//" starts an authority. For a relative reference the draft
    // says to go on to the path, but also that the algorithm is RFC 3986
    // Appendix B's, where "//" starts one with or without a scheme; xiri
    // follows Appendix B (docs/DECISIONS.md).
    let (authority, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            let (text, rest) = after.split_at(end);
            (Some(authority(text)), rest)
        }
        None => (None, rest),
    };
    let (rest, fragment) = match rest.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (rest, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    DraftComponents {
        scheme,
        authority,
        path: encoded(path, Component::Path),
        query: query.map(|q| encoded(q, Component::Query)),
        fragment: fragment.map(|f| encoded(f, Component::Fragment)),
    }
}

/// 5.1: the scheme and what follows its ":", when there is a valid one.
fn scheme(input: &str) -> Option<(&str, &str)> {
    let (candidate, rest) = input.split_once(':')?;
    let starts = candidate.chars().next()?.is_ascii_alphabetic();
    let valid = candidate
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (starts && valid).then_some((candidate, rest))
}

/// 5.2.1 to 5.2.3.
fn authority(text: &str) -> DraftAuthority<'_> {
    let (userinfo, hostport) = match text.split_once('@') {
        Some((userinfo, hostport)) => (Some(userinfo), hostport),
        None => (None, text),
    };
    // "Consume all characters up to but not including the last ':'": an
    // IP literal holds colons of its own, so its last ':' is looked for
    // after its "]".
    let literal = hostport
        .strip_prefix('[')
        .and_then(|inside| inside.find(']'))
        .map(|close| close + 2)
        .filter(|&end| {
            hostport
                .get(end..)
                .is_some_and(|tail| tail.is_empty() || tail.starts_with(':'))
        });
    let (host, port) = match literal {
        Some(end) => {
            let (host, tail) = hostport.split_at(end);
            (host, tail.strip_prefix(':'))
        }
        None => match hostport.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (hostport, None),
        },
    };
    let port = port.map(|p| {
        if p.bytes().all(|b| b.is_ascii_digit()) {
            DraftPort::Digits(p)
        } else {
            DraftPort::Invalid(p)
        }
    });
    DraftAuthority {
        text,
        userinfo,
        host,
        host_kind: host_kind(host),
        port,
    }
}

fn host_kind(host: &str) -> HostKind {
    let is = |rule: &str| {
        Grammar::Uri
            .rule(rule)
            .is_some_and(|r| r.check(host).is_ok())
    };
    if is("IP-literal") {
        if host.get(1..2).is_some_and(|v| v.eq_ignore_ascii_case("v")) {
            HostKind::IpvFuture
        } else {
            HostKind::Ipv6
        }
    } else if is("IPv4address") {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Component {
    Path,
    Query,
    Fragment,
}

/// 5.3 to 5.5: every `ucschar` percent-encoded, and every character
/// RFC 3987 2.2 does not allow in the component (a "%" that starts no
/// percent-encoding among them); the rest as it is. The query keeps
/// `iprivate`, which 2.2 allows there and which is not `ucschar`.
fn encoded(text: &str, component: Component) -> Cow<'_, str> {
    // `pchar` and "/": RFC 3986's characters but for "?", "#", "[" and "]".
    let allowed = |c: char| {
        ((chars::unreserved(c) || chars::reserved(c)) && !matches!(c, '?' | '#' | '[' | ']'))
            || (component != Component::Path && c == '?')
            || (component == Component::Query && iprivate(c))
    };
    let escape = |at: usize, c: char| {
        if c == '%' {
            let hex = text.get(at + 1..at + 3);
            !hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
        } else {
            ucschar(c) || !allowed(c)
        }
    };
    if !text.char_indices().any(|(at, c)| escape(at, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (at, c) in text.char_indices() {
        if escape(at, c) {
            crate::syntax::pct::encode_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The fields, the password of the user information as `****`.
impl fmt::Debug for DraftAuthority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::syntax::mask::Masked;
        f.debug_struct("DraftAuthority")
            .field("text", &Masked::Authority(self.text))
            .field("userinfo", &self.userinfo.map(Masked::Userinfo))
            .field("host", &self.host)
            .field("host_kind", &self.host_kind)
            .field("port", &self.port)
            .finish()
    }
}

impl fmt::Display for DraftComponents<'_> {
    /// The components put together again (RFC 3986 5.3).
    ///
    /// ```
    /// let c = xiri::draft::parse_components("a b?c d#e f");
    /// assert_eq!(c.to_string(), "a%20b?c%20d#e%20f");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(authority) = &self.authority {
            write!(f, "//{}", authority.text)?;
        }
        f.write_str(&self.path)?;
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}
