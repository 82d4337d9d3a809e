//! [`structure`](super::structure) for every rule of a grammar, each rule
//! measured once: how many NFA states its construction takes and how
//! deep it nests, from the measures of the rules it uses, and which
//! bracketed groups it calls (each group is built once a rule, whichever
//! rule calls it). Asked of each rule on its own, the construction
//! inlines every rule the rule reaches again, so many rules using one
//! large rule cost that rule each (issue 41: 20 KB and 200 KB of such
//! rules took 0.44 and 28 s), and so did each rule of a chain its last
//! rule closes through brackets. What a node calls names the groups and
//! the rules it holds, not what they call: the groups each rule reaches
//! are summed once over the graph of calls (`closure.rs`).

use super::budget::{
    MAX_COPIES, MAX_DEPTH, STATE_BUDGET, nested_too_deep, optional_copies, repeated_too_often,
    too_many_states,
};
use super::closure::{Reached, Weight};
use super::error::CompileError;
use super::nfa::bracketed;
use abnf_oracle::{CheckedGrammar, Node, NodeId, Repeat, RuleId};
use std::collections::{HashMap, HashSet};

/// What the construction of a node takes, counted as the builder
/// (`nfa.rs`) counts: saturating, since nested repetitions multiply.
#[derive(Clone, Debug)]
struct Size {
    /// NFA states.
    states: u64,
    /// Levels of nodes, a rule reference one more than its target's body.
    height: u64,
    /// The first repetition of more than [`MAX_COPIES`] copies.
    repeated: Option<Repeat>,
    /// The bracketed groups it calls and the rules it inlines (whose
    /// calls are its calls too).
    calls: Vec<Callee>,
}

/// What a node's construction calls: a bracketed group (by its middle),
/// or a rule it inlines, whose calls it makes too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Callee {
    Group(NodeId),
    Rule(RuleId),
}

impl Size {
    fn leaf(states: u64) -> Self {
        Size {
            states,
            height: 1,
            repeated: None,
            calls: Vec::new(),
        }
    }

    /// `self` and `other` side by side, under one more level.
    fn beside(mut self, other: Size) -> Self {
        self.states = self.states.saturating_add(other.states);
        self.height = self.height.max(other.height.saturating_add(1));
        self.repeated = self.repeated.or(other.repeated);
        self.calls.extend(other.calls);
        self
    }

    /// Each callee once (a body lists each where it is written).
    fn deduplicated(mut self) -> Self {
        let mut seen = HashSet::new();
        self.calls.retain(|c| seen.insert(*c));
        self
    }

    /// Why the builder refuses a piece of this size, but for the states
    /// of the whole.
    fn refusal(&self) -> Option<CompileError> {
        if let Some(repeat) = &self.repeated {
            return Some(repeated_too_often(repeat));
        }
        (self.height > MAX_DEPTH as u64).then(nested_too_deep)
    }
}

/// Every rule's [`structure`](super::structure) with one choice of
/// brackets, each rule measured once and its measure reused by every rule
/// that uses it, each bracketed group once. A rule that reaches recursion
/// (other than through the brackets), a prose value or an undefined name
/// is built as [`structure`](super::structure) builds it, when asked.
///
/// The verdict is [`structure`](super::structure)'s; of a rule too large
/// for more than one reason, the reason given may be another of them.
///
/// ```
/// let text = "a = b b\nb = 3\"x\" / c\nc = \"(\" c \")\"\n";
/// let g = abnf_oracle::Grammar::parse(text).unwrap().check().unwrap();
/// let a = abnf_oracle::RuleId::User(0);
/// assert!(xiri_engine::Structures::new(&g, None).of(a).is_err());
/// assert!(xiri_engine::Structures::new(&g, Some(('(', ')'))).of(a).is_ok());
/// ```
pub struct Structures<'g> {
    grammar: &'g CheckedGrammar,
    brackets: Option<(char, char)>,
    /// Each rule's body measured, or `None` when the builder must answer.
    sizes: HashMap<RuleId, Option<Size>>,
    /// Each bracketed group's middle measured, as a call builds it.
    groups: HashMap<NodeId, Option<Size>>,
    /// Each measured rule and each group, by its node in `reached`.
    nodes: HashMap<Callee, usize>,
    /// The nodes, in the order measured.
    order: Vec<Callee>,
    /// What each node reaches through its calls.
    reached: Reached,
}

