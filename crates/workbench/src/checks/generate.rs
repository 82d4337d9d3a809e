//! Strings generated from a rule, each with its derivation: members at
//! random, or steered towards untaken alternatives for a covering set
//! (`cover.rs`).
//!
//! The generator is xiri's own, over `abnf-oracle`'s checked grammar: it
//! records the derivation of what it writes (which the comparison of two
//! grammars reads), and it draws a character of a numeric range uniformly
//! among the range's characters (`abnf-oracle` 0.1.1's generator misplaces
//! ranges above the surrogates at U+E000; tests/common/abnf.rs works
//! around it there).

use super::scalars::{nth_scalar, scalar};
use crate::rules::{LoadedGrammar, NO_GENERATOR};
use abnf_oracle::{CheckedGrammar, MinLen, Node, NodeId, NumVal, Witness};

/// A rule's part of a generated (or parsed) string: the rule, its byte
/// span, and the rules inside it.
///
/// ```
/// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = b b\nb = \"x\"\n")]).unwrap();
/// let member = Generator::new(&g, 1).member("a").unwrap();
/// assert_eq!(member.tree.rule, "a");
/// assert_eq!(member.tree.children[1].start, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The rule, as the grammar spells it.
    pub rule: String,
    /// Where its text starts, in bytes.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// The rules it is made of, in order. An iteration of a repetition
    /// whose body can match the empty string is recorded only where the
    /// generator wrote it: the iterations the count requires beyond those
    /// match the empty string and are left out.
    pub children: Vec<Derivation>,
}

/// A generated string and how the grammar derives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The string.
    pub text: String,
    /// Its derivation from the start rule.
    pub tree: Derivation,
}

/// Past this depth of rules, or this many characters, the generator takes
/// the shortest way out of every choice. A covering set's walk counts
/// nodes instead of rules ([`SOFT_NESTING`]), and its way to the
/// alternative it is after is not bounded but by the hard bounds.
const MAX_DEPTH: usize = 12;
const SOFT_LENGTH: usize = 120;
const SOFT_NESTING: usize = 48;
/// Past this many nodes walked, a covering set's walk takes the shortest
/// way out too: a nesting of repetitions below [`SOFT_NESTING`] that
/// writes nothing would otherwise be walked a number of times
/// exponential in its depth.
const SOFT_NODES: usize = 4096;
/// Past this many characters, or rules this deep (outside a covering
/// set, which the nesting bound alone bounds), it gives up on the string.
pub(super) const HARD_LENGTH: usize = 4000;
const HARD_DEPTH: usize = 200;
/// Past this many nested nodes (groups and rules, which nest without
/// limit in a chain of deeply grouped rules) it gives up on the string
/// too, rather than overflow the stack.
pub(super) const HARD_NESTING: usize = 1000;

/// Writes strings a rule derives. Deterministic: the same grammar, seed
/// and sequence of calls give the same strings.
///
/// ```
/// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\" / \"y\" [\"z\"]\n")]).unwrap();
/// let mut generator = Generator::new(&g, 7);
/// let set = generator.cover("a", 100).unwrap();
/// assert_eq!((set.covered, set.total), (2, 2));
/// ```
pub struct Generator<'g> {
    pub(super) grammar: &'g CheckedGrammar,
    /// What the checked grammar leaves out: the rules meeting left recursion.
    loaded: &'g LoadedGrammar,
    pub(super) rng: u64,
    /// Per node: which productive branches of an alternation were taken.
    pub(super) taken: Vec<Vec<bool>>,
    /// Per node, in a covering set: how far an alternative still wanted
    /// is, in nodes and the characters written on the way; `u64::MAX` for
    /// none.
    pub(super) distance: Vec<u64>,
    /// The alternatives (alternation, branch) a covering set still wants,
    /// sorted.
    pub(super) wanted: Vec<(usize, usize)>,
    /// Whether the walk is a covering set's: it takes a wanted branch
    /// where it passes one, and counts nodes, not rules, for its bound.
    pub(super) covering: bool,
    /// The node the covering walk's steering has reached: it follows the
    /// distances down, one node at a time, to a wanted alternative.
    pub(super) token: Option<NodeId>,
    /// The wanted alternative the steering took, if it took one.
    pub(super) reached: Option<(usize, usize)>,
    /// How deep the walk is in nodes (rules count in `depth` too).
    nesting: usize,
    /// How many nodes the walk of this string has been through.
    walked: usize,
}

