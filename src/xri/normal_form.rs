//! An XRI's IRI-normal and URI-normal forms (XRI 2.0 2.3.1, 2.3.2) and
//! back (2.3.3).

use crate::convert::Step;
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{IriRef, IriRefBuf, UriRefBuf};
use crate::xri::{CrossReference, SubsegmentValue, Subsegments, XriAuthority, XriBuf, XriRef};

/// The byte range of `inner`, a slice of `outer`, within `outer`.
fn range_in(outer: &str, inner: &str) -> std::ops::Range<usize> {
    let start = inner.as_ptr() as usize - outer.as_ptr() as usize;
    start..start + inner.len()
}

/// The cross-references of an XRI reference that are not inside another
/// one: in its authority and in its path (parentheses in the query and
/// fragment, or in an IRI authority, are not cross-references).
fn outer_cross_references<'a>(x: &XriRef<'a>) -> Vec<CrossReference<'a>> {
    fn xrefs(subs: Subsegments<'_>) -> impl Iterator<Item = CrossReference<'_>> {
        subs.filter_map(|s| match s.value() {
            SubsegmentValue::CrossReference(xref) => Some(xref),
            SubsegmentValue::Literal(_) => None,
        })
    }
    let mut found = Vec::new();
    if let Some(authority) = x.authority() {
        if let XriAuthority::CrossReference { xref, .. } = authority {
            found.push(xref);
        }
        found.extend(xrefs(authority.subsegments()));
    }
    for segment in x.segments() {
        found.extend(xrefs(segment.subsegments()));
    }
    found
}

/// The escaping rules of XRI 2.0 2.3.2 on `text` (the XRI `x`, with
/// "xri://" in front when `shift` is its length), one character at a time:
/// `emit` gets each character's offset in `text` and what it becomes. "%"
/// is "%25" everywhere; "#", "?" and "/" are "%23", "%3F" and "%2F" inside
/// a cross-reference. The cross-references come in order and do not
/// overlap, so one walk along them and the text keeps this linear.
fn escape_2_3_2(x: &XriRef<'_>, shift: usize, text: &str, mut emit: impl FnMut(usize, &str)) {
    let mut inside = outer_cross_references(x).into_iter().map(|r| {
        let at = range_in(x.as_str(), r.as_str());
        at.start + shift..at.end + shift
    });
    let mut current = inside.next();
    let mut one = [0u8; 4];
    for (i, c) in text.char_indices() {
        while current.as_ref().is_some_and(|r| r.end <= i) {
            current = inside.next();
        }
        let in_xref = current.as_ref().is_some_and(|r| r.contains(&i));
        let piece: &str = match c {
            '%' => "%25",
            '#' if in_xref => "%23",
            '?' if in_xref => "%3F",
            '/' if in_xref => "%2F",
            _ => c.encode_utf8(&mut one),
        };
        emit(i, piece);
    }
}

/// The offset in the XRI of the character whose escaped form holds
/// `escaped_offset` of the escaped text ([`escape_2_3_2`]'s inverse, for
/// errors).
fn original_offset(x: &XriRef<'_>, shift: usize, text: &str, escaped_offset: usize) -> usize {
    let (mut at, mut found) = (0, None);
    escape_2_3_2(x, shift, text, |i, piece| {
        if found.is_none() && escaped_offset < at + piece.len() {
            found = Some(i);
        }
        at += piece.len();
    });
    found.unwrap_or(text.len()).saturating_sub(shift)
}

