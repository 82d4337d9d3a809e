//! Left recursion in a loaded grammar: which rules can begin with
//! themselves (directly, or through other rules, with nothing consumed
//! before), on which cycles, and which rules reach them.
//!
//! Left recursion is legal ABNF (`expr = expr "+" expr / term`, the
//! classic ambiguous sum), and the Earley parser takes it; `abnf-oracle`'s
//! `check` refuses it, and with it the automaton, the generator and the
//! recognizer that need its checked grammar. So a grammar whose only
//! fault is left recursion loads: abnf-oracle checks the rules that do not
//! reach left recursion (they use no rule that does), and the Earley
//! parser decides the others from their definitions. The analysis here is
//! abnf-oracle's own (D36 included: a body repeated at most zero times
//! begins nothing), over the definitions rather than the checked graph it
//! cannot build.

use super::cycles::{cycles, Walk};
use super::reach::{nullable, Rules};
use crate::figures::{Diagnostic, Location, Read, Severity};
use abnf_oracle::{CheckedGrammar, Definition, Element, Span};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::fmt::{self, Write as _};

/// What `generate` and `compare` say of a rule that is left-recursive or
/// reaches one that is.
pub(crate) const NO_GENERATOR: &str = "the generator of `generate` and `compare` needs a grammar \
    without left recursion, so they cannot take it; `check` and `tree` can (the Earley parser \
    decides it), and `grammar --diagram` draws it";

/// How a rule meets left recursion: it is on a left-recursive cycle, or
/// uses (directly or not) a rule that is.
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadedGrammar};
/// let text = "sum = sum \"+\" term / term\nterm = 1*DIGIT / \"(\" sum \")\"\n";
/// let g = LoadedGrammar::load(&[AbnfFile::new("sum.abnf", text)]).unwrap();
/// let sum = g.left_recursion("sum").unwrap();
/// assert!(sum.on_cycle);
/// assert_eq!((sum.cycle.as_slice(), sum.length), (&["sum".to_string()][..], 1));
/// assert_eq!(sum.location.as_ref().unwrap().column, 7);
/// let term = g.left_recursion("term").unwrap();
/// assert_eq!((term.on_cycle, term.rule.as_str()), (false, "sum"));
/// assert_eq!(term.to_string(), "`term` reaches the left-recursive rule `sum` (sum -> sum, at sum.abnf:1:7)");
/// assert!(g.left_recursion("DIGIT").is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftRecursion {
    /// The rule asked about, as the grammar spells it.
    pub name: String,
    /// Whether it is left-recursive itself (else it reaches `rule`).
    pub on_cycle: bool,
    /// The left-recursive rule: the one asked about, or the nearest one it reaches.
    pub rule: String,
    /// A cycle `rule` is on: each rule begins with the next, the last
    /// with the first (`["expr"]` for `expr = expr "+" expr`); its first
    /// [`CYCLE_SHOWN`] rules when it is longer (each rule of a ring of
    /// thousands holding the whole ring made `rules` quadratic). The
    /// grammar's `left-recursion` warning names once each set of rules
    /// that begin with one another, and a shortest cycle through its
    /// first rule in full; a rule on that cycle shows it, another rule a
    /// cycle through itself, back to that first rule and on.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar, CYCLE_SHOWN};
    /// let ring: String = (0..20).map(|i| format!("r{i} = r{} \"a\" / \"b\"\n", (i + 1) % 20)).collect();
    /// let g = LoadedGrammar::load(&[AbnfFile::new("ring.abnf", ring)]).unwrap();
    /// let r5 = g.left_recursion("r5").unwrap();
    /// assert_eq!((r5.cycle.len(), r5.length), (CYCLE_SHOWN, 20));
    /// assert_eq!(r5.cycle[..2], ["r0", "r1"]);
    /// assert!(r5.to_string().contains("r7 -> ... (12 more) -> r0, at ring.abnf:1:6)"), "{r5}");
    /// ```
    pub cycle: Vec<String>,
    /// How many rules the cycle has ([`cycle`](Self::cycle) may show fewer).
    pub length: usize,
    /// Where the cycle's first rule begins with the next.
    pub location: Option<Location>,
}

impl fmt::Display for LeftRecursion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.on_cycle {
            write!(f, "`{}` is left-recursive", self.name)?;
        } else {
            write!(
                f,
                "`{}` reaches the left-recursive rule `{}`",
                self.name, self.rule
            )?;
        }
        write!(f, " ({}", cycle_text(&self.cycle, self.length))?;
        if let Some(l) = &self.location {
            write!(f, ", at {}:{}:{}", l.file, l.line, l.column)?;
        }
        f.write_str(")")
    }
}

/// How many rules of a left-recursive cycle each rule on it, or reaching
/// it, shows ([`LeftRecursion::cycle`], `rules`): the cycle in full is
/// in the grammar's `left-recursion` warning, once.
///
/// ```
/// assert_eq!(xiri_workbench::CYCLE_SHOWN, 8);
/// ```
pub const CYCLE_SHOWN: usize = 8;

