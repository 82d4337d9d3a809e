//! URI → IRI (RFC 3987 3.2), with each of its steps.

use super::{ascii_outside_iris, iri_allows, Step};
use crate::syntax::chars::RESERVED;
use crate::syntax::pct::{self, encode_char, Piece};
use crate::syntax::reference::{IriRefBuf, UriRef};

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
        // IRI does not allow there, so the structure and the grammar hold
        // (tests/it/hostile.rs checks it on every input it makes). Were it
        // ever not an IRI, the URI itself is one, with the same components
        // (RFC 3987 3.2 allows leaving percent-encodings as they are):
        // that is the answer then, rather than a panic.
        IriRefBuf::parse(out)
            .unwrap_or_else(|_| IriRefBuf::from_parts(text.to_string(), self.spans()))
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
                if c == '%' || RESERVED.contains(c) || ascii_outside_iris(c) {
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
            Outcome::Inappropriate(c) if step >= 4 => encode_char(c, out),
            Outcome::Inappropriate(c) => octets(c, out),
            Outcome::NotUtf8(b) if step == 2 => out.push_str(&format!("<{b:02x}>")),
            Outcome::NotUtf8(b) => pct::encode_octet(b, out),
        }
    }
}
