//! Issue 43: every input of the issue, read by RFC 3987 and by the WHATWG
//! URL Standard (`xiri::whatwg`), gets the finding of its category; the
//! differences that only normalize get none; no finding shows a password.

use xiri::whatwg::{compare, compare_with_base, Category, Part};

/// The issue's inputs, each with the category and the part of its first
/// finding. The hosts each side reads were checked against the WHATWG URL
/// Standard's host parser (IPv4 number parser, "ends in a number", domain
/// to ASCII) by hand, not taken from the code under test.
const CASES: &[(&str, Category, Part)] = &[
    // Numeric hosts: a name to the RFC, 127.0.0.1 (or 0.0.0.0) to a browser.
    ("http://2130706433/", Category::NumericHost, Part::Host),
    ("http://0x7f.1/", Category::NumericHost, Part::Host),
    ("http://0177.0.0.1/", Category::NumericHost, Part::Host),
    ("http://127.1/", Category::NumericHost, Part::Host),
    ("http://0x7f000001/", Category::NumericHost, Part::Host),
    ("http://0/", Category::NumericHost, Part::Host),
    (
        "http://%31%32%37.0.0.1/",
        Category::PercentEncodedHost,
        Part::Host,
    ),
    // Dots and look-alikes.
    ("http://127.0.0.1.:80/", Category::TrailingDot, Part::Host),
    (
        "http://evil.com%2e/",
        Category::PercentEncodedHost,
        Part::Host,
    ),
    (
        "http://evil%2ecom/",
        Category::PercentEncodedHost,
        Part::Host,
    ),
    (
        "http://a.b%E3%80%82c/",
        Category::PercentEncodedHost,
        Part::Host,
    ),
    (
        "http://\u{FF45}\u{FF56}\u{FF49}\u{FF4C}.com/",
        Category::MappedLookalike,
        Part::Host,
    ),
    (
        "http://\u{24D4}\u{24E5}\u{24D8}\u{24DB}.com/",
        Category::MappedLookalike,
        Part::Host,
    ),
    (
        "http://evil\u{3002}com/",
        Category::MappedLookalike,
        Part::Host,
    ),
    (
        "http://\u{2460}\u{2461}\u{2466}.0.0.1/",
        Category::MappedLookalike,
        Part::Host,
    ),
    // No authority to the RFC, a host to a browser.
    ("http:/evil.com/", Category::SlashCount, Part::Host),
    ("http:evil.com/", Category::SlashCount, Part::Host),
    // One IPv6 address, two forms.
    ("http://[::ffff:127.0.0.1]/", Category::Ipv6Form, Part::Host),
    // A browser alone accepts.
    ("http:\\\\evil.com\\", Category::Backslash, Part::Acceptance),
    (
        "http://evil.com\\@good.com/",
        Category::Backslash,
        Part::Acceptance,
    ),
    ("http://a@b@c/", Category::MultipleAt, Part::Acceptance),
    (
        "http://ev\til.com/",
        Category::StrippedWhitespace,
        Part::Acceptance,
    ),
    // RFC 3986 alone accepts.
    ("http://a%00b/", Category::RefusedByOne, Part::Acceptance),
    (
        "http://1.2.3.4.5/",
        Category::RefusedByOne,
        Part::Acceptance,
    ),
    (
        "http://256.0.0.1/",
        Category::RefusedByOne,
        Part::Acceptance,
    ),
];

#[test]
fn every_input_of_the_issue_gets_the_finding_of_its_category() {
    for &(input, category, part) in CASES {
        let both = compare(input);
        let findings = both.findings();
        assert_eq!(findings.len(), 1, "{input:?}: {findings:#?}");
        let f = &findings[0];
        assert_eq!((f.category, f.part), (category, part), "{input:?}: {f}");
        assert!(!f.to_string().contains('\n'), "{input:?}: one line: {f}");
        assert!(f.to_string().contains(category.why()), "{f}");
    }
}

