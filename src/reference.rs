//! URI, IRI and LEIRI references and their absolute forms: six types with one
//! definition, each borrowing the input it was parsed from.

use crate::components::{spans, Host, Spans};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::Grammar;
use std::fmt;

/// Parses `input` with `grammar`'s reference rule; with `absolute`, a
/// reference without a scheme is refused with [`ErrorKind::NotAbsolute`].
pub(crate) fn parse_spans(
    grammar: Grammar,
    input: &str,
    absolute: bool,
) -> Result<Spans, ParseError> {
    match crate::scan::scan(grammar, input) {
        Some(spans) if spans.scheme.is_some() || !absolute => Ok(spans),
        // Refused, or relative where an absolute reference is asked for:
        // the pest grammar says where and why.
        _ => pest_spans(grammar, input, absolute),
    }
}

/// [`parse_spans`] on the pest grammar alone: the reference engine, and
/// the one that explains a refusal.
pub(crate) fn pest_spans(
    grammar: Grammar,
    input: &str,
    absolute: bool,
) -> Result<Spans, ParseError> {
    let rule = grammar.reference();
    let nodes = rule.components(input).map_err(|mut e| {
        if absolute {
            e.rule = grammar.absolute().name();
        }
        e
    })?;
    let Some(top) = nodes.first() else {
        return Err(rule.error(input, ErrorKind::Syntax, 0, vec![rule.name().to_string()]));
    };
    let spans = spans(top);
    if absolute && spans.scheme.is_none() {
        let absolute = grammar.absolute();
        // The scheme that is missing would have started the input.
        return Err(absolute.error(input, ErrorKind::NotAbsolute, 0, vec!["scheme".to_string()]));
    }
    Ok(spans)
}

