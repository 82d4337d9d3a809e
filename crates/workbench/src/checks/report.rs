//! `xiri rules`: every production of a grammar, whether the engine can
//! compile it, and what BAP would say of the grammar (undefined, unused
//! and doubly defined rules, `=/` without a base, left recursion).

use super::decide::BRACKETS;
use crate::figures::{Diagnostic, Location, Severity};
use crate::rules::{cycle_text, references, LoadedGrammar, Reach, BROKEN, UNDEFINED};
use abnf_oracle::{Element, LintWarning};
use std::cell::OnceCell;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fmt;
use xiri_engine::{CompileError, Structures};

/// What kind of language a rule has, as far as the engine is concerned.
///
/// ```
/// use xiri_workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"(\" *a \")\"\n")]).unwrap();
/// assert_eq!(rules(&g, &[]).rules[0].kind, RuleKind::Brackets('(', ')'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleKind {
    /// Regular: the engine compiles it to an automaton.
    Regular,
    /// Recursive, but only through this bracket pair: the engine compiles
    /// it with calls, nesting up to
    /// [`MAX_CALL_DEPTH`](xiri_engine::MAX_CALL_DEPTH).
    Brackets(char, char),
    /// Recursive otherwise: only the Earley parser decides it.
    Recursive,
    /// Left-recursive, on a cycle (each rule begins with the next, the
    /// last with the first): only the Earley parser decides it, and
    /// nothing generates from it.
    ///
    /// ```
    /// use xiri_workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "e = e \"+\" e / DIGIT\n")]).unwrap();
    /// let cycle = vec!["e".to_string()];
    /// assert_eq!(rules(&g, &[]).rules[0].kind, RuleKind::LeftRecursive { cycle, length: 1 });
    /// assert_eq!(rules(&g, &[]).rules[0].kind.to_string(), "left-recursive: e -> e");
    /// ```
    LeftRecursive {
        /// The cycle's first rules, at most
        /// [`CYCLE_SHOWN`](crate::CYCLE_SHOWN) of them (every rule of a
        /// ring of thousands showing it whole made `rules` quadratic).
        cycle: Vec<String>,
        /// How many rules the cycle has (the grammar's `left-recursion`
        /// warning names in full a cycle through the first rule of the
        /// rules that begin with one another, and how many they are).
        length: usize,
    },
    /// It reaches this left-recursive rule: only the Earley parser
    /// decides it, and nothing generates from it.
    ReachesLeftRecursion(String),
    /// It reaches a prose value: it can be listed, not checked.
    Prose(String),
    /// It reaches a rule that is defined nowhere.
    Undefined(String),
    /// It reaches this broken rule, a definition of which does not read
    /// (a syntax error): it is listed, not checked.
    ///
    /// ```
    /// use xiri_workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nb = (\"x\"\n")]).unwrap();
    /// assert_eq!(rules(&g, &[]).rules[0].kind, RuleKind::Broken("b".into()));
    /// assert_eq!(rules(&g, &[]).rules[0].kind.to_string(), "reaches b, which has an error");
    /// ```
    Broken(String),
    /// It matches no string at all.
    Empty,
    /// Regular, but too large for the engine's NFA.
    TooLarge,
}

