//! The built-in grammars of xiri (the workspace's `grammar/`), read with
//! [`abnf::effective`] and compiled as xiri's `build.rs` compiles them,
//! for the tests that hold the engine to real grammars: the library's
//! tests see only the public API, and these look at the run's internals.

use crate::{Automaton, Options, abnf, compile};

/// The names [`abnf::effective`] knows for xiri's five grammars.
pub(crate) const GRAMMARS: [&str; 5] = ["uri", "iri", "iri-bis", "leiri", "xri"];

/// The effective ABNF of `grammar` (one of [`GRAMMARS`] or `xri-typed`).
pub(crate) fn abnf(grammar: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../grammar/");
    let read = |file: &str| {
        std::fs::read_to_string(format!("{dir}{file}"))
            .unwrap_or_else(|e| panic!("{dir}{file} (the workspace's grammar/): {e}"))
    };
    abnf::effective(grammar, &read).unwrap_or_else(|| panic!("no grammar {grammar}"))
}

/// `rule` of `grammar` compiled with the grammar's brackets, recording
/// Appendix B's split when `split`.
pub(crate) fn compiled(grammar: &str, rule: &str, split: bool) -> Automaton {
    let options = match abnf::brackets(grammar) {
        Some((open, close)) => Options::new().with_brackets(open, close),
        None => Options::new(),
    };
    let options = if split { options.with_split() } else { options };
    compile(&abnf(grammar), rule, &options).unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"))
}

/// The typed XRI rules the library runs (`src/syntax/builtin.rs`'s
/// `xri_typed`): `typed-XRI-reference`, `typed-XRI`, `relative-XRI-ref`,
/// `xri-authority`, `xri-after-authority`, compiled once.
pub(crate) fn xri_typed() -> &'static [Automaton; 5] {
    static TYPED: std::sync::OnceLock<[Automaton; 5]> = std::sync::OnceLock::new();
    TYPED.get_or_init(|| {
        [
            compiled("xri-typed", "typed-XRI-reference", true),
            compiled("xri-typed", "typed-XRI", false),
            compiled("xri-typed", "relative-XRI-ref", true),
            compiled("xri-typed", "xri-authority", false),
            compiled("xri-typed", "xri-after-authority", true),
        ]
    })
}
