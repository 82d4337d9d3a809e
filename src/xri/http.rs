//! HTTP IRIs as XRIs (XRI 2.0 Appendix B, non-normative): the scheme
//! becomes "xri", and what XRI syntax reads differently is reported.

use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::Iri;
use crate::xri::{XriAuthority, XriBuf};
use std::fmt;

/// Where an HTTP IRI means something else once it is an XRI (Appendix B).
/// Offsets are those of the IRI given.
///
/// ```
/// let iri = xiri::Iri::parse("http://!!1/example").unwrap();
/// let (xri, warnings) = xiri::XriBuf::from_http_iri(&iri).unwrap();
/// assert_eq!(xri.as_str(), "xri://!!1/example");
/// assert_eq!(warnings, [xiri::HttpXriWarning::XriAuthority { offset: 7 }]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HttpXriWarning {
    /// The authority, at `offset`, reads as an XRI authority (a global
    /// context symbol or a cross-reference) and no longer as an IRI
    /// authority ("first-match-wins").
    XriAuthority {
        /// Where the authority starts.
        offset: usize,
    },
    /// One of `( ) * ! $ + =`, which XRI gives meaning to and HTTP leaves
    /// to the local authority, in the path.
    XriDelimiter {
        /// Where the character is.
        offset: usize,
        /// The character.
        delimiter: char,
    },
}

impl HttpXriWarning {
    /// Where in the IRI the warning points.
    ///
    /// ```
    /// let iri = xiri::Iri::parse("http://example.com/a*b").unwrap();
    /// let (_, warnings) = xiri::XriBuf::from_http_iri(&iri).unwrap();
    /// assert_eq!(warnings[0].offset(), 20);
    /// ```
    pub fn offset(&self) -> usize {
        match *self {
            HttpXriWarning::XriAuthority { offset }
            | HttpXriWarning::XriDelimiter { offset, .. } => offset,
        }
    }
}

impl fmt::Display for HttpXriWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpXriWarning::XriAuthority { offset } => write!(
                f,
                "the authority at byte {offset} reads as an XRI authority, not an IRI authority (XRI 2.0 Appendix B)"
            ),
            HttpXriWarning::XriDelimiter { offset, delimiter } => write!(
                f,
                "{delimiter:?} at byte {offset} has XRI semantics that may not be what the IRI meant (XRI 2.0 Appendix B)"
            ),
        }
    }
}

impl XriBuf {
    /// The XRI an HTTP IRI becomes when its scheme, "http" or "https" (any
    /// case), is replaced by "xri" (XRI 2.0 Appendix B), with a warning
    /// where XRI syntax reads it differently: an authority that becomes an
    /// XRI authority, and each of `( ) * ! $ + =` in the path (in the query
    /// and fragment XRI gives them no meaning). Fails when the IRI's scheme
    /// is another, or when the result is not an XRI (say, unbalanced
    /// parentheses in the path).
    ///
    /// ```
    /// let iri = xiri::Iri::parse("https://example.com/a/b?c=(d)").unwrap();
    /// let (xri, warnings) = xiri::XriBuf::from_http_iri(&iri).unwrap();
    /// assert_eq!(xri.as_str(), "xri://example.com/a/b?c=(d)");
    /// assert!(warnings.is_empty());
    /// ```
    pub fn from_http_iri(iri: &Iri<'_>) -> Result<(XriBuf, Vec<HttpXriWarning>), ParseError> {
        let text = iri.as_str();
        let scheme = iri.scheme();
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return Err(ParseError::not_convertible(
                Grammar::Iri,
                "IRI",
                text,
                0,
                "the scheme http or https".into(),
            ));
        }
        // The XRI's offsets run `shift` bytes behind the IRI's.
        let shift = scheme.len() - "xri".len();
        let xri = XriBuf::parse(format!("xri{}", &text[scheme.len()..])).map_err(|mut e| {
            // Point into the IRI given, not the XRI it would have become.
            e.offset += shift;
            e.input = text.into();
            e
        })?;
        let mut warnings = Vec::new();
        let parsed = xri.as_xri();
        if !matches!(parsed.authority(), XriAuthority::Iri { .. }) {
            warnings.push(HttpXriWarning::XriAuthority {
                offset: "xri://".len() + shift,
            });
        }
        let path = iri.as_reference().spans().path;
        for (i, c) in text[path.start..path.end].char_indices() {
            if "()*!$+=".contains(c) {
                warnings.push(HttpXriWarning::XriDelimiter {
                    offset: path.start + i,
                    delimiter: c,
                });
            }
        }
        Ok((xri, warnings))
    }
}
