//! From a checked ABNF grammar to a nondeterministic automaton: Thompson's
//! construction over ranges of code points, with every rule reference
//! inlined, and each bracketed group (`"(" x ")"` with the compile
//! options' bracket pair) made a call to a fragment of its own, which is
//! how recursion through brackets stays finite.

use super::budget::{
    MAX_COPIES, MAX_DEPTH, STATE_BUDGET, nested_too_deep, optional_copies, repeated_too_often,
    too_many_states,
};
use super::error::CompileError;
use super::ranges::{merge, num_name};
use abnf_oracle::{CharVal, CheckedGrammar, Node, NodeId, NumVal, RuleId};
use std::collections::HashMap;

/// The middle of `items` when they are `brackets` around it: a call.
pub(super) fn bracketed(
    g: &CheckedGrammar,
    brackets: Option<(char, char)>,
    items: &[NodeId],
) -> Option<NodeId> {
    let (open, close) = brackets?;
    let is = |id: NodeId, c: char| match g.node(id) {
        Node::CharVal(v) => v.value.chars().eq([c]),
        Node::NumVal {
            value: NumVal::Scalar(v),
            ..
        } => *v == u64::from(c),
        _ => false,
    };
    match items {
        [first, middle, last] if is(*first, open) && is(*last, close) => Some(*middle),
        _ => None,
    }
}

/// A character edge: on any character of `sets[set]`, to `to`; named
/// `names[name]` in expected sets.
pub(super) struct Edge {
    pub(super) set: usize,
    pub(super) to: usize,
    pub(super) name: usize,
}

/// A call: the bracket pair around fragment `fragment`, then `to`.
pub(super) struct Call {
    pub(super) fragment: usize,
    pub(super) to: usize,
}

/// One NFA state's way out.
#[derive(Default)]
pub(super) struct State {
    pub(super) eps: Vec<usize>,
    pub(super) edges: Vec<Edge>,
    pub(super) calls: Vec<Call>,
}

/// A piece of the automaton with its own entry and exit: the rule itself
/// (fragment 0) or the inside of a bracket pair.
pub(super) struct Fragment {
    pub(super) start: usize,
    pub(super) end: usize,
    /// The name of what calls it, for expected sets.
    pub(super) name: usize,
}

/// The automaton.
#[derive(Default)]
pub(super) struct Nfa {
    pub(super) states: Vec<State>,
    /// Character sets: sorted, merged inclusive ranges.
    pub(super) sets: Vec<Vec<(u32, u32)>>,
    pub(super) names: Vec<String>,
    pub(super) fragments: Vec<Fragment>,
}

/// What naming and recursion detection need while a node is compiled.
#[derive(Clone, Copy)]
struct Ctx {
    /// The outermost rule being inlined that stands for one unit (a
    /// character or a fixed short sequence such as `pct-encoded`) and
    /// begins at the character being compiled, if any: the character is
    /// named after it.
    unit_rule: Option<usize>,
    /// The body and name of the innermost rule being inlined.
    rule: Option<(NodeId, usize)>,
}

pub(super) struct Builder<'g> {
    g: &'g CheckedGrammar,
    brackets: Option<(char, char)>,
    nfa: Nfa,
    set_ids: HashMap<Vec<(u32, u32)>, usize>,
    name_ids: HashMap<String, usize>,
    fragment_of: HashMap<NodeId, usize>,
    pending: Vec<(usize, NodeId)>,
    inlining: Vec<RuleId>,
    unit_rules: HashMap<RuleId, bool>,
    /// How deep `node` and `unit` are in their recursion.
    depth: usize,
    /// The deepest `node` went, for the test of `MAX_DEPTH`.
    #[cfg(test)]
    deepest: usize,
}

impl<'g> Builder<'g> {
    pub(super) fn new(g: &'g CheckedGrammar, brackets: Option<(char, char)>) -> Self {
        Builder {
            g,
            brackets,
            nfa: Nfa::default(),
            set_ids: HashMap::new(),
            name_ids: HashMap::new(),
            fragment_of: HashMap::new(),
            pending: Vec::new(),
            inlining: Vec::new(),
            unit_rules: HashMap::new(),
            depth: 0,
            #[cfg(test)]
            deepest: 0,
        }
    }

