//! `xiri rules`: every production of a grammar, one a line, with its kind,
//! then what is wrong with the grammar (BAP's checks).

use super::args::GrammarArg;
use super::source::Source;
use serde_json::{json, Value};
use std::process::ExitCode;
use xiri::workbench::{rules, rules_listing, Diagnostic, RuleKind};

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
        rules_listing(&grammar, &report)
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
