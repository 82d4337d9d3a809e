//! `is_valid` and `check`: any rule of any of the five grammars, by the
//! library's engine (`Rule::check`), one linear pass.

use crate::errors::{char_offset, unknown};
use pyo3::prelude::*;
use xiri::{Grammar, Rule};

const SYNTAXES: &str = "uri, iri, iri-bis, leiri, xri";

/// The grammar named `syntax` (`uri`, `iri`, `iri-bis`, `leiri`, `xri`).
pub(crate) fn grammar(syntax: &str) -> PyResult<Grammar> {
    // The names as spelled in the signatures and the docs, compared first
    // (a call's cost is tens of instructions: the default `iri` is not
    // looked up in any case).
    match syntax {
        "iri" => Ok(Grammar::Iri),
        "uri" => Ok(Grammar::Uri),
        _ => syntax
            .parse()
            .map_err(|_| unknown("syntax", syntax, SYNTAXES)),
    }
}

/// A rule of a grammar with its verdict, looked up once: `is_valid` runs
/// the library's verdict-only entry for the reference and absolute forms
/// of the four RFC 3986-shaped syntaxes (`IriRef::is_valid` and its kin:
/// the first stage, then the table walk), the rule's automaton
/// (`Automaton::matches`, what `Rule::check` runs) for any other rule,
/// without finding the rule by name on every call.
#[derive(Clone, Copy)]
pub(crate) struct Checker {
    rule: Rule,
    verdict: Verdict,
}

/// How a [`Checker`] decides.
#[derive(Clone, Copy)]
enum Verdict {
    /// The library's `is_valid` of a syntax's reference or absolute form.
    Form(fn(&str) -> bool),
    /// The rule's automaton.
    Automaton(&'static xiri::engine::Automaton),
    /// The rule's `check` (a rule the engine does not compile: none of
    /// the five grammars has one).
    Check,
}

impl Checker {
    fn new(rule: Rule) -> Checker {
        let verdict = match rule.automaton() {
            Some(automaton) => Verdict::Automaton(automaton),
            None => Verdict::Check,
        };
        Checker { rule, verdict }
    }

    /// The checker of an entry rule (0 reference, 1 absolute, 2 relative)
    /// of `grammar`.
    fn entry(grammar: Grammar, index: usize) -> Checker {
        use xiri::{Absolute, GenericSyntax, Reference};
        fn forms<S: GenericSyntax>() -> [fn(&str) -> bool; 2] {
            [Reference::<S>::is_valid, Absolute::<S>::is_valid]
        }
        let rule = match index {
            0 => grammar.reference(),
            1 => grammar.absolute(),
            _ => grammar.relative(),
        };
        let forms = match grammar {
            Grammar::Uri => forms::<xiri::Rfc3986>(),
            Grammar::Iri => forms::<xiri::Rfc3987>(),
            Grammar::IriBis => forms::<xiri::Rfc3987bis>(),
            Grammar::Leiri => forms::<xiri::LeiriNote>(),
            Grammar::Xri => return Checker::new(rule),
        };
        match forms.get(index) {
            Some(&form) => Checker {
                rule,
                verdict: Verdict::Form(form),
            },
            None => Checker::new(rule),
        }
    }

    /// Whether the whole input matches.
    pub(crate) fn is_valid(&self, input: &str) -> bool {
        match self.verdict {
            Verdict::Form(is_valid) => is_valid(input),
            Verdict::Automaton(automaton) => automaton.matches(input),
            Verdict::Check => self.rule.check(input).is_ok(),
        }
    }

