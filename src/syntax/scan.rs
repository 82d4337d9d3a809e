//! What is left of the hand-written fast path: the class tables `build.rs`
//! derives from the ABNF (`build/scan_tables.rs`) and the [`Scanner`] that
//! src/xri/fast.rs reads XRI components with. URI, IRI, IRI-bis and LEIRI
//! references are decided by the engine (src/engine/) and split by
//! src/syntax/split.rs; the XRI typed tree is next (issue 13), and this
//! file goes with it.

// The hot loops index the input at positions the same loop has just
// bounded (and the class tables by a byte); `get` there costs measurably.
// The fuzz target and tests/fast_path.rs run them on hostile input, and
// the generated engine of issue 13 replaces this file.
#![allow(clippy::indexing_slicing)]

use crate::engine::builtin;
use crate::syntax::components::{AuthoritySpans, Span};
use crate::syntax::grammar::Grammar;
use crate::HostKind;

/// A grammar's classes: for each byte the bits of the classes holding it
/// (none for bytes from 0x80 up); for each class (in bit order) its ranges beyond ASCII; the
/// bits of the classes that allow `pct-encoded`.
pub(crate) struct Tables {
    ascii: [u16; 256],
    pct: u16,
    beyond: &'static [&'static [(u32, u32)]],
}

mod tables {
    use super::Tables;
    include!(concat!(env!("OUT_DIR"), "/scan_tables.rs"));
}

use tables::{DIGIT, HEXDIG};
pub(crate) use tables::{FRAGMENT, QUERY, REG_NAME, USERINFO, XRI_PCHAR, XRI_PCHAR_NC};

/// A grammar's tables.
fn tables(grammar: Grammar) -> &'static Tables {
    match grammar {
        Grammar::Uri => &tables::URI,
        Grammar::Iri => &tables::IRI,
        Grammar::IriBis => &tables::IRI_BIS,
        Grammar::Leiri => &tables::LEIRI,
        Grammar::Xri => &tables::XRI,
    }
}

/// Reads components of an XRI (src/xri/fast.rs) on a grammar's classes.
pub(crate) struct Scanner<'a> {
    /// The input's bytes: valid UTF-8.
    b: &'a [u8],
    grammar: Grammar,
    t: &'static Tables,
}

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

fn find(b: &[u8], from: usize, to: usize, byte: u8) -> Option<usize> {
    b[from..to]
        .iter()
        .position(|&x| x == byte)
        .map(|i| from + i)
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(grammar: Grammar, input: &'a str) -> Self {
        Scanner {
            b: input.as_bytes(),
            grammar,
            t: tables(grammar),
        }
    }

    /// `[ userinfo "@" ] host [ ":" port ]` over `start..end`.
    pub(crate) fn authority(&self, start: usize, end: usize) -> Option<AuthoritySpans> {
        let (userinfo, host_start) = match find(self.b, start, end, b'@') {
            Some(at) => {
                let userinfo = span(start, at);
                self.all(userinfo, USERINFO).then_some(())?;
                (Some(userinfo), at + 1)
            }
            None => (None, start),
        };
        let (host, host_kind) = if self.b.get(host_start) == Some(&b'[') && host_start < end {
            let close = find(self.b, host_start, end, b']')?;
            let host = span(host_start, close + 1);
            let literal = std::str::from_utf8(&self.b[host.start..host.end]).unwrap_or_default();
            if !builtin::ip_literal(self.grammar).matches(literal) {
                return None;
            }
            let kind = if matches!(self.b[host_start + 1], b'v' | b'V') {
                HostKind::IpvFuture
            } else {
                HostKind::Ipv6
            };
            (host, kind)
        } else {
            let host = span(
                host_start,
                find(self.b, host_start, end, b':').unwrap_or(end),
            );
            let text = std::str::from_utf8(&self.b[host.start..host.end]).unwrap_or_default();
            if builtin::ipv4(self.grammar).matches(text) {
                (host, HostKind::Ipv4)
            } else if self.all(host, REG_NAME) {
                (host, HostKind::RegName)
            } else {
                return None;
            }
        };
        let port = if host.end == end {
            None
        } else if self.b[host.end] == b':' {
            let port = span(host.end + 1, end);
            if !self.all(port, DIGIT) {
                return None;
            }
            Some(port)
        } else {
            return None;
        };
        Some(AuthoritySpans {
            whole: span(start, end),
            userinfo,
            host,
            host_kind,
            port,
        })
    }

    /// Advances from `from` over characters of `class` (any of its bits;
    /// and pct-encoded triplets where the class allows them) to the first
    /// that is not; `None` for a "%" not followed by two HEXDIG there.
    pub(crate) fn run(&self, from: usize, class: u16) -> Option<usize> {
        self.run_to(from, self.b.len(), class)
    }

    /// [`run`](Self::run), stopping at `to` at the latest.
    fn run_to(&self, from: usize, to: usize, class: u16) -> Option<usize> {
        let bytes = &self.b[..to];
        let table = &self.t.ascii;
        let mut i = from;
        while i < bytes.len() {
            let b = bytes[i];
            if table[usize::from(b)] & class != 0 {
                i += 1;
            } else if b == b'%' {
                if self.t.pct & class == 0 {
                    break;
                }
                let hex = |k: usize| {
                    bytes
                        .get(k)
                        .is_some_and(|&h| table[usize::from(h)] & HEXDIG != 0)
                };
                if !(hex(i + 1) && hex(i + 2)) {
                    return None;
                }
                i += 3;
            } else if b >= 128 {
                let (c, n) = decode(bytes, i);
                if !self.beyond(c, class) {
                    break;
                }
                i += n;
            } else {
                break;
            }
        }
        Some(i)
    }

    /// Whether all of `s` is characters of `class` (see [`run`](Self::run)).
    fn all(&self, s: Span, class: u16) -> bool {
        self.run_to(s.start, s.end, class) == Some(s.end)
    }

    /// Whether `c`, beyond ASCII, is in `class` (its lowest bit: the
    /// classes combined with it hold no characters beyond ASCII): its
    /// ranges are few and sorted, and most text falls in the first ones.
    fn beyond(&self, c: u32, class: u16) -> bool {
        for &(lo, hi) in self.t.beyond[class.trailing_zeros() as usize] {
            if c < lo {
                return false;
            }
            if c <= hi {
                return true;
            }
        }
        false
    }
}

