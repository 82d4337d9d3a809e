//! The one error type of parsing and checking: where the input stopped
//! matching, and what the grammar expected there.

use crate::syntax::grammar::Grammar;
use std::borrow::Cow;
use std::fmt;

/// Why an input was refused.
///
/// ```
/// use xiri::{ErrorKind, Xri, XriRef};
/// assert_eq!(XriRef::parse("a b").unwrap_err().kind(), ErrorKind::Syntax);
/// assert_eq!(Xri::parse("a/b").unwrap_err().kind(), ErrorKind::NotAbsolute);
/// let deep = format!("{}@a{}", "(".repeat(40), ")".repeat(40));
/// assert_eq!(XriRef::parse(&deep).unwrap_err().kind(), ErrorKind::TooDeep);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not match the production.
    Syntax,
    /// Cross-references (or parentheses) nest deeper than
    /// [`MAX_NESTING`](crate::MAX_NESTING); the input was not parsed.
    TooDeep,
    /// The input is a valid reference, but relative where an absolute one
    /// (with a scheme, or for XRIs an authority) was asked for.
    NotAbsolute,
    /// A conversion's output could not be made: a host label failed IDNA
    /// ToASCII, or a query character has no encoding in the document
    /// charset. [`expected`](ParseError::expected) says what the conversion
    /// needed at the offset.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// let iri = xiri::IriRef::parse("http://a\u{2488}b.example/").unwrap();
    /// let options = xiri::UriOptions::default().with_idna(true);
    /// assert_eq!(iri.to_uri_with(&options).unwrap_err().kind(), xiri::ErrorKind::NotConvertible);
    /// # }
    /// ```
    NotConvertible,
    /// A normal form that does not exist: NFC or NFKC would change the
    /// identifier's structure (create or remove a delimiter, a "%" or a
    /// dot segment), which RFC 3987 section 8 and XRI 2.0 2.1.1 warn of.
    /// The offset is the character's; [`expected`](ParseError::expected)
    /// says what it would become.
    ///
    /// ```
    /// let iri = xiri::Iri::parse("http://a/b\u{FF0F}c").unwrap();
    /// let nfkc = xiri::Normalization::default().with_nfkc(true);
    /// let err = iri.normalize(nfkc).unwrap_err();
    /// assert_eq!(err.kind(), xiri::ErrorKind::NotNormalizable);
    /// assert_eq!(err.offset(), 10);
    /// ```
    NotNormalizable,
    /// The input matches the grammar but breaks RFC 3987 section 4's rules
    /// on bidi IRIs (4.1: no bidi formatting characters; 4.2: each
    /// component's direction), which only `Rule::check_strict` (the
    /// `security` feature) enforces. [`expected`](ParseError::expected)
    /// names the rule.
    ///
    /// ```
    /// # #[cfg(feature = "security")] {
    /// let err = xiri::Grammar::Iri.reference().check_strict("http://a/\u{202E}b").unwrap_err();
    /// assert_eq!(err.kind(), xiri::ErrorKind::Bidi);
    /// # }
    /// ```
    Bidi,
    /// The components an operation computed have no text that reads back
    /// as them: written out, the grammar reads other components there
    /// (docs/DECISIONS.md, "Text made from components"). The input is the
    /// text written, the offset where a component was to end.
    ///
    /// ```
    /// // The authority of "(" is the ireg-name "(": a later ")" would
    /// // make "(/l9'#/)" a cross-reference authority.
    /// let base = xiri::Xri::parse("(").unwrap();
    /// let reference = xiri::XriRef::parse("l9'#/)/.").unwrap();
    /// let err = base.resolve(&reference).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (xiri::ErrorKind::Ambiguous, 1));
    /// ```
    Ambiguous,
}

/// An input that does not match: the byte offset where matching stopped,
/// the productions (and literals) expected there, and the grammar and rule.
///
/// `Display` shows a message, then the input with a caret under the offset.
/// Neither `Display` nor `Debug` shows a password the input may carry:
/// each of its characters is shown as `*`, so the caret stays under the
/// right character ([`input`](Self::input) still gives the input as it
/// was).
///
/// ```
/// let err = xiri::IriRef::parse("http://a/b c").unwrap_err();
/// assert_eq!(err.offset(), 10);
/// assert!(err.expected().iter().any(|e| e == "ipchar"));
/// assert!(err.to_string().contains("\n  http://a/b c\n            ^"));
///
/// let err = xiri::Uri::parse("https://anne:s3cret@example.com/a b").unwrap_err();
/// assert!(!err.to_string().contains("s3cret"));
/// // The password is masked character for character: the caret stays under the space.
/// let shown = format!("\n  https://anne:******@example.com/a b\n  {}^", " ".repeat(err.offset()));
/// assert_eq!(err.offset(), 33);
/// assert!(err.to_string().ends_with(&shown));
/// assert!(!format!("{err:?}").contains("s3cret"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError {
    pub(crate) kind: ErrorKind,
    pub(crate) grammar: Grammar,
    pub(crate) rule: &'static str,
    pub(crate) offset: usize,
    pub(crate) expected: Vec<Cow<'static, str>>,
    pub(crate) input: Box<str>,
}