/// What each side reads, for one input of each kind, as the standards say.
#[test]
fn the_findings_name_what_each_side_reads() {
    let shown = |input: &str| compare(input).findings()[0].to_string();
    assert_eq!(
        shown("http://2130706433/"),
        "host: RFC 3987 reads the name \"2130706433\", a browser the address 127.0.0.1 \
         (numeric-host: a browser reads decimal, octal, hex and short dotted numbers as an \
         IPv4 address, RFC 3986 as a name)"
    );
    let f = compare("http://0/").findings()[0].clone();
    assert_eq!(f.browser, "the address 0.0.0.0");
    let f = compare("http://\u{2460}\u{2461}\u{2466}.0.0.1/").findings()[0].clone();
    assert_eq!(f.browser, "the address 127.0.0.1");
    let f = compare("http://[::ffff:127.0.0.1]/").findings()[0].clone();
    assert_eq!(
        (f.rfc.as_str(), f.browser.as_str()),
        (
            "the address [::ffff:127.0.0.1]",
            "the address [::ffff:7f00:1]"
        )
    );
    let f = compare("http://evil.com\\@good.com/").findings()[0].clone();
    assert_eq!(f.browser, "the name \"evil.com\"");
    assert_eq!(f.rfc, "refuses it at byte 15");
    let f = compare("http://a@b@c/").findings()[0].clone();
    assert_eq!(f.browser, "the name \"c\"");
    let f = compare("http://256.0.0.1/").findings()[0].clone();
    assert_eq!(f.browser, "refuses it: invalid IPv4 address");
}

/// Differences that only normalize are not findings (docs/DECISIONS.md,
/// "Where a browser reads it elsewhere"); nor are names the same after
/// each side's case, IDNA and address forms.
#[test]
fn normalizing_differences_are_not_findings() {
    for input in [
        "http://example.com/a b",
        "http://example.com/a/./b/../c",
        "http://example.com:80/",
        "http://example.com:/",
        "HTTP://EXAMPLE.COM/",
        "http://r\u{e9}sum\u{e9}.example/",
        "http://R\u{c9}SUM\u{c9}.example/",
        "http://xn--rsum-bpad.example/",
        "http://[0:0::1]/",
        "http://example.com/\n",
        "https://anne:pw@example.com:0443/?q#f",
        "http://a;b@h/",
        "foo://Example/x",
        "foo://\u{e9}/x",
        "foo:/x",
        "file:///etc/passwd",
        "file://localhost/etc/passwd",
        "mailto:anne@example.com",
        "http://example.com./",
    ] {
        let both = compare(input);
        assert!(
            both.findings().is_empty(),
            "{input:?}: {:#?}",
            both.findings()
        );
    }
}

#[test]
fn a_base_is_read_by_both_sides() {
    let both = compare_with_base("//0x7f.1/x", "https://good.example/");
    assert_eq!(both.findings()[0].category, Category::NumericHost);
    let both = compare_with_base("../../x", "http://good.example/a/b");
    assert!(both.findings().is_empty(), "{:#?}", both.findings());
    // Where the RFC's reference is absolute, a browser's is relative to a
    // base of the same special scheme.
    let both = compare_with_base("http:evil.com/", "http://good.example/");
    assert_eq!(both.findings()[0].category, Category::SlashCount);
}

/// No finding and no `Debug` shows a password, where the passwords differ
/// too.
#[test]
fn no_finding_shows_a_password() {
    for input in [
        "http://anne:s3cret@0x7f.1/",
        "http:/anne:s3cret@evil.com/",
        "http:\\\\anne:s3cret@evil.com/",
        "http://anne:s3cret@h@evil.com/",
        "http://anne:s3cret@256.0.0.1/",
        "http://anne:s3cret\t@evil.com/",
    ] {
        let both = compare(input);
        assert!(!both.findings().is_empty(), "{input:?}");
        let shown = format!("{both:?} {:?}", both.findings());
        let displayed: Vec<String> = both.findings().iter().map(|f| f.to_string()).collect();
        for text in [shown, displayed.join(" ")] {
            assert!(!text.contains("s3c"), "{input:?}: {text}");
        }
    }
}
