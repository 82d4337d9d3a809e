//! A compiled rule as plain data, and the one pass that runs it.
//!
//! An [`Automaton`] is a deterministic automaton over character classes:
//! `trans[state * classes + class]` is the next state, state 0 is dead
//! (every transition of it leads to itself) and state 1 starts. A character
//! maps to its class through `ascii` below U+0080 and through the sorted,
//! disjoint ranges of `beyond` above it; a character in no range is class
//! 0, which no rule mentions, so every transition on it is dead.
//!
//! Rules whose recursion passes only through a bracket pair (XRI's
//! cross-references under the balanced-parentheses policy) compile to the
//! same tables plus calls: in a state with `call[state] != 0`, the opening
//! character may enter the bracket's body (state `call[state]`), pushing
//! the state to return to; in a state with `ret_mask[state] != 0`, the
//! closing character may leave it, to the state `returns` gives for the
//! state on top of the stack. Where the opening character is also data
//! (RFC 3987's `ireg-name` allows "(" where an XRI authority would read a
//! cross-reference), both readings are followed side by side; the stack is
//! bounded by `max_depth`, so the work per character is bounded too.
//!
//! Invariants, established by the compiler and checked by
//! [`Automaton::is_consistent`]: every state of `trans`, `call` and
//! `returns` is below `accept.len()`; `trans.len() == accept.len() *
//! classes`; every class is below `classes`; every state is live (some
//! continuation of the input read so far is in the language), except 0.

use std::borrow::Cow;

/// Where and why an input is not in a rule's language.
///
/// `offset` is the length of the longest prefix of the input that some
/// member of the language starts with: the input is refused at the first
/// character after it (or at its end, when the whole input is such a
/// prefix). It is a property of the language, not of a parser.
///
/// ```
/// let rule = xiri::Grammar::Uri.rule("scheme").unwrap();
/// let refusal = rule.automaton().unwrap().check("ht!tp").unwrap_err();
/// assert_eq!(refusal.offset, 2);
/// assert!(refusal.expected.iter().any(|e| e == "ALPHA"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refusal {
    /// The byte offset of the first character no member can have there.
    pub offset: usize,
    /// What could continue the prefix: ABNF rule names (for a character
    /// of a rule that stands for one character, such as `ALPHA` or
    /// `sub-delims`) and quoted literals (`":"`, `"//"`).
    pub expected: Vec<String>,
    /// Whether a bracket opened there would nest deeper than the
    /// automaton's limit.
    pub too_deep: bool,
}

/// A rule compiled to a deterministic automaton over character classes,
/// with calls for bracketed recursion. Built by
/// [`compile`](crate::engine::compile), or compiled into the library for
/// the built-in grammars' rules ([`Rule::automaton`](crate::Rule::automaton)).
///
/// ```
/// let rule = xiri::Grammar::Iri.rule("IRI-reference").unwrap();
/// let automaton = rule.automaton().unwrap();
/// assert!(automaton.check("http://r\u{e9}sum\u{e9}.example/").is_ok());
/// assert_eq!(automaton.check("http://a b").unwrap_err().offset, 8);
/// ```
#[derive(Clone, Debug)]
pub struct Automaton {
    /// The rule's name, as the grammar spells it.
    pub(crate) rule: Cow<'static, str>,
    /// How many character classes there are (class 0 included).
    pub(crate) classes: usize,
    /// The class of each character below U+0080.
    pub(crate) ascii: Cow<'static, [u8]>,
    /// `(first, last, class)`: the classes of characters from U+0080 up,
    /// sorted; characters in no range are class 0.
    pub(crate) beyond: Cow<'static, [(u32, u32, u8)]>,
    /// `trans[state * classes + class]`.
    pub(crate) trans: Cow<'static, [u16]>,
    /// Whether each state accepts (at the outermost level).
    pub(crate) accept: Cow<'static, [bool]>,
    /// Each state's expected names: `expect[expect_at[state]..expect_at[state + 1]]`.
    pub(crate) expect_at: Cow<'static, [u32]>,
    /// Indexes into `names`.
    pub(crate) expect: Cow<'static, [u16]>,
    /// The names expected sets refer to.
    pub(crate) names: Cow<'static, [Cow<'static, str>]>,
    /// The classes of the bracket pair (0 when the rule has no calls).
    pub(crate) open: u8,
    pub(crate) close: u8,
    /// Per state: where the opening character enters a bracket's body, or 0.
    pub(crate) call: Cow<'static, [u16]>,
    /// Per state: which brackets' bodies may end here (bit `b` for bracket `b`).
    pub(crate) ret_mask: Cow<'static, [u64]>,
    /// Per calling state: `(ended brackets, state after the closing
    /// character)`, `returns[returns_at[state]..returns_at[state + 1]]`.
    pub(crate) returns_at: Cow<'static, [u32]>,
    pub(crate) returns: Cow<'static, [(u64, u16)]>,
    /// How deep brackets may nest.
    pub(crate) max_depth: usize,
    /// Per state: the ASCII characters that lead back to it (bit `b` for
    /// byte `b`), which the run skips without reading the tables again.
    pub(crate) stay: Cow<'static, [u128]>,
}

