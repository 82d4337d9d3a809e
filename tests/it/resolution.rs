//! Reference resolution (RFC 3986 5.2) for URIs, IRIs and LEIRIs, checked
//! against the examples the specifications print.

use crate::common;

use common::data::Question;
use common::vectors;
use proptest::prelude::*;
use serde_json::json;
use xiri::{Iri, IriRef, Leiri, LeiriRef, Uri, UriRef};

/// RFC 3986 5.4's examples, read from the RFC's own text (copied in
/// tests/data/specs/): every line
/// `"reference"  =  "target"` of 5.4.1 and 5.4.2 (a trailing `;` comment,
/// as on "http:g", is dropped), with its section.
fn rfc3986_examples() -> Vec<(String, String, String)> {
    let mut section = String::new();
    let mut examples = Vec::new();
    for line in common::spec_data("rfc3986-5.4-resolution-examples.txt").lines() {
        if let Some((number, _)) = line
            .split_once(".  ")
            .filter(|(n, _)| n.starts_with("5.4."))
        {
            section = number.to_string();
        }
        let parsed = line.trim().split_once("=  ").and_then(|(left, right)| {
            let reference = left.trim().strip_prefix('"')?.strip_suffix('"')?;
            let target = right.trim().strip_prefix('"')?.split('"').next()?;
            Some((section.clone(), reference.to_string(), target.to_string()))
        });
        examples.extend(parsed);
    }
    examples
}

/// The `resolve` rows of tests/data/spec-operations.tsv for one document
/// and grammar: (section, reference, base, what the spec prints).
fn resolve_rows(source: &str, grammar: xiri::Grammar) -> Vec<(String, String, String, String)> {
    common::examples()
        .into_iter()
        .filter(|e| e.source == source && e.question == Question::Resolve(grammar))
        .map(|e| (e.section, e.input, e.with.unwrap(), e.says))
        .collect()
}

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn rfc3986_section_5_4_all_42() {
    let examples = rfc3986_examples();
    assert_eq!(examples.len(), 42, "5.4 prints 42 examples");
    // The report's rows are the RFC's lines.
    let rows: Vec<_> = examples
        .iter()
        .map(|(s, r, t)| (s.clone(), r.clone(), BASE.to_string(), t.clone()))
        .collect();
    assert_eq!(resolve_rows("rfc3986", xiri::Grammar::Uri), rows);
    let base = Uri::parse(BASE).unwrap();
    let mut buffer = String::new();
    let mut entries = Vec::new();
    for (section, reference, expected) in &examples {
        let r = UriRef::parse(reference).unwrap();
        let target = base.resolve(&r);
        assert_eq!(target.as_str(), expected, "{reference}");
        assert_eq!(base.resolve_into(&r, &mut buffer).as_str(), expected);
        // The target is a parsed URI, with the components a fresh parse gives.
        assert_eq!(
            target.as_borrowed(),
            Uri::parse(expected).unwrap(),
            "{reference}"
        );
        // The same through the IRI and LEIRI grammars.
        let iri = Iri::parse(BASE)
            .unwrap()
            .resolve(&IriRef::parse(reference).unwrap());
        let leiri = Leiri::parse(BASE)
            .unwrap()
            .resolve(&LeiriRef::parse(reference).unwrap());
        assert_eq!(
            (iri.as_str(), leiri.as_str()),
            (expected.as_str(), expected.as_str())
        );
        entries.push(json!({
            "section": section, "base": BASE, "reference": reference,
            "spec_prints": expected, "xiri_gives": target.as_str(),
        }));
    }
    common::settings().bind(|| insta::assert_yaml_snapshot!("resolution__rfc3986_5_4", entries));
}

#[test]
fn leiri_resolution_encodes_nothing() {
    // LEIRI Note section 4: resolving must not trigger percent-encoding.
    let base = Leiri::parse("http://a/b c/d").unwrap();
    let target = base.resolve(&LeiriRef::parse("../e f").unwrap());
    assert_eq!(target.as_str(), "http://a/e f");
    assert_eq!(target.as_borrowed().path(), "/e f");
}

