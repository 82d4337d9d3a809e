//! The files joined into one grammar, with what is wrong with it: what
//! `load.rs` makes of the files, and what `mend.rs` mends.

use super::left::Left;
use crate::figures::{Diagnostic, Read};
use abnf_oracle::Definition;
use std::collections::BTreeSet;

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
    /// undefined name defined as a prose value.
    pub(crate) mended: Vec<Definition>,
    /// The left recursion of `mended`.
    pub(crate) left: Left,
}
