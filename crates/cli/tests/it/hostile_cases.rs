//! Issue 11's reproducers, each pinned with the answer it should get: the
//! ones the issue lists, then the ones `tests/it/hostile.rs` found. Calls to
//! normalize and relativize go through `tests/common/adapter.rs`.

use crate::common;

use common::adapter::Adapt;
use common::cpu::least_seconds;
use common::shapes;
use xiri::{Iri, IriRef, Leiri, Normalization, Uri, UriOptions, Xri, XriRef};

const PLAIN: Normalization = Normalization::new()
    .with_nfc(false)
    .with_nfkc(false)
    .with_scheme_based(false);
const NFC: Normalization = PLAIN.with_nfc(true);
const NFKC: Normalization = PLAIN.with_nfkc(true);

// relativize: the shortest reference that resolves to what the target
// resolves to (its dot segments removed).

#[test]
fn uri_relativize_to_a_target_with_a_dot_segment() {
    let base = Uri::parse("http://a/b").unwrap();
    let reference = base.relative(&Uri::parse("http://a/./c").unwrap()).unwrap();
    assert_eq!(reference.as_str(), "c");
    let back = base.resolve(&reference.as_borrowed());
    assert_eq!(back.as_str(), "http://a/c");
}

#[test]
fn iri_relativize_to_a_target_with_a_double_dot_segment() {
    let base = Iri::parse("http://x/y").unwrap();
    let reference = base
        .relative(&Iri::parse("http://x/a/../c").unwrap())
        .unwrap();
    assert_eq!(reference.as_str(), "c");
}

#[test]
fn leiri_relativize_to_a_target_ending_in_double_dot() {
    let base = Leiri::parse("http://a/b").unwrap();
    let reference = base
        .relative(&Leiri::parse("http://a/c/..").unwrap())
        .unwrap();
    let back = base.resolve(&reference.as_borrowed());
    assert_eq!(back.as_str(), "http://a/");
    // "/" and "." both resolve there.
    assert_eq!(reference.as_str().len(), 1, "{reference}");
}

#[test]
fn relativize_to_a_dot_without_authority() {
    let base = Uri::parse("a:b").unwrap();
    let reference = base.relative(&Uri::parse("a:.").unwrap()).unwrap();
    assert_eq!(base.resolve(&reference.as_borrowed()).as_str(), "a:");
    // "." resolves there: "b" has no "/", so the merged path is ".".
    assert_eq!(reference.as_str(), ".");
}

#[test]
fn xri_relativize_gives_the_shortest_reference() {
    let base = Xri::parse("xri://@a/b").unwrap();
    let reference = base.relative(&Xri::parse("xri://@a/./c").unwrap()).unwrap();
    let reference: &str = reference.as_ref();
    assert_eq!(reference, "c");
    let back = base.resolve(&XriRef::parse(reference).unwrap()).unwrap();
    assert_eq!(back.as_str(), "xri://@a/c");
}

// Values that must stay in their syntax.

#[test]
fn a_3987bis_tag_character_converts_normalizes_and_relativizes() {
    let r = IriRef::parse_3987bis("?\u{E0001}").unwrap();
    let uri = r.to_uri_with(&UriOptions::default()).unwrap();
    assert_eq!(uri.as_str(), "?%F3%A0%80%81");
    let idna = UriOptions::default().with_idna(true);
    assert_eq!(r.to_uri_with(&idna).unwrap().as_str(), "?%F3%A0%80%81");
    let x = Iri::parse_3987bis("x:y?\u{E0001}").unwrap();
    let normal = x.normal(PLAIN).unwrap();
    assert_eq!(normal.as_str(), "x:y?\u{E0001}");
    let base = Iri::parse_3987bis("x:y").unwrap();
    let reference = base.relative(&x).unwrap();
    assert_eq!(reference.as_str(), "?\u{E0001}");
    assert!(IriRef::parse_3987bis(reference.as_str()).is_ok());
}

/// "xri://a:b" is not "xri://" and an IRI authority ("b" is no port).
/// Read without the prefix, "xri:" is an IRI authority, which the policy
/// takes for absolute only after "xri://" (it refuses "xri:/g"). Refusing
/// these is one answer; if they parse, what is made of them must parse too.
#[test]
fn an_xri_read_without_its_prefix_stays_an_xri() {
    for s in ["xri://a:b", "xri://*(=/%2F)!", "XRI://,\u{FE5F}xri:!/!?"] {
        let Ok(x) = Xri::parse(s) else { continue };
        assert!(x.has_prefix(), "{s}: read without its xri://");
        let target = x.resolve(&XriRef::parse("/g").unwrap()).unwrap();
        assert!(Xri::parse(target.as_str()).is_ok(), "{s} + /g: {target}");
        let normal = x.normal(PLAIN).unwrap();
        assert!(!normal.as_str().starts_with("xri://xri://"), "{normal}");
        let again = normal.as_xri().normal(PLAIN).unwrap();
        assert_eq!(again, normal);
    }
}

// Error offsets.

#[test]
fn an_error_inside_a_cross_reference_points_into_the_whole_input() {
    let err = XriRef::parse("(:)").unwrap_err();
    assert_eq!(err.input(), "(:)");
    assert!((1..=3).contains(&err.offset()), "{err}");
}

// Normalization: idempotent, and NFC or NFKC refused when they change how
// the reference reads.

