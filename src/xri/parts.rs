//! The parts of an XRI reference: its authority, path segments,
//! sub-segments and cross-references. Each is a view of the validated
//! text, found when asked for: a segment ends at the next "/" and a
//! sub-segment at the next "*" or "!" outside parentheses (in an XRI's
//! authority and path, parentheses only delimit cross-references, and they
//! balance), and a cross-reference's value is its content read again.

use super::{iri_value, XriRef};
use crate::syntax::components::Host;
use crate::syntax::reference::Iri;

/// A global context symbol (XRI 2.0 section 2.2.1.2).
///
/// ```
/// use xiri::{GlobalContext, Xri, XriAuthority};
/// match Xri::parse("!!1000!5").unwrap().authority() {
///     XriAuthority::Global { symbol, .. } => assert_eq!(symbol, GlobalContext::Bang),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GlobalContext {
    /// `=`, persons.
    Equals,
    /// `@`, organizations.
    At,
    /// `+`, generic concepts.
    Plus,
    /// `$`, standard XRI extensions.
    Dollar,
    /// `!`, persistent identifiers (`!!...`).
    Bang,
}

impl GlobalContext {
    /// The symbol itself.
    ///
    /// ```
    /// assert_eq!(xiri::GlobalContext::At.as_char(), '@');
    /// ```
    pub fn as_char(self) -> char {
        match self {
            GlobalContext::Equals => '=',
            GlobalContext::At => '@',
            GlobalContext::Plus => '+',
            GlobalContext::Dollar => '$',
            GlobalContext::Bang => '!',
        }
    }

    pub(super) fn from_byte(c: u8) -> Option<Self> {
        Some(match c {
            b'=' => GlobalContext::Equals,
            b'@' => GlobalContext::At,
            b'+' => GlobalContext::Plus,
            b'$' => GlobalContext::Dollar,
            b'!' => GlobalContext::Bang,
            _ => return None,
        })
    }
}

/// How a sub-segment is marked (XRI 2.0 section 2.2.3).
///
/// ```
/// use xiri::{Delimiter, XriRef};
/// let x = XriRef::parse("a*b!c").unwrap();
/// let first = x.segments().next().unwrap();
/// let marks: Vec<_> = first.subsegments().map(|s| s.delimiter()).collect();
/// assert_eq!(marks, [Delimiter::Implicit, Delimiter::Star, Delimiter::Bang]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// `*`: reassignable.
    Star,
    /// `!`: persistent.
    Bang,
    /// No mark: the first sub-segment of a segment, reassignable by default.
    Implicit,
}

impl Delimiter {
    /// How it is written: "*", "!", or "implicit" for no mark.
    ///
    /// ```
    /// assert_eq!(xiri::Delimiter::Bang.name(), "!");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::Star => "*",
            Delimiter::Bang => "!",
            Delimiter::Implicit => "implicit",
        }
    }
}

/// What a sub-segment holds: literal text or a cross-reference.
///
/// ```
/// use xiri::{SubsegmentValue, XriRef};
/// let x = XriRef::parse("a*(=b)").unwrap();
/// let subs: Vec<_> = x.segments().next().unwrap().subsegments().collect();
/// assert_eq!(subs[0].value(), SubsegmentValue::Literal("a"));
/// assert!(matches!(subs[1].value(), SubsegmentValue::CrossReference(x) if x.content() == "=b"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SubsegmentValue<'a> {
    /// Literal text (possibly empty, as in `*`).
    Literal(&'a str),
    /// A cross-reference, `( ... )`.
    CrossReference(CrossReference<'a>),
}

/// A sub-segment: its delimiter and its value.
///
/// ```
/// let x = xiri::Xri::parse("@example*home").unwrap();
/// let home = x.authority().subsegments().nth(1).unwrap();
/// assert_eq!(home.delimiter(), xiri::Delimiter::Star);
/// assert_eq!(home.value(), xiri::SubsegmentValue::Literal("home"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Subsegment<'a> {
    text: &'a str,
    delimiter: Delimiter,
}

impl<'a> Subsegment<'a> {
    /// The sub-segment as written, delimiter included.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a!b").unwrap();
    /// assert_eq!(x.authority().subsegments().nth(1).unwrap().as_str(), "!b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `*`, `!` or implicit.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a!b").unwrap();
    /// let first = x.authority().subsegments().next().unwrap();
    /// assert_eq!(first.delimiter(), xiri::Delimiter::Implicit);
    /// ```
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Literal text or a cross-reference.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a*(+b)").unwrap();
    /// let second = x.authority().subsegments().nth(1).unwrap();
    /// assert!(matches!(second.value(), xiri::SubsegmentValue::CrossReference(_)));
    /// ```
    pub fn value(&self) -> SubsegmentValue<'a> {
        let body = match self.delimiter {
            Delimiter::Implicit => self.text,
            Delimiter::Star | Delimiter::Bang => &self.text[1..],
        };
        if body.starts_with('(') {
            SubsegmentValue::CrossReference(CrossReference { text: body })
        } else {
            SubsegmentValue::Literal(body)
        }
    }
}

