//! The library's integration tests, one test binary: each file of this
//! folder is a module (`cargo test --all-features --test it engine::` runs
//! tests/it/engine.rs alone). A module that needs an optional part of the
//! library is compiled with its feature. tests/allocations.rs and
//! tests/growth.rs are binaries of their own: each sets the global
//! allocator, which a binary has one of.

#[path = "../common/mod.rs"]
mod common;

mod conformance;
#[cfg(all(feature = "idna", feature = "charsets"))]
mod conversion;
#[cfg(feature = "internals")]
mod differential;
mod draft_components;
#[cfg(feature = "workbench")]
mod earley;
mod engine;
mod engine_bytes;
mod everyday;
mod everyday_change;
mod everyday_encoded;
mod everyday_xri;
#[cfg(feature = "internals")]
mod fast_path;
mod find;
mod find_stream;
#[cfg(feature = "internals")]
mod first_stage;
mod fuzz_findings;
mod hostile;
mod normalization;
mod relative_normalization;
mod resolution;
mod robustness;
mod secrets;
mod syntax_family;
mod uri_template;
mod uri_template_props;
mod verbatim;
#[cfg(feature = "internals")]
mod verdict;
#[cfg(feature = "whatwg")]
mod whatwg;
#[cfg(feature = "whatwg")]
mod whatwg_wpt;
#[cfg(feature = "workbench")]
mod workbench;
#[cfg(feature = "workbench")]
mod workbench_hostile;
#[cfg(feature = "workbench")]
mod workbench_left_recursion;
#[cfg(feature = "workbench")]
mod xri_inner_rules;
mod xri_typed;

/// Every test file is a module of this binary.
#[test]
fn one_test_binary() {
    common::one_test_binary(
        &common::root().join("tests"),
        &["allocations.rs", "growth.rs"],
    );
}
