//! The XRI validity vectors of the peers (tests/data/peers/xri-*.txt)
//! (VALID, INVALID, ABNF2.0-VALID, ABNF2.0-INVALID lines, with their SPLIT
//! counts), pinned in snapshots/conformance__xri_vectors.snap.
//!
//! Each entry names where the vector comes from (the peer, or the spec
//! itself, by the `# peer:` line of its file in tests/data/peers) and records
//! three verdicts: Appendix A's (the specification's ABNF, decided by an
//! ABNF engine), xiri's (its grammar, which adds the cross-reference policy
//! of grammar/xri-balanced.abnf), and the source's (the line's own claim).
//! Where the peer or xiri differs from Appendix A, the entry says so. The specification wins over the peers
//! (docs/DECISIONS.md); the vectors are evidence, not the spec.

use crate::common;

use abnf_oracle::Recognizer;
use common::vectors;
use serde_json::{json, Map, Value};
use xiri::Grammar;

#[test]
fn xri_peer_vectors() {
    let spec_abnf = Grammar::Xri.spec_abnf();
    let spec = abnf_oracle::Grammar::parse(&spec_abnf)
        .unwrap()
        .check()
        .unwrap();
    let mut entries = Vec::new();
    for v in common::all_vectors() {
        let Some(rule) = v.rule.as_deref() else {
            continue;
        };
        let production = vectors::production(rule).expect("a vector's production");
        let appendix_a = Recognizer::new(&spec, &v.input)
            .accepts(production)
            .expect("the engine decides every vector");
        let xiri = vectors::answer(&v).unwrap() == "valid";
        let peer = v.theirs == "valid";
        let mut entry = Map::new();
        entry.insert("source".into(), json!(common::peer_name(&v.group)));
        entry.insert("production".into(), json!(production));
        entry.insert("input".into(), json!(v.input));
        entry.insert("appendix_a".into(), json!(appendix_a));
        entry.insert("xiri".into(), json!(xiri));
        entry.insert("source_claims_valid".into(), json!(peer));
        let mut notes = Vec::new();
        if peer != appendix_a {
            notes.push(if v.kind.starts_with("ABNF2.0") {
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
        if let Some(comment) = &v.comment {
            entry.insert("line_comment".into(), json!(comment));
        }
        if let Some(split) = v.split.as_deref().filter(|s| s.starts_with("authsubs")) {
            let ours = vectors::split_counts(&v.input);
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
