//! Bidi and spoofing (issue 11): RFC 3987 4.1 and 4.2, look-alikes of
//! delimiters and mixed scripts, in the library, `check --strict`, `lint`
//! and IRI → URI with IDNA.

use crate::common;

use proptest::prelude::*;
use xiri::security::{check, is_bidi_formatting, Finding, Kind};
use xiri::{ErrorKind, Grammar, IriRef, UriOptions};

/// The kinds and offsets `check` finds, in order.
fn found(input: &str) -> Vec<(Kind, usize)> {
    check(input)
        .into_iter()
        .map(|f| (f.kind, f.offset))
        .collect()
}

fn looks_like(delimiter: &str) -> Kind {
    Kind::DelimiterLookalike {
        looks_like: delimiter.to_string(),
    }
}

/// RFC 3987 4.4's Bidi Notation: an uppercase letter stands for a
/// right-to-left one; here a Hebrew letter (A = U+05D0 ALEF, ...).
fn bidi_notation(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'A'..='Z' => char::from_u32(0x5D0 + (c as u32 - 'A' as u32)).unwrap(),
            _ => c,
        })
        .collect()
}

#[test]
fn the_issue_11_reproducer_is_valid_by_the_grammar_and_refused_by_rfc_3987_4_1() {
    let input = "http://a/\u{202E}b";
    let rule = Grammar::Iri.reference();
    assert!(
        rule.check(input).is_ok(),
        "the grammar's ucschar has U+202E"
    );
    let err = rule.check_strict(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::Bidi, 9));
    assert_eq!(
        err.expected(),
        ["no bidi formatting character (RFC 3987 4.1)"]
    );
    let findings = check(input);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].kind.section(), "RFC 3987 4.1");
    assert_eq!(
        (findings[0].character, findings[0].span.clone()),
        ('\u{202E}', 9..12)
    );
}

#[test]
fn every_bidi_control_is_a_bidi_formatting_character() {
    // RFC 3987 4.1's seven, then Unicode 6.3's ALM and isolates.
    let listed = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ];
    let newer = ['\u{061C}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'];
    for c in listed.into_iter().chain(newer) {
        assert!(is_bidi_formatting(c), "U+{:04X}", c as u32);
        let input = format!("http://a/b{c}c?d");
        assert_eq!(
            found(&input),
            [(Kind::BidiFormatting, 10)],
            "U+{:04X}",
            c as u32
        );
        assert!(Grammar::Iri.reference().check_strict(&input).is_err());
    }
    // Joiners and marks that are not Bidi_Control.
    for c in ['\u{200D}', '\u{200C}', '\u{FEFF}', '\u{5B8}'] {
        assert!(!is_bidi_formatting(c), "U+{:04X}", c as u32);
    }
    // Percent-encoded, it is octets, not the character (RFC 3987 3.2).
    assert!(check("http://a/%E2%80%AE").is_empty());
}

#[test]
fn conversions_and_normalization_keep_every_bidi_control_out_of_an_iri() {
    // RFC 3987 3.2 step 4 re-encodes what 4.1 forbids; LEIRI -> IRI
    // encodes it; normalization does not decode it. The newer five too.
    for (c, encoded) in [
        ('\u{202E}', "%E2%80%AE"),
        ('\u{2066}', "%E2%81%A6"),
        ('\u{061C}', "%D8%9C"),
    ] {
        let uri = format!("http://a/{encoded}x");
        let iri = xiri::UriRef::parse(&uri).unwrap().to_iri();
        assert_eq!(iri.as_str(), uri);
        let leiri = format!("http://a/{c}x");
        assert_eq!(
            xiri::LeiriRef::parse(&leiri).unwrap().to_iri().as_str(),
            uri
        );
        let normal = xiri::Iri::parse(&uri)
            .unwrap()
            .normalize(Default::default())
            .unwrap();
        assert_eq!(normal.as_str(), uri);
    }
}

