//! What each rule of a loaded grammar reaches, found for every rule at
//! once, in time linear in the grammar: whether it can match the empty
//! string, whether it matches any string, and the nearest prose value
//! (or name defined nowhere, mended into one) it uses.
//!
//! `rules` asked these of each rule on its own (an Earley parser built
//! from every definition, or abnf-oracle's `can_recognize`, which looks a
//! rule up through every rule): on a grammar of many rules, each reaching
//! the next, that was quadratic (issue 41: 100 KB of left-recursive rules
//! took 24 s). The order in which abnf-oracle is handed the definitions
//! ([`check_order`]) is found here too.

use super::cycles::recursive;
use super::names::references;
use abnf_oracle::{CheckedGrammar, DefinedAs, Definition, Element};
use std::collections::{HashMap, VecDeque};

/// The user's rules, merged: names, alternatives, and an index by key.
pub(crate) struct Rules<'a> {
    pub(crate) names: Vec<&'a str>,
    pub(crate) bodies: Vec<Vec<&'a Element>>,
    index: HashMap<String, usize>,
}

impl<'a> Rules<'a> {
    /// The rules of `definitions`: the first `=` of a name, and its `=/`.
    pub(crate) fn new(definitions: impl IntoIterator<Item = &'a Definition>) -> Self {
        let mut rules = Rules {
            names: Vec::new(),
            bodies: Vec::new(),
            index: HashMap::new(),
        };
        for d in definitions {
            let key = d.name.key();
            match (rules.index.get(&key), d.defined_as) {
                (Some(&i), DefinedAs::Incremental) => {
                    if let Some(b) = rules.bodies.get_mut(i) {
                        b.push(&d.body);
                    }
                }
                (None, _) => {
                    rules.index.insert(key, rules.names.len());
                    rules.names.push(d.name.as_str());
                    rules.bodies.push(vec![&d.body]);
                }
                (Some(_), DefinedAs::Base) => {}
            }
        }
        rules
    }

    /// The index of the rule named `name` (any case).
    pub(crate) fn get(&self, name: &str) -> Option<usize> {
        self.index.get(&name.to_ascii_lowercase()).copied()
    }

    /// For each rule, the rules that name it (anywhere in their bodies).
    pub(crate) fn referrers(&self) -> Vec<Vec<usize>> {
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); self.names.len()];
        for (r, alternatives) in self.bodies.iter().enumerate() {
            for a in alternatives {
                references(a, &mut |name, _| {
                    if let Some(slot) = self.get(name).and_then(|t| users.get_mut(t)) {
                        slot.push(r);
                    }
                });
            }
        }
        users
    }

    /// For each rule, the rules that use it (outside a body repeated at
    /// most zero times, which uses nothing: abnf-oracle's D36).
    pub(crate) fn users(&self) -> Vec<Vec<usize>> {
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); self.names.len()];
        for (r, alternatives) in self.bodies.iter().enumerate() {
            for a in alternatives {
                live(a, &mut |e| {
                    if let Element::RuleRef { name, .. } = e {
                        if let Some(slot) = self.get(name.as_str()).and_then(|t| users.get_mut(t)) {
                            slot.push(r);
                        }
                    }
                });
            }
        }
        users
    }
}

/// Calls `found` with every element of `e` (itself included), except
/// those under a repetition of at most zero times.
fn live<'e>(e: &'e Element, found: &mut impl FnMut(&'e Element)) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        found(e);
        match e {
            Element::Alt(items) | Element::Concat(items) => stack.extend(items.iter().rev()),
            Element::Repeat { repeat, .. } if repeat.max == Some(0) => {}
            Element::Repeat { body, .. } | Element::Optional(body) => stack.push(body),
            _ => {}
        }
    }
}

/// Where a node of [`least`]'s graph reports when it holds.
#[derive(Clone, Copy)]
enum Up {
    Node(usize),
    Rule(usize),
}

