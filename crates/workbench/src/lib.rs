//! A workbench for specification authors: ABNF grammars loaded at run
//! time, and what an author asks of them (issue 14).
//!
//! [`LoadedGrammar`] loads ABNF files (a later file's rule replaces an
//! earlier one of the same name; `=/` accumulates; RFC 5234's core rules
//! and RFC 7405's `%s`/`%i` are built in) and reports what is wrong with
//! them, every mistake at once, each finding with its file, line, column
//! and a caret. A file may be an author's source as it is, an RFC or
//! draft as text, xml2rfc XML or Markdown ([`extract`] takes its ABNF
//! figures out); RFC 9110's `#` lists are read ([`LoadOptions`]), and
//! [`canonical`] prints the grammar in one normal form.
//! [`rules`] classifies every rule (regular, recursive only through a
//! bracket pair, recursive, left-recursive, reaching prose) and finds
//! unused rules; [`Decider`] checks inputs with the engine's automaton
//! where the rule compiles to one and with the Earley parser ([`earley`])
//! otherwise, which also gives trees, every derivation and traces;
//! [`Generator`] writes members, near-misses and covering sets; [`compare`]
//! looks for strings two grammars disagree on and the rule that makes the
//! difference; [`diagram`] draws railroad diagrams.
//!
//! Left recursion (`expr = expr "+" expr / term`) is legal ABNF and loads,
//! with a warning: the Earley parser decides, parses and draws such rules
//! (and the rules that reach them), and only the generator, and so
//! [`compare`], cannot take them ([`LoadedGrammar::left_recursion`]).
//!
//! ```
//! use xiri_workbench::{AbnfFile, LoadedGrammar};
//! let g = LoadedGrammar::load(&[AbnfFile::new(
//!     "date.abnf",
//!     "date = year \"-\" month\nyear = 4DIGIT\nmonth = \"0\" %x31-39 / \"1\" %x30-32\n",
//! )])
//! .unwrap();
//! let d = g.decider("date").unwrap();
//! assert!(d.decide("2026-11").unwrap().accepted);
//! assert_eq!(d.decide("2026-13").unwrap().offset, Some(6));
//! ```

#![deny(missing_docs)]
// The workbench never panics on an author's grammar or input: no unwrap,
// expect, panic, unreachable or indexing that they could reach; tests are
// exempt (the same rule as the library's and the engine's).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::indexing_slicing
    )
)]

// The stages a grammar goes through, in this order, each taking the value
// of the one before and importing no later one: source (the author's file
// and its ABNF figures), figures (each file's rules parsed), rules (the
// files joined into a LoadedGrammar), checks (what is asked of it),
// printers (docs/ARCHITECTURE.md, "How `xiri rules --abnf` flows").
mod checks;
mod figures;
mod printers;
mod rules;
mod source;

pub mod earley;

pub use checks::{
    compare, near_misses, rules, CompareError, Comparison, Cover, Decider, DeciderError,
    Derivation, Difference, Edit, Engine, Found, GenerateError, Generated, Generator, NearMiss,
    NearMisses, RuleKind, RuleReport, RulesReport, Side, Uncovered, Undecided, Verdict, Why,
};
pub use figures::{Diagnostic, LoadOptions, Location, Severity, Values};
pub use printers::{canonical, diagram, rules_listing, Order, CANONICAL_WIDTH};
pub use rules::{LeftRecursion, LoadError, LoadedGrammar, CYCLE_SHOWN};
pub use source::{
    extract, extract_with, AbnfFile, Extracted, Figure, FigureChoice, ListSyntax, Skipped,
    SourceFormat, SKIPPED_SHOWN,
};
