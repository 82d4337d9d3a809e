//! What `xiri rules` prints of a [`RulesReport`]: a line a rule (its
//! name, where it is defined, its kind), the rules a later file replaced,
//! the counts, then every finding.

use crate::checks::RulesReport;
use crate::figures::Severity;
use crate::rules::LoadedGrammar;
use std::fmt::Write;

/// The report of [`rules`](crate::rules) on `grammar` as text, as `xiri
/// rules` prints it.
///
/// ```
/// use xiri_workbench::{rules, rules_listing, AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = b\nc = \"x\"\n")]).unwrap();
/// let text = rules_listing(&g, &rules(&g, &["a"]));
/// let mut lines = text.lines();
/// assert_eq!(lines.next(), Some("a  g.abnf:1  reaches the undefined rule b"));
/// assert_eq!(lines.next(), Some("c  g.abnf:2  regular"));
/// assert!(text.ends_with("1 error, 1 warning\n"), "{text}");
/// ```
pub fn rules_listing(grammar: &LoadedGrammar, report: &RulesReport) -> String {
    let width = report.rules.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let places: Vec<String> = report
        .rules
        .iter()
        .map(|r| {
            r.location
                .as_ref()
                .map_or(String::new(), |l| format!("{}:{}", l.file, l.line))
        })
        .collect();
    let place_width = places.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (rule, place) in report.rules.iter().zip(&places) {
        let _ = writeln!(
            out,
            "{:width$}  {place:place_width$}  {}",
            rule.name, rule.kind
        );
    }
    for (rule, old, new) in grammar.replaced() {
        let _ = writeln!(out, "note: {new} replaces {rule} of {old}");
    }
    let count = |k: &str| report.rules.iter().filter(|r| r.kind.name() == k).count();
    let warnings = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    // Left recursion is counted only in grammars that have it.
    let left = match (count("left-recursive"), count("reaches-left-recursion")) {
        (0, 0) => String::new(),
        (on, reaching) => format!(", {on} left-recursive, {reaching} reaching left recursion"),
    };
    let _ = writeln!(
        out,
        "{} rules: {} regular, {} recursive only through brackets, {} recursive{left}, {} reaching prose; {} {}",
        report.rules.len(),
        count("regular"),
        count("brackets"),
        count("recursive"),
        count("prose"),
        if report.roots { "roots" } else { "entry" },
        report.entries.join(", ")
    );
    for d in &report.diagnostics {
        let _ = writeln!(out, "{d}");
    }
    let _ = writeln!(
        out,
        "{} error{}, {warnings} warning{}",
        report.errors(),
        if report.errors() == 1 { "" } else { "s" },
        if warnings == 1 { "" } else { "s" }
    );
    out
}