impl RuleKind {
    /// A short name for JSON: `regular`, `brackets`, `recursive`,
    /// `left-recursive`, `reaches-left-recursion`, `prose`, `undefined`,
    /// `broken`, `empty`, `too-large`.
    ///
    /// ```
    /// assert_eq!(xiri_workbench::RuleKind::Regular.name(), "regular");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            RuleKind::Regular => "regular",
            RuleKind::Brackets(..) => "brackets",
            RuleKind::Recursive => "recursive",
            RuleKind::LeftRecursive { .. } => "left-recursive",
            RuleKind::ReachesLeftRecursion(_) => "reaches-left-recursion",
            RuleKind::Prose(_) => "prose",
            RuleKind::Undefined(_) => "undefined",
            RuleKind::Broken(_) => "broken",
            RuleKind::Empty => "empty",
            RuleKind::TooLarge => "too-large",
        }
    }
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleKind::Regular => f.write_str("regular"),
            RuleKind::Brackets(o, c) => write!(f, "recursive only through \"{o}\" \"{c}\""),
            RuleKind::Recursive => f.write_str("recursive"),
            RuleKind::LeftRecursive { cycle, length } => {
                write!(f, "left-recursive: {}", cycle_text(cycle, *length))?;
                match *length > cycle.len() {
                    true => write!(f, " (a cycle of {length} rules)"),
                    false => Ok(()),
                }
            }
            RuleKind::ReachesLeftRecursion(r) => {
                write!(f, "reaches the left-recursive rule {r}")
            }
            RuleKind::Prose(p) => write!(f, "reaches prose <{p}>: can be listed, not checked"),
            RuleKind::Undefined(n) => write!(f, "reaches the undefined rule {n}"),
            RuleKind::Broken(n) => write!(f, "reaches {n}, which has an error"),
            RuleKind::Empty => f.write_str("matches nothing"),
            RuleKind::TooLarge => f.write_str("regular, too large for the automaton"),
        }
    }
}

/// One rule of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleReport {
    /// As the grammar spells it.
    pub name: String,
    /// Its kind.
    pub kind: RuleKind,
    /// Where it is defined.
    pub location: Option<Location>,
}

/// The report: every rule, and every finding.
///
/// ```
/// use xiri_workbench::{rules, AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nc = \"x\"\n")]).unwrap();
/// let report = rules(&g, &["a"]);
/// assert_eq!(report.errors(), 1);
/// assert_eq!(report.diagnostics[1].kind, "unused");
/// // Without an entry, `a` and `c` are the roots, and neither is unused.
/// let report = rules(&g, &[]);
/// assert_eq!((report.roots, report.entries.as_slice()), (true, &["a".to_string(), "c".to_string()][..]));
/// assert_eq!(report.diagnostics.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesReport {
    /// The entry points unused rules are counted from: those given, or
    /// the grammar's roots.
    pub entries: Vec<String>,
    /// Whether `entries` are the roots (no entry was given): the first
    /// rule and the rules no other rule refers to, which are not reported
    /// as unused.
    pub roots: bool,
    /// Every rule, in the order first defined.
    pub rules: Vec<RuleReport>,
    /// The grammar's findings, then the unused and unproductive rules.
    pub diagnostics: Vec<Diagnostic>,
}

impl RulesReport {
    /// How many findings are errors.
    ///
    /// ```
    /// use xiri_workbench::{rules, AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"x\"\n")]).unwrap();
    /// assert_eq!(rules(&g, &[]).errors(), 0);
    /// ```
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
}