#[test]
fn nfc_of_the_kelvin_sign_is_a_lowercase_k() {
    let normal = Iri::parse("http://\u{212A}/").unwrap().normal(NFC).unwrap();
    assert_eq!(normal.as_str(), "http://k/");
    assert_eq!(normal.as_borrowed().normal(NFC).unwrap(), normal);
}

#[test]
fn the_cli_normalizes_the_kelvin_sign_in_one_step() {
    let (out, code) = common::xiri(&["normalize", "--nfc", "-g", "iri", "http://\u{212A}/"]);
    assert_eq!(code, 0, "{out}");
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["output"], "http://k/");
}

#[test]
fn nfkc_of_roman_twelve_is_lowercase() {
    let normal = Xri::parse("xri://@\u{216B}/b")
        .unwrap()
        .normal(NFKC)
        .unwrap();
    assert_eq!(normal.as_str(), "xri://@xii/b");
    assert_eq!(normal.as_xri().normal(NFKC).unwrap(), normal);
}

#[test]
fn nfkc_making_a_new_segment_is_refused() {
    let x = Xri::parse("xri://@a/b\u{FF0F}c").unwrap();
    assert!(x.normal(NFKC).is_err(), "{:?}", x.normal(NFKC));
}

// Found by tests/it/hostile.rs.

#[test]
fn relativize_from_a_base_with_dot_segments_to_itself() {
    // Today "": it resolves to the base as written, dot segment and all.
    let base = Uri::parse("http://a/b/./c").unwrap();
    let reference = base.relative(&base).unwrap();
    assert_eq!(
        base.resolve(&reference.as_borrowed()).as_str(),
        "http://a/b/c"
    );
    assert_eq!(reference.as_str(), "c");
}

#[test]
fn iri_nfkc_making_a_new_segment_or_a_dot_segment_is_refused() {
    for s in ["http://a/b\u{FF0F}c", "m:\u{2100}", "http://a/b/\u{2025}/c"] {
        let x = Iri::parse(s).unwrap();
        assert!(x.normal(NFKC).is_err(), "{s}: {:?}", x.normal(NFKC));
    }
}

#[test]
fn nfc_changing_the_authority_of_an_xri_is_refused() {
    // "=" and U+0338 compose to U+2260: a global authority would become an
    // IRI authority.
    let x = Xri::parse("xri://=\u{338}a").unwrap();
    assert!(x.normal(NFC).is_err(), "{:?}", x.normal(NFC));
}

#[test]
fn a_normal_form_is_in_the_unicode_form_asked_for() {
    // NFKC of a decoded U+00A0 is a space, of U+FF05 a "%" with no hex
    // after it; NFC of U+1FEF is "`". Refusing is one answer; an answer is
    // in the form asked for.
    for (s, options) in [
        ("http://a/%C2%A0", NFKC),
        ("e:\u{FF05}", NFKC),
        ("http://a/\u{1FEF}", NFC),
    ] {
        if let Ok(normal) = Iri::parse(s).unwrap().normal(options) {
            let text = normal.as_str();
            let in_form = match options.nfkc {
                true => unicode_normalization::is_nfkc(text),
                false => unicode_normalization::is_nfc(text),
            };
            assert!(in_form, "{s}: {text:?}");
        }
    }
}

// Quadratic time: each shape at 1 MB and at 4 MB. Linear code takes four
// to six times as long on the larger (both sizes live in the L3 cache,
// where the time per byte still rises a little); the quadratic code took
// sixteen times as long (seconds to minutes at 2 MB). A ratio, not a time
// budget: the machine's load moves timings; this thread's CPU time, the
// least of a few runs, is moved least. (200 KB against 2 MB straddles the L2 cache: a
// linear run measured up to 60 times.)

fn grows_linearly(operation: &str, shape: &str) {
    let shape = shapes::shape(operation, shape);
    let least = |bytes: usize| {
        let inputs = (shape.make)(bytes);
        least_seconds(5, || {
            std::hint::black_box((shape.run)(&inputs));
        })
    };
    let (small, large) = (least(1_000_000), least(4_000_000));
    assert!(
        large <= 10.0 * small.max(1e-4),
        "{operation} on {}: {small:.4} s at 1 MB, {large:.4} s at 4 MB",
        shape.shape
    );
}

#[test]
fn normalize_of_as_many_double_dots_as_segments_is_linear() {
    grows_linearly("uri normalize", "a/ then as many ../");
}

#[test]
fn resolve_against_a_long_base_path_is_linear() {
    grows_linearly("uri resolve", "long base path, ../ for each segment");
}

#[test]
fn xri_resolve_against_a_long_base_path_is_linear() {
    grows_linearly("xri resolve", "long base path, ../ for each segment");
}

#[test]
fn relativize_along_a_long_shared_path_is_linear() {
    grows_linearly("uri relativize", "base and target share a long path");
}

#[test]
fn xri_relativize_along_a_long_shared_path_is_linear() {
    grows_linearly("xri relativize", "base and target share a long path");
}

#[test]
fn xri_iri_normal_form_of_many_cross_references_is_linear() {
    grows_linearly("xri to_iri_normal", "many cross-references");
}

#[test]
fn xri_uri_normal_form_of_many_cross_references_is_linear() {
    grows_linearly("xri to_uri_normal", "many cross-references");
}