#[test]
fn the_examples_of_rfc_3987_4_4_in_hebrew() {
    let section = common::spec_data("rfc3987-4.4-bidi-examples.txt");
    let mut seen = 0;
    for example in section.split("\n   Example ").skip(1) {
        let Some(at) = example.find("Logical representation: \"") else {
            continue;
        };
        let rest = &example[at + "Logical representation: \"".len()..];
        let logical = bidi_notation(&rest[..rest.find('"').unwrap()]);
        let number: u32 = example[..example.find([':', ' ']).unwrap()]
            .parse()
            .unwrap();
        let bidi: Vec<(Kind, usize)> = found(&logical)
            .into_iter()
            .filter(|(k, _)| k.is_bidi())
            .collect();
        seen += 1;
        match number {
            // "Example 8 (not allowed): Numbers are at the start or end of
            // an rtl component": "GH1" ends with 1, "2IJ" starts with 2.
            8 => assert_eq!(
                bidi,
                [(Kind::BidiEnd, 20), (Kind::BidiStart, 22)],
                "{logical}"
            ),
            // "Example 9 (not allowed): The numbers in the previous example
            // are percent-encoded".
            9 => assert_eq!(
                bidi,
                [(Kind::BidiEnd, 22), (Kind::BidiStart, 24)],
                "{logical}"
            ),
            _ => {
                assert_eq!(bidi, [], "example {number}: {logical}");
                assert!(Grammar::Iri.reference().check_strict(&logical).is_ok());
            }
        }
        assert!(example.contains("(not allowed)") == (number == 8 || number == 9));
    }
    assert_eq!(seen, 10);
}

#[test]
fn rfc_3987_4_2_rules_on_each_kind_of_component() {
    // Rule 1: both directions in one component (an Arabic letter, class AL).
    assert_eq!(
        found("http://a/ab\u{628}"),
        [(Kind::BidiStart, 9), (Kind::BidiMixedDirection, 11)]
    );
    // Rule 2 in the userinfo, a host label, the query's names and values
    // and the fragment.
    assert_eq!(found("http://1\u{5D0}@a/"), [(Kind::BidiStart, 7)]);
    assert_eq!(found("http://\u{5D0}-.example/"), [(Kind::BidiEnd, 9)]);
    assert_eq!(
        found("http://a/?x=\u{5D0}1&\u{5D1}=2"),
        [(Kind::BidiEnd, 14)]
    );
    assert_eq!(found("http://a/#\u{5D0}!"), [(Kind::BidiEnd, 12)]);
    // A combining mark after the last letter belongs to it (qamats).
    assert_eq!(found("http://a/\u{5D0}\u{5D1}\u{5B8}"), []);
    // Digits inside, and digits alone, are allowed (examples 7 and 10).
    assert_eq!(found("http://a/\u{5D0}12\u{5D1}/123"), []);
    // A relative reference is read the same way.
    assert_eq!(found("\u{5D0}1"), [(Kind::BidiEnd, 2)]);
    assert!(Grammar::Iri.reference().check_strict("\u{5D0}1").is_err());
}

#[test]
fn the_delimiter_look_alikes_of_issue_11() {
    let cases = [
        ('\u{2215}', "/"),
        ('\u{2044}', "/"),
        ('\u{FF0F}', "/"),
        ('\u{FE56}', "?"),
        ('\u{FF1F}', "?"),
        ('\u{FF03}', "#"),
        ('\u{FE5F}', "#"),
        ('\u{FF20}', "@"),
        ('\u{FE6B}', "@"),
        ('\u{FF1A}', ":"),
        ('\u{2236}', ":"),
        ('\u{0589}', ":"),
        ('\u{FF1D}', "="),
        ('\u{FF06}', "&"),
        ('\u{2AFD}', "//"),
    ];
    for (c, delimiter) in cases {
        let input = format!("http://a/b{c}c");
        assert_eq!(found(&input), [(looks_like(delimiter), 10)], "{input}");
        let input = format!("http://ex{c}ample.com/");
        let host: Vec<_> = found(&input)
            .into_iter()
            .filter(|(k, _)| *k != Kind::MixedScript)
            .collect();
        assert_eq!(host, [(looks_like(delimiter), 9)], "{input}");
    }
    // U+0589 ARMENIAN FULL STOP is of the Armenian script: among Latin
    // letters in a host label, it mixes scripts too.
    assert_eq!(
        found("http://ex\u{589}ample.com/"),
        [(looks_like(":"), 9), (Kind::MixedScript, 9)]
    );
    // Look-alikes of characters that are not delimiters are not reported.
    assert_eq!(found("http://a/\u{FF41}\u{2024}"), []);
}

