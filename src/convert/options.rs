//! The IRI → URI mapping with the choices RFC 3987 3.1 and 3987bis 3.6
//! leave open: registered names through IDNA ToASCII instead of
//! percent-encoding, and the http/https query in a legacy document charset.
//! Each choice is one stage, text to text, so that `--steps` can show it;
//! IDNA comes with the `idna` feature, the charsets with `charsets`.

use crate::syntax::error::ParseError;
use crate::syntax::reference::{Reference, UriRefBuf};
use crate::syntax::IriSyntax;
#[cfg(feature = "charsets")]
use crate::syntax::{grammar::Grammar, GenericSyntax};
#[cfg(feature = "charsets")]
use encoding_rs::{EncoderResult, Encoding};

#[cfg(feature = "idna")]
mod idna_host;
#[cfg(feature = "idna")]
mod idna_unicode;

/// A document charset, by its WHATWG Encoding Standard label (the
/// `charsets` feature).
///
/// ```
/// let sjis = xiri::Charset::for_label("shift_jis").unwrap();
/// assert_eq!(sjis.name(), "Shift_JIS");
/// assert!(xiri::Charset::for_label("no-such-charset").is_none());
/// ```
#[cfg(feature = "charsets")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Charset(&'static Encoding);

#[cfg(feature = "charsets")]
impl Charset {
    /// The charset a label names (`"utf-8"`, `"latin1"`, `"shift_jis"`,
    /// ...: the labels of the WHATWG Encoding Standard, case-insensitive),
    /// or `None`.
    ///
    /// ```
    /// assert_eq!(xiri::Charset::for_label("Latin1").unwrap().name(), "windows-1252");
    /// ```
    pub fn for_label(label: &str) -> Option<Charset> {
        Encoding::for_label(label.trim().as_bytes()).map(Charset)
    }

    /// The charset's canonical name.
    ///
    /// ```
    /// assert_eq!(xiri::Charset::for_label("utf8").unwrap().name(), "UTF-8");
    /// ```
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    /// Whether the charset is UCS-based (UTF-8, UTF-16): 3987bis 3.6's
    /// query rule (the IRI processing draft's 6.1) then does not apply.
    ///
    /// ```
    /// assert!(xiri::Charset::for_label("utf-16le").unwrap().is_ucs_based());
    /// assert!(!xiri::Charset::for_label("euc-jp").unwrap().is_ucs_based());
    /// ```
    pub fn is_ucs_based(&self) -> bool {
        self.0.output_encoding() == encoding_rs::UTF_8
    }
}

/// How [`IriRef::to_uri_with`](crate::Reference::to_uri_with) maps what RFC 3987 3.1 and 3987bis 3.6
/// leave to the application. The default is plain percent-encoding, as
/// [`IriRef::to_uri`](crate::Reference::to_uri) does.
///
/// Its options come with the `idna` and `charsets` features; without
/// them it is empty.
///
/// ```
/// # #[cfg(all(feature = "idna", feature = "charsets"))] {
/// let options = xiri::UriOptions::default()
///     .with_idna(true)
///     .with_query_charset(xiri::Charset::for_label("iso-8859-1"));
/// let iri = xiri::IriRef::parse("http://r\u{e9}sum\u{e9}.example.org/r\u{e9}sum\u{e9}?q=r\u{e9}sum\u{e9}").unwrap();
/// assert_eq!(
///     iri.to_uri_with(&options).unwrap().as_str(),
///     "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9?q=r%E9sum%E9"
/// );
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct UriOptions {
    /// For a scheme known to use DNS names (http, https, ws, wss, ftp,
    /// ldap, sip, ... : the list is in docs/DECISIONS.md) or a relative
    /// reference, a registered name that holds characters outside ASCII
    /// (written or percent-encoded) goes through IDNA ToASCII (UTS #46 with
    /// UseSTD3ASCIIRules and DNS length checks, RFC 3987 3.1's flags), and
    /// a label that fails is an error. All-ASCII names are left as they
    /// are, so the mapping stays the identity on URIs.
    #[cfg(feature = "idna")]
    pub idna: bool,
    /// The document charset the IRI came from. For the schemes http and
    /// https only, and only in the query, characters outside ASCII are
    /// encoded in this charset before percent-encoding (3987bis 3.6, which
    /// the IRI processing draft's 6.1 takes over for HTTP); a
    /// character the charset cannot encode is an error. `None` or a
    /// UCS-based charset means UTF-8.
    #[cfg(feature = "charsets")]
    pub query_charset: Option<Charset>,
}

