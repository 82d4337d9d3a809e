//! Railroad diagrams: one self-contained HTML page, an inline SVG a rule,
//! each rule a diagram names linked to that rule's diagram. A rule is
//! drawn from abnf-oracle's checked grammar, or, when it meets left
//! recursion (which that grammar leaves out), from its definitions.

use crate::checks::children;
use crate::rules::{references, LoadedGrammar};
use abnf_oracle::{CharVal, CheckedGrammar, Element, Node, NodeId, NumVal, RuleId};
use std::collections::HashSet;
use std::fmt::Write;

/// Corner radius, gap between stacked rows, character width and box height.
const R: f64 = 10.0;
const GAP: f64 = 10.0;
const CHAR: f64 = 8.0;
const BOX: f64 = 22.0;

/// What a diagram is drawn from.
enum Item {
    /// A literal, in a rounded box.
    Terminal(String),
    /// A rule, in a square box linked to its diagram.
    Rule(String),
    /// A prose value, in a dashed box.
    Prose(String),
    Sequence(Vec<Item>),
    /// The first on the line, the others below it.
    Choice(Vec<Item>),
    /// An item with a way back round, labelled with the counts.
    Loop(Box<Item>, String),
    /// An item repeated a fixed number of times, labelled.
    Times(Box<Item>, String),
    Skip,
}

impl Item {
    /// Width, height above the line, height below it.
    fn size(&self) -> (f64, f64, f64) {
        match self {
            Item::Terminal(t) | Item::Rule(t) | Item::Prose(t) => (width(t), BOX / 2.0, BOX / 2.0),
            Item::Sequence(items) => items.iter().fold((0.0, 0.0, 0.0), |(w, u, d), i| {
                let (iw, iu, id) = i.size();
                (w + iw + GAP, f64::max(u, iu), f64::max(d, id))
            }),
            Item::Choice(items) => {
                // Each branch measured once: measuring it again for each
                // use took time exponential in how deep choices nest.
                let sizes = sizes(items);
                let w = sizes.iter().map(|s| s.0).fold(0.0, f64::max);
                let up = sizes.first().map_or(0.0, |s| s.1);
                let below = rows(&sizes).last().map_or(0.0, |&(row, d)| row + d);
                (w + 4.0 * R, up, below)
            }
            Item::Loop(item, _) => {
                let (w, u, d) = item.size();
                (w + 2.0 * R, u, f64::max(d, R) + GAP + R + 14.0)
            }
            Item::Times(item, _) => {
                let (w, u, d) = item.size();
                (w, u + 14.0, d)
            }
            Item::Skip => (0.0, 0.0, 0.0),
        }
    }

