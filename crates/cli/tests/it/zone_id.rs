//! IPv6 zone identifiers (RFC 6874), opt-in through the `Zoned` marker:
//! RFC 6874's example, the bare "%" of section 2, the zone decoded, the
//! operations keeping to the zoned syntax, and the engine's zoned grammar
//! held to an independent ABNF engine (abnf-oracle) on generated members
//! and near-misses.

use crate::common;

use common::Rng;
use xiri::{
    Grammar, HostKind, Normalization, Reference, Rfc3987bis, Zoned, ZonedIri, ZonedIriRef,
    ZonedUri, ZonedUriBuf, ZonedUriRef,
};

/// RFC 6874 section 2: "fe80::a%en1" is written in a URI as
/// "http://[fe80::a%25en1]".
#[test]
fn rfc_6874_section_2_example() {
    let uri = ZonedUri::parse("http://[fe80::a%25en1]").unwrap();
    let host = uri.host().unwrap();
    assert_eq!(host.as_str(), "[fe80::a%25en1]");
    assert_eq!(host.kind(), HostKind::Ipv6);
    assert_eq!(host.literal(), Some("fe80::a%25en1"));
    assert_eq!(host.zone().as_deref(), Some("en1"));
    assert_eq!(host.to_ipv6(), "fe80::a".parse().ok());
    assert_eq!(uri.path(), "");
    // RFC 3986 alone has no zone identifiers.
    assert!(xiri::Uri::parse("http://[fe80::a%25en1]").is_err());
}

#[test]
fn a_bare_percent_is_refused_naming_rfc_6874() {
    let err = ZonedUriRef::parse("http://[fe80::1%eth0]/").unwrap_err();
    assert_eq!(err.offset(), 16);
    assert!(err
        .expected()
        .iter()
        .any(|e| e.contains("RFC 6874 section 2") && e.contains("%25")));
    // An empty zone, or a character outside unreserved and pct-encoded.
    assert_eq!(
        ZonedUriRef::parse("http://[fe80::1%25]/")
            .unwrap_err()
            .offset(),
        18
    );
    assert_eq!(
        ZonedUriRef::parse("http://[fe80::1%25a/b]/")
            .unwrap_err()
            .offset(),
        19
    );
    // A zone on IPvFuture is not RFC 6874's; after an IPv4 address, the
    // "%25" is a registered name's percent-encoding, not a zone.
    assert!(ZonedUriRef::parse("http://[v1.x%25a]/").is_err());
    let name = ZonedUriRef::parse("http://1.2.3.4%25a/").unwrap();
    assert_eq!(name.host().unwrap().kind(), HostKind::RegName);
    assert_eq!(name.host().unwrap().zone(), None);
}

#[test]
fn the_zone_is_decoded_and_other_hosts_have_none() {
    let r = ZonedIriRef::parse("//[fe80::1%25%65th%2F0]:80/p").unwrap();
    assert_eq!(r.host().unwrap().zone().as_deref(), Some("eth/0"));
    assert_eq!(r.port(), Some("80"));
    for plain in ["//[::1]/", "//example.com/", "//10.0.0.1/", "//[v7.a]/"] {
        let r = ZonedUriRef::parse(plain).unwrap();
        assert_eq!(r.host().unwrap().zone(), None, "{plain}");
    }
}

/// Normalization lowercases the address and keeps the zone's case, decodes
/// the zone's unreserved characters, and gives a value that re-parses in
/// the zoned syntax (and is its own normal form).
#[test]
fn normalization_keeps_the_zone_case() {
    let r = ZonedUriRef::parse("HTTP://[FE80::A%25En%31]:80/%7e").unwrap();
    let n = r.normalize(Normalization::default()).unwrap();
    assert_eq!(n.as_str(), "http://[fe80::a%25En1]:80/~");
    assert_eq!(n.host().unwrap().zone().as_deref(), Some("En1"));
    let again = ZonedUriRef::parse(n.as_str()).unwrap();
    assert_eq!(again.normalize(Normalization::default()).unwrap(), n);
    // Different case in the zone: not equivalent; in the address: equivalent.
    let a = ZonedUriRef::parse("http://[fe80::1%25eth0]/").unwrap();
    let b = ZonedUriRef::parse("http://[FE80::1%25%65th0]/").unwrap();
    let c = ZonedUriRef::parse("http://[fe80::1%25ETH0]/").unwrap();
    assert!(a.is_equivalent(&b, Normalization::default()));
    assert!(!a.is_equivalent(&c, Normalization::default()));
}