    /// The automaton of `rule`'s body (fragment 0) and of every bracket
    /// body it reaches.
    pub(super) fn build(mut self, rule: RuleId) -> Result<Nfa, CompileError> {
        self.construct(rule)?;
        Ok(self.nfa)
    }

    fn construct(&mut self, rule: RuleId) -> Result<(), CompileError> {
        let r = self.g.rule_by_id(rule);
        let name = self.name(r.name.as_str());
        let start = self.state()?;
        self.nfa.fragments.push(Fragment {
            start,
            end: start,
            name,
        });
        self.inlining.push(rule);
        let ctx = Ctx {
            unit_rule: self.is_unit_rule(rule).then_some(name),
            rule: Some((r.body, name)),
        };
        let end = self.node(r.body, ctx, start)?;
        self.inlining.clear();
        if let Some(f) = self.nfa.fragments.first_mut() {
            f.end = end;
        }
        while let Some((fragment, body)) = self.pending.pop() {
            let start = self.nfa.fragments.get(fragment).map_or(0, |f| f.start);
            let ctx = Ctx {
                unit_rule: None,
                rule: None,
            };
            let end = self.node(body, ctx, start)?;
            if let Some(f) = self.nfa.fragments.get_mut(fragment) {
                f.end = end;
            }
        }
        Ok(())
    }

    fn state(&mut self) -> Result<usize, CompileError> {
        if self.nfa.states.len() >= STATE_BUDGET {
            return Err(too_many_states());
        }
        self.nfa.states.push(State::default());
        Ok(self.nfa.states.len() - 1)
    }

    fn eps(&mut self, from: usize, to: usize) {
        if let Some(s) = self.nfa.states.get_mut(from) {
            s.eps.push(to);
        }
    }

    fn name(&mut self, name: &str) -> usize {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        self.nfa.names.push(name.to_string());
        self.name_ids
            .insert(name.to_string(), self.nfa.names.len() - 1);
        self.nfa.names.len() - 1
    }

    /// A state after one character of `ranges` from `from`.
    fn chars(
        &mut self,
        from: usize,
        ranges: Vec<(u32, u32)>,
        name: usize,
    ) -> Result<usize, CompileError> {
        let ranges = merge(ranges);
        let set = match self.set_ids.get(&ranges) {
            Some(&id) => id,
            None => {
                self.nfa.sets.push(ranges.clone());
                self.set_ids.insert(ranges, self.nfa.sets.len() - 1);
                self.nfa.sets.len() - 1
            }
        };
        let to = self.state()?;
        if let Some(s) = self.nfa.states.get_mut(from) {
            s.edges.push(Edge { set, to, name });
        }
        Ok(to)
    }

    /// Compiles `id` from state `from`; returns the state after it.
    fn node(&mut self, id: NodeId, ctx: Ctx, from: usize) -> Result<usize, CompileError> {
        if self.depth >= MAX_DEPTH {
            return Err(nested_too_deep());
        }
        self.depth += 1;
        #[cfg(test)]
        {
            self.deepest = self.deepest.max(self.depth);
        }
        let end = self.node_within_depth(id, ctx, from);
        self.depth -= 1;
        end
    }