macro_rules! reference_types {
    (
        $grammar:expr, $what:literal, $abs_what:literal,
        $Ref:ident, $Abs:ident, $ref_example:literal, $abs_example:literal
    ) => {
        #[doc = concat!("A ", $what, ", borrowed from the string it was parsed from.")]
        ///
        /// Every component is a slice of the input; `Display` and
        /// [`as_str`](Self::as_str) give the input back unchanged.
        ///
        /// ```
        #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(", $ref_example, ").unwrap();")]
        #[doc = concat!("assert_eq!(r.as_str(), ", $ref_example, ");")]
        /// ```
        #[derive(Clone, Copy, Debug)]
        pub struct $Ref<'a> {
            text: &'a str,
            spans: Spans,
            /// The grammar it was parsed with (for IRIs, RFC 3987 or
            /// 3987bis): every value an operation derives from it is
            /// checked against this one.
            grammar: Grammar,
        }

        #[doc = concat!("An ", $abs_what, ": a reference with a scheme (a fragment is allowed).")]
        ///
        /// ```
        #[doc = concat!("let r = xiri::", stringify!($Abs), "::parse(", $abs_example, ").unwrap();")]
        /// assert!(!r.scheme().is_empty());
        /// ```
        #[derive(Clone, Copy, Debug)]
        pub struct $Abs<'a>($Ref<'a>);

        impl<'a> $Ref<'a> {
            pub(crate) fn from_spans_in(grammar: Grammar, text: &'a str, spans: Spans) -> Self {
                Self { text, spans, grammar }
            }

            /// Parses `input` with `grammar`'s reference rule (one of the
            /// grammars this type may hold: [`grammar`](Self::grammar)).
            pub(crate) fn parse_in(grammar: Grammar, input: &'a str) -> Result<Self, ParseError> {
                Ok(Self { text: input, spans: parse_spans(grammar, input, false)?, grammar })
            }

            /// The grammar it was parsed with, and that every value derived
            /// from it is checked against.
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"../a\").unwrap();")]
            #[doc = concat!("assert_eq!(r.grammar(), xiri::", stringify!($grammar), ");")]
            /// ```
            pub fn grammar(&self) -> Grammar {
                self.grammar
            }

            pub(crate) fn spans(&self) -> Spans {
                self.spans
            }

            #[doc = concat!("Parses a ", $what, ". The error says at which byte the input stopped matching and what was expected there.")]
            ///
            /// ```
            #[doc = concat!("assert!(xiri::", stringify!($Ref), "::parse(", $ref_example, ").is_ok());")]
            #[doc = concat!("assert_eq!(xiri::", stringify!($Ref), "::parse(\"a#b#c\").unwrap_err().offset(), 3);")]
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, ParseError> {
                Self::parse_in($grammar, input)
            }

            /// The text, exactly as parsed.
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Ref), "::parse(\"../a\").unwrap().as_str(), \"../a\");")]
            /// ```
            pub fn as_str(&self) -> &'a str {
                self.text
            }

            /// Whether it has a scheme (is absolute rather than relative).
            ///
            /// ```
            #[doc = concat!("assert!(!xiri::", stringify!($Ref), "::parse(\"../a\").unwrap().is_absolute());")]
            /// ```
            pub fn is_absolute(&self) -> bool {
                self.spans.scheme.is_some()
            }

            #[doc = concat!("The ", $abs_what, ", if it has a scheme.")]
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(", $abs_example, ").unwrap();")]
            /// assert!(r.to_absolute().is_some());
            /// ```
            pub fn to_absolute(&self) -> Option<$Abs<'a>> {
                self.is_absolute().then_some($Abs(*self))
            }

            /// The scheme, without its ":"; `None` for a relative reference.
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Ref), "::parse(\"x:y\").unwrap().scheme(), Some(\"x\"));")]
            /// ```
            pub fn scheme(&self) -> Option<&'a str> {
                self.spans.scheme.map(|s| s.get(self.text))
            }

            /// The authority, without the leading "//"; `None` when there is
            /// no "//" (an empty authority after "//" is `Some("")`).
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"//u@h:1/p\").unwrap();")]
            /// assert_eq!(r.authority(), Some("u@h:1"));
            /// ```
            pub fn authority(&self) -> Option<&'a str> {
                self.spans.authority.map(|a| a.whole.get(self.text))
            }

            /// The userinfo, without its "@".
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"//u@h:1/p\").unwrap();")]
            /// assert_eq!(r.userinfo(), Some("u"));
            /// ```
            pub fn userinfo(&self) -> Option<&'a str> {
                self.spans.authority.and_then(|a| a.userinfo).map(|s| s.get(self.text))
            }

            /// The host, typed: registered name, IPv4, IPv6 or IPvFuture.
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"//u@h:1/p\").unwrap();")]
            /// assert_eq!(r.host().unwrap().as_str(), "h");
            /// assert_eq!(r.host().unwrap().kind(), xiri::HostKind::RegName);
            /// ```
            pub fn host(&self) -> Option<Host<'a>> {
                self.spans.authority.map(|a| a.host(self.text))
            }

            /// The port, without its ":" (possibly empty: `//h:` has port `Some("")`).
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"//u@h:1/p\").unwrap();")]
            /// assert_eq!(r.port(), Some("1"));
            /// ```
            pub fn port(&self) -> Option<&'a str> {
                self.spans.authority.and_then(|a| a.port).map(|s| s.get(self.text))
            }

            /// The path; always present, possibly empty.
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"//u@h:1/p\").unwrap();")]
            /// assert_eq!(r.path(), "/p");
            /// ```
            pub fn path(&self) -> &'a str {
                self.spans.path.get(self.text)
            }

            /// The query, without its "?".
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"?q#f\").unwrap();")]
            /// assert_eq!(r.query(), Some("q"));
            /// ```
            pub fn query(&self) -> Option<&'a str> {
                self.spans.query.map(|s| s.get(self.text))
            }

            /// The fragment, without its "#".
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Ref), "::parse(\"?q#f\").unwrap();")]
            /// assert_eq!(r.fragment(), Some("f"));
            /// ```
            pub fn fragment(&self) -> Option<&'a str> {
                self.spans.fragment.map(|s| s.get(self.text))
            }
        }

        impl<'a> $Abs<'a> {
            pub(crate) fn from_spans_in(grammar: Grammar, text: &'a str, spans: Spans) -> Self {
                Self($Ref::from_spans_in(grammar, text, spans))
            }

            /// Parses `input` with `grammar`'s reference rule, refusing a
            /// relative reference.
            pub(crate) fn parse_in(grammar: Grammar, input: &'a str) -> Result<Self, ParseError> {
                Ok(Self($Ref { text: input, spans: parse_spans(grammar, input, true)?, grammar }))
            }

            pub(crate) fn spans(&self) -> Spans {
                self.0.spans
            }

            #[doc = concat!("Parses an ", $abs_what, "; a relative reference is refused with [`ErrorKind::NotAbsolute`].")]
            ///
            /// ```
            #[doc = concat!("assert!(xiri::", stringify!($Abs), "::parse(", $abs_example, ").is_ok());")]
            #[doc = concat!("let err = xiri::", stringify!($Abs), "::parse(\"/a\").unwrap_err();")]
            /// assert_eq!(err.kind(), xiri::ErrorKind::NotAbsolute);
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, ParseError> {
                Self::parse_in($grammar, input)
            }

            /// The text, exactly as parsed.
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Abs), "::parse(", $abs_example, ").unwrap().as_str(), ", $abs_example, ");")]
            /// ```
            pub fn as_str(&self) -> &'a str {
                self.0.text
            }

            /// The scheme, without its ":".
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Abs), "::parse(\"x:y\").unwrap().scheme(), \"x\");")]
            /// ```
            pub fn scheme(&self) -> &'a str {
                self.0.scheme().unwrap_or_default()
            }

            /// The same value as a reference, for the reference accessors
            /// (`authority`, `host`, `path`, ...).
            ///
            /// ```
            #[doc = concat!("let r = xiri::", stringify!($Abs), "::parse(\"x://h/p\").unwrap();")]
            /// assert_eq!(r.as_reference().path(), "/p");
            /// assert_eq!(r.path(), "/p"); // the same, through Deref
            /// ```
            pub fn as_reference(&self) -> &$Ref<'a> {
                &self.0
            }
        }

        impl<'a> std::ops::Deref for $Abs<'a> {
            type Target = $Ref<'a>;

            fn deref(&self) -> &$Ref<'a> {
                &self.0
            }
        }

        impl<'a> From<$Abs<'a>> for $Ref<'a> {
            fn from(absolute: $Abs<'a>) -> Self {
                absolute.0
            }
        }

        impl<'a> TryFrom<&'a str> for $Ref<'a> {
            type Error = ParseError;

            fn try_from(input: &'a str) -> Result<Self, ParseError> {
                Self::parse(input)
            }
        }

        impl<'a> TryFrom<&'a str> for $Abs<'a> {
            type Error = ParseError;

            fn try_from(input: &'a str) -> Result<Self, ParseError> {
                Self::parse(input)
            }
        }

        impl fmt::Display for $Ref<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.text)
            }
        }

        impl fmt::Display for $Abs<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0.text)
            }
        }

        impl AsRef<str> for $Ref<'_> {
            fn as_ref(&self) -> &str {
                self.text
            }
        }

        impl AsRef<str> for $Abs<'_> {
            fn as_ref(&self) -> &str {
                self.0.text
            }
        }
    };
}

