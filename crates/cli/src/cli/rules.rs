//! `xiri rules`: every production of a grammar, one a line, with its kind,
//! then what is wrong with the grammar (BAP's checks).

use super::args::GrammarArg;
use super::source::Source;
use serde_json::{json, Value};
use std::fmt::Write;
use std::process::ExitCode;
use xiri::workbench::{rules, Diagnostic, LoadedGrammar, RuleKind};

pub fn run(source: &Source, entries: &[String], json: bool) -> Result<ExitCode, String> {
    let grammar = source.load()?;
    let mut starts = Vec::new();
    if let (Some(GrammarArg::Library(g)), true) = (source.grammar(), entries.is_empty()) {
        // A built-in grammar's entry points are its three forms.
        for rule in [g.reference(), g.absolute(), g.relative()] {
            starts.push(rule.name().to_string());
        }
    }
    for entry in entries {
        starts.push(source.production(&grammar, Some(entry))?);
    }
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    let report = rules(&grammar, &starts);
    let text = if json {
        let rules: Vec<Value> = report
            .rules
            .iter()
            .map(|r| {
                json!({
                    "name": r.name,
                    "kind": r.kind.name(),
                    "brackets": match r.kind {
                        RuleKind::Brackets(o, c) => json!([o.to_string(), c.to_string()]),
                        _ => Value::Null,
                    },
                    "detail": r.kind.to_string(),
                    "file": r.location.as_ref().map(|l| l.file.clone()),
                    "line": r.location.as_ref().map(|l| l.line),
                })
            })
            .collect();
        let findings: Vec<Value> = report.diagnostics.iter().map(finding).collect();
        let replaced: Vec<Value> = grammar
            .replaced()
            .iter()
            .map(|(rule, old, new)| json!({"rule": rule, "replaced": old, "by": new}))
            .collect();
        format!(
            "{}\n",
            json!({
                "entries": report.entries,
                "roots": report.roots,
                "rules": rules,
                "replaced": replaced,
                "findings": findings,
                "errors": report.errors(),
            })
        )
    } else {
        listing(&grammar, &report)
    };
    super::emit(&text)?;
    Ok(if report.errors() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn finding(d: &Diagnostic) -> Value {
    json!({
        "severity": d.severity.to_string(),
        "kind": d.kind,
        "rule": d.rule,
        "message": d.message,
        "file": d.location.as_ref().map(|l| l.file.clone()),
        "line": d.location.as_ref().map(|l| l.line),
        "column": d.location.as_ref().map(|l| l.column),
    })
}

fn listing(grammar: &LoadedGrammar, report: &xiri::workbench::RulesReport) -> String {
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
        .filter(|d| d.severity == xiri::workbench::Severity::Warning)
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
