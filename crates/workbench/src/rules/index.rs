//! A loaded grammar's rules by name, made once when it is loaded: a rule
//! looked up by going through every definition, once for each rule a
//! command lists, made `rules` and `grammar` quadratic in the number of
//! rules (issue 41).

use abnf_oracle::{CheckedGrammar, DefinedAs, Definition, RuleId};
use std::collections::HashMap;

/// Where each rule is, by key (the name in lower case).
#[derive(Debug, Default)]
pub(crate) struct Index {
    /// The positions of a rule's definitions in force, in their order.
    definitions: HashMap<String, Vec<usize>>,
    /// The position of each rule among the checked grammar's own rules.
    checked: HashMap<String, usize>,
}

impl Index {
    /// Indexes `definitions` and the rules of `checked`.
    pub(crate) fn new(definitions: &[(usize, Definition)], checked: &CheckedGrammar) -> Self {
        let mut index = Index::default();
        for (i, (_, d)) in definitions.iter().enumerate() {
            let key = d.name.as_str().to_ascii_lowercase();
            index.definitions.entry(key).or_default().push(i);
        }
        for (i, rule) in checked.rules().iter().enumerate() {
            // The first of a name is the one abnf-oracle looks up.
            index.checked.entry(rule.name.key()).or_insert(i);
        }
        index
    }

    /// The positions of `name`'s definitions, in their order.
    pub(crate) fn definitions(&self, name: &str) -> &[usize] {
        self.definitions
            .get(&name.to_ascii_lowercase())
            .map_or(&[], Vec::as_slice)
    }

    /// The first of `name`'s definitions that is its `=`, as
    /// `(position, definition)`.
    pub(crate) fn base<'d>(
        &self,
        name: &str,
        definitions: &'d [(usize, Definition)],
    ) -> Option<&'d (usize, Definition)> {
        self.definitions(name)
            .iter()
            .filter_map(|&i| definitions.get(i))
            .find(|(_, d)| d.defined_as == DefinedAs::Base)
    }

    /// `name`'s id in the checked grammar, one of its own rules first,
    /// then a core rule, as [`CheckedGrammar::rule`] finds it.
    pub(crate) fn checked_id(&self, name: &str, checked: &CheckedGrammar) -> Option<RuleId> {
        if let Some(&i) = self.checked.get(&name.to_ascii_lowercase()) {
            return u32::try_from(i).ok().map(RuleId::User);
        }
        let core = checked
            .core_rules()
            .iter()
            .position(|r| r.name.as_str().eq_ignore_ascii_case(name))?;
        u32::try_from(core).ok().map(RuleId::Core)
    }
}
