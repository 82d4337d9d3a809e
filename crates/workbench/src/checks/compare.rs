//! Two grammars compared on strings: members, near-misses and a covering
//! set generated from each side, checked on both; each string they
//! disagree on comes with the rule that makes the difference.
//!
//! The rule is read from the derivation the string was generated with
//! (for a near-miss, the member it was edited from, each rule's span
//! moved by the edit): the deepest rule of that derivation, defined on
//! both sides by the same name (the start rules stand for each other),
//! whose text the two sides' rules disagree on. When no rule below the
//! start is shared, that is the start rule itself.

use super::decide::{Decider, Undecided};
use super::generate::{Derivation, Generated, Generator};
use super::near_miss::{near_misses, Edit};
use crate::rules::{LoadedGrammar, NO_GENERATOR};
use std::collections::HashSet;

/// One side of a comparison: a grammar and its start rule.
#[derive(Clone, Copy)]
pub struct Side<'g> {
    /// The grammar.
    pub grammar: &'g LoadedGrammar,
    /// The start rule.
    pub rule: &'g str,
}

/// How a string was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A random member of one side.
    Member,
    /// One of one side's covering set.
    Cover,
    /// A member of one side, one character edited, which that side refuses.
    NearMiss,
}

impl Found {
    /// `member`, `covering set` or `near-miss`.
    ///
    /// ```
    /// assert_eq!(xiri_workbench::Found::NearMiss.name(), "near-miss");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Found::Member => "member",
            Found::Cover => "covering set",
            Found::NearMiss => "near-miss",
        }
    }
}

/// A string one side accepts and the other refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The string.
    pub text: String,
    /// Whether the old side is the one that accepts it.
    pub old_accepts: bool,
    /// Where the refusing side refuses it, when its engine says.
    pub refused_at: Option<usize>,
    /// How it was found.
    pub found: Found,
    /// Whether it was generated from the old side.
    pub from_old: bool,
    /// The rule that makes the difference, as the generating side spells it.
    pub rule: String,
    /// That rule's span of the string.
    pub span: (usize, usize),
}

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The differences, in the order found.
    pub differences: Vec<Difference>,
    /// How many distinct strings were checked on both sides.
    pub samples: usize,
    /// How many strings a side could not decide (left out).
    pub undecided: usize,
}

/// Why two grammars could not be compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareError(pub String);

impl std::fmt::Display for CompareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CompareError {}

/// Compares `old` and `new` on strings generated from each: `n` members,
/// `n` near-misses and a covering set of at most `n`, from each side,
/// with generators seeded from `seed`.
///
/// ```
/// use xiri_workbench::{compare, AbnfFile, LoadedGrammar, Side};
/// let old = LoadedGrammar::load(&[AbnfFile::new("old", "n = 1*DIGIT\n")]).unwrap();
/// let new = LoadedGrammar::load(&[AbnfFile::new("new", "n = %x31-39 *DIGIT / \"0\"\n")]).unwrap();
/// let c = compare(Side { grammar: &old, rule: "n" }, Side { grammar: &new, rule: "n" }, 200, 1).unwrap();
/// let d = &c.differences[0];
/// assert!(d.old_accepts && d.text.starts_with('0') && d.text.len() > 1);
/// assert_eq!(d.refused_at, Some(1));
/// assert_eq!(d.rule, "n");
/// ```
pub fn compare(
    old: Side<'_>,
    new: Side<'_>,
    n: usize,
    seed: u64,
) -> Result<Comparison, CompareError> {
    for (which, side) in [("old", &old), ("new", &new)] {
        if let Some(left) = side.grammar.left_recursion(side.rule) {
            return Err(CompareError(format!(
                "the {which} grammar: {left}: {}",
                NO_GENERATOR
            )));
        }
    }
    let sides = [Rules::new(old)?, Rules::new(new)?];
    let mut seen = HashSet::new();
    let mut result = Comparison {
        differences: Vec::new(),
        samples: 0,
        undecided: 0,
    };
    let [s0, s1] = &sides;
    for (from, side, generating, other) in [(0u64, old, s0, s1), (1, new, s1, s0)] {
        let candidates = candidates(side, &generating.top, n, seed.wrapping_add(from))?;
        for (generated, edit, found) in candidates {
            let text = edit.map_or_else(|| generated.text.clone(), |e| e.apply(&generated.text));
            if !seen.insert(text.clone()) {
                continue;
            }
            let verdicts = (s0.top.decide(&text), s1.top.decide(&text));
            let (Ok(a), Ok(b)) = verdicts else {
                result.undecided += 1;
                continue;
            };
            result.samples += 1;
            if a.accepted == b.accepted {
                continue;
            }
            let refused_at = if a.accepted { b.offset } else { a.offset };
            let (rule, span) = explain(&generated, edit, &text, generating, other);
            result.differences.push(Difference {
                text,
                old_accepts: a.accepted,
                refused_at,
                found,
                from_old: from == 0,
                rule,
                span,
            });
        }
    }
    Ok(result)
}

