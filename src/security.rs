//! Bidi and spoofing checks on top of the grammars: RFC 3987 section 4
//! (no bidi formatting characters, 4.1; each component's bidi structure,
//! 4.2), look-alikes of URI delimiters (RFC 3987 6.1 b, with UTS #39's
//! confusable skeletons) and mixed scripts within one host label (3987bis
//! 7.5, with UTS #39's restriction levels).
//!
//! Every check reads characters as written: a percent-encoded character is
//! shown as its `%HH` triplets, so it can neither reorder a display nor
//! look like anything but ASCII. Only the IDNA stage of IRI → URI reads a
//! host's encoded characters, because they become part of the name there.
//!
//! ```
//! use xiri::security::{check, Kind};
//! let findings = check("http://a/\u{202E}b");
//! assert_eq!(findings[0].kind, Kind::BidiFormatting);
//! assert_eq!((findings[0].offset, findings[0].character), (9, '\u{202E}'));
//! assert_eq!(findings[0].kind.section(), "RFC 3987 4.1");
//! ```

mod rules;

use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Rule;
use crate::syntax::reference::LeiriRef;
use rules::{bidi_structure, character_finding, component_findings, components};
use std::fmt;
use std::ops::Range;
use unicode_bidi::format_chars;

#[cfg(feature = "idna")]
pub(crate) use rules::idna_refusal;

/// What a [`Finding`] is about.
///
/// ```
/// let kind = xiri::security::Kind::BidiStart;
/// assert_eq!((kind.name(), kind.section()), ("bidi-start", "RFC 3987 4.2 rule 2"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A bidirectional formatting character, which RFC 3987 4.1 says IRIs
    /// MUST NOT contain (see [`is_bidi_formatting`]).
    ///
    /// ```
    /// let f = &xiri::security::check("a\u{200F}b")[0];
    /// assert_eq!(f.kind, xiri::security::Kind::BidiFormatting);
    /// ```
    BidiFormatting,
    /// A component with both right-to-left and left-to-right characters
    /// (RFC 3987 4.2 rule 1); the finding's character is the first one of
    /// the direction that comes second.
    ///
    /// ```
    /// use xiri::security::{check, Kind};
    /// let findings = check("/ab\u{5D0}"); // also a BidiStart at 'a'
    /// let f = findings.iter().find(|f| f.kind == Kind::BidiMixedDirection).unwrap();
    /// assert_eq!((f.offset, f.character), (3, '\u{5D0}'));
    /// ```
    BidiMixedDirection,
    /// A component with right-to-left characters that does not start with
    /// one (RFC 3987 4.2 rule 2); the finding's character is its first.
    ///
    /// ```
    /// let f = &xiri::security::check("/2\u{5D0}")[0];
    /// assert_eq!((&f.kind, f.character), (&xiri::security::Kind::BidiStart, '2'));
    /// ```
    BidiStart,
    /// A component with right-to-left characters that does not end with
    /// one, combining marks after it aside (RFC 3987 4.2 rule 2); the
    /// finding's character is its last that is not a mark.
    ///
    /// ```
    /// let f = &xiri::security::check("/\u{5D0}1")[0];
    /// assert_eq!((&f.kind, f.character), (&xiri::security::Kind::BidiEnd, '1'));
    /// ```
    BidiEnd,
    /// A character whose UTS #39 skeleton is made of URI delimiters only
    /// (RFC 3986 2.2's reserved characters), such as U+2215 DIVISION SLASH
    /// for "/" (RFC 3987 6.1 b). Characters UTS #39 allows in identifiers
    /// (a Hebrew yod, a Katakana "no") count only in a component that is
    /// not single-script, where they stand among letters of another script.
    ///
    /// ```
    /// let f = &xiri::security::check("http://a\u{FF0F}b/")[0];
    /// let looks_like = "/".to_string();
    /// assert_eq!(f.kind, xiri::security::Kind::DelimiterLookalike { looks_like });
    /// ```
    DelimiterLookalike {
        /// The skeleton: the delimiter(s) the character looks like.
        looks_like: String,
    },
    /// A host label that is not single-script and not UTS #39 "Highly
    /// Restrictive" either (Latin with Han and Japanese kana, Bopomofo or
    /// Hangul is), such as Latin mixed with Cyrillic; the finding's
    /// character is the one from which the label's prefix fails.
    ///
    /// ```
    /// let f = &xiri::security::check("http://p\u{430}ypal.com/")[0];
    /// assert_eq!((&f.kind, f.offset), (&xiri::security::Kind::MixedScript, 8));
    /// ```
    MixedScript,
}

