//! The files joined into one grammar, with what is wrong with it: what
//! `load.rs` makes of the files, and what `mend.rs` mends.

use super::left::Left;
use crate::figures::{Diagnostic, Read};
use abnf_oracle::Definition;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Files joined into one grammar, with what is wrong with it.
pub(crate) struct Joined {
    pub(crate) files: Vec<Read>,
    /// The definitions in force, each with the file it is in.
    pub(crate) definitions: Vec<(usize, Definition)>,
    /// `(name, file replaced, file replacing)`.
    pub(crate) replaced: Vec<(String, usize, usize)>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The names used and defined nowhere.
    pub(crate) undefined: BTreeSet<String>,
    /// The rules defined twice with `=` (by key).
    pub(crate) duplicated: BTreeSet<String>,
    /// What abnf-oracle is given: the definitions in force, and each
    /// undefined name and broken rule defined as a prose value.
    pub(crate) mended: Vec<Definition>,
    /// The left recursion of `mended`.
    pub(crate) left: Left,
    /// The rules of `mended` kept out of abnf-oracle's check because they
    /// reach a rule that both matches the empty string and reaches prose
    /// (by key), with the prose value each reaches (`reach.rs`).
    pub(crate) aside: HashMap<String, String>,
    /// The broken rules, by key, as spelled: a definition of each does
    /// not read (a syntax error, an alternation too wide), so they are
    /// prose values in `mended`, and only the rules reaching them are
    /// refused.
    pub(crate) broken: BTreeMap<String, String>,
}

impl Joined {
    /// Whether abnf-oracle's checked grammar leaves the rule out: it
    /// meets left recursion, or is [`aside`](Self::aside). The Earley
    /// parser and the diagrams take it from its definitions.
    pub(crate) fn unchecked(&self, name: &str) -> bool {
        self.left.reaches(name) || self.aside.contains_key(&name.to_ascii_lowercase())
    }
}
