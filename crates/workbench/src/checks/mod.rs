//! The fourth stage: what an author asks of a [`LoadedGrammar`](crate::LoadedGrammar).
//! Each rule's kind and the grammar's findings ([`rules`]), inputs
//! decided ([`Decider`]: the engine's automaton, else the Earley parser),
//! strings generated ([`Generator`]: members, covering sets, near-misses),
//! and two grammars compared on strings ([`compare`]).

mod compare;
mod cover;
mod cover_report;
mod decide;
mod generate;
mod near_miss;
mod report;
mod scalars;

pub use compare::{compare, CompareError, Comparison, Difference, Found, Side};
pub use cover::Cover;
pub use cover_report::{Uncovered, Why};
pub use decide::{Decider, DeciderError, Engine, Undecided, Verdict};
pub(crate) use generate::children;
pub use generate::{Derivation, GenerateError, Generated, Generator};
pub use near_miss::{near_misses, Edit, NearMiss, NearMisses};
pub use report::{rules, RuleKind, RuleReport, RulesReport};
