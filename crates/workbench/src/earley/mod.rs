//! A general context-free recognizer and parser for any ABNF grammar
//! loaded at run time: Earley's algorithm, with ABNF's semantics exactly
//! (unordered alternation, every derivation, repetition bounds, ASCII
//! case-insensitive strings, RFC 7405's `%s`, numeric values over Unicode
//! scalar values, the core rules).
//!
//! [`Earley::new`] compiles one start rule of a grammar `abnf-oracle` has
//! checked; [`Earley::from_abnf`] reads ABNF text, and also takes the left
//! recursion `check` refuses (`e = e "+" e / "x"`), which Earley's
//! algorithm handles. [`Earley::recognize`] decides an input;
//! [`Earley::parse`] also gives the [`Forest`] of all its derivations:
//! a tree, the distinct trees, their number, and where two differ. A
//! refusal is a [`Failure`]: the longest prefix some member starts with,
//! what could come after it, and the rules under way there.
//!
//! ```
//! use xiri_workbench::earley::Earley;
//!
//! let abnf = "authority = [userinfo \"@\"] host\nuserinfo = *ALPHA\nhost = 1*ALPHA / \"@\" 1*ALPHA\n";
//! let g = abnf_oracle::Grammar::parse(abnf).unwrap().check().unwrap();
//! let authority = Earley::new(&g, "authority").unwrap();
//! assert!(authority.recognize("user@host").is_ok());
//!
//! // "@example" is a host of its own, or an empty user info and a host.
//! let forest = authority.parse("@example").unwrap();
//! assert!(forest.ambiguity().is_some());
//!
//! let refusal = authority.recognize("user@ho5t").unwrap_err();
//! assert_eq!(refusal.offset, 7);
//! assert_eq!(refusal.expected, ["end of input", "ALPHA"]);
//! ```
//!
//! # How ABNF becomes Earley rules
//!
//! Each named rule is a nonterminal, with one production per branch of
//! its top-level alternation. Concatenations are spliced into the
//! production; a quoted string is one terminal per character (both ASCII
//! cases unless `%s`); a numeric value one terminal per value or range.
//! Alternations, options and repetitions inside a rule are anonymous
//! nonterminals, which trees splice away. `m*X` is `R = X…X / R X` (left
//! recursion, on which Earley's algorithm is linear); `m*nX` is
//! `R = X…X T(n-m)`, `T(k) = ε / X T(k-1)` (right recursion, which Leo's
//! items keep linear). A bound above
//! [`MAX_REPEAT`] is refused ([`EarleyError::TooLarge`]) rather than
//! expanded. Productions that can derive nothing (an unproductive rule, a
//! numeric value above U+10FFFF or in the surrogates) are dropped, which
//! is what makes [`Failure::offset`] the longest viable prefix.
//!
//! # Cost
//!
//! Recognition takes time and memory linear in the input for the grammars
//! of specifications (the URI, IRI and XRI grammars included, ambiguous as
//! XRI is), for left recursion, and for right recursion and cycles of
//! rules too: a chain of completions with one caller each is replaced by
//! its top (Leo's items). A set keeps only the items that began before it;
//! those that begin there depend only on what it predicts and are made
//! once per distinct prediction. The named rules that are regular run as
//! automata inside recognition (a JSON string is one completion, not an
//! item per character); a refusal is run again without them, for its
//! offset, expected set and trace. Parsing to a forest keeps every item,
//! so it is quadratic on right recursion, and an ambiguous grammar can
//! make either cubic, as Earley's algorithm is; [`Earley::tree`] reads one
//! derivation off the chart without the forest. The bound
//! ([`Earley::with_max_items`], [`DEFAULT_MAX_ITEMS`]) caps items, the
//! completions looked at and forest nodes: past it the answer is
//! [`FailureKind::TooLarge`], undecided. Nothing recurses on the input or
//! its nesting: sets, forest, trees and their printing, comparing and
//! dropping use explicit stacks.

mod chart;
mod closure;
mod error;
mod expr;
mod failure;
mod forest;
mod grammar;
mod hash;
mod item;
mod leo;
mod lower;
mod one;
mod print;
mod scan;
mod sppf;
mod symbols;
#[cfg(test)]
mod tests;
mod tree;
mod values;

