//! What a refusal says: where ([`Failure::offset`]), what could have come
//! there ([`Failure::expected`]) and which rules were under way
//! ([`Failure::trace`]), all read from the last Earley set.

use super::chart::Chart;
use super::grammar::{Compiled, END, TERM};
use super::hash::FxSet;
use super::item::Item;
use std::collections::BTreeSet;
use std::fmt;

/// Why an input was not parsed.
///
/// ```
/// use xiri_workbench::earley::{Earley, FailureKind};
/// let e = Earley::from_abnf("pair = 1*ALPHA \"=\" *DIGIT\n", "pair").unwrap();
/// let f = e.recognize("port=8o").unwrap_err();
/// assert_eq!(f.kind, FailureKind::Rejected);
/// assert_eq!(f.offset, 6);
/// assert_eq!(f.expected, ["end of input", "DIGIT"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Failure {
    /// The length in bytes of the longest prefix of the input that some
    /// member of the language starts with: the input is refused at the
    /// character after it, or at its end when the whole input is such a
    /// prefix. A property of the language, the same as the engine's
    /// [`Refusal::offset`](xiri_engine::Refusal::offset). For
    /// [`FailureKind::TooLarge`], where the recognizer stopped.
    pub offset: usize,
    /// What could continue the prefix: `end of input` first when the
    /// prefix is itself a member, then, sorted, the terminals that could
    /// come next, named as the engine names them: after the outermost rule
    /// that stands for one unit and begins there (`ALPHA`, `pct-encoded`,
    /// `pchar`), otherwise the quoted string (`"xri://"`, `%s"Ab"`) or
    /// numeric value (`%x30-39`) the character belongs to.
    pub expected: Vec<String>,
    /// The rules under way at the offset: each item of the last Earley
    /// set that began before it (at offset 0, that was predicted there)
    /// and is not complete, lifted to the named rule around it, sorted by
    /// start, rule and production, without duplicates.
    pub trace: Vec<Attempt>,
    /// Whether the input was refused or the recognizer ran out of items.
    pub kind: FailureKind,
}

/// Whether a [`Failure`] is an answer.
///
/// ```
/// use xiri_workbench::earley::{Earley, FailureKind};
/// let e = Earley::from_abnf("a = *\"x\"\n", "a").unwrap().with_max_items(10);
/// assert_eq!(e.recognize(&"x".repeat(100)).unwrap_err().kind, FailureKind::TooLarge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FailureKind {
    /// The input is not in the language.
    Rejected,
    /// The item budget ([`Earley::with_max_items`](super::Earley::with_max_items))
    /// ran out: nothing is known of the input beyond `offset`, which may
    /// well be in the language. From [`Earley::parse`](super::Earley::parse)
    /// with `offset` the input's length: it is in the language, but its
    /// forest has more nodes than the budget.
    TooLarge,
}

/// A rule under way where the input was refused.
///
/// ```
/// use xiri_workbench::earley::Earley;
/// let e = Earley::from_abnf("date = 4DIGIT \"-\" 2DIGIT\n", "date").unwrap();
/// let f = e.recognize("2026-1x").unwrap_err();
/// let a = f.trace.iter().find(|a| a.rule == "date").unwrap();
/// assert_eq!((a.start, a.production.as_str()), (0, "4DIGIT \"-\" 2•DIGIT"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub struct Attempt {
    /// The named rule.
    pub rule: String,
    /// The byte offset where it started.
    pub start: usize,
    /// The branch of the rule being matched with a `•` where the match
    /// stands: `h16 ":" • ls32`, `*( "/" • segment )`, `"xr•i://"`.
    pub production: String,
}

impl fmt::Display for Failure {
    /// `expected DIGIT or "-" at byte 5`.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\" (\"y\" / DIGIT)\n", "a").unwrap();
    /// let f = e.recognize("xz").unwrap_err();
    /// assert_eq!(f.to_string(), "expected \"y\" or DIGIT at byte 1");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == FailureKind::TooLarge {
            return write!(f, "too many Earley items by byte {}", self.offset);
        }
        match self.expected.as_slice() {
            [] => write!(f, "nothing can come at byte {}", self.offset),
            [one] => write!(f, "expected {one} at byte {}", self.offset),
            [init @ .., last] => {
                write!(
                    f,
                    "expected {} or {last} at byte {}",
                    init.join(", "),
                    self.offset
                )
            }
        }
    }
}

impl std::error::Error for Failure {}

impl fmt::Display for Attempt {
    /// `rule [start]: production`.
    ///
    /// ```
    /// use xiri_workbench::earley::Earley;
    /// let e = Earley::from_abnf("a = \"x\" \"y\"\n", "a").unwrap();
    /// let f = e.recognize("xx").unwrap_err();
    /// assert_eq!(f.trace[0].to_string(), "a [0]: \"x\" • \"y\"");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]: {}", self.rule, self.start, self.production)
    }
}