impl<'g> Structures<'g> {
    /// Measures every rule of `grammar` (each after the rules it uses: an
    /// iterative walk, so a chain of thousands of rules is no deeper a
    /// stack), then every group between `brackets`.
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse("a = \"x\"\n").unwrap().check().unwrap();
    /// assert!(xiri_engine::Structures::new(&g, None).of(abnf_oracle::RuleId::User(0)).is_ok());
    /// ```
    pub fn new(grammar: &'g CheckedGrammar, brackets: Option<(char, char)>) -> Self {
        let mut s = Structures {
            grammar,
            brackets,
            sizes: HashMap::new(),
            groups: HashMap::new(),
            nodes: HashMap::new(),
            order: Vec::new(),
            reached: Reached::new(&[], &[]),
        };
        // The nodes of the graph of calls, in the order measured.
        let mut order: Vec<Callee> = Vec::new();
        let users = (0..grammar.rules().len()).filter_map(|i| u32::try_from(i).ok());
        let mut middles = Vec::new();
        for root in users.map(RuleId::User) {
            if s.sizes.contains_key(&root) {
                continue;
            }
            let mut open = HashSet::from([root]);
            let mut stack = vec![(root, s.uses(root, &mut middles), 0)];
            while let Some((rule, used, next)) = stack.last_mut() {
                let rule = *rule;
                match used.get(*next).copied() {
                    Some(u) => {
                        *next += 1;
                        // A rule on the stack is a cycle: it has no size
                        // yet, and its users are left to the builder.
                        if !s.sizes.contains_key(&u) && open.insert(u) {
                            stack.push((u, s.uses(u, &mut middles), 0));
                        }
                    }
                    None => {
                        stack.pop();
                        open.remove(&rule);
                        let size = s.measure(grammar.rule_by_id(rule).body, 1);
                        let size = size.map(Size::deduplicated);
                        if size.is_some() {
                            order.push(Callee::Rule(rule));
                        }
                        s.sizes.insert(rule, size);
                    }
                }
            }
        }
        // A group is built from its own start, at the first level; the
        // groups written inside one are measured too.
        while let Some(middle) = middles.pop() {
            if s.groups.contains_key(&middle) {
                continue;
            }
            let size = s.measure(middle, 1).map(Size::deduplicated);
            middles.extend(size.iter().flat_map(|size| {
                size.calls.iter().filter_map(|c| match c {
                    Callee::Group(m) => Some(*m),
                    Callee::Rule(_) => None,
                })
            }));
            order.push(Callee::Group(middle));
            s.groups.insert(middle, size);
        }
        s.close(order);
        s
    }

    /// The graph of calls over `order`'s nodes, summed once: a group
    /// weighs its states and its start's, a rule nothing (its states are
    /// in each size that inlines it).
    fn close(&mut self, order: Vec<Callee>) {
        self.nodes = order.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        let mut weights = Vec::with_capacity(order.len());
        let mut edges = Vec::with_capacity(order.len());
        for callee in &order {
            let size = self.size(*callee);
            let mut weight = Weight::default();
            match (callee, size) {
                (Callee::Group(_), Some(size)) => {
                    weight.states = size.states.saturating_add(1);
                    weight.refused = size.refusal().is_some();
                }
                (Callee::Group(_), None) => weight.unknown = true,
                (Callee::Rule(_), _) => {}
            }
            let mut out = Vec::new();
            for c in size.map_or(&[][..], |s| s.calls.as_slice()) {
                match self.nodes.get(c) {
                    Some(&t) => out.push(t),
                    None => weight.unknown = true,
                }
            }
            weights.push(weight);
            edges.push(out);
        }
        self.reached = Reached::new(&weights, &edges);
        self.order = order;
    }

    /// A measured rule's or group's size.
    fn size(&self, callee: Callee) -> Option<&Size> {
        match callee {
            Callee::Group(m) => self.groups.get(&m)?.as_ref(),
            Callee::Rule(r) => self.sizes.get(&r)?.as_ref(),
        }
    }

    /// What [`structure`](super::structure)`(grammar, id, brackets)` says.
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse("a = 20000\"x\"\n").unwrap().check().unwrap();
    /// let e = xiri_engine::Structures::new(&g, None).of(abnf_oracle::RuleId::User(0));
    /// assert!(matches!(e, Err(xiri_engine::CompileError::TooLarge(_))));
    /// ```
    pub fn of(&self, id: RuleId) -> Result<(), CompileError> {
        let build = || super::structure(self.grammar, id, self.brackets);
        let (Some(Some(size)), Some(&node)) =
            (self.sizes.get(&id), self.nodes.get(&Callee::Rule(id)))
        else {
            return build();
        };
        // The rule's start state, then its body's; each group it calls,
        // and they call, once: its start state, then its middle's.
        let reached = self.reached.of(node);
        if reached.unknown {
            return build();
        }
        let refused = reached.refused.and_then(|u| self.order.get(u).copied());
        let refusal = size
            .refusal()
            .or_else(|| refused.and_then(|c| self.size(c)?.refusal()));
        if let Some(e) = refusal {
            return Err(e);
        }
        let states = size.states.saturating_add(1).saturating_add(reached.states);
        match states > STATE_BUDGET as u64 {
            false => Ok(()),
            true if reached.exact => Err(too_many_states()),
            // Two paths meet below: the sum counted a group twice.
            true => self.count(id, size),
        }
    }

