// The body of every operation-family fuzz target: each target file is
// its doc comment, `#![no_main]`, and this file included with the family
// it fuzzes (`fuzz_family!(props::PARSE);`).

#[allow(dead_code)]
#[path = "../../tests/common/adapter.rs"]
mod adapter;
#[allow(dead_code)]
#[path = "../../tests/common/props/mod.rs"]
mod props;

/// The fuzz target for one family of `props`: the input split at its
/// first line feed into two strings, the family's properties on them.
macro_rules! fuzz_family {
    ($family:expr) => {
        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            let Ok(input) = std::str::from_utf8(data) else {
                return;
            };
            let (a, b) = props::two(input);
            if let Err(failure) = props::all($family, a, b) {
                panic!("{failure}");
            }
        });
    };
}
