//! XRI's block stage (issue 44): an input of at most 128 bytes
//! classified once into bitmasks ([`xiri_engine::classify_short`], one block of
//! 64 bytes or two, with sets read off the typed automata: derive.rs),
//! its structure then read delimiter to delimiter, each run between two
//! delimiters checked with one `and`.
//!
//! It takes the common shapes and nothing else: characters whose lead
//! byte the sets hold (U+00C0 to U+D7FF in a path: derive.rs), an
//! absolute XRI whose authority is a `gcs-authority` or a cross-reference
//! (`xref-authority`), or a relative one; cross-references whose content
//! is an absolute XRI with a `gcs-authority`, a path, a query and a
//! fragment, "xri://" before it or not, nested up to [`DEPTH`]
//! (`(+word)`, `(=!a1.b2)`, `(@a*b/(=c))`, `(xri://@a/b)`,
//! `(xri://@a/b?id=(1)#f)`), or an IRI without parentheses
//! (`(http://www.example.com/)`, checked by the IRI parse). For those it
//! gives the `XriRef` the walk gives (the tests hold the two to each
//! other); for anything else, refusals included, `None`, and the walk
//! decides from the start, so every refusal's offset and expected names
//! stay the walk's.
//!
//! It lives beside the typed value (src/xri/) rather than in the engine:
//! what it builds is an `XriRef`, and its automata are this crate's.

use super::{has_prefix, looks_absolute, Authority, GlobalContext, XriRef, PREFIX};
use crate::syntax::components::Span;
use std::ops::{BitOr, Not};
use std::sync::LazyLock;

#[cfg(any(test, feature = "internals"))]
mod check;
mod derive;
#[cfg(test)]
mod tests;
mod xref;

#[cfg(feature = "internals")]
pub(crate) use check::check;

/// `xri-pchar`'s bytes but "%" (derived; `xri-pchar-nc` is the same
/// but ":", derive.rs checks, and a `pct-encoded` is read apart).
const PCHAR: usize = 0;
/// `ifragment`'s bytes but "%" (derived), which keep `iquery` too: the
/// query's and the fragment's set (a query with `iprivate` is the
/// walk's).
const QF: usize = 1;
/// "*" and "!", which start a sub-segment (`xri-subseg`).
const SUB: usize = 2;
/// How many sets are classified.
const K: usize = 3;
/// How deep the stage reads cross-references (the walk reads
/// [`crate::MAX_NESTING`]).
const DEPTH: usize = 8;

/// What the stage runs with: the sets' nibble tables and `HEXDIG`
/// (derived), or `None` (every input left to the walk) if they fail
/// their consistency check.
struct Tables {
    sets: [[u8; 32]; K],
    hex: [bool; 256],
}

/// The tables, derived at first use.
static TABLES: LazyLock<Option<Tables>> = LazyLock::new(derive::tables);

/// The tables the stage runs with.
#[cfg(test)]
fn tables() -> Option<&'static Tables> {
    TABLES.as_ref()
}

/// The longest input the stage reads: two blocks.
pub(super) const LONGEST: usize = 2 * xiri_engine::BLOCK;

/// The typed reading of `input` when the stage takes it: exactly what
/// `XriRef::parse` gives by the walk. `None` for the walk to decide.
#[cfg(any(test, feature = "internals"))]
fn reference(input: &str) -> Option<XriRef<'_>> {
    if input.len() <= xiri_engine::BLOCK {
        one_block(input)
    } else {
        two_blocks(input)
    }
}

/// `reference` for an input of at most 64 bytes (`None` for a longer
/// one), with `u64` masks.
#[inline]
pub(super) fn one_block(input: &str) -> Option<XriRef<'_>> {
    let b = input.as_bytes();
    if b.len() > xiri_engine::BLOCK || b.is_empty() {
        return None;
    }
    let tables = TABLES.as_ref()?;
    let mut m = [0u64; K];
    xiri_engine::classify_short(b, &tables.sets, &mut m);
    read(input, &m, &tables.hex)
}