/// `a -> b -> a`, for `cycle` the first rules of a cycle of `length`
/// rules: `a -> b -> ... (3 more) -> a` when it holds fewer.
pub(crate) fn cycle_text(cycle: &[String], length: usize) -> String {
    let mut parts: Vec<String> = cycle.to_vec();
    if length > cycle.len() {
        parts.push(format!("... ({} more)", length - cycle.len()));
    }
    if let Some(first) = cycle.first() {
        parts.push(first.clone());
    }
    parts.join(" -> ")
}

/// A strongly connected component of left recursion: the shortest cycle
/// through its first rule, in full, where that rule begins with the next,
/// and the component's first [`CYCLE_SHOWN`] rules and how many it has.
#[derive(Clone, Debug)]
pub(crate) struct Cycle {
    pub(crate) rules: Vec<String>,
    pub(crate) span: Span,
    pub(crate) members: Vec<String>,
    pub(crate) size: usize,
}

impl Cycle {
    /// The grammar's warning: the cycle in full, and when the component
    /// has other rules, how many and its first rules (each gets a cycle
    /// through it in `rules`).
    pub(crate) fn warning(&self) -> String {
        let first = self.rules.first().map_or("", String::as_str);
        let mut text = format!(
            "`{first}` is left-recursive ({})",
            cycle_text(&self.rules, self.rules.len())
        );
        if self.size > self.rules.len() {
            let mut shown = self.members.join(", ");
            if self.size > self.members.len() {
                let _ = write!(shown, ", ... ({} more)", self.size - self.members.len());
            }
            let _ = write!(
                text,
                "; {} rules begin with one another through it ({shown}: `rules` gives a cycle through each)",
                self.size
            );
        }
        format!("{text}: {NO_GENERATOR}")
    }
}

/// A rule that meets left recursion: the left-recursive rule (itself, or
/// the nearest it reaches), whether it is on a cycle, and the index of
/// the rule whose cycle it shows.
#[derive(Clone, Debug)]
struct Reach {
    rule: String,
    on_cycle: bool,
    walk: usize,
}

/// The grammar's left recursion: its components, a cycle through each
/// rule on one, and every rule that meets one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Left {
    pub(crate) cycles: Vec<Cycle>,
    /// By rule index: a cycle through the rule, when it is on one.
    walks: Vec<Option<Walk>>,
    /// The rules' names, by index.
    names: Vec<String>,
    /// By rule key.
    reach: HashMap<String, Reach>,
}

impl Left {
    /// Finds the left recursion of the (mended) definitions; core rules,
    /// which never refer to the user's, are looked up in `core`.
    pub(crate) fn find(definitions: &[Definition], core: &CheckedGrammar) -> Left {
        let rules = Rules::new(definitions);
        let nullable = nullable(&rules, core);
        let first: Vec<Vec<(usize, Span)>> = rules
            .bodies
            .iter()
            .map(|alternatives| {
                let mut out = Vec::new();
                for a in alternatives {
                    first_of(a, &rules, &nullable, core, &mut out);
                }
                out
            })
            .collect();
        let mut left = Left {
            names: rules.names.iter().map(|n| n.to_string()).collect(),
            ..Left::default()
        };
        let name = |x: &usize| rules.names.get(*x).copied().unwrap_or_default().to_string();
        left.walks = cycles(&first, CYCLE_SHOWN, &mut |path, span, members| {
            left.cycles.push(Cycle {
                rules: path.iter().map(name).collect(),
                span,
                members: members.iter().take(CYCLE_SHOWN).map(name).collect(),
                size: members.len(),
            });
        });
        // Every rule on a cycle, then every rule using one, nearest first.
        let users = rules.referrers();
        let mut queue = VecDeque::new();
        for (r, walk) in left.walks.iter().enumerate() {
            let (Some(_), Some(name)) = (walk, rules.names.get(r)) else {
                continue;
            };
            let reach = Reach {
                rule: name.to_string(),
                on_cycle: true,
                walk: r,
            };
            left.reach.insert(name.to_ascii_lowercase(), reach);
            queue.push_back(r);
        }
        while let Some(r) = queue.pop_front() {
            let Some(from) = rules
                .names
                .get(r)
                .and_then(|name| left.reach.get(&name.to_ascii_lowercase()))
                .cloned()
            else {
                continue;
            };
            for &user in users.get(r).into_iter().flatten() {
                let Some(name) = rules.names.get(user) else {
                    continue;
                };
                if let Entry::Vacant(slot) = left.reach.entry(name.to_ascii_lowercase()) {
                    slot.insert(Reach {
                        on_cycle: false,
                        ..from.clone()
                    });
                    queue.push_back(user);
                }
            }
        }
        left
    }