/// The least fixpoint of a property of rules that an alternation has when
/// a branch has it, a concatenation when every item has it, a repetition
/// of at least one or a reference when its body has it, and a repetition
/// of zero or more or an option always: each leaf says whether it has it
/// (`leaf`, a name that is none of the rules `core`). Linear: each node
/// waits for a count of children, and tells its parent once.
pub(crate) fn least(
    rules: &Rules<'_>,
    leaf: impl Fn(&Element) -> bool,
    core: impl Fn(&str) -> bool,
) -> Vec<bool> {
    let mut result = vec![false; rules.names.len()];
    for r in least_order(rules, leaf, core) {
        if let Some(slot) = result.get_mut(r) {
            *slot = true;
        }
    }
    result
}

/// The rules that have the property of [`least`], in the order found:
/// each after the rules it has it from.
fn least_order(
    rules: &Rules<'_>,
    leaf: impl Fn(&Element) -> bool,
    core: impl Fn(&str) -> bool,
) -> Vec<usize> {
    let mut up: Vec<Up> = Vec::new();
    let mut waiting: Vec<usize> = Vec::new();
    let mut refs: Vec<Vec<usize>> = vec![Vec::new(); rules.names.len()];
    let mut holds: Vec<usize> = Vec::new();
    for (r, alternatives) in rules.bodies.iter().enumerate() {
        let root = up.len();
        up.push(Up::Rule(r));
        waiting.push(1);
        let mut stack: Vec<(&Element, usize)> = alternatives.iter().map(|a| (*a, root)).collect();
        while let Some((e, parent)) = stack.pop() {
            let id = up.len();
            up.push(Up::Node(parent));
            let wait = match e {
                Element::Alt(items) => {
                    stack.extend(items.iter().map(|i| (i, id)));
                    usize::from(!items.is_empty())
                }
                Element::Concat(items) => {
                    stack.extend(items.iter().map(|i| (i, id)));
                    items.len()
                }
                Element::Repeat { repeat, body, .. } if repeat.min > 0 => {
                    stack.push((body, id));
                    1
                }
                Element::Repeat { .. } | Element::Optional(_) => 0,
                Element::RuleRef { name, .. } => match rules.get(name.as_str()) {
                    Some(t) => {
                        if let Some(slot) = refs.get_mut(t) {
                            slot.push(id);
                        }
                        1
                    }
                    None => usize::from(!core(name.as_str())),
                },
                _ => usize::from(!leaf(e)),
            };
            waiting.push(wait);
            if wait == 0 {
                holds.push(id);
            }
        }
    }
    let mut found = Vec::new();
    let tell = |node: usize, holds: &mut Vec<usize>, waiting: &mut Vec<usize>| {
        if let Some(w) = waiting.get_mut(node).filter(|w| **w > 0) {
            *w -= 1;
            if *w == 0 {
                holds.push(node);
            }
        }
    };
    while let Some(node) = holds.pop() {
        match up.get(node).copied() {
            Some(Up::Node(parent)) => tell(parent, &mut holds, &mut waiting),
            Some(Up::Rule(r)) => {
                found.push(r);
                for &user in refs.get(r).map_or(&[][..], Vec::as_slice) {
                    tell(user, &mut holds, &mut waiting);
                }
            }
            None => {}
        }
    }
    found
}

/// Which rules can match the empty string; a core rule is looked up in
/// `core` (any checked grammar).
pub(crate) fn nullable(rules: &Rules<'_>, core: &CheckedGrammar) -> Vec<bool> {
    least(
        rules,
        |e| matches!(e, Element::CharVal(v) if v.value.is_empty()),
        |name| core.rule(name).is_some_and(|c| core.is_nullable(c.body)),
    )
}

