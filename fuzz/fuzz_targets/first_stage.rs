//! The first stage against the table walk (issue 44): on every grammar
//! with a stage, what the stage decides, with each way of classifying
//! (AVX2 and SSSE3 where the processor has them, and the portable SWAR
//! one), is what the walk decides, with the same marks of Appendix B's
//! split; the ways agree with each other on every input. And XRI's
//! block stage (src/xri/stage/): what it takes, it reads as the walk
//! does, by the vector masks and by masks classified a byte at a time.
//!
//! Run from the repository root (see docs/TESTING.md):
//!     fuzz/run 300 first_stage

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::Grammar;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for grammar in [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri] {
        if let Err(difference) = xiri::first_stage_check(grammar, input) {
            panic!("{difference}");
        }
    }
    if let Err(difference) = xiri::xri_stage_check(input) {
        panic!("{difference}");
    }
});