#[test]
fn letters_that_look_like_delimiters_count_among_another_script_only() {
    // Katakana NO and Hebrew YOD in words of their own script.
    assert_eq!(found("http://a/\u{30CE}\u{30FC}\u{30C8}"), []);
    assert_eq!(found("http://a/\u{5D9}\u{5DC}\u{5D3}"), []);
    // The "com丿asp.com" spoof, in a host and in a path.
    assert_eq!(found("http://com\u{4E3F}asp.com/"), [(looks_like("/"), 10)]);
    assert_eq!(found("http://a/Tokyo\u{30CE}x"), [(looks_like("/"), 14)]);
}

#[test]
fn host_labels_that_mix_scripts() {
    // Cyrillic U+0430 in a Latin label; Greek alpha.
    assert_eq!(found("http://p\u{430}ypal.com/"), [(Kind::MixedScript, 8)]);
    assert_eq!(found("http://paypa\u{3B1}.com/"), [(Kind::MixedScript, 12)]);
    let f = &check("http://www.p\u{430}ypal.com/")[0];
    assert_eq!((f.span.clone(), f.character), (11..18, '\u{430}'));
    // One script per label, digits and hyphens, and Latin with Japanese
    // (UTS #39 Highly Restrictive) are fine.
    for ok in [
        "http://\u{41C}\u{43E}\u{441}\u{43A}\u{432}\u{430}.example.com/",
        "http://\u{43F}\u{440}\u{438}-1.com/",
        "http://sony\u{682A}\u{5F0F}\u{4F1A}\u{793E}.jp/",
        "http://\u{4F8B}\u{3048}\u{FF0E}jp/",
    ] {
        assert_eq!(found(ok), [], "{ok}");
    }
    // Paths are not held to one script.
    assert_eq!(found("http://a/p\u{430}ypal"), []);
}

#[test]
fn a_long_label_is_searched_not_scanned_prefix_by_prefix() {
    // 200,000 letters: a check that tried every prefix would not finish.
    let input = format!(
        "http://{}\u{430}{}.com/",
        "a".repeat(100_000),
        "b".repeat(100_000)
    );
    assert_eq!(found(&input), [(Kind::MixedScript, 100_007)]);
}

/// The offset and the expectation of IRI -> URI's refusal of `input`
/// with `idna`, which must be `NotConvertible`.
fn refused_by_idna(input: &str, idna: &UriOptions) -> (usize, String) {
    let err = IriRef::parse(input).unwrap().to_uri_with(idna).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotConvertible, "{input}");
    (err.offset(), err.expected()[0].to_string())
}

#[test]
fn idna_refuses_look_alikes_bidi_formatting_and_mixed_scripts_in_a_host() {
    let idna = UriOptions::default().with_idna(true);
    let refused = |input: &str| refused_by_idna(input, &idna);
    // The issue's reproducer: U+2215 DIVISION SLASH after "é".
    let (at, why) = refused("http://\u{E9}\u{2215}evil.com/");
    assert_eq!(at, 9);
    assert!(
        why.starts_with("no look-alike of a delimiter in a host name for IDNA"),
        "{why}"
    );
    // The same character percent-encoded becomes part of the name too.
    assert_eq!(refused("http://\u{E9}%E2%88%95evil.com/").0, 9);
    assert_eq!(refused("http://a\u{FF20}b\u{E9}.com/").0, 8);
    let (at, why) = refused("http://\u{E9}\u{202E}moc.com/");
    assert_eq!(at, 9);
    assert!(why.contains("RFC 3987 4.1"), "{why}");
    let (at, why) = refused("http://p\u{430}ypal.com/");
    assert_eq!(at, 8);
    assert!(why.contains("one script"), "{why}");
    assert_eq!(refused("http://com\u{4E3F}asp.com/").0, 10);
    // Names in one script, or Latin with Japanese, still convert.
    for (iri, uri) in [
        (
            "http://r\u{E9}sum\u{E9}.example.org/",
            "http://xn--rsum-bpad.example.org/",
        ),
        (
            "http://\u{30CE}\u{30FC}\u{30C8}.jp/",
            "http://xn--fdkl2l.jp/",
        ),
        (
            "http://\u{4F8B}\u{3048}\u{FF0E}jp/",
            "http://xn--r8jz45g.jp/",
        ),
    ] {
        let out = IriRef::parse(iri).unwrap().to_uri_with(&idna).unwrap();
        assert_eq!(out.as_str(), uri);
    }
    // Without IDNA the host is percent-encoded, as before.
    let plain = IriRef::parse("http://\u{E9}\u{2215}evil.com/")
        .unwrap()
        .to_uri();
    assert_eq!(plain.as_str(), "http://%C3%A9%E2%88%95evil.com/");
}

