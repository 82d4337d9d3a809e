//! Where a browser reads it elsewhere: an input read by RFC 3987 (xiri's
//! grammars) beside the WHATWG URL Standard's reading (a browser's, most
//! HTTP clients': the `url` crate's), and the differences between the two
//! that change where a request goes or who it authenticates as. The
//! `whatwg` feature.
//!
//! A validator that reads an identifier by the RFC and a client that
//! fetches it by the WHATWG standard can name different hosts for one
//! input: the gap behind server-side request forgery and allow-list
//! bypasses. [`compare`] reads the input both ways and reports, as
//! [`Finding`]s, a different scheme, host (each side's own normal form:
//! case, IDNA, IPv4 and IPv6 serialization), user, password or effective
//! port, an authority on one side only, and an input one side refuses.
//! Differences that only normalize (percent-encoding in a path, dot
//! segments, a default port written out) are not findings
//! (docs/DECISIONS.md, "Where a browser reads it elsewhere").
//!
//! ```
//! use xiri::whatwg::{compare, Category, Host, Part};
//! let both = compare("http://0x7f.1/");
//! assert_eq!(both.browser().unwrap().host(), Some(&Host::Ipv4([127, 0, 0, 1].into())));
//! let f = &both.findings()[0];
//! assert_eq!((f.category, f.part), (Category::NumericHost, Part::Host));
//! assert!(compare("https://example.com/a/../b c").findings().is_empty());
//! ```

mod differ;
mod finding;
mod reading;

pub use finding::{Category, Finding, Part};
pub use reading::{Host, Reading};

use crate::syntax::mask::Masked;
use crate::ParseError;
use std::fmt;

/// An input's two readings and their findings ([`compare`]). Its `Debug`
/// masks passwords.
///
/// ```
/// let both = xiri::whatwg::compare("http:\\\\evil.com\\");
/// assert!(both.rfc().is_err());
/// assert_eq!(both.browser().unwrap().host().unwrap().to_string(), "the name \"evil.com\"");
/// assert_eq!(both.findings()[0].category, xiri::whatwg::Category::Backslash);
/// ```
#[derive(Clone)]
pub struct Comparison<'a> {
    input: &'a str,
    rfc: Result<Reading, ParseError>,
    browser: Result<Reading, Refusal>,
    findings: Vec<Finding>,
}

impl Comparison<'_> {
    /// RFC 3987's reading: the input as an IRI (a URI is one), or as an
    /// IRI reference resolved against the base; its refusal otherwise (an
    /// error about the base when the base is not an IRI).
    ///
    /// ```
    /// let both = xiri::whatwg::compare_with_base("../x", "http://Example.com/a/b");
    /// assert_eq!(both.rfc().unwrap().host().unwrap().to_string(), "the name \"example.com\"");
    /// ```
    pub fn rfc(&self) -> Result<&Reading, &ParseError> {
        self.rfc.as_ref()
    }

    /// The WHATWG URL Standard's reading, or its refusal.
    ///
    /// ```
    /// let both = xiri::whatwg::compare("http://1.2.3.4.5/");
    /// assert_eq!(both.browser().unwrap_err().to_string(), "invalid IPv4 address");
    /// ```
    pub fn browser(&self) -> Result<&Reading, &Refusal> {
        self.browser.as_ref()
    }

    /// The differences, in the order scheme, host, user, password, port
    /// (or the one "accepted by one side only"); empty when the readings
    /// agree or both refuse.
    ///
    /// ```
    /// assert!(xiri::whatwg::compare("HTTP://R\u{c9}SUM\u{c9}.example:80/").findings().is_empty());
    /// ```
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Whether a finding is about the host ([`Finding::is_host`]).
    ///
    /// ```
    /// assert!(xiri::whatwg::compare("http://evil\u{3002}com/").host_differs());
    /// ```
    pub fn host_differs(&self) -> bool {
        self.findings.iter().any(Finding::is_host)
    }
}

impl fmt::Debug for Comparison<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Comparison")
            .field("input", &Masked::Text(self.input))
            .field("rfc", &self.rfc)
            .field("browser", &self.browser)
            .field("findings", &self.findings)
            .finish()
    }
}

/// Why the WHATWG URL Standard's parser refuses an input: the url crate's
/// reason, which never quotes the input.
///
/// ```
/// let both = xiri::whatwg::compare("http://a:99999/");
/// assert_eq!(both.browser().unwrap_err().to_string(), "invalid port number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(url::ParseError);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Refusal {}

/// `input` read by RFC 3987 as an IRI and by the WHATWG URL Standard, and
/// where the two differ. Linear in the input; never panics.
///
/// ```
/// use xiri::whatwg::{compare, Category};
/// let kinds: Vec<Category> = ["http://0177.0.0.1/", "http:/evil.com/", "http://256.0.0.1/"]
///     .iter()
///     .map(|input| compare(input).findings()[0].category)
///     .collect();
/// assert_eq!(kinds, [Category::NumericHost, Category::SlashCount, Category::RefusedByOne]);
/// ```
pub fn compare(input: &str) -> Comparison<'_> {
    compared(input, None)
}

/// `input` as a reference resolved against `base` both ways (RFC 3986
/// 5.2; the WHATWG URL Standard's parser with a base), and where the two
/// targets differ.
///
/// ```
/// let both = xiri::whatwg::compare_with_base("http:evil.com/", "http://good.com/");
/// let f = &both.findings()[0];
/// assert_eq!(f.rfc, "no host");
/// assert_eq!(f.browser, "the name \"good.com\"");
/// ```
pub fn compare_with_base<'a>(input: &'a str, base: &str) -> Comparison<'a> {
    compared(input, Some(base))
}

fn compared<'a>(input: &'a str, base: Option<&str>) -> Comparison<'a> {
    let rfc = reading::rfc(input, base);
    let browser = reading::browser(input, base).map_err(Refusal);
    let findings = match (&rfc, &browser) {
        (Ok(r), Ok(b)) => differ::differences(input, r, b),
        // RFC 3987 refuses the input only for characters a browser
        // percent-encodes (a space in a path), and reads it as the
        // browser does once they are: a normalization, not a finding.
        (Err(_), Ok(b))
            if reading::leiri(input, base)
                .is_some_and(|l| differ::differences(input, &l, b).is_empty()) =>
        {
            Vec::new()
        }
        (Err(e), Ok(b)) => vec![Finding {
            category: differ::input_category(input, b).unwrap_or(Category::RefusedByOne),
            part: Part::Acceptance,
            rfc: format!("refuses it at byte {}", e.offset()),
            browser: differ::describe(b.host()),
        }],
        (Ok(r), Err(e)) => vec![Finding {
            category: Category::RefusedByOne,
            part: Part::Acceptance,
            rfc: differ::describe(r.host()),
            browser: format!("refuses it: {e}"),
        }],
        (Err(_), Err(_)) => Vec::new(),
    };
    Comparison {
        input,
        rfc,
        browser,
        findings,
    }
}
