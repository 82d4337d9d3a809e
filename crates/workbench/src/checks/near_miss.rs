//! Near-misses: a member with one character inserted, deleted or
//! replaced, kept only when the rule refuses it.

use super::decide::{Decider, Undecided};
use super::generate::{children, Generated, Generator};
use abnf_oracle::{CheckedGrammar, Node, NumVal};

/// One edit of a string, at a byte offset.
///
/// ```
/// use xiri_workbench::Edit;
/// assert_eq!(Edit::Insert { at: 1, c: '-' }.apply("ab"), "a-b");
/// assert_eq!(Edit::Delete { at: 0 }.apply("ab"), "b");
/// assert_eq!(Edit::Replace { at: 1, c: 'é' }.apply("ab"), "aé");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// `c` inserted before byte `at`.
    Insert {
        /// Where.
        at: usize,
        /// What.
        c: char,
    },
    /// The character at byte `at` deleted.
    Delete {
        /// Where.
        at: usize,
    },
    /// The character at byte `at` replaced by `c`.
    Replace {
        /// Where.
        at: usize,
        /// By what.
        c: char,
    },
}

impl Edit {
    /// The string edited (unchanged when `at` is not a character boundary
    /// of it, or past its end).
    ///
    /// ```
    /// assert_eq!(xiri_workbench::Edit::Delete { at: 9 }.apply("ab"), "ab");
    /// ```
    pub fn apply(&self, s: &str) -> String {
        let at = self.at();
        let (Some(head), Some(tail)) = (s.get(..at), s.get(at..)) else {
            return s.to_string();
        };
        let mut rest = tail.chars();
        match *self {
            Edit::Insert { c, .. } => format!("{head}{c}{tail}"),
            Edit::Delete { .. } => {
                rest.next();
                format!("{head}{}", rest.as_str())
            }
            Edit::Replace { c, .. } => {
                rest.next();
                format!("{head}{c}{}", rest.as_str())
            }
        }
    }

    /// The byte offset it applies at.
    ///
    /// ```
    /// assert_eq!(xiri_workbench::Edit::Delete { at: 3 }.at(), 3);
    /// ```
    pub fn at(&self) -> usize {
        match *self {
            Edit::Insert { at, .. } | Edit::Delete { at } | Edit::Replace { at, .. } => at,
        }
    }

    /// Where a span `[start, end)` of the original string is in the
    /// edited one, when the edit falls inside it (an insertion at either
    /// end counts); `None` when it does not.
    pub(crate) fn moved(&self, original: &str, start: usize, end: usize) -> Option<(usize, usize)> {
        let at = self.at();
        let removed = original
            .get(at..)
            .and_then(|t| t.chars().next())
            .map_or(0, char::len_utf8);
        match *self {
            Edit::Insert { c, .. } if start <= at && at <= end => Some((start, end + c.len_utf8())),
            Edit::Delete { .. } if start <= at && at < end => Some((start, end - removed)),
            Edit::Replace { c, .. } if start <= at && at < end => {
                Some((start, end - removed + c.len_utf8()))
            }
            _ => None,
        }
    }
}

/// A string one edit away from a member, which the rule refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearMiss {
    /// The edited string.
    pub text: String,
    /// The member it was made from.
    pub from: Generated,
    /// The edit.
    pub edit: Edit,
    /// Where the rule refuses it, when the engine says.
    pub offset: Option<usize>,
}

/// Up to `n` near-misses of the decider's rule, each made from a fresh
/// member of the generator's; an edit the rule accepts is tried again, a
/// few times. [`NearMisses`] makes the same ones one at a time.
///
/// ```
/// use xiri_workbench::{near_misses, AbnfFile, Generator, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 2DIGIT\n")]).unwrap();
/// let d = g.decider("a").unwrap();
/// let misses = near_misses(&d, &mut Generator::new(&g, 5), 10).unwrap();
/// assert_eq!(misses.len(), 10);
/// assert!(misses.iter().all(|m| !d.decide(&m.text).unwrap().accepted));
/// ```
pub fn near_misses(
    decider: &Decider<'_>,
    generator: &mut Generator<'_>,
    n: usize,
) -> Result<Vec<NearMiss>, Undecided> {
    NearMisses::new(decider, generator, n).collect()
}