/// The character starting at `i` of valid UTF-8 (a `&str`'s bytes) and its
/// length.
fn decode(b: &[u8], i: usize) -> (u32, usize) {
    let cont = |k: usize| u32::from(b.get(i + k).copied().unwrap_or(0) & 0x3F);
    let lead = u32::from(b[i]);
    if lead < 0xE0 {
        (((lead & 0x1F) << 6) | cont(1), 2)
    } else if lead < 0xF0 {
        (((lead & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (
            ((lead & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
            4,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each class table, derived from the ABNF by build.rs, against the
    /// pest rule it comes from, on every ASCII character and on both sides
    /// of every range beyond ASCII (of every grammar's classes).
    #[test]
    fn classes_agree_with_the_pest_rules() {
        let grammars = [
            Grammar::Uri,
            Grammar::Iri,
            Grammar::IriBis,
            Grammar::Leiri,
            Grammar::Xri,
        ];
        let mut probes: Vec<u32> = (0..128).collect();
        for g in grammars {
            for ranges in tables(g).beyond {
                for &(lo, hi) in *ranges {
                    probes.extend([lo - 1, lo, hi, hi + 1]);
                }
            }
        }
        let probes: Vec<char> = probes.into_iter().filter_map(char::from_u32).collect();
        for g in grammars {
            let t = tables(g);
            let prefixed = g != Grammar::Uri;
            let i = |name: &str| {
                if prefixed {
                    format!("i{name}")
                } else {
                    name.to_string()
                }
            };
            // (class, rule, text around the character)
            let mut checks: Vec<(u16, String, &str)> = vec![
                (USERINFO, i("userinfo"), "{}"),
                (REG_NAME, i("reg-name"), "{}"),
                (QUERY, i("query"), "{}"),
                (FRAGMENT, i("fragment"), "{}"),
                (DIGIT, "DIGIT".into(), "{}"),
                (HEXDIG, "HEXDIG".into(), "{}"),
            ];
            if g == Grammar::Xri {
                // XRI's own classes.
                checks.push((XRI_PCHAR, "xri-pchar".into(), "{}"));
                checks.push((XRI_PCHAR_NC, "xri-pchar-nc".into(), "{}"));
            }
            for (class, rule, shape) in checks {
                let pest = g.rule(&rule).unwrap_or_else(|| panic!("{g} {rule}"));
                for &c in &probes {
                    let fast = if (c as u32) < 128 {
                        t.ascii[c as usize] & class != 0
                    } else {
                        Scanner {
                            b: b"",
                            grammar: g,
                            t,
                        }
                        .beyond(c as u32, class)
                    };
                    let text = shape.replace("{}", &c.to_string());
                    assert_eq!(fast, pest.check(&text).is_ok(), "{g} {rule} {c:?}");
                }
            }
        }
    }
}
