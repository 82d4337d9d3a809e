//! Normalization and equivalence in every grammar (issue 11): normal forms
//! that re-parse, are idempotent, keep the components and are in the
//! Unicode form asked for; equivalence reflexive and symmetric.
//!
//! The properties are `tests/common/props/`, shared with `tests/it/hostile.rs`,
//! which checks every option and every base on each input; here each
//! input is checked with the default options and one more combination
//! picked by its hash, and resolved against two of the fixed bases picked
//! by it (`Depth::Sampled`), a fraction of the work.
//! The input is two strings, split at its first line feed. Run from the
//! repository root (see docs/TESTING.md):
//!     fuzz/run 600 normalization

#![no_main]

include!("family.rs");

fuzz_family!(props::NORMALIZATION_SAMPLED);
