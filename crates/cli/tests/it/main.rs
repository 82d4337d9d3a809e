//! The command's integration tests, one test binary: each file of this
//! folder is a module (`cargo test -p xiri-cli --test it cli_hostile::`
//! runs tests/it/cli_hostile.rs alone). The package turns on every feature
//! of the library, so no module needs one.

#[path = "../common/mod.rs"]
mod common;
mod ecosystem;

mod browser_cli;
mod cli;
mod cli_conventions;
mod cli_everyday;
mod cli_growth;
mod cli_hostile;
mod cli_uri_template;
mod conformance_report;
mod earley_linear;
mod everyday_peers;
mod find_cli;
mod hostile_cases;
mod readme;
mod security;
mod spec_examples;
mod workbench_cli;
mod workbench_cli_drafts;
mod workbench_cover;
mod workbench_diagram;
mod workbench_figures;
mod workbench_generate;
mod workbench_sources;
mod xri_appendix_a;
mod zone_id;

/// Every test file is a module of this binary.
#[test]
fn one_test_binary() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    common::one_test_binary(&tests, &[]);
}
