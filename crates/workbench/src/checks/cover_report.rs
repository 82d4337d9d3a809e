//! The alternatives a covering set did not take, and why, each named by
//! its rule, its place and its ABNF.

use abnf_oracle::{CheckedGrammar, Node, NodeId, NumVal};
use std::fmt;

/// Why a covering set did not take an alternative.
///
/// ```
/// use xiri_workbench::Why;
/// assert_eq!(Why::DerivesNothing.to_string(), "it derives no string");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The alternative derives no string (it needs a rule that never
    /// ends, or matches nothing).
    DerivesNothing,
    /// No string of the start rule reaches it: its rule is not used from
    /// the start, or only by ways that derive no string.
    Unreachable,
    /// The covering set reached its limit of strings first.
    Limit,
    /// Every string steered to it grew past the generator's bounds.
    Bounds,
    /// Every string steered to it was turned down by the caller's check.
    Refused,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Why::DerivesNothing => "it derives no string",
            Why::Unreachable => "no string of the start rule reaches it",
            Why::Limit => "the limit of strings was reached first",
            Why::Bounds => {
                "every string steered to it grew past the generator's bounds (4000 characters, 1000 nested nodes)"
            }
            Why::Refused => "every string steered to it was turned down by the check",
        })
    }
}

/// An alternative a covering set did not take.
///
/// ```
/// use xiri_workbench::{AbnfFile, Generator, LoadedGrammar, Why};
/// let text = "a = \"x\" / b\nb = \"y\" b\nc = \"z\" / \"w\"\n";
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
/// let set = Generator::new(&g, 1).cover("a", 10).unwrap();
/// let missed: Vec<String> = set.uncovered.iter().map(|u| u.to_string()).collect();
/// assert_eq!(missed, [
///     "a, alternative 2: b: it derives no string",
///     "c, alternative 1: \"z\": no string of the start rule reaches it",
///     "c, alternative 2: \"w\": no string of the start rule reaches it",
/// ]);
/// assert_eq!(set.uncovered[0].why, Why::DerivesNothing);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncovered {
    /// The rule it is in, as the grammar spells it.
    pub rule: String,
    /// Which alternative, from 1.
    pub alternative: usize,
    /// Whether it is an alternative of a group inside the rule rather
    /// than of the rule itself.
    pub in_group: bool,
    /// The alternative in ABNF, cut short past 60 characters.
    pub abnf: String,
    /// Why it was not taken.
    pub why: Why,
}

impl fmt::Display for Uncovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let group = if self.in_group { " of a group" } else { "" };
        write!(
            f,
            "{}, alternative {}{group}: {}: {}",
            self.rule, self.alternative, self.abnf, self.why
        )
    }
}

/// The alternatives not taken, in the order of the grammar's nodes: of
/// `units` (the coverable ones), those `taken` says were not, for the
/// reason `why` gives; the others reached from `body` that derive
/// nothing; those of the grammar's own rules not reached.
pub(super) fn uncovered(
    g: &CheckedGrammar,
    body: NodeId,
    taken: impl Fn((usize, usize)) -> bool,
    units: &[(usize, usize)],
    why: impl Fn((usize, usize)) -> Why,
) -> Vec<Uncovered> {
    let owners = owners(g);
    let mut reached = vec![false; g.node_count()];
    for id in reach(g, body, |n| next(g, n)) {
        if let Some(r) = reached.get_mut(id.index()) {
            *r = true;
        }
    }
    let mut out = Vec::new();
    for (n, owner) in owners.iter().enumerate() {
        let (Some((rule, user)), Node::Alt { branches }) = (owner, g.node(node(n))) else {
            continue;
        };
        let seen = reached.get(n).copied().unwrap_or(false);
        if !seen && !user {
            continue;
        }
        let (name, rule_body) = rule_of(g, *rule, *user);
        for (b, &branch) in branches.iter().enumerate() {
            let unit = (n, b);
            let why = if !seen {
                Why::Unreachable
            } else if !g.min_len(branch).is_finite() {
                Why::DerivesNothing
            } else if units.binary_search(&unit).is_err() {
                Why::Unreachable
            } else if taken(unit) {
                continue;
            } else {
                why(unit)
            };
            out.push(Uncovered {
                rule: name.clone(),
                alternative: b + 1,
                in_group: rule_body != node(n),
                abnf: abnf(g, branch),
                why,
            });
        }
    }
    out
}

fn node(index: usize) -> NodeId {
    super::generate::node_id(index)
}

fn rule_of(g: &CheckedGrammar, index: usize, user: bool) -> (String, NodeId) {
    let rules = if user { g.rules() } else { g.core_rules() };
    rules
        .get(index)
        .map_or((String::new(), node(usize::MAX)), |r| {
            (r.name.as_str().to_string(), r.body)
        })
}

