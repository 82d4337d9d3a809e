//! Parsing in every grammar (issue 11): no panic, the input kept, the
//! absolute and reference parses agreeing, every part of an XRI readable,
//! errors pointing into the input given.
//!
//! The properties are `tests/common/props/`, shared with `tests/it/hostile.rs`.
//! The input is two strings, split at its first line feed. Run from the
//! repository root (see docs/TESTING.md):
//!     fuzz/run 600 parse

#![no_main]

include!("family.rs");

fuzz_family!(props::PARSE);