/// The byte offset of each character position of `input`, and its length.
pub(super) fn byte_offsets(input: &str) -> Vec<usize> {
    let mut out: Vec<usize> = input.char_indices().map(|(b, _)| b).collect();
    out.push(input.len());
    out
}

/// The failure after a run that built sets up to `at` (characters).
pub(super) fn failure(
    g: &Compiled,
    chart: &Chart,
    at: usize,
    input: &str,
    kind: FailureKind,
) -> Failure {
    let bytes = byte_offsets(input);
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(input.len());
    let offset = byte(at);
    if kind == FailureKind::TooLarge {
        return Failure {
            offset,
            expected: Vec::new(),
            trace: Vec::new(),
            kind,
        };
    }
    let mut names = BTreeSet::new();
    let mut seen = FxSet::default();
    for item in &chart.last {
        name_terminal(g, chart, *item, &mut seen, &mut names);
    }
    let mut expected = Vec::new();
    if chart.accept.get(at).copied().unwrap_or(false) {
        expected.push(String::from("end of input"));
    }
    expected.extend(names);
    let mut trace = BTreeSet::new();
    // What began before the offset; only at the start, what is predicted
    // there (the expected set says what those would read).
    let begun = |item: &&Item| at == 0 || (item.origin as usize) < at;
    for item in chart.last.iter().filter(begun) {
        lift(g, chart, *item, &mut |rule, start, production| {
            trace.insert((byte(start), rule, production));
        });
    }
    Failure {
        offset,
        expected,
        trace: trace
            .into_iter()
            .map(|(start, rule, production)| Attempt {
                rule,
                start,
                production,
            })
            .collect(),
        kind,
    }
}

/// What a character is named after while walking up: its terminal, or a
/// rule that stands for one unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Name {
    Term(u32),
    Rule(usize),
}

/// The names the engine would give the terminal after `item`'s dot (none
/// if there is no terminal there): its own, unless it begins a rule that
/// stands for one unit, through every context that begins with it.
fn name_terminal(
    g: &Compiled,
    chart: &Chart,
    item: Item,
    seen: &mut FxSet<(u32, u32, Name)>,
    out: &mut BTreeSet<String>,
) {
    let next = g.dot_next(item.dot);
    if next == END || next & TERM == 0 {
        return;
    }
    let mut names = Vec::new();
    let own = Name::Term(next);
    if !g.inherit.get(item.dot as usize).copied().unwrap_or(false) {
        names.push(own);
    } else {
        let mut stack = vec![(g.dot_lhs(item.dot), item.origin, own)];
        while let Some((x, origin, name)) = stack.pop() {
            let name = match g.rule_of(x) {
                Some(r) if g.unit.get(r).copied().unwrap_or(false) => Name::Rule(r),
                _ => name,
            };
            if !seen.insert((x, origin, name)) {
                continue;
            }
            let parents = chart.waiting(origin as usize, x);
            let mut top = parents.is_empty() || (x == g.start && origin == 0);
            for w in parents.iter() {
                if g.inherit.get(w[1] as usize).copied().unwrap_or(false) {
                    stack.push((g.dot_lhs(w[1]), w[2], name));
                } else {
                    top = true;
                }
            }
            if top {
                names.push(name);
            }
        }
    }
    for name in names {
        let text = match name {
            Name::Term(t) => g.term(t).map(|t| t.name.clone()),
            Name::Rule(r) => Some(g.exprs.rule_name(r).to_string()),
        };
        out.extend(text);
    }
}

/// Calls `emit(rule, start, production)` for the named rules `item` is
/// part of: its own if it is one, else those around its group.
fn lift(g: &Compiled, chart: &Chart, item: Item, emit: &mut dyn FnMut(String, usize, String)) {
    if g.dot_next(item.dot) == END {
        return;
    }
    let Some(&cursor) = g.cursor.get(item.dot as usize) else {
        return;
    };
    let production = |dot: u32| {
        let source = g.source.get(dot as usize).copied().unwrap_or(0);
        g.exprs.render(source, Some(cursor))
    };
    let x = g.dot_lhs(item.dot);
    if let Some(r) = g.rule_of(x) {
        emit(
            g.exprs.rule_name(r).to_string(),
            item.origin as usize,
            production(item.dot),
        );
        return;
    }
    let mut seen = FxSet::default();
    let mut stack = vec![(x, item.origin)];
    while let Some((x, origin)) = stack.pop() {
        if !seen.insert((x, origin)) {
            continue;
        }
        for w in chart.waiting(origin as usize, x).iter() {
            let parent = g.dot_lhs(w[1]);
            match g.rule_of(parent) {
                Some(r) => emit(
                    g.exprs.rule_name(r).to_string(),
                    w[2] as usize,
                    production(w[1]),
                ),
                None => stack.push((parent, w[2])),
            }
        }
    }
}
