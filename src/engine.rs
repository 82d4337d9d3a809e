//! The engine: ABNF rules compiled to automata over character classes, and
//! the one linear pass that runs them; the `xiri-engine` crate's public
//! API, as the library has always exposed it.
//!
//! [`compile`] turns a rule of any ABNF grammar into an [`Automaton`]: a
//! deterministic automaton for a regular rule, with calls on a bracket
//! pair for a rule whose recursion passes only through brackets (XRI's
//! cross-references). `build.rs` runs the same compiler on `grammar/*.abnf`
//! and compiles the rules the library runs on every input into it; every
//! other built-in rule compiles on first use
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

#[cfg(feature = "workbench")]
pub use crate::workbench::earley;
pub use xiri_engine::stage;
pub use xiri_engine::{
    compile, compile_checked, to_rust, to_rust_with_files, Automaton, CharAutomaton, CompileError,
    Options, Refusal, TableFiles, MAX_CALL_DEPTH, MAX_GROUP_NESTING,
};
