//! Normalization and equivalence of relative references (issue 12): every
//! step of RFC 3986 6.2.2 that needs no base; of dot segments, all in a
//! path starting with "/", only "." in a relative path, so that against
//! any base the normal form resolves where the reference does
//! (docs/DECISIONS.md, "Normalization and equivalence").

use crate::common;

use common::props;
use proptest::prelude::*;
use xiri::{IriRef, Normalization, Uri, UriRef, XriRef};

const PLAIN: Normalization = Normalization::new()
    .with_nfc(false)
    .with_nfkc(false)
    .with_scheme_based(false);

fn uri(text: &str, options: Normalization) -> String {
    UriRef::parse(text)
        .unwrap()
        .normalize(options)
        .unwrap()
        .into_string()
}

fn xri(text: &str) -> String {
    XriRef::parse(text)
        .unwrap()
        .normalize(PLAIN)
        .unwrap()
        .into_string()
}

#[test]
fn the_issues_example_and_relative_paths() {
    assert_eq!(uri("//[2001:DB8::1]/a/./b", PLAIN), "//[2001:db8::1]/a/b");
    // A path starting with "/" loses every dot segment, as resolution
    // would (RFC 3986 5.2.2), whatever the base.
    assert_eq!(uri("/a/./b/../c/%2E%2E/d", PLAIN), "/a/d");
    assert_eq!(uri("/.//a", PLAIN), "/.//a");
    // A relative path keeps its ".." segments, even "a/..": against
    // "urn:x", "a/../b" resolves to "urn:/b" and "b" to "urn:b".
    assert_eq!(uri("../a/./b/../../c", PLAIN), "../a/b/../../c");
    assert_eq!(uri("a/../b", PLAIN), "a/../b");
    assert_eq!(
        Uri::parse("urn:x")
            .unwrap()
            .resolve(&UriRef::parse("a/../b").unwrap())
            .as_str(),
        "urn:/b"
    );
    // "." segments go; "./" stays where the rest would not read as a
    // relative path. An encoded dot is a name to resolution: it stays.
    assert_eq!(uri("./a/%2e/b/.", PLAIN), "a/%2E/b/");
    assert_eq!(uri("./a/%2e./b/%7e", PLAIN), "a/%2E%2E/b/~");
    assert_eq!(uri(".", PLAIN), "./");
    assert_eq!(uri(".?q#f", PLAIN), "./?q#f");
    assert_eq!(uri("./a:b/./c", PLAIN), "./a:b/c");
    assert_eq!(uri(".//a", PLAIN), ".//a");
    assert_eq!(uri("", PLAIN), "");
    assert_eq!(uri("?%7e#%7E", PLAIN), "?~#~");
}

#[test]
fn scheme_based_normalization_needs_a_scheme() {
    let scheme_based = PLAIN.with_scheme_based(true);
    // No scheme, so no default port and no "/" for the empty path; an
    // empty port goes for every scheme (RFC 3986 3.2.3).
    assert_eq!(uri("//Ex.COM:80", scheme_based), "//ex.com:80");
    assert_eq!(uri("//Ex.COM:", scheme_based), "//ex.com");
    assert_eq!(uri("HTTP://Ex.COM:80", scheme_based), "http://ex.com/");
}

#[test]
fn an_absolute_reference_gets_the_absolute_normal_form() {
    let nfc = PLAIN.with_nfc(true);
    for text in [
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "s:./a/../b",
        "HTTP://h:/",
    ] {
        let absolute = Uri::parse(text).unwrap().normalize(PLAIN).unwrap();
        assert_eq!(uri(text, PLAIN), absolute.as_str());
    }
    let iri = "http://a/re\u{301}sume\u{301}";
    assert_eq!(
        IriRef::parse(iri).unwrap().normalize(nfc).unwrap().as_str(),
        xiri::Iri::parse(iri)
            .unwrap()
            .normalize(nfc)
            .unwrap()
            .as_str()
    );
    // NFKC that would make a delimiter is refused, naming the reference
    // rule for a relative reference.
    let nfkc = PLAIN.with_nfkc(true);
    let err = IriRef::parse("a\u{ff0f}b")
        .unwrap()
        .normalize(nfkc)
        .unwrap_err();
    assert_eq!(err.kind(), xiri::ErrorKind::NotNormalizable);
    assert_eq!(err.offset(), 1);
}

