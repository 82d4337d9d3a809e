//! The two readings compared part by part, and each difference sorted
//! into its category by what in the input makes it.

use super::finding::{Category, Finding, Part};
use super::reading::{Host, Reading};

/// The findings of two readings that both accept `input`.
pub(super) fn differences(input: &str, rfc: &Reading, browser: &Reading) -> Vec<Finding> {
    let mut found = Vec::new();
    let mut add = |category, part, rfc: String, browser: String| {
        found.push(Finding {
            category,
            part,
            rfc,
            browser,
        });
    };
    if rfc.scheme != browser.scheme {
        add(
            Category::Other,
            Part::Scheme,
            format!("{:?}", rfc.scheme),
            format!("{:?}", browser.scheme),
        );
    }
    if !same_host(rfc.host.as_ref(), browser.host.as_ref()) {
        add(
            host_category(input, rfc.host.as_ref(), browser.host.as_ref()),
            Part::Host,
            describe(rfc.host.as_ref()),
            describe(browser.host.as_ref()),
        );
    }
    // The user information and port are compared where both have a host:
    // where one has none, the host finding says all.
    if rfc.host.is_some() && browser.host.is_some() {
        let category = input_category(input, browser).unwrap_or(Category::Other);
        if rfc.user != browser.user {
            add(
                category,
                Part::User,
                format!("{:?}", rfc.user()),
                format!("{:?}", browser.user()),
            );
        }
        if rfc.password != browser.password {
            let shown = |r: &Reading| if r.has_password() { "****" } else { "none" };
            add(
                category,
                Part::Password,
                shown(rfc).into(),
                shown(browser).into(),
            );
        }
        if rfc.port != browser.port {
            let shown = |p: Option<u32>| p.map_or("none".into(), |p| p.to_string());
            add(category, Part::Port, shown(rfc.port), shown(browser.port));
        }
    }
    found
}

/// What a finding says of a host, or of none.
pub(super) fn describe(host: Option<&Host>) -> String {
    host.map_or_else(|| "no host".into(), ToString::to_string)
}

/// Whether the two sides' hosts are the same once each is in its own
/// normal form: a registered name is the browser's domain when the domain
/// is it, or is its ASCII form (UTS #46 ToUnicode of the domain gives the
/// name back: the mapping did no more than the name's own case and NFC);
/// against an opaque host, the texts are compared without ASCII case, the
/// name's non-ASCII characters percent-encoded as the browser encodes them.
pub(super) fn same_host(rfc: Option<&Host>, browser: Option<&Host>) -> bool {
    match (rfc, browser) {
        (None, None) => true,
        (Some(Host::Name(name)), Some(Host::Domain(domain))) => {
            name == domain || (domain_has_ace(domain) && idna::domain_to_unicode(domain).0 == *name)
        }
        (Some(Host::Ipv4(a)), Some(Host::Ipv4(b))) => a == b,
        (Some(Host::Ipv6(a)), Some(Host::Ipv6(b))) => a == b,
        (Some(Host::Name(name)), Some(Host::Opaque(opaque))) => {
            encoded_lowercase(name) == opaque.to_ascii_lowercase()
        }
        (Some(Host::Ipv4(a)), Some(Host::Opaque(opaque))) => a.to_string() == *opaque,
        _ => false,
    }
}

/// Whether a domain has a Punycode label.
fn domain_has_ace(domain: &str) -> bool {
    domain.split('.').any(|label| label.starts_with("xn--"))
}

/// `name` ASCII-lowercase, its non-ASCII characters percent-encoded as
/// UTF-8 (lowercase hex, as the comparison is without case).
fn encoded_lowercase(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02x}"));
            }
        }
    }
    out
}

/// Why two hosts differ, from what the RFC side's host is written with.
fn host_category(input: &str, rfc: Option<&Host>, browser: Option<&Host>) -> Category {
    let (Some(rfc), Some(browser)) = (rfc, browser) else {
        return if input.contains('\\') {
            Category::Backslash
        } else {
            Category::SlashCount
        };
    };
    let numeric = matches!(browser, Host::Ipv4(_));
    match rfc {
        Host::Name(name) if name.contains('%') => Category::PercentEncodedHost,
        Host::Name(name) if !name.is_ascii() => Category::MappedLookalike,
        Host::Name(name) if numeric && name.ends_with('.') => Category::TrailingDot,
        Host::Name(_) if numeric => Category::NumericHost,
        Host::Ipv6(_) if matches!(browser, Host::Ipv6(_)) => Category::Ipv6Form,
        _ => Category::Other,
    }
}

/// The category an input's own shape gives a difference: what a browser
/// strips, an "@" it read into the user information, a backslash.
pub(super) fn input_category(input: &str, browser: &Reading) -> Option<Category> {
    let stripped = |c: char| c <= ' ';
    if input.contains(['\t', '\n', '\r'])
        || input.starts_with(stripped)
        || input.ends_with(stripped)
    {
        Some(Category::StrippedWhitespace)
    } else if browser.user.contains(&b'@') || browser.password.contains(&b'@') {
        Some(Category::MultipleAt)
    } else if input.contains('\\') {
        Some(Category::Backslash)
    } else {
        None
    }
}
