//! Conversions between the forms: LEIRI → IRI (LEIRI Note section 4),
//! IRI → URI (RFC 3987 3.1, by percent-encoding), URI → IRI (RFC 3987 3.2).
//! Each returns an owned, parsed value of its target grammar.

use crate::chars::{bidi_formatting, iprivate, ucschar};
use crate::components::Spans;
use crate::grammar::Grammar;
use crate::pct::{self, encode, Piece};
use crate::reference::Reference;
use crate::reference::{IriRef, IriRefBuf, LeiriRef, UriRef, UriRefBuf};
use crate::syntax::IriSyntax;
use crate::uri_mapping::Step;

/// Whether a non-ASCII character may stand as itself in an IRI, in the
/// query (`in_query`) or elsewhere.
fn iri_allows(c: char, in_query: bool) -> bool {
    (ucschar(c) && !bidi_formatting(c)) || (in_query && iprivate(c))
}

/// The ASCII characters a LEIRI allows and an IRI (or URI) does not
/// (LEIRI Note section 5: space, delimiters, unwise, controls).
fn ascii_outside_iris(c: char) -> bool {
    c.is_ascii_control()
        || matches!(
            c,
            ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`'
        )
}

/// Rewrites `text` character by character: `keep(c, in_query)` says which
/// characters stay; the others are percent-encoded.
fn encode_where(text: &str, spans: Spans, keep: impl Fn(char, bool) -> bool) -> String {
    let query = spans.query.map(|q| q.start..q.end);
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let in_query = query.as_ref().is_some_and(|q| q.contains(&i));
        if keep(c, in_query) {
            out.push(c);
        } else {
            encode(c, &mut out);
        }
    }
    out
}

impl LeiriRef<'_> {
    /// The IRI reference (LEIRI Note section 4): each character a LEIRI
    /// allows and an IRI does not at its place is percent-encoded (UTF-8,
    /// uppercase hex); existing percent-encodings are left alone. Private
    /// use characters stay in the query, where IRIs allow them.
    ///
    /// ```
    /// let leiri = xiri::LeiriRef::parse("http://example.org/a b/\u{202e}?\u{e000}#{x}").unwrap();
    /// assert_eq!(leiri.to_iri().as_str(), "http://example.org/a%20b/%E2%80%AE?\u{e000}#%7Bx%7D");
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        let text = encode_where(self.as_str(), self.spans(), |c, in_query| {
            if c.is_ascii() {
                !ascii_outside_iris(c)
            } else {
                iri_allows(c, in_query)
            }
        });
        // Each character a LEIRI has beyond an IRI is allowed only where
        // an IRI allows pct-encoded (LEIRI Note [1]-[39]), so what is left
        // is an IRI: property-tested in tests/hostile.rs.
        #[allow(clippy::expect_used)]
        IriRefBuf::parse(text).expect("only characters IRIs allow are left")
    }

    /// The URI reference: [`to_iri`](Self::to_iri), then
    /// [`IriRef::to_uri`].
    ///
    /// ```
    /// let leiri = xiri::LeiriRef::parse("file:///My Documents/r\u{e9}sum\u{e9}.xml").unwrap();
    /// assert_eq!(leiri.to_uri().as_str(), "file:///My%20Documents/r%C3%A9sum%C3%A9.xml");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        self.to_iri().as_borrowed().to_uri()
    }
}

impl<S: IriSyntax> Reference<'_, S> {
    /// The URI reference (RFC 3987 3.1): every character outside ASCII is
    /// percent-encoded as UTF-8, with uppercase hex, in every component, the
    /// host's registered name included (IDNA is a separate step). The
    /// identity on URIs, and idempotent.
    ///
    /// ```
    /// let iri = xiri::IriRef::parse("http://r\u{e9}sum\u{e9}.example.org").unwrap();
    /// assert_eq!(iri.to_uri().as_str(), "http://r%C3%A9sum%C3%A9.example.org");
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        let text = self.as_str();
        if text.is_ascii() {
            // An ASCII IRI is a URI with the same components (RFC 3987
            // 2.2's i-rules are RFC 3986's rules on ASCII).
            return UriRefBuf::from_parts(text.to_string(), self.spans());
        }
        // Runs of ASCII are copied whole; the UTF-8 bytes of the others are
        // written as triplets.
        let outside = text.bytes().filter(|b| !b.is_ascii()).count();
        let mut out = Vec::with_capacity(text.len() + 2 * outside);
        for &b in text.as_bytes() {
            if b.is_ascii() {
                out.push(b);
            } else {
                out.extend_from_slice(&pct::triplet(b));
            }
        }
        // Every byte is ASCII, so this is UTF-8 (the lossy branch is
        // never taken; it keeps this total without a second buffer).
        let out = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        // Each byte outside ASCII became three: an offset moves by twice the
        // bytes outside ASCII before it (offsets come in increasing order).
        let bytes = text.as_bytes();
        let (mut at, mut before) = (0, 0);
        let spans = self.spans().map(|p| {
            if p < at {
                (at, before) = (0, 0);
            }
            let between = bytes.get(at..p).unwrap_or_default();
            before += between.iter().filter(|b| !b.is_ascii()).count();
            at = p;
            p + 2 * before
        });
        let uri = UriRefBuf::from_parts(out, spans);
        debug_assert_eq!(
            UriRef::parse(uri.as_str()).map(|u| u.spans()).ok(),
            Some(spans)
        );
        uri
    }
}

