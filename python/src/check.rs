//! `is_valid` and `check`: any rule of any of the five grammars, by the
//! library's engine (`Rule::check`), one linear pass.

use crate::errors::{char_offset, unknown};
use pyo3::prelude::*;
use xiri::{Grammar, Rule};

const SYNTAXES: &str = "uri, iri, iri-bis, leiri, xri";

/// The grammar named `syntax` (`uri`, `iri`, `iri-bis`, `leiri`, `xri`).
pub(crate) fn grammar(syntax: &str) -> PyResult<Grammar> {
    syntax
        .parse()
        .map_err(|_| unknown("syntax", syntax, SYNTAXES))
}

/// A rule of a grammar with its automaton, looked up once: `is_valid` runs
/// the library's engine on it directly (`Automaton::matches`, what
/// `Rule::check` runs), without finding the rule by name on every call.
#[derive(Clone, Copy)]
pub(crate) struct Checker {
    rule: Rule,
    automaton: Option<&'static xiri::engine::Automaton>,
}

impl Checker {
    fn new(rule: Rule) -> Checker {
        Checker {
            rule,
            automaton: rule.automaton(),
        }
    }

    /// Whether the whole input matches.
    pub(crate) fn is_valid(&self, input: &str) -> bool {
        match self.automaton {
            Some(automaton) => automaton.matches(input),
            None => self.rule.check(input).is_ok(),
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
    let slot = Grammar::ALL.iter().position(|g| *g == grammar).unwrap_or(0) * 3 + index;
    let make = || {
        Checker::new(match index {
            0 => grammar.reference(),
            1 => grammar.absolute(),
            _ => grammar.relative(),
        })
    };
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

/// Whether `s` matches `rule` of `syntax`.
#[pyfunction]
#[pyo3(signature = (s, syntax = "iri", rule = "reference"))]
fn is_valid(py: Python<'_>, s: &str, syntax: &str, rule: &str) -> PyResult<bool> {
    let rule = self::rule(syntax, rule)?;
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