/// The near-misses of [`near_misses`], made as they are asked for, so
/// that a caller writing them out holds one at a time: memory bounded by
/// the grammar, not by `n`. After an undecided edit, it yields the error
/// and ends.
///
/// ```
/// use xiri_workbench::{near_misses, AbnfFile, Generator, LoadedGrammar, NearMisses};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 2DIGIT\n")]).unwrap();
/// let d = g.decider("a").unwrap();
/// let mut generator = Generator::new(&g, 5);
/// let one_by_one: Vec<String> = NearMisses::new(&d, &mut generator, 10)
///     .map(|m| m.unwrap().text)
///     .collect();
/// let all = near_misses(&d, &mut Generator::new(&g, 5), 10).unwrap();
/// assert_eq!(one_by_one, all.into_iter().map(|m| m.text).collect::<Vec<_>>());
/// ```
pub struct NearMisses<'a, 'd, 'g> {
    decider: &'a Decider<'d>,
    generator: &'a mut Generator<'g>,
    alphabet: Vec<char>,
    /// How many are still wanted, and how many members may still be
    /// tried.
    wanted: usize,
    tries: usize,
}

impl<'a, 'd, 'g> NearMisses<'a, 'd, 'g> {
    /// Up to `n` near-misses of the decider's rule, from the generator's
    /// members.
    pub fn new(decider: &'a Decider<'d>, generator: &'a mut Generator<'g>, n: usize) -> Self {
        NearMisses {
            alphabet: alphabet(decider.grammar_checked(), decider.rule()),
            decider,
            generator,
            wanted: n,
            tries: n.saturating_mul(8).saturating_add(16),
        }
    }
}

impl Iterator for NearMisses<'_, '_, '_> {
    type Item = Result<NearMiss, Undecided>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.wanted > 0 && self.tries > 0 {
            self.tries -= 1;
            let Ok(member) = self.generator.member(self.decider.rule()) else {
                self.tries = 0;
                break;
            };
            let edit = self.edit(&member.text);
            let text = edit.apply(&member.text);
            match self.decider.decide(&text) {
                Err(e) => {
                    self.tries = 0;
                    return Some(Err(e));
                }
                Ok(verdict) if !verdict.accepted => {
                    self.wanted -= 1;
                    return Some(Ok(NearMiss {
                        text,
                        from: member,
                        edit,
                        offset: verdict.offset,
                    }));
                }
                Ok(_) => {}
            }
        }
        None
    }
}

impl NearMisses<'_, '_, '_> {
    /// An edit of `text` at random: a place, a character of the alphabet,
    /// and which edit.
    fn edit(&mut self, text: &str) -> Edit {
        let boundaries: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let generator = &mut *self.generator;
        let mut pick = |len: usize| generator.next_below(len as u64) as usize;
        let at = boundaries.get(pick(boundaries.len())).copied().unwrap_or(0);
        let c = self
            .alphabet
            .get(pick(self.alphabet.len()))
            .copied()
            .unwrap_or(' ');
        match (generator.next_below(3), at < text.len()) {
            (0, true) => Edit::Delete { at },
            (1, true) => Edit::Replace { at, c },
            _ => Edit::Insert { at, c },
        }
    }
}

/// The characters edits draw from: those the rule's terminals name, the
/// ends of its ranges and their neighbours, and a few that grammars of
/// identifiers often refuse.
pub(crate) fn alphabet(g: &CheckedGrammar, rule: &str) -> Vec<char> {
    let mut chars: Vec<char> = vec![
        ' ', '%', '"', '<', '\\', '^', '\u{7f}', '\u{e9}', '\u{202e}',
    ];
    let Some(start) = g.rule(rule).map(|r| r.body) else {
        return chars;
    };
    let mut seen = vec![false; g.node_count()];
    let mut stack = vec![start];
    let push = |chars: &mut Vec<char>, v: u64| {
        if let Some(c) = u32::try_from(v).ok().and_then(char::from_u32) {
            chars.push(c);
        }
    };
    while let Some(id) = stack.pop() {
        if std::mem::replace(seen.get_mut(id.index()).unwrap_or(&mut true), true) {
            continue;
        }
        match g.node(id) {
            Node::CharVal(v) => chars.extend(v.value.chars()),
            Node::NumVal { value, .. } => match value {
                NumVal::Scalar(v) => push(&mut chars, *v),
                NumVal::Concat(vs) => vs.iter().for_each(|&v| push(&mut chars, v)),
                NumVal::Range { lo, hi } => {
                    for v in [
                        lo.saturating_sub(1),
                        *lo,
                        lo + (hi - lo) / 2,
                        *hi,
                        hi.saturating_add(1),
                    ] {
                        push(&mut chars, v);
                    }
                }
            },
            _ => {}
        }
        stack.extend(children(g, id));
    }
    chars.sort_unstable();
    chars.dedup();
    chars
}
