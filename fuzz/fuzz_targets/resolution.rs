//! Resolution and relativization in every grammar (issue 11): targets
//! that re-parse as themselves, resolve_into agreeing with resolve, and a
//! relativized reference that resolves to what the target resolves to.
//!
//! The properties are `tests/common/props/`, shared with `tests/it/hostile.rs`.
//! The input is two strings, split at its first line feed. Run from the
//! repository root (see docs/TESTING.md):
//!     fuzz/run 600 resolution

#![no_main]

include!("family.rs");

fuzz_family!(props::RESOLUTION);