#[test]
fn resolution_and_the_owned_types_keep_the_zone() {
    let base = ZonedIri::parse("http://[fe80::1%25eth0]/a/b").unwrap();
    let target = base.resolve(&ZonedIriRef::parse("../c?q").unwrap());
    assert_eq!(target.as_str(), "http://[fe80::1%25eth0]/c?q");
    assert_eq!(target.host().unwrap().zone().as_deref(), Some("eth0"));
    let owned: ZonedUriBuf = "http://[fe80::1%25eth0]/".parse().unwrap();
    assert_eq!(owned.host().unwrap().zone().as_deref(), Some("eth0"));
    // The draft 3987bis and LEIRI syntaxes take the same productions.
    let bis = Reference::<Zoned<Rfc3987bis>>::parse("//[fe80::1%25x]/\u{E0001}?\u{E0001}");
    assert!(
        bis.is_err(),
        "a tag character outside the query stays refused"
    );
    assert!(Reference::<Zoned<Rfc3987bis>>::parse("//[fe80::1%25x]/?\u{E0001}").is_ok());
    assert!(Reference::<Zoned<xiri::LeiriNote>>::parse("//[fe80::1%25x]/a b").is_ok());
}

/// A random zone: unreserved characters and percent-encodings, mutated
/// now and then into something RFC 6874 refuses.
fn zone(rng: &mut Rng) -> String {
    let pieces = ["a", "Z", "0", "9", "-", ".", "_", "~", "%2F", "%41", "%e9"];
    let near = [
        "%", "%2", "%G1", "/", ":", "]", "[", " ", "\u{e9}", "@", "%25",
    ];
    let mut out = String::new();
    for _ in 0..rng.below(4) {
        let list: &[&str] = if rng.below(8) == 0 { &near } else { &pieces };
        out.push_str(list[rng.below(list.len())]);
    }
    out
}

/// The engine's zoned grammar against abnf-oracle's reading of the same
/// ABNF (`Grammar::abnf_with_zone_ids`), on IPv6 addresses abnf-oracle
/// generates, joined to generated and mutated zones, in hosts of
/// references; and the zoned and plain syntaxes agree where no "%" is in
/// the literal.
#[test]
fn the_zoned_grammars_agree_with_abnf_oracle() {
    let mut rng = Rng(6874);
    let mut checked_inputs = 0;
    let mut members = 0;
    for grammar in [Grammar::Uri, Grammar::Iri] {
        let abnf = grammar.abnf_with_zone_ids();
        let checked = abnf_oracle::Grammar::parse(&abnf).unwrap().check().unwrap();
        let mut generator = abnf_oracle::Generator::new(&checked, rng.next());
        let reference_rule = grammar.reference().name();
        for _ in 0..300 {
            let address = generator.generate("IPv6address").unwrap();
            let separator = ["%25", "%25", "%25", "%", "%2", ""][rng.below(6)];
            let literal = format!("[{address}{separator}{}]", zone(&mut rng));
            let input = match rng.below(3) {
                0 => format!("http://{literal}/p"),
                1 => format!("//u@{literal}:8080?q#f"),
                _ => format!("s://{literal}"),
            };
            let expected = abnf_oracle::Recognizer::new(&checked, &input)
                .accepts(reference_rule)
                .unwrap();
            let got = match grammar {
                Grammar::Uri => ZonedUriRef::parse(&input).is_ok(),
                _ => ZonedIriRef::parse(&input).is_ok(),
            };
            assert_eq!(got, expected, "{grammar} {input:?}");
            if !input.contains('%') {
                let plain = grammar.reference().check(&input).is_ok();
                assert_eq!(
                    got, plain,
                    "{grammar} {input:?}: no zone, yet the syntaxes differ"
                );
            }
            checked_inputs += 1;
            members += usize::from(expected);
        }
    }
    // Both sides of the boundary were tried.
    assert!(
        members > 150 && checked_inputs - members > 100,
        "{members} of {checked_inputs}"
    );
}

