//! XRI references (OASIS XRI Syntax 2.0) as typed trees: authority, path
//! segments, sub-segments and cross-references nested to any depth.
//!
//! The ABNF makes almost anything an `XRI` (through `iauthority`, since
//! "xri://" is optional), so the typed API classifies by a policy
//! (docs/DECISIONS.md, "XRI: absolute or relative"): without "xri://", a
//! reference is absolute only when it starts with a global context symbol
//! (`=`, `@`, `+`, `$`, or `!!`, the persistent one) or a cross-reference
//! `(`; otherwise it is relative (`!g!g` is a relative path). The
//! content of a cross-reference is classified the same way, except that a
//! content with a scheme other than an XRI form is an IRI.

use crate::components::{authority, AuthoritySpans, Host};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::Grammar;
use crate::reference::{Iri, IriRef};
use crate::tree::Node;
use std::fmt;

mod fast;

/// A global context symbol (XRI 2.0 section 2.2.1.2).
///
/// ```
/// use xiri::{GlobalContext, Xri, XriAuthority};
/// match Xri::parse("!!1000!5").unwrap().authority() {
///     XriAuthority::Global { symbol, .. } => assert_eq!(*symbol, GlobalContext::Bang),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    fn from_char(c: char) -> Option<Self> {
        Some(match c {
            '=' => GlobalContext::Equals,
            '@' => GlobalContext::At,
            '+' => GlobalContext::Plus,
            '$' => GlobalContext::Dollar,
            '!' => GlobalContext::Bang,
            _ => return None,
        })
    }
}

/// How a sub-segment is marked (XRI 2.0 section 2.2.3).
///
/// ```
/// use xiri::{Delimiter, XriRef};
/// let x = XriRef::parse("a*b!c").unwrap();
/// let marks: Vec<_> = x.segments()[0].subsegments().iter().map(|s| s.delimiter()).collect();
/// assert_eq!(marks, [Delimiter::Implicit, Delimiter::Star, Delimiter::Bang]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `*`: reassignable.
    Star,
    /// `!`: persistent.
    Bang,
    /// No mark: the first sub-segment of a segment, reassignable by default.
    Implicit,
}

/// What a sub-segment holds: literal text or a cross-reference.
///
/// ```
/// use xiri::{SubsegmentValue, XriRef};
/// let x = XriRef::parse("a*(=b)").unwrap();
/// let subs = x.segments()[0].subsegments();
/// assert_eq!(subs[0].value(), &SubsegmentValue::Literal("a"));
/// assert!(matches!(subs[1].value(), SubsegmentValue::CrossReference(x) if x.content() == "=b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
/// let subs = x.authority().subsegments();
/// assert_eq!(subs[1].delimiter(), xiri::Delimiter::Star);
/// assert_eq!(subs[1].value(), &xiri::SubsegmentValue::Literal("home"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subsegment<'a> {
    text: &'a str,
    delimiter: Delimiter,
    value: SubsegmentValue<'a>,
}

impl<'a> Subsegment<'a> {
    /// The sub-segment as written, delimiter included.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a!b").unwrap();
    /// assert_eq!(x.authority().subsegments()[1].as_str(), "!b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// `*`, `!` or implicit.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a!b").unwrap();
    /// assert_eq!(x.authority().subsegments()[0].delimiter(), xiri::Delimiter::Implicit);
    /// ```
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Literal text or a cross-reference.
    ///
    /// ```
    /// let x = xiri::Xri::parse("=a*(+b)").unwrap();
    /// assert!(matches!(x.authority().subsegments()[1].value(), xiri::SubsegmentValue::CrossReference(_)));
    /// ```
    pub fn value(&self) -> &SubsegmentValue<'a> {
        &self.value
    }
}

