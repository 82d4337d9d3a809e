//! The third stage: the files' rules joined into one grammar, a
//! [`LoadedGrammar`]. A later file's `=` replaces an earlier file's rule,
//! `=/` accumulates; what the joined grammar gets wrong is found and
//! mended (`mend.rs`: rules defined twice, `=/` without a base, undefined
//! names), the warnings of `warnings.rs` are added, left recursion is
//! found (`left.rs`, `cycles.rs`), and `abnf-oracle` checks the rest;
//! a rule reaching a part with errors is found by `broken.rs`.
//! The grammar-wide helpers the later stages use live here: the names a
//! body uses ([`references`]), the core rules, what each rule reaches.

mod broken;
mod cycles;
mod grammar;
mod index;
mod joined;
mod left;
mod load;
mod mend;
mod names;
mod reach;
mod warnings;

pub(crate) use broken::Broken;
pub use grammar::{LoadError, LoadedGrammar};
pub(crate) use left::{cycle_text, NO_GENERATOR};
pub use left::{LeftRecursion, CYCLE_SHOWN};
pub(crate) use load::{BROKEN, UNDEFINED};
pub(crate) use names::references;
pub(crate) use reach::Reach;