impl ParseError {
    /// A conversion that cannot be made from `input` (parsed as `rule` of
    /// `grammar`) at `offset`, for want of `expected`.
    pub(crate) fn not_convertible(
        grammar: Grammar,
        rule: &'static str,
        input: &str,
        offset: usize,
        expected: String,
    ) -> ParseError {
        ParseError {
            kind: ErrorKind::NotConvertible,
            grammar,
            rule,
            offset,
            expected: vec![expected.into()],
            input: input.into(),
        }
    }

    /// This error, found in `part`, moved to where `part` stands in
    /// `whole`: at byte `start` (a cross-reference's content, the rest of
    /// an XRI after its prefix).
    pub(crate) fn within(mut self, whole: &str, start: usize) -> ParseError {
        self.offset += start;
        self.input = whole.into();
        self
    }

    /// This error, found in a text a conversion made from `original` (the
    /// output of one of its steps), told of `original` instead: the
    /// offset is kept where the two texts agree up to it, and otherwise
    /// moved back to where they first differ, which is where the change
    /// that led to the error begins. `expected` still says what the
    /// failing step needed.
    pub(crate) fn of_original(mut self, original: &str) -> ParseError {
        if &*self.input == original {
            return self;
        }
        let same = original
            .char_indices()
            .zip(self.input.chars())
            .find(|((_, a), b)| a != b)
            .map_or(original.len().min(self.input.len()), |((i, _), _)| i);
        self.offset = self.offset.min(same);
        self.input = original.into();
        self
    }

    /// This error at another offset of the same input.
    pub(crate) fn at(mut self, offset: usize) -> ParseError {
        self.offset = offset;
        self
    }

    /// What kind of refusal this is.
    ///
    /// ```
    /// use xiri::ErrorKind;
    /// assert_eq!(xiri::Uri::parse("/relative").unwrap_err().kind(), ErrorKind::NotAbsolute);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input where matching stopped.
    ///
    /// ```
    /// // the farthest point reached: "%" matched, then a HEXDIG was expected
    /// assert_eq!(xiri::UriRef::parse("http://a/%zz").unwrap_err().offset(), 10);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What the grammar would have accepted at [`offset`](Self::offset):
    /// production names as the ABNF spells them, quoted literals such as
    /// `"/"`, and `end of input`.
    ///
    /// ```
    /// let err = xiri::UriRef::parse("http://a/b c").unwrap_err();
    /// assert!(err.expected().iter().any(|e| e == "pchar"));
    /// ```
    pub fn expected(&self) -> &[Cow<'static, str>] {
        &self.expected
    }

    /// The grammar the input was matched against.
    ///
    /// ```
    /// assert_eq!(xiri::XriRef::parse("@a b").unwrap_err().grammar(), xiri::Grammar::Xri);
    /// ```
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The rule the input was matched against, as the ABNF spells it
    /// (`IRI-reference`, `IPv6address`, ...).
    ///
    /// ```
    /// assert_eq!(xiri::Iri::parse("a b").unwrap_err().rule(), "IRI");
    /// ```
    pub fn rule(&self) -> &'static str {
        self.rule
    }

    /// The component of a refused reference that the offset is in
    /// ("scheme", "userinfo", "host", "port", "path", "query" or
    /// "fragment"), by RFC 3986 Appendix B's split of the input; `None`
    /// for a rule that is not a whole reference of a generic grammar.
    ///
    /// ```
    /// let err = xiri::UriRef::parse("http://anne:s3cret@h/a b//c@d").unwrap_err();
    /// assert_eq!((err.offset(), err.component()), (22, Some("path")));
    /// ```
    pub fn component(&self) -> Option<&'static str> {
        crate::syntax::blame::component_at(self.rule, &self.input, self.offset)
    }

    /// The input that was refused, as it was (a password included: the
    /// error's `Display` and `Debug` mask it, this does not).
    ///
    /// ```
    /// assert_eq!(xiri::Uri::parse("a b").unwrap_err().input(), "a b");
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// A one-line description, without the caret display.
    ///
    /// ```
    /// let err = xiri::Uri::parse("a b").unwrap_err();
    /// assert!(err.message().starts_with("no match for URI"));
    /// ```
    pub fn message(&self) -> String {
        self.message_display().to_string()
    }

    /// [`message`](Self::message) as a `Display`, written where it goes
    /// without a `String` of its own (`xiri check` escapes it straight
    /// into its JSON answer).
    ///
    /// ```
    /// let err = xiri::Uri::parse("a b").unwrap_err();
    /// assert_eq!(format!("{}", err.message_display()), err.message());
    /// ```
    pub fn message_display(&self) -> impl fmt::Display + '_ {
        Message(self)
    }
}

