//! Normalization and equivalence: the comparison examples of RFC 3986 6.2
//! and RFC 3987 5.3, each with the verdict the specification gives.

use crate::common;

use common::data::Question;
use proptest::prelude::*;
use serde_json::json;
use xiri::{Grammar, Iri, Normalization, Uri};

const PLAIN: Normalization = Normalization::new()
    .with_nfc(false)
    .with_nfkc(false)
    .with_scheme_based(false);
const SCHEME: Normalization = PLAIN.with_scheme_based(true);

/// Whether two absolute references of `grammar` are equivalent.
fn equivalent(grammar: Grammar, a: &str, b: &str, options: Normalization) -> bool {
    match grammar {
        Grammar::Uri => Uri::parse(a)
            .unwrap()
            .is_equivalent(&Uri::parse(b).unwrap(), options),
        Grammar::Iri => Iri::parse(a)
            .unwrap()
            .is_equivalent(&Iri::parse(b).unwrap(), options),
        other => panic!("no comparison example of {other}"),
    }
}

/// The comparison examples of RFC 3986 6.2 and RFC 3987 5 (the `equiv`
/// rows of tests/data/spec-operations.tsv), each with the verdict the
/// specification gives (`spec_says`) and xiri's (`xiri_gives`), which is
/// the same unless the row names the DECISIONS entry that says why not.
#[test]
fn the_specifications_comparison_examples() {
    let mut entries = Vec::new();
    for example in common::examples() {
        let Question::Equiv(grammar, flags) = example.question else {
            continue;
        };
        if grammar == Grammar::Xri {
            continue;
        }
        let options = PLAIN
            .with_nfc(flags.nfc)
            .with_scheme_based(flags.scheme_based);
        let (a, b) = (example.input.as_str(), example.with.as_deref().unwrap());
        let equivalent = equivalent(grammar, a, b, options);
        let gives = if equivalent {
            "equivalent"
        } else {
            "not equivalent"
        };
        let section = example.cited();
        assert_eq!(
            gives == example.says,
            example.differs.is_none(),
            "{section}: {a} ~ {b}: xiri gives {gives}, the spec says {} (differs: {:?})",
            example.says,
            example.differs
        );
        let normal = |s: &str| {
            Iri::parse(s)
                .unwrap()
                .normalize(options)
                .unwrap()
                .into_string()
        };
        entries.push(json!({
            "section": section, "a": a, "b": b, "nfc": options.nfc, "scheme_based": options.scheme_based,
            "spec_says": example.says, "xiri_gives": gives, "note": example.note,
            "a_normal": normal(a), "b_normal": normal(b),
        }));
    }
    common::settings()
        .bind(|| insta::assert_yaml_snapshot!("normalization__comparison_examples", entries));
}

#[test]
fn mailto_domains_are_case_insensitive_with_scheme_based_normalization() {
    let normal = |s: &str, options| {
        Uri::parse(s)
            .unwrap()
            .normalize(options)
            .unwrap()
            .into_string()
    };
    // RFC 3986 6.2.3: the domain is a hostname; the local part keeps its case.
    assert_eq!(
        normal("mailto:Joe@Example.COM", SCHEME),
        "mailto:Joe@example.com"
    );
    assert_eq!(
        normal("mailto:Joe@Example.COM", PLAIN),
        "mailto:Joe@Example.COM"
    );
    // Each address of a list, the last "@" of each, escapes' hex kept.
    assert_eq!(
        normal("mailto:A@B.ORG,C%40D@E%2f.Org?Subject=Hi", SCHEME),
        "mailto:A@b.org,C%40D@e%2F.org?Subject=Hi"
    );
    // Other schemes' paths keep their case.
    assert_eq!(
        normal("news:Joe@Example.COM", SCHEME),
        "news:Joe@Example.COM"
    );
    let iri = Iri::parse("mailto:J\u{f6}e@\u{c9}xample.COM").unwrap();
    assert_eq!(
        iri.normalize(SCHEME).unwrap().as_str(),
        "mailto:J\u{f6}e@\u{c9}xample.COM",
        "a domain outside US-ASCII is IDNA's to case-fold"
    );
}

