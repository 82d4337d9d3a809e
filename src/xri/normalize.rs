//! XRI normalization (XRI 2.0 2.5 and Table 2), applied recursively to
//! cross-references (2.5.4).
use crate::normalize::{allowed, forms, lowercase_from, percent, relative, Decode, Normalization};
use crate::resolve::{remove_dot_segments, Slashes};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use crate::xri::recompose::{same, AuthorityKind, Written};
use crate::xri::{
    AsXriRef, CrossReference, CrossReferenceValue, Delimiter, Segment, SubsegmentValue,
    Subsegments, Xri, XriAuthority, XriBuf, XriRef, XriRefBuf,
};
use unicode_normalization::char::canonical_combining_class;

/// How a pass writes: which escapes it decodes, and whether it drops the
/// optional "*" (2.5.3).
#[derive(Clone, Copy)]
struct Pass {
    decode: Decode,
    drop_stars: bool,
}

/// Normal form of a literal: escapes of `iunreserved` decoded, hex in
/// uppercase, and for authorities ASCII lowercase (2.5.1).
fn literal(text: &str, lowercase_it: bool, pass: Pass, out: &mut String) {
    let start = out.len();
    percent(text, pass.decode, out);
    if lowercase_it {
        lowercase_from(out, start);
    }
}

fn cross_reference(x: &CrossReference<'_>, pass: Pass, out: &mut String) {
    out.push('(');
    match x.value() {
        CrossReferenceValue::Xri(inner) => {
            reference(&inner, Level::Inner, pass, out);
        }
        // Syntax-based normalization of an IRI fails only if its result
        // left the grammar, which the tests have not seen; the XRI holding
        // it is checked as a whole anyway.
        CrossReferenceValue::Iri(iri) => match iri.normalize(Normalization::default()) {
            Ok(normal) if pass.decode != Decode::Nothing => out.push_str(normal.as_str()),
            _ => percent(iri.as_str(), Decode::Nothing, out),
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
    pass: Pass,
    out: &mut String,
) {
    for (i, s) in subs.enumerate() {
        let keep_star = !(first_star_optional && i == 0)
            || matches!(s.value(), SubsegmentValue::Literal(l) if l.is_empty());
        let star = out.len();
        match s.delimiter() {
            Delimiter::Star => out.push('*'),
            Delimiter::Implicit => {}
            Delimiter::Bang => out.push('!'),
        }
        match s.value() {
            SubsegmentValue::Literal(l) => literal(l, lowercase, pass, out),
            SubsegmentValue::CrossReference(x) => cross_reference(&x, pass, out),
        }
        // Nor does it go before a combining mark (written, or decoded
        // from an escape), which would then combine with the delimiter
        // before the "*": "=*\u{338}" would be "=\u{338}", which NFC
        // makes "≠" (issue 27).
        let mark = out
            .get(star + 1..)
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| canonical_combining_class(c) != 0);
        if s.delimiter() == Delimiter::Star && !keep_star && !mark && pass.drop_stars {
            out.remove(star);
        }
    }
}

fn segment(s: &Segment<'_>, pass: Pass, out: &mut String) {
    subsegments(s.subsegments(), false, true, pass, out);
}

/// Where a reference is: the one normalized, or one inside a
/// cross-reference, whose relative path is an opaque identifier resolved
/// against nothing, so its dot segments stay.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Top,
    Inner,
}