/// What a cross-reference holds.
///
/// ```
/// use xiri::{CrossReferenceValue, SubsegmentValue, XriRef};
/// let x = XriRef::parse("a*(=b)*(http://example.com/)").unwrap();
/// let values: Vec<_> = x.segments()[0].subsegments()[1..]
///     .iter()
///     .map(|s| match s.value() {
///         SubsegmentValue::CrossReference(xref) => xref.value().clone(),
///         SubsegmentValue::Literal(_) => unreachable!(),
///     })
///     .collect();
/// assert!(matches!(&values[0], CrossReferenceValue::Xri(x) if x.is_absolute()));
/// assert!(matches!(&values[1], CrossReferenceValue::Iri(iri) if iri.scheme() == "http"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
/// let xref = match x.segments()[0].subsegments()[0].value() {
///     xiri::SubsegmentValue::CrossReference(xref) => xref,
///     _ => unreachable!(),
/// };
/// assert_eq!(xref.content(), "mailto:john.doe@example.com");
/// assert!(matches!(xref.value(), xiri::CrossReferenceValue::Iri(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CrossReference<'a> {
    text: &'a str,
    value: Box<CrossReferenceValue<'a>>,
}

impl<'a> CrossReference<'a> {
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
    /// let x = xiri::XriRef::parse("a*(+b)").unwrap();
    /// # let _ = x;
    /// ```
    pub fn content(&self) -> &'a str {
        &self.text[1..self.text.len() - 1]
    }

    /// The XRI reference or IRI it holds.
    ///
    /// ```
    /// let x = xiri::Xri::parse("(@a)*b").unwrap();
    /// if let xiri::XriAuthority::CrossReference { xref, .. } = x.authority() {
    ///     assert!(matches!(xref.value(), xiri::CrossReferenceValue::Xri(_)));
    /// }
    /// ```
    pub fn value(&self) -> &CrossReferenceValue<'a> {
        &self.value
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum XriAuthority<'a> {
    /// A global context symbol and the sub-segments after it (`gcs-authority`):
    /// `@example*home` is `@` with `example` and `*home`; `!!1000` is `!`
    /// with `!1000`.
    Global {
        /// The authority as written.
        text: &'a str,
        /// The symbol.
        symbol: GlobalContext,
        /// The sub-segments after the symbol.
        subsegments: Vec<Subsegment<'a>>,
    },
    /// A cross-reference and the sub-segments after it (`xref-authority`).
    CrossReference {
        /// The authority as written.
        text: &'a str,
        /// The leading cross-reference.
        xref: CrossReference<'a>,
        /// The sub-segments after it.
        subsegments: Vec<Subsegment<'a>>,
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

    /// The sub-segments (none for an IRI authority).
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("@a*b*c").unwrap().authority().subsegments().len(), 3);
    /// ```
    pub fn subsegments(&self) -> &[Subsegment<'a>] {
        match self {
            XriAuthority::Global { subsegments, .. }
            | XriAuthority::CrossReference { subsegments, .. } => subsegments,
            XriAuthority::Iri { .. } => &[],
        }
    }
}

/// A path segment: the sub-segments between two "/".
///
/// ```
/// let x = xiri::Xri::parse("@a/b*c/(+d)").unwrap();
/// assert_eq!(x.segments().len(), 2);
/// assert_eq!(x.segments()[0].as_str(), "b*c");
/// assert_eq!(x.segments()[0].subsegments().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Segment<'a> {
    text: &'a str,
    subsegments: Vec<Subsegment<'a>>,
}

impl<'a> Segment<'a> {
    /// The segment as written.
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("a/b").unwrap().segments()[1].as_str(), "b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Its sub-segments (none for an empty segment).
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("a//b").unwrap().segments()[1].subsegments().is_empty());
    /// ```
    pub fn subsegments(&self) -> &[Subsegment<'a>] {
        &self.subsegments
    }
}

/// An XRI reference, absolute or relative, borrowed from its input.
///
/// ```
/// let x = xiri::XriRef::parse("xri://@example*home/(+contact)!1").unwrap();
/// assert!(x.has_prefix());
/// assert_eq!(x.authority().unwrap().as_str(), "@example*home");
/// assert_eq!(x.path(), "/(+contact)!1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct XriRef<'a> {
    text: &'a str,
    prefix: bool,
    authority: Option<XriAuthority<'a>>,
    path: &'a str,
    segments: Vec<Segment<'a>>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// An absolute XRI: an [`XriRef`] with an authority.