/// An error's one-line description.
struct Message<'e>(&'e ParseError);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.0;
        let what = format_args!("{} ({})", e.rule, e.grammar.name());
        let (found, expected) = (Found(e), ExpectedList(&e.expected));
        let offset = e.offset;
        match e.kind {
            // The message of every refusal `xiri check` prints: its pieces
            // written as they are, not padded by `{}` (a refusal's answer
            // is most of its cost there, issue 21).
            ErrorKind::Syntax => {
                for piece in [
                    "no match for ",
                    e.rule,
                    " (",
                    e.grammar.name(),
                    ") at byte ",
                ] {
                    f.write_str(piece)?;
                }
                write!(f, "{offset}")?;
                if let Some(component) = e.component() {
                    write!(f, " in the {component}")?;
                }
                write!(f, ": found {found}, expected ")?;
                expected.fmt(f)
            }
            ErrorKind::TooDeep => write!(
                f,
                "not parsed as {what}: parentheses nest deeper than {} at byte {offset}",
                crate::MAX_NESTING
            ),
            ErrorKind::NotAbsolute if e.grammar == Grammar::Xri => {
                let policy = "by xiri's policy an absolute XRI starts with \"xri://\", \
                              a global context symbol (= @ + $ !!) or a cross-reference";
                if e.rule == "typed-XRI-reference" {
                    write!(
                        f,
                        "no match for {what}: not a relative XRI reference, and {policy}"
                    )
                } else {
                    write!(f, "no match for {what}: a relative XRI reference; {policy}")
                }
            }
            ErrorKind::NotAbsolute => {
                write!(
                    f,
                    "no match for {what}: a relative reference, which has no scheme"
                )
            }
            ErrorKind::Bidi => {
                write!(
                    f,
                    "refused as {what} at byte {offset}: found {found}, expected {expected}"
                )
            }
            ErrorKind::NotConvertible => {
                write!(
                    f,
                    "not converted from {what} at byte {offset}: expected {expected}"
                )
            }
            ErrorKind::NotNormalizable => {
                write!(
                    f,
                    "no normal form of {what}: at byte {offset}, expected {expected}"
                )
            }
            ErrorKind::Ambiguous => write!(
                f,
                "no text reads as these components of {what}: at byte {offset}, expected {expected}"
            ),
        }
    }
}

/// The character at an error's offset, or the end of the input; a
/// character of what may be a password is not named.
struct Found<'e>(&'e ParseError);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ParseError { input, offset, .. } = self.0;
        if crate::syntax::mask::password_in(input)
            .cursor()
            .covers(*offset)
        {
            return f.write_str("a character of the password");
        }
        match input.get(*offset..).and_then(|s| s.chars().next()) {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("the end of the input"),
        }
    }
}

/// "nothing more", "a", or "one of a, b or c".
struct ExpectedList<'e>(&'e [Cow<'static, str>]);

impl fmt::Display for ExpectedList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("nothing more"),
            [one] => f.write_str(one),
            [first, middle @ .., last] => {
                f.write_str("one of ")?;
                f.write_str(first)?;
                for name in middle {
                    f.write_str(", ")?;
                    f.write_str(name)?;
                }
                f.write_str(" or ")?;
                f.write_str(last)
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The input on one line, control characters escaped, and a caret
        // under the character at the offset.
        let mut shown = String::new();
        let mut caret = 0;
        // A password's characters are shown as "*", one each.
        let mut password = crate::syntax::mask::password_in(&self.input).cursor();
        for (i, c) in self.input.char_indices() {
            if i == self.offset {
                caret = shown.chars().count();
            }
            let c = if password.covers(i) { '*' } else { c };
            // Bidi formatting characters too: shown as themselves they
            // would reorder the line and move the caret.
            if c.is_control() || crate::syntax::chars::bidi_formatting(c) {
                shown.extend(c.escape_default());
            } else {
                shown.push(c);
            }
        }
        if self.offset >= self.input.len() {
            caret = shown.chars().count();
        }
        write!(f, "{}\n  {shown}\n  {}^", self.message(), " ".repeat(caret))
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("kind", &self.kind)
            .field("grammar", &self.grammar)
            .field("rule", &self.rule)
            .field("offset", &self.offset)
            .field("expected", &self.expected)
            .field("input", &crate::syntax::mask::mask_input(&self.input))
            .finish()
    }
}

impl std::error::Error for ParseError {}