    /// Whether the rule is left-recursive or reaches a rule that is.
    pub(crate) fn reaches(&self, name: &str) -> bool {
        self.reach.contains_key(&name.to_ascii_lowercase())
    }

    /// How `name` (spelled as the grammar spells it) meets left recursion.
    pub(crate) fn of(&self, name: &str, files: &[Read]) -> Option<LeftRecursion> {
        let reach = self.reach.get(&name.to_ascii_lowercase())?;
        let walk = self.walks.get(reach.walk)?.as_ref()?;
        let location = Diagnostic::at(
            Severity::Warning,
            "left-recursion",
            None,
            String::new(),
            files,
            walk.span,
        )
        .location;
        let names = walk.shown.iter().filter_map(|&x| self.names.get(x));
        Some(LeftRecursion {
            name: name.to_string(),
            on_cycle: reach.on_cycle,
            rule: reach.rule.clone(),
            cycle: names.cloned().collect(),
            length: walk.length,
            location,
        })
    }
}

/// Whether the element can match the empty string, as far as `known` says.
fn empty(e: &Element, rules: &Rules<'_>, known: &[bool], core: &CheckedGrammar) -> bool {
    match e {
        Element::Alt(branches) => branches.iter().any(|b| empty(b, rules, known, core)),
        Element::Concat(items) => items.iter().all(|i| empty(i, rules, known, core)),
        Element::Repeat { repeat, body, .. } => repeat.min == 0 || empty(body, rules, known, core),
        Element::Optional(_) => true,
        Element::RuleRef { name, .. } => match rules.get(name.as_str()) {
            Some(r) => known.get(r).copied().unwrap_or(false),
            None => core
                .rule(name.as_str())
                .is_some_and(|c| core.is_nullable(c.body)),
        },
        Element::CharVal(v) => v.value.is_empty(),
        Element::NumVal { .. } | Element::ProseVal { .. } => false,
    }
}

/// The user's rules the element can begin with, and where it names them.
fn first_of(
    e: &Element,
    rules: &Rules<'_>,
    nullable: &[bool],
    core: &CheckedGrammar,
    out: &mut Vec<(usize, Span)>,
) {
    match e {
        Element::Alt(branches) => {
            for b in branches {
                first_of(b, rules, nullable, core, out);
            }
        }
        Element::Concat(items) => {
            for i in items {
                first_of(i, rules, nullable, core, out);
                if !empty(i, rules, nullable, core) {
                    break;
                }
            }
        }
        Element::Repeat { repeat, body, .. } => {
            if repeat.max != Some(0) {
                first_of(body, rules, nullable, core, out);
            }
        }
        Element::Optional(body) => first_of(body, rules, nullable, core, out),
        Element::RuleRef { name, span } => {
            if let Some(r) = rules.get(name.as_str()) {
                out.push((r, span.0));
            }
        }
        Element::CharVal(_) | Element::NumVal { .. } | Element::ProseVal { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(text: &str) -> Left {
        let g = abnf_oracle::Grammar::parse(text).unwrap();
        let core = abnf_oracle::Grammar::parse("x = %x00\n")
            .unwrap()
            .check()
            .unwrap();
        Left::find(g.definitions(), &core)
    }

    fn cycles(l: &Left) -> Vec<Vec<String>> {
        l.cycles.iter().map(|c| c.rules.clone()).collect()
    }

    #[test]
    fn direct_indirect_and_through_a_nullable_prefix() {
        let l = left("e = e \"+\" e / t\nt = 1*DIGIT / \"(\" e \")\"\n");
        assert_eq!(cycles(&l), [["e"]]);
        assert!(l.reaches("e") && l.reaches("T") && !l.reaches("DIGIT"));
        let l = left("a = b \"x\" / \"y\"\nb = [\"z\"] *WSP a\nc = \"q\"\n");
        assert_eq!(cycles(&l), [["a", "b"]]);
        assert!(!l.reaches("c"));
        // LWSP can match nothing, so `a` can begin with itself.
        let l = left("a = LWSP a \"x\" / \"y\"\n");
        assert_eq!(cycles(&l), [["a"]]);
    }

    #[test]
    fn what_is_not_left_recursion() {
        // Recursion after something consumed, and a body repeated at most
        // zero times (abnf-oracle's D36).
        for text in [
            "a = \"(\" a \")\" / \"x\"\n",
            "a = \"x\" a / \"\"\n",
            "a = 0*0a \"x\"\n",
            "a = WSP a / \"x\"\n",
        ] {
            let l = left(text);
            assert!(l.cycles.is_empty(), "{text}");
        }
    }

    #[test]
    fn the_cycle_starts_at_the_reference_that_begins_it() {
        let text = "e = \"x\" e / e \"+\"\n";
        let l = left(text);
        let span = l.cycles[0].span;
        assert_eq!(&text[span.start as usize..span.end as usize], "e");
        assert_eq!(span.start, 12);
    }
}
