//! The fast path against the pest grammars (issue 5): for every grammar it
//! covers, the same verdict and the same spans, or a crash with both. Also
//! every parser, on any input, answers without panicking.
//!
//! Run from the repository root (cargo-fuzz needs a nightly compiler, or
//! RUSTC_BOOTSTRAP=1 with a stable one; see docs/TESTING.md):
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run fast_path -- -max_total_time=300

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::Grammar;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for grammar in Grammar::ALL {
        if let Err(difference) = xiri::fast_path_check(grammar, input) {
            panic!("{difference}");
        }
    }
    let _ = xiri::XriRef::parse(input);
});