///
/// ```
/// let x = xiri::Xri::parse("=example").unwrap();
/// assert_eq!(x.authority().as_str(), "=example");
/// assert!(xiri::Xri::parse("example").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xri<'a>(XriRef<'a>);

impl<'a> XriRef<'a> {
    /// Parses an XRI reference, absolute or relative by the policy in the
    /// module documentation.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("@example/(+contact)").unwrap().is_absolute());
    /// assert!(!xiri::XriRef::parse("example/a").unwrap().is_absolute());
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        match fast::reference(input) {
            Some(reference) => Ok(reference),
            None => parse_with_pest(input, Content::Parse),
        }
    }

    /// The reference as written.
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("a*b").unwrap().as_str(), "a*b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether it is absolute (has an authority).
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("xri://a").unwrap().is_absolute());
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.authority.is_some()
    }

    /// Whether it starts with the optional "xri://".
    ///
    /// ```
    /// assert!(!xiri::XriRef::parse("@a").unwrap().has_prefix());
    /// ```
    pub fn has_prefix(&self) -> bool {
        self.prefix
    }

    /// The authority, for an absolute XRI.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("a/b").unwrap().authority().is_none());
    /// ```
    pub fn authority(&self) -> Option<&XriAuthority<'a>> {
        self.authority.as_ref()
    }

    /// The path as written (possibly empty).
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a/b/c?q").unwrap().path(), "/b/c");
    /// ```
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// The path's segments. A leading "/" does not make an empty first
    /// segment; "a//b" has an empty second one.
    ///
    /// ```
    /// let x = xiri::XriRef::parse("/a/b").unwrap();
    /// assert_eq!(x.segments().iter().map(|s| s.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn segments(&self) -> &[Segment<'a>] {
        &self.segments
    }

    /// The query, without its "?".
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a?x=(y)").unwrap().query(), Some("x=(y)"));
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// The fragment, without its "#".
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a#f").unwrap().fragment(), Some("f"));
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// The absolute XRI, if it is one.
    ///
    /// ```
    /// assert!(xiri::XriRef::parse("@a").unwrap().to_absolute().is_some());
    /// ```
    pub fn to_absolute(&self) -> Option<Xri<'a>> {
        self.is_absolute().then(|| Xri(self.clone()))
    }
}

impl<'a> Xri<'a> {
    /// Parses an absolute XRI: "xri://", a global context symbol (`=`, `@`,
    /// `+`, `$`, `!!`) or a cross-reference must start it.
    ///
    /// ```
    /// assert!(xiri::Xri::parse("xri://www.example.com/a").is_ok());
    /// assert_eq!(xiri::Xri::parse("a/b").unwrap_err().kind(), xiri::ErrorKind::NotAbsolute);
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        if looks_absolute(input) {
            return XriRef::parse(input).map(Xri);
        }
        // Relative by the policy: say why, with the XRI production's own
        // error when the input is not even that.
        let absolute = Grammar::Xri.absolute();
        absolute.check(input)?;
        Err(absolute.error(
            input,
            ErrorKind::NotAbsolute,
            0,
            vec!["\"xri://\", a global context symbol or \"(\"".to_string()],
        ))
    }

    /// The authority.
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("+a").unwrap().authority().as_str(), "+a");
    /// ```
    pub fn authority(&self) -> &XriAuthority<'a> {
        self.0.authority.as_ref().expect("an Xri has an authority")
    }

    /// The same value as a reference, for the other accessors.
    ///
    /// ```
    /// assert_eq!(xiri::Xri::parse("+a/b").unwrap().as_reference().path(), "/b");
    /// ```
    pub fn as_reference(&self) -> &XriRef<'a> {
        &self.0
    }
}

