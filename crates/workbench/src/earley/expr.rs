//! The grammar as the Earley compiler reads it: every rule reachable from
//! the start rule, its body as a tree of [`Expr`]s, read from a checked
//! grammar ([`Exprs::from_checked`]) or from the definitions of one that
//! `check` refuses only for left recursion ([`Exprs::from_definitions`]).

use super::error::EarleyError;
use abnf_oracle::{CheckedGrammar, DefinedAs, Definition, Element, Node, NodeId, NumVal, RuleId};
use std::collections::HashMap;

/// An index into [`Exprs::exprs`].
pub(super) type ExprId = usize;

/// One element of a rule body.
#[derive(Clone, Debug)]
pub(super) enum Expr {
    Alt(Vec<ExprId>),
    Concat(Vec<ExprId>),
    Repeat {
        min: u64,
        max: Option<u64>,
        body: ExprId,
    },
    Optional(ExprId),
    /// A rule, by its index in [`Exprs::rules`].
    Ref(usize),
    Str {
        text: String,
        sensitive: bool,
    },
    Num(NumVal),
    Prose(String),
}

/// A rule: its name as first written and its body.
#[derive(Clone, Debug)]
pub(super) struct RuleDef {
    pub(super) name: String,
    pub(super) body: ExprId,
}

/// What is known of which rules are units, while it is worked out.
struct Units {
    /// Per rule: whether it stands for one unit.
    rule: Vec<Option<bool>>,
    /// Per rule: whether its body is one character.
    one: Vec<Option<bool>>,
}

/// The rules reachable from the start rule (index 0) and their bodies.
#[derive(Clone, Debug, Default)]
pub(super) struct Exprs {
    pub(super) exprs: Vec<Expr>,
    pub(super) rules: Vec<RuleDef>,
}

/// Where a dot stands: before an element (and, inside a quoted string or a
/// numeric concatenation, before its `n`-th character), or after one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cursor {
    Before(ExprId, u32),
    After(ExprId),
}

/// Where a rule's body comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Source {
    Checked(RuleId),
    /// A definition of the user's, by the index of its merged entry.
    Defined(usize),
}

/// Reads rules into an [`Exprs`], each once, without recursion.
struct Reader<'a> {
    checked: &'a CheckedGrammar,
    /// The user's merged definitions: name and alternatives.
    defined: Vec<(String, Vec<&'a Element>)>,
    defined_keys: HashMap<String, usize>,
    out: Exprs,
    index: HashMap<Source, usize>,
    pending: Vec<(Source, usize)>,
}

impl<'a> Reader<'a> {
    fn new(checked: &'a CheckedGrammar) -> Self {
        Reader {
            checked,
            defined: Vec::new(),
            defined_keys: HashMap::new(),
            out: Exprs::default(),
            index: HashMap::new(),
            pending: Vec::new(),
        }
    }

    fn alloc(&mut self) -> ExprId {
        self.out.exprs.push(Expr::Concat(Vec::new()));
        self.out.exprs.len() - 1
    }

    fn set(&mut self, slot: ExprId, expr: Expr) {
        if let Some(e) = self.out.exprs.get_mut(slot) {
            *e = expr;
        }
    }

    /// The index of the rule `source`, read later if new.
    fn rule(&mut self, source: Source) -> usize {
        if let Some(&i) = self.index.get(&source) {
            return i;
        }
        let name = match source {
            Source::Checked(id) => self.checked.rule_by_id(id).name.as_str().to_string(),
            Source::Defined(d) => self
                .defined
                .get(d)
                .map_or_else(String::new, |e| e.0.clone()),
        };
        let i = self.out.rules.len();
        self.out.rules.push(RuleDef { name, body: 0 });
        self.index.insert(source, i);
        self.pending.push((source, i));
        i
    }

    /// Reads every pending rule.
    fn finish(mut self) -> Result<Exprs, EarleyError> {
        while let Some((source, i)) = self.pending.pop() {
            let body = match source {
                Source::Checked(id) => self.node(self.checked.rule_by_id(id).body)?,
                Source::Defined(d) => {
                    let alternatives = self.defined.get(d).map(|e| e.1.clone()).unwrap_or_default();
                    if let [one] = alternatives.as_slice() {
                        self.element(one)?
                    } else {
                        let slot = self.alloc();
                        let mut branches = Vec::new();
                        for a in alternatives {
                            branches.push(self.element(a)?);
                        }
                        self.set(slot, Expr::Alt(branches));
                        slot
                    }
                }
            };
            if let Some(r) = self.out.rules.get_mut(i) {
                r.body = body;
            }
        }
        Ok(self.out)
    }

