//! Deciding whether an input matches a rule of a loaded grammar: the
//! engine's automaton when the rule compiles to one (linear, as fast as
//! the built-in grammars), the Earley parser ([`crate::earley`])
//! otherwise; the Earley parser also gives trees, every derivation, and
//! the rules under way where an input is refused.

use crate::earley::{Earley, EarleyError, Failure, FailureKind, Forest, DEFAULT_MAX_ITEMS};
use crate::rules::{Broken, LoadedGrammar};
use std::cell::OnceCell;
use std::fmt;
use xiri_engine::{compile_checked, Automaton, CompileError, Options};

/// The bracket pairs a recursive rule's recursion may pass through for
/// the engine to compile it with calls (XRI's cross-references use `()`).
pub(crate) const BRACKETS: [(char, char); 4] = [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')];

/// Which engine decided.
///
/// ```
/// use xiri_workbench::{AbnfFile, Engine, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"(\" *a \")\" / \"x\"\n")]).unwrap();
/// assert_eq!(g.decider("a").unwrap().engine(), Engine::Automaton);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// [`xiri_engine`]'s automaton, compiled at run time: one linear pass.
    Automaton,
    /// The Earley parser, for any rule.
    Earley,
}

impl Engine {
    /// The name JSON answers give it: `automaton` or `earley`.
    ///
    /// ```
    /// assert_eq!(xiri_workbench::Engine::Automaton.name(), "automaton");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Engine::Automaton => "automaton",
            Engine::Earley => "earley",
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
/// use xiri_workbench::{AbnfFile, DeciderError, LoadedGrammar};
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
    /// The Earley parser cannot take the rule (a repetition bound too
    /// large to expand, ...): why.
    Earley(String),
    /// The rule reaches a name defined nowhere (in a grammar
    /// [`analyze`](LoadedGrammar::analyze)d with errors).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, DeciderError, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nc = \"x\"\n")]).unwrap();
    /// assert!(matches!(g.decider("a"), Err(DeciderError::Undefined { .. })));
    /// assert!(g.decider("c").unwrap().decide("x").unwrap().accepted);
    /// ```
    Undefined {
        /// The rule.
        rule: String,
        /// The name it reaches.
        undefined: String,
    },
    /// The rule is, or reaches, a rule defined twice with `=` (in a
    /// grammar [`analyze`](LoadedGrammar::analyze)d with errors): which
    /// definition is meant is the grammar's to say.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, DeciderError, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nb = \"x\"\nb = \"y\"\n")]).unwrap();
    /// assert!(matches!(g.decider("a"), Err(DeciderError::DefinedTwice { twice, .. }) if twice == "b"));
    /// ```
    DefinedTwice {
        /// The rule.
        rule: String,
        /// The rule defined twice.
        twice: String,
    },
    /// The rule is, or reaches, a broken rule: one with a definition
    /// that does not read (a syntax error, an alternation too wide; in a
    /// grammar [`analyze`](LoadedGrammar::analyze)d with errors).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, DeciderError, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nb = (\"x\"\nc = \"y\"\n")]).unwrap();
    /// assert!(matches!(g.decider("a"), Err(DeciderError::Broken { broken, .. }) if broken == "b"));
    /// assert!(matches!(g.decider("b"), Err(DeciderError::Broken { broken, .. }) if broken == "b"));
    /// assert!(g.decider("c").unwrap().decide("y").unwrap().accepted);
    /// ```
    Broken {
        /// The rule.
        rule: String,
        /// The broken rule.
        broken: String,
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
            DeciderError::Earley(why) => write!(f, "the Earley parser cannot take it: {why}"),
            DeciderError::Undefined { rule, undefined } => write!(
                f,
                "{rule} reaches the undefined rule {undefined}, which no engine can decide: define it, or ask for a rule that does not reach it"
            ),
            DeciderError::DefinedTwice { rule, twice } if rule == twice => write!(
                f,
                "{rule} is defined twice with `=`: which definition is meant is for the grammar to say (`=/` adds alternatives)"
            ),
            DeciderError::DefinedTwice { rule, twice } => write!(
                f,
                "{rule} reaches {twice}, which is defined twice with `=`: which definition is meant is for the grammar to say (`=/` adds alternatives)"
            ),
            DeciderError::Broken { rule, broken } if rule == broken => write!(
                f,
                "{rule} has an error in its definition, which no engine can decide: mend it"
            ),
            DeciderError::Broken { rule, broken } => write!(
                f,
                "{rule} reaches {broken}, which has an error in its definition, which no engine can decide: mend it, or ask for a rule that does not reach it"
            ),
        }
    }
}

impl std::error::Error for DeciderError {}

/// The answer for one input.
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadedGrammar};
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