/// The normal form's components are recorded as it is written, not found
/// by parsing it again: a name whose escapes decode to an IPv4 address is
/// then an IPv4 address (RFC 3986 3.2.2), as a parse of the text says.
#[test]
fn a_name_that_decodes_to_an_address_is_one() {
    for input in [
        "http://%31.2.3.4:80/a",
        "http://u@1%2e2.3.4/",
        "//%31%32%37.0.0.1",
    ] {
        let n = xiri::UriRef::parse(input)
            .unwrap()
            .normalize(Normalization::default().with_scheme_based(true))
            .unwrap();
        let host = n.as_borrowed().host().unwrap();
        assert_eq!(host.kind(), xiri::HostKind::Ipv4, "{input} -> {n}");
        let parsed = xiri::UriRef::parse(n.as_str()).unwrap();
        assert_eq!(
            common::props::parts(&parsed),
            common::props::parts(&n.as_borrowed())
        );
    }
}

#[test]
fn a_host_is_lowercased_but_not_its_escapes() {
    let u = Uri::parse("http://EX%2fAMPLE.com/")
        .unwrap()
        .normalize(PLAIN)
        .unwrap();
    assert_eq!(u.as_str(), "http://ex%2Fample.com/");
}

#[test]
fn a_uri_decodes_only_ascii_and_an_iri_keeps_bidi_formatting_encoded() {
    let u = Uri::parse("http://a/%C3%A9%7E%41")
        .unwrap()
        .normalize(PLAIN)
        .unwrap();
    assert_eq!(u.as_str(), "http://a/%C3%A9~A");
    let i = Iri::parse("http://a/%C3%A9%E2%80%8E%ee%80%80?%FF")
        .unwrap()
        .normalize(PLAIN)
        .unwrap();
    // é decodes; U+200E (bidi) and U+E000 (private use) stay encoded; %FF is not UTF-8.
    assert_eq!(i.as_str(), "http://a/\u{e9}%E2%80%8E%EE%80%80?%FF");
}

fn iri() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a", "B", "%41", "%7e", "%7E", "%c3%a9", "%C3", "%2F", "%25", ".", "..", "/", "//", "?",
        "#", ":", "@", "\u{e9}", "e\u{301}", "[::A]", "80", ";",
    ]);
    let scheme = prop::sample::select(vec!["http:", "HTTP:", "s:", "ftp:"]);
    (scheme, prop::collection::vec(atoms, 0..10)).prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Normalizing is idempotent and keeps equivalence, with every option.
    #[test]
    fn normalization_is_idempotent_and_keeps_equivalence(input in iri(), nfc: bool, nfkc: bool, scheme_based: bool) {
        let options = Normalization::default().with_nfc(nfc).with_nfkc(nfkc).with_scheme_based(scheme_based);
        if let Ok(x) = Iri::parse(&input) {
            // The atoms have no character whose forms change the
            // structure, so every normal form exists.
            let once = x.normalize(options).unwrap();
            let twice = once.as_borrowed().normalize(options).unwrap();
            prop_assert_eq!(once.as_str(), twice.as_str());
            prop_assert!(x.is_equivalent(&once.as_borrowed(), options));
        }
        if let Ok(x) = Uri::parse(&input) {
            let once = x.normalize(options).unwrap();
            let twice = once.as_borrowed().normalize(options).unwrap();
            prop_assert_eq!(once.as_str(), twice.as_str());
        }
    }
}

/// XRI 2.0 Table 2, read from the specification's text (copied in
/// tests/data/specs/): three lines a row,
/// "Avoid", "Recommended", "Comment".
fn xri_table_2() -> Vec<(String, String, String)> {
    let text = common::spec_data("xri-2.0-2.5.5-table-2.txt");
    // The cells, one a line, blank lines and spaces around them dropped.
    let cells: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let header = cells
        .windows(3)
        .position(|w| w == ["Avoid", "Recommended", "Comment"])
        .expect("Table 2's header");
    let caption = header
        + cells[header..]
            .iter()
            .position(|l| l.starts_with("Table 2:"))
            .expect("Table 2's caption");
    let lines = &cells[header + 3..caption];
    lines
        .chunks(3)
        .map(|row| (row[0].to_string(), row[1].to_string(), row[2].to_string()))
        .collect()
}

