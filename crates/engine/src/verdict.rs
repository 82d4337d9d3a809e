//! The verdicts on an input: whether it is in the rule's language, with
//! the [`Refusal`] when it is not and the marks of Appendix B's split
//! when the automaton records them. The table loop alone (walk.rs) for a
//! rule without calls, the run with calls (calls/) otherwise.

use crate::automaton::Automaton;
use crate::marks::Marks;
use crate::refusal::Refusal;
use crate::walk::{Brackets, Stop};

impl Automaton {
    /// Whether `input` is in the rule's language, in one pass. For a rule
    /// with calls, `false` also where the run gives up
    /// ([`Refusal::too_deep`]: a bracket nested past the limit, or more
    /// readings than a run follows at once); [`check`](Automaton::check)
    /// tells the two apart.
    ///
    /// ```
    /// let abnf = "urn = \"urn:\" 1*( ALPHA / \":\" )\n";
    /// let a = xiri_engine::compile(abnf, "urn", &Default::default()).unwrap();
    /// assert!(a.matches("urn:example:a"));
    /// ```
    pub fn matches(&self, input: &str) -> bool {
        self.split_of(input).is_some()
    }

    /// [`matches`](Automaton::matches), with where the run saw the
    /// delimiters of Appendix B's split when it [records
    /// them](Automaton::records_split); no allocation.
    ///
    /// ```
    /// use xiri_engine::{compile, marks::QUERY, Options};
    /// let a = compile("r = *ALPHA [ \"?\" *ALPHA ]\n", "r", &Options::new().with_split()).unwrap();
    /// assert_eq!(a.split_of("ab?c").unwrap().after(QUERY), Some(3));
    /// assert!(a.split_of("ab?c?").is_none());
    /// ```
    pub fn split_of(&self, input: &str) -> Option<Marks> {
        let mut marks = Marks::default();
        if self.has_calls() {
            return self.matches_with_calls(input).then_some(marks);
        }
        let end = self.run_from(input, self.start, 0, Brackets::Data, &mut marks);
        matches!(end, Stop::End(s) if self.accepts(s)).then_some(marks)
    }

    /// The verdict on `input`, with the [`Refusal`] when it is not in the
    /// language. Linear in the input; without calls it allocates only for
    /// the refusal.
    ///
    /// ```
    /// let abnf = "host = \"[\" 1*( HEXDIG / \":\" ) \"]\"\n";
    /// let a = xiri_engine::compile(abnf, "host", &Default::default()).unwrap();
    /// let refusal = a.check("[::1").unwrap_err();
    /// assert_eq!(refusal.offset, 4);
    /// assert!(refusal.expected.iter().any(|e| e == "\"]\""));
    /// ```
    pub fn check(&self, input: &str) -> Result<(), Refusal> {
        if self.has_calls() {
            return self.check_with_calls(input);
        }
        self.check_split(input).map(drop)
    }

    /// [`check`](Automaton::check), with where the run saw the delimiters
    /// of Appendix B's split when it [records them](Automaton::records_split).
    ///
    /// ```
    /// use xiri_engine::{compile, marks::QUERY, Options};
    /// let a = compile("r = *ALPHA [ \"?\" *ALPHA ]\n", "r", &Options::new().with_split()).unwrap();
    /// assert_eq!(a.check_split("ab?c").unwrap().after(QUERY), Some(3));
    /// assert_eq!(a.check_split("ab?c?").unwrap_err().offset, 4);
    /// ```
    pub fn check_split(&self, input: &str) -> Result<Marks, Refusal> {
        let mut marks = Marks::default();
        self.check_split_into(input, &mut marks).map(|()| marks)
    }

    /// [`check_split`](Automaton::check_split), the marks written to
    /// `marks` (reset first) where the caller reads them in place: a copy
    /// of a returned `Marks` made 16 bytes at a time right after the
    /// run's 8-byte stores waits for those stores to reach the cache.
    ///
    /// ```
    /// use xiri_engine::{compile, marks::{Marks, QUERY}, Options};
    /// let a = compile("r = *ALPHA [ \"?\" *ALPHA ]\n", "r", &Options::new().with_split()).unwrap();
    /// let mut marks = Marks::default();
    /// assert!(a.check_split_into("ab?c", &mut marks).is_ok());
    /// assert_eq!(marks.after(QUERY), Some(3));
    /// assert_eq!(a.check_split_into("ab?c?", &mut marks).unwrap_err().offset, 4);
    /// ```
    pub fn check_split_into(&self, input: &str, marks: &mut Marks) -> Result<(), Refusal> {
        *marks = Marks::default();
        if self.has_calls() {
            return self.check_with_calls(input);
        }
        match self.run_from(input, self.start, 0, Brackets::Data, marks) {
            Stop::End(state) if self.accepts(state) => Ok(()),
            Stop::End(state) => Err(self.refusal(&[state], input.len(), false)),
            Stop::Dead(state, i) | Stop::Bracket(state, i) => Err(self.refusal(&[state], i, false)),
        }
    }
}