/// Where [`Automaton::run_from`] stopped.
pub(super) enum Stop {
    /// At the end of the input, in this state.
    End(usize),
    /// Before the character at the offset, which no transition of the
    /// state takes.
    Dead(usize, usize),
    /// Before a bracket at the offset.
    Bracket(usize, usize),
}

impl Automaton {
    /// The name of the rule this automaton decides.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// assert_eq!(rule.automaton().unwrap().rule(), "URI");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// How many states it has (the dead state included).
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("IPv4address").unwrap();
    /// assert!(rule.automaton().unwrap().states() > 10);
    /// ```
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// Whether the rule's recursion is compiled to calls (a stack of
    /// return states) rather than being regular.
    ///
    /// ```
    /// let xri = xiri::Grammar::Xri.rule("XRI-reference").unwrap();
    /// assert!(xri.automaton().unwrap().has_calls());
    /// let uri = xiri::Grammar::Uri.rule("URI-reference").unwrap();
    /// assert!(!uri.automaton().unwrap().has_calls());
    /// ```
    pub fn has_calls(&self) -> bool {
        self.open != 0
    }

    /// Whether `input` is in the rule's language, in one pass.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// assert!(rule.automaton().unwrap().matches("urn:example:a"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        if self.has_calls() {
            return self.check_with_calls(input).is_ok();
        }
        self.run(input).is_ok()
    }

    /// The verdict on `input`, with the [`Refusal`] when it is not in the
    /// language. Linear in the input; without calls it allocates only for
    /// the refusal.
    ///
    /// ```
    /// let rule = xiri::Grammar::Uri.rule("URI").unwrap();
    /// let refusal = rule.automaton().unwrap().check("http://[::1").unwrap_err();
    /// assert_eq!(refusal.offset, 11);
    /// assert!(refusal.expected.iter().any(|e| e == "\"]\""));
    /// ```
    pub fn check(&self, input: &str) -> Result<(), Refusal> {
        if self.has_calls() {
            return self.check_with_calls(input);
        }
        self.run(input)
            .map_err(|(state, offset)| self.refusal(&[state], offset, false))
    }

    /// The run without calls: the state and offset where it stopped, on
    /// refusal. Allocates nothing.
    fn run(&self, input: &str) -> Result<(), (usize, usize)> {
        match self.run_from(input, 1, 0, false) {
            Stop::End(state) if self.accept.get(state).copied().unwrap_or(false) => Ok(()),
            Stop::End(state) => Err((state, input.len())),
            Stop::Dead(state, i) | Stop::Bracket(state, i) => Err((state, i)),
        }
    }

    /// Runs the tables from `state` at byte `i` of `input`; with
    /// `brackets`, stops before a bracket (the run with calls takes those).
    pub(super) fn run_from(
        &self,
        input: &str,
        mut state: usize,
        mut i: usize,
        brackets: bool,
    ) -> Stop {
        let bytes = input.as_bytes();
        // The tables borrowed once, out of their `Cow`s.
        let ascii: &[u8] = &self.ascii;
        let trans: &[u16] = &self.trans;
        let classes = self.classes;
        let stay: &[u128] = &self.stay;
        while let Some(&b) = bytes.get(i) {
            // Runs of characters that keep the state (a path, a query) cost
            // a bit test each, with no dependency on the tables.
            let keep = stay.get(state).copied().unwrap_or(0);
            if keep != 0 && b < 0x80 && keep >> b & 1 == 1 {
                i += 1;
                while let Some(&b) = bytes.get(i) {
                    if b >= 0x80 || keep >> b & 1 == 0 {
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            let (class, width) = if b < 0x80 {
                (ascii.get(usize::from(b)).copied().unwrap_or(0), 1)
            } else {
                self.class_at(input, i)
            };
            if brackets && (class == self.open || class == self.close) {
                return Stop::Bracket(state, i);
            }
            let next = trans
                .get(state * classes + usize::from(class))
                .map_or(0, |&s| usize::from(s));
            if next == 0 {
                return Stop::Dead(state, i);
            }
            state = next;
            i += width;
        }
        Stop::End(state)
    }

    /// The state after `class` in `state` (0, dead, for anything outside
    /// the tables).
    #[inline]
    pub(super) fn next(&self, state: usize, class: u8) -> usize {
        self.trans
            .get(state * self.classes + usize::from(class))
            .map_or(0, |&s| usize::from(s))
    }

    /// The class of the character at byte `i` of `input` (from U+0080 up)
    /// and its width.
    pub(super) fn class_at(&self, input: &str, i: usize) -> (u8, usize) {
        // `input` is UTF-8 and `i` starts a character: decoded from the
        // bytes, without looking for the boundary again.
        let b = input.as_bytes();
        let byte = |k: usize| u32::from(b.get(i + k).copied().unwrap_or(0));
        let lead = byte(0);
        let (c, width) = if lead < 0x80 {
            (lead, 1)
        } else if lead < 0xE0 {
            (((lead & 0x1F) << 6) | (byte(1) & 0x3F), 2)
        } else if lead < 0xF0 {
            (
                ((lead & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F),
                3,
            )
        } else {
            (
                ((lead & 0x07) << 18)
                    | ((byte(1) & 0x3F) << 12)
                    | ((byte(2) & 0x3F) << 6)
                    | (byte(3) & 0x3F),
                4,
            )
        };
        (self.class_of_code(c), width)
    }

    /// The class of the code point `c`.
    fn class_of_code(&self, c: u32) -> u8 {
        if c < 0x80 {
            return self.ascii.get(c as usize).copied().unwrap_or(0);
        }
        let ranges = &self.beyond;
        let at = ranges.partition_point(|&(_, last, _)| last < c);
        match ranges.get(at) {
            Some(&(first, _, class)) if first <= c => class,
            _ => 0,
        }
    }

    /// The refusal at `offset` with `states` alive before it.
    pub(super) fn refusal(&self, states: &[usize], offset: usize, too_deep: bool) -> Refusal {
        let mut expected: Vec<String> = Vec::new();
        if states
            .iter()
            .any(|&s| self.accept.get(s).copied() == Some(true))
        {
            expected.push(String::from("end of input"));
        }
        for &state in states {
            let from = self.expect_at.get(state).map_or(0, |&a| a as usize);
            let to = self.expect_at.get(state + 1).map_or(from, |&a| a as usize);
            for &name in self.expect.get(from..to).unwrap_or(&[]) {
                if let Some(name) = self.names.get(usize::from(name)) {
                    if !expected.iter().any(|e| e == name) {
                        expected.push(name.to_string());
                    }
                }
            }
        }
        Refusal {
            offset,
            expected,
            too_deep,
        }
    }

    /// Whether the tables keep the invariants the run relies on (see the
    /// module documentation). The compiler's output always does.
    ///
    /// ```
    /// let rule = xiri::Grammar::Xri.rule("XRI-reference").unwrap();
    /// assert!(rule.automaton().unwrap().is_consistent());
    /// ```
    pub fn is_consistent(&self) -> bool {
        let states = self.accept.len();
        let below = |s: u16| usize::from(s) < states;
        self.classes >= 1
            && self.classes <= 256
            && states >= 2
            && self.trans.len() == states * self.classes
            && self.trans.iter().all(|&s| below(s))
            && self.ascii.len() == 128
            && self.ascii.iter().all(|&c| usize::from(c) < self.classes)
            && self
                .beyond
                .iter()
                .all(|&(a, b, c)| a <= b && usize::from(c) < self.classes)
            && self
                .beyond
                .windows(2)
                .all(|w| matches!(w, [x, y] if x.1 < y.0))
            && self.expect_at.len() == states + 1
            && self.call.len() == states
            && self.call.iter().all(|&s| below(s))
            && self.ret_mask.len() == states
            && self.returns_at.len() == states + 1
            && self.returns.iter().all(|&(_, s)| below(s))
            && self.stay.len() == states
    }
}