/// An owned absolute XRI, checked when it was made; [`as_xri`](Self::as_xri)
/// gives the typed tree.
///
/// ```
/// let base = xiri::Xri::parse("xri://@a*a/b").unwrap();
/// let target: xiri::XriBuf = base.resolve(&xiri::XriRef::parse("c").unwrap());
/// assert_eq!(target.as_str(), "xri://@a*a/c");
/// assert_eq!(target.as_xri().segments().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct XriBuf {
    text: String,
}

impl XriBuf {
    /// Parses a string it takes, as [`Xri::parse`] does.
    ///
    /// ```
    /// assert!(xiri::XriBuf::parse("=example".to_string()).is_ok());
    /// ```
    pub fn parse(text: String) -> Result<Self, ParseError> {
        Xri::parse(&text)?;
        Ok(Self { text })
    }

    /// Text already known to be an absolute XRI.
    pub(crate) fn checked(text: String) -> Self {
        debug_assert!(Xri::parse(&text).is_ok(), "{text} is not an XRI");
        Self { text }
    }

    /// The typed tree (parsed again: the tree borrows the text).
    ///
    /// ```
    /// let x = xiri::XriBuf::parse("@a*b".to_string()).unwrap();
    /// assert_eq!(x.as_xri().authority().subsegments().len(), 2);
    /// ```
    pub fn as_xri(&self) -> Xri<'_> {
        Xri::parse(&self.text).expect("an XriBuf holds an absolute XRI")
    }

    /// The text.
    ///
    /// ```
    /// assert_eq!(xiri::XriBuf::parse("@a".to_string()).unwrap().as_str(), "@a");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given back.
    ///
    /// ```
    /// assert_eq!(xiri::XriBuf::parse("@a".to_string()).unwrap().into_string(), "@a");
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }
}

impl fmt::Display for XriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl<'a> std::ops::Deref for Xri<'a> {
    type Target = XriRef<'a>;

    fn deref(&self) -> &XriRef<'a> {
        &self.0
    }
}

impl<'a> From<Xri<'a>> for XriRef<'a> {
    fn from(x: Xri<'a>) -> Self {
        x.0
    }
}

impl<'a> TryFrom<&'a str> for XriRef<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a str> for Xri<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Self::parse(input)
    }
}

impl fmt::Display for XriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Display for Xri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.text)
    }
}

/// The policy: "xri://", a global context symbol or "(" first. The
/// persistent symbol is "!!" (pgcs-authority): a single "!" starts a
/// persistent sub-segment of a relative path, as in 2.4.2's "!g!g".
fn looks_absolute(input: &str) -> bool {
    input
        .get(..6)
        .is_some_and(|p| p.eq_ignore_ascii_case("xri://"))
        || input.starts_with(['=', '@', '+', '$', '('])
        || input.starts_with("!!")
}

fn text<'a>(input: &'a str, node: &Node) -> &'a str {
    &input[node.start..node.end]
}

/// How the pest path reads a cross-reference's content.
#[derive(Clone, Copy)]
enum Content {
    /// With [`XriRef::parse`]: the fast path first.
    Parse,
    /// With pest only, for the comparison with the fast path.
    Pest,
}

/// The typed tree from pest's parse tree (of the policy's rule).
fn parse_with_pest(input: &str, content: Content) -> Result<XriRef<'_>, ParseError> {
    let rule = if looks_absolute(input) {
        Grammar::Xri.absolute()
    } else {
        Grammar::Xri.relative()
    };
    let nodes = rule.components(input).map_err(|mut e| {
        if rule.name() == "relative-XRI-ref" && Grammar::Xri.absolute().check(input).is_ok() {
            e.kind = ErrorKind::NotAbsolute;
            e.rule = "XRI-reference";
            e.expected = vec!["\"xri://\", a global context symbol or \"(\"".to_string()];
            e.offset = 0;
        }
        e
    })?;
    Builder { input, content }.build(&nodes[0])
}