impl Kind {
    /// A short name, as `xiri lint` prints it.
    ///
    /// ```
    /// assert_eq!(xiri::security::Kind::MixedScript.name(), "mixed-script");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Kind::BidiFormatting => "bidi-formatting",
            Kind::BidiMixedDirection => "bidi-mixed-direction",
            Kind::BidiStart => "bidi-start",
            Kind::BidiEnd => "bidi-end",
            Kind::DelimiterLookalike { .. } => "delimiter-lookalike",
            Kind::MixedScript => "mixed-script",
        }
    }

    /// The specification sentence the finding follows, by section.
    ///
    /// ```
    /// assert_eq!(xiri::security::Kind::BidiMixedDirection.section(), "RFC 3987 4.2 rule 1");
    /// ```
    pub fn section(&self) -> &'static str {
        match self {
            Kind::BidiFormatting => "RFC 3987 4.1",
            Kind::BidiMixedDirection => "RFC 3987 4.2 rule 1",
            Kind::BidiStart | Kind::BidiEnd => "RFC 3987 4.2 rule 2",
            Kind::DelimiterLookalike { .. } => "RFC 3987 6.1 b; UTS #39 4",
            Kind::MixedScript => "3987bis 7.5; UTS #39 5.2",
        }
    }

    /// Whether it is one of RFC 3987 section 4's rules on bidi IRIs, which
    /// [`Rule::check_strict`] enforces.
    ///
    /// ```
    /// assert!(xiri::security::Kind::BidiEnd.is_bidi());
    /// assert!(!xiri::security::Kind::MixedScript.is_bidi());
    /// ```
    pub fn is_bidi(&self) -> bool {
        matches!(
            self,
            Kind::BidiFormatting | Kind::BidiMixedDirection | Kind::BidiStart | Kind::BidiEnd
        )
    }

    /// What the rule asks for, as an error's `expected` says it.
    fn expected(&self) -> String {
        format!("{} ({})", self.asks(), self.section())
    }

    fn asks(&self) -> &'static str {
        match self {
            Kind::BidiFormatting => "no bidi formatting character",
            Kind::BidiMixedDirection => "characters of one direction only in a component",
            Kind::BidiStart => "a right-to-left character first in a component that has one",
            Kind::BidiEnd => "a right-to-left character last in a component that has one",
            Kind::DelimiterLookalike { .. } => "no look-alike of a delimiter",
            Kind::MixedScript => "a host label in one script",
        }
    }
}

/// One place where an input breaks a bidi or spoofing rule.
///
/// ```
/// let f = &xiri::security::check("http://a/\u{5D0}b")[0];
/// assert_eq!(f.span, 9..12); // the path segment, the component of 4.2
/// assert_eq!(f.to_string(), "byte 11: U+0062 'b': a component mixes right-to-left and left-to-right characters (RFC 3987 4.2 rule 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Finding {
    /// What rule it breaks.
    pub kind: Kind,
    /// The byte offset of [`character`](Self::character) in the input.
    pub offset: usize,
    /// The character the finding points at.
    pub character: char,
    /// The bytes it is about: the character's own for a character, the
    /// component (RFC 3987 4.2) or host label for a rule on those.
    pub span: Range<usize>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.kind {
            Kind::BidiFormatting if is_newer_bidi_control(self.character) => {
                "a bidi formatting character (Unicode 6.3's Bidi_Control, beyond RFC 3987's list)"
                    .to_string()
            }
            Kind::BidiFormatting => "a bidi formatting character".to_string(),
            Kind::BidiMixedDirection => {
                "a component mixes right-to-left and left-to-right characters".to_string()
            }
            Kind::BidiStart => {
                "a component with right-to-left characters starts with another".into()
            }
            Kind::BidiEnd => "a component with right-to-left characters ends with another".into(),
            Kind::DelimiterLookalike { looks_like } => format!("looks like {looks_like:?}"),
            Kind::MixedScript => "a host label mixes scripts".to_string(),
        };
        write!(
            f,
            "byte {}: U+{:04X} {:?}: {what} ({})",
            self.offset,
            u32::from(self.character),
            self.character,
            self.kind.section()
        )
    }
}