    /// The states of rule `id` (of `size`) and of each group it reaches,
    /// each once, until they pass the budget: where the sum is only a
    /// bound.
    fn count(&self, id: RuleId, size: &Size) -> Result<(), CompileError> {
        let mut states = size.states.saturating_add(1);
        let mut seen = HashSet::from([Callee::Rule(id)]);
        let mut stack = size.calls.clone();
        while let Some(callee) = stack.pop() {
            if !seen.insert(callee) {
                continue;
            }
            let Some(called) = self.size(callee) else {
                continue;
            };
            if let Callee::Group(_) = callee {
                states = states.saturating_add(called.states).saturating_add(1);
                if states > STATE_BUDGET as u64 {
                    return Err(too_many_states());
                }
            }
            stack.extend(&called.calls);
        }
        Ok(())
    }

    /// The rules `rule`'s body inlines where the builder goes; the middles
    /// of the groups it calls are added to `middles`.
    fn uses(&self, rule: RuleId, middles: &mut Vec<NodeId>) -> Vec<RuleId> {
        let g = self.grammar;
        let mut found = Vec::new();
        let mut stack = vec![g.rule_by_id(rule).body];
        while let Some(id) = stack.pop() {
            match g.node(id) {
                Node::Concat { items } => match bracketed(g, self.brackets, items) {
                    Some(middle) => middles.push(middle),
                    None => stack.extend(items),
                },
                Node::Alt { branches } => stack.extend(branches),
                Node::Repeat { repeat, body, .. } if builds_body(repeat) => stack.push(*body),
                Node::Optional { body } => stack.push(*body),
                Node::RuleRef { .. } => found.extend(g.target(id)),
                _ => {}
            }
        }
        found
    }

    /// The size of node `id` at `level` (the body of a rule is at 1),
    /// from the sizes of the rules it refers to; `None` where only the
    /// builder can tell: a prose value, an undefined name, a rule not
    /// measured (recursion or what reaches it), or a body nested deeper
    /// than the builder goes.
    fn measure(&self, id: NodeId, level: usize) -> Option<Size> {
        if level > MAX_DEPTH {
            return None;
        }
        let g = self.grammar;
        let inner = |id: NodeId| self.measure(id, level + 1);
        let (states, items) = match g.node(id) {
            Node::Alt { branches } => (1, branches),
            Node::Concat { items } => match bracketed(g, self.brackets, items) {
                // A call: the state after it; the group is built apart.
                Some(middle) => {
                    let mut call = Size::leaf(1);
                    call.calls.push(Callee::Group(middle));
                    return Some(call);
                }
                None => (0, items),
            },
            Node::Optional { body } => return Some(Size::leaf(1).beside(inner(*body)?)),
            Node::Repeat { repeat, body, .. } => {
                if !builds_body(repeat) {
                    let too_many = repeat.min.saturating_add(optional_copies(repeat)) > MAX_COPIES;
                    let mut size = Size::leaf(1);
                    size.repeated = too_many.then_some(*repeat);
                    return Some(size);
                }
                let copy = inner(*body)?;
                let looped = match repeat.max {
                    None => copy.states.saturating_add(1),
                    Some(_) => optional_copies(repeat)
                        .saturating_mul(copy.states)
                        .saturating_add(1),
                };
                let states = repeat
                    .min
                    .saturating_mul(copy.states)
                    .saturating_add(looped);
                return Some(Size::leaf(0).beside(Size { states, ..copy }));
            }
            Node::RuleRef { .. } => {
                let target = g.target(id)?;
                let inlined = self.sizes.get(&target)?.as_ref()?;
                return Some(Size::leaf(0).beside(Size {
                    states: inlined.states,
                    height: inlined.height,
                    repeated: inlined.repeated,
                    calls: vec![Callee::Rule(target)],
                }));
            }
            Node::CharVal(v) => return Some(Size::leaf(v.value.chars().count() as u64)),
            Node::NumVal { value, .. } => {
                let count = match value {
                    abnf_oracle::NumVal::Concat(vs) => vs.len() as u64,
                    _ => 1,
                };
                return Some(Size::leaf(count));
            }
            Node::ProseVal(_) => return None,
        };
        let mut size = Size::leaf(states);
        for &item in items {
            size = size.beside(inner(item)?);
        }
        Some(size)
    }
}

/// Whether the builder compiles a repetition's body: not when it refuses
/// the repetition, nor when it is repeated at most zero times.
fn builds_body(repeat: &Repeat) -> bool {
    let optional = optional_copies(repeat);
    repeat.min.saturating_add(optional) <= MAX_COPIES && (repeat.min > 0 || repeat.max != Some(0))
}

#[cfg(test)]
#[path = "measure_tests.rs"]
mod tests;
