//! The IRI processing draft's section 5 (`xiri::draft`): how it relates to
//! strict parsing, and that it answers every string. Its examples (the
//! draft prints none in section 5; they are built from its prose) are the
//! `draft-components` rows of tests/data/spec-operations.tsv, checked by
//! crates/cli/tests/it/conformance_report.rs.

use proptest::prelude::*;
use xiri::draft::{parse_components, DraftPort};
use xiri::{IriRef, UriRef};

fn atoms() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a",
        "B",
        "1",
        ":",
        "/",
        "//",
        "?",
        "#",
        "@",
        "[",
        "]",
        "[::1]",
        "[v1.x]",
        "%",
        "%41",
        "%4",
        ".",
        "..",
        " ",
        "\\",
        "<",
        "\"",
        "{",
        "\u{e9}",
        "\u{e000}",
        "\u{10fffd}",
        "\u{202e}",
        "\u{7f}",
        "\u{0}",
        "http:",
        "x+y-z.w:",
        "127.0.0.1",
        ":80",
        ":8x",
    ]);
    prop::collection::vec(atoms, 0..12).prop_map(|v| v.concat())
}

/// Every character a URI allows in a path, query or fragment, and "%" only
/// as the start of a percent-encoding.
fn uri_chars(s: &str, private_use: bool) -> bool {
    let bytes = s.as_bytes();
    s.char_indices().all(|(at, c)| match c {
        '%' => bytes
            .get(at + 1..at + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)),
        c if c.is_ascii_alphanumeric() => true,
        '-' | '.' | '_' | '~' | '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';'
        | '=' | ':' | '@' | '/' | '?' => true,
        c => private_use && matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0x10FFFD),
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Any string has components; path, query and fragment are left with
    /// what a URI allows there (the query with private use, which 5.4
    /// keeps), so the draft's path and query are URI ones.
    #[test]
    fn every_string_has_components(input in atoms()) {
        let c = parse_components(&input);
        prop_assert!(uri_chars(&c.path, false), "path {:?}", c.path);
        prop_assert!(!c.path.contains('?'), "path {:?}", c.path);
        prop_assert!(c.query.as_deref().is_none_or(|q| uri_chars(q, true)), "query {:?}", c.query);
        prop_assert!(c.fragment.as_deref().is_none_or(|f| uri_chars(f, false)), "fragment {:?}", c.fragment);
        if let Some(scheme) = c.scheme {
            prop_assert!(input.starts_with(scheme) && input[scheme.len()..].starts_with(':'));
        }
        if let Some(a) = &c.authority {
            prop_assert!(a.text.contains(a.host));
            if let Some(DraftPort::Digits(p)) = a.port {
                prop_assert!(p.bytes().all(|b| b.is_ascii_digit()));
            }
        }
        // Put together again, the components read back as themselves.
        let again = c.to_string();
        prop_assert_eq!(parse_components(&again), c);
    }

    /// Where strict parsing accepts an IRI reference, the draft finds the
    /// same scheme, authority, userinfo, host and port, and the path, query
    /// and fragment of the URI that RFC 3987 3.1 maps it to (the query
    /// when it has no private use, which the draft keeps and 3.1 encodes).
    #[test]
    fn on_iri_references_it_is_strict_parsing_then_the_uri_mapping(input in atoms()) {
        let Ok(iri) = IriRef::parse(&input) else { return Ok(()) };
        let c = parse_components(&input);
        prop_assert_eq!(c.scheme, iri.scheme());
        prop_assert_eq!(c.authority.as_ref().map(|a| a.text), iri.authority());
        prop_assert_eq!(c.authority.as_ref().and_then(|a| a.userinfo), iri.userinfo());
        prop_assert_eq!(c.authority.as_ref().map(|a| (a.host, a.host_kind)), iri.host().map(|h| (h.as_str(), h.kind())));
        prop_assert_eq!(c.authority.as_ref().and_then(|a| a.port.map(|p| p.as_str())), iri.port());
        let uri = iri.to_uri();
        let uri = UriRef::parse(uri.as_str()).unwrap();
        prop_assert_eq!(&*c.path, uri.path());
        prop_assert_eq!(c.fragment.as_deref(), uri.fragment());
        let private = input.chars().any(|ch| matches!(ch as u32, 0xE000..=0xF8FF | 0xF0000..=0x10FFFD));
        if !private {
            prop_assert_eq!(c.query.as_deref(), uri.query());
        }
    }
}

#[test]
fn hostile_inputs_are_answered() {
    for input in [
        "",
        ":",
        "//",
        "//[",
        "//[:",
        "//[]:",
        "//[\u{e9}]:\u{e9}",
        "//@",
        "//@@:",
        "%",
        "%%",
        "%4",
        "a:%",
        "#%",
        "?%",
        "//[::1]x:80",
        "\u{e9}:x",
        "a\u{300}:b",
        "//\u{e9}:\u{e9}",
    ] {
        let c = parse_components(input);
        let again = c.to_string();
        assert_eq!(parse_components(&again), c, "{input:?}");
    }
    // A "]" with more after it than a port: the last ":" decides.
    let c = parse_components("//[::1]x:80/p");
    let a = c.authority.unwrap();
    assert_eq!((a.host, a.port), ("[::1]x", Some(DraftPort::Digits("80"))));
    assert_eq!(a.host_kind, xiri::HostKind::RegName);
}
