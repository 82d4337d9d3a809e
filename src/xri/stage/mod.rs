//! XRI's block stage (issue 44): an input of at most 64 bytes classified
//! once into bitmasks ([`xiri_engine::classify`], with sets read off the
//! typed automata: derive.rs), its structure then read delimiter to
//! delimiter, each run between two delimiters checked with one `and`.
//!
//! It takes the common shapes and nothing else: characters whose lead
//! byte the sets hold (U+00C0 to U+D7FF in a path: derive.rs), an
//! absolute XRI whose authority is a `gcs-authority` or a relative one,
//! and cross-references whose content is a symbol and sub-segments with
//! no cross-reference (`(+word)`, `(=!a1.b2)`, `(@a*b)`). For those it
//! gives the `XriRef` the walk gives (the tests hold the two to each
//! other); for anything else, refusals included, `None`, and the walk
//! decides from the start, so every refusal's offset and expected names
//! stay the walk's.
//!
//! It lives beside the typed value (src/xri/) rather than in the engine:
//! what it builds is an `XriRef`, and its automata are this crate's.

use super::{has_prefix, looks_absolute, Authority, GlobalContext, XriRef, PREFIX};
use crate::syntax::components::Span;
use std::sync::LazyLock;

#[cfg(any(test, feature = "internals"))]
mod check;
mod derive;
#[cfg(test)]
mod tests;

#[cfg(feature = "internals")]
pub(crate) use check::check;

/// `xri-pchar`'s bytes but "%" (derived; a `pct-encoded`'s "%"
/// is put in by [`read`]).
const PCHAR: usize = 0;
/// `xri-pchar-nc`'s (derived, as are the two below).
const NC: usize = 1;
/// `iquery`'s (derived).
const QUERY: usize = 2;
/// `ifragment`'s (derived).
const FRAGMENT: usize = 3;
/// `HEXDIG`: what may follow a "%" in `pct-encoded` (derived).
const HEX: usize = 4;
/// "*" and "!", which start a sub-segment (`xri-subseg`).
const SUB: usize = 5;
/// "%", which starts `pct-encoded = "%" HEXDIG HEXDIG`.
const PCT: usize = 6;
/// How many sets.
const K: usize = 7;

/// The sets' nibble tables, derived at first use; `None` (every input
/// left to the walk) if they fail their consistency check.
static TABLES: LazyLock<Option<[[u8; 32]; K]>> = LazyLock::new(derive::tables);

/// The tables the stage runs with.
#[cfg(test)]
fn tables() -> Option<&'static [[u8; 32]; K]> {
    TABLES.as_ref()
}

/// The typed reading of `input` when the stage takes it: exactly what
/// `XriRef::parse` gives by the walk. `None` for the walk to decide.
#[inline]
pub(super) fn reference(input: &str) -> Option<XriRef<'_>> {
    let b = input.as_bytes();
    if b.len() > xiri_engine::BLOCK || b.is_empty() {
        return None;
    }
    let tables = TABLES.as_ref()?;
    let mut m = [0u64; K];
    xiri_engine::classify(b, 0, tables, &mut m);
    read(input, &m)
}

/// [`reference`] with the masks given (the tests give them classified a
/// byte at a time, to hold the vector ways to it).
#[inline]
fn read<'a>(input: &'a str, masks: &[u64; K]) -> Option<XriRef<'a>> {
    let mut m = *masks;
    // A "%" followed by two hex digits is a `pct-encoded` (the digits are
    // in every derived set): it goes with the bytes of each set.
    let pct = m[PCT] & (m[HEX] >> 1) & (m[HEX] >> 2);
    for set in m.iter_mut().take(FRAGMENT + 1) {
        *set |= pct;
    }
    let block = Block {
        b: input.as_bytes(),
        m,
    };
    if looks_absolute(input) {
        block.absolute(input)
    } else {
        block.relative(input)
    }
}

fn span(start: usize, end: usize) -> Span {
    Span { start, end }
}

/// The input's bytes and their masks: bit `i` of `m[k]` set when byte
/// `i` is in set `k`; bits past the input in no set.
struct Block<'a> {
    b: &'a [u8],
    m: [u64; K],
}