impl UriRef<'_> {
    /// The IRI reference (RFC 3987 3.2): percent-encoded octets are decoded
    /// (step 2) except `%25`, reserved characters and ASCII a URI does not
    /// allow; octets that are not UTF-8 are encoded again (step 3), and so
    /// are characters an IRI does not allow there (step 4): the bidi
    /// formatting characters, private use outside the query, controls.
    /// Octets encoded again get uppercase hex; those step 2 leaves alone keep
    /// theirs.
    /// Punycode labels stay as they are (docs/DECISIONS.md).
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("http://www.example.org/D%C3%BCrst").unwrap();
    /// assert_eq!(uri.to_iri().as_str(), "http://www.example.org/D\u{fc}rst");
    /// let not_utf8 = xiri::UriRef::parse("http://www.example.org/D%FCrst").unwrap();
    /// assert_eq!(not_utf8.to_iri().as_str(), "http://www.example.org/D%FCrst");
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        let text = self.as_str();
        let mut out = String::with_capacity(text.len());
        for outcome in self.iri_outcomes() {
            outcome.write(5, &mut out);
        }
        // Step 2 decodes no delimiter and step 4 encodes again what an
        // IRI does not allow there, so the structure and the grammar hold:
        // property-tested in tests/hostile.rs.
        #[allow(clippy::expect_used)]
        IriRefBuf::parse(out).expect("decoding only what an IRI allows keeps it an IRI")
    }

    /// The steps of [`to_iri`](Self::to_iri) as RFC 3987 3.2.1 prints
    /// them: the URI (step 1), octets decoded (2, written `<hh>`), octets
    /// that are not UTF-8 encoded again (3), characters an IRI does not
    /// allow there encoded again (4), the octets read as UTF-8 (5).
    ///
    /// ```
    /// let uri = xiri::UriRef::parse("http://www.example.org/D%FCrst").unwrap();
    /// let texts: Vec<_> = uri.to_iri_steps().into_iter().map(|s| s.text).collect();
    /// assert_eq!(texts[1], "http://www.example.org/D<fc>rst");
    /// assert_eq!(texts[2], "http://www.example.org/D%FCrst");
    /// ```
    pub fn to_iri_steps(&self) -> Vec<Step> {
        const LABELS: [&str; 5] = [
            "RFC 3987 3.2 step 1: the URI as octets in US-ASCII",
            "RFC 3987 3.2 step 2: percent-encodings decoded, but for %, reserved and US-ASCII not allowed in URIs",
            "RFC 3987 3.2 step 3: octets that are not strictly legal UTF-8 re-percent-encoded",
            "RFC 3987 3.2 step 4: characters not appropriate in an IRI there re-percent-encoded",
            "RFC 3987 3.2 step 5: the octets read as UTF-8",
        ];
        let outcomes: Vec<_> = self.iri_outcomes().collect();
        let mut steps = vec![Step::new(LABELS[0], self.as_str())];
        steps.extend(LABELS.iter().enumerate().skip(1).map(|(i, label)| {
            let mut text = String::new();
            for outcome in &outcomes {
                outcome.write(i + 1, &mut text);
            }
            Step::new(label, text)
        }));
        steps
    }

    /// What RFC 3987 3.2 does with each piece of the URI.
    fn iri_outcomes(&self) -> impl Iterator<Item = Outcome<'_>> {
        let query = self.spans().query.map(|q| q.start..q.end);
        pct::pieces(self.as_str()).map(move |(at, piece)| match piece {
            Piece::Plain(c) => Outcome::Plain(c),
            // Step 2: ASCII decodes unless it is "%", reserved, or not a
            // URI character; those triplets stay as written.
            Piece::Char { c, triplets } if c.is_ascii() => {
                if c == '%' || ":/?#[]@!$&'()*+,;=".contains(c) || ascii_outside_iris(c) {
                    Outcome::Kept(triplets)
                } else {
                    Outcome::Decoded(c)
                }
            }
            // Step 4: a character the IRI does not allow here is encoded again.
            Piece::Char { c, .. } => {
                if iri_allows(c, query.as_ref().is_some_and(|q| q.contains(&at))) {
                    Outcome::Decoded(c)
                } else {
                    Outcome::Inappropriate(c)
                }
            }
            // Step 3: an octet that is not UTF-8 is encoded again.
            Piece::Octet { byte, .. } => Outcome::NotUtf8(byte),
        })
    }
}

/// What RFC 3987 3.2 does with one piece of a URI.
enum Outcome<'t> {
    /// A character written as itself, in every step.
    Plain(char),
    /// Triplets step 2 does not decode.
    Kept(&'t str),
    /// Octets decoded in step 2 and read as this character in step 5.
    Decoded(char),
    /// An octet decoded in step 2 and encoded again in step 3.
    NotUtf8(u8),
    /// Octets decoded in step 2 and encoded again in step 4.
    Inappropriate(char),
}

impl Outcome<'_> {
    /// Appends the piece as it stands after `step` (2 to 5; after step 1
    /// it stands as written).
    fn write(&self, step: usize, out: &mut String) {
        let octets = |c: char, out: &mut String| {
            let mut buffer = [0; 4];
            for b in c.encode_utf8(&mut buffer).bytes() {
                out.push_str(&format!("<{b:02x}>"));
            }
        };
        match *self {
            Outcome::Plain(c) => out.push(c),
            Outcome::Kept(triplets) => out.push_str(triplets),
            Outcome::Decoded(c) if step == 5 => out.push(c),
            Outcome::Decoded(c) => octets(c, out),
            Outcome::Inappropriate(c) if step >= 4 => encode(c, out),
            Outcome::Inappropriate(c) => octets(c, out),
            Outcome::NotUtf8(b) if step == 2 => out.push_str(&format!("<{b:02x}>")),
            Outcome::NotUtf8(b) => pct::encode_octet(b, out),
        }
    }
}

use crate::error::ParseError;
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
                    vec![culprit.expected()],
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