    /// A body of the checked grammar.
    fn node(&mut self, root: NodeId) -> Result<ExprId, EarleyError> {
        let top = self.alloc();
        let mut stack = vec![(root, top)];
        while let Some((id, slot)) = stack.pop() {
            let expr = match self.checked.node(id) {
                Node::Alt { branches } => Expr::Alt(self.children(branches, &mut stack)),
                Node::Concat { items } => Expr::Concat(self.children(items, &mut stack)),
                Node::Repeat { repeat, body, .. } => {
                    let b = self.alloc();
                    stack.push((*body, b));
                    Expr::Repeat {
                        min: repeat.min,
                        max: repeat.max,
                        body: b,
                    }
                }
                Node::Optional { body } => {
                    let b = self.alloc();
                    stack.push((*body, b));
                    Expr::Optional(b)
                }
                Node::RuleRef { name, .. } => match self.checked.target(id) {
                    Some(target) => Expr::Ref(self.rule(Source::Checked(target))),
                    None => return Err(EarleyError::Abnf(format!("{name} is not defined"))),
                },
                Node::CharVal(v) => Expr::Str {
                    text: v.value.clone(),
                    sensitive: v.case_sensitive,
                },
                Node::NumVal { value, .. } => Expr::Num(value.clone()),
                Node::ProseVal(text) => Expr::Prose(text.clone()),
            };
            self.set(slot, expr);
        }
        Ok(top)
    }

    fn children(&mut self, ids: &[NodeId], stack: &mut Vec<(NodeId, ExprId)>) -> Vec<ExprId> {
        ids.iter()
            .map(|&c| {
                let slot = self.alloc();
                stack.push((c, slot));
                slot
            })
            .collect()
    }

    /// A body of the user's definitions: names resolve to the user's rules,
    /// then to the core rules (whose own references stay among themselves).
    fn element(&mut self, root: &'a Element) -> Result<ExprId, EarleyError> {
        let top = self.alloc();
        let mut stack = vec![(root, top)];
        while let Some((element, slot)) = stack.pop() {
            let mut push = |this: &mut Self, e: &'a Element| {
                let s = this.alloc();
                stack.push((e, s));
                s
            };
            let expr = match element {
                Element::Alt(branches) => {
                    Expr::Alt(branches.iter().map(|b| push(self, b)).collect())
                }
                Element::Concat(items) => {
                    Expr::Concat(items.iter().map(|i| push(self, i)).collect())
                }
                Element::Repeat { repeat, body, .. } => {
                    if !repeat.is_valid() {
                        return Err(EarleyError::Abnf(format!(
                            "the repetition {}*{:?} has its bounds inverted",
                            repeat.min, repeat.max
                        )));
                    }
                    Expr::Repeat {
                        min: repeat.min,
                        max: repeat.max,
                        body: push(self, body),
                    }
                }
                Element::Optional(body) => Expr::Optional(push(self, body)),
                Element::RuleRef { name, .. } => {
                    let key = name.key();
                    let source = match self.defined_keys.get(&key) {
                        Some(&d) => Source::Defined(d),
                        None => {
                            Source::Checked(core_rule(self.checked, &key).ok_or_else(|| {
                                EarleyError::Abnf(format!("{} is not defined", name.as_str()))
                            })?)
                        }
                    };
                    Expr::Ref(self.rule(source))
                }
                Element::CharVal(v) => Expr::Str {
                    text: v.value.clone(),
                    sensitive: v.case_sensitive,
                },
                Element::NumVal { value, .. } => Expr::Num(value.clone()),
                Element::ProseVal { text, .. } => Expr::Prose(text.clone()),
            };
            self.set(slot, expr);
        }
        Ok(top)
    }
}

/// The core rule named `key` (lowercase), if there is one.
fn core_rule(g: &CheckedGrammar, key: &str) -> Option<RuleId> {
    let i = g.core_rules().iter().position(|r| r.name.key() == key)?;
    u32::try_from(i).ok().map(RuleId::Core)
}

impl Exprs {
    /// The rules of a checked grammar reachable from `start`.
    pub(super) fn from_checked(g: &CheckedGrammar, start: RuleId) -> Result<Exprs, EarleyError> {
        let mut reader = Reader::new(g);
        reader.rule(Source::Checked(start));
        reader.finish()
    }

