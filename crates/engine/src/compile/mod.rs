//! The ABNF compiler: a rule of an RFC 5234 grammar (with RFC 7405's
//! case-sensitive strings) to an [`Automaton`].
//!
//! The grammar is read and checked by the `abnf-oracle` crate (names
//! resolved, `=/` merged, RFC 5234's core rules built in). Every rule
//! reference is inlined; a rule that refers to itself other than inside a
//! bracket pair named in the [`Options`] is not regular and is refused
//! ([`CompileError::Recursive`]). The NFA (Thompson's construction over
//! ranges of code points) is made deterministic over the classes of
//! characters the grammar distinguishes.
//!
//! xiri's `build.rs` runs this module on `grammar/*.abnf` to compile the
//! built-in rules into the library; it runs the same at run time on any
//! grammar.

mod appendix_b;
mod budget;
mod bytes;
mod chars;
mod closure;
mod dfa;
mod emit;
mod error;
mod groups;
mod measure;
mod minimize;
mod nesting;
mod nfa;
mod ranges;
mod utf8;
mod width;

pub use emit::{TableFiles, to_rust, to_rust_with_files};
pub use error::CompileError;
pub use measure::Structures;
pub use nesting::{MAX_GROUP_NESTING, message as nesting_message, too_deep};
pub use ranges::{merge as merge_ranges, num_name};
pub use width::{MAX_GROUP_WIDTH, TooWide, too_wide};

use crate::automaton::Automaton;
use crate::limits::MAX_CALL_DEPTH;
use abnf_oracle::{CheckedGrammar, Grammar};
use chars::CharDfa;

/// How to compile: the bracket pair recursion may pass through, and how
/// deep it may nest.
///
/// ```
/// let options = xiri_engine::Options::new().with_brackets('(', ')').with_max_depth(8);
/// let a = xiri_engine::compile("g = \"(\" *g \")\"\n", "g", &options).unwrap();
/// assert!(a.matches("(()(()))"));
/// assert!(!a.matches("(()"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// `"(" x ")"` with this pair is compiled as a call to `x`.
    pub brackets: Option<(char, char)>,
    /// How deep calls may nest (at most
    /// [`MAX_CALL_DEPTH`] is used).
    pub max_depth: usize,
    /// Whether the run records where RFC 3986 Appendix B's split puts
    /// the components (for a reference rule without calls whose ":", "/",
    /// "?" and "#" are each a class of their own).
    pub split: bool,
}

impl Options {
    /// No brackets; the depth limit [`MAX_CALL_DEPTH`], xiri's `MAX_NESTING`.
    ///
    /// ```
    /// assert_eq!(xiri_engine::Options::new().brackets, None);
    /// ```
    pub const fn new() -> Self {
        Options {
            brackets: None,
            max_depth: 32,
            split: false,
        }
    }

    /// Recursion may pass through `open` x `close`.
    ///
    /// ```
    /// let o = xiri_engine::Options::new().with_brackets('(', ')');
    /// assert_eq!(o.brackets, Some(('(', ')')));
    /// ```
    pub const fn with_brackets(mut self, open: char, close: char) -> Self {
        self.brackets = Some((open, close));
        self
    }

