//! One side's reading of an input: the parts that decide where a request
//! goes and who it authenticates as (scheme, host, user, password,
//! effective port), each in that side's own normal form.

use crate::syntax::pct;
use crate::syntax::reference::{Iri, IriBuf, IriRef, LeiriRef};
use crate::{HostKind, ParseError};
use std::fmt;
use std::net::Ipv4Addr;
use unicode_normalization::UnicodeNormalization;

/// The schemes the WHATWG URL Standard calls special (its hosts are
/// domains or addresses, not opaque), with their default ports.
const SPECIAL: [(&str, Option<u16>); 6] = [
    ("http", Some(80)),
    ("https", Some(443)),
    ("ws", Some(80)),
    ("wss", Some(443)),
    ("ftp", Some(21)),
    ("file", None),
];

/// Whether the WHATWG URL Standard calls `scheme` (lowercase) special.
pub(super) fn is_special(scheme: &str) -> bool {
    SPECIAL.iter().any(|(s, _)| *s == scheme)
}

/// A host as one side reads it, in that side's own normal form.
///
/// ```
/// use xiri::whatwg::{compare, Host};
/// let both = compare("http://0x7f.1/");
/// assert_eq!(both.rfc().unwrap().host(), Some(&Host::Name("0x7f.1".into())));
/// assert_eq!(both.browser().unwrap().host(), Some(&Host::Ipv4([127, 0, 0, 1].into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Host {
    /// RFC 3987's registered name, its case normalized (Unicode lowercase,
    /// the hex digits of a percent-encoded octet uppercase) and in NFC;
    /// percent-encoding stays as written (RFC 3986 3.2.2 reads it as the
    /// name's bytes, not as a new delimiter or number).
    ///
    /// ```
    /// let rfc = xiri::whatwg::compare("http://Evil%2ecom/").rfc().unwrap().clone();
    /// assert_eq!(rfc.host(), Some(&xiri::whatwg::Host::Name("evil%2Ecom".into())));
    /// ```
    Name(String),
    /// A browser's host of a special scheme (http, https, ws, wss, ftp,
    /// file): percent-decoded, then UTS #46 ToASCII (the standard's
    /// "domain to ASCII").
    ///
    /// ```
    /// let browser = xiri::whatwg::compare("http://Evil%2ecom/").browser().unwrap().clone();
    /// assert_eq!(browser.host(), Some(&xiri::whatwg::Host::Domain("evil.com".into())));
    /// ```
    Domain(String),
    /// A browser's host of another scheme, kept as written but for its
    /// non-ASCII characters, percent-encoded (the standard's "opaque host").
    ///
    /// ```
    /// let browser = xiri::whatwg::compare("foo://Ex%41/").browser().unwrap().clone();
    /// assert_eq!(browser.host(), Some(&xiri::whatwg::Host::Opaque("Ex%41".into())));
    /// ```
    Opaque(String),
    /// An IPv4 address.
    ///
    /// ```
    /// let rfc = xiri::whatwg::compare("http://127.0.0.1/").rfc().unwrap().clone();
    /// assert_eq!(rfc.host(), Some(&xiri::whatwg::Host::Ipv4([127, 0, 0, 1].into())));
    /// ```
    Ipv4(Ipv4Addr),
    /// An IPv6 address, without brackets, as the side serializes it: RFC
    /// 5952's form on the RFC side (an IPv4-mapped address ends in dotted
    /// decimal), the WHATWG URL Standard's on a browser's (all hex).
    ///
    /// ```
    /// let both = xiri::whatwg::compare("http://[::FFFF:127.0.0.1]/");
    /// assert_eq!(both.rfc().unwrap().host(), Some(&xiri::whatwg::Host::Ipv6("::ffff:127.0.0.1".into())));
    /// assert_eq!(both.browser().unwrap().host(), Some(&xiri::whatwg::Host::Ipv6("::ffff:7f00:1".into())));
    /// ```
    Ipv6(String),
    /// RFC 3986's future IP literal, lowercase, without brackets.
    ///
    /// ```
    /// let rfc = xiri::whatwg::compare("http://[v1.X]/").rfc().unwrap().clone();
    /// assert_eq!(rfc.host(), Some(&xiri::whatwg::Host::Future("v1.x".into())));
    /// ```
    Future(String),
}

