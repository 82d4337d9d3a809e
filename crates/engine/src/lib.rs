//! xiri's engine: ABNF rules compiled to automata over character classes,
//! and the one linear pass that runs them.
//!
//! [`compile()`] turns a rule of any ABNF grammar into an [`Automaton`]: a
//! deterministic automaton for a regular rule, with calls on a bracket
//! pair for a rule whose recursion passes only through brackets (XRI's
//! cross-references). xiri's `build.rs` runs the same compiler on its
//! `grammar/*.abnf` (with [`abnf::effective`]) and writes the automata of
//! the rules the library runs on every input as Rust source
//! ([`to_rust_with_files`]). Running an automaton
//! gives the verdict and, on refusal, the [`Refusal`]: the length of the
//! longest prefix of the input some member of the language starts with,
//! and what could continue it.
//!
//! ```
//! let a = xiri_engine::compile(
//!     "pair = key \"=\" value\nkey = 1*ALPHA\nvalue = *DIGIT\n",
//!     "pair",
//!     &Default::default(),
//! ).unwrap();
//! assert!(a.matches("port=80"));
//! let refusal = a.check("port=8o").unwrap_err();
//! assert_eq!(refusal.offset, 6);
//! assert_eq!(refusal.expected, ["end of input", "DIGIT"]);
//! ```

//! Each file owns one concern of an [`Automaton`]:
//!
//! They stand in floors, each file using only those below it:
//!
//! | file | concern |
//! |---|---|
//! | `tables.rs` | the data ([`Parts`]): the tables' layout, what their fields mean, the constants their columns are read with |
//! | `limits.rs` | the bounds of a run with calls ([`MAX_CALL_DEPTH`]; how many readings it follows) |
//! | `utf8.rs` | UTF-8's shape: a character's width from its lead byte ([`utf8_width`]), the second bytes a lead byte allows |
//! | `marks.rs` | where a run saw the delimiters of RFC 3986 Appendix B's split |
//! | `simd.rs` | sixteen bytes at a time through a skip table's masks; `simd/blocks.rs`, a text classified 64 bytes at a time into its caller's sets ([`classify`]) |
//! | `abnf.rs` | the ABNF texts of xiri's `grammar/`, split into productions |
//! | `automaton.rs` | the [`Automaton`]: its parts, what it says of itself, the reads of its tables every run makes |
//! | `consistent/` | the data's invariants, checked ([`Automaton::is_consistent`], [`Automaton::from_parts`]) |
//! | `refusal.rs` | the [`Refusal`]: where and why an input is refused |
//! | `compile/` | the compiler from ABNF to the data, and the data as Rust source (`emit.rs`) |
//! | `skip.rs` | the skip over the run of bytes an accelerated state loops on |
//! | `reading.rs` | one reading of a run with calls, and the moves a bracket makes it |
//! | `walk.rs` | the table loop: one pass over the bytes ([`Automaton::longest_from`]) |
//! | `calls/` | the run with calls: every reading of a rule with brackets |
//! | `verdict.rs` | the verdicts ([`Automaton::check`], [`Automaton::matches`]): the table loop, or the run with calls |
//! | `stage/` | the first stage in front of the walk: a reference of an RFC 3986-shaped grammar decided from bitmasks of its bytes, its sets derived from the automaton ([`stage::Stage`]) |
#![deny(missing_docs)]
// The run never panics on its input: no unwrap, expect, panic, unreachable
// or indexing that input could reach; tests are exempt.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::indexing_slicing
    )
)]

pub mod abnf;
mod automaton;
mod calls;
mod compile;
mod consistent;
pub mod graph;
mod limits;
pub mod marks;
mod reading;
mod refusal;
mod simd;
mod skip;
pub mod stage;
mod tables;
mod utf8;
mod verdict;
mod walk;

pub use automaton::Automaton;
pub use compile::{
    CharAutomaton, CompileError, MAX_GROUP_NESTING, MAX_GROUP_WIDTH, Options, Structures,
    TableFiles, TooWide, compile, compile_checked, merge_ranges, nesting_message, num_name,
    structure, to_rust, to_rust_with_files, too_deep, too_wide,
};
pub use limits::MAX_CALL_DEPTH;
pub use refusal::Refusal;
pub use simd::{BLOCK, classify, classify_short, masks_of, plain_run};
pub use tables::Parts;
pub use utf8::width as utf8_width;
pub use walk::Longest;
#[cfg(test)]
mod fixtures;