/// For each rule, the nearest rule (by references) whose own body holds
/// what `holds` finds (outside a body repeated at most zero times), and
/// how far it is; each rule is found from the first rules that hold it
/// (breadth first, from the holders in the order they are defined).
fn nearest(rules: &Rules<'_>, holds: impl Fn(&Element) -> bool) -> Vec<Option<(usize, usize)>> {
    let mut found: Vec<Option<(usize, usize)>> = vec![None; rules.names.len()];
    let mut queue = VecDeque::new();
    for (r, alternatives) in rules.bodies.iter().enumerate() {
        let mut has = false;
        for a in alternatives {
            live(a, &mut |e| has |= holds(e));
        }
        if let (true, Some(slot)) = (has, found.get_mut(r)) {
            *slot = Some((r, 0));
            queue.push_back(r);
        }
    }
    let users = rules.users();
    while let Some(r) = queue.pop_front() {
        let Some(Some((source, distance))) = found.get(r).copied() else {
            continue;
        };
        for &user in users.get(r).map_or(&[][..], Vec::as_slice) {
            if let Some(slot @ None) = found.get_mut(user) {
                *slot = Some((source, distance + 1));
                queue.push_back(user);
            }
        }
    }
    found
}

/// The first prose value of a rule's own bodies (outside a body repeated
/// at most zero times).
fn own_prose<'e>(alternatives: &[&'e Element]) -> Option<&'e str> {
    let mut first = None;
    for a in alternatives {
        live(a, &mut |e| {
            if let (None, Element::ProseVal { text, .. }) = (&first, e) {
                first = Some(text.as_str());
            }
        });
    }
    first
}

/// What every rule reaches, as `rules` classifies it.
pub(crate) struct Reach<'a> {
    rules: Rules<'a>,
    /// The text of the nearest prose value, by rule.
    prose: Vec<Option<&'a str>>,
    /// Whether the rule matches some string: a value that is no character
    /// (above `%x10FFFF`, or a surrogate) matches none.
    productive: Vec<bool>,
    /// Whether the rule is on a cycle of references, or reaches one.
    recursive: Vec<bool>,
}

impl<'a> Reach<'a> {
    /// Finds it for every rule of `definitions` (mended: each name used
    /// is defined, or is a core rule).
    pub(crate) fn new(definitions: &'a [Definition]) -> Self {
        let rules = Rules::new(definitions);
        let productive = least(
            &rules,
            |e| match e {
                Element::NumVal { value, .. } => value.is_representable(),
                _ => true,
            },
            |_| true,
        );
        let prose = nearest(&rules, |e| matches!(e, Element::ProseVal { .. }))
            .into_iter()
            .map(|found| {
                let (source, _) = found?;
                own_prose(rules.bodies.get(source)?)
            })
            .collect();
        let recursive = recursive(&rules);
        Reach {
            rules,
            prose,
            productive,
            recursive,
        }
    }

    /// The text of the nearest prose value `name` reaches.
    pub(crate) fn prose(&self, name: &str) -> Option<&'a str> {
        self.prose.get(self.rules.get(name)?).copied().flatten()
    }

    /// Whether `name` matches some string (a core rule does).
    pub(crate) fn productive(&self, name: &str) -> bool {
        self.rules
            .get(name)
            .is_none_or(|r| self.productive.get(r).copied().unwrap_or(false))
    }

    /// Whether `name` is on a cycle of references or reaches one (a core
    /// rule is on none): it is recursive, whatever the engine's walk
    /// without brackets met first.
    pub(crate) fn recursive(&self, name: &str) -> bool {
        self.rules
            .get(name)
            .and_then(|r| self.recursive.get(r).copied())
            .unwrap_or(false)
    }
}