pub use error::{EarleyError, MAX_REPEAT, MAX_SYMBOLS};
pub use failure::{Attempt, Failure, FailureKind};
pub use forest::Forest;
pub use tree::{Tree, TreeDisplay, TreeKind};

use abnf_oracle::{CheckError, CheckedGrammar, Grammar, RuleId};
use chart::Outcome;
use expr::Exprs;
use grammar::Compiled;
use scan::Scanners;

/// The bound on a run's work unless [`Earley::with_max_items`] says
/// otherwise: how many Earley items it may make (the items that begin at
/// a position are shared between positions and counted once), four times
/// as many completions it may look at (an ambiguous grammar looks at more
/// than it makes), and a fifth as many forest nodes and packed nodes a
/// parse may make. A recognition keeps at most 12 bytes an item, and
/// typically far less (RFC 8259 JSON: about 7 items and 50 bytes a
/// character); a forest about 60 bytes a node.
///
/// ```
/// assert_eq!(xiri_workbench::earley::DEFAULT_MAX_ITEMS, 100_000_000);
/// ```
pub const DEFAULT_MAX_ITEMS: usize = 100_000_000;

/// How much of the bound a forest may take: a fifth.
const FOREST_SHARE: usize = 5;

/// One start rule of an ABNF grammar compiled for Earley's algorithm.
/// Immutable: one can serve any number of inputs, from any thread.
///
/// ```
/// use xiri_workbench::earley::Earley;
/// let e = Earley::from_abnf("date = 4DIGIT \"-\" 2DIGIT\n", "date").unwrap();
/// assert!(e.recognize("2026-11").is_ok());
/// assert_eq!(e.recognize("2026/11").unwrap_err().offset, 4);
/// ```
#[derive(Clone, Debug)]
pub struct Earley {
    g: Compiled,
    max_items: usize,
    /// The automata of the named rules that are regular, made at the
    /// first recognition.
    scanners: std::sync::OnceLock<Scanners>,
}

impl Earley {
    /// Compiles `rule` (ASCII case-insensitive; a core rule is a rule too)
    /// of a checked grammar.
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse("a = 1*HEXDIG\n").unwrap().check().unwrap();
    /// let e = xiri_workbench::earley::Earley::new(&g, "A").unwrap();
    /// assert!(e.recognize("c0FFee").is_ok());
    /// ```
    pub fn new(grammar: &CheckedGrammar, rule: &str) -> Result<Earley, EarleyError> {
        let key = rule.to_ascii_lowercase();
        let position = |rules: &[abnf_oracle::Rule]| {
            rules
                .iter()
                .position(|r| r.name.key() == key)
                .and_then(|i| u32::try_from(i).ok())
        };
        let id = position(grammar.rules())
            .map(RuleId::User)
            .or_else(|| position(grammar.core_rules()).map(RuleId::Core))
            .ok_or_else(|| EarleyError::UnknownRule(rule.to_string()))?;
        Earley::compile(Exprs::from_checked(grammar, id)?)
    }

    /// Reads, checks and compiles `rule` of the ABNF `text` (CRLF or LF
    /// line ends). Left recursion, which `abnf-oracle`'s `check` refuses,
    /// is taken: names are then resolved here as `check` would (`=/`
    /// folded in, the user's rules before the core rules).
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("list = list \",\" item / item\nitem = 1*DIGIT\n", "list").unwrap();
    /// assert!(e.recognize("1,22,333").is_ok());
    /// assert!(Earley::from_abnf("a = b\n", "a").is_err());
    /// ```
    pub fn from_abnf(text: &str, rule: &str) -> Result<Earley, EarleyError> {
        if let Some(offset) = xiri_engine::too_deep(text) {
            return Err(EarleyError::Abnf(xiri_engine::nesting_message(
                text, offset,
            )));
        }
        let parse = || Grammar::parse(text).map_err(|e| EarleyError::Abnf(e.render(text)));
        match parse()?.check() {
            Ok(g) => Earley::new(&g, rule),
            Err(errors)
                if errors
                    .as_slice()
                    .iter()
                    .all(|e| matches!(e, CheckError::LeftRecursion { .. })) =>
            {
                // Any checked grammar carries the core rules.
                let core = Grammar::parse("core = %x00\n")
                    .map_err(|e| EarleyError::Abnf(e.to_string()))?
                    .check()
                    .map_err(|e| EarleyError::Abnf(e.render("core = %x00\n")))?;
                Earley::from_definitions(parse()?.definitions(), rule, &core)
            }
            Err(errors) => Err(EarleyError::Abnf(errors.render(text))),
        }
    }