/// Why nothing could be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError(pub String);

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenerateError {}

impl<'g> Generator<'g> {
    /// A generator for the grammar, seeded.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 3DIGIT\n")]).unwrap();
    /// assert_eq!(Generator::new(&g, 1).member("a").unwrap().text.len(), 3);
    /// ```
    pub fn new(grammar: &'g LoadedGrammar, seed: u64) -> Self {
        let checked = grammar.checked();
        let taken = (0..checked.node_count())
            .map(|i| match checked.node(node_id(i)) {
                Node::Alt { branches } => vec![false; branches.len()],
                _ => Vec::new(),
            })
            .collect();
        Generator {
            grammar: checked,
            loaded: grammar,
            rng: seed ^ 0x9E37_79B9_7F4A_7C15,
            taken,
            distance: Vec::new(),
            wanted: Vec::new(),
            covering: false,
            token: None,
            reached: None,
            nesting: 0,
            walked: 0,
        }
    }

    /// A random member of `rule`.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = 1*3\"ab\"\n")]).unwrap();
    /// let m = Generator::new(&g, 3).member("a").unwrap();
    /// assert!(m.text.len() % 2 == 0 && m.text.len() <= 6);
    /// ```
    pub fn member(&mut self, rule: &str) -> Result<Generated, GenerateError> {
        self.covering = false;
        let body = self.start(rule)?;
        for _ in 0..16 {
            if let Some(g) = self.attempt(rule, body) {
                return Ok(g);
            }
        }
        Err(GenerateError(format!(
            "{rule}: every string tried grew past {HARD_LENGTH} characters, {HARD_DEPTH} rules deep or {HARD_NESTING} nodes deep"
        )))
    }

    /// Whether the generator can take `rule`: why not, when it cannot (no
    /// such rule, a prose value reached, no string matched, left
    /// recursion met).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let text = "e = e \"+\" t / t\nt = DIGIT\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
    /// let generator = Generator::new(&g, 0);
    /// assert!(generator.check("t").is_ok());
    /// let refusal = generator.check("e").unwrap_err().to_string();
    /// assert!(refusal.starts_with("`e` is left-recursive (e -> e, at g.abnf:1:5): "), "{refusal}");
    /// ```
    pub fn check(&self, rule: &str) -> Result<(), GenerateError> {
        self.start(rule).map(|_| ())
    }

    pub(super) fn start(&self, rule: &str) -> Result<NodeId, GenerateError> {
        if let Some(left) = self.loaded.left_recursion(rule) {
            return Err(GenerateError(format!("{left}: {}", NO_GENERATOR)));
        }
        if let Some(prose) = self.loaded.unchecked_prose(rule) {
            let rule = self.loaded.rule_name(rule).unwrap_or(rule).to_string();
            let prose = prose.to_string();
            let refusal = abnf_oracle::GenError::ProseValueReachable { rule, prose };
            return Err(GenerateError(refusal.to_string()));
        }
        let found = self
            .grammar
            .rule(rule)
            .ok_or_else(|| GenerateError(format!("no rule {rule:?}")))?;
        self.grammar
            .can_generate(rule)
            .map_err(|e| GenerateError(e.to_string()))?;
        if !self.grammar.min_len(found.body).is_finite() {
            return Err(GenerateError(format!("{rule} matches no string")));
        }
        Ok(found.body)
    }

    pub(super) fn attempt(&mut self, rule: &str, body: NodeId) -> Option<Generated> {
        let mut text = String::new();
        let mut tree = Derivation {
            rule: self.spelling(rule),
            start: 0,
            end: 0,
            children: Vec::new(),
        };
        self.walked = 0;
        self.walk(body, 0, &mut text, &mut tree.children).ok()?;
        tree.end = text.len();
        Some(Generated { text, tree })
    }