/// The normal form of an XRI reference, absolute ones with "xri://".
/// Returns where its components end, for the check that its text reads
/// back as them.
fn reference(x: &XriRef<'_>, level: Level, pass: Pass, out: &mut String) -> Written {
    let mut written = Written::default();
    let mut start = out.len();
    match x.authority() {
        Some(authority) => {
            out.push_str("xri://");
            written.prefix = true;
            start = out.len();
            let subs = authority.subsegments();
            match authority {
                XriAuthority::Global { symbol, .. } => {
                    out.push(symbol.as_char());
                    // rgcs-authority is rgcs-char xri-segment (2.5.3
                    // applies); "!!" starts with a persistent sub-segment.
                    let optional = symbol != crate::xri::GlobalContext::Bang;
                    subsegments(subs, true, optional, pass, out);
                }
                XriAuthority::CrossReference { xref, .. } => {
                    cross_reference(&xref, pass, out);
                    subsegments(subs, true, false, pass, out);
                }
                XriAuthority::Iri { text, .. } => literal(text, true, pass, out),
            }
            written.authority = Some(out.len() - start);
            written.kind = Some(AuthorityKind::of(&authority));
            start = out.len();
            out.push_str(&remove_dot_segments(
                &rooted(x, pass),
                Slashes::OutsideParentheses,
            ));
        }
        None if level == Level::Inner => {
            // A relative reference's first segment keeps its "*": without
            // it "*(+a)" would read as an authority (2.4.4).
            let rooted = x.path().starts_with('/');
            for (i, s) in x.segments().enumerate() {
                if i > 0 || rooted {
                    out.push('/');
                }
                subsegments(s.subsegments(), false, i > 0 || rooted, pass, out);
            }
        }
        // What resolution does to the path whatever the base (RFC 3986
        // 5.2.2): an absolute path loses its dot segments, a relative one
        // its "." segments (normalize/relative.rs).
        None if x.path().starts_with('/') => {
            let path = remove_dot_segments(&rooted(x, pass), Slashes::OutsideParentheses);
            // A first segment the grammar refuses after "/" (an empty one,
            // or "**x", whose first sub-segment is empty) keeps "/." in
            // front, as "//" does in resolution.
            if !reads_as_path(&path) {
                out.push_str("/.");
            }
            out.push_str(&path);
        }
        None => {
            let segments: Vec<(Segment<'_>, String)> = x
                .segments()
                .map(|s| {
                    let mut text = String::new();
                    segment(&s, pass, &mut text);
                    (s, text)
                })
                .collect();
            out.push_str(&relative::without_single_dots(
                &segments,
                |(s, _)| s.as_str() == ".",
                |(s, text), first, out| {
                    if relative::is_dot(text) && s.as_str() != text {
                        // "*." or "%2E": a name to resolution, which a
                        // ".." after it removes (normalize/relative.rs).
                        relative::encode_dot(text, out)
                    } else if first {
                        // The first segment keeps its "*", as above.
                        subsegments(s.subsegments(), false, false, pass, out)
                    } else {
                        out.push_str(text)
                    }
                },
                // 2.4.4: a first segment with a cross-reference, a global
                // context symbol or a ":" needs "./" in front.
                reads_as_path,
            ));
        }
    }
    written.path = out.len() - start;
    for (delimiter, part, length) in [
        ('?', x.query(), &mut written.query),
        ('#', x.fragment(), &mut written.fragment),
    ] {
        if let Some(p) = part {
            out.push(delimiter);
            let start = out.len();
            literal(p, false, pass, out);
            *length = Some(out.len() - start);
        }
    }
    written
}

/// Whether `path` alone reads as a relative XRI reference's path.
fn reads_as_path(path: &str) -> bool {
    XriRef::parse(path).is_ok_and(|r| !r.is_absolute() && r.path() == path)
}

/// The path of segments each after a "/", in their normal form.
fn rooted(x: &XriRef<'_>, pass: Pass) -> String {
    let mut path = String::new();
    for s in x.segments() {
        path.push('/');
        segment(&s, pass, &mut path);
    }
    path
}

/// The normal form's text of `x`, with NFC or NFKC on the syntax-based
/// normal form, then that normal form again, so that case folding comes
/// after the forms (an "Ⅻ" is "XII", then "xii") and normalizing twice
/// changes nothing.
fn normal_form(x: &XriRef<'_>, options: Normalization) -> Result<XriRefBuf, ParseError> {
    match normal_form_with(x, options, Decode::IUnreserved) {
        // Decoding can change how the text reads: "(XR%2eI:" is an IRI
        // authority, but "(xr.i:/'3x#)" a cross-reference holding an
        // absolute IRI (found by the `normalization` fuzz target). Then
        // every escape stays, its hex in uppercase.
        // When that fails too, its error is the answer if it names the
        // caller's input ("(%41I://3x#（1/)" in NFKC: "%41" decoded makes
        // the authority a cross-reference, and with the escape kept the
        // form's "(" for U+FF08 would). Otherwise no text reads as the
        // normal form's components, whatever is decoded: "(//..?)/..a" is
        // the `iauthority` "(" and the path "//..", whose dot segments
        // removed make "xri://(/?)/..a", the cross-reference "(/?)"
        // (docs/DECISIONS.md, "Text made from components"; both found by
        // the `normalization` fuzz target).
        Err(e) if e.kind() != ErrorKind::NotNormalizable => {
            normal_form_with(x, options, Decode::Nothing).map_err(|retry| {
                if retry.input() == x.as_str() {
                    retry
                } else {
                    let rule = match x.is_absolute() {
                        true => Grammar::Xri.absolute(),
                        false => Grammar::Xri.reference(),
                    };
                    rule.error(x.as_str(), ErrorKind::Ambiguous, 0, e.expected().to_vec())
                }
            })
        }
        normal => normal,
    }
}

/// [`normal_form`], with escapes decoded as `decode` says.
fn normal_form_with(
    x: &XriRef<'_>,
    options: Normalization,
    decode: Decode,
) -> Result<XriRefBuf, ParseError> {
    // With NFC or NFKC, the optional "*" are dropped only once the forms
    // are applied: a character may become a combining mark, before which
    // a "*" stays ("*\u{ff9f}" is "*\u{309a}" in NFKC; found by the
    // `normalization` fuzz target).
    let forms_asked = options.nfc || options.nfkc;
    let normal = Pass {
        decode,
        drop_stars: true,
    };
    let first = Pass {
        decode,
        drop_stars: !forms_asked,
    };
    let mut out = String::new();
    let written = reference(x, Level::Top, first, &mut out);
    let Some(formed) = forms::apply(&out, options) else {
        if forms_asked {
            out.clear();
            let written = reference(x, Level::Top, normal, &mut out);
            return reads_back(out, &written);
        }
        return reads_back(out, &written);
    };
    // The form without NFC or NFKC, which the one with them must read as.
    let plain = reads_back(out.clone(), &written)?;
    let fails = |offset, expected| not_normalizable(x, offset, expected);
    if let Some(culprit) = forms::culprit(x.as_str(), options, |c| allowed(c, decode)) {
        return Err(fails(culprit.offset, culprit.expected()));
    }
    let reparsed = match x.is_absolute() {
        true => Xri::parse(&formed).map(XriRef::from),
        false => XriRef::parse(&formed),
    };
    let formed = reparsed.map_err(|e| fails(0, e.expected().join(", ")))?;
    // Not met in the tests: the structure check above keeps every
    // delimiter, so a relative reference stays one.
    if formed.is_absolute() != x.is_absolute() {
        return Err(fails(0, "a relative XRI reference".to_string()));
    }
    // Letters matter to an XRI's reading, not only delimiters: "(Ⅻqx:"
    // is an IRI authority ("Ⅻ" starts no scheme), but in NFKC "(xiiqx:/?@y)"
    // is a cross-reference holding an IRI (found by the `normalization`
    // fuzz target). A form that changes the reading is refused.
    if shape(&formed) != shape(&plain.as_borrowed()) {
        return Err(fails(0, format!("a form that reads as {}", plain.as_str())));
    }
    out.clear();
    let written = reference(&formed, Level::Top, normal, &mut out);
    reads_back(out, &written)
}

/// How a reference reads: its authority's kind and sub-segments, its
/// segments' sub-segments, whether it has a query and a fragment.
fn shape(x: &XriRef<'_>) -> (Option<AuthorityKind>, usize, Vec<usize>, bool, bool) {
    let authority = x.authority();
    (
        authority.as_ref().map(AuthorityKind::of),
        authority.map_or(0, |a| a.subsegments().count()),
        x.segments().map(|s| s.subsegments().count()).collect(),
        x.query().is_some(),
        x.fragment().is_some(),
    )
}

/// The normal form, when its text reads as the components written.
fn reads_back(text: String, written: &Written) -> Result<XriRefBuf, ParseError> {
    let normal = XriRefBuf::parse(text)?;
    same(normal.as_borrowed(), written)?;
    Ok(normal)
}

impl XriRef<'_> {
    /// The normal form of an XRI reference, relative or absolute: for an
    /// absolute one what [`Xri::normalize`] gives; a relative one gets the
    /// same rules but "xri://", and its path what resolution would do
    /// whatever the base: an absolute path loses its dot segments, a
    /// relative one its "." segments only (docs/DECISIONS.md,
    /// "Normalization and equivalence"). Its first segment keeps its "*".
    ///
    /// ```
    /// use xiri::{Normalization, XriRef};
    /// let x = XriRef::parse("../*a/./Ex%61mple/*b")?.normalize(Normalization::default())?;
    /// assert_eq!(x.as_str(), "../a/Example/b");
    /// let y = XriRef::parse("/a/./b/../c")?.normalize(Normalization::default())?;
    /// assert_eq!(y.as_str(), "/a/c");
    /// # Ok::<(), xiri::ParseError>(())
    /// ```
    pub fn normalize(&self, options: Normalization) -> Result<XriRefBuf, ParseError> {
        normal_form(self, options)
    }

    /// Whether two XRI references, relative or absolute, are equivalent:
    /// as [`Xri::is_equivalent`] says, with the normal forms of
    /// [`normalize`](Self::normalize).
    ///
    /// ```
    /// use xiri::{Normalization, XriRef};
    /// let a = XriRef::parse("./*a/(+Foo)").unwrap();
    /// let b = XriRef::parse("*a/(+foo)").unwrap();
    /// assert!(a.is_equivalent(&b, Normalization::default()));
    /// ```
    pub fn is_equivalent(&self, other: &impl AsXriRef, options: Normalization) -> bool {
        let other = &other.borrow_xri_ref();
        let (Ok(a), Ok(b)) = (self.normalize(options), other.normalize(options)) else {
            return self.as_str() == other.as_str();
        };
        let forms_of = |x: &XriRef<'_>| {
            // The URI-normal form is the IRI-normal form made a URI (2.3.1).
            let iri = x.to_iri_normal(false).ok();
            let uri = iri.as_ref().map(|i| i.as_borrowed().to_uri().into_string());
            let iri = iri.map(|i| i.into_string());
            [iri, uri].into_iter().flatten().filter_map(move |form| {
                let form = XriRefBuf::parse(form).ok()?;
                form.as_borrowed().normalize(options).ok()
            })
        };
        let (a, b) = (a.as_str(), b.as_str());
        a == b
            || forms_of(self).any(|f| f.as_str() == b)
            || forms_of(other).any(|f| f.as_str() == a)
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
        // An authority is always written, and `same` holds it read back;
        // were it not, `Xri::parse` says why.
        normal_form(self.as_reference(), options)?
            .into_absolute()
            .or_else(XriBuf::parse)
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
    pub fn is_equivalent(&self, other: &impl AsXriRef, options: Normalization) -> bool {
        self.as_reference().is_equivalent(other, options)
    }
}

/// The error for an XRI whose requested normal form would not be the same
/// XRI.
fn not_normalizable(x: &XriRef<'_>, offset: usize, expected: String) -> ParseError {
    let rule = match x.is_absolute() {
        true => Grammar::Xri.absolute(),
        false => Grammar::Xri.reference(),
    };
    rule.error(
        x.as_str(),
        ErrorKind::NotNormalizable,
        offset,
        vec![expected.into()],
    )
}