impl UriOptions {
    /// With IDNA for registered names on or off.
    ///
    /// ```
    /// assert!(xiri::UriOptions::default().with_idna(true).idna);
    /// ```
    #[cfg(feature = "idna")]
    pub fn with_idna(mut self, on: bool) -> Self {
        self.idna = on;
        self
    }

    /// Whether [`idna`](Self::idna) applies to the host of a reference
    /// with this scheme (`None`: a relative reference, which has no scheme
    /// to tell and whose caller asked for IDNA): only schemes whose hosts
    /// are DNS names (http, https, ws, wss, ftp, ldap, sip, ...; the list
    /// is in docs/DECISIONS.md, "IDNA for registered names"). Any other
    /// scheme's host is percent-encoded going to a URI, and left as it is
    /// going to an IRI.
    ///
    /// ```
    /// assert!(xiri::UriOptions::idna_applies_to(Some("HTTPS")));
    /// assert!(xiri::UriOptions::idna_applies_to(None));
    /// assert!(!xiri::UriOptions::idna_applies_to(Some("mailto")));
    /// ```
    #[cfg(feature = "idna")]
    pub fn idna_applies_to(scheme: Option<&str>) -> bool {
        scheme.is_none_or(idna_host::uses_dns)
    }

    /// With the document charset of the http(s) query (`None`: UTF-8).
    ///
    /// ```
    /// let latin1 = xiri::Charset::for_label("latin1");
    /// assert_eq!(xiri::UriOptions::default().with_query_charset(latin1).query_charset, latin1);
    /// ```
    #[cfg(feature = "charsets")]
    pub fn with_query_charset(mut self, charset: Option<Charset>) -> Self {
        self.query_charset = charset;
        self
    }
}

/// One step of a conversion procedure and the text after it, as the tables
/// of RFC 3987 3.2.1 show them.
///
/// ```
/// let uri = xiri::UriRef::parse("http://www.example.org/D%C3%BCrst").unwrap();
/// let steps = uri.to_iri_steps();
/// assert_eq!(steps[1].text, "http://www.example.org/D<c3><bc>rst");
/// assert_eq!(steps[4].text, "http://www.example.org/D\u{fc}rst");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Step {
    /// Where the step is defined and what it does, e.g. "RFC 3987 3.2
    /// step 2: decode percent-encodings ...".
    pub label: String,
    /// The text after the step; octets not yet read as characters are
    /// written `<hh>`, as RFC 3987 3.2.1 does.
    pub text: String,
}

/// The label, and the text with what may be a password as `****`.
impl std::fmt::Debug for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Step")
            .field("label", &self.label)
            .field("text", &crate::syntax::mask::Masked::Text(&self.text))
            .finish()
    }
}

impl Step {
    pub(crate) fn new(label: &str, text: impl Into<String>) -> Step {
        Step {
            label: label.to_string(),
            text: text.into(),
        }
    }
}

