//! What a difference between the two readings is: its part, its category
//! (the families of the published work on URL parsing confusion) and a
//! one-line explanation. No finding ever holds a password.

use std::fmt;

/// The family a [`Finding`] belongs to: why the two readings differ.
///
/// ```
/// use xiri::whatwg::{compare, Category};
/// assert_eq!(compare("http://127.1/").findings()[0].category, Category::NumericHost);
/// assert_eq!(Category::NumericHost.name(), "numeric-host");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Category {
    /// A browser reads a number (decimal, octal, hex, or fewer than four
    /// parts) as an IPv4 address; RFC 3986 reads a name.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://2130706433/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::NumericHost);
    /// ```
    NumericHost,
    /// A browser decodes a host's percent-encoding before it reads it (a
    /// dot, a digit, a full stop look-alike); RFC 3986 keeps the encoded
    /// name.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://evil%2ecom/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::PercentEncodedHost);
    /// ```
    PercentEncodedHost,
    /// A browser maps the name through IDNA (UTS #46: full-width and
    /// circled letters, the ideographic full stop, ...) to another name or
    /// to an address; RFC 3987 reads the name as written.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://\u{24D4}\u{24E5}\u{24D8}\u{24DB}.com/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::MappedLookalike);
    /// ```
    MappedLookalike,
    /// A browser drops a trailing dot after a number and reads an
    /// address; RFC 3986 reads a name.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://127.0.0.1./").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::TrailingDot);
    /// ```
    TrailingDot,
    /// A browser finds an authority after any number of slashes, or none,
    /// in an http, https, ws, wss or ftp URL; RFC 3986 only after "//".
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http:evil.com/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::SlashCount);
    /// ```
    SlashCount,
    /// A browser reads "\" as "/" in the URLs of its special schemes; RFC
    /// 3986 does not allow it.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://evil.com\\@good.com/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::Backslash);
    /// ```
    Backslash,
    /// A browser ends the user information at the last "@" of the
    /// authority; RFC 3986 allows no "@" in it.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://a@b@c/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::MultipleAt);
    /// ```
    MultipleAt,
    /// A browser removes tabs and newlines anywhere, and spaces and
    /// controls at both ends, before it reads; RFC 3986 refuses them.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://ev\til.com/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::StrippedWhitespace);
    /// ```
    StrippedWhitespace,
    /// One IPv6 address in two forms: RFC 5952's (an IPv4-mapped address
    /// in dotted decimal) and a browser's (all hex); a comparison of the
    /// text misses it.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://[::ffff:127.0.0.1]/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::Ipv6Form);
    /// ```
    Ipv6Form,
    /// One side refuses what the other accepts, for none of the reasons
    /// above (the finding says the refusing side's reason).
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://256.0.0.1/").findings()[0].clone();
    /// assert_eq!(f.category, xiri::whatwg::Category::RefusedByOne);
    /// ```
    RefusedByOne,
    /// A difference none of the above explains.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::Category::Other.name(), "other");
    /// ```
    Other,
}

impl Category {
    /// Its short name, as `xiri lint` prints it.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::Category::MultipleAt.name(), "multiple-at");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Category::NumericHost => "numeric-host",
            Category::PercentEncodedHost => "percent-encoded-host",
            Category::MappedLookalike => "mapped-lookalike",
            Category::TrailingDot => "trailing-dot",
            Category::SlashCount => "slash-count",
            Category::Backslash => "backslash",
            Category::MultipleAt => "multiple-at",
            Category::StrippedWhitespace => "stripped-whitespace",
            Category::Ipv6Form => "ipv6-form",
            Category::RefusedByOne => "refused-by-one",
            Category::Other => "other",
        }
    }

    /// Why the readings part, in one sentence a security reviewer reads.
    ///
    /// ```
    /// assert!(xiri::whatwg::Category::Backslash.why().contains("\"\\\" as \"/\""));
    /// ```
    pub fn why(self) -> &'static str {
        match self {
            Category::NumericHost => {
                "a browser reads decimal, octal, hex and short dotted numbers as an IPv4 address, RFC 3986 as a name"
            }
            Category::PercentEncodedHost => {
                "a browser decodes a host's percent-encoding before reading it, RFC 3986 keeps the encoded name"
            }
            Category::MappedLookalike => {
                "a browser maps look-alike characters through IDNA (UTS #46) to other ASCII, RFC 3987 keeps them"
            }
            Category::TrailingDot => {
                "a browser drops a trailing dot after a number and reads an address, RFC 3986 reads a name"
            }
            Category::SlashCount => {
                "a browser finds an authority after any number of slashes in a special scheme, RFC 3986 only after \"//\""
            }
            Category::Backslash => {
                "a browser reads \"\\\" as \"/\" in a special scheme, RFC 3986 refuses it"
            }
            Category::MultipleAt => {
                "a browser ends the user information at the last \"@\", RFC 3986 allows no \"@\" in it"
            }
            Category::StrippedWhitespace => {
                "a browser removes tabs and newlines, and spaces and controls at both ends, RFC 3986 refuses them"
            }
            Category::Ipv6Form => {
                "the same IPv6 address serialized two ways (RFC 5952 keeps an embedded IPv4 part, a browser writes hex)"
            }
            Category::RefusedByOne => "one reading refuses what the other accepts",
            Category::Other => "the two readings differ",
        }
    }
}