/// `--zone-id` on check, parse, resolve, normalize and equiv; refused for
/// XRI.
#[test]
fn the_command_line_takes_zone_ids_when_asked() {
    let line = |args: &[&str]| {
        let (out, _, code) = common::xiri_io(args, b"");
        let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap_or_default();
        (value, code)
    };
    let zoned = "http://[FE80::A%25En1]:80/p";
    let (v, code) = line(&["check", "--zone-id", "-g", "uri", zoned]);
    assert_eq!(
        (v["valid"].as_bool(), v["language"].as_str(), code),
        (Some(true), Some("uri+rfc6874"), 0)
    );
    let (v, code) = line(&["check", "-g", "uri", zoned]);
    assert_eq!((v["valid"].as_bool(), code), (Some(false), 1));
    let (v, code) = line(&["check", "--zone-id", "-g", "iri", "http://[fe80::1%eth0]/"]);
    assert_eq!(code, 1);
    assert!(v["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .contains("RFC 6874 section 2"));
    let (v, _) = line(&["parse", "--zone-id", "--json", "-g", "uri", zoned]);
    assert_eq!(v["host"]["zone"].as_str(), Some("En1"));
    let (v, _) = line(&["normalize", "--zone-id", "-g", "uri", zoned]);
    assert_eq!(v["output"].as_str(), Some("http://[fe80::a%25En1]:80/p"));
    let base = "http://[fe80::1%25eth0]/a/b";
    let (v, _) = line(&["resolve", "--zone-id", "-g", "iri", "-b", base, "../c"]);
    assert_eq!(v["output"].as_str(), Some("http://[fe80::1%25eth0]/c"));
    let (v, _) = line(&[
        "equiv",
        "--zone-id",
        "-g",
        "uri",
        zoned,
        "http://[fe80::a%25En1]:80/p",
    ]);
    assert_eq!(v["equivalent"].as_bool(), Some(true));
    let (_, err, code) = common::xiri_io(&["check", "--zone-id", "-g", "xri", "a"], b"");
    assert_eq!(code, 2, "{err}");
}

proptest::proptest! {
    /// What resolution and normalization return re-parses in the zoned
    /// syntax, and normalizing it again changes nothing.
    #[test]
    fn zoned_results_re_parse_in_their_own_syntax(
        address in "(fe80|FE80|2001:db8)::(1|A|a:b)",
        zone in "([a-zA-Z0-9._~-]|%[0-9a-fA-F]{2}){1,5}",
        path in "(/|\\.\\./|\\./|[a-z%]{0,3}){0,4}",
        reference in "(\\.\\./|\\./|[a-zA-Z%7E]{0,3}|/|\\?q|#f){0,4}",
    ) {
        let base = format!("HTTP://[{address}%25{zone}]:80{path}");
        let Ok(base) = ZonedUri::parse(&base) else { return Ok(()); };
        let Ok(r) = ZonedUriRef::parse(&reference) else { return Ok(()); };
        let target = base.resolve(&r);
        proptest::prop_assert!(ZonedUri::parse(target.as_str()).is_ok(), "{}", target);
        for text in [base.as_str(), target.as_str()] {
            let parsed = ZonedUriRef::parse(text).unwrap();
            let normal = parsed.normalize(Normalization::default()).unwrap();
            let again = ZonedUriRef::parse(normal.as_str()).unwrap();
            proptest::prop_assert_eq!(again.normalize(Normalization::default()).unwrap(), normal.clone());
            proptest::prop_assert!(parsed.is_equivalent(&again, Normalization::default()));
        }
    }
}

/// Issue 41: `zone()` decoded lossily, so `%25%FF` and `%25%FE` both
/// gave U+FFFD. A zone that does not decode to UTF-8 (or decodes to a
/// "%") comes back as written.
#[test]
fn a_zone_that_is_not_utf8_is_not_replaced() {
    let zone = |text: &str| {
        let r = ZonedUriRef::parse(text).unwrap();
        let host = r.host().unwrap();
        (
            host.zone().map(|z| z.into_owned()),
            host.zone_encoded().map(str::to_string),
        )
    };
    let ff = zone("//[fe80::1%25%FF]");
    let fe = zone("//[fe80::1%25%FE]");
    assert_eq!(ff, (Some("%FF".into()), Some("%FF".into())));
    assert_eq!(fe.0.as_deref(), Some("%FE"));
    assert_ne!(ff.0, fe.0);
    assert!(!ff.0.unwrap().contains('\u{FFFD}'));
    // A "%" decoded is not mistaken for one as written.
    assert_eq!(zone("//[fe80::1%25%25FF]").0.as_deref(), Some("%25FF"));
    assert_eq!(zone("//[fe80::1%25%C3%A9]").0.as_deref(), Some("\u{e9}"));
}