    fn node_within_depth(
        &mut self,
        id: NodeId,
        ctx: Ctx,
        from: usize,
    ) -> Result<usize, CompileError> {
        match self.g.node(id) {
            Node::Alt { branches } => {
                let end = self.state()?;
                for &b in branches {
                    let e = self.node(b, ctx, from)?;
                    self.eps(e, end);
                }
                Ok(end)
            }
            Node::Concat { items } => {
                if let Some(middle) = self.bracketed(items) {
                    return self.call(id, middle, ctx, from);
                }
                let mut at = from;
                let mut item_ctx = ctx;
                for &item in items {
                    at = self.node(item, item_ctx, at)?;
                    // What follows the first item does not begin the unit.
                    item_ctx.unit_rule = None;
                }
                Ok(at)
            }
            Node::Repeat { repeat, body, .. } => {
                let optional = optional_copies(repeat);
                if repeat.min.saturating_add(optional) > MAX_COPIES {
                    return Err(repeated_too_often(repeat));
                }
                let mut at = from;
                for _ in 0..repeat.min {
                    at = self.node(*body, ctx, at)?;
                }
                if repeat.max.is_none() {
                    let lp = self.state()?;
                    self.eps(at, lp);
                    let e = self.node(*body, ctx, lp)?;
                    self.eps(e, lp);
                    return Ok(lp);
                }
                let out = self.state()?;
                for _ in 0..optional {
                    self.eps(at, out);
                    at = self.node(*body, ctx, at)?;
                }
                self.eps(at, out);
                Ok(out)
            }
            Node::Optional { body } => {
                let out = self.state()?;
                self.eps(from, out);
                let e = self.node(*body, ctx, from)?;
                self.eps(e, out);
                Ok(out)
            }
            Node::RuleRef { name, .. } => {
                let Some(target) = self.g.target(id) else {
                    return Err(CompileError::Undefined(name.as_str().to_string()));
                };
                if self.inlining.contains(&target) {
                    return Err(CompileError::Recursive(name.as_str().to_string()));
                }
                let rule = self.g.rule_by_id(target);
                let rule_name = self.name(rule.name.as_str());
                let unit_rule = match ctx.unit_rule {
                    Some(c) => Some(c),
                    None => self.is_unit_rule(target).then_some(rule_name),
                };
                let inner = Ctx {
                    unit_rule,
                    rule: Some((rule.body, rule_name)),
                };
                self.inlining.push(target);
                let end = self.node(rule.body, inner, from);
                self.inlining.pop();
                end
            }
            Node::CharVal(CharVal {
                value,
                case_sensitive,
            }) => {
                let name = match ctx.unit_rule {
                    Some(c) => c,
                    None => {
                        let quoted = format!("{value:?}");
                        let shown = if *case_sensitive {
                            format!("%s{quoted}")
                        } else {
                            quoted
                        };
                        self.name(&shown)
                    }
                };
                let mut at = from;
                for c in value.chars() {
                    let mut ranges = vec![(u32::from(c), u32::from(c))];
                    if !case_sensitive && c.is_ascii_alphabetic() {
                        for other in [c.to_ascii_lowercase(), c.to_ascii_uppercase()] {
                            ranges.push((u32::from(other), u32::from(other)));
                        }
                    }
                    at = self.chars(at, ranges, name)?;
                }
                Ok(at)
            }
            Node::NumVal { value, .. } => {
                let name = match ctx.unit_rule {
                    Some(c) => c,
                    None => {
                        let shown = num_name(value);
                        self.name(&shown)
                    }
                };
                let values: Vec<(u64, u64)> = match value {
                    NumVal::Scalar(v) => vec![(*v, *v)],
                    NumVal::Range { lo, hi } => vec![(*lo, *hi)],
                    NumVal::Concat(vs) => vs.iter().map(|&v| (v, v)).collect(),
                };
                let mut at = from;
                for (lo, hi) in values {
                    let hi = hi.min(0x10_FFFF);
                    let ranges = match (u32::try_from(lo), u32::try_from(hi)) {
                        (Ok(lo), Ok(hi)) if lo <= hi => vec![(lo, hi)],
                        // Nothing representable: an edge no character takes.
                        _ => Vec::new(),
                    };
                    at = self.chars(at, ranges, name)?;
                }
                Ok(at)
            }
            Node::ProseVal(text) => Err(CompileError::Prose(text.clone())),
        }
    }

    /// The middle of `items` when they are the bracket pair around it.
    fn bracketed(&self, items: &[NodeId]) -> Option<NodeId> {
        bracketed(self.g, self.brackets, items)
    }

