//! [`structure`](super::structure) without brackets for every rule of a
//! grammar, each rule measured once: how many NFA states its construction
//! takes and how deep it nests, from the measures of the rules it uses.
//! Asked of each rule on its own, the construction inlines every rule the
//! rule reaches again, so many rules using one large rule cost that rule
//! each (issue 41: 20 KB and 200 KB of such rules took 0.44 and 28 s).

use super::error::CompileError;
use super::nfa::{
    MAX_COPIES, MAX_DEPTH, STATE_BUDGET, nested_too_deep, optional_copies, repeated_too_often,
    too_many_states,
};
use abnf_oracle::{CheckedGrammar, Node, NodeId, Repeat, RuleId};
use std::collections::{HashMap, HashSet};

/// What the construction of a rule's body takes, counted as the builder
/// (`nfa.rs`) counts: saturating, since nested repetitions multiply.
#[derive(Clone, Copy, Debug)]
struct Size {
    /// NFA states.
    states: u64,
    /// Levels of nodes, a rule reference one more than its target's body.
    height: u64,
    /// The first repetition of more than [`MAX_COPIES`] copies.
    repeated: Option<Repeat>,
}

impl Size {
    fn leaf(states: u64) -> Self {
        Size {
            states,
            height: 1,
            repeated: None,
        }
    }

    /// `self` and `other` side by side, under one more level.
    fn beside(self, other: Size) -> Self {
        Size {
            states: self.states.saturating_add(other.states),
            height: self.height.max(other.height.saturating_add(1)),
            repeated: self.repeated.or(other.repeated),
        }
    }
}

/// Every rule's [`structure`](super::structure) without brackets, each
/// rule measured once and its measure reused by every rule that uses it.
/// A rule that reaches recursion, a prose value or an undefined name is
/// built as [`structure`](super::structure) builds it, when asked.
///
/// The verdict is [`structure`](super::structure)'s; of a rule too large
/// for more than one reason, the reason given may be another of them.
///
/// ```
/// let text = "a = b b\nb = 3\"x\" / c\nc = \"(\" c \")\"\n";
/// let g = abnf_oracle::Grammar::parse(text).unwrap().check().unwrap();
/// let structures = xiri_engine::Structures::new(&g);
/// assert!(structures.of(abnf_oracle::RuleId::User(0)).is_err());
/// let d = "d = e e\ne = 3\"x\"\n";
/// let g = abnf_oracle::Grammar::parse(d).unwrap().check().unwrap();
/// assert!(xiri_engine::Structures::new(&g).of(abnf_oracle::RuleId::User(0)).is_ok());
/// ```
pub struct Structures<'g> {
    grammar: &'g CheckedGrammar,
    /// Each rule's body measured, or `None` when the builder must answer.
    sizes: HashMap<RuleId, Option<Size>>,
}

impl<'g> Structures<'g> {
    /// Measures every rule of `grammar`, each after the rules it uses (an
    /// iterative walk: a chain of thousands of rules is no deeper a stack).
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse("a = \"x\"\n").unwrap().check().unwrap();
    /// assert!(xiri_engine::Structures::new(&g).of(abnf_oracle::RuleId::User(0)).is_ok());
    /// ```
    pub fn new(grammar: &'g CheckedGrammar) -> Self {
        let mut sizes: HashMap<RuleId, Option<Size>> = HashMap::new();
        let users = (0..grammar.rules().len()).filter_map(|i| u32::try_from(i).ok());
        for root in users.map(RuleId::User) {
            if sizes.contains_key(&root) {
                continue;
            }
            let mut open = HashSet::from([root]);
            let mut stack = vec![(root, uses(grammar, root), 0)];
            while let Some((rule, used, next)) = stack.last_mut() {
                let rule = *rule;
                match used.get(*next).copied() {
                    Some(u) => {
                        *next += 1;
                        // A rule on the stack is a cycle: it has no size
                        // yet, and its users are left to the builder.
                        if !sizes.contains_key(&u) && open.insert(u) {
                            stack.push((u, uses(grammar, u), 0));
                        }
                    }
                    None => {
                        stack.pop();
                        open.remove(&rule);
                        let body = grammar.rule_by_id(rule).body;
                        let size = measure(grammar, body, &sizes, 1);
                        sizes.insert(rule, size);
                    }
                }
            }
        }
        Structures { grammar, sizes }
    }

    /// What [`structure`](super::structure)`(grammar, id, None)` says.
    ///
    /// ```
    /// let g = abnf_oracle::Grammar::parse("a = 20000\"x\"\n").unwrap().check().unwrap();
    /// let e = xiri_engine::Structures::new(&g).of(abnf_oracle::RuleId::User(0));
    /// assert!(matches!(e, Err(xiri_engine::CompileError::TooLarge(_))));
    /// ```
    pub fn of(&self, id: RuleId) -> Result<(), CompileError> {
        let Some(Some(size)) = self.sizes.get(&id) else {
            return super::structure(self.grammar, id, None);
        };
        if let Some(repeat) = &size.repeated {
            return Err(repeated_too_often(repeat));
        }
        if size.height > MAX_DEPTH as u64 {
            return Err(nested_too_deep());
        }
        // The rule's start state, then its body's.
        if size.states.saturating_add(1) > STATE_BUDGET as u64 {
            return Err(too_many_states());
        }
        Ok(())
    }
}