#[test]
fn iri_resolution_keeps_characters() {
    // RFC 3987 6.5: the algorithm of RFC 3986 5.2 on characters.
    let base = Iri::parse("http://r\u{e9}sum\u{e9}.example.org/a/b?q").unwrap();
    let target = base.resolve(&IriRef::parse("../\u{7d0d}\u{8c46}#f").unwrap());
    assert_eq!(
        target.as_str(),
        "http://r\u{e9}sum\u{e9}.example.org/\u{7d0d}\u{8c46}#f"
    );
    assert_eq!(
        target.as_borrowed().host().unwrap().as_str(),
        "r\u{e9}sum\u{e9}.example.org"
    );
}

#[test]
fn a_path_that_would_read_as_an_authority_stays_a_path() {
    // Without an authority, "//x" as a path would read back as authority "x".
    let base = Uri::parse("a:/b").unwrap();
    let target = base.resolve(&UriRef::parse("..//x").unwrap());
    assert_eq!(target.as_str(), "a:/.//x");
    assert_eq!(target.as_borrowed().authority(), None);
    assert_eq!(Uri::parse(target.as_str()).unwrap().authority(), None);
}

fn reference() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a", "b", ".", "..", "/", "//", "?", "#", ":", "@", "%41", "g;x", "=", "\u{e9}", "x:",
        "[::1]",
    ]);
    prop::collection::vec(atoms, 0..10).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Every target parses, as the same value, with no dot segments left
    /// (RFC 3986 5.2.4), and resolving it again changes nothing.
    #[test]
    fn targets_are_parsed_uris(base in prop::sample::select(vec![
        "http://a/b/c/d;p?q", "http://a", "a:b", "a:/b/c", "http://a/b/", "file:///c/d?x#y", "urn:x:y",
    ]), reference in reference()) {
        let base = Iri::parse(base).unwrap();
        if let Ok(r) = IriRef::parse(&reference) {
            let target = base.resolve(&r);
            let reparsed = Iri::parse(target.as_str());
            prop_assert!(reparsed.is_ok(), "{} does not parse", target);
            prop_assert_eq!(target.as_borrowed(), reparsed.unwrap());
            let again = base.resolve(&IriRef::from(target.as_borrowed()));
            prop_assert_eq!(again.as_str(), target.as_str());
            // The one dot segment left is the "/." that keeps a path
            // starting with "//" from reading as an authority.
            let path = target.as_borrowed().path();
            let path = match path.strip_prefix("/.") {
                Some(rest) if rest.starts_with("//") && target.as_borrowed().authority().is_none() => rest,
                _ => path,
            };
            prop_assert!(!path.split('/').skip(1).any(|s| s == "." || s == ".."), "{}", target);
        }
    }
}

/// Apache Jena's RESOLVE vectors (tests/data/peers/leiri-J1-jena-iri.txt),
/// resolved as LEIRIs (Jena's inputs hold spaces), pinned with Jena's answer
/// and xiri's, and the reason wherever they differ.
#[test]
fn jena_resolve_vectors() {
    let mut entries = Vec::new();
    for v in common::all_vectors()
        .into_iter()
        .filter(|v| v.kind == "RESOLVE")
    {
        let (base, reference, jena) = (v.base.clone().unwrap(), v.input.clone(), v.theirs.clone());
        let ours = vectors::answer(&v);
        let mut entry = serde_json::Map::new();
        entry.insert("base".into(), json!(base));
        entry.insert("reference".into(), json!(reference));
        entry.insert("jena_gives".into(), json!(jena));
        match &ours {
            Ok(target) => entry.insert("xiri_gives".into(), json!(target)),
            Err(message) => entry.insert("xiri_error".into(), json!(message)),
        };
        if ours.as_deref() != Ok(jena.as_str()) {
            let base_scheme = base
                .split(':')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let same_scheme = reference.split_once(':').is_some_and(|(s, _)| {
                s.to_ascii_lowercase() == base_scheme && !s.contains(['/', '?', '#'])
            });
            let rootless_base = Leiri::parse(&base)
                .is_ok_and(|b| b.authority().is_none() && !b.path().starts_with('/'));
            let note = if same_scheme {
                "Jena reads a reference with the base's scheme as relative (RFC 3986 5.2.2's non-strict option); xiri is strict, as issue 4 asks"
            } else if rootless_base {
                "the base path is rootless: RFC 3986 5.2.4 as written turns testing/abbreviated/../../C/D into /C/D; Jena keeps it rootless; xiri follows 5.2.4"
            } else {
                "differs: review"
            };
            entry.insert("note".into(), json!(note));
        }
        entries.push(serde_json::Value::Object(entry));
    }
    assert_eq!(entries.len(), 85, "the file has 85 RESOLVE vectors");
    common::settings().bind(|| insta::assert_yaml_snapshot!("resolution__jena", entries));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Resolution agrees with a peer, oxiri, wherever oxiri resolves; the
    /// one shape where they part is a target without an authority whose path
    /// starts with "//", which xiri writes with "/." in front
    /// (docs/DECISIONS.md, "Resolution").
    #[test]
    fn resolution_agrees_with_oxiri(base in prop::sample::select(vec![
        "http://a/b/c/d;p?q", "http://a", "a:b", "a:/b/c", "http://a/b/", "file:///c/d?x#y", "urn:x:y",
        "http://u@h:8/\u{e9}/x?\u{e9}", "s:", "s:/", "s://h",
    ]), reference in reference()) {
        let (Ok(ours_base), Ok(ours_ref)) = (Iri::parse(base), IriRef::parse(&reference)) else {
            return Ok(());
        };
        let ours = ours_base.resolve(&ours_ref);
        let theirs = oxiri::Iri::parse(base).unwrap().resolve(&oxiri::IriRef::parse(reference.as_str()).unwrap());
        match theirs {
            Ok(theirs) => {
                let slash_dot = ours.as_borrowed().authority().is_none() && ours.as_borrowed().path().starts_with("/.//");
                if !slash_dot {
                    prop_assert_eq!(ours.as_str(), theirs.as_str(), "base {} reference {}", base, reference);
                }
            }
            Err(e) => prop_assert!(
                ours.as_borrowed().path().starts_with("/.//"),
                "oxiri refused what xiri resolved to {}: {}", ours, e
            ),
        }
    }
}