    fn spelling(&self, rule: &str) -> String {
        self.grammar
            .rule(rule)
            .map_or(rule.to_string(), |r| r.name.as_str().to_string())
    }

    /// Writes a node's part; `Err` past [`HARD_LENGTH`], [`HARD_DEPTH`]
    /// or [`HARD_NESTING`].
    fn walk(
        &mut self,
        id: NodeId,
        depth: usize,
        out: &mut String,
        trees: &mut Vec<Derivation>,
    ) -> Result<(), ()> {
        let too_deep = depth > HARD_DEPTH && !self.covering;
        if out.len() > HARD_LENGTH || too_deep || self.nesting > HARD_NESTING {
            return Err(());
        }
        self.nesting += 1;
        self.walked += 1;
        let walked = self.walk_node(id, depth, out, trees);
        self.nesting -= 1;
        walked
    }

    fn walk_node(
        &mut self,
        id: NodeId,
        depth: usize,
        out: &mut String,
        trees: &mut Vec<Derivation>,
    ) -> Result<(), ()> {
        // The covering walk's steering: the node holding the token goes
        // towards a wanted alternative, whatever the soft bounds say.
        let holding = self.token == Some(id);
        if holding {
            self.token = None;
        }
        let short = if self.covering {
            out.len() > SOFT_LENGTH || self.nesting > SOFT_NESTING || self.walked > SOFT_NODES
        } else {
            depth > MAX_DEPTH || out.len() > SOFT_LENGTH
        };
        // Where it is not short, a covering walk takes any wanted branch
        // it passes.
        let greedy = self.covering && !short;
        match self.grammar.node(id) {
            Node::Alt { branches } => {
                let branches = branches.clone();
                let steered = if holding { self.steer(id) } else { None };
                let b = match steered {
                    Some(b) => b,
                    None => self.branch(id, &branches, short, greedy),
                };
                if let Some(taken) = self.taken.get_mut(id.index()).and_then(|t| t.get_mut(b)) {
                    *taken = true;
                }
                match branches.get(b) {
                    Some(&next) => self.walk(next, depth, out, trees),
                    None => Err(()),
                }
            }
            Node::Concat { items } => {
                let items = items.clone();
                let steered = if holding { self.nearest(id) } else { None };
                for (i, item) in items.into_iter().enumerate() {
                    if steered == Some(i) {
                        self.token = Some(item);
                    }
                    self.walk(item, depth, out, trees)?;
                }
                Ok(())
            }
            Node::Repeat { repeat, body, .. } => {
                let (min, max, body) = (repeat.min, repeat.max, *body);
                // A body that matches the empty string can be taken empty
                // as often as the count asks, so such a repetition is
                // walked as if its minimum were 0: the iterations taken
                // empty are neither written nor recorded in the tree, and
                // a count of 2^64 - 1 costs nothing (issue 27's finding).
                let min = if self.grammar.min_len(body) == MinLen::ZERO {
                    0
                } else {
                    min
                };
                let steered = holding && self.nearest(id).is_some();
                let count = if (steered || greedy && self.near(body)) && max.is_none_or(|m| m >= 1)
                {
                    min.max(1)
                } else if short {
                    min
                } else {
                    let ceiling = max.unwrap_or(u64::MAX).min(min.saturating_add(3));
                    min + self.below(ceiling.saturating_sub(min).saturating_add(1))
                };
                for k in 0..count {
                    if steered && k == 0 {
                        self.token = Some(body);
                    }
                    self.walk(body, depth, out, trees)?;
                }
                Ok(())
            }
            Node::Optional { body } => {
                let body = *body;
                let steered = holding && self.nearest(id).is_some();
                let take = if !self.grammar.min_len(body).is_finite() {
                    false
                } else if steered || greedy && self.near(body) {
                    true
                } else if short {
                    false
                } else {
                    self.below(2) == 0
                };
                if take {
                    if steered {
                        self.token = Some(body);
                    }
                    self.walk(body, depth, out, trees)?;
                }
                Ok(())
            }
            Node::RuleRef { .. } => {
                let target = self.grammar.target(id).ok_or(())?;
                let rule = self.grammar.rule_by_id(target);
                let (name, body) = (rule.name.as_str().to_string(), rule.body);
                let start = out.len();
                let mut children = Vec::new();
                if holding && self.nearest(id).is_some() {
                    self.token = Some(body);
                }
                self.walk(body, depth + 1, out, &mut children)?;
                trees.push(Derivation {
                    rule: name,
                    start,
                    end: out.len(),
                    children,
                });
                Ok(())
            }
            Node::CharVal(value) => {
                let (text, sensitive) = (value.value.clone(), value.case_sensitive);
                for c in text.chars() {
                    let c = if sensitive || self.below(2) == 0 {
                        c
                    } else if c.is_ascii_lowercase() {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    };
                    out.push(c);
                }
                Ok(())
            }
            Node::NumVal { value, .. } => {
                match value.clone() {
                    NumVal::Scalar(v) => out.push(scalar(v).ok_or(())?),
                    NumVal::Concat(vs) => {
                        for v in vs {
                            out.push(scalar(v).ok_or(())?);
                        }
                    }
                    NumVal::Range { lo, hi } => {
                        let count = NumVal::scalars_in(lo, hi);
                        // The ends of a range are where grammars differ most.
                        let index = match self.below(4) {
                            0 => 0,
                            1 => count.saturating_sub(1),
                            _ => self.below(count),
                        };
                        out.push(nth_scalar(lo, hi, index).ok_or(())?);
                    }
                }
                Ok(())
            }
            Node::ProseVal(_) => Err(()),
        }
    }