/// The sub-segments of a segment or an authority, in order. An empty
/// first sub-segment without a delimiter (as in an empty segment) is left
/// out.
///
/// ```
/// let x = xiri::XriRef::parse("a*b*(c*d)!e").unwrap();
/// let texts: Vec<_> = x.segments().next().unwrap().subsegments().map(|s| s.as_str()).collect();
/// assert_eq!(texts, ["a", "*b", "*(c*d)", "!e"]);
/// ```
#[derive(Clone)]
pub struct Subsegments<'a> {
    pub(super) rest: &'a str,
}

impl<'a> Subsegments<'a> {
    pub(super) fn of(text: &'a str) -> Self {
        Subsegments { rest: text }
    }
}

impl<'a> Iterator for Subsegments<'a> {
    type Item = Subsegment<'a>;

    fn next(&mut self) -> Option<Subsegment<'a>> {
        let b = self.rest.as_bytes();
        let delimiter = match b.first()? {
            b'*' => Delimiter::Star,
            b'!' => Delimiter::Bang,
            _ => Delimiter::Implicit,
        };
        let from = usize::from(delimiter != Delimiter::Implicit);
        let end = crate::syntax::parens::first_outside(b.get(from..).unwrap_or_default(), |c| {
            matches!(c, b'*' | b'!')
        })
        .map_or(b.len(), |i| from + i);
        let (text, rest) = self.rest.split_at(end);
        self.rest = rest;
        Some(Subsegment { text, delimiter })
    }
}

/// What a cross-reference holds.
///
/// ```
/// use xiri::{CrossReferenceValue, SubsegmentValue, XriRef};
/// let x = XriRef::parse("a*(=b)*(http://example.com/)").unwrap();
/// let values: Vec<_> = x.segments().next().unwrap().subsegments()
///     .filter_map(|s| match s.value() {
///         SubsegmentValue::CrossReference(xref) => Some(xref.value()),
///         _ => None,
///     })
///     .collect();
/// assert!(matches!(&values[0], CrossReferenceValue::Xri(x) if x.is_absolute()));
/// assert!(matches!(&values[1], CrossReferenceValue::Iri(iri) if iri.scheme() == "http"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CrossReferenceValue<'a> {
    /// An XRI reference, absolute or relative.
    Xri(XriRef<'a>),
    /// An absolute IRI (RFC 3987).
    Iri(Iri<'a>),
}

/// A cross-reference, `"(" ( XRI-reference / IRI ) ")"` (section 2.2.2).
///
/// ```
/// let x = xiri::Xri::parse("xri://@example/(mailto:john.doe@example.com)").unwrap();
/// let xref = match x.segments().next().unwrap().subsegments().next().unwrap().value() {
///     xiri::SubsegmentValue::CrossReference(xref) => xref,
///     _ => unreachable!(),
/// };
/// assert_eq!(xref.content(), "mailto:john.doe@example.com");
/// assert!(matches!(xref.value(), xiri::CrossReferenceValue::Iri(_)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CrossReference<'a> {
    text: &'a str,
}

impl<'a> CrossReference<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        CrossReference { text }
    }

    /// The cross-reference as written, parentheses included.
    ///
    /// ```
    /// let x = xiri::Xri::parse("(+a)").unwrap();
    /// assert_eq!(x.authority().as_str(), "(+a)");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The text between the parentheses.
    ///
    /// ```
    /// let x = xiri::Xri::parse("(+a)*b").unwrap();
    /// if let xiri::XriAuthority::CrossReference { xref, .. } = x.authority() {
    ///     assert_eq!(xref.content(), "+a");
    /// }
    /// ```
    pub fn content(&self) -> &'a str {
        &self.text[1..self.text.len() - 1]
    }

    /// The XRI reference or IRI it holds, by the module's policy: read
    /// again from the content, which was checked when the XRI holding it
    /// was parsed.
    ///
    /// ```
    /// let x = xiri::Xri::parse("(@a)*b").unwrap();
    /// if let xiri::XriAuthority::CrossReference { xref, .. } = x.authority() {
    ///     assert!(matches!(xref.value(), xiri::CrossReferenceValue::Xri(_)));
    /// }
    /// ```
    // The content was read, with the same policy, when the XRI holding
    // it was parsed: a type invariant, not something input reaches.
    #[allow(clippy::expect_used)]
    pub fn value(&self) -> CrossReferenceValue<'a> {
        let content = self.content();
        match iri_value(content) {
            Some(iri) => CrossReferenceValue::Iri(iri),
            None => CrossReferenceValue::Xri(
                XriRef::parse(content)
                    .expect("a cross-reference's content was read with the XRI holding it"),
            ),
        }
    }
}