/// Which part of the readings a [`Finding`] is about.
///
/// ```
/// use xiri::whatwg::{compare, Part};
/// assert_eq!(compare("http://0/").findings()[0].part, Part::Host);
/// assert_eq!(Part::Host.name(), "host");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// The scheme.
    Scheme,
    /// The host, or whether there is one (an authority on one side only).
    Host,
    /// The user name.
    User,
    /// The password (never shown: a finding says only that they differ).
    Password,
    /// The effective port.
    Port,
    /// Whether the input is accepted: one side refuses it.
    Acceptance,
}

impl Part {
    /// Its name, as `xiri lint` prints it.
    ///
    /// ```
    /// assert_eq!(xiri::whatwg::Part::Acceptance.name(), "acceptance");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Host => "host",
            Part::User => "user",
            Part::Password => "password",
            Part::Port => "port",
            Part::Acceptance => "acceptance",
        }
    }
}

/// One difference between RFC 3987's reading and a browser's that changes
/// where a request goes or who it authenticates as. Its `rfc` and
/// `browser` say what each side reads (a host as "the name ...", "the
/// address ..."; a password only as "****"; a refusal as its reason).
///
/// ```
/// let f = xiri::whatwg::compare("http://0x7f000001/").findings()[0].clone();
/// assert_eq!(f.to_string(), "host: RFC 3987 reads the name \"0x7f000001\", a browser the address 127.0.0.1 \
///     (numeric-host: a browser reads decimal, octal, hex and short dotted numbers as an IPv4 address, RFC 3986 as a name)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Finding {
    /// Why the readings differ.
    pub category: Category,
    /// Which part differs.
    pub part: Part,
    /// What RFC 3987 reads there.
    pub rfc: String,
    /// What a browser (the WHATWG URL Standard) reads there.
    pub browser: String,
}

impl Finding {
    /// Whether the finding is about the host: the readings name different
    /// hosts, or one names a host and the other none.
    ///
    /// ```
    /// assert!(xiri::whatwg::compare("http:/evil.com/").findings()[0].is_host());
    /// ```
    pub fn is_host(&self) -> bool {
        self.part == Part::Host
    }

    /// The explanation alone, one line: what each side reads and why.
    ///
    /// ```
    /// let f = xiri::whatwg::compare("http://a@b@c/").findings()[0].clone();
    /// assert!(f.explanation().starts_with("accepted by a browser only"));
    /// ```
    pub fn explanation(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (category, why) = (self.category.name(), self.category.why());
        match self.part {
            Part::Acceptance if self.rfc.starts_with("refuses") => write!(
                f,
                "accepted by a browser only, which reads {}; RFC 3987 {} ({category}: {why})",
                self.browser, self.rfc
            ),
            Part::Acceptance => write!(
                f,
                "accepted by RFC 3987 only, which reads {}; a browser {} ({category}: {why})",
                self.rfc, self.browser
            ),
            part => write!(
                f,
                "{}: RFC 3987 reads {}, a browser {} ({category}: {why})",
                part.name(),
                self.rfc,
                self.browser
            ),
        }
    }
}