/// Classifies every rule and lists the findings; unused rules are those
/// unreachable from `entries`, or, when it is empty, from the grammar's
/// roots (its first rule and the rules no other rule refers to).
///
/// ```
/// use xiri_workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
/// let text = "list = item *(\",\" item)\nitem = 1*DIGIT / \"[\" list \"]\"\nspare = \"x\"\n";
/// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
/// let report = rules(&g, &["list"]);
/// assert_eq!(report.rules[0].kind, RuleKind::Brackets('[', ']'));
/// assert_eq!(report.rules[2].kind, RuleKind::Regular);
/// assert_eq!(report.diagnostics[0].rule.as_deref(), Some("spare"));
/// ```
pub fn rules(grammar: &LoadedGrammar, entries: &[&str]) -> RulesReport {
    let roots = entries.is_empty();
    let entries: Vec<String> = if roots {
        roots_of(grammar)
    } else {
        entries.iter().map(|e| e.to_string()).collect()
    };
    let reach = Reach::new(grammar.mended());
    let engine = Kinds::new(grammar.checked());
    let rules: Vec<RuleReport> = grammar
        .rules()
        .map(|name| RuleReport {
            name: name.to_string(),
            kind: kind(grammar, name, &reach, &engine),
            location: grammar.location_of(name),
        })
        .collect();
    let mut diagnostics = grammar.diagnostics().to_vec();
    let starts: Vec<&str> = entries.iter().map(String::as_str).collect();
    let used = used_from(grammar, &starts);
    // abnf-oracle's lint sees the rules its checked grammar holds (not
    // those meeting left recursion); which rules are used is found here,
    // over every rule, in the lint's order: a rule's unproductive parts,
    // then whether it is used.
    // By rule, so that each rule goes through its own warnings only.
    let mut lint: HashMap<&str, Vec<&LintWarning>> = HashMap::new();
    // Only what does not depend on the entry points is taken: given every
    // root, the lint looked each up through every rule (quadratic).
    let all = grammar.checked().lint_from(&[]);
    for warning in &all {
        match warning {
            LintWarning::UnproductiveRule { name: rule }
            | LintWarning::UnproductiveAlternative { rule, .. } => {
                lint.entry(rule.as_str()).or_default().push(warning)
            }
            _ => {}
        }
    }
    for report in &rules {
        let (name, kind) = (report.name.as_str(), &report.kind);
        let mut found = Vec::new();
        for warning in lint.get(name).into_iter().flatten().copied() {
            match warning {
                LintWarning::UnproductiveRule { name: n } if n == name => {
                    found.push(("unproductive", format!("`{name}` matches no string")))
                }
                LintWarning::UnproductiveAlternative { rule, .. } if rule == name => {
                    found.push(("unproductive", warning.to_string()));
                }
                _ => {}
            }
        }
        if *kind == RuleKind::Empty && !found.iter().any(|(k, _)| *k == "unproductive") {
            found.push(("unproductive", format!("`{name}` matches no string")));
        }
        if !used.contains(&name.to_ascii_lowercase()) {
            let message = format!("`{name}` is not used by {}", entries.join(", "));
            found.push(("unused", message));
        }
        for (kind, message) in found {
            let mut d =
                Diagnostic::without_place(Severity::Warning, kind, Some(name.to_string()), message);
            d.location = grammar.location_of(name).map(|mut l| {
                l.width = name.len();
                l
            });
            diagnostics.push(d);
        }
    }
    RulesReport {
        entries,
        roots,
        rules,
        diagnostics,
    }
}

/// The grammar's roots: its first rule and the rules no other rule
/// refers to, in the order they are defined.
fn roots_of(grammar: &LoadedGrammar) -> Vec<String> {
    let mut referred = BTreeSet::new();
    for rule in grammar.rules() {
        for body in grammar.bodies_of(rule) {
            references(body, &mut |name, _| {
                if !name.eq_ignore_ascii_case(rule) {
                    referred.insert(name.to_ascii_lowercase());
                }
            });
        }
    }
    // The first rule is the grammar's top by custom, even when a rule
    // it reaches refers back to it (`item = "(" list ")"`).
    grammar
        .rules()
        .enumerate()
        .filter(|(i, r)| *i == 0 || !referred.contains(&r.to_ascii_lowercase()))
        .map(|(_, r)| r.to_string())
        .collect()
}

/// The rules `starts` use, themselves included (by key), as abnf-oracle's
/// lint finds them: a body repeated at most zero times uses nothing.
fn used_from(grammar: &LoadedGrammar, starts: &[&str]) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    let mut queue: VecDeque<String> = starts
        .iter()
        .filter_map(|s| grammar.own_rule(s))
        .map(str::to_string)
        .collect();
    used.extend(queue.iter().map(|r| r.to_ascii_lowercase()));
    while let Some(rule) = queue.pop_front() {
        let mut stack: Vec<&Element> = grammar.bodies_of(&rule);
        while let Some(e) = stack.pop() {
            match e {
                Element::Alt(items) | Element::Concat(items) => stack.extend(items),
                Element::Repeat { repeat, .. } if repeat.max == Some(0) => {}
                Element::Repeat { body, .. } | Element::Optional(body) => stack.push(body),
                Element::RuleRef { name, .. } => {
                    if let Some(r) = grammar.own_rule(name.as_str()) {
                        if used.insert(r.to_ascii_lowercase()) {
                            queue.push_back(r.to_string());
                        }
                    }
                }
                Element::CharVal(_) | Element::NumVal { .. } | Element::ProseVal { .. } => {}
            }
        }
    }
    used
}