#[test]
fn xri_table_2_and_the_examples_of_2_5() {
    let rows = xri_table_2();
    assert_eq!(rows.len(), 7, "Table 2 has seven rows");
    // The report's rows (`normalize xri` in spec-operations.tsv) are the table's.
    let data: Vec<(String, String, String)> = common::examples()
        .into_iter()
        .filter(|e| e.question == Question::Normalize(Grammar::Xri, Default::default()))
        .map(|e| {
            let note = e.note.unwrap_or_default();
            let comment = note.trim_start_matches("Table 2: ").replace('"', "");
            (e.input, e.says, comment)
        })
        .collect();
    let printed: Vec<(String, String, String)> = rows
        .iter()
        .map(|(a, r, c)| {
            (
                a.clone(),
                r.clone(),
                c.replace(['\u{201c}', '\u{201d}'], ""),
            )
        })
        .collect();
    assert_eq!(data, printed);
    let mut entries = Vec::new();
    for (avoid, recommended, comment) in &rows {
        let normal = xiri::Xri::parse(avoid).unwrap().normalize(PLAIN).unwrap();
        assert_eq!(normal.as_str(), recommended, "{comment}");
        assert_eq!(
            xiri::Xri::parse(recommended)
                .unwrap()
                .normalize(PLAIN)
                .unwrap()
                .as_str(),
            recommended
        );
        entries.push(json!({
            "section": "2.5.5 Table 2", "spec_avoid": avoid, "spec_recommends": recommended,
            "comment": comment, "xiri_gives": normal.as_str(),
        }));
    }
    let equivalent = |a: &str, b: &str| {
        xiri::Xri::parse(a)
            .unwrap()
            .is_equivalent(&xiri::Xri::parse(b).unwrap(), PLAIN)
    };
    for (section, a, b, says) in [
        (
            "2.5.3",
            "xri://@a/foo*bar",
            "xri://@a/*foo*bar",
            "equivalent (constructed around the segments it prints)",
        ),
        (
            "2.5.4",
            "xri://@example/(+example/(+foo))",
            "xri://@example/(+Example/(+FOO))",
            "equivalent",
        ),
        (
            "2.2.3: ! is persistent, * reassignable",
            "xri://@a/!b",
            "xri://@a/*b",
            "not equivalent (constructed from the prose)",
        ),
    ] {
        let normal = |s: &str| {
            xiri::Xri::parse(s)
                .unwrap()
                .normalize(PLAIN)
                .unwrap()
                .into_string()
        };
        entries.push(json!({
            "section": section, "a": a, "b": b, "spec_says": says, "xiri_equivalent": equivalent(a, b),
            "a_normal": normal(a), "b_normal": normal(b),
        }));
    }
    // 2.5.3
    assert!(equivalent("xri://@a/foo*bar", "xri://@a/*foo*bar"));
    // 2.1.1: NFKC, as an option.
    let nfkc = PLAIN.with_nfkc(true);
    let fullwidth = xiri::Xri::parse("@\u{ff45}xample").unwrap();
    assert_eq!(
        fullwidth.normalize(nfkc).unwrap().as_str(),
        "xri://@example"
    );
    assert_eq!(
        fullwidth.normalize(PLAIN).unwrap().as_str(),
        "xri://@\u{ff45}xample"
    );
    // 2.5.4
    assert!(equivalent(
        "xri://@example/(+example/(+foo))",
        "xri://@example/(+Example/(+FOO))"
    ));
    // A persistent sub-segment is never a reassignable one; paths keep case.
    assert!(!equivalent("xri://@a!b", "xri://@a*b"));
    assert!(!equivalent("xri://@a/!b", "xri://@a/*b"));
    assert!(!equivalent("xri://@a/B", "xri://@a/b"));
    // "**x" is an empty "*" and "*x": its stars are not optional.
    assert!(!equivalent("xri://@a/**x", "xri://@a/*x"));
    common::settings().bind(|| insta::assert_yaml_snapshot!("normalization__xri_table_2", entries));
}

fn xri() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a",
        "B",
        "*",
        "!",
        "*c",
        "!D",
        "/",
        "%41",
        "%2f",
        ".",
        "..",
        "(+X/y)",
        "(http://A/B)",
        "?q",
        "#f",
        ":",
    ]);
    let head = prop::sample::select(vec![
        "xri://@",
        "@",
        "=",
        "XRI://+",
        "!!1",
        "(@A)",
        "xri://h.EXAMPLE",
    ]);
    (head, prop::collection::vec(atoms, 0..8)).prop_map(|(h, v)| format!("{h}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// XRI normalization is idempotent and keeps equivalence.
    #[test]
    fn xri_normalization_is_idempotent(input in xri()) {
        if let Ok(x) = xiri::Xri::parse(&input) {
            let once = x.normalize(PLAIN).unwrap();
            let twice = once.as_xri().normalize(PLAIN).unwrap();
            prop_assert_eq!(once.as_str(), twice.as_str(), "{}", input);
            prop_assert!(x.is_equivalent(&once.as_xri(), PLAIN));
        }
    }
}