    /// Calls nest at most `depth` deep (and never deeper than
    /// [`MAX_CALL_DEPTH`]).
    ///
    /// ```
    /// assert_eq!(xiri_engine::Options::new().with_max_depth(4).max_depth, 4);
    /// ```
    pub const fn with_max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// The run records RFC 3986 Appendix B's split: the same language,
    /// with the components found in the same pass. With brackets, what a
    /// pair holds is no delimiter of the split (the pair is one
    /// character of it, as an XRI's cross-reference is), and the marks
    /// are kept where one reading ran the whole input.
    ///
    /// ```
    /// let options = xiri_engine::Options::new().with_split();
    /// let abnf = "r = [ 1*ALPHA \":\" ] *( ALPHA / \"/\" ) [ \"?\" *ALPHA ] [ \"#\" *ALPHA ]\n";
    /// let a = xiri_engine::compile(abnf, "r", &options).unwrap();
    /// assert!(a.matches("x:a/b?q#f"));
    /// assert!(a.records_split());
    /// ```
    pub const fn with_split(mut self) -> Self {
        self.split = true;
        self
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

/// Compiles `rule` of the ABNF `text`.
///
/// ```
/// let a = xiri_engine::compile("date = 4DIGIT \"-\" 2DIGIT\n", "date", &Default::default()).unwrap();
/// assert!(a.matches("2026-11"));
/// assert_eq!(a.check("2026/11").unwrap_err().offset, 4);
/// ```
///
/// An alternation or a concatenation wider than [`MAX_GROUP_WIDTH`] is
/// refused before `abnf-oracle` checks the grammar, whose check is
/// quadratic in the width:
///
/// ```
/// let text = format!("r = {}\n", vec!["\"a\""; 5000].join(" / "));
/// let e = xiri_engine::compile(&text, "r", &Default::default()).unwrap_err();
/// assert!(e.to_string().starts_with("1:1: `r` has an alternation of 5000 items: at most 4096"));
/// ```
pub fn compile(text: &str, rule: &str, options: &Options) -> Result<Automaton, CompileError> {
    compile_checked(&checked(text)?, rule, options)
}

/// `text` read and checked by `abnf-oracle`, groups nested too deep
/// refused first, and groups too wide before the check.
fn checked(text: &str) -> Result<CheckedGrammar, CompileError> {
    if let Some(offset) = too_deep(text) {
        return Err(CompileError::Abnf(nesting_message(text, offset)));
    }
    let grammar = Grammar::parse(text).map_err(|e| CompileError::Abnf(e.render(text)))?;
    if let Some(wide) = too_wide(grammar.definitions()) {
        let (line, column) = nesting::line_column(text, wide.span.start as usize);
        return Err(CompileError::Abnf(format!(
            "{line}:{column}: {}",
            wide.message()
        )));
    }
    grammar
        .check()
        .map_err(|e| CompileError::Abnf(e.render(text)))
}

/// Whether the rule `id` would compile with these brackets, as far as
/// its structure goes: the NFA is built (so recursion outside the bracket
/// pair and prose values are found), not the automaton, so the limits of
/// the tables are not tried. Cheap where [`compile_checked`] of a large
/// grammar is not. By id: a caller asking of every rule would otherwise
/// look each name up through every rule (issue 41).
///
/// ```
/// let g = abnf_oracle::Grammar::parse("a = \"(\" a \")\" / \"x\"\n").unwrap().check().unwrap();
/// let id = abnf_oracle::RuleId::User(0);
/// assert!(xiri_engine::structure(&g, id, None).is_err());
/// assert!(xiri_engine::structure(&g, id, Some(('(', ')'))).is_ok());
/// ```
pub fn structure(
    grammar: &CheckedGrammar,
    id: abnf_oracle::RuleId,
    brackets: Option<(char, char)>,
) -> Result<(), CompileError> {
    nfa::Builder::new(grammar, brackets).build(id).map(|_| ())
}

fn rule_id(grammar: &CheckedGrammar, rule: &str) -> Result<abnf_oracle::RuleId, CompileError> {
    grammar
        .rules()
        .iter()
        .position(|r| r.name.as_str().eq_ignore_ascii_case(rule))
        .and_then(|i| u32::try_from(i).ok())
        .map(abnf_oracle::RuleId::User)
        .or_else(|| {
            grammar
                .core_rules()
                .iter()
                .position(|r| r.name.as_str().eq_ignore_ascii_case(rule))
                .and_then(|i| u32::try_from(i).ok())
                .map(abnf_oracle::RuleId::Core)
        })
        .ok_or_else(|| CompileError::Undefined(rule.to_string()))
}

/// Compiles `rule` of a grammar `abnf-oracle` has checked.
///
/// ```
/// let g = abnf_oracle::Grammar::parse("a = 1*\"x\"\n").unwrap().check().unwrap();
/// let a = xiri_engine::compile_checked(&g, "a", &Default::default()).unwrap();
/// assert!(a.matches("xXx"));
/// ```
pub fn compile_checked(
    grammar: &CheckedGrammar,
    rule: &str,
    options: &Options,
) -> Result<Automaton, CompileError> {
    let brackets = match options.brackets {
        None => None,
        Some((open, close)) => match (u8::try_from(open), u8::try_from(close)) {
            (Ok(o), Ok(c)) if o.is_ascii() && c.is_ascii() && o != 0 && c != 0 => Some((o, c)),
            _ => {
                return Err(CompileError::TooLarge(
                    "brackets must be ASCII characters other than NUL".into(),
                ));
            }
        },
    };
    let mut dfa = char_dfa(grammar, rule, options)?;
    if options.split {
        dfa = minimize::minimize(appendix_b::tag(&dfa)?);
    }
    let calls = dfa.open != 0;
    let parts = bytes::lower(&dfa, brackets.filter(|_| calls))?;
    // The table loop indexes the transitions unchecked (src/walk.rs):
    // tables that break the invariants are never run.
    let name = parts.rule.to_string();
    Automaton::from_parts(parts).ok_or(CompileError::Inconsistent(name))
}

/// `rule` compiled to the character-class stage (`chars.rs`), minimized.
fn char_dfa(
    grammar: &CheckedGrammar,
    rule: &str,
    options: &Options,
) -> Result<chars::CharDfa, CompileError> {
    let id = rule_id(grammar, rule)?;
    let name = grammar.rule_by_id(id).name.as_str().to_string();
    let nfa = nfa::Builder::new(grammar, options.brackets).build(id)?;
    let depth = options.max_depth.min(MAX_CALL_DEPTH);
    let automaton = dfa::determinize(&nfa, &name, options.brackets, depth)?;
    Ok(minimize::minimize(automaton))
}

/// A rule's character-class automaton, run a character at a time with no
/// acceleration: the oracle the byte-level automaton is tested against
/// (`tests/it/engine_bytes.rs`). Only for rules without calls.
///
/// ```
/// let a = xiri_engine::CharAutomaton::compile("a = 1*%x61-7A %xE9\n", "a").unwrap();
/// assert!(a.matches("abc\u{e9}"));
/// assert!(!a.matches("abc"));
/// ```
#[derive(Clone, Debug)]
pub struct CharAutomaton(pub(crate) CharDfa);

impl CharAutomaton {
    /// Compiles `rule` of the ABNF `text` to the character-class stage,
    /// without brackets.
    ///
    /// ```
    /// assert!(xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").is_ok());
    /// ```
    pub fn compile(text: &str, rule: &str) -> Result<Self, CompileError> {
        let grammar = checked(text)?;
        char_dfa(&grammar, rule, &Options::new()).map(CharAutomaton)
    }

    /// How many states it has (the dead state included).
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").unwrap();
    /// assert_eq!(a.states(), 3);
    /// ```
    pub fn states(&self) -> usize {
        self.0.states()
    }

    /// Whether `input` is in the rule's language, decoding each
    /// character and looking its class up.
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\"\n", "a").unwrap();
    /// assert!(a.matches("x") && !a.matches("xx"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        self.refusal_offset(input).is_none()
    }

    /// Where `input` is refused: the byte offset of the first character
    /// no transition takes, or the input's length when it ends short of
    /// the language; `None` when it is a member.
    ///
    /// ```
    /// let a = xiri_engine::CharAutomaton::compile("a = \"x\" \"y\"\n", "a").unwrap();
    /// assert_eq!(a.refusal_offset("xz"), Some(1));
    /// assert_eq!(a.refusal_offset("x"), Some(1));
    /// assert_eq!(a.refusal_offset("xy"), None);
    /// ```
    pub fn refusal_offset(&self, input: &str) -> Option<usize> {
        let dfa = &self.0;
        let mut state = 1usize;
        for (at, c) in input.char_indices() {
            state = usize::from(dfa.next(state, dfa.class_of(u32::from(c))));
            if state == 0 {
                return Some(at);
            }
        }
        (!dfa.accept.get(state).copied().unwrap_or(false)).then_some(input.len())
    }
}