/// No answer: a bound on the work was reached before the input was
/// decided. Not a refusal: the input may well be a member, and a larger
/// bound ([`Decider::with_max_items`], `--max-items`) may decide it.
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "s = s s / \"a\"\n")]).unwrap();
/// let d = g.decider("s").unwrap().with_max_items(1_000);
/// let u = d.decide(&"a".repeat(200)).unwrap_err();
/// assert_eq!(u.bound, "max-items");
/// assert_eq!(u.limit, Some(1_000));
/// assert!(u.offset < 200);
/// assert!(u.to_string().starts_with("undecided: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Undecided {
    /// Which bound: `max-items` (the Earley parser's budget of items and
    /// forest nodes), or `grammar` (the rule's Earley grammar is too large
    /// to compile, and the automaton could not take this input).
    pub bound: &'static str,
    /// The bound's value, when it is a number.
    pub limit: Option<usize>,
    /// The byte offset where the work stopped: nothing is known of the
    /// input past it.
    pub offset: usize,
    /// What happened, a sentence.
    pub detail: String,
}

impl Undecided {
    /// The Earley parser ran out of items at byte `offset`.
    pub(crate) fn items(limit: usize, offset: usize) -> Undecided {
        Undecided {
            bound: "max-items",
            limit: Some(limit),
            offset,
            detail: format!(
                "the Earley parser reached its bound of {limit} items at byte {offset} (--max-items raises it)"
            ),
        }
    }
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "undecided: {}", self.detail)
    }
}

impl std::error::Error for Undecided {}

/// Decides inputs for one rule of a loaded grammar.
///
/// ```
/// use xiri_workbench::{AbnfFile, Engine, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "s = \"a\" s \"b\" / \"\"\n")]).unwrap();
/// let d = g.decider("s").unwrap();
/// assert_eq!(d.engine(), Engine::Earley);
/// assert!(d.decide("aabb").unwrap().accepted);
/// assert_eq!(d.decide("aab").unwrap().offset, Some(3));
/// ```
pub struct Decider<'g> {
    grammar: &'g LoadedGrammar,
    rule: String,
    automaton: Option<Automaton>,
    /// Compiled when first needed.
    earley: OnceCell<Result<Earley, EarleyError>>,
    /// The Earley parser's budget.
    max_items: usize,
}

impl fmt::Debug for Decider<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decider")
            .field("rule", &self.rule)
            .field("engine", &self.engine())
            .finish()
    }
}