    /// Compiles `rule` of definitions `check` refuses for left recursion
    /// only (or would refuse: a loaded grammar's left-recursive rules):
    /// `=/` folded in, names resolved to the definitions' rules, then to
    /// the core rules of `core` (any checked grammar). A duplicate `=`,
    /// an `=/` without a base or an undefined name is refused here too.
    pub(crate) fn from_definitions(
        definitions: &[abnf_oracle::Definition],
        rule: &str,
        core: &CheckedGrammar,
    ) -> Result<Earley, EarleyError> {
        Earley::compile(Exprs::from_definitions(definitions, rule, core)?)
    }

    fn compile(exprs: Exprs) -> Result<Earley, EarleyError> {
        Ok(Earley {
            g: lower::lower(exprs)?,
            max_items: DEFAULT_MAX_ITEMS,
            scanners: std::sync::OnceLock::new(),
        })
    }

    /// The scanners, made now if they are not yet.
    fn scanners(&self) -> &Scanners {
        self.scanners.get_or_init(|| Scanners::build(&self.g))
    }

    /// The same, with a different bound on the work of a run (see
    /// [`DEFAULT_MAX_ITEMS`]). Beyond it a run stops with
    /// [`FailureKind::TooLarge`]: undecided, not refused.
    ///
    /// ```
    /// use xiri_workbench::earley::{Earley, FailureKind};
    /// let e = Earley::from_abnf("a = *\"x\"\n", "a").unwrap().with_max_items(1_000);
    /// assert!(e.recognize(&"x".repeat(100)).is_ok());
    /// assert_eq!(e.recognize(&"x".repeat(1_000)).unwrap_err().kind, FailureKind::TooLarge);
    /// ```
    #[must_use]
    pub fn with_max_items(mut self, max_items: usize) -> Earley {
        self.max_items = max_items;
        self
    }