    /// A call to the fragment of `middle` (the bracket pair `whole`) from
    /// `from`.
    fn call(
        &mut self,
        whole: NodeId,
        middle: NodeId,
        ctx: Ctx,
        from: usize,
    ) -> Result<usize, CompileError> {
        let fragment = match self.fragment_of.get(&middle) {
            Some(&f) => f,
            None => {
                // Named after the rule it is the whole body of (`xref`),
                // or after its opening character.
                let name = match (ctx.rule, self.brackets) {
                    (Some((body, name)), _) if body == whole => name,
                    (_, Some((open, _))) => self.name(&format!("{:?}", open.to_string())),
                    _ => self.name("(call)"),
                };
                let start = self.state()?;
                self.nfa.fragments.push(Fragment {
                    start,
                    end: start,
                    name,
                });
                let f = self.nfa.fragments.len() - 1;
                self.fragment_of.insert(middle, f);
                self.pending.push((f, middle));
                f
            }
        };
        let to = self.state()?;
        if let Some(s) = self.nfa.states.get_mut(from) {
            s.calls.push(Call { fragment, to });
        }
        Ok(to)
    }

    /// Whether `rule` stands for one unit: every string one character
    /// long, or a fixed sequence of at most three (`pct-encoded`).
    fn is_unit_rule(&mut self, rule: RuleId) -> bool {
        if let Some(&known) = self.unit_rules.get(&rule) {
            return known;
        }
        // Provisionally not, so that a recursive rule ends the search.
        self.unit_rules.insert(rule, false);
        let body = self.g.rule_by_id(rule).body;
        let is = self.unit(body, 3);
        self.unit_rules.insert(rule, is);
        is
    }

    /// Whether every string of `id` is at most `len` characters long and
    /// fixed in shape (alternatives of characters, short concatenations).
    fn unit(&mut self, id: NodeId, len: usize) -> bool {
        // Too deep to tell: not a unit, which only names characters.
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        let is = self.unit_within_depth(id, len);
        self.depth -= 1;
        is
    }

    fn unit_within_depth(&mut self, id: NodeId, len: usize) -> bool {
        match self.g.node(id) {
            Node::Alt { branches } => branches.clone().into_iter().all(|b| self.unit(b, len)),
            Node::Concat { items } => {
                items.len() <= len && items.clone().into_iter().all(|i| self.unit(i, 1))
            }
            Node::CharVal(v) => v.value.chars().count() <= len,
            Node::NumVal { value, .. } => match value {
                NumVal::Concat(vs) => vs.len() <= len,
                _ => true,
            },
            Node::RuleRef { .. } => match self.g.target(id) {
                Some(target) if len == 1 => {
                    let body = self.g.rule_by_id(target).body;
                    self.is_unit_rule(target) && self.unit(body, 1)
                }
                Some(target) => self.is_unit_rule(target),
                None => false,
            },
            Node::Repeat { .. } | Node::Optional { .. } | Node::ProseVal(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Builder, MAX_DEPTH};

    /// Every rule of the built-in grammars compiles well within
    /// `MAX_DEPTH`, so the limit refuses only drafts no specification
    /// writes.
    #[test]
    fn the_built_in_grammars_are_far_from_the_depth_limit() {
        let mut deepest = 0;
        for grammar in crate::fixtures::GRAMMARS {
            let abnf = crate::fixtures::abnf(grammar);
            let Ok(checked) = abnf_oracle::Grammar::parse(&abnf).map(|g| g.check()) else {
                continue;
            };
            let Ok(checked) = checked else { continue };
            for id in (0..checked.rules().len()).filter_map(|i| u32::try_from(i).ok()) {
                for brackets in [None, Some(('(', ')'))] {
                    let mut builder = Builder::new(&checked, brackets);
                    let rule = abnf_oracle::RuleId::User(id);
                    let _ = builder.construct(rule);
                    deepest = deepest.max(builder.deepest);
                }
            }
        }
        eprintln!("deepest: {deepest}");
        assert!(deepest > 0 && deepest * 2 < MAX_DEPTH, "{deepest}");
    }
}