impl fmt::Display for Host {
    /// What a finding says of it: `the name "a.example"`, `the address
    /// 127.0.0.1`, `the address [::1]`.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::Host::Ipv6("::1".into()).to_string(), "the address [::1]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Name(n) | Host::Domain(n) => write!(f, "the name {n:?}"),
            Host::Opaque(n) => write!(f, "the opaque host {n:?}"),
            Host::Ipv4(a) => write!(f, "the address {a}"),
            Host::Ipv6(a) => write!(f, "the address [{a}]"),
            Host::Future(a) => write!(f, "the literal [{a}]"),
        }
    }
}

/// One side's reading: what decides where a request goes and who it
/// authenticates as. Its `Debug` shows a password as `****`.
///
/// ```
/// let both = xiri::whatwg::compare("HTTP://anne:s3cret@Example.com:0080/");
/// let rfc = both.rfc().unwrap();
/// assert_eq!((rfc.scheme(), &*rfc.user(), rfc.port()), ("http", "anne", Some(80)));
/// assert!(rfc.has_password());
/// assert!(!format!("{rfc:?}").contains("s3cret"));
/// assert!(both.findings().is_empty()); // the browser reads a Domain, the same host
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Reading {
    pub(super) scheme: String,
    pub(super) host: Option<Host>,
    pub(super) user: Vec<u8>,
    pub(super) password: Vec<u8>,
    pub(super) port: Option<u32>,
}

impl Reading {
    /// The scheme, lowercase.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::compare("HTTP://a/").browser().unwrap().scheme(), "http");
    /// ```
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host; `None` without an authority or with an empty host (and
    /// for a `file` URL's `localhost`, which both readings take as the
    /// local machine).
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::compare("http:/evil.com/").rfc().unwrap().host(), None);
    /// ```
    pub fn host(&self) -> Option<&Host> {
        self.host.as_ref()
    }

    /// The user name, percent-decoded (invalid UTF-8 replaced), empty when
    /// there is none.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::compare("http://a%20b@h/").rfc().unwrap().user(), "a b");
    /// ```
    pub fn user(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.user)
    }

    /// Whether there is a non-empty password (which is never shown).
    ///
    /// ```
    /// assert!(!xiri::whatwg::compare("http://a:@h/").browser().unwrap().has_password());
    /// ```
    pub fn has_password(&self) -> bool {
        !self.password.is_empty()
    }

    /// The effective port: the one written, else the scheme's default
    /// (the WHATWG URL Standard's special schemes'; none for others).
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::compare("wss://h/").rfc().unwrap().port(), Some(443));
    /// assert_eq!(xiri::whatwg::compare("foo://h/").rfc().unwrap().port(), None);
    /// ```
    pub fn port(&self) -> Option<u32> {
        self.port
    }
}

impl fmt::Debug for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reading")
            .field("scheme", &self.scheme)
            .field("host", &self.host)
            .field("user", &self.user())
            .field("password", &if self.has_password() { "****" } else { "" })
            .field("port", &self.port)
            .finish()
    }
}

/// RFC 3987's reading: `input` as an IRI, or as an IRI reference resolved
/// against `base` (RFC 3986 5.2), which must be an IRI.
pub(super) fn rfc(input: &str, base: Option<&str>) -> Result<Reading, ParseError> {
    match base {
        None => Ok(rfc_of(&Iri::parse(input)?)),
        Some(base) => {
            let base = Iri::parse(base)?;
            let target: IriBuf = base.resolve(&IriRef::parse(input)?);
            Ok(rfc_of(&target.as_borrowed()))
        }
    }
}

