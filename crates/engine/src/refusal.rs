//! The refusal: where and why an input is not in a rule's language, and
//! how a run makes it from the states alive where it stopped.

use super::automaton::Automaton;
use std::borrow::Cow;

/// Where and why an input is not in a rule's language.
///
/// `offset` is the length of the longest prefix of the input that some
/// member of the language starts with: the input is refused at the first
/// character after it (or at its end, when the whole input is such a
/// prefix). It is a property of the language, not of a parser.
///
/// ```
/// let abnf = "scheme = ALPHA *( ALPHA / DIGIT / \"+\" )\n";
/// let a = xiri_engine::compile(abnf, "scheme", &Default::default()).unwrap();
/// let refusal = a.check("ht!tp").unwrap_err();
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
    pub expected: Vec<Cow<'static, str>>,
    /// Whether the run gave up there rather than refused: a bracket
    /// opened there would nest deeper than the automaton's limit, or the
    /// readings of an ambiguous rule with calls would grow past the
    /// number a run follows at once (64; the built-in rules have at most
    /// two). The input may then be a member; the workbench's decider asks
    /// its general parser.
    pub too_deep: bool,
}

impl Refusal {
    /// The refusal of a run over a part of a text that starts at byte
    /// `start` of it, with its offset in the whole text.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = 1*DIGIT\n", "a", &Default::default()).unwrap();
    /// let text = "port=8o";
    /// let refusal = a.check(&text[5..]).unwrap_err().shifted(5);
    /// assert_eq!(refusal.offset, 6);
    /// ```
    #[must_use]
    pub fn shifted(self, start: usize) -> Refusal {
        Refusal {
            offset: start.saturating_add(self.offset),
            ..self
        }
    }
}

impl Automaton {
    /// The refusal at `offset` with `states` alive before it.
    pub(super) fn refusal(&self, states: &[usize], offset: usize, too_deep: bool) -> Refusal {
        // The names are borrowed from the tables (a built-in automaton's
        // are static): a refusal allocates only this vector, sized once.
        let set_of = |state: usize| -> &[u16] {
            let set = self.expect_of.get(state).map_or(0, |&k| usize::from(k));
            let from = self.expect_at.get(set).map_or(0, |&a| a as usize);
            let to = self.expect_at.get(set + 1).map_or(from, |&a| a as usize);
            self.expect.get(from..to).unwrap_or(&[])
        };
        let end = states.iter().any(|&s| self.accepts(s));
        let most = usize::from(end) + states.iter().map(|&s| set_of(s).len()).sum::<usize>();
        let mut expected: Vec<Cow<'static, str>> = Vec::with_capacity(most);
        if end {
            expected.push(Cow::Borrowed("end of input"));
        }
        // A name has one index (the compiler interns them), and a state's
        // set holds each index once: only a later state's may repeat one.
        for (k, &state) in states.iter().enumerate() {
            let before = states.get(..k).unwrap_or_default();
            for &name in set_of(state) {
                if before.iter().any(|&s| set_of(s).contains(&name)) {
                    continue;
                }
                if let Some(name) = self.names.get(usize::from(name)) {
                    expected.push(name.clone());
                }
            }
        }
        Refusal {
            offset,
            expected,
            too_deep,
        }
    }
}
