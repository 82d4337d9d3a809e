//! Every conversion (issue 11): outputs valid in their target grammar (a
//! URI all ASCII), steps ending in the output, refusals typed and pointing
//! into the input given; pre-processing and diagnosis.
//!
//! The properties are `tests/common/props/`, shared with `tests/it/hostile.rs`.
//! The input is two strings, split at its first line feed. Run from the
//! repository root (see docs/TESTING.md):
//!     fuzz/run 600 conversion

#![no_main]

include!("family.rs");

fuzz_family!(props::CONVERSION);
