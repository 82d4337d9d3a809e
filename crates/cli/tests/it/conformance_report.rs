//! `xiri conformance` and docs/CONFORMANCE.md: every printed example's row
//! agrees with the specification or names the docs/DECISIONS.md entry that
//! says why not; every difference from a peer's vector has its reason in
//! tests/data/peer-differences.tsv; the other crates' answers
//! (tests/data/ecosystem.json) and docs/CONFORMANCE.md are current.
//!
//! To write the two generated files again, run
//! `XIRI_BLESS=1 cargo test -p xiri-cli --test it conformance_report::` (twice when
//! ecosystem.json changed: the binary compiles it in).

use crate::common;
use crate::ecosystem;

use serde_json::Value;
use std::collections::BTreeSet;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn bless() -> bool {
    std::env::var_os("XIRI_BLESS").is_some()
}

/// `xiri conformance --format FORMAT`.
fn report(format: &str) -> String {
    let (out, code) = common::xiri(&["conformance", "--format", format]);
    assert_eq!(code, 0, "xiri conformance --format {format} failed");
    out
}

/// The anchors GitHub gives the headings of docs/DECISIONS.md.
fn decision_anchors() -> BTreeSet<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/docs/DECISIONS.md")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("## ").or_else(|| l.strip_prefix("### ")))
        .map(|title| {
            title
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn every_example_agrees_or_says_why() {
    let report: Value = serde_json::from_str(&report("json")).unwrap();
    let anchors = decision_anchors();
    let mut rows = 0;
    for spec in report["specifications"].as_array().unwrap() {
        for e in spec["examples"].as_array().unwrap() {
            rows += 1;
            let at = &e["at"];
            let agrees = e["verdict"] == "agrees";
            let decision = e["decision"].as_str();
            assert_eq!(
                agrees,
                decision.is_none(),
                "{at}: {} {:?}: the spec says {}, xiri gives {}, and the row {}",
                e["asked"],
                e["input"],
                e["says"],
                e["gives"],
                match decision {
                    Some(d) => format!("names {d} though xiri agrees"),
                    None => "names no DECISIONS entry".to_string(),
                }
            );
            if let Some(d) = decision {
                let anchor = d.strip_prefix("docs/DECISIONS.md#").unwrap();
                assert!(
                    anchors.contains(anchor),
                    "{at}: no heading of DECISIONS.md is #{anchor}"
                );
            }
        }
    }
    assert_eq!(rows, common::examples().len());
    // Each document has its rows.
    for spec in report["specifications"].as_array().unwrap() {
        assert!(
            !spec["examples"].as_array().unwrap().is_empty(),
            "no row for {}",
            spec["source"]
        );
    }
}

#[test]
fn every_peer_difference_has_its_reason() {
    let report: Value = serde_json::from_str(&report("json")).unwrap();
    let anchors = decision_anchors();
    let mut reasons = 0;
    for group in report["peer_vectors"].as_array().unwrap() {
        for v in group["vectors"].as_array().unwrap() {
            let agrees = v["verdict"] == "agrees";
            let decision = v["decision"].as_str();
            assert_eq!(
                agrees,
                decision.is_none(),
                "group {}: {} {:?}: the vector says {}, xiri gives {}: {}",
                group["group"],
                v["kind"],
                v["input"],
                v["theirs"],
                v["gives"],
                if agrees {
                    "tests/data/peer-differences.tsv has a reason, though xiri agrees"
                } else {
                    "add its reason to tests/data/peer-differences.tsv"
                }
            );
            if let Some(d) = decision {
                reasons += 1;
                let anchor = d.strip_prefix("docs/DECISIONS.md#").unwrap();
                assert!(
                    anchors.contains(anchor),
                    "no heading of DECISIONS.md is #{anchor}"
                );
            }
        }
    }
    // Every line of the file is used (a line that names no vector would
    // not show up above).
    let text = std::fs::read_to_string(format!("{ROOT}/tests/data/peer-differences.tsv")).unwrap();
    let lines = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(
        reasons, lines,
        "a line of peer-differences.tsv names no vector"
    );
}

#[test]
fn every_peer_file_is_compiled_in() {
    let compiled: Vec<String> = common::peers::FILES
        .iter()
        .map(|(name, _)| format!("peers/{name}"))
        .collect();
    let on_disk: Vec<String> = common::extracts()
        .into_iter()
        .map(|e| e.name)
        .filter(|n| n.starts_with("peers/"))
        .collect();
    assert_eq!(
        compiled, on_disk,
        "src/cli/conformance/peers.rs lists the files"
    );
    // And as compiled in, they are the files.
    for (name, text) in common::peers::FILES {
        let path = format!("{ROOT}/tests/data/peers/{name}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}

/// Compares a generated file with what is committed; with XIRI_BLESS set,
/// writes it instead.
fn current(path: &str, generated: &str, how: &str) {
    let full = format!("{ROOT}/{path}");
    let committed = std::fs::read_to_string(&full).unwrap_or_default();
    if committed == generated {
        return;
    }
    if bless() {
        std::fs::write(&full, generated).unwrap();
        return;
    }
    let line = committed
        .lines()
        .zip(generated.lines())
        .position(|(a, b)| a != b)
        .map_or(
            committed.lines().count().min(generated.lines().count()),
            |n| n,
        )
        + 1;
    panic!("{path} is stale (first difference at line {line}); regenerate it with {how}");
}

#[test]
fn ecosystem_answers_are_current() {
    let mut out = String::from("{\n  \"versions\": {\n");
    let versions: Vec<String> = ecosystem::CRATES
        .iter()
        .map(|c| format!("    \"{c}\": \"{}\"", ecosystem::version(c)))
        .collect();
    out.push_str(&versions.join(",\n"));
    out.push_str("\n  },\n  \"answers\": [\n");
    let mut lines = Vec::new();
    let mut seen = BTreeSet::new();
    for e in common::examples() {
        let key = (
            e.asked.clone(),
            e.input.clone(),
            e.with.clone().unwrap_or_default(),
        );
        let answers = ecosystem::answers(&e);
        if answers.is_empty() || !seen.insert(key.clone()) {
            continue;
        }
        let mut fields = vec![
            format!("\"asked\": {}", serde_json::to_string(&key.0).unwrap()),
            format!("\"input\": {}", serde_json::to_string(&key.1).unwrap()),
            format!("\"with\": {}", serde_json::to_string(&key.2).unwrap()),
        ];
        for (name, answer) in answers {
            fields.push(format!(
                "\"{name}\": {}",
                serde_json::to_string(&answer).unwrap()
            ));
        }
        lines.push(format!("    {{{}}}", fields.join(", ")));
    }
    out.push_str(&lines.join(",\n"));
    out.push_str("\n  ]\n}\n");
    current(
        "tests/data/ecosystem.json",
        &out,
        "`XIRI_BLESS=1 cargo test -p xiri-cli --test it conformance_report::`, then that again for docs/CONFORMANCE.md",
    );
}

#[test]
fn conformance_md_is_current() {
    current(
        "docs/CONFORMANCE.md",
        &report("md"),
        "`cargo run -q -- conformance > docs/CONFORMANCE.md` (or `XIRI_BLESS=1 cargo test -p xiri-cli --test it conformance_report::`)",
    );
}

#[test]
fn html_and_json_say_what_markdown_says() {
    let md = report("md");
    let html = report("html");
    let json: Value = serde_json::from_str(&report("json")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    // As many table rows in each (a row of HTML is a "<tr>"; of Markdown a
    // line starting "| " that is not a header or its rule).
    let md_tables = md.lines().filter(|l| l.starts_with("| ")).count();
    let md_headers = md.lines().filter(|l| l.starts_with("|---")).count();
    let html_rows = html.matches("<tr>").count();
    assert_eq!(md_tables, html_rows);
    let examples: usize = json["specifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["examples"].as_array().unwrap().len())
        .sum();
    let vectors: usize = json["peer_vectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["vectors"].as_array().unwrap().len())
        .sum();
    let summary = json["specifications"].as_array().unwrap().len()
        + json["peer_vectors"].as_array().unwrap().len();
    assert_eq!(md_tables - md_headers, examples + vectors + summary);
}