/// An owned counterpart of a borrowed reference type: the text as a
/// `String` and the spans of its components, so that borrowing it back
/// costs nothing and parses nothing.
macro_rules! owned_type {
    ($Buf:ident, $Borrowed:ident, $what:literal, $example:literal) => {
        #[doc = concat!("An owned ", $what, ": a `String` and where its components are. [`", stringify!($Borrowed), "`] is the borrowed form, with the accessors.")]
        ///
        /// ```
        #[doc = concat!("let owned = xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap();")]
        #[doc = concat!("assert_eq!(owned.as_borrowed().as_str(), ", $example, ");")]
        /// ```
        #[derive(Clone, Debug)]
        pub struct $Buf {
            pub(crate) text: String,
            pub(crate) spans: Spans,
            pub(crate) grammar: Grammar,
        }

        impl $Buf {
            /// Parses `text` with `grammar` (one this type may hold).
            pub(crate) fn parse_in(grammar: Grammar, text: String) -> Result<Self, ParseError> {
                let spans = $Borrowed::parse_in(grammar, &text)?.spans();
                Ok(Self { text, spans, grammar })
            }

            #[doc = concat!("Parses a string it takes, as [`", stringify!($Borrowed), "::parse`] does.")]
            ///
            /// ```
            #[doc = concat!("assert!(xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).is_ok());")]
            /// ```
            pub fn parse(text: String) -> Result<Self, ParseError> {
                let grammar = $Borrowed::parse(&text)?.grammar();
                Self::parse_in(grammar, text)
            }

            /// The borrowed form, with every accessor; no parsing.
            ///
            /// ```
            #[doc = concat!("let owned = xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap();")]
            #[doc = concat!("assert_eq!(owned.as_borrowed(), xiri::", stringify!($Borrowed), "::parse(", $example, ").unwrap());")]
            /// ```
            pub fn as_borrowed(&self) -> $Borrowed<'_> {
                $Borrowed::from_spans_in(self.grammar, &self.text, self.spans)
            }

            /// The text.
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap().as_str(), ", $example, ");")]
            /// ```
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text, given back.
            ///
            /// ```
            #[doc = concat!("assert_eq!(xiri::", stringify!($Buf), "::parse(", $example, ".to_string()).unwrap().into_string(), ", $example, ");")]
            /// ```
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl $Borrowed<'_> {
            /// An owned copy.
            ///
            /// ```
            #[doc = concat!("let borrowed = xiri::", stringify!($Borrowed), "::parse(", $example, ").unwrap();")]
            /// assert_eq!(borrowed.to_buf().as_borrowed(), borrowed);
            /// ```
            pub fn to_buf(&self) -> $Buf {
                $Buf {
                    text: self.as_str().to_string(),
                    spans: self.spans(),
                    grammar: self.grammar(),
                }
            }
        }

        impl From<$Borrowed<'_>> for $Buf {
            fn from(borrowed: $Borrowed<'_>) -> Self {
                borrowed.to_buf()
            }
        }

        impl TryFrom<String> for $Buf {
            type Error = ParseError;

            fn try_from(text: String) -> Result<Self, ParseError> {
                Self::parse(text)
            }
        }

        impl std::str::FromStr for $Buf {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, ParseError> {
                Self::parse(text.to_string())
            }
        }

        impl fmt::Display for $Buf {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl AsRef<str> for $Buf {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }
    };
}

