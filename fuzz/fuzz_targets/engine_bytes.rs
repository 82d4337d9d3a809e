//! The byte-level automaton against the character-class automaton it is
//! lowered from (crates/engine/src/compile/bytes.rs; tests/it/engine_bytes.rs does
//! the same on generated strings): for the reference rule of each RFC
//! 3986-shaped grammar, the same verdict and the same refusal offset on
//! any UTF-8 input, and the run never panics. The character automata are
//! compiled once, from the same ABNF text.
//!
//! Run from the repository root (see docs/TESTING.md):
//!     fuzz/run 600 engine_bytes

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use xiri::engine::CharAutomaton;
use xiri::Grammar;

const GRAMMARS: [Grammar; 4] = [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri];

fn oracles() -> &'static [CharAutomaton] {
    static ORACLES: OnceLock<Vec<CharAutomaton>> = OnceLock::new();
    ORACLES.get_or_init(|| {
        GRAMMARS
            .iter()
            .map(|g| CharAutomaton::compile(&g.abnf(), g.reference().name()).expect("compiles"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for (grammar, oracle) in GRAMMARS.iter().zip(oracles()) {
        let automaton = grammar.reference().automaton().expect("built in");
        let bytes = automaton.check(input).err().map(|r| r.offset);
        let chars = oracle.refusal_offset(input);
        assert_eq!(bytes, chars, "{grammar} {input:?}");
    }
});
