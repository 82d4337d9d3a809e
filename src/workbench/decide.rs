//! Deciding whether an input matches a rule of a loaded grammar: the
//! engine's automaton when the rule compiles to one (linear, as fast as
//! the built-in grammars), the general parser otherwise.

use super::grammar::LoadedGrammar;
use crate::engine::{compile_checked, Automaton, CompileError, Options};
use std::fmt;

/// The bracket pairs a recursive rule's recursion may pass through for
/// the engine to compile it with calls (XRI's cross-references use `()`).
pub(crate) const BRACKETS: [(char, char); 4] = [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')];

/// Which engine decided.
///
/// ```
/// use xiri::workbench::{AbnfFile, Engine, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"(\" *a \")\" / \"x\"\n")]).unwrap();
/// assert_eq!(g.decider("a").unwrap().engine(), Engine::Automaton);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// [`crate::engine`]'s automaton, compiled at run time: one linear pass.
    Automaton,
    /// The general parser, for any rule: `abnf-oracle`'s backtracking
    /// recognizer, which answers yes or no within a step budget.
    Backtracking,
}

impl Engine {
    /// The name JSON answers give it: `automaton` or `backtracking`.
    ///
    /// ```
    /// assert_eq!(xiri::workbench::Engine::Automaton.name(), "automaton");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Engine::Automaton => "automaton",
            Engine::Backtracking => "backtracking",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a rule cannot be decided at all.
///
/// ```
/// use xiri::workbench::{AbnfFile, DeciderError, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = <any text>\n")]).unwrap();
/// assert!(matches!(g.decider("a"), Err(DeciderError::Prose { .. })));
/// assert!(matches!(g.decider("b"), Err(DeciderError::NoRule(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeciderError {
    /// No rule of this name.
    NoRule(String),
    /// The rule reaches a prose value (`<...>`), which no engine can
    /// decide: it can be listed, not checked.
    Prose {
        /// The rule.
        rule: String,
        /// The prose value's text.
        prose: String,
    },
}

impl fmt::Display for DeciderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeciderError::NoRule(r) => write!(f, "the grammar has no rule {r:?}"),
            DeciderError::Prose { rule, prose } => write!(
                f,
                "{rule} reaches the prose value <{prose}>, which no engine can decide: it can be listed, not checked"
            ),
        }
    }
}

impl std::error::Error for DeciderError {}

/// The answer for one input.
///
/// ```
/// use xiri::workbench::{AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
/// let v = g.decider("a").unwrap().decide("12x").unwrap();
/// assert!(!v.accepted);
/// assert_eq!(v.offset, Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the whole input matches.
    pub accepted: bool,
    /// On refusal, the length of the longest prefix some member of the
    /// language starts with, when the engine gives it.
    pub offset: Option<usize>,
    /// On refusal, what could continue that prefix.
    pub expected: Vec<String>,
    /// Which engine answered.
    pub engine: Engine,
}

/// The general engine could not decide within its limits.
///
/// ```
/// let u = xiri::workbench::Undecided("step limit exceeded".into());
/// assert!(u.to_string().contains("step limit"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecided(pub String);

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the general parser could not decide: {}", self.0)
    }
}

impl std::error::Error for Undecided {}

/// Decides inputs for one rule of a loaded grammar.
///
/// ```
/// use xiri::workbench::{AbnfFile, Engine, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "s = \"a\" s \"b\" / \"\"\n")]).unwrap();
/// let d = g.decider("s").unwrap();
/// assert_eq!(d.engine(), Engine::Backtracking);
/// assert!(d.decide("aabb").unwrap().accepted);
/// assert!(!d.decide("aab").unwrap().accepted);
/// ```
pub struct Decider<'g> {
    grammar: &'g LoadedGrammar,
    rule: String,
    automaton: Option<Automaton>,
}

impl fmt::Debug for Decider<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decider")
            .field("rule", &self.rule)
            .field("engine", &self.engine())
            .finish()
    }
}

/// How many steps the backtracking recognizer may take for one input.
const MAX_STEPS: u64 = 20_000_000;

