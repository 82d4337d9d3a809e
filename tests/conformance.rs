//! The XRI validity vectors of the peers (tests/data/peers/xri-*.txt)
//! (VALID, INVALID, ABNF2.0-VALID, ABNF2.0-INVALID lines, with their SPLIT
//! counts), pinned in snapshots/conformance__xri_vectors.snap.
//!
//! Each entry names where the vector comes from (the peer, or the spec
//! itself, by the `# peer:` line of its file in tests/data/peers) and records
//! three verdicts: Appendix A's (the specification's ABNF, decided by an
//! ABNF engine), xiri's (its grammar, which adds the cross-reference policy
//! of grammar/xri-balanced.abnf), and the source's (the line's own claim). Where the peer or xiri differs from Appendix A, the
//! entry says so. The specification wins over the peers
//! (docs/DECISIONS.md); the vectors are evidence, not the spec.

mod common;

use abnf_oracle::Recognizer;
use serde_json::{json, Map, Value};
use xiri::{Grammar, XriRef};

/// The production a vector's kind names. OpenXRI's "xri-subsegment" is its
/// XRISubSegment class: a sub-segment whose delimiter is optional, which is
/// Appendix A's xri-subseg-od.
fn production(kind: &str) -> &'static str {
    match kind {
        "xri" => "XRI",
        "rel-xri" => "relative-XRI-ref",
        "xri-segment" => "xri-segment",
        "xri-subsegment" => "xri-subseg-od",
        "xref" => "xref",
        other => panic!("unknown vector kind {other:?}"),
    }
}

struct Vector<'a> {
    source: String,
    claim: &'a str,
    kind: &'a str,
    input: String,
    split: Option<&'a str>,
    comment: Option<&'a str>,
}

fn vectors(text: &str) -> Vec<Vector<'_>> {
    let mut source = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(header) = line.strip_prefix("## [") {
            source = header.split(']').next().unwrap_or_default().to_string();
            continue;
        }
        let Some((claim, rest)) = line.split_once(' ') else {
            continue;
        };
        if !matches!(
            claim,
            "VALID" | "INVALID" | "ABNF2.0-VALID" | "ABNF2.0-INVALID"
        ) {
            continue;
        }
        let (kind, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        // "   # comment" ends a line; a "#" inside the input has no spaces before it.
        let (rest, comment) = match rest.find("  #") {
            Some(at) => (
                &rest[..at],
                Some(rest[at..].trim_start().trim_start_matches('#').trim()),
            ),
            None => (rest, None),
        };
        let (input, split) = match rest
            .split_once('\t')
            .or_else(|| rest.split_once("    SPLIT "))
        {
            Some((input, split)) => (
                input,
                Some(split.trim().trim_start_matches("SPLIT ").trim()),
            ),
            None => (rest.trim_end(), None),
        };
        let input = if input == "\"\"" {
            String::new()
        } else {
            input.to_string()
        };
        out.push(Vector {
            source: source.clone(),
            claim,
            kind,
            input,
            split,
            comment,
        });
    }
    out
}

/// Authority sub-segments and path segments, counted as OpenXRI counts them
/// (a trailing empty path segment is not counted).
fn split_counts(input: &str) -> Option<String> {
    let x = XriRef::parse(input).ok()?;
    let authsubs = x.authority().map_or(0, |a| a.subsegments().count());
    let mut segments = x.segments().count();
    if x.segments().last().is_some_and(|s| s.as_str().is_empty()) {
        segments -= 1;
    }
    Some(format!("authsubs={authsubs} pathsegs={segments}"))
}

#[test]
fn xri_peer_vectors() {
    let text = common::peer_vectors("xri-peer-vectors.txt");
    let text = text.as_str();
    let spec_abnf = Grammar::Xri.spec_abnf();
    let spec = abnf_oracle::Grammar::parse(&spec_abnf)
        .unwrap()
        .check()
        .unwrap();
    let mut entries = Vec::new();
    for v in vectors(text) {
        let production = production(v.kind);
        let appendix_a = Recognizer::new(&spec, &v.input)
            .accepts(production)
            .expect("the engine decides every vector");
        let xiri = Grammar::Xri
            .rule(production)
            .unwrap()
            .check(&v.input)
            .is_ok();
        let peer = v.claim.ends_with("-VALID") || v.claim == "VALID";
        let mut entry = Map::new();
        entry.insert("source".into(), json!(common::peer_name(&v.source)));
        entry.insert("production".into(), json!(production));
        entry.insert("input".into(), json!(v.input));
        entry.insert("appendix_a".into(), json!(appendix_a));
        entry.insert("xiri".into(), json!(xiri));
        entry.insert("source_claims_valid".into(), json!(peer));
        let mut notes = Vec::new();
        if peer != appendix_a {
            notes.push(if v.claim.starts_with("ABNF2.0") {
                "the line's claim about Appendix A is wrong".to_string()
            } else {
                format!(
                    "the peer disagrees with Appendix A, which xiri follows ({})",
                    if appendix_a {
                        "it accepts"
                    } else {
                        "it rejects"
                    }
                )
            });
        }
        if xiri != appendix_a {
            notes.push("xiri's cross-reference policy refuses what Appendix A accepts".to_string());
        }
        if let Some(comment) = v.comment {
            entry.insert("line_comment".into(), json!(comment));
        }
        if let Some(split) = v.split.filter(|s| s.starts_with("authsubs")) {
            let ours = split_counts(&v.input);
            if ours.as_deref() != Some(split) {
                notes.push("xiri splits it differently from the peer".to_string());
            }
            entry.insert("source_split".into(), json!(split));
            entry.insert("xiri_split".into(), json!(ours));
        }
        if !notes.is_empty() {
            entry.insert("note".into(), json!(notes.join("; ")));
        }
        entries.push(Value::Object(entry));
    }
    assert!(
        entries.len() > 150,
        "the vectors file was not read: {} entries",
        entries.len()
    );
    common::settings().bind(|| insta::assert_yaml_snapshot!("conformance__xri_vectors", entries));
}