/// Whether the builder compiles a repetition's body: not when it refuses
/// the repetition, nor when it is repeated at most zero times.
fn builds_body(repeat: &Repeat) -> bool {
    let optional = optional_copies(repeat);
    repeat.min.saturating_add(optional) <= MAX_COPIES && (repeat.min > 0 || repeat.max != Some(0))
}

/// The rules `rule`'s body refers to where the builder goes.
fn uses(grammar: &CheckedGrammar, rule: RuleId) -> Vec<RuleId> {
    let mut found = Vec::new();
    let mut stack = vec![grammar.rule_by_id(rule).body];
    while let Some(id) = stack.pop() {
        match grammar.node(id) {
            Node::Alt { branches: items } | Node::Concat { items } => stack.extend(items),
            Node::Repeat { repeat, body, .. } if builds_body(repeat) => stack.push(*body),
            Node::Optional { body } => stack.push(*body),
            Node::RuleRef { .. } => found.extend(grammar.target(id)),
            _ => {}
        }
    }
    found
}

/// The size of node `id` at `level` (the body of a rule is at 1), from
/// the sizes of the rules it refers to; `None` where only the builder can
/// tell: a prose value, an undefined name, a rule not measured (recursion
/// or what reaches it), or a body nested deeper than the builder goes.
fn measure(
    grammar: &CheckedGrammar,
    id: NodeId,
    sizes: &HashMap<RuleId, Option<Size>>,
    level: usize,
) -> Option<Size> {
    if level > MAX_DEPTH {
        return None;
    }
    let inner = |id: NodeId| measure(grammar, id, sizes, level + 1);
    let (states, items) = match grammar.node(id) {
        Node::Alt { branches } => (1, branches),
        Node::Concat { items } => (0, items),
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
            let target = grammar.target(id)?;
            return Some(Size::leaf(0).beside((*sizes.get(&target)?)?));
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

#[cfg(test)]
mod tests {
    use super::Structures;
    use abnf_oracle::RuleId;

    /// Each rule's verdict and reason, measured and built.
    fn both(text: &str) -> Vec<(String, String)> {
        let g = abnf_oracle::Grammar::parse(text).unwrap().check().unwrap();
        let structures = Structures::new(&g);
        (0..g.rules().len() as u32)
            .map(RuleId::User)
            .map(|id| {
                let built = format!("{:?}", super::super::structure(&g, id, None));
                (format!("{:?}", structures.of(id)), built)
            })
            .collect()
    }

    /// At and past each limit, around recursion, prose and repetitions
    /// the builder skips, and on the built-in grammars: what is measured
    /// is what is built.
    #[test]
    fn measuring_says_what_building_says() {
        let chain = |n: usize, last: &str| {
            let mut text: String = (0..n).map(|i| format!("r{i} = r{}\n", i + 1)).collect();
            text.push_str(&format!("r{n} = {last}\n"));
            text
        };
        let mut texts = vec![
            // 255 rules above a character: the first at 256 levels, the
            // second one past; then a group at the bottom.
            chain(255, "\"x\""),
            chain(256, "\"x\""),
            chain(254, "(\"x\" / \"y\")"),
            chain(3, "\"(\" r0 \")\" / \"z\""),
            chain(3, "<prose>"),
            chain(3, "0*0r0 \"x\""),
            chain(3, "0r0 / 20001\"x\""),
            chain(3, "9999\"ab\" 2*\"c\" 1*3 \"d\""),
            // 400,000 states (the start, 39 times 10,000, then 9,998);
            // then one more.
            "a = 39b c\nb = 9999\"x\"\nc = 9997\"x\"\n".into(),
            "a = 39b c\nb = 9999\"x\"\nc = 9998\"x\"\n".into(),
            "a = b \"x\" / 1*b\nb = [ %x30-39.41 ] *c\nc = d d\nd = \"\"\n".into(),
        ];
        for grammar in crate::fixtures::GRAMMARS {
            texts.push(crate::fixtures::abnf(grammar));
        }
        let mut compared = 0;
        for text in &texts {
            let Ok(Ok(_)) = abnf_oracle::Grammar::parse(text).map(|g| g.check()) else {
                continue;
            };
            for (i, (measured, built)) in both(text).into_iter().enumerate() {
                assert_eq!(
                    measured,
                    built,
                    "rule {i} of {}",
                    &text[..text.len().min(200)]
                );
                compared += 1;
            }
        }
        assert!(compared > 1_000, "{compared}");
    }
}