    /// Picks a productive branch: in a covering walk that is not short, a
    /// wanted one; when short, the shortest; else at random.
    fn branch(&mut self, id: NodeId, branches: &[NodeId], short: bool, greedy: bool) -> usize {
        if greedy {
            if let Some(b) = self.wanted_branch(id) {
                return b;
            }
        }
        let usable: Vec<usize> = (0..branches.len())
            .filter(|&b| {
                branches
                    .get(b)
                    .is_some_and(|&n| self.grammar.min_len(n).is_finite())
            })
            .collect();
        if short {
            if let Some(Witness::Branch(b)) = self.grammar.witness(id) {
                return b as usize;
            }
        }
        let pick = self.below(usable.len() as u64) as usize;
        usable.get(pick).copied().unwrap_or(0)
    }

    pub(super) fn dist(&self, id: NodeId) -> u64 {
        self.distance.get(id.index()).copied().unwrap_or(u64::MAX)
    }

    fn near(&self, id: NodeId) -> bool {
        self.dist(id) != u64::MAX
    }

    /// A number below `n` (0 when `n` is 0), from SplitMix64.
    fn below(&mut self, n: u64) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if n == 0 {
            0
        } else {
            z % n
        }
    }

    /// A number below `n`, for the callers in this module's siblings.
    pub(crate) fn next_below(&mut self, n: u64) -> u64 {
        self.below(n)
    }
}

/// The nodes a node leads to: its items, its body, the rule it names;
/// not through a branch that matches nothing or a repetition of at most 0.
pub(crate) fn children(g: &CheckedGrammar, id: NodeId) -> Vec<NodeId> {
    match g.node(id) {
        Node::Alt { branches } => branches
            .iter()
            .copied()
            .filter(|&b| g.min_len(b) != MinLen::Infinite)
            .collect(),
        Node::Concat { items } => items.clone(),
        Node::Repeat { repeat, body, .. } if repeat.max != Some(0) => vec![*body],
        Node::Optional { body } => vec![*body],
        Node::RuleRef { .. } => g
            .target(id)
            .map(|t| vec![g.rule_by_id(t).body])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

pub(super) fn node_id(index: usize) -> NodeId {
    NodeId::from_index(u32::try_from(index).unwrap_or(u32::MAX))
}