/// A rule reaching a prose value: an undefined name or a broken rule (a
/// prose value once mended), or the author's prose.
fn prose_kind(grammar: &LoadedGrammar, prose: String) -> RuleKind {
    if let Some(undefined) = prose.strip_suffix(UNDEFINED) {
        if grammar.is_undefined(undefined) {
            return RuleKind::Undefined(undefined.to_string());
        }
    }
    match prose.strip_suffix(BROKEN).and_then(|b| grammar.unread(b)) {
        Some(broken) => RuleKind::Broken(broken.to_string()),
        None => RuleKind::Prose(prose),
    }
}

/// What kind of rule `name` is, with what every rule reaches found once
/// (`reach`) and every rule's size measured once (`engine`): asked of
/// each rule on its own, each was quadratic (issue 41: a chain of rules
/// each using the next, and many rules using one large rule, which the
/// engine built again for each of its users: 20 KB and 200 KB of them
/// took 0.44 and 28 s).
fn kind(grammar: &LoadedGrammar, name: &str, reach: &Reach<'_>, engine: &Kinds<'_>) -> RuleKind {
    if let Some(prose) = reach.prose(name).or_else(|| grammar.unchecked_prose(name)) {
        return prose_kind(grammar, prose.to_string());
    }
    if !reach.productive(name) {
        return RuleKind::Empty;
    }
    if let Some(left) = grammar.left_recursion(name) {
        // Not in the checked grammar: only the Earley parser takes it.
        return if left.on_cycle {
            RuleKind::LeftRecursive {
                cycle: left.cycle,
                length: left.length,
            }
        } else {
            RuleKind::ReachesLeftRecursion(left.rule)
        };
    }
    let Some(id) = grammar.checked_id(name) else {
        return RuleKind::Empty;
    };
    let bracketed = || {
        BRACKETS
            .iter()
            .find(|&&pair| engine.of(id, Some(pair)).is_ok())
            .map_or(RuleKind::Recursive, |&(o, c)| RuleKind::Brackets(o, c))
    };
    match engine.of(id, None) {
        Ok(()) => RuleKind::Regular,
        Err(CompileError::Recursive(_)) => bracketed(),
        // The walk without brackets can pass the depth limit before it
        // meets the recursion (a ring of 100 rules, each using the next
        // in brackets): a rule on or reaching a cycle is never regular.
        Err(CompileError::TooLarge(_)) if reach.recursive(name) => bracketed(),
        Err(CompileError::TooLarge(_)) => RuleKind::TooLarge,
        Err(_) => RuleKind::Recursive,
    }
}

/// The engine's verdict on each rule, without brackets and with each pair
/// of [`BRACKETS`], each measured over the whole grammar once, when first
/// asked (a rule at a time, a chain of wide rules its last rule closes
/// through brackets cost the chain for each rule; issue 41).
struct Kinds<'g> {
    grammar: &'g abnf_oracle::CheckedGrammar,
    plain: OnceCell<Structures<'g>>,
    bracketed: [OnceCell<Structures<'g>>; BRACKETS.len()],
}

impl<'g> Kinds<'g> {
    fn new(grammar: &'g abnf_oracle::CheckedGrammar) -> Self {
        Kinds {
            grammar,
            plain: OnceCell::new(),
            bracketed: Default::default(),
        }
    }

    fn of(
        &self,
        id: abnf_oracle::RuleId,
        brackets: Option<(char, char)>,
    ) -> Result<(), CompileError> {
        let cell = match brackets {
            None => Some(&self.plain),
            Some(pair) => BRACKETS
                .iter()
                .position(|&p| p == pair)
                .and_then(|i| self.bracketed.get(i)),
        };
        match cell {
            Some(cell) => cell
                .get_or_init(|| Structures::new(self.grammar, brackets))
                .of(id),
            None => xiri_engine::structure(self.grammar, id, brackets),
        }
    }
}
