//! `xiri rules`: every production of a grammar, whether the engine can
//! compile it, and what BAP would say of the grammar (undefined, unused
//! and doubly defined rules, `=/` without a base).

use super::decide::BRACKETS;
use super::diagnostic::{Diagnostic, Location, Severity};
use super::grammar::LoadedGrammar;
use crate::engine::{structure, CompileError};
use abnf_oracle::LintWarning;
use std::fmt;

/// What kind of language a rule has, as far as the engine is concerned.
///
/// ```
/// use xiri::workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", "a = \"(\" *a \")\"\n")]).unwrap();
/// assert_eq!(rules(&g, &[]).rules[0].kind, RuleKind::Brackets('(', ')'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleKind {
    /// Regular: the engine compiles it to an automaton.
    Regular,
    /// Recursive, but only through this bracket pair: the engine compiles
    /// it with calls, nesting up to [`MAX_NESTING`](crate::MAX_NESTING).
    Brackets(char, char),
    /// Recursive otherwise: only the Earley parser decides it.
    Recursive,
    /// It reaches a prose value: it can be listed, not checked.
    Prose(String),
    /// It reaches a rule that is defined nowhere.
    Undefined(String),
    /// It matches no string at all.
    Empty,
    /// Regular, but too large for the engine's NFA.
    TooLarge,
}

impl RuleKind {
    /// A short name for JSON: `regular`, `brackets`, `recursive`, `prose`,
    /// `undefined`, `empty`, `too-large`.
    ///
    /// ```
    /// assert_eq!(xiri::workbench::RuleKind::Regular.name(), "regular");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            RuleKind::Regular => "regular",
            RuleKind::Brackets(..) => "brackets",
            RuleKind::Recursive => "recursive",
            RuleKind::Prose(_) => "prose",
            RuleKind::Undefined(_) => "undefined",
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
            RuleKind::Prose(p) => write!(f, "reaches prose <{p}>: can be listed, not checked"),
            RuleKind::Undefined(n) => write!(f, "reaches the undefined rule {n}"),
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
/// use xiri::workbench::{rules, AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::analyze(&[AbnfFile::new("g", "a = b\nc = \"x\"\n")]).unwrap();
/// let report = rules(&g, &[]);
/// assert_eq!(report.errors(), 1);
/// assert_eq!(report.diagnostics[1].kind, "unused");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesReport {
    /// The entry points unused rules are counted from.
    pub entries: Vec<String>,
    /// Every rule, in the order first defined.
    pub rules: Vec<RuleReport>,
    /// The grammar's findings, then the unused and unproductive rules.
    pub diagnostics: Vec<Diagnostic>,
}

impl RulesReport {
    /// How many findings are errors.
    ///
    /// ```
    /// use xiri::workbench::{rules, AbnfFile, LoadedGrammar};
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
/// unreachable from `entries` (the first rule when empty).
///
/// ```
/// use xiri::workbench::{rules, AbnfFile, LoadedGrammar, RuleKind};
/// let text = "list = item *(\",\" item)\nitem = 1*DIGIT / \"[\" list \"]\"\nspare = \"x\"\n";
/// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
/// let report = rules(&g, &["list"]);
/// assert_eq!(report.rules[0].kind, RuleKind::Brackets('[', ']'));
/// assert_eq!(report.rules[2].kind, RuleKind::Regular);
/// assert_eq!(report.diagnostics[0].rule.as_deref(), Some("spare"));
/// ```
pub fn rules(grammar: &LoadedGrammar, entries: &[&str]) -> RulesReport {
    let entries: Vec<String> = if entries.is_empty() {
        grammar.first_rule().into_iter().map(String::from).collect()
    } else {
        entries.iter().map(|e| e.to_string()).collect()
    };
    let rules = grammar
        .rules()
        .map(|name| RuleReport {
            name: name.to_string(),
            kind: kind(grammar, name),
            location: grammar.location_of(name),
        })
        .collect();
    let mut diagnostics = grammar.diagnostics().to_vec();
    let starts: Vec<&str> = entries.iter().map(String::as_str).collect();
    for warning in grammar.checked().lint_from(&starts) {
        let (kind, rule, message) = match &warning {
            LintWarning::UnreachableRule { name } => (
                "unused",
                name,
                format!("`{name}` is not used by {}", entries.join(", ")),
            ),
            LintWarning::UnproductiveRule { name } => {
                ("unproductive", name, format!("`{name}` matches no string"))
            }
            LintWarning::UnproductiveAlternative { rule, .. } => {
                ("unproductive", rule, warning.to_string())
            }
            _ => continue,
        };
        if grammar.is_undefined(rule) {
            continue;
        }
        let mut d = Diagnostic::without_place(Severity::Warning, kind, Some(rule.clone()), message);
        d.location = grammar.location_of(rule).map(|mut l| {
            l.width = rule.len();
            l
        });
        diagnostics.push(d);
    }
    RulesReport {
        entries,
        rules,
        diagnostics,
    }
}

fn kind(grammar: &LoadedGrammar, name: &str) -> RuleKind {
    let checked = grammar.checked();
    if let Err(abnf_oracle::MatchError::ProseValueReachable { prose, .. }) =
        checked.can_recognize(name)
    {
        return match prose.strip_suffix(" is not defined") {
            Some(undefined) if grammar.is_undefined(undefined) => {
                RuleKind::Undefined(undefined.to_string())
            }
            _ => RuleKind::Prose(prose),
        };
    }
    if !checked
        .rule(name)
        .is_some_and(|r| checked.min_len(r.body).is_finite())
    {
        return RuleKind::Empty;
    }
    match structure(checked, name, None) {
        Ok(()) => RuleKind::Regular,
        Err(CompileError::Recursive(_)) => BRACKETS
            .iter()
            .find(|&&pair| structure(checked, name, Some(pair)).is_ok())
            .map_or(RuleKind::Recursive, |&(o, c)| RuleKind::Brackets(o, c)),
        Err(CompileError::TooLarge(_)) => RuleKind::TooLarge,
        Err(_) => RuleKind::Recursive,
    }
}