impl LoadedGrammar {
    /// A decider for `rule`: its automaton when it compiles to one (the
    /// rule is regular, or recursive only through a bracket pair), the
    /// general parser otherwise.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert_eq!(g.decider("A").unwrap().rule(), "a");
    /// ```
    pub fn decider(&self, rule: &str) -> Result<Decider<'_>, DeciderError> {
        let name = self
            .rule_name(rule)
            .ok_or_else(|| DeciderError::NoRule(rule.to_string()))?
            .to_string();
        if let Err(abnf_oracle::MatchError::ProseValueReachable { prose, .. }) =
            self.checked().can_recognize(&name)
        {
            return Err(DeciderError::Prose { rule: name, prose });
        }
        Ok(Decider {
            grammar: self,
            automaton: self.automaton(&name),
            rule: name,
        })
    }

    /// The rule compiled by the engine: as a regular language, or with
    /// calls through the first bracket pair it compiles with.
    pub(crate) fn automaton(&self, rule: &str) -> Option<Automaton> {
        match compile_checked(self.checked(), rule, &Options::new()) {
            Ok(a) => Some(a),
            Err(CompileError::Recursive(_)) => BRACKETS.iter().find_map(|&(open, close)| {
                compile_checked(
                    self.checked(),
                    rule,
                    &Options::new().with_brackets(open, close),
                )
                .ok()
            }),
            Err(_) => None,
        }
    }
}

impl Decider<'_> {
    /// The rule it decides, as the grammar spells it.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "Top = \"x\"\n")]).unwrap();
    /// assert_eq!(g.decider("top").unwrap().rule(), "Top");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The engine that decides (an input nested deeper than the
    /// automaton's call limit goes to the general parser).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, Engine, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert_eq!(g.decider("a").unwrap().engine(), Engine::Automaton);
    /// ```
    pub fn engine(&self) -> Engine {
        if self.automaton.is_some() {
            Engine::Automaton
        } else {
            Engine::Backtracking
        }
    }

    /// The grammar's checked form.
    pub(crate) fn grammar_checked(&self) -> &abnf_oracle::CheckedGrammar {
        self.grammar.checked()
    }

    /// The automaton, when the rule compiles to one.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert!(g.decider("a").unwrap().automaton().unwrap().matches("42"));
    /// ```
    pub fn automaton(&self) -> Option<&Automaton> {
        self.automaton.as_ref()
    }

    /// Whether `input` matches the rule.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = %s\"Ab\"\n")]).unwrap();
    /// let d = g.decider("a").unwrap();
    /// assert!(d.decide("Ab").unwrap().accepted);
    /// assert!(!d.decide("ab").unwrap().accepted);
    /// ```
    pub fn decide(&self, input: &str) -> Result<Verdict, Undecided> {
        if let Some(automaton) = &self.automaton {
            match automaton.check(input) {
                Ok(()) => return Ok(self.verdict(Engine::Automaton, None)),
                Err(r) if !r.too_deep => {
                    return Ok(Verdict {
                        accepted: false,
                        offset: Some(r.offset),
                        expected: r.expected,
                        engine: Engine::Automaton,
                    })
                }
                Err(_) => {}
            }
        }
        self.general(input)
    }

    fn verdict(&self, engine: Engine, offset: Option<usize>) -> Verdict {
        Verdict {
            accepted: offset.is_none(),
            offset,
            expected: Vec::new(),
            engine,
        }
    }

    /// The general parser's answer.
    fn general(&self, input: &str) -> Result<Verdict, Undecided> {
        let options = abnf_oracle::MatchOptions {
            max_steps: Some(MAX_STEPS),
            ..Default::default()
        };
        let accepted = abnf_oracle::Recognizer::new(self.grammar.checked(), input)
            .with_options(options)
            .accepts(&self.rule)
            .map_err(|e| Undecided(e.to_string()))?;
        Ok(Verdict {
            accepted,
            offset: None,
            expected: Vec::new(),
            engine: Engine::Backtracking,
        })
    }
}
