//! XRI normalization (XRI 2.0 2.5 and Table 2), applied recursively to
//! cross-references (2.5.4).
use crate::normalize::{allowed, forms, lowercase_from, percent, Decode, Normalization};
use crate::resolve::{remove_dot_segments, Slashes};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
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
        // Syntax-based normalization of an IRI fails only if its result
        // left the grammar, which the tests have not seen; the XRI holding
        // it is checked as a whole anyway.
        CrossReferenceValue::Iri(iri) => match iri.normalize(Normalization::default()) {
            Ok(normal) => out.push_str(normal.as_str()),
            Err(_) => out.push_str(iri.as_str()),
        },
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
    /// assert_eq!(x.normalize(xiri::Normalization::default()).unwrap().as_str(), "xri://@example/abc/(xri://+foo)");
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<XriBuf, ParseError> {
        let mut out = String::new();
        reference(self, &mut out);
        // NFC or NFKC on the syntax-based normal form, then that normal
        // form again, so that case folding comes after the forms (an "Ⅻ"
        // is "XII", then "xii") and normalizing twice changes nothing.
        if let Some(formed) = forms::apply(&out, options) {
            if let Some(culprit) =
                forms::culprit(self.as_str(), options, |c| allowed(c, Decode::IUnreserved))
            {
                return Err(not_normalizable(
                    self.as_str(),
                    culprit.offset,
                    culprit.expected(),
                ));
            }
            let formed = Xri::parse(&formed)
                .map_err(|e| not_normalizable(self.as_str(), 0, e.expected().join(", ")))?;
            out.clear();
            reference(&formed, &mut out);
        }
        XriBuf::parse(out)
    }

    /// Whether two XRIs are equivalent (2.5): equal once normalized, or
    /// one normalized equal to the other's IRI-normal or URI-normal form
    /// read as an XRI and normalized, since "all forms of an XRI during
    /// the transformation process described in section 2.3.1 SHOULD be
    /// considered equivalent" (2.5.2). One whose normal form with these
    /// options does not exist is equivalent only to the same text.
    ///
    /// ```
    /// let a = xiri::Xri::parse("xri://@example/(+example/(+foo))").unwrap();
    /// let b = xiri::Xri::parse("xri://@example/(+Example/(+FOO))").unwrap();
    /// assert!(a.is_equivalent(&b, xiri::Normalization::default()));
    /// // 2.5.2: an XRI and its IRI-normal form (2.3.1)
    /// let c = xiri::Xri::parse("xri://@example/(@example/abc)").unwrap();
    /// let d = xiri::Xri::parse("xri://@example/(@example%2Fabc)").unwrap();
    /// assert!(c.is_equivalent(&d, xiri::Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &Xri<'_>, options: Normalization) -> bool {
        let (Ok(a), Ok(b)) = (self.normalize(options), other.normalize(options)) else {
            return self.as_str() == other.as_str();
        };
        let forms_of = |x: &Xri<'_>| {
            let iri = x.to_iri_normal(false).ok().map(|f| f.into_string());
            let uri = x.to_uri_normal(false).ok().map(|f| f.into_string());
            [iri, uri].into_iter().flatten().filter_map(move |form| {
                let form = XriBuf::parse(form).ok()?;
                form.as_xri().normalize(options).ok()
            })
        };
        a == b || forms_of(self).any(|f| f == b) || forms_of(other).any(|f| f == a)
    }
}

/// The error for an XRI whose requested normal form would not be the same
/// XRI.
fn not_normalizable(text: &str, offset: usize, expected: String) -> ParseError {
    let rule = Grammar::Xri.absolute();
    rule.error(text, ErrorKind::NotNormalizable, offset, vec![expected])
}
