//! The engine: ABNF rules compiled to automata over character classes, and
//! the one linear pass that runs them.
//!
//! [`compile`] turns a rule of any ABNF grammar into an [`Automaton`]: a
//! deterministic automaton for a regular rule, with calls on a bracket
//! pair for a rule whose recursion passes only through brackets (XRI's
//! cross-references). `build.rs` runs the same compiler on `grammar/*.abnf`
//! and compiles every built-in rule it can into the library
//! ([`Rule::automaton`](crate::Rule::automaton)). Running an automaton
//! gives the verdict and, on refusal, the [`Refusal`]: the length of the
//! longest prefix of the input some member of the language starts with,
//! and what could continue it.
//!
//! ```
//! let a = xiri::engine::compile(
//!     "pair = key \"=\" value\nkey = 1*ALPHA\nvalue = *DIGIT\n",
//!     "pair",
//!     &Default::default(),
//! ).unwrap();
//! assert!(a.matches("port=80"));
//! let refusal = a.check("port=8o").unwrap_err();
//! assert_eq!(refusal.offset, 6);
//! assert_eq!(refusal.expected, ["end of input", "DIGIT"]);
//! ```

mod automaton;
mod calls;
// Without the workbench, the parts of the compiler only it calls are unused.
#[cfg_attr(not(feature = "workbench"), allow(dead_code))]
mod compile;
mod consistent;
#[cfg(feature = "workbench")]
pub mod earley;
mod simd;
mod skip;
mod walk;

pub(crate) use automaton::marks;
pub use automaton::{Automaton, Refusal};
pub use calls::MAX_CALL_DEPTH;
pub(crate) use compile::utf8_width;
// `xiri::find`'s run to the first byte that may end an identifier.
pub use compile::{
    compile, compile_checked, to_rust, to_rust_with_files, CharAutomaton, CompileError, Options,
    TableFiles, MAX_GROUP_NESTING,
};
pub(crate) use simd::{masks_of, plain_run};
// The workbench's: its loader's nesting check and rule classification.
#[cfg(feature = "workbench")]
pub(crate) use compile::{nesting_message, structure, too_deep};