impl LoadedGrammar {
    /// A decider for `rule`: its automaton when it compiles to one (the
    /// rule is regular, or recursive only through a bracket pair), the
    /// Earley parser otherwise (a left-recursive rule, or one reaching
    /// left recursion, among them).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Engine, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert_eq!(g.decider("A").unwrap().rule(), "a");
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "e = e \"+\" e / DIGIT\n")]).unwrap();
    /// let d = g.decider("e").unwrap();
    /// assert_eq!(d.engine(), Engine::Earley);
    /// assert!(d.decide("1+2+3").unwrap().accepted);
    /// assert_eq!(d.parse("1+2+3").unwrap().unwrap().count(10), 2);
    /// ```
    pub fn decider(&self, rule: &str) -> Result<Decider<'_>, DeciderError> {
        let Some(name) = self.rule_name(rule).map(str::to_string) else {
            return Err(match self.unread(rule) {
                Some(broken) => DeciderError::Broken {
                    rule: broken.to_string(),
                    broken: broken.to_string(),
                },
                None => DeciderError::NoRule(rule.to_string()),
            });
        };
        match self.broken(&name) {
            Some(Broken::Undefined(undefined)) => {
                return Err(DeciderError::Undefined {
                    rule: name,
                    undefined,
                })
            }
            Some(Broken::DefinedTwice(twice)) => {
                return Err(DeciderError::DefinedTwice { rule: name, twice })
            }
            Some(Broken::Unread(broken)) => {
                return Err(DeciderError::Broken { rule: name, broken })
            }
            None => {}
        }
        if self.left_recursion(&name).is_some() {
            // Only the Earley parser takes it, compiled now so that a
            // prose value it reaches refuses it here, as below.
            let earley = match self.earley(&name) {
                Err(EarleyError::Prose { prose, .. }) => {
                    return Err(DeciderError::Prose { rule: name, prose })
                }
                other => other,
            };
            return Ok(Decider {
                grammar: self,
                automaton: None,
                rule: name,
                earley: OnceCell::from(earley),
                max_items: DEFAULT_MAX_ITEMS,
            });
        }
        if let Some(prose) = self.unchecked_prose(&name) {
            let prose = prose.to_string();
            return Err(DeciderError::Prose { rule: name, prose });
        }
        if let Err(abnf_oracle::MatchError::ProseValueReachable { prose, .. }) =
            self.checked().can_recognize(&name)
        {
            return Err(DeciderError::Prose { rule: name, prose });
        }
        Ok(Decider {
            grammar: self,
            automaton: self.automaton(&name),
            rule: name,
            earley: OnceCell::new(),
            max_items: DEFAULT_MAX_ITEMS,
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
    /// The same, with the Earley parser's budget of items (and of forest
    /// nodes, for [`Decider::parse`]) set to `max_items`
    /// ([`DEFAULT_MAX_ITEMS`] unless set): past it, [`Decider::decide`]
    /// answers [`Undecided`].
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "e = e \"+\" e / \"x\"\n")]).unwrap();
    /// let input = "x+".repeat(50) + "x";
    /// assert!(g.decider("e").unwrap().decide(&input).unwrap().accepted);
    /// assert!(g.decider("e").unwrap().with_max_items(100).decide(&input).is_err());
    /// ```
    #[must_use]
    pub fn with_max_items(mut self, max_items: usize) -> Self {
        self.max_items = max_items;
        if let Some(built) = self.earley.take() {
            self.earley = OnceCell::from(built.map(|e| e.with_max_items(max_items)));
        }
        self
    }

    /// The rule it decides, as the grammar spells it.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "Top = \"x\"\n")]).unwrap();
    /// assert_eq!(g.decider("top").unwrap().rule(), "Top");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The engine that decides (an input nested deeper than the
    /// automaton's call limit goes to the Earley parser).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Engine, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert_eq!(g.decider("a").unwrap().engine(), Engine::Automaton);
    /// ```
    pub fn engine(&self) -> Engine {
        if self.automaton.is_some() {
            Engine::Automaton
        } else {
            Engine::Earley
        }
    }

    /// The grammar's checked form.
    pub(crate) fn grammar_checked(&self) -> &abnf_oracle::CheckedGrammar {
        self.grammar.checked()
    }

    /// The automaton, when the rule compiles to one.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// assert!(g.decider("a").unwrap().automaton().unwrap().matches("42"));
    /// ```
    pub fn automaton(&self) -> Option<&Automaton> {
        self.automaton.as_ref()
    }

    /// Whether `input` matches the rule.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
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
                        expected: r.expected.into_iter().map(String::from).collect(),
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

    /// The rule compiled for the Earley parser.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = b / c\nb = \"x\"\nc = \"x\"\n")]).unwrap();
    /// let d = g.decider("a").unwrap();
    /// assert!(d.earley().unwrap().parse("x").unwrap().ambiguity().is_some());
    /// ```
    pub fn earley(&self) -> Result<&Earley, DeciderError> {
        self.built_earley()
            .as_ref()
            .map_err(|e| DeciderError::Earley(e.to_string()))
    }

    /// The Earley parser, built on first use, or why it could not be.
    fn built_earley(&self) -> &Result<Earley, EarleyError> {
        self.earley.get_or_init(|| {
            self.grammar
                .earley(&self.rule)
                .map(|e| e.with_max_items(self.max_items))
        })
    }

    /// Every derivation of `input`, by the Earley parser; the refusal
    /// (with the rules under way where it stopped) when there is none.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*DIGIT\n")]).unwrap();
    /// let d = g.decider("a").unwrap();
    /// assert_eq!(d.parse("12").unwrap().unwrap().tree().end, 2);
    /// assert_eq!(d.parse("1x").unwrap().unwrap_err().offset, 1);
    /// ```
    pub fn parse<'i>(
        &self,
        input: &'i str,
    ) -> Result<Result<Forest<'_, 'i>, Failure>, DeciderError> {
        Ok(self.earley()?.parse(input))
    }

    /// The Earley parser's answer.
    fn general(&self, input: &str) -> Result<Verdict, Undecided> {
        if let Err(EarleyError::Empty(_)) = self.built_earley() {
            // A rule that matches no string (`a = a`) refuses every input;
            // no prefix of one is a prefix of a member, so there is no
            // offset to give.
            return Ok(Verdict {
                accepted: false,
                offset: None,
                expected: Vec::new(),
                engine: Engine::Earley,
            });
        }
        let earley = self.earley().map_err(|e| Undecided {
            bound: "grammar",
            limit: None,
            offset: 0,
            detail: e.to_string(),
        })?;
        match earley.recognize(input) {
            Ok(()) => Ok(self.verdict(Engine::Earley, None)),
            Err(f) if f.kind == FailureKind::Rejected => Ok(Verdict {
                accepted: false,
                offset: Some(f.offset),
                expected: f.expected,
                engine: Engine::Earley,
            }),
            Err(f) => Err(Undecided::items(self.max_items, f.offset)),
        }
    }
}
