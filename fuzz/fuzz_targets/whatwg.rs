//! RFC 3987's reading beside the WHATWG URL Standard's (`xiri::whatwg`,
//! issue 43): on any input, alone and against a base, no panic; where both
//! readings accept, a host finding exactly when their hosts differ in each
//! side's normal form (compared here from the readings' own hosts, not
//! from the findings); where one side alone accepts, one "acceptance"
//! finding, or none when the RFC refuses only what a browser
//! percent-encodes; where both refuse, none; and nothing shown depends on
//! a password put in front of the input: the findings and the comparison's
//! `Debug` are the same with two passwords of the same length. (Not "the
//! password's text is not shown": the input may hold that text itself, or
//! make it, as IDNA makes "xn--s3cretcom-..." of "s3漢cretcom", two false
//! alarms of the target in 2026-11-30's runs.) Run from the repository
//! root (docs/TESTING.md):
//!     fuzz/run 600 whatwg

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::whatwg::{compare, compare_with_base, Comparison, Host, Part};

/// Whether two hosts differ, on this target's own terms: the same variant
/// and text, but a name against the domain IDNA makes of it (and gives
/// back), and a name against an opaque host, without ASCII case and with
/// non-ASCII percent-encoded (as xiri's IRI → URI encodes it).
fn differ(rfc: Option<&Host>, browser: Option<&Host>) -> bool {
    match (rfc, browser) {
        (Some(Host::Name(n)), Some(Host::Domain(d))) => {
            let back = idna::domain_to_unicode(d).0;
            !(n == d || (d.contains("xn--") && back == *n))
        }
        (Some(Host::Name(n)), Some(Host::Opaque(o))) => {
            let written = format!("//{n}/");
            let uri = xiri::IriRef::parse(&written).map(|r| r.to_uri());
            let encoded = uri.ok().and_then(|u| u.host().map(|h| h.as_str().to_ascii_lowercase()));
            encoded != Some(o.to_ascii_lowercase())
        }
        (Some(Host::Ipv4(a)), Some(Host::Opaque(o))) => a.to_string() != *o,
        (r, b) => r != b,
    }
}

fn holds(input: &str, both: &Comparison<'_>) {
    let findings = both.findings();
    match (both.rfc(), both.browser()) {
        (Ok(r), Ok(b)) => {
            assert_eq!(both.host_differs(), differ(r.host(), b.host()), "{input:?}: {findings:?}");
            assert!(findings.iter().all(|f| f.part != Part::Acceptance), "{input:?}");
        }
        (Err(_), Err(_)) => assert!(findings.is_empty(), "{input:?}"),
        _ => assert!(
            findings.len() <= 1 && findings.iter().all(|f| f.part == Part::Acceptance),
            "{input:?}: {findings:?}"
        ),
    }
}

/// Everything a comparison shows: its findings, each as text and `Debug`,
/// and its own `Debug`.
fn shown(both: &Comparison<'_>) -> String {
    let findings = both.findings().iter().map(|f| format!("{f} {f:?}"));
    findings.chain([format!("{both:?}")]).collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    holds(text, &compare(text));
    let with_password = format!("http://anne:s3cret@{text}");
    let with_another = format!("http://anne:t4dfgu@{text}");
    let (one, another) = (compare(&with_password), compare(&with_another));
    holds(&with_password, &one);
    assert_eq!(shown(&one), shown(&another), "{with_password:?}");
    for base in ["http://good.example/a/b", "foo://good.example/a"] {
        holds(text, &compare_with_base(text, base));
    }
});