/// `reference` for an input of 65 to 128 bytes (`None` for another),
/// with `u128` masks. `XriRef::parse` calls it out of line, so that the
/// one-block way is compiled as if it were alone (with both ways in one
/// function, an input of one block cost 10 to 50 instructions more: its
/// value was built on the stack and copied).
#[inline]
pub(super) fn two_blocks(input: &str) -> Option<XriRef<'_>> {
    let b = input.as_bytes();
    if b.len() > LONGEST {
        return None;
    }
    let tables = TABLES.as_ref()?;
    let (first, second) = b.split_at_checked(xiri_engine::BLOCK)?;
    let (mut low, mut high) = ([0u64; K], [0u64; K]);
    for (part, m) in [(first, &mut low), (second, &mut high)] {
        xiri_engine::classify_short(part, &tables.sets, m);
    }
    let mut wide = [0u128; K];
    for ((w, lo), hi) in wide.iter_mut().zip(low).zip(high) {
        *w = u128::from(lo) | u128::from(hi) << 64;
    }
    read(input, &wide, &tables.hex)
}

/// One bit a byte of the input: `u64` for one block, `u128` for two.
trait Bits: Copy + BitOr<Output = Self> + Not<Output = Self> {
    /// No byte.
    const NONE: Self;
    /// Whether the bit of place `at` is set (false past the end).
    fn has(self, at: usize) -> bool;
    /// The first place from `at` whose bit is clear (`at` itself past
    /// the end).
    fn first_clear(self, at: usize) -> usize;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const NONE: Self = 0;
            #[inline(always)]
            fn has(self, at: usize) -> bool {
                self.checked_shr(at as u32).is_some_and(|m| m & 1 != 0)
            }
            #[inline(always)]
            fn first_clear(self, at: usize) -> usize {
                (!self)
                    .checked_shr(at as u32)
                    .map_or(at, |m| at + m.trailing_zeros() as usize)
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// `reference` with the masks given (the tests give them classified a
/// byte at a time, to hold the vector ways to it).
#[inline]
fn read<'a, M: Bits>(input: &'a str, masks: &[M; K], hex: &[bool; 256]) -> Option<XriRef<'a>> {
    let block = Block {
        s: input,
        b: input.as_bytes(),
        m: masks,
        hex,
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
/// `i` is in set `k`; bits past the input in no set. The masks are read
/// where the classification stored them: a copy of them, 16 bytes at a
/// time right after its 8-byte stores, waited for the stores (about a
/// sixth of the stage's time samples, docs/PERFORMANCE.md).
struct Block<'a, M> {
    /// The input, for the pieces read by another parse.
    s: &'a str,
    b: &'a [u8],
    m: &'a [M; K],
    hex: &'a [bool; 256],
}

impl<M: Bits> Block<'_, M> {
    #[inline(always)]
    fn byte(&self, at: usize) -> Option<u8> {
        self.b.get(at).copied()
    }

    #[inline(always)]
    fn mask(&self, k: usize) -> M {
        self.m.get(k).copied().unwrap_or(M::NONE)
    }

    /// Whether byte `at` is in `mask`.
    #[inline(always)]
    fn has(mask: M, at: usize) -> bool {
        mask.has(at)
    }

    /// The first place from `at` whose byte is not in `ok`, or the end.
    #[inline(always)]
    fn first_not(&self, ok: M, at: usize) -> usize {
        ok.first_clear(at).min(self.b.len())
    }

    /// The first place from `at` whose byte is not in `ok` and does not
    /// start a `pct-encoded = "%" HEXDIG HEXDIG` (which keeps the state of
    /// every set: derive.rs), or the end.
    #[inline(always)]
    fn run_end(&self, ok: M, mut at: usize) -> usize {
        loop {
            let end = self.first_not(ok, at);
            if self.byte(end) != Some(b'%') || !self.hex(end + 1) || !self.hex(end + 2) {
                return end;
            }
            at = end + 3;
        }
    }

    #[inline(always)]
    fn hex(&self, at: usize) -> bool {
        self.byte(at)
            .is_some_and(|b| self.hex.get(usize::from(b)).copied().unwrap_or(false))
    }

    /// The end of the `xri-segment` from `at` whose pchars are `pchar`'s,
    /// at its first byte that continues no sub-segment:
    /// `xri-segment = xri-subseg-od *xri-subseg`,
    /// `xri-subseg-od = [ "*" / "!" ] (xref / *xri-pchar)`,
    /// `xri-subseg = ( "*" / "!" ) (xref / *xri-pchar)`
    /// (grammar/xri.abnf): pchars, "*" and "!" in any order, and a
    /// cross-reference at the segment's start or just after a "*" or "!",
    /// followed by a "*", a "!" or the segment's end. `None` on a
    /// cross-reference elsewhere, or one the stage does not read; `depth`
    /// is how many more cross-references deep it reads.
    #[inline(always)]
    fn segment(&self, start: usize, pchar: M, depth: usize) -> Option<usize> {
        let ok = pchar | self.mask(SUB);
        let mut at = start;
        loop {
            at = self.run_end(ok, at);
            if self.byte(at) != Some(b'(') {
                return Some(at);
            }
            if at != start && !Self::has(self.mask(SUB), at.wrapping_sub(1)) {
                return None;
            }
            at = self.xref(at, depth)?;
            if Self::has(pchar, at) || self.byte(at) == Some(b'%') {
                return None;
            }
        }
    }

