//! Normalization and equivalence in every grammar (issue 11), with every
//! option: normal forms that re-parse, are idempotent, keep the components
//! and are in the Unicode form asked for; equivalence reflexive and
//! symmetric.
//!
//! The properties are `tests/common/props/`, shared with `tests/hostile.rs`.
//! The input is two strings, split at its first line feed. Run from the
//! repository root (see docs/TESTING.md):
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run normalization -- -max_total_time=60

#![no_main]

include!("family.rs");

fuzz_family!(props::NORMALIZATION_SAMPLED);