    /// The rules of `definitions` reachable from `start`: `=/` folded into
    /// its rule, names resolved ASCII-case-insensitively to the user's rules
    /// and then to the core rules of `core` (any checked grammar). For a
    /// grammar `check` refuses for left recursion only; anything else it
    /// would refuse is refused here too.
    pub(super) fn from_definitions(
        definitions: &[Definition],
        start: &str,
        core: &CheckedGrammar,
    ) -> Result<Exprs, EarleyError> {
        let mut reader = Reader::new(core);
        for d in definitions {
            let key = d.name.key();
            match (d.defined_as, reader.defined_keys.get(&key)) {
                (DefinedAs::Base, None) => {
                    reader.defined_keys.insert(key, reader.defined.len());
                    reader
                        .defined
                        .push((d.name.as_str().to_string(), vec![&d.body]));
                }
                (DefinedAs::Incremental, Some(&at)) => {
                    if let Some(entry) = reader.defined.get_mut(at) {
                        entry.1.push(&d.body);
                    }
                }
                (DefinedAs::Base, Some(_)) => {
                    return Err(EarleyError::Abnf(format!(
                        "{} is defined more than once",
                        d.name
                    )))
                }
                (DefinedAs::Incremental, None) => {
                    return Err(EarleyError::Abnf(format!(
                        "{} =/ without a prior {} =",
                        d.name, d.name
                    )))
                }
            }
        }
        let key = start.to_ascii_lowercase();
        let source = match reader.defined_keys.get(&key) {
            Some(&d) => Source::Defined(d),
            None => Source::Checked(
                core_rule(core, &key).ok_or_else(|| EarleyError::UnknownRule(start.to_string()))?,
            ),
        };
        reader.rule(source);
        reader.finish()
    }

    pub(super) fn get(&self, id: ExprId) -> Option<&Expr> {
        self.exprs.get(id)
    }

    pub(super) fn rule_name(&self, rule: usize) -> &str {
        self.rules.get(rule).map_or("", |r| r.name.as_str())
    }

    /// Which rules stand for one unit in expected sets, exactly as the
    /// engine's compiler decides it (`crates/engine/src/compile/nfa.rs`): every
    /// string of the rule is a character, or a fixed sequence of at most
    /// three (`pct-encoded`), made of alternatives and short
    /// concatenations only.
    pub(super) fn unit_rules(&self) -> Vec<bool> {
        let mut memo = Units {
            rule: vec![None; self.rules.len()],
            one: vec![None; self.rules.len()],
        };
        for r in 0..self.rules.len() {
            self.is_unit_rule(r, &mut memo, 0);
        }
        memo.rule.into_iter().map(|u| u.unwrap_or(false)).collect()
    }

    fn is_unit_rule(&self, rule: usize, memo: &mut Units, depth: usize) -> bool {
        self.memoized(rule, 3, memo, depth)
    }

    /// Whether rule `rule`'s body is a unit of at most `len` (3: the rule
    /// stands for one unit; 1: it is one character), each worked out once
    /// (provisionally not while it is, so that recursion ends).
    fn memoized(&self, rule: usize, len: usize, memo: &mut Units, depth: usize) -> bool {
        let table = if len == 1 {
            &mut memo.one
        } else {
            &mut memo.rule
        };
        match table.get_mut(rule) {
            Some(Some(known)) => return *known,
            Some(slot) => *slot = Some(false),
            None => return false,
        }
        let body = self.rules.get(rule).map(|r| r.body);
        let is = body.is_some_and(|b| self.unit(b, len, memo, depth + 1));
        let table = if len == 1 {
            &mut memo.one
        } else {
            &mut memo.rule
        };
        if let Some(slot) = table.get_mut(rule) {
            *slot = Some(is);
        }
        is
    }

    /// Units are a few elements deep; anything nested deeper than this is
    /// not one, which also bounds the recursion.
    fn unit(&self, id: ExprId, len: usize, memo: &mut Units, depth: usize) -> bool {
        if depth > 32 {
            return false;
        }
        match self.get(id) {
            Some(Expr::Alt(branches)) => {
                branches.iter().all(|&b| self.unit(b, len, memo, depth + 1))
            }
            Some(Expr::Concat(items)) => {
                items.len() <= len && items.iter().all(|&i| self.unit(i, 1, memo, depth + 1))
            }
            Some(Expr::Str { text, .. }) => text.chars().count() <= len,
            Some(Expr::Num(NumVal::Concat(vs))) => vs.len() <= len,
            Some(Expr::Num(_)) => true,
            Some(Expr::Ref(r)) => {
                let unit = self.is_unit_rule(*r, memo, depth + 1);
                if len == 1 {
                    unit && self.memoized(*r, 1, memo, depth + 1)
                } else {
                    unit
                }
            }
            _ => false,
        }
    }
}