type Candidate = (Generated, Option<Edit>, Found);

/// A side's strings: its covering set, members, and near-misses.
fn candidates(
    side: Side<'_>,
    top: &Decider<'_>,
    n: usize,
    seed: u64,
) -> Result<Vec<Candidate>, CompareError> {
    let rule = top.rule().to_string();
    let mut generator = Generator::new(side.grammar, seed);
    let error = |e: &dyn std::fmt::Display| CompareError(format!("{rule}: {e}"));
    let mut out: Vec<Candidate> = Vec::new();
    let cover = generator.cover(&rule, n).map_err(|e| error(&e))?;
    out.extend(cover.members.into_iter().map(|g| (g, None, Found::Cover)));
    for _ in 0..n {
        let member = generator.member(&rule).map_err(|e| error(&e))?;
        out.push((member, None, Found::Member));
    }
    let misses = near_misses(top, &mut generator, n).map_err(|e: Undecided| error(&e))?;
    out.extend(
        misses
            .into_iter()
            .map(|m| (m.from, Some(m.edit), Found::NearMiss)),
    );
    Ok(out)
}

/// A side's decider for its start rule, and its verdicts on the rules of
/// a derivation (by `abnf-oracle`'s recognizer: their texts are short,
/// and compiling an automaton for each would cost more than it saves).
struct Rules<'g> {
    grammar: &'g LoadedGrammar,
    top: Decider<'g>,
}

impl<'g> Rules<'g> {
    fn new(side: Side<'g>) -> Result<Self, CompareError> {
        let top = side
            .grammar
            .decider(side.rule)
            .map_err(|e| CompareError(e.to_string()))?;
        Ok(Rules {
            grammar: side.grammar,
            top,
        })
    }

    /// The side's verdict on `text` for `rule` (`None`: it has no such
    /// rule, or cannot decide it).
    fn verdict(&self, rule: &str, text: &str) -> Option<bool> {
        let options = abnf_oracle::MatchOptions {
            max_steps: Some(1_000_000),
            ..Default::default()
        };
        abnf_oracle::Recognizer::new(self.grammar.checked(), text)
            .with_options(options)
            .accepts(self.grammar.rule_name(rule)?)
            .ok()
    }
}

/// The deepest rule of the derivation whose text the two sides disagree on.
fn explain(
    generated: &Generated,
    edit: Option<Edit>,
    text: &str,
    generating: &Rules<'_>,
    other: &Rules<'_>,
) -> (String, (usize, usize)) {
    let root = &generated.tree;
    let mut best = (0, root.rule.clone(), (0, text.len()));
    let mut stack: Vec<(&Derivation, usize)> = root.children.iter().rev().map(|c| (c, 1)).collect();
    while let Some((node, depth)) = stack.pop() {
        let span = match edit {
            None => Some((node.start, node.end)),
            Some(e) => e.moved(&generated.text, node.start, node.end),
        };
        let Some((start, end)) = span else {
            continue;
        };
        stack.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
        if depth <= best.0 {
            continue;
        }
        let Some(part) = text.get(start..end) else {
            continue;
        };
        if other.grammar.rule_name(&node.rule).is_none() {
            continue;
        }
        let mine = generating.verdict(&node.rule, part);
        let theirs = other.verdict(&node.rule, part);
        if let (Some(a), Some(b)) = (mine, theirs) {
            if a != b {
                best = (depth, node.rule.clone(), (start, end));
            }
        }
    }
    (best.1, best.2)
}