#[test]
fn relativize_finds_short_references_that_resolve_back() {
    let base = Uri::parse(BASE).unwrap();
    for (target, expected) in [
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/d;p?y", "?y"),
        ("http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/g", "g"),
        // RFC 3986 5.4.1 prints "." = "http://a/b/c/", shorter than "./".
        ("http://a/b/c/", "."),
        ("http://a/b/g", "../g"),
        ("http://a/g", "/g"),
        ("http://g/x", "//g/x"),
        ("https://a/b/c/g", "https://a/b/c/g"),
        ("http://a/b/c/g:h", "./g:h"),
    ] {
        let target = Uri::parse(target).unwrap();
        let reference = base.relativize(&target);
        assert_eq!(reference.as_str(), expected, "{target}");
        assert_eq!(
            base.resolve(&reference.as_borrowed()).as_str(),
            target.as_str()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// resolve(base, relativize(base, t)) == t, and the reference is never
    /// longer than the target.
    #[test]
    fn relativize_round_trips(base in prop::sample::select(vec![
        "http://a/b/c/d;p?q", "http://a", "a:b", "a:/b/c", "http://a/b/", "file:///c/d?x#y", "urn:x:y", "s:", "s://h",
    ]), target_base in prop::sample::select(vec!["http://a/b/c/d;p?q", "a:/b/c", "s://h", "file:///c/"]),
       reference in reference()) {
        let base = Iri::parse(base).unwrap();
        let Ok(r) = IriRef::parse(&reference) else { return Ok(()) };
        let target = Iri::parse(target_base).unwrap().resolve(&r);
        let target = target.as_borrowed();
        let relative = base.relativize(&target);
        let back = base.resolve(&relative.as_borrowed());
        prop_assert_eq!(back.as_str(), target.as_str());
        prop_assert!(relative.as_str().len() <= target.as_str().len());
    }
}

/// XRI 2.0 2.4.2's examples, read from the specification's text (copied in
/// tests/data/specs/): every line
/// `reference  =  target` of 2.4.2.1 and 2.4.2.2 against its base, with its
/// section.
fn xri_examples() -> Vec<(String, String, String)> {
    let mut section = String::new();
    let mut examples = Vec::new();
    for line in common::spec_data("xri-2.0-2.4.2-resolution-examples.txt").lines() {
        if let Some((number, _)) = line
            .split_once(' ')
            .filter(|(n, _)| n.starts_with("2.4.2."))
        {
            section = number.to_string();
        }
        if !line.starts_with("   ") {
            continue;
        }
        if let Some((reference, target)) = line.split_once("=  ") {
            let (reference, target) = (reference.trim(), target.trim());
            examples.push((section.clone(), reference.to_string(), target.to_string()));
        }
    }
    examples
}

const XRI_BASE: &str = "xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q";

#[test]
fn xri_section_2_4_2_all_39() {
    let examples = xri_examples();
    assert_eq!(examples.len(), 40, "39 examples and //@!g!g");
    // The report's rows are the spec's lines; where it prints no target,
    // the row says "error: " and its words.
    let rows: Vec<_> = examples
        .iter()
        .map(|(s, r, t)| {
            let t = if t.starts_with("Not a legal") {
                format!("error: {t}")
            } else {
                t.clone()
            };
            (s.clone(), r.clone(), XRI_BASE.to_string(), t)
        })
        .collect();
    let printed: Vec<_> = resolve_rows("xri", xiri::Grammar::Xri)
        .into_iter()
        .filter(|row| row.0.starts_with("2.4.2"))
        .collect();
    assert_eq!(printed, rows);
    let base = xiri::Xri::parse(XRI_BASE).unwrap();
    let mut entries = Vec::new();
    for (section, reference, printed) in &examples {
        let entry = match xiri::XriRef::parse(reference) {
            Ok(r) => {
                let target = base.resolve(&r).unwrap();
                assert_eq!(target.as_str(), printed, "{reference}");
                json!({
                    "section": section, "base": XRI_BASE, "reference": reference,
                    "spec_prints": printed, "xiri_gives": target.as_str(),
                })
            }
            Err(e) => {
                // The spec's own verdict for //@!g!g; the two "x=1"
                // references are not relative XRI references by Appendix A,
                // and the first target printed for them is not an XRI
                // either (docs/DECISIONS.md).
                let x_equals = reference.contains(";x=1");
                assert!(
                    printed == "Not a legal relative XRI reference" || x_equals,
                    "{reference}: {e}"
                );
                if x_equals && printed.contains('=') {
                    assert!(xiri::Xri::parse(printed).is_err(), "{printed}");
                }
                json!({
                    "section": section, "base": XRI_BASE, "reference": reference,
                    "spec_prints": printed, "xiri_error": e.message(),
                })
            }
        };
        entries.push(entry);
    }
    common::settings().bind(|| insta::assert_yaml_snapshot!("resolution__xri_2_4_2", entries));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// XRI targets are XRIs, resolving a target again changes nothing, and a
    /// cross-reference holding "/" is never cut.
    #[test]
    fn xri_targets_are_xris(base in prop::sample::select(vec![
        "xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q", "@a", "=a/(+b/c)", "xri://(http://x/y)/z/", "!!1/a/b",
    ]), reference in prop::collection::vec(prop::sample::select(vec![
        "a", "!g", "*h", ".", "..", "/", "?", "#", "(+x/y)", ";", ":",
    ]), 0..8).prop_map(|v| v.concat())) {
        let base = xiri::Xri::parse(base).unwrap();
        if let Ok(r) = xiri::XriRef::parse(&reference) {
            let target = base.resolve(&r);
            prop_assert!(target.is_ok(), "{:?} from {:?}", target, reference);
            let target = target.unwrap();
            let parsed = xiri::Xri::parse(target.as_str());
            prop_assert!(parsed.is_ok(), "{} from {:?}", target, reference);
            let again = base.resolve(&xiri::XriRef::from(parsed.unwrap())).unwrap();
            prop_assert_eq!(again.as_str(), target.as_str());
            prop_assert_eq!(target.as_str().matches('(').count(), target.as_str().matches(')').count());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// For XRIs too: resolve(base, relativize(base, t)) == t, never longer
    /// than the target.
    #[test]
    fn xri_relativize_round_trips(base in prop::sample::select(vec![
        "xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q", "@a", "=a/(+b/c)", "xri://(http://x/y)/z/", "!!1/a/b",
    ]), reference in prop::collection::vec(prop::sample::select(vec![
        "a", "!g", "*h", ".", "..", "/", "?", "#", "(+x/y)", ";", ":",
    ]), 0..8).prop_map(|v| v.concat())) {
        let base = xiri::Xri::parse(base).unwrap();
        let Ok(r) = xiri::XriRef::parse(&reference) else { return Ok(()) };
        let target = base.resolve(&r).unwrap();
        let target = target.as_xri();
        let relative = base.relativize(&target).unwrap();
        let back = base.resolve(&relative.as_borrowed()).unwrap();
        prop_assert_eq!(back.as_str(), target.as_str(), "via {:?}", relative);
        prop_assert!(relative.as_str().len() <= target.as_str().len());
    }
}