    /// The library's verdict, with the offset and what was expected.
    pub(crate) fn check(&self, input: &str) -> Result<(), xiri::ParseError> {
        self.rule.check(input)
    }
}

/// The three entry rules of the five grammars (reference, absolute,
/// relative, in the order of `Grammar::ALL`), each looked up on its first
/// use: a rule the library compiles at run time costs its compilation
/// then, not at the first call of another.
fn entry(grammar: Grammar, index: usize) -> Checker {
    const ENTRIES: usize = 3 * Grammar::ALL.len();
    static CHECKERS: [std::sync::OnceLock<Checker>; ENTRIES] =
        [const { std::sync::OnceLock::new() }; ENTRIES];
    // `Grammar::ALL` lists the grammars in their declaration order.
    let slot = grammar as usize * 3 + index;
    let make = || Checker::entry(grammar, index);
    match CHECKERS.get(slot) {
        Some(checker) => *checker.get_or_init(make),
        None => make(),
    }
}

/// The rule named `rule` of `syntax`: `reference`, `absolute`,
/// `relative`, or any production by its ABNF name.
pub(crate) fn rule(syntax: &str, rule: &str) -> PyResult<Checker> {
    let grammar = grammar(syntax)?;
    let index = match rule {
        "reference" => 0,
        "absolute" => 1,
        "relative" => 2,
        name => {
            return grammar.rule(name).map(Checker::new).ok_or_else(|| {
                unknown(
                    "rule",
                    name,
                    "reference, absolute, relative or a production of the grammar's ABNF",
                )
            });
        }
    };
    Ok(entry(grammar, index))
}

/// `is_valid`'s default syntax and rule: statics, so that a call that
/// leaves them out is told by the address of the text it gets (one
/// comparison, where looking the rule up costs tens of instructions of a
/// call of about a thousand: python/benches/instructions.py).
static DEFAULT_SYNTAX: &str = "iri";
static DEFAULT_RULE: &str = "reference";

/// Whether `s` matches `rule` of `syntax`.
#[pyfunction]
#[pyo3(
    signature = (s, syntax = DEFAULT_SYNTAX, rule = DEFAULT_RULE),
    text_signature = "(s, syntax='iri', rule='reference')"
)]
fn is_valid(py: Python<'_>, s: &str, syntax: &str, rule: &str) -> PyResult<bool> {
    let rule = if std::ptr::eq(syntax, DEFAULT_SYNTAX) && std::ptr::eq(rule, DEFAULT_RULE) {
        entry(Grammar::Iri, 0)
    } else {
        self::rule(syntax, rule)?
    };
    Ok(crate::maybe_detached(py, s, || rule.is_valid(s)))
}

/// A verdict: whether the input matched, and if not where it stopped and
/// what the grammar expected there.
#[pyclass(module = "xiri", frozen, get_all)]
struct Check {
    /// Whether the input matched.
    valid: bool,
    /// The byte offset (of the UTF-8 encoding) where matching stopped.
    offset: Option<usize>,
    /// The same place counted in characters, as Python indexes a `str`.
    char_offset: Option<usize>,
    /// The productions and literals the grammar accepted there.
    expected: Vec<String>,
    /// The one-line description (never shows a password).
    message: Option<String>,
}

#[pymethods]
impl Check {
    fn __bool__(&self) -> bool {
        self.valid
    }

    fn __repr__(&self) -> String {
        match self.offset {
            None => "Check(valid=True)".to_string(),
            Some(offset) => format!(
                "Check(valid=False, offset={offset}, char_offset={}, expected={:?})",
                self.char_offset.unwrap_or(offset),
                self.expected
            ),
        }
    }
}

/// Checks `s` against `rule` of `syntax`, saying where it stopped.
#[pyfunction]
#[pyo3(signature = (s, syntax = "iri", rule = "reference"))]
fn check(py: Python<'_>, s: &str, syntax: &str, rule: &str) -> PyResult<Check> {
    let rule = self::rule(syntax, rule)?;
    Ok(crate::maybe_detached(py, s, || match rule.check(s) {
        Ok(()) => Check {
            valid: true,
            offset: None,
            char_offset: None,
            expected: Vec::new(),
            message: None,
        },
        Err(err) => Check {
            valid: false,
            offset: Some(err.offset()),
            char_offset: Some(char_offset(s, err.offset())),
            expected: err.expected().iter().map(|e| e.to_string()).collect(),
            message: Some(err.message()),
        },
    }))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_class::<Check>()?;
    Ok(())
}