/// A node's own children, in the arena (not the rule a reference names).
fn parts(g: &CheckedGrammar, id: NodeId) -> Vec<NodeId> {
    match g.node(id) {
        Node::Alt { branches } => branches.clone(),
        Node::Concat { items } => items.clone(),
        Node::Repeat { body, .. } | Node::Optional { body } => vec![*body],
        _ => Vec::new(),
    }
}

/// Every way on from a node, whether it derives a string or not.
fn next(g: &CheckedGrammar, id: NodeId) -> Vec<NodeId> {
    match (g.node(id), g.target(id)) {
        (Node::RuleRef { .. }, Some(t)) => vec![g.rule_by_id(t).body],
        _ => parts(g, id),
    }
}

/// Per node, the rule whose body holds it: its index among the
/// grammar's own rules (`true`) or the core rules (`false`).
fn owners(g: &CheckedGrammar) -> Vec<Option<(usize, bool)>> {
    let mut owners = vec![None; g.node_count()];
    let rules = g.rules().iter().map(|r| (r, true));
    let core = g.core_rules().iter().map(|r| (r, false));
    // Each node is in one rule's body: one walk of each body, in turn,
    // goes over the grammar once.
    let mut stack = Vec::new();
    for (k, (rule, user)) in rules.enumerate().chain(core.enumerate()) {
        stack.push(rule.body);
        while let Some(id) = stack.pop() {
            match owners.get_mut(id.index()) {
                Some(o @ None) => *o = Some((k, user)),
                _ => continue,
            }
            stack.extend(parts(g, id));
        }
    }
    owners
}

/// A node in ABNF, cut short (with "…") past 60 characters.
fn abnf(g: &CheckedGrammar, id: NodeId) -> String {
    let mut out = String::new();
    write_abnf(g, id, &mut out, 0);
    if out.chars().count() > 60 {
        out = out.chars().take(59).collect();
        out.push('…');
    }
    out
}

fn write_abnf(g: &CheckedGrammar, id: NodeId, out: &mut String, depth: usize) {
    use std::fmt::Write;
    if out.len() > 64 || depth > 16 {
        out.push('…');
        return;
    }
    // A group's parentheses where a sequence or an alternation is inside
    // another node.
    let inner = |out: &mut String, child: NodeId| {
        let grouped = matches!(g.node(child), Node::Alt { .. } | Node::Concat { .. });
        if grouped {
            out.push('(');
        }
        write_abnf(g, child, out, depth + 1);
        if grouped {
            out.push(')');
        }
    };
    match g.node(id) {
        Node::Alt { branches } => {
            for (k, &b) in branches.iter().enumerate() {
                if k > 0 {
                    out.push_str(" / ");
                }
                if matches!(g.node(b), Node::Alt { .. }) {
                    inner(out, b);
                } else {
                    write_abnf(g, b, out, depth + 1);
                }
            }
        }
        Node::Concat { items } => {
            for (k, &i) in items.iter().enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                inner(out, i);
            }
        }
        Node::Repeat { repeat, body, .. } => {
            match (repeat.min, repeat.max) {
                (min, Some(max)) if min == max => {
                    let _ = write!(out, "{min}");
                }
                (0, None) => out.push('*'),
                (min, None) => {
                    let _ = write!(out, "{min}*");
                }
                (0, Some(max)) => {
                    let _ = write!(out, "*{max}");
                }
                (min, Some(max)) => {
                    let _ = write!(out, "{min}*{max}");
                }
            }
            inner(out, *body);
        }
        Node::Optional { body } => {
            out.push('[');
            write_abnf(g, *body, out, depth + 1);
            out.push(']');
        }
        Node::RuleRef { name, .. } => out.push_str(name.as_str()),
        Node::CharVal(v) => {
            if v.case_sensitive {
                out.push_str("%s");
            }
            let _ = write!(out, "\"{}\"", v.value);
        }
        Node::NumVal { value, .. } => match value {
            NumVal::Scalar(v) => {
                let _ = write!(out, "%x{v:X}");
            }
            NumVal::Concat(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| format!("{v:X}")).collect();
                let _ = write!(out, "%x{}", parts.join("."));
            }
            NumVal::Range { lo, hi } => {
                let _ = write!(out, "%x{lo:X}-{hi:X}");
            }
        },
        Node::ProseVal(p) => {
            let _ = write!(out, "<{p}>");
        }
    }
}

/// The nodes reachable from `start` by `next`, each once.
pub(super) fn reach(
    g: &CheckedGrammar,
    start: NodeId,
    next: impl Fn(NodeId) -> Vec<NodeId>,
) -> Vec<NodeId> {
    let mut seen = vec![false; g.node_count()];
    let mut stack = vec![start];
    let mut found = Vec::new();
    while let Some(id) = stack.pop() {
        if std::mem::replace(seen.get_mut(id.index()).unwrap_or(&mut true), true) {
            continue;
        }
        found.push(id);
        stack.extend(next(id));
    }
    found
}