/// The rules abnf-oracle's `check` is not given: each rule that reaches
/// a rule both matching the empty string and reaching a prose value (by
/// key), with the text of the nearest prose value it reaches. Its passes
/// find what reaches prose in the order of the rules and what matches the
/// empty string in the other ([`check_order`]), so a chain of such rules
/// (`r0 = r1`, ..., `rN = [<p>]`) cost it a pass a rule in either order
/// (issue 41: 20,000 rules, 1.7 s). Every such rule reaches prose, and
/// no rule that does not reach one uses one.
pub(crate) fn nullable_prose(definitions: &[Definition]) -> HashMap<String, String> {
    let rules = Rules::new(definitions);
    // Of the core rules only LWSP matches the empty string.
    let nullable = least(
        &rules,
        |e| matches!(e, Element::CharVal(v) if v.value.is_empty()),
        |name| name.eq_ignore_ascii_case("LWSP"),
    );
    let prose: Vec<Option<&str>> = nearest(&rules, |e| matches!(e, Element::ProseVal { .. }))
        .into_iter()
        .map(|found| own_prose(rules.bodies.get(found?.0)?))
        .collect();
    let mut aside = HashMap::new();
    let mut queue: VecDeque<(usize, Option<&str>)> = VecDeque::new();
    for (r, text) in prose.iter().enumerate() {
        if let (Some(_), Some(true)) = (text, nullable.get(r)) {
            queue.push_back((r, None));
        }
    }
    // Every rule naming one, even under a body repeated at most zero
    // times (which reaches nothing, but must name a rule the check has):
    // such a rule takes the prose value of the rule it names.
    let referrers = rules.referrers();
    while let Some((r, from)) = queue.pop_front() {
        let (Some(name), Some(text)) =
            (rules.names.get(r), prose.get(r).copied().flatten().or(from))
        else {
            continue;
        };
        if aside
            .insert(name.to_ascii_lowercase(), text.to_string())
            .is_none()
        {
            for &user in referrers.get(r).into_iter().flatten() {
                queue.push_back((user, Some(text)));
            }
        }
    }
    aside
}

/// The order to hand `definitions` to abnf-oracle's `check` in, so that
/// its passes over the rules converge at once. It finds which prose
/// values and values that are no character each rule reaches by passes
/// over the rules in their order, each rule taking what the rules it
/// uses have found so far: a chain `r0 = r1`, `r1 = r2`, ... reaching
/// one took a pass a rule (400 KB: 13 s). Its passes finding what matches
/// the empty string go the other way, from the last node to the first.
/// So the rules that reach one come first, nearest first, each after a
/// rule it takes it from; then the rules that match the empty string,
/// each before the rules it has it from; then the others, in their order.
/// A chain of rules that both match the empty string and reach prose
/// (`r0 = r1`, ..., `rN = [<p>]`) cannot be in both orders: it is not
/// checked ([`nullable_prose`]).
pub(crate) fn check_order(definitions: Vec<Definition>) -> Vec<Definition> {
    let key: HashMap<String, (u8, usize)> = {
        let rules = Rules::new(&definitions);
        let reaching = nearest(&rules, |e| match e {
            Element::ProseVal { .. } => true,
            Element::NumVal { value, .. } => !value.is_representable(),
            _ => false,
        });
        // Of the core rules only LWSP matches the empty string: taken as
        // not, it costs abnf-oracle a pass at most.
        let nullable = least_order(
            &rules,
            |e| matches!(e, Element::CharVal(v) if v.value.is_empty()),
            |_| false,
        );
        let mut key: HashMap<String, (u8, usize)> = HashMap::new();
        for (at, &r) in nullable.iter().enumerate() {
            if let Some(name) = rules.names.get(r) {
                key.insert(name.to_ascii_lowercase(), (1, nullable.len() - at));
            }
        }
        for (name, found) in rules.names.iter().zip(reaching) {
            if let Some((_, level)) = found {
                key.insert(name.to_ascii_lowercase(), (0, level));
            }
        }
        key
    };
    let mut keyed: Vec<((u8, usize), Definition)> = definitions
        .into_iter()
        .map(|d| (key.get(&d.name.key()).copied().unwrap_or((2, 0)), d))
        .collect();
    // Stable: a rule's `=/` stay after its `=`, and ties keep their order.
    keyed.sort_by_key(|(k, _)| *k);
    keyed.into_iter().map(|(_, d)| d).collect()
}
