//! The components of a URI, IRI or LEIRI reference (and of an XRI's IRI
//! authority), read off a parse tree: spans of the input, nothing copied.

#[cfg(feature = "internals")]
use crate::syntax::tree::Node;
use std::net::{Ipv4Addr, Ipv6Addr};

/// What kind of host an authority names (RFC 3986 3.2.2).
///
/// ```
/// use xiri::{HostKind, UriRef};
/// let kinds: Vec<_> = ["//example.com", "//192.0.2.1", "//[::1]", "//[v9.x]"]
///     .iter()
///     .map(|s| UriRef::parse(s).unwrap().host().unwrap().kind())
///     .collect();
/// assert_eq!(kinds, [HostKind::RegName, HostKind::Ipv4, HostKind::Ipv6, HostKind::IpvFuture]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// A registered name (`reg-name`, `ireg-name`), possibly empty.
    RegName,
    /// An IPv4 address in dotted-decimal form (`IPv4address`).
    Ipv4,
    /// An IPv6 address in brackets (`IP-literal` holding an `IPv6address`).
    Ipv6,
    /// A future IP literal in brackets, `[v1.x]` (`IPvFuture`).
    IpvFuture,
}

impl HostKind {
    /// Its name, as the CLI prints it: "reg-name", "IPv4", "IPv6" or
    /// "IPvFuture".
    ///
    /// ```
    /// assert_eq!(xiri::HostKind::Ipv6.name(), "IPv6");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "IPv4",
            HostKind::Ipv6 => "IPv6",
            HostKind::IpvFuture => "IPvFuture",
        }
    }
}

/// The host of an authority: its text as written and its kind.
///
/// ```
/// use xiri::{HostKind, UriRef};
/// let uri = UriRef::parse("http://[::1]:8080/").unwrap();
/// let host = uri.host().unwrap();
/// assert_eq!(host.kind(), HostKind::Ipv6);
/// assert_eq!(host.as_str(), "[::1]");
/// assert_eq!(host.literal(), Some("::1"));
/// assert_eq!(host.to_ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Host<'a> {
    text: &'a str,
    kind: HostKind,
}

impl<'a> Host<'a> {
    /// The host as written, brackets included for IP literals.
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("//example.com").unwrap();
    /// assert_eq!(uri.host().unwrap().as_str(), "example.com");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Registered name, IPv4, IPv6 or IPvFuture.
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("//1.2.3.4").unwrap();
    /// assert_eq!(uri.host().unwrap().kind(), xiri::HostKind::Ipv4);
    /// ```
    pub fn kind(&self) -> HostKind {
        self.kind
    }

    /// For an IP literal, the text between the brackets.
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("//[v7.x:y]").unwrap();
    /// assert_eq!(uri.host().unwrap().literal(), Some("v7.x:y"));
    /// ```
    pub fn literal(&self) -> Option<&'a str> {
        match self.kind {
            HostKind::Ipv6 | HostKind::IpvFuture => Some(&self.text[1..self.text.len() - 1]),
            _ => None,
        }
    }

    /// The IPv4 address, for an `IPv4address` host.
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("//10.0.0.1").unwrap();
    /// assert_eq!(uri.host().unwrap().to_ipv4(), Some(std::net::Ipv4Addr::new(10, 0, 0, 1)));
    /// ```
    pub fn to_ipv4(&self) -> Option<Ipv4Addr> {
        (self.kind == HostKind::Ipv4).then(|| self.text.parse().ok())?
    }

    /// The IPv6 address, for an IPv6 literal (without its zone
    /// identifier, if it has one).
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("//[2001:db8::7]").unwrap();
    /// assert!(uri.host().unwrap().to_ipv6().is_some());
    /// let zoned = xiri::ZonedUriRef::parse("//[fe80::1%25eth0]").unwrap();
    /// assert_eq!(zoned.host().unwrap().to_ipv6(), "fe80::1".parse().ok());
    /// ```
    pub fn to_ipv6(&self) -> Option<Ipv6Addr> {
        let literal = self.literal()?;
        let address = literal.split_once("%25").map_or(literal, |(a, _)| a);
        (self.kind == HostKind::Ipv6).then(|| address.parse().ok())?
    }

    /// The zone identifier of an IPv6 literal (RFC 6874: `IPv6address
    /// "%25" ZoneID`, which only a [`Zoned`](crate::Zoned) syntax
    /// accepts), percent-decoded; `None` for any other host. A zone whose
    /// octets, decoded, are not UTF-8 or hold a "%" comes back as written
    /// (`%FF`, `%25FF`): nothing is replaced, and a zone with a "%" is
    /// always one as written, so two zones come back the same only when
    /// they decode the same. [`zone_encoded`](Self::zone_encoded) gives
    /// any zone as written.
    ///
    /// ```
    /// let uri = xiri::ZonedUriRef::parse("http://[fe80::a%25en1]/").unwrap();
    /// assert_eq!(uri.host().unwrap().zone().as_deref(), Some("en1"));
    /// let uri = xiri::ZonedUriRef::parse("http://[fe80::a%25%65th0]/").unwrap();
    /// assert_eq!(uri.host().unwrap().zone().as_deref(), Some("eth0"));
    /// let uri = xiri::ZonedUriRef::parse("http://[fe80::a%25%FF]/").unwrap();
    /// assert_eq!(uri.host().unwrap().zone().as_deref(), Some("%FF"));
    /// assert_eq!(xiri::UriRef::parse("//[::1]").unwrap().host().unwrap().zone(), None);
    /// ```
    pub fn zone(&self) -> Option<std::borrow::Cow<'a, str>> {
        let zone = self.zone_encoded()?;
        match crate::pct::decode_utf8(zone) {
            Ok(decoded) if !decoded.contains('%') => Some(decoded),
            _ => Some(std::borrow::Cow::Borrowed(zone)),
        }
    }

    /// The zone identifier of an IPv6 literal as written, after its
    /// "%25" and percent-encoded; `None` for any other host.
    ///
    /// ```
    /// let uri = xiri::ZonedUriRef::parse("http://[fe80::a%25%65th0]/").unwrap();
    /// assert_eq!(uri.host().unwrap().zone_encoded(), Some("%65th0"));
    /// ```
    pub fn zone_encoded(&self) -> Option<&'a str> {
        if self.kind != HostKind::Ipv6 {
            return None;
        }
        let (_, zone) = self.literal()?.split_once("%25")?;
        Some(zone)
    }
}