    /// Draws the item with its line entering at (x, y).
    fn draw(&self, x: f64, y: f64, out: &mut String) {
        let (w, _, _) = self.size();
        match self {
            Item::Terminal(t) => labelled_box(out, "terminal", r#" rx="10""#, (x, y, w), t),
            Item::Rule(name) => {
                let _ = write!(out, r##"<a href="#{}">"##, escape(name));
                labelled_box(out, "rule", "", (x, y, w), name);
                out.push_str("</a>");
            }
            Item::Prose(t) => labelled_box(out, "prose", "", (x, y, w), t),
            Item::Sequence(items) => {
                let mut at = x;
                for item in items {
                    let (iw, _, _) = item.size();
                    item.draw(at, y, out);
                    line(out, at + iw, y, at + iw + GAP, y);
                    at += iw + GAP;
                }
            }
            Item::Choice(items) => {
                let sizes = sizes(items);
                let placed = items.iter().zip(&sizes).zip(rows(&sizes));
                for (k, ((item, &(iw, _, _)), (offset, _))) in placed.enumerate() {
                    if k == 0 {
                        line(out, x, y, x + 2.0 * R, y);
                        item.draw(x + 2.0 * R, y, out);
                        line(out, x + 2.0 * R + iw, y, x + w, y);
                        continue;
                    }
                    let row = y + offset;
                    let _ = write!(
                        out,
                        r#"<path d="M{x} {y} a{R} {R} 0 0 1 {R} {R} V{} a{R} {R} 0 0 0 {R} {R}"/>"#,
                        row - R
                    );
                    item.draw(x + 2.0 * R, row, out);
                    let _ = write!(
                        out,
                        r#"<path d="M{} {row} H{} a{R} {R} 0 0 0 {R} -{R} V{} a{R} {R} 0 0 1 {R} -{R}"/>"#,
                        x + 2.0 * R + iw,
                        x + w - 2.0 * R,
                        y + R
                    );
                }
            }
            Item::Loop(item, label) => {
                let (iw, _, id) = item.size();
                line(out, x, y, x + R, y);
                item.draw(x + R, y, out);
                line(out, x + R + iw, y, x + w, y);
                let back = y + f64::max(id, R) + GAP + R;
                let _ = write!(
                    out,
                    r#"<path d="M{} {y} a{R} {R} 0 0 1 {R} {R} V{} a{R} {R} 0 0 1 -{R} {R} H{} a{R} {R} 0 0 1 -{R} -{R} V{} a{R} {R} 0 0 1 {R} -{R}"/><text class="label" x="{}" y="{}">{}</text>"#,
                    x + w - R,
                    back - R,
                    x + R,
                    y + R,
                    x + w / 2.0,
                    back + 13.0,
                    escape(label)
                );
            }
            Item::Times(item, label) => {
                let (_, iu, _) = item.size();
                item.draw(x, y, out);
                let _ = write!(
                    out,
                    r#"<text class="label" x="{}" y="{}">{}</text>"#,
                    x + w / 2.0,
                    y - iu - 4.0,
                    escape(label)
                );
            }
            Item::Skip => {}
        }
    }
}

/// The size of each item, measured once.
fn sizes(items: &[Item]) -> Vec<(f64, f64, f64)> {
    items.iter().map(Item::size).collect()
}

/// Where each branch of a choice runs, below the first, and how far
/// below its line it reaches (from the branches' `sizes`): every row at
/// least a curve's height below the one before, and clear of what that
/// one draws.
fn rows(sizes: &[(f64, f64, f64)]) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    for &(_, up, down) in sizes {
        let row = match out.last() {
            None => 0.0,
            Some(&(row, below)) => f64::max(row + below + GAP + up, row + 2.0 * R),
        };
        out.push((row, down));
    }
    out
}

fn width(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR + 20.0
}

/// A box of `class` (its extra attributes `attributes`) with its line
/// entering at (x, y), `w` wide, and `label` centred in it.
fn labelled_box(out: &mut String, class: &str, attributes: &str, at: (f64, f64, f64), label: &str) {
    let (x, y, w) = at;
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{x}" y="{}" width="{w}" height="{BOX}"{attributes}/><text x="{}" y="{}">{}</text>"#,
        y - BOX / 2.0,
        x + w / 2.0,
        y + 4.0,
        escape(label)
    );
}
fn line(out: &mut String, x1: f64, y1: f64, x2: f64, y2: f64) {
    let _ = write!(out, r#"<path d="M{x1} {y1} L{x2} {y2}"/>"#);
}

/// Text safe inside XML elements and attributes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// The diagram's items for a node of the checked grammar.
fn item(g: &CheckedGrammar, id: NodeId) -> Item {
    match g.node(id) {
        Node::Alt { branches } => Item::Choice(branches.iter().map(|&b| item(g, b)).collect()),
        Node::Concat { items } => Item::Sequence(items.iter().map(|&i| item(g, i)).collect()),
        Node::Optional { body } => Item::Choice(vec![item(g, *body), Item::Skip]),
        Node::Repeat { repeat, body, .. } => repeated(item(g, *body), repeat.min, repeat.max),
        Node::RuleRef { .. } => match g.target(id) {
            Some(t) => Item::Rule(g.rule_by_id(t).name.as_str().to_string()),
            None => Item::Prose("?".into()),
        },
        Node::CharVal(v) => string(v),
        Node::NumVal { value, .. } => number(value),
        Node::ProseVal(p) => Item::Prose(format!("<{p}>")),
    }
}

/// The diagram's items for an element of a definition: as [`item`] draws
/// its node.
fn element(grammar: &LoadedGrammar, e: &Element) -> Item {
    let all = |items: &[Element]| items.iter().map(|i| element(grammar, i)).collect();
    match e {
        Element::Alt(branches) => Item::Choice(all(branches)),
        Element::Concat(items) => Item::Sequence(all(items)),
        Element::Optional(body) => Item::Choice(vec![element(grammar, body), Item::Skip]),
        Element::Repeat { repeat, body, .. } => {
            repeated(element(grammar, body), repeat.min, repeat.max)
        }
        Element::RuleRef { name, .. } => Item::Rule(
            grammar
                .rule_name(name.as_str())
                .unwrap_or(name.as_str())
                .to_string(),
        ),
        Element::CharVal(v) => string(v),
        Element::NumVal { value, .. } => number(value),
        Element::ProseVal { text, .. } => Item::Prose(format!("<{text}>")),
    }
}

/// A rule defined by several definitions (`=/`) is one choice of their
/// alternatives, as abnf-oracle folds them.
fn definitions(grammar: &LoadedGrammar, name: &str) -> Item {
    let mut branches = Vec::new();
    for body in grammar.bodies_of(name) {
        match body {
            Element::Alt(items) => branches.extend(items.iter().map(|i| element(grammar, i))),
            other => branches.push(element(grammar, other)),
        }
    }
    match <[Item; 1]>::try_from(branches) {
        Ok([one]) => one,
        Err(branches) => Item::Choice(branches),
    }
}

/// `m*nX`, drawn.
fn repeated(inner: Item, min: u64, max: Option<u64>) -> Item {
    match max {
        Some(0) => Item::Skip,
        Some(m) if m == min && m == 1 => inner,
        Some(m) if m == min => Item::Times(Box::new(inner), format!("{m} times")),
        _ => {
            let label = match max {
                None if min <= 1 => String::new(),
                None => format!("at least {min} times"),
                Some(m) => format!("{} to {m} times", min.max(1)),
            };
            let looped = Item::Loop(Box::new(inner), label);
            if min == 0 {
                Item::Choice(vec![looped, Item::Skip])
            } else {
                looped
            }
        }
    }
}

fn string(v: &CharVal) -> Item {
    Item::Terminal(if v.case_sensitive {
        format!("%s\"{}\"", v.value)
    } else {
        format!("\"{}\"", v.value)
    })
}

fn number(value: &NumVal) -> Item {
    Item::Terminal(match value {
        NumVal::Scalar(v) => format!("%x{v:X}"),
        NumVal::Range { lo, hi } => format!("%x{lo:X}-{hi:X}"),
        NumVal::Concat(vs) => {
            let parts: Vec<String> = vs.iter().map(|v| format!("{v:X}")).collect();
            format!("%x{}", parts.join("."))
        }
    })
}

/// One rule's diagram, as an SVG element.
fn svg(body: Item) -> String {
    let body = Item::Sequence(vec![body]);
    let (w, up, down) = body.size();
    let (width, height) = (w + 40.0, up + down + 20.0);
    let y = up + 10.0;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = write!(
        out,
        r#"<path class="end" d="M10 {} v20 M14 {} v20"/><path d="M10 {y} L20 {y}"/>"#,
        y - 10.0,
        y - 10.0
    );
    body.draw(20.0, y, &mut out);
    let _ = write!(
        out,
        r#"<path d="M{} {y} L{} {y}"/><path class="end" d="M{} {} v20 M{} {} v20"/></svg>"#,
        20.0 + w,
        width - 10.0,
        width - 14.0,
        y - 10.0,
        width - 10.0,
        y - 10.0
    );
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em 2em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.1em;margin:1.4em 0 .3em}\
pre{background:#f6f6f6;padding:.4em .6em;margin:.2em 0 .6em;overflow-x:auto}\
svg path{stroke:#333;stroke-width:1.5;fill:none}\
svg rect{stroke:#333;stroke-width:1.5}\
svg rect.terminal{fill:#ffe9b3}svg rect.rule{fill:#d6ecff}\
svg rect.prose{fill:#eee;stroke-dasharray:4 2}\
svg text{font-family:monospace;font-size:13px;text-anchor:middle}\
svg text.label{font-family:sans-serif;font-size:11px;fill:#555}\
svg a:hover rect{fill:#9cd0ff}";

/// The page: a diagram for `rule` and every rule it reaches, or for
/// every rule when `rule` is `None`, with the core rules they use.
///
/// ```
/// use xiri_workbench::{diagram, AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = b / \"x\"\nb = 1*DIGIT\n")]).unwrap();
/// let page = diagram(&g, None).unwrap();
/// assert!(page.contains(r#"<section id="b">"#));
/// assert!(page.contains(r##"<a href="#DIGIT">"##) && page.contains(r#"id="DIGIT""#));
///
/// // Left recursion, which abnf-oracle's checked grammar leaves out, is drawn too.
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "e = e \"+\" e / DIGIT\n")]).unwrap();
/// let page = diagram(&g, Some("e")).unwrap();
/// assert!(page.contains(r#"<section id="e">"#) && page.contains(r##"<a href="#e">"##));
/// // So is a rule that matches the empty string and reaches prose.
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = b\nb = [<prose>]\n")]).unwrap();
/// let page = diagram(&g, Some("a")).unwrap();
/// assert!(page.contains(r#"<section id="b">"#) && page.contains("prose"));
/// ```
pub fn diagram(grammar: &LoadedGrammar, rule: Option<&str>) -> Result<String, String> {
    let g = grammar.checked();
    let mut wanted: Vec<Drawn> = match rule {
        Some(name) => {
            let found = grammar
                .rule_name(name)
                .ok_or_else(|| format!("the grammar has no rule {name:?}"))?;
            vec![drawn(grammar, found).ok_or_else(|| format!("no rule {found}"))?]
        }
        None => grammar.rules().filter_map(|n| drawn(grammar, n)).collect(),
    };
    // Every rule a drawn rule names gets a diagram, so every link lands.
    // What is drawn is kept in a set, and the nodes seen in one vector for
    // all rules (a node is of one rule's body): a scan of the list for
    // each rule named and a vector of every node for each rule made a
    // chain of 20,000 rules take 2.6 s, 64 times 2,000 (issue 41).
    let mut drawing: HashSet<Drawn> = wanted.iter().cloned().collect();
    let mut seen = vec![false; g.node_count()];
    let mut k = 0;
    while let Some(next) = wanted.get(k) {
        let mut named = Vec::new();
        match next {
            Drawn::Checked(id) => {
                let mut stack = vec![g.rule_by_id(*id).body];
                while let Some(n) = stack.pop() {
                    if std::mem::replace(seen.get_mut(n.index()).unwrap_or(&mut true), true) {
                        continue;
                    }
                    if let (Node::RuleRef { .. }, Some(t)) = (g.node(n), g.target(n)) {
                        named.push(Drawn::Checked(t));
                        continue;
                    }
                    stack.extend(children(g, n));
                }
            }
            Drawn::Defined(name) => {
                for body in grammar.bodies_of(name) {
                    references(body, &mut |used, _| {
                        named.extend(drawn(grammar, used));
                    });
                }
            }
        }
        for d in named {
            if drawing.insert(d.clone()) {
                wanted.push(d);
            }
        }
        k += 1;
    }
    let files: Vec<&str> = grammar.file_names().collect();
    let title = escape(&files.join(" + "));
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title><style>{STYLE}</style></head><body>\n<h1>{title}</h1>\n<p>"
    );
    let name_of = |d: &Drawn| match d {
        Drawn::Checked(id) => g.rule_by_id(*id).name.as_str().to_string(),
        Drawn::Defined(name) => name.clone(),
    };
    for (i, d) in wanted.iter().enumerate() {
        let name = escape(&name_of(d));
        let sep = if i == 0 { "" } else { " · " };
        let _ = write!(page, "{sep}<a href=\"#{name}\">{name}</a>");
    }
    page.push_str("</p>\n");
    for d in &wanted {
        let name = name_of(d);
        let (text, body) = match d {
            Drawn::Checked(id @ RuleId::Core(_)) => (
                format!("{name}: a core rule of RFC 5234 (Appendix B.1)"),
                item(g, g.rule_by_id(*id).body),
            ),
            Drawn::Checked(id) => (grammar.text_of(&name), item(g, g.rule_by_id(*id).body)),
            Drawn::Defined(name) => (grammar.text_of(name), definitions(grammar, name)),
        };
        let _ = writeln!(
            page,
            "<section id=\"{0}\"><h2>{0}</h2><pre>{1}</pre>{2}</section>",
            escape(&name),
            escape(&text),
            svg(body)
        );
    }
    page.push_str("</body></html>\n");
    Ok(page)
}

/// A rule to draw: one of the checked grammar's, or one it leaves out
/// (meeting left recursion, or reaching a rule that both matches the
/// empty string and reaches prose), drawn from its definitions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Drawn {
    Checked(RuleId),
    Defined(String),
}

fn drawn(grammar: &LoadedGrammar, name: &str) -> Option<Drawn> {
    if grammar.unchecked(name) {
        return grammar
            .own_rule(name)
            .map(|spelled| Drawn::Defined(spelled.to_string()));
    }
    grammar.checked_id(name).map(Drawn::Checked)
}