#[test]
fn relative_xri_references() {
    assert_eq!(xri("../*a/./Ex%61mple/*b"), "../a/Example/b");
    assert_eq!(xri("/a/./*b/../c"), "/a/c");
    // "/**x" is not a relative XRI ("**x" starts with an empty
    // sub-segment): "/." stays in front, as "/.//a" keeps a path.
    assert_eq!(xri("/./**x"), "/./**x");
    assert_eq!(xri("/.//a"), "/.//a");
    // 2.4.4: a first segment that would read as an authority, or a ":",
    // keeps a "./"; one that had it keeps its "*".
    assert_eq!(xri("./(+Foo)/./a"), "./(xri://+foo)/a");
    assert_eq!(xri("./!!a"), "./!!a");
    assert_eq!(xri("./a:b"), "./a:b");
    assert_eq!(xri("./*a"), "*a");
    // "*." is "." once its optional "*" goes, but a name to resolution.
    assert_eq!(xri("a/*./../b/%2E/./c"), "a/%2E/../b/%2E/c");
    assert_eq!(xri("@Ex/./*a"), "xri://@ex/a");
    // Inside a cross-reference a relative path is an identifier, not
    // resolved: it keeps its dot segments.
    assert_eq!(xri("a/(b/./c)"), "a/(b/./c)");
    let equivalent = |a: &str, b: &str| {
        XriRef::parse(a)
            .unwrap()
            .is_equivalent(&XriRef::parse(b).unwrap(), PLAIN)
    };
    assert!(equivalent("./*a/(+Foo)", "*a/(+foo)"));
    assert!(!equivalent("a/../b", "b"));
}

/// RFC 3986 reads "%2E" as a name in resolution (5.2.4 sees no dot) and
/// as "." in normalization (6.2.2.2, then 6.2.2.3). A relative path keeps
/// it encoded, so its normal form resolves where it does; a path starting
/// with "/" is normalized as an absolute one is (decoded, then dot
/// segments removed), and there the two readings part: the properties
/// leave such references out (`rooted_with_hidden_dots`).
#[test]
fn encoded_dots_are_names_in_a_relative_path() {
    let base = Uri::parse("http://h/a/b").unwrap();
    let target = |r: &str| {
        let t = base.resolve(&UriRef::parse(r).unwrap());
        t.as_borrowed().normalize(PLAIN).unwrap().into_string()
    };
    assert_eq!(uri("%2E/../c", PLAIN), "%2E/../c");
    assert_eq!(target("%2E/../c"), "http://h/a/c");
    assert_eq!(uri("/a/%2E/../c", PLAIN), "/c");
    assert_eq!(target("/a/%2E/../c"), "http://h/a/c");
    assert_eq!(target("/c"), "http://h/c");
    assert_eq!(
        props::uri::references("/a/%2E/../c", base.as_str(), props::Depth::Full),
        Ok(())
    );
}

/// Relative references made of dot segments, encoded dots, "*" and
/// delimiters.
fn reference() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a", "B", ".", "..", "./", "../", "/", "//", "%2E", "%2e%2E", "*.", "*", ":", "%41",
        "(+a)", "?q", "#f", "\u{e9}",
    ]);
    prop::collection::vec(atoms, 0..9).prop_map(|v| v.concat())
}

/// Absolute bases of every grammar with paths of the same atoms.
fn base() -> impl Strategy<Value = String> {
    let head = prop::sample::select(vec![
        "http://h",
        "http://h/",
        "urn:",
        "s:",
        "xri://@a",
        "=x/",
    ]);
    let atoms = prop::sample::select(vec!["a", "/", ".", "..", "%2E", "*.", "?q"]);
    (head, prop::collection::vec(atoms, 0..6)).prop_map(|(h, v)| format!("{h}{}", v.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Idempotent, re-parses as itself, resolves against the base (and the
    /// fixed bases) where the reference does, equivalence reflexive and
    /// symmetric: `tests/common/props/`, on references rich in dots.
    #[test]
    fn a_relative_normal_form_resolves_where_the_reference_does(r in reference(), b in base()) {
        for (name, check) in props::NORMALIZATION {
            prop_assert_eq!(check(&r, &b), Ok(()), "{}", name);
        }
    }
}