/// The host as written, padded as `str` is.
///
/// ```
/// let uri = xiri::UriRef::parse("//[::1]:80").unwrap();
/// assert_eq!(format!("<{:>7}>", uri.host().unwrap()), "<  [::1]>");
/// ```
impl std::fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.text)
    }
}

/// A byte range of the text a value was parsed from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Span {
    /// `start..end`.
    pub(crate) fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    #[cfg(feature = "internals")]
    fn of(node: &Node) -> Span {
        Span {
            start: node.start,
            end: node.end,
        }
    }

    #[cfg(feature = "internals")]
    fn empty_at(at: usize) -> Span {
        Span { start: at, end: at }
    }

    /// The text the span covers.
    pub(crate) fn get(self, text: &str) -> &str {
        &text[self.start..self.end]
    }
}

/// An authority, `[ userinfo "@" ] host [ ":" port ]`, as spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthoritySpans {
    pub(crate) whole: Span,
    pub(crate) userinfo: Option<Span>,
    pub(crate) host: Span,
    pub(crate) host_kind: HostKind,
    pub(crate) port: Option<Span>,
}

impl AuthoritySpans {
    pub(crate) fn host<'a>(&self, text: &'a str) -> Host<'a> {
        Host {
            text: self.host.get(text),
            kind: self.host_kind,
        }
    }
}

/// The five components of a reference (RFC 3986 3), as spans of its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub(crate) scheme: Option<Span>,
    pub(crate) authority: Option<AuthoritySpans>,
    pub(crate) path: Span,
    pub(crate) query: Option<Span>,
    pub(crate) fragment: Option<Span>,
}

#[cfg(feature = "internals")]
fn child<'n>(node: &'n Node, names: &[&str]) -> Option<&'n Node> {
    node.children.iter().find(|c| names.contains(&c.name))
}

/// Reads an `authority` or `iauthority` node (for pest's reading of an
/// XRI, which the tests hold the engine's to).
#[cfg(feature = "internals")]
pub(crate) fn authority(node: &Node) -> AuthoritySpans {
    let (host, host_kind) = match child(node, &["host", "ihost"]) {
        Some(h) => {
            let kind = match h.children.first().map(|c| (c.name, c)) {
                Some(("IP-literal", lit)) => match lit.children.first().map(|c| c.name) {
                    Some("IPvFuture") => HostKind::IpvFuture,
                    _ => HostKind::Ipv6,
                },
                Some(("IPv4address", _)) => HostKind::Ipv4,
                _ => HostKind::RegName,
            };
            (Span::of(h), kind)
        }
        None => (Span::empty_at(node.start), HostKind::RegName),
    };
    AuthoritySpans {
        whole: Span::of(node),
        userinfo: child(node, &["userinfo", "iuserinfo"]).map(Span::of),
        host,
        host_kind,
        port: child(node, &["port"]).map(Span::of),
    }
}

#[cfg(feature = "internals")]
const PATHS: &[&str] = &[
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "ipath-abempty",
    "ipath-absolute",
    "ipath-noscheme",
    "ipath-rootless",
    "ipath-empty",
    "ipath-abs",
];

/// Reads a `URI`, `relative-ref`, `IRI`, `irelative-ref` or `LEIRI` node
/// (or their absolute forms).
#[cfg(feature = "internals")]
pub(crate) fn spans(top: &Node) -> Spans {
    let hier = child(
        top,
        &["hier-part", "relative-part", "ihier-part", "irelative-part"],
    );
    Spans {
        scheme: child(top, &["scheme"]).map(Span::of),
        authority: hier
            .and_then(|h| child(h, &["authority", "iauthority"]))
            .map(authority),
        path: hier
            .and_then(|h| child(h, PATHS))
            .map_or(Span::empty_at(top.end), Span::of),
        query: child(top, &["query", "iquery"]).map(Span::of),
        fragment: child(top, &["fragment", "ifragment"]).map(Span::of),
    }
}