impl Block<'_> {
    #[inline(always)]
    fn byte(&self, at: usize) -> Option<u8> {
        self.b.get(at).copied()
    }

    #[inline(always)]
    fn mask(&self, k: usize) -> u64 {
        self.m.get(k).copied().unwrap_or(0)
    }

    /// Whether byte `at` is in `mask`.
    #[inline(always)]
    fn has(mask: u64, at: usize) -> bool {
        mask.checked_shr(at as u32).is_some_and(|m| m & 1 != 0)
    }

    /// The first place from `at` whose byte is not in `ok`, or the end.
    #[inline(always)]
    fn first_not(&self, ok: u64, at: usize) -> usize {
        let past = (!ok)
            .checked_shr(at as u32)
            .map_or(64, |m| at + m.trailing_zeros() as usize);
        past.min(self.b.len())
    }

    /// The end of the `xri-segment` from `at` whose pchars are `pchar`'s,
    /// at its first byte that continues no sub-segment:
    /// `xri-segment = xri-subseg-od *xri-subseg`,
    /// `xri-subseg-od = [ "*" / "!" ] (xref / *xri-pchar)`,
    /// `xri-subseg = ( "*" / "!" ) (xref / *xri-pchar)`
    /// (grammar/xri.abnf): pchars, "*" and "!" in any order, and a
    /// cross-reference at the segment's start or just after a "*" or "!",
    /// followed by a "*", a "!" or the segment's end. `None` on a
    /// cross-reference elsewhere, or one the stage does not read.
    #[inline(always)]
    fn segment(&self, start: usize, pchar: u64) -> Option<usize> {
        let ok = pchar | self.mask(SUB);
        let mut at = start;
        loop {
            at = self.first_not(ok, at);
            if self.byte(at) != Some(b'(') {
                return Some(at);
            }
            if at != start && !Self::has(self.mask(SUB), at.wrapping_sub(1)) {
                return None;
            }
            at = self.xref(at)?;
            if Self::has(pchar, at) {
                return None;
            }
        }
    }

    /// The end of the cross-reference at `at` (its ")" and one), for the
    /// one shape read here: `xref = "(" ( typed-XRI-x / ... ) ")"`
    /// (grammar/xri-typed.abnf) whose content is a `gcs-XRI-x` made of an
    /// `rgcs-authority = rgcs-char xri-segment` with no cross-reference
    /// in it: a symbol, then pchars, "*" and "!". `None` otherwise.
    #[inline(always)]
    fn xref(&self, at: usize) -> Option<usize> {
        if !matches!(self.byte(at + 1), Some(b'=' | b'@' | b'+' | b'$')) {
            return None;
        }
        let end = self.first_not(self.mask(PCHAR) | self.mask(SUB), at + 2);
        (self.byte(end) == Some(b')')).then_some(end + 1)
    }

    /// From the path's start `at`: the path's end, the query and the
    /// fragment of `xri-path-abempty [ "?" iquery ] [ "#" ifragment ]`
    /// (`xri-path-abempty = *( "/" xri-segment )`), which must reach the
    /// input's end.
    #[inline(always)]
    fn after_authority(&self, mut at: usize) -> Option<(usize, Option<Span>, Option<Span>)> {
        while self.byte(at) == Some(b'/') {
            at = self.segment(at + 1, self.mask(PCHAR))?;
        }
        let path_end = at;
        let mut query = None;
        if self.byte(at) == Some(b'?') {
            let end = self.first_not(self.mask(QUERY), at + 1);
            query = Some(span(at + 1, end));
            at = end;
        }
        let mut fragment = None;
        if self.byte(at) == Some(b'#') {
            let end = self.first_not(self.mask(FRAGMENT), at + 1);
            fragment = Some(span(at + 1, end));
            at = end;
        }
        (at == self.b.len()).then_some((path_end, query, fragment))
    }

    /// An absolute XRI (the policy: it starts with "xri://", a symbol,
    /// "!!" or "("), taken when its authority is a `gcs-authority`:
    /// `rgcs-authority = rgcs-char xri-segment`, or
    /// `pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg` with
    /// `xri-subseg-pt-nz = "!" (xref / 1*xri-pchar)`. Its XRI reading is
    /// then the one `typed-XRI-reference` takes (src/xri/split.rs,
    /// `xri_reading`): the authority ends at the first "/", "?" or "#",
    /// none being inside the cross-references read here.
    #[inline(always)]
    fn absolute<'a>(&self, input: &'a str) -> Option<XriRef<'a>> {
        let prefix = has_prefix(input);
        let start = if prefix { PREFIX.len() } else { 0 };
        let first = self.byte(start)?;
        let symbol = GlobalContext::from_byte(first)?;
        if first == b'!'
            && (self.byte(start + 1) != Some(b'!')
                || !(Self::has(self.mask(PCHAR), start + 2) || self.byte(start + 2) == Some(b'(')))
        {
            return None;
        }
        let end = self.segment(start + 1, self.mask(PCHAR))?;
        let (path_end, query, fragment) = self.after_authority(end)?;
        Some(XriRef {
            text: input,
            prefix,
            authority: Some(Authority::Global {
                span: span(start, end),
                symbol,
            }),
            path: span(end, path_end),
            query,
            fragment,
        })
    }

    /// A relative reference, `relative-XRI-part [ "?" iquery ] [ "#"
    /// ifragment ]` with `relative-XRI-part = xri-path-absolute /
    /// xri-path-noscheme / ipath-empty` (the empty input is the walk's).
    #[inline(always)]
    fn relative<'a>(&self, input: &'a str) -> Option<XriRef<'a>> {
        let pchar = self.mask(PCHAR);
        let end = if matches!(self.byte(0), Some(b'?' | b'#')) {
            // ipath-empty = 0<ipchar>
            0
        } else if self.byte(0) == Some(b'/') {
            // xri-path-absolute = "/" [ xri-segment-nz *( "/" xri-segment ) ]
            // xri-segment-nz = xri-subseg-od-nz *xri-subseg
            // xri-subseg-od-nz = [ "*" / "!" ] ( xref / 1*xri-pchar )
            let c = if Self::has(self.mask(SUB), 1) { 2 } else { 1 };
            if Self::has(pchar, c) || self.byte(c) == Some(b'(') {
                self.segment(1, pchar)?
            } else if c == 1 && matches!(self.byte(1), None | Some(b'?' | b'#')) {
                1
            } else {
                return None;
            }
        } else {
            // xri-path-noscheme = xri-subseg-od-nx *xri-subseg-nc *( "/" xri-segment )
            // xri-subseg-od-nx = [ "*" / "!" ] 1*xri-pchar-nc
            // xri-subseg-nc = ( "*" / "!" ) ( xref / *xri-pchar-nc )
            let c = usize::from(Self::has(self.mask(SUB), 0));
            if !Self::has(self.mask(NC), c) {
                return None;
            }
            self.segment(0, self.mask(NC))?
        };
        let (path_end, query, fragment) = self.after_authority(end)?;
        Some(XriRef {
            text: input,
            prefix: false,
            authority: None,
            path: span(0, path_end),
            query,
            fragment,
        })
    }
}