#[test]
fn an_error_display_escapes_bidi_formatting_characters() {
    let err = Grammar::Iri
        .reference()
        .check_strict("http://a/\u{202E}b")
        .unwrap_err();
    let shown = err.to_string();
    assert!(!shown.contains('\u{202E}'), "{shown}");
    assert!(shown.contains("http://a/\\u{202e}b\n"), "{shown}");
}

#[test]
fn strict_changes_nothing_for_inputs_that_keep_the_rules() {
    for (grammar, input) in [
        (Grammar::Uri, "http://a/b?c#d"),
        (Grammar::Iri, "http://\u{5D0}\u{5D1}.example/\u{5D2}/x"),
        (Grammar::IriBis, "http://a/?\u{E0001}"),
        (Grammar::Leiri, "file:///C:/My Documents/a b.xml"),
        (Grammar::Xri, "xri://@example*home/(+contact)!1"),
    ] {
        assert!(grammar.reference().check_strict(input).is_ok(), "{input}");
    }
    // A grammar refusal stays a syntax error.
    let err = Grammar::Iri
        .reference()
        .check_strict("http://a/b c")
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Syntax);
}

/// Every finding points at a character of the input, inside its span.
fn well_placed(input: &str, findings: &[Finding]) -> Result<(), TestCaseError> {
    for f in findings {
        prop_assert!(
            input.is_char_boundary(f.offset) && f.offset < input.len(),
            "{f:?}"
        );
        prop_assert_eq!(input[f.offset..].chars().next(), Some(f.character));
        prop_assert!(f.span.start <= f.offset && f.offset < f.span.end, "{:?}", f);
        prop_assert!(input.get(f.span.clone()).is_some(), "{:?}", f);
    }
    prop_assert!(findings.windows(2).all(|w| w[0].offset <= w[1].offset));
    Ok(())
}

/// IRI-like text: delimiters, letters of four scripts, digits, marks,
/// bidi controls, look-alikes and percent-encodings.
fn iri_like() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "http://",
        "/",
        "?",
        "#",
        "@",
        ".",
        ":",
        "&",
        "=",
        ";",
        "%31",
        "%E2%88%95",
        "a",
        "Z",
        "1",
        "-",
        "\u{5D0}",
        "\u{5D9}",
        "\u{628}",
        "\u{661}",
        "\u{430}",
        "\u{3B1}",
        "\u{30CE}",
        "\u{4E3F}",
        "\u{5B8}",
        "\u{200F}",
        "\u{202E}",
        "\u{2067}",
        "\u{2215}",
        "\u{FF20}",
        "\u{FF0E}",
        "\u{E9}",
    ]);
    prop::collection::vec(piece, 0..16).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn check_never_panics_and_places_findings_on_characters(input in any::<String>()) {
        well_placed(&input, &check(&input))?;
        let _ = Grammar::Iri.reference().check_strict(&input);
    }

    #[test]
    fn on_iri_like_text_too(input in iri_like()) {
        let findings = check(&input);
        well_placed(&input, &findings)?;
        if let Ok(iri) = IriRef::parse(&input) {
            let strict = Grammar::Iri.reference().check_strict(&input);
            prop_assert_eq!(strict.is_ok(), !findings.iter().any(|f| f.kind.is_bidi()));
            let idna = UriOptions::default().with_idna(true);
            if let Err(e) = iri.to_uri_with(&idna) {
                prop_assert!(input.is_char_boundary(e.offset()) && e.offset() <= input.len());
            }
        }
    }
}

mod cli {
    use super::common::xiri;
    use serde_json::{json, Value};

