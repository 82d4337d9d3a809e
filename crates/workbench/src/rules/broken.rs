//! The parts of a grammar with errors that a rule may reach, found from
//! the rule: a name used and defined nowhere, a rule defined twice with
//! `=`, a broken rule (a definition of it does not read).

use super::grammar::LoadedGrammar;
use super::names::references;
use std::collections::{BTreeSet, VecDeque};

/// A part of a grammar with errors that a rule reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    Undefined(String),
    DefinedTwice(String),
    /// A definition of the rule does not read (a syntax error, an
    /// alternation too wide): the rule, as spelled.
    Unread(String),
}

impl LoadedGrammar {
    /// The nearest part with errors `rule` reaches (itself included): a
    /// name defined nowhere, a rule defined twice, a broken rule.
    pub(crate) fn broken(&self, rule: &str) -> Option<Broken> {
        let mut seen = BTreeSet::from([rule.to_ascii_lowercase()]);
        let mut queue = VecDeque::from([rule.to_string()]);
        while let Some(name) = queue.pop_front() {
            if self.is_undefined(&name) {
                return Some(Broken::Undefined(name));
            }
            if let Some(unread) = self.unread(&name) {
                return Some(Broken::Unread(unread.to_string()));
            }
            if self.joined.duplicated.contains(&name.to_ascii_lowercase()) {
                return Some(Broken::DefinedTwice(self.rule_name(&name)?.to_string()));
            }
            for body in self.bodies_of(&name) {
                references(body, &mut |used, _| {
                    if seen.insert(used.to_ascii_lowercase()) {
                        queue.push_back(used.to_string());
                    }
                });
            }
        }
        None
    }

    /// Whether the name is used and defined nowhere (analysis only).
    pub(crate) fn is_undefined(&self, name: &str) -> bool {
        self.joined
            .undefined
            .iter()
            .any(|u| u.eq_ignore_ascii_case(name))
    }

    /// The broken rule of this name, as spelled: a definition of it does
    /// not read, and it is no rule of [`rules`](Self::rules).
    pub(crate) fn unread(&self, name: &str) -> Option<&str> {
        self.joined
            .broken
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use crate::{rules, AbnfFile, DeciderError, LoadedGrammar, RuleKind};

    #[test]
    fn a_broken_rule_refuses_exactly_the_rules_that_reach_it() {
        let text = "top = a / c\na = b \"x\"\nb = ( \"y\"\nc = \"z\" d\nd = 1*DIGIT\ne = b / d\nf = e\ng = d\n";
        let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", text)]).unwrap();
        let errors: Vec<String> = g.diagnostics().iter().map(|d| d.to_string()).collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].starts_with("g.abnf:3:10: error: "), "{errors:?}");
        assert_eq!(g.diagnostics()[0].rule.as_deref(), Some("b"));
        let report = rules(&g, &[]);
        let listed: Vec<&str> = report.rules.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(listed, ["top", "a", "c", "d", "e", "f", "g"]);
        for name in ["top", "a", "b", "c", "d", "e", "f", "g"] {
            let reaches = matches!(name, "top" | "a" | "b" | "e" | "f");
            let decider = g.decider(name);
            assert_eq!(
                matches!(&decider, Err(DeciderError::Broken { broken, .. }) if broken == "b"),
                reaches,
                "{name}: {decider:?}"
            );
            if !reaches {
                assert!(decider.is_ok(), "{name}");
            }
            if let Some(r) = report.rules.iter().find(|r| r.name == name) {
                assert_eq!(r.kind == RuleKind::Broken("b".into()), reaches, "{name}");
            }
        }
        let d = g.decider("c").unwrap();
        assert!(d.decide("z12").unwrap().accepted);
        assert_eq!(
            g.decider("f").unwrap_err().to_string(),
            "f reaches b, which has an error in its definition, which no engine can decide: mend it, or ask for a rule that does not reach it"
        );
    }
}