/// The authority of an absolute XRI (section 2.2.1).
///
/// ```
/// use xiri::{Xri, XriAuthority};
/// assert!(matches!(Xri::parse("@a*b").unwrap().authority(), XriAuthority::Global { .. }));
/// assert!(matches!(Xri::parse("(+a)*b").unwrap().authority(), XriAuthority::CrossReference { .. }));
/// assert!(matches!(Xri::parse("xri://example.com").unwrap().authority(), XriAuthority::Iri { .. }));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum XriAuthority<'a> {
    /// A global context symbol and the sub-segments after it (`gcs-authority`):
    /// `@example*home` is `@` with `example` and `*home`; `!!1000` is `!`
    /// with `!1000`.
    Global {
        /// The authority as written.
        text: &'a str,
        /// The symbol.
        symbol: GlobalContext,
    },
    /// A cross-reference and the sub-segments after it (`xref-authority`).
    CrossReference {
        /// The authority as written.
        text: &'a str,
        /// The leading cross-reference.
        xref: CrossReference<'a>,
    },
    /// An IRI authority, `[ iuserinfo "@" ] ihost [ ":" port ]` (`iauthority`).
    Iri {
        /// The authority as written.
        text: &'a str,
        /// The userinfo, without its "@".
        userinfo: Option<&'a str>,
        /// The host.
        host: Host<'a>,
        /// The port, without its ":".
        port: Option<&'a str>,
    },
}

impl<'a> XriAuthority<'a> {
    /// The authority as written.
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("xri://@a*b/c").unwrap().authority().as_str(), "@a*b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        match self {
            XriAuthority::Global { text, .. }
            | XriAuthority::CrossReference { text, .. }
            | XriAuthority::Iri { text, .. } => text,
        }
    }

    /// The sub-segments after the symbol or the cross-reference (none for
    /// an IRI authority).
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("@a*b*c").unwrap().authority().subsegments().count(), 3);
    /// assert_eq!(xiri::Xri::parse("(+a)*b").unwrap().authority().subsegments().count(), 1);
    /// ```
    pub fn subsegments(&self) -> Subsegments<'a> {
        Subsegments::of(match self {
            XriAuthority::Global { text, .. } => &text[1..],
            XriAuthority::CrossReference { text, xref } => &text[xref.as_str().len()..],
            XriAuthority::Iri { .. } => "",
        })
    }
}

/// A path segment: the sub-segments between two "/".
///
/// ```
/// let x = xiri::Xri::parse("@a/b*c/(+d)").unwrap();
/// let segments: Vec<_> = x.segments().collect();
/// assert_eq!(segments.len(), 2);
/// assert_eq!(segments[0].as_str(), "b*c");
/// assert_eq!(segments[0].subsegments().count(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment<'a> {
    text: &'a str,
}

impl<'a> Segment<'a> {
    /// The segment as written.
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("a/b").unwrap().segments().nth(1).unwrap().as_str(), "b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Its sub-segments (none for an empty segment).
    ///
    /// ```
    /// let x = xiri::XriRef::parse("a//b").unwrap();
    /// assert_eq!(x.segments().nth(1).unwrap().subsegments().count(), 0);
    /// ```
    pub fn subsegments(&self) -> Subsegments<'a> {
        Subsegments::of(self.text)
    }
}

/// The segments of a path, in order. A leading "/" does not make an empty
/// first segment; "a//b" has an empty second one, and "/" one empty
/// segment.
///
/// ```
/// let x = xiri::XriRef::parse("/a/(+b/c)/").unwrap();
/// let texts: Vec<_> = x.segments().map(|s| s.as_str()).collect();
/// assert_eq!(texts, ["a", "(+b/c)", ""]);
/// ```
#[derive(Clone)]
pub struct Segments<'a> {
    pub(super) rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    pub(super) fn of(path: &'a str) -> Self {
        Segments {
            rest: match path {
                "" => None,
                _ => Some(path.strip_prefix('/').unwrap_or(path)),
            },
        }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;

    fn next(&mut self) -> Option<Segment<'a>> {
        let rest = self.rest?;
        match crate::syntax::parens::first_outside(rest.as_bytes(), |c| c == b'/') {
            Some(i) => {
                self.rest = Some(&rest[i + 1..]);
                Some(Segment { text: &rest[..i] })
            }
            None => {
                self.rest = None;
                Some(Segment { text: rest })
            }
        }
    }
}