    fn answers(stdout: &str) -> Vec<Value> {
        stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn check_strict_refuses_what_check_accepts() {
        let input = "http://a/\u{202E}b";
        let (out, code) = xiri(&["check", "-g", "iri", input]);
        assert_eq!((answers(&out)[0]["valid"].clone(), code), (json!(true), 0));
        let (out, code) = xiri(&["check", "--strict", "-g", "iri", input, "http://a/b"]);
        let answers = answers(&out);
        assert_eq!(code, 1);
        assert_eq!(answers[0]["valid"], false);
        assert_eq!(answers[0]["error"]["offset"], 9);
        assert_eq!(
            answers[0]["error"]["expected"],
            json!(["no bidi formatting character (RFC 3987 4.1)"])
        );
        assert_eq!(answers[1]["valid"], true);
    }

    #[test]
    fn lint_reports_bidi_and_spoofing_in_a_security_field() {
        let (out, code) = xiri(&[
            "lint",
            "http://a/\u{202E}b",
            "http://\u{E9}\u{2215}evil.com/",
        ]);
        assert_eq!(code, 0);
        let answers = answers(&out);
        // The LEIRI Note's groups are still in `findings`.
        assert_eq!(
            answers[0]["findings"][0]["group"],
            "bidi formatting characters"
        );
        let bidi = &answers[0]["security"][0];
        assert_eq!(bidi["offset"], 9);
        assert_eq!(bidi["char"], "U+202E");
        assert_eq!(bidi["kind"], "bidi-formatting");
        assert_eq!(bidi["section"], "RFC 3987 4.1");
        assert_eq!(answers[1]["findings"], json!([]));
        let slash = &answers[1]["security"][0];
        assert_eq!(slash["offset"], 9);
        assert_eq!(slash["char"], "U+2215");
        assert_eq!(slash["kind"], "delimiter-lookalike");
        assert_eq!(slash["looks_like"], "/");
    }

    #[test]
    fn convert_idna_refuses_the_look_alike_host() {
        let (out, code) = xiri(&[
            "convert",
            "--from",
            "iri",
            "--to",
            "uri",
            "--idna",
            "http://\u{E9}\u{2215}evil.com/",
        ]);
        assert_eq!(code, 1);
        let answer = &answers(&out)[0];
        assert_eq!(answer["output"], Value::Null);
        assert_eq!(answer["error"]["offset"], 9);
    }
}

/// Issue 43: IDNA no longer turns a name silently into an IPv4 address
/// ("①②⑦.0.0.1" became 127.0.0.1) or into another ASCII name through
/// compatibility characters ("ｅｖｉｌ", "ⓔⓥⓘⓛ" became "evil"); names in
/// their own characters, and IDNA's full stops, still convert.
#[test]
fn idna_refuses_a_name_it_would_map_to_an_address_or_to_another_name() {
    let idna = UriOptions::default().with_idna(true);
    let refused = |input: &str| refused_by_idna(input, &idna);
    let (at, why) = refused("http://\u{2460}\u{2461}\u{2466}.0.0.1/");
    assert_eq!(at, 7);
    assert!(why.contains("IPv4 address"), "{why}");
    assert!(refused("http://\u{E9}.0x7f/").1.contains("IPv4 address"));
    assert!(refused("http://\u{E9}.127./").1.contains("IPv4 address"));
    for (input, at) in [
        ("http://\u{FF45}\u{FF56}\u{FF49}\u{FF4C}.com/", 7),
        ("http://\u{24D4}\u{24E5}\u{24D8}\u{24DB}.com/", 7),
        ("http://ev\u{FF49}l.com/", 9),
        ("http://ev%EF%BD%89l.com/", 9),
    ] {
        let (offset, why) = refused(input);
        assert_eq!(offset, at, "{input}");
        assert!(why.contains("compatibility character"), "{input}: {why}");
    }
    for (iri, uri) in [
        ("http://\u{E9}.0x7g/", "http://xn--9ca.0x7g/"),
        ("http://\u{E9}.a1/", "http://xn--9ca.a1/"),
        (
            "http://\u{4F8B}\u{3048}\u{3002}jp/",
            "http://xn--r8jz45g.jp/",
        ),
        ("http://R\u{C9}SUM\u{C9}.org/", "http://xn--rsum-bpad.org/"),
    ] {
        let out = IriRef::parse(iri).unwrap().to_uri_with(&idna).unwrap();
        assert_eq!(out.as_str(), uri);
    }
}