impl XriRef<'_> {
    /// IRI-normal form (XRI 2.0 2.3.1): "xri://" in front of an absolute
    /// XRI that omits it, then the escaping rules of 2.3.2: "%" becomes
    /// "%25" everywhere; "#", "?" and "/" become "%23", "%3F" and "%2F"
    /// inside cross-references, at any depth, but not in the query or
    /// fragment, whose parentheses are not cross-references. With `nfkc`,
    /// NFKC first (2.3.1 step 1). Fails only when the result is not an IRI
    /// reference (a relative XRI whose first segment holds a ":" in a
    /// cross-reference, which an IRI would read as a scheme).
    ///
    /// ```
    /// let x = xiri::XriRef::parse("@example/(xri://@example2/abc?id=1)").unwrap();
    /// assert_eq!(x.to_iri_normal(false).unwrap().as_str(), "xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)");
    /// ```
    pub fn to_iri_normal(&self, nfkc: bool) -> Result<IriRefBuf, ParseError> {
        let steps = self.to_iri_normal_steps(nfkc)?;
        let last = steps.into_iter().last().map(|s| s.text).unwrap_or_default();
        IriRefBuf::parse(last).map_err(|e| e.of_original(self.as_str()))
    }

    /// The steps of [`to_iri_normal`](Self::to_iri_normal) (2.3.1): the
    /// XRI as given, NFKC (step 1, with `nfkc`), "xri://" in front (step 2,
    /// when it applies) and the escaping rules of 2.3.2 (step 4). Step 3,
    /// optional metadata, is not taken.
    ///
    /// ```
    /// let x = xiri::XriRef::parse("@example/(@a/b)").unwrap();
    /// let texts: Vec<_> = x.to_iri_normal_steps(false).unwrap().into_iter().map(|s| s.text).collect();
    /// assert_eq!(texts, ["@example/(@a/b)", "xri://@example/(@a/b)", "xri://@example/(@a%2Fb)"]);
    /// ```
    pub fn to_iri_normal_steps(&self, nfkc: bool) -> Result<Vec<Step>, ParseError> {
        let mut steps = vec![Step::new("the XRI reference as given", self.as_str())];
        let normalized;
        let x = if nfkc {
            use unicode_normalization::UnicodeNormalization;
            let options = crate::Normalization::default().with_nfkc(true);
            // Nothing is decoded before this step: what is encoded stays.
            if let Some(culprit) = crate::normalize::culprit(self.as_str(), options, |_| false) {
                return Err(Grammar::Xri.reference().error(
                    self.as_str(),
                    crate::ErrorKind::NotNormalizable,
                    culprit.offset,
                    vec![culprit.expected().into()],
                ));
            }
            let nfkc: String = self.as_str().nfkc().collect();
            steps.push(Step::new(
                "XRI 2.0 2.3.1 step 1: normalized to NFKC",
                nfkc.as_str(),
            ));
            normalized = nfkc;
            &XriRef::parse(&normalized).map_err(|e| e.of_original(self.as_str()))?
        } else {
            self
        };
        let mut text = x.as_str().to_string();
        // A prefix moves the cross-references, found in `x`, along.
        let mut shift = 0;
        if x.is_absolute() && !x.has_prefix() {
            text.insert_str(0, "xri://");
            shift = "xri://".len();
            steps.push(Step::new(
                "XRI 2.0 2.3.1 step 2: \"xri://\" prepended",
                text.as_str(),
            ));
        }
        let mut out = String::with_capacity(text.len() + 8);
        escape_2_3_2(x, shift, &text, |_, piece| out.push_str(piece));
        // The IRI-normal form need not be an IRI (docs/DECISIONS.md,
        // "Conversions"); the error is told of the XRI as given.
        if let Err(e) = IriRef::parse(&out) {
            let offset = if std::ptr::eq(x, self) {
                original_offset(x, shift, &text, e.offset())
            } else {
                // NFKC changed the text: where it first differs.
                return Err(e.of_original(self.as_str()));
            };
            return Err(e.within(self.as_str(), 0).at(offset));
        }
        steps.push(Step::new(
            "XRI 2.0 2.3.1 step 4: the escaping rules of 2.3.2 (% as %25; #, ? and / in cross-references as %23, %3F, %2F)",
            out,
        ));
        Ok(steps)
    }

    /// URI-normal form (2.3.1): the IRI-normal form, then IRI → URI.
    ///
    /// ```
    /// let x = xiri::XriRef::parse("xri://@example/(+caf\u{e9}/(=\u{fc}ber))").unwrap();
    /// assert_eq!(x.to_uri_normal(false).unwrap().as_str(), "xri://@example/(+caf%C3%A9%2F(=%C3%BCber))");
    /// ```
    pub fn to_uri_normal(&self, nfkc: bool) -> Result<UriRefBuf, ParseError> {
        Ok(self.to_iri_normal(nfkc)?.as_borrowed().to_uri())
    }
}

impl XriBuf {
    /// XRI-normal form from IRI-normal form (2.3.3), in one left-to-right
    /// pass: `%2F`, `%3F`, `%23` and `%25` (either hex case) become "/",
    /// "?", "#" and "%". Not idempotent, as the spec warns: give it IRI-normal
    /// forms only. The result must be an absolute XRI.
    ///
    /// ```
    /// let iri = xiri::IriRef::parse("xri://@example/(xri:%2F%2F@example2%2Fabc%3Fid=1)").unwrap();
    /// assert_eq!(xiri::XriBuf::from_iri_normal(&iri).unwrap().as_str(), "xri://@example/(xri://@example2/abc?id=1)");
    /// ```
    pub fn from_iri_normal(iri: &IriRef<'_>) -> Result<XriBuf, ParseError> {
        let text = iri.as_str();
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find('%') {
            let (before, from) = rest.split_at(at);
            out.push_str(before);
            // An IRI's "%" starts a triplet; `get` keeps a short one as it is.
            let code = from.get(..3).unwrap_or(from);
            match code.to_ascii_uppercase().as_str() {
                "%2F" => out.push('/'),
                "%3F" => out.push('?'),
                "%23" => out.push('#'),
                "%25" => out.push('%'),
                _ => out.push_str(code),
            }
            rest = from.get(code.len()..).unwrap_or_default();
        }
        out.push_str(rest);
        XriBuf::parse(out).map_err(|e| e.of_original(iri.as_str()))
    }
}