    /// The budget of items per run ([`DEFAULT_MAX_ITEMS`] unless
    /// [`Earley::with_max_items`] set it).
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\"\n", "a").unwrap().with_max_items(7);
    /// assert_eq!(e.max_items(), 7);
    /// ```
    pub fn max_items(&self) -> usize {
        self.max_items
    }

    /// The start rule's name, as the grammar spells it.
    ///
    /// ```
    /// let e = xiri_workbench::earley::Earley::from_abnf("Date = DIGIT\n", "date").unwrap();
    /// assert_eq!(e.rule(), "Date");
    /// ```
    pub fn rule(&self) -> &str {
        self.g.exprs.rule_name(0)
    }

    /// Whether `input` is in the language, without making a forest. Keeps
    /// only what completions need of the earlier sets.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\" *(\",\" \"x\")\n", "a").unwrap();
    /// assert!(e.recognize("x,X,x").is_ok());
    /// let f = e.recognize("x,,x").unwrap_err();
    /// assert_eq!((f.offset, f.expected.as_slice()), (2, &["\"x\"".to_string()][..]));
    /// ```
    pub fn recognize(&self, input: &str) -> Result<(), Failure> {
        self.run(input, false).map(|_| ())
    }

    /// All derivations of `input`, as a [`Forest`].
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("s = *a\na = \"x\" / \"xx\"\n", "s").unwrap();
    /// let forest = e.parse("xxx").unwrap();
    /// assert_eq!(forest.count(100), 3);
    /// assert!(e.parse("xy").is_err());
    /// ```
    pub fn parse<'i>(&self, input: &'i str) -> Result<Forest<'_, 'i>, Failure> {
        self.parse_within(input, usize::MAX)
    }

    /// [`Earley::parse`], with the forest held to `max_nodes` nodes and
    /// packed nodes (or the bound's share, if smaller): an ambiguous
    /// grammar's forest can be cubic in the input, and this stops early
    /// when only one tree is wanted ([`Earley::tree`] then).
    ///
    /// ```
    /// use xiri_workbench::earley::{Earley, FailureKind};
    /// let e = Earley::from_abnf("s = s s / \"a\"\n", "s").unwrap();
    /// let input = "a".repeat(100);
    /// assert_eq!(e.parse_within(&input, 1_000).unwrap_err().kind, FailureKind::TooLarge);
    /// assert!(e.parse_within(&input[..10], 1_000).is_ok());
    /// ```
    pub fn parse_within<'i>(
        &self,
        input: &'i str,
        max_nodes: usize,
    ) -> Result<Forest<'_, 'i>, Failure> {
        let (chart, n) = self.run(input, true)?;
        let forest_budget = max_nodes.min(self.max_items / FOREST_SHARE);
        let sppf = sppf::Sppf::build(&self.g, &chart, n, forest_budget).ok_or_else(|| {
            failure::failure(&self.g, &chart, n as usize, input, FailureKind::TooLarge)
        })?;
        Ok(Forest {
            g: &self.g,
            input,
            bytes: failure::byte_offsets(input),
            sppf,
        })
    }

    /// One derivation of `input`, read off the chart without building the
    /// forest: where [`Earley::parse`] runs out of nodes on an ambiguous
    /// grammar (the forest of `S = S S / "a"` is cubic in the input), this
    /// still gives a tree, in time about its size. Where there are several,
    /// the first production and shortest first split at each node, so not
    /// necessarily [`Forest::tree`]'s. A [`FailureKind::TooLarge`] failure
    /// at the input's end when a cycle of the grammar (`a = a / "x"`) left
    /// no way down within the budget.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("s = s s / \"a\"\n", "s").unwrap();
    /// let input = "a".repeat(300);
    /// let tree = e.tree(&input).unwrap();
    /// assert_eq!((tree.start, tree.end), (0, 300));
    /// assert_eq!(tree.walk().filter(|(_, t)| t.children.is_empty()).count(), 300);
    /// assert_eq!(e.tree("ab").unwrap_err().offset, 1);
    /// ```
    pub fn tree(&self, input: &str) -> Result<Tree, Failure> {
        let (chart, n) = self.run(input, true)?;
        let bytes = failure::byte_offsets(input);
        one::tree(&self.g, &chart, n, &bytes, self.max_items).ok_or_else(|| {
            failure::failure(&self.g, &chart, n as usize, input, FailureKind::TooLarge)
        })
    }

    /// Builds the sets of `input`: the chart and the number of characters
    /// when it is in the language.
    fn run(&self, input: &str, parse: bool) -> Result<(chart::Chart, u32), Failure> {
        let chars: Vec<char> = input.chars().collect();
        let Ok(n) = u32::try_from(chars.len()) else {
            let chart = chart::Chart::default();
            return Err(failure::failure(
                &self.g,
                &chart,
                0,
                input,
                FailureKind::TooLarge,
            ));
        };
        let budget = self.max_items;
        if !parse {
            // Scanners first; a refusal is then run again without them,
            // for the sets that say where and why.
            let (chart, outcome) =
                chart::run(&self.g, &chars, (false, Some(self.scanners())), budget);
            match outcome {
                Outcome::Read if chart.accept.last() == Some(&true) => return Ok((chart, n)),
                Outcome::TooLarge(at) => {
                    return Err(failure::failure(
                        &self.g,
                        &chart,
                        at,
                        input,
                        FailureKind::TooLarge,
                    ))
                }
                _ => {}
            }
        }
        let (chart, outcome) = chart::run(&self.g, &chars, (parse, None), budget);
        let fail = |at: usize, kind| failure::failure(&self.g, &chart, at, input, kind);
        match outcome {
            Outcome::Read if chart.accept.last() == Some(&true) => Ok((chart, n)),
            Outcome::Read => Err(fail(chars.len(), FailureKind::Rejected)),
            Outcome::Stuck(at) => Err(fail(at, FailureKind::Rejected)),
            Outcome::TooLarge(at) => Err(fail(at, FailureKind::TooLarge)),
        }
    }
}