owned_type!(
    UriRefBuf,
    UriRef,
    "URI reference",
    "\"http://example.com/a?b#c\""
);
owned_type!(
    UriBuf,
    Uri,
    "absolute URI",
    "\"urn:example:animal:ferret:nose\""
);
owned_type!(
    IriRefBuf,
    IriRef,
    "IRI reference",
    "\"http://r\u{e9}sum\u{e9}.example.org/\u{e9}t\u{e9}\""
);
owned_type!(
    IriBuf,
    Iri,
    "absolute IRI",
    "\"http://\u{7d0d}\u{8c46}.example.org/%E2%80%AE\""
);
owned_type!(
    LeiriRefBuf,
    LeiriRef,
    "LEIRI reference",
    "\"file:///C:/My Documents/a b.xml\""
);
owned_type!(
    LeiriBuf,
    Leiri,
    "absolute LEIRI",
    "\"http://example.org/{id}\""
);

reference_types!(
    Grammar::Uri,
    "URI reference (RFC 3986 4.1, `URI-reference`)",
    "absolute URI (RFC 3986 3, `URI`)",
    UriRef,
    Uri,
    "\"http://example.com/a?b#c\"",
    "\"urn:example:animal:ferret:nose\""
);
reference_types!(
    Grammar::Iri,
    "IRI reference (RFC 3987 2.2, `IRI-reference`)",
    "absolute IRI (RFC 3987 2.2, `IRI`)",
    IriRef,
    Iri,
    "\"http://r\u{e9}sum\u{e9}.example.org/\u{e9}t\u{e9}\"",
    "\"http://\u{7d0d}\u{8c46}.example.org/%E2%80%AE\""
);
reference_types!(
    Grammar::Leiri,
    "LEIRI reference (LEIRI Note \\[3\\], `LEIRI-reference`)",
    "absolute LEIRI (LEIRI Note \\[1\\], `LEIRI`)",
    LeiriRef,
    Leiri,
    "\"file:///C:/My Documents/a b.xml\"",
    "\"http://example.org/{id}\""
);

impl<'a> IriRef<'a> {
    /// Parses an IRI reference by draft-ietf-iri-3987bis-07, which also
    /// allows the tag characters U+E0000-E0FFF in the query. The value
    /// remembers it ([`grammar`](Self::grammar) is [`Grammar::IriBis`]):
    /// what is resolved, normalized or relativized from it is checked
    /// against 3987bis, not RFC 3987.
    ///
    /// ```
    /// assert!(xiri::IriRef::parse("?\u{E0001}").is_err());
    /// let bis = xiri::IriRef::parse_3987bis("?\u{E0001}").unwrap();
    /// assert_eq!(bis.grammar(), xiri::Grammar::IriBis);
    /// ```
    pub fn parse_3987bis(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_in(Grammar::IriBis, input)
    }
}

impl<'a> Iri<'a> {
    /// Parses an absolute IRI by draft-ietf-iri-3987bis-07 (see
    /// [`IriRef::parse_3987bis`]).
    ///
    /// ```
    /// assert!(xiri::Iri::parse_3987bis("x:?\u{E0001}").is_ok());
    /// ```
    pub fn parse_3987bis(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_in(Grammar::IriBis, input)
    }
}

impl IriRefBuf {
    /// Parses an owned IRI reference by draft-ietf-iri-3987bis-07 (see
    /// [`IriRef::parse_3987bis`]).
    ///
    /// ```
    /// assert!(xiri::IriRefBuf::parse_3987bis("?\u{E0001}".to_string()).is_ok());
    /// ```
    pub fn parse_3987bis(text: String) -> Result<Self, ParseError> {
        Self::parse_in(Grammar::IriBis, text)
    }
}

impl IriBuf {
    /// Parses an owned absolute IRI by draft-ietf-iri-3987bis-07 (see
    /// [`IriRef::parse_3987bis`]).
    ///
    /// ```
    /// assert!(xiri::IriBuf::parse_3987bis("x:?\u{E0001}".to_string()).is_ok());
    /// ```
    pub fn parse_3987bis(text: String) -> Result<Self, ParseError> {
        Self::parse_in(Grammar::IriBis, text)
    }
}

/// The grammar a value made from two others is checked against: the wider
/// of the two (3987bis when either is, since it allows all RFC 3987 does).
pub(crate) fn wider(a: Grammar, b: Grammar) -> Grammar {
    if a == b {
        a
    } else {
        Grammar::IriBis
    }
}