/// For the differential tests and the fuzz target (through
/// [`fast_path_check`](crate::fast_path_check)): whether pest accepts
/// `input`, when the fast path, if it answers, builds the tree pest builds.
pub(crate) fn fast_path_check(input: &str) -> Result<bool, String> {
    let pest = parse_with_pest(input, Content::Pest);
    match fast::reference(input) {
        None => Ok(pest.is_ok()),
        Some(fast) if pest.as_ref() == Ok(&fast) => Ok(true),
        Some(fast) => Err(format!(
            "xri {input:?}: the fast path gives {fast:?}, pest gives {pest:?}"
        )),
    }
}

/// Whether the XRI fast path (src/xri/fast.rs) answers for `input` rather
/// than leaving it to pest; for the tests that measure its coverage.
///
/// ```
/// assert!(xiri::xri_fast_path_answers("xri://@example*home/(+contact)"));
/// assert!(!xiri::xri_fast_path_answers("@a*b c"));
/// ```
#[doc(hidden)]
pub fn xri_fast_path_answers(input: &str) -> bool {
    fast::reference(input).is_some()
}

/// An absolute IRI, the value a cross-reference's content is when it is
/// not an XRI by the policy (read on the IRI fast path, whose refusal
/// needs no explanation: the content is then read as an XRI reference).
fn iri_value(content: &str) -> Option<Iri<'_>> {
    (!looks_absolute(content))
        .then(|| crate::scan::scan(Grammar::Iri, content))
        .flatten()
        .and_then(|spans| IriRef::from_spans(content, spans).to_absolute())
}

fn iri_authority(input: &str, a: AuthoritySpans) -> XriAuthority<'_> {
    XriAuthority::Iri {
        text: a.whole.get(input),
        userinfo: a.userinfo.map(|s| s.get(input)),
        host: a.host(input),
        port: a.port.map(|s| s.get(input)),
    }
}

/// Builds the typed tree from pest's nodes.
struct Builder<'a> {
    input: &'a str,
    content: Content,
}