/// The reading of `input` made an IRI by the LEIRI Note's procedure
/// (section 4: each space, "<", "\\", ... percent-encoded), for an input
/// RFC 3987 refuses for such characters only; `None` if the LEIRI grammar
/// refuses it too.
pub(super) fn leiri(input: &str, base: Option<&str>) -> Option<Reading> {
    let iri = LeiriRef::parse(input).ok()?.to_iri();
    let target: IriBuf = match base {
        None => Iri::parse(iri.as_str()).ok()?.to_owned(),
        Some(base) => Iri::parse(base).ok()?.resolve(&iri.as_borrowed()),
    };
    Some(rfc_of(&target.as_borrowed()))
}

fn rfc_of(iri: &Iri<'_>) -> Reading {
    let scheme = iri.scheme().to_ascii_lowercase();
    let host = iri.host().and_then(|h| {
        let text = h.as_str();
        match h.kind() {
            HostKind::RegName if text.is_empty() => None,
            HostKind::RegName => {
                let name = name_normal_form(text);
                (!(scheme == "file" && name == "localhost")).then_some(Host::Name(name))
            }
            HostKind::Ipv4 => h.to_ipv4().map(Host::Ipv4),
            HostKind::Ipv6 => h.to_ipv6().map(|a| Host::Ipv6(a.to_string())),
            HostKind::IpvFuture => Some(Host::Future(
                h.literal().unwrap_or(text).to_ascii_lowercase(),
            )),
        }
    });
    let (user, password) = match iri.userinfo() {
        Some(u) => match u.split_once(':') {
            Some((user, password)) => (pct::decode(user), pct::decode(password)),
            None => (pct::decode(u), Vec::new().into()),
        },
        None => (Vec::new().into(), Vec::new().into()),
    };
    let port = match iri.port().filter(|p| !p.is_empty()) {
        Some(digits) => Some(digits.bytes().fold(0u32, |n, d| {
            n.saturating_mul(10)
                .saturating_add(u32::from(d.saturating_sub(b'0')))
        })),
        None => default_port(&scheme),
    };
    Reading {
        scheme,
        host,
        user: user.into_owned(),
        password: password.into_owned(),
        port,
    }
}

fn default_port(scheme: &str) -> Option<u32> {
    SPECIAL
        .iter()
        .find(|(s, _)| *s == scheme)
        .and_then(|(_, port)| port.map(u32::from))
}

/// A registered name's normal form on the RFC side: lowercase (Unicode),
/// the hex digits of percent-encoded octets uppercase, NFC.
fn name_normal_form(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut hex_left = 0;
    for c in text.chars() {
        if hex_left > 0 {
            out.push(c.to_ascii_uppercase());
            hex_left -= 1;
        } else {
            if c == '%' {
                hex_left = 2;
            }
            out.extend(c.to_lowercase());
        }
    }
    out.nfc().collect()
}

/// The WHATWG URL Standard's reading (the url crate's), of `input` alone
/// or against `base`.
pub(super) fn browser(input: &str, base: Option<&str>) -> Result<Reading, url::ParseError> {
    let url = match base {
        None => url::Url::parse(input)?,
        Some(base) => url::Url::parse(base)?.join(input)?,
    };
    let scheme = url.scheme().to_string();
    let host = url.host().and_then(|h| match h {
        url::Host::Domain("") => None,
        url::Host::Domain(d) if is_special(&scheme) => Some(Host::Domain(d.to_string())),
        url::Host::Domain(d) => Some(Host::Opaque(d.to_string())),
        url::Host::Ipv4(a) => Some(Host::Ipv4(a)),
        url::Host::Ipv6(a) => {
            let shown = url::Host::<&str>::Ipv6(a).to_string();
            Some(Host::Ipv6(shown.trim_matches(['[', ']']).to_string()))
        }
    });
    Ok(Reading {
        host,
        user: pct::decode(url.username()).into_owned(),
        password: url
            .password()
            .map_or_else(Vec::new, |p| pct::decode(p).into_owned()),
        port: url.port_or_known_default().map(u32::from),
        scheme,
    })
}