impl<S: IriSyntax> Reference<'_, S> {
    /// The URI reference (RFC 3987 3.1, 3987bis 3.6), with the options for
    /// registered names and the http/https query. With the default options
    /// this is [`to_uri`](Self::to_uri). Fails when a host label fails
    /// IDNA ToASCII or the query charset cannot encode a character
    /// ([`ErrorKind::NotConvertible`](crate::ErrorKind::NotConvertible)).
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// let iri = xiri::IriRef::parse("http://\u{7d0d}\u{8c46}.example.org/").unwrap();
    /// let options = xiri::UriOptions::default().with_idna(true);
    /// assert_eq!(iri.to_uri_with(&options).unwrap().as_str(), "http://xn--99zt52a.example.org/");
    /// # }
    /// ```
    pub fn to_uri_with(&self, options: &UriOptions) -> Result<UriRefBuf, ParseError> {
        let steps = self.to_uri_steps(options)?;
        let last = steps.into_iter().last().map(|s| s.text).unwrap_or_default();
        UriRefBuf::parse(last)
    }

    /// The steps of [`to_uri_with`](Self::to_uri_with): RFC 3987 3.1 step 1
    /// (the input, variant c: already Unicode, not normalized), the IDNA
    /// and query charset stages when the options ask for them and they
    /// apply, then step 2 (percent-encoding).
    ///
    /// ```
    /// let iri = xiri::IriRef::parse("http://example.com/\u{10300}").unwrap();
    /// let steps = iri.to_uri_steps(&Default::default()).unwrap();
    /// assert_eq!(steps.len(), 2);
    /// assert_eq!(steps[1].text, "http://example.com/%F0%90%8C%80");
    /// ```
    #[cfg_attr(
        not(any(feature = "idna", feature = "charsets")),
        allow(unused_variables, unused_mut)
    )]
    pub fn to_uri_steps(&self, options: &UriOptions) -> Result<Vec<Step>, ParseError> {
        let mut steps = vec![Step::new(
            "RFC 3987 3.1 step 1 (c): the IRI as given, not normalized",
            self.as_str(),
        )];
        let mut text = self.as_str().to_string();
        #[cfg(feature = "idna")]
        if options.idna && UriOptions::idna_applies_to(self.scheme()) {
            if let Some(mapped) = idna_host::idna_host(self)? {
                text = mapped;
                steps.push(Step::new(
                    "RFC 3987 3.1 (3987bis 3.6): the ireg-name through IDNA ToASCII, label by label",
                    text.clone(),
                ));
            }
        }
        #[cfg(feature = "charsets")]
        if let Some(charset) = options.query_charset.filter(|c| !c.is_ucs_based()) {
            let iri = Reference::<S>::parse(&text)?;
            if let Some(mapped) = legacy_query(&iri, charset, self.as_str())? {
                text = mapped;
                steps.push(Step::new(
                    &format!(
                        "3987bis 3.6 (IRI processing draft 6.1): the http(s) query encoded in {} and percent-encoded",
                        charset.name()
                    ),
                    text.clone(),
                ));
            }
        }
        let uri = Reference::<S>::parse(&text)?.to_uri();
        steps.push(Step::new(
            "RFC 3987 3.1 step 2: each ucschar and iprivate as UTF-8 %HH triplets",
            uri.into_string(),
        ));
        Ok(steps)
    }
}

/// The IRI with its query's non-ASCII characters encoded in `charset` and
/// percent-encoded, for http and https (3987bis 3.6; the IRI processing
/// draft's 6.1); `None` when the rule
/// does not apply. Offsets in errors are those of `original`, the IRI
/// before any earlier stage.
#[cfg(feature = "charsets")]
fn legacy_query<S: GenericSyntax>(
    iri: &Reference<'_, S>,
    charset: Charset,
    original: &str,
) -> Result<Option<String>, ParseError> {
    let Some(scheme) = iri.scheme() else {
        return Ok(None);
    };
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return Ok(None);
    }
    let text = iri.as_str();
    let Some(query) = iri.spans().query else {
        return Ok(None);
    };
    let q = &text[query.start..query.end];
    if q.is_ascii() {
        return Ok(None);
    }
    // Earlier stages change the host only: from the query on, the two
    // texts are the same.
    let original_query = original.len() - (text.len() - query.start);
    let mut out = String::with_capacity(text.len() + q.len() * 2);
    out.push_str(&text[..query.start]);
    let mut rest = q;
    let mut offset = 0;
    while !rest.is_empty() {
        let run_len = rest.find(|c: char| !c.is_ascii()).unwrap_or(rest.len());
        out.push_str(&rest[..run_len]);
        rest = &rest[run_len..];
        offset += run_len;
        let run = &rest[..rest.find(|c: char| c.is_ascii()).unwrap_or(rest.len())];
        if run.is_empty() {
            break;
        }
        let mut encoder = charset.0.new_encoder();
        let Some(capacity) = encoder.max_buffer_length_from_utf8_without_replacement(run.len())
        else {
            return Err(ParseError::not_convertible(
                Grammar::Iri,
                "IRI-reference",
                original,
                original_query + offset,
                "a query short enough to encode".to_string(),
            ));
        };
        let mut bytes = vec![0; capacity];
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(run, &mut bytes, true);
        if let EncoderResult::Unmappable(c) = result {
            return Err(ParseError::not_convertible(
                Grammar::Iri,
                "IRI-reference",
                original,
                original_query + offset + read - c.len_utf8(),
                format!("a character {} can encode", charset.name()),
            ));
        }
        for &b in bytes.get(..written).unwrap_or_default() {
            crate::syntax::pct::encode_octet(b, &mut out);
        }
        rest = &rest[run.len()..];
        offset += run.len();
    }
    out.push_str(&text[query.end..]);
    Ok(Some(out))
}
