//! Why a rule does not compile: the one error every stage of the compiler
//! returns, from the grammar's check to the tables' limits.

use std::fmt;

/// Why a rule does not compile.
///
/// ```
/// let e = xiri_engine::compile("a = \"x\" a / \"y\"\n", "a", &Default::default());
/// assert!(matches!(e, Err(xiri_engine::CompileError::Recursive(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompileError {
    /// The ABNF text does not parse or check (undefined rule, ...): the
    /// message, rendered with line, column and a caret.
    Abnf(String),
    /// No rule of this name.
    Undefined(String),
    /// The rule refers to itself other than inside the bracket pair.
    Recursive(String),
    /// A prose value (`<...>`), which no automaton can decide.
    Prose(String),
    /// The rule's language is empty.
    Empty(String),
    /// The automaton would exceed the tables' limits.
    TooLarge(String),
    /// The tables made break the invariants the run relies on
    /// ([`Automaton::is_consistent`](crate::Automaton::is_consistent)): a
    /// bug in xiri's compiler, refused rather than run (the table loop
    /// reads them unchecked). The rule.
    Inconsistent(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Abnf(m) => write!(f, "{m}"),
            CompileError::Undefined(r) => write!(f, "no rule named {r}"),
            CompileError::Recursive(r) => write!(
                f,
                "{r} is recursive other than inside a bracket pair: not a regular language"
            ),
            CompileError::Prose(p) => write!(f, "the prose value <{p}> cannot be decided"),
            CompileError::Empty(r) => write!(f, "{r} matches no string"),
            CompileError::TooLarge(w) => write!(f, "the automaton is too large: {w}"),
            CompileError::Inconsistent(r) => write!(
                f,
                "the tables compiled for {r} break their invariants (a bug in xiri's compiler)"
            ),
        }
    }
}

impl std::error::Error for CompileError {}