    /// From the path's start `at`: the path's end, the query and the
    /// fragment of `xri-path-abempty [ "?" iquery ] [ "#" ifragment ]`
    /// (`xri-path-abempty = *( "/" xri-segment )`), which must reach the
    /// input's end.
    #[inline(always)]
    fn after_authority(&self, mut at: usize) -> Option<(usize, Option<Span>, Option<Span>)> {
        while self.byte(at) == Some(b'/') {
            at = self.segment(at + 1, self.mask(PCHAR), DEPTH)?;
        }
        let path_end = at;
        let mut query = None;
        if self.byte(at) == Some(b'?') {
            let end = self.run_end(self.mask(QF), at + 1);
            query = Some(span(at + 1, end));
            at = end;
        }
        let mut fragment = None;
        if self.byte(at) == Some(b'#') {
            let end = self.run_end(self.mask(QF), at + 1);
            fragment = Some(span(at + 1, end));
            at = end;
        }
        (at == self.b.len()).then_some((path_end, query, fragment))
    }

    /// An absolute XRI (the policy: it starts with "xri://", a symbol,
    /// "!!" or "("), taken when its authority is an `xref-authority`
    /// ([`Block::xref_authority`]) or a `gcs-authority`:
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
        if first == b'(' {
            return self.xref_authority(input, prefix, start);
        }
        let symbol = GlobalContext::from_byte(first)?;
        if first == b'!'
            && (self.byte(start + 1) != Some(b'!')
                || !(Self::has(self.mask(PCHAR), start + 2)
                    || matches!(self.byte(start + 2), Some(b'(' | b'%'))))
        {
            return None;
        }
        let end = self.segment(start + 1, self.mask(PCHAR), DEPTH)?;
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

    /// An absolute XRI whose authority, from `start`, is an
    /// `xref-authority = xref *xri-subseg` with
    /// `xri-subseg = ( "*" / "!" ) (xref / *xri-pchar)`: the reading
    /// `typed-XRI-reference` takes whenever such an authority ends where
    /// the rest can follow (docs/DECISIONS.md, "Text made from
    /// components"); a byte after the cross-reference that starts no
    /// sub-segment, and a rest that does not follow, are the walk's.
    #[inline(always)]
    fn xref_authority<'a>(&self, input: &'a str, prefix: bool, start: usize) -> Option<XriRef<'a>> {
        let xref_end = self.xref(start, DEPTH)?;
        let end = if Self::has(self.mask(SUB), xref_end) {
            self.segment(xref_end, self.mask(PCHAR), DEPTH)?
        } else {
            xref_end
        };
        let (path_end, query, fragment) = self.after_authority(end)?;
        Some(XriRef {
            text: input,
            prefix,
            authority: Some(Authority::CrossReference {
                span: span(start, end),
                xref_end,
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
            if Self::has(pchar, c) || matches!(self.byte(c), Some(b'(' | b'%')) {
                self.segment(1, pchar, DEPTH)?
            } else if c == 1 && matches!(self.byte(1), None | Some(b'?' | b'#')) {
                1
            } else {
                return None;
            }
        } else {
            // xri-path-noscheme = xri-subseg-od-nx *xri-subseg-nc *( "/" xri-segment )
            // xri-subseg-od-nx = [ "*" / "!" ] 1*xri-pchar-nc
            // xri-subseg-nc = ( "*" / "!" ) ( xref / *xri-pchar-nc )
            // (`xri-pchar-nc` is `xri-pchar` but ":": a ":" anywhere in the
            // first segment, even inside a cross-reference, is the walk's.)
            let c = usize::from(Self::has(self.mask(SUB), 0));
            if !(Self::has(pchar, c) || self.byte(c) == Some(b'%')) || self.byte(c) == Some(b':') {
                return None;
            }
            let end = self.segment(0, pchar, DEPTH)?;
            if self.b.get(..end)?.contains(&b':') {
                return None;
            }
            end
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
