//! xiri's engine: ABNF rules compiled to automata over character classes,
//! and the one linear pass that runs them.
//!
//! [`compile`] turns a rule of any ABNF grammar into an [`Automaton`]: a
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
//! | file | concern |
//! |---|---|
//! | `automaton.rs` | the data ([`Parts`]), what its fields mean, the verdicts built on the run |
//! | `refusal.rs` | the [`Refusal`]: where and why an input is refused |
//! | `marks.rs` | where a run saw the delimiters of RFC 3986 Appendix B's split |
//! | `consistent/` | the data's invariants, checked ([`Automaton::is_consistent`], [`Automaton::from_parts`]) |
//! | `walk.rs` | the table loop: one pass over the bytes |
//! | `skip.rs`, `simd.rs` | the skip over the run of bytes an accelerated state loops on |
//! | `calls/` | the run with calls: every reading of a rule with brackets |
//! | `compile/` | the compiler from ABNF to the data, and the data as Rust source (`emit.rs`) |
//! | `abnf.rs` | the ABNF texts of xiri's `grammar/`, split into productions |
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
pub mod marks;
mod refusal;
mod simd;
mod skip;
mod walk;

pub use automaton::{Automaton, Longest, Parts};
pub use calls::MAX_CALL_DEPTH;
pub use compile::{
    CharAutomaton, CompileError, MAX_GROUP_NESTING, MAX_GROUP_WIDTH, Options, TableFiles, TooWide,
    compile, compile_checked, merge_ranges, nesting_message, num_name, structure, to_rust,
    to_rust_with_files, too_deep, too_wide, utf8_width,
};
pub use refusal::Refusal;
pub use simd::{masks_of, plain_run};
#[cfg(test)]
mod fixtures;