impl<'a> Builder<'a> {
    /// Builds the typed reference from an `XRI` or `relative-XRI-ref` node.
    fn build(&self, top: &Node) -> Result<XriRef<'a>, ParseError> {
        let input = self.input;
        let mut reference = XriRef {
            text: input,
            prefix: false,
            authority: None,
            path: "",
            segments: Vec::new(),
            query: None,
            fragment: None,
        };
        let mut path_start = None;
        for node in &top.children {
            match node.name {
                "xri-hier-part" => {
                    reference.prefix = node.start > top.start;
                    for part in &node.children {
                        match part.name {
                            "xri-authority" => {
                                reference.authority = Some(self.xri_authority(part)?)
                            }
                            "iauthority" => {
                                reference.authority = Some(iri_authority(input, authority(part)))
                            }
                            "xri-path-abempty" => {
                                path_start = Some(part.start);
                                reference.path = text(input, part);
                                reference.segments = part
                                    .children
                                    .iter()
                                    .map(|s| self.segment(s, &s.children))
                                    .collect::<Result<_, _>>()?;
                            }
                            _ => {}
                        }
                    }
                }
                "relative-XRI-part" => {
                    path_start = Some(node.start);
                    reference.path = text(input, node);
                    reference.segments = self.relative_segments(node)?;
                }
                "iquery" => reference.query = Some(text(input, node)),
                "ifragment" => reference.fragment = Some(text(input, node)),
                _ => {}
            }
        }
        if path_start.is_none() {
            reference.path = &input[top.end..top.end];
        }
        Ok(reference)
    }

    /// An `xri-authority` node: `gcs-authority` or `xref-authority`.
    fn xri_authority(&self, node: &Node) -> Result<XriAuthority<'a>, ParseError> {
        let input = self.input;
        let inner = &node.children[0];
        let body = &inner.children[0];
        if inner.name == "xref-authority" {
            let xref = self.cross_reference(body)?;
            return Ok(XriAuthority::CrossReference {
                text: text(input, node),
                xref,
                subsegments: self.subsegments(&inner.children[1..])?,
            });
        }
        let symbol_char = input[node.start..].chars().next().unwrap_or('!');
        let symbol = GlobalContext::from_char(symbol_char).unwrap_or(GlobalContext::Bang);
        // pgcs-authority: "!" xri-subseg-pt-nz *xri-subseg; rgcs-authority: rgcs-char xri-segment.
        let subs = match body.name {
            "pgcs-authority" => self.subsegments(&body.children)?,
            _ => {
                let segment = body.children.iter().find(|c| c.name == "xri-segment");
                self.subsegments(segment.map_or(&[][..], |s| &s.children[..]))?
            }
        };
        Ok(XriAuthority::Global {
            text: text(input, node),
            symbol,
            subsegments: subs,
        })
    }

    /// The segments of a `relative-XRI-part`.
    fn relative_segments(&self, part: &Node) -> Result<Vec<Segment<'a>>, ParseError> {
        let input = self.input;
        let Some(path) = part.children.first() else {
            return Ok(Vec::new());
        };
        match path.name {
            "xri-path-absolute" if path.children.is_empty() => Ok(vec![Segment {
                text: &input[path.end..path.end],
                subsegments: Vec::new(),
            }]),
            "xri-path-absolute" => path
                .children
                .iter()
                .map(|s| self.segment(s, &s.children))
                .collect(),
            "xri-path-noscheme" => {
                let first = path
                    .children
                    .iter()
                    .take_while(|c| c.name != "xri-segment")
                    .count();
                let head = &path.children[..first];
                let head_node = Node {
                    name: "xri-segment",
                    start: path.start,
                    end: head.last().map_or(path.start, |n| n.end),
                    children: Vec::new(),
                };
                let mut segments = vec![self.segment(&head_node, head)?];
                for s in &path.children[first..] {
                    segments.push(self.segment(s, &s.children)?);
                }
                Ok(segments)
            }
            _ => Ok(Vec::new()),
        }
    }

    fn segment(&self, node: &Node, subs: &[Node]) -> Result<Segment<'a>, ParseError> {
        Ok(Segment {
            text: text(self.input, node),
            subsegments: self.subsegments(subs)?,
        })
    }

    /// Sub-segment nodes (any of the `xri-subseg*` productions); an empty
    /// implicit one (as in an empty segment) is left out.
    fn subsegments(&self, nodes: &[Node]) -> Result<Vec<Subsegment<'a>>, ParseError> {
        let input = self.input;
        let mut out = Vec::new();
        for node in nodes.iter().filter(|n| n.name.starts_with("xri-subseg")) {
            let text = text(input, node);
            let delimiter = match text.as_bytes().first() {
                Some(b'*') => Delimiter::Star,
                Some(b'!') => Delimiter::Bang,
                _ => Delimiter::Implicit,
            };
            if text.is_empty() {
                continue;
            }
            let value = match node.children.iter().find(|c| c.name == "xref") {
                Some(xref) => SubsegmentValue::CrossReference(self.cross_reference(xref)?),
                None if delimiter == Delimiter::Implicit => SubsegmentValue::Literal(text),
                None => SubsegmentValue::Literal(&text[1..]),
            };
            out.push(Subsegment {
                text,
                delimiter,
                value,
            });
        }
        Ok(out)
    }

    /// An `xref` node; its content is classified by the module's policy.
    fn cross_reference(&self, node: &Node) -> Result<CrossReference<'a>, ParseError> {
        let text = text(self.input, node);
        let content = &text[1..text.len() - 1];
        let value = match iri_value(content) {
            Some(iri) => CrossReferenceValue::Iri(iri),
            None => CrossReferenceValue::Xri(match self.content {
                Content::Parse => XriRef::parse(content)?,
                Content::Pest => parse_with_pest(content, Content::Pest)?,
            }),
        };
        Ok(CrossReference {
            text,
            value: Box::new(value),
        })
    }
}
