//! Why a rule does not compile for the Earley parser, and the bounds
//! past which a grammar is refused as too large.

use std::fmt;

/// The largest repetition bound expanded (`m` of `m*X`, `n - m` of
/// `m*nX`); a larger one is [`EarleyError::TooLarge`].
///
/// ```
/// use xiri_workbench::earley::{Earley, EarleyError, MAX_REPEAT};
/// let text = format!("a = {}\"x\"\n", MAX_REPEAT + 1);
/// assert!(matches!(Earley::from_abnf(&text, "a"), Err(EarleyError::TooLarge(_))));
/// ```
pub const MAX_REPEAT: u64 = 10_000;

/// The most grammar symbols a compiled rule may have (productions' symbols
/// and ends together).
///
/// ```
/// assert!(xiri_workbench::earley::MAX_SYMBOLS >= 100_000);
/// ```
pub const MAX_SYMBOLS: usize = 1_000_000;

/// Why a rule does not compile.
///
/// ```
/// use xiri_workbench::earley::{Earley, EarleyError};
/// let e = Earley::from_abnf("a = \"x\" / <anything>\n", "a");
/// assert!(matches!(e, Err(EarleyError::Prose { rule, .. }) if rule == "a"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EarleyError {
    /// The ABNF text does not parse or check (other than for left
    /// recursion): the message, rendered with line, column and a caret.
    Abnf(String),
    /// No rule of this name.
    UnknownRule(String),
    /// A prose value (`<...>`) the start rule can reach, which has no
    /// matching semantics: the rule it is in and its text.
    Prose {
        /// The rule whose body holds it.
        rule: String,
        /// The text between the angle brackets.
        prose: String,
    },
    /// The rule matches no string at all.
    Empty(String),
    /// The grammar is too large to compile: what.
    TooLarge(String),
}

impl fmt::Display for EarleyError {
    /// A sentence.
    ///
    /// ```
    /// let e = xiri_workbench::earley::Earley::from_abnf("a = \"x\"\n", "b").unwrap_err();
    /// assert_eq!(e.to_string(), "no rule named b");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EarleyError::Abnf(m) => f.write_str(m),
            EarleyError::UnknownRule(r) => write!(f, "no rule named {r}"),
            EarleyError::Prose { rule, prose } => {
                write!(
                    f,
                    "{rule} holds the prose value <{prose}>, which cannot be matched"
                )
            }
            EarleyError::Empty(r) => write!(f, "{r} matches no string"),
            EarleyError::TooLarge(w) => write!(f, "the grammar is too large: {w}"),
        }
    }
}

impl std::error::Error for EarleyError {}
