//! A host's normal form: RFC 3986 6.2.2.1 and 6.2.2.2 (RFC 3987
//! 5.3.2.1 for a host outside US-ASCII), with an RFC 6874 zone
//! identifier's case kept.

use super::{lowercase_from, percent, Decode};
use crate::syntax::components::HostKind;

/// Writes `host`, of kind `kind`, to `out` in its normal form; without
/// `escapes` it has no "%".
pub(super) fn write(host: &str, kind: HostKind, decode: Decode, escapes: bool, out: &mut String) {
    match kind {
        HostKind::RegName if !escapes => {
            let start = out.len();
            out.push_str(host);
            // As below, with no escape to step over.
            if host.is_ascii() {
                if let Some(name) = out.get_mut(start..) {
                    name.make_ascii_lowercase();
                }
            }
        }
        HostKind::RegName => {
            let start = out.len();
            percent(host, decode, out);
            // RFC 3987 5.3.2.1: only a US-ASCII-only host is case
            // insensitive (a non-ASCII one is IDNA's to map).
            if out.get(start..).is_some_and(str::is_ascii) {
                lowercase_from(out, start);
            }
        }
        HostKind::Ipv4 => out.push_str(host),
        HostKind::Ipv6 | HostKind::IpvFuture => {
            // An RFC 6874 zone identifier, US-ASCII by its grammar, keeps
            // its case: it names an interface, which a system may tell
            // apart by case. Its unreserved characters are decoded.
            let zone = host.find("%25").unwrap_or(host.len());
            let address = host.get(..zone).unwrap_or(host);
            out.extend(address.chars().map(|c| c.to_ascii_lowercase()));
            percent(
                host.get(zone..).unwrap_or_default(),
                Decode::Unreserved,
                out,
            );
        }
    }
}
