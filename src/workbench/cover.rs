//! Covering sets (abnfgen's `-c`): strings that take every alternative
//! of every rule reachable from the start at least once, found by
//! steering the generator towards the alternatives not taken yet.

use super::generate::{children, node_id, GenerateError, Generated, Generator};
use abnf_oracle::{Node, NodeId};

/// A covering set: the strings, and how many alternatives of the rules
/// reachable from the start they take, of how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// Each string takes at least one alternative no string before it took
    /// (where there is none to take, one string stands for the rule).
    pub members: Vec<Generated>,
    /// Alternatives taken.
    pub covered: usize,
    /// Alternatives that can match something, reachable from the start.
    pub total: usize,
}

impl Generator<'_> {
    /// A covering set of `rule`, of at most `limit` strings: strings are
    /// generated, steering towards alternatives not taken yet, and each
    /// that takes a new one is kept, until every alternative is taken or
    /// none is taken in many tries. `keep` decides whether a string is
    /// kept at all (the caller's check that it is a member).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let text = "a = b / c\nb = \"x\" / \"y\"\nc = \"z\" a\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
    /// let set = Generator::new(&g, 1).cover("a", 10).unwrap();
    /// assert_eq!(set.covered, set.total);
    /// assert!(set.members.len() <= 4);
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\"\n")]).unwrap();
    /// let set = Generator::new(&g, 1).cover("a", 10).unwrap();
    /// assert_eq!((set.members.len(), set.total), (1, 0));
    /// ```
    pub fn cover(&mut self, rule: &str, limit: usize) -> Result<Cover, GenerateError> {
        self.cover_checked(rule, limit, |_| true)
    }

    /// [`cover`](Self::cover), keeping only the strings `keep` accepts.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, Generator, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\" / \"y\"\n")]).unwrap();
    /// let set = Generator::new(&g, 1).cover_checked("a", 10, |m| !m.text.eq_ignore_ascii_case("y")).unwrap();
    /// assert_eq!((set.covered, set.total), (1, 2));
    /// ```
    pub fn cover_checked(
        &mut self,
        rule: &str,
        limit: usize,
        mut keep: impl FnMut(&Generated) -> bool,
    ) -> Result<Cover, GenerateError> {
        let body = self.start(rule)?;
        let units = self.units(body);
        let total = units.len();
        let mut members = Vec::new();
        let mut fruitless = 0;
        // With no alternative to take, one string stands for the rule.
        let one = |members: &Vec<Generated>| total == 0 && members.is_empty();
        while members.len() < limit && fruitless < 32 {
            let before = self.taken.clone();
            let covered_before = self.count(&units);
            if covered_before == total && !one(&members) {
                break;
            }
            self.refresh_distances();
            self.covering = true;
            let generated = self.attempt(rule, body);
            self.covering = false;
            match generated {
                Some(g) if (self.count(&units) > covered_before || one(&members)) && keep(&g) => {
                    members.push(g);
                    fruitless = 0;
                }
                _ => {
                    self.taken = before;
                    fruitless += 1;
                }
            }
        }
        Ok(Cover {
            members,
            covered: self.count(&units),
            total,
        })
    }

    fn count(&self, units: &[(usize, usize)]) -> usize {
        units
            .iter()
            .filter(|&&(n, b)| {
                self.taken
                    .get(n)
                    .and_then(|t| t.get(b))
                    .copied()
                    .unwrap_or(false)
            })
            .count()
    }

    /// Every node's distance to an alternation with an untaken productive
    /// branch, by relaxation until nothing changes.
    fn refresh_distances(&mut self) {
        let g = self.grammar;
        let n = g.node_count();
        let mut d = vec![u32::MAX; n];
        for (i, slot) in d.iter_mut().enumerate() {
            if let Node::Alt { branches } = g.node(node_id(i)) {
                let untaken = branches.iter().enumerate().any(|(b, &br)| {
                    g.min_len(br).is_finite()
                        && !self
                            .taken
                            .get(i)
                            .and_then(|t| t.get(b))
                            .copied()
                            .unwrap_or(true)
                });
                if untaken {
                    *slot = 0;
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                let best = children(g, node_id(i))
                    .into_iter()
                    .filter_map(|c| d.get(c.index()).copied())
                    .filter(|&x| x != u32::MAX)
                    .min()
                    .map_or(u32::MAX, |x| x + 1);
                if let Some(slot) = d.get_mut(i) {
                    if best < *slot {
                        *slot = best;
                        changed = true;
                    }
                }
            }
        }
        self.distance = d;
    }

    /// The alternatives (alternation, branch) reachable from `body` that
    /// can match something.
    fn units(&self, body: NodeId) -> Vec<(usize, usize)> {
        let g = self.grammar;
        let mut seen = vec![false; g.node_count()];
        let mut stack = vec![body];
        let mut units = Vec::new();
        while let Some(id) = stack.pop() {
            if std::mem::replace(seen.get_mut(id.index()).unwrap_or(&mut true), true) {
                continue;
            }
            if let Node::Alt { branches } = g.node(id) {
                for (b, &br) in branches.iter().enumerate() {
                    if g.min_len(br).is_finite() {
                        units.push((id.index(), b));
                    }
                }
            }
            stack.extend(children(g, id));
        }
        units.sort_unstable();
        units
    }
}