/// Whether RFC 3987 4.1 forbids `c` in an IRI: its seven bidi formatting
/// characters (LRM, RLM, LRE, RLE, PDF, LRO, RLO), and the five Unicode
/// 6.3 added to Bidi_Control after it (ALM, LRI, RLI, FSI, PDI), which
/// reorder a display just as they do (docs/DECISIONS.md).
///
/// ```
/// assert!(xiri::security::is_bidi_formatting('\u{202E}'));
/// assert!(xiri::security::is_bidi_formatting('\u{2067}'));
/// assert!(!xiri::security::is_bidi_formatting('\u{5D0}'));
/// ```
pub fn is_bidi_formatting(c: char) -> bool {
    crate::syntax::chars::bidi_formatting(c)
}

/// The five Bidi_Control characters Unicode 6.3 added after RFC 3987.
fn is_newer_bidi_control(c: char) -> bool {
    use format_chars::{ALM, FSI, LRI, PDI, RLI};
    matches!(c, ALM | LRI | RLI | FSI | PDI)
}

/// Every finding in `input`, in order of offset. Bidi formatting
/// characters and look-alikes of delimiters are found anywhere; the rules
/// on components (RFC 3987 4.2, look-alikes that are letters, mixed
/// scripts in host labels) need the input's components, read as a LEIRI
/// reference (the widest of the grammars with RFC 3986's structure, so
/// every URI and IRI reference too): an input that is not one gets the
/// character checks only. Never panics, whatever the input.
///
/// Components are RFC 3987 4.2's, divided as it suggests: each host label,
/// each path segment's dot-separated parts (the "extensions in a resource
/// name"), each name and value of the query (split at `&`, `;` and `=`),
/// the userinfo and the fragment.
///
/// ```
/// use xiri::security::{check, Kind};
/// assert!(check("http://\u{5D0}\u{5D1}.example/\u{5D2}\u{5D3}.html").is_empty());
/// let kinds: Vec<Kind> = check("http://a/\u{5D0}1/2\u{5D1}").into_iter().map(|f| f.kind).collect();
/// assert_eq!(kinds, [Kind::BidiEnd, Kind::BidiStart]);
/// ```
pub fn check(input: &str) -> Vec<Finding> {
    let mut findings: Vec<Finding> = input
        .char_indices()
        .filter_map(|(at, c)| character_finding(at, c))
        .collect();
    if let Ok(reference) = LeiriRef::parse(input) {
        for (span, host_label) in components(input, reference.spans()) {
            let chars: Vec<(usize, char)> = input
                .get(span.clone())
                .unwrap_or("")
                .char_indices()
                .map(|(i, c)| (span.start + i, c))
                .collect();
            bidi_structure(&chars, &span, &mut findings);
            component_findings(&chars, &span, host_label, &mut findings);
        }
    }
    findings.sort_by_key(|f| f.offset);
    findings
}

impl Rule {
    /// [`check`](Rule::check), then RFC 3987 section 4's rules on bidi
    /// IRIs ([`Kind::is_bidi`]): an input with a bidi formatting character
    /// (4.1) or a component that breaks 4.2 is refused with
    /// [`ErrorKind::Bidi`] at the first such place. Components are found as
    /// [`check`] finds them, whatever the grammar. This is `xiri check
    /// --strict`.
    ///
    /// ```
    /// let rule = xiri::Grammar::Iri.reference();
    /// assert!(rule.check("http://a/\u{202E}b").is_ok());
    /// let err = rule.check_strict("http://a/\u{202E}b").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (xiri::ErrorKind::Bidi, 9));
    /// assert!(err.expected()[0].ends_with("(RFC 3987 4.1)"));
    /// ```
    pub fn check_strict(&self, input: &str) -> Result<(), ParseError> {
        self.check(input)?;
        match check(input).into_iter().find(|f| f.kind.is_bidi()) {
            Some(f) => Err(self.error(
                input,
                ErrorKind::Bidi,
                f.offset,
                vec![f.kind.expected().into()],
            )),
            None => Ok(()),
        }
    }
}
