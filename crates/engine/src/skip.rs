//! The skip: the run of bytes an accelerated state loops on, read
//! through its skip table (eight bytes at a time, then sixteen with SIMD
//! once the run is long), for the table loop (walk.rs).

use crate::automaton::Automaton;
use crate::tables::SKIP_PCT;

/// Whether each byte is a hexadecimal digit.
// A byte indexes a 256-entry array: never out of bounds.
#[allow(clippy::indexing_slicing)]
static HEX: [bool; 256] = {
    let mut t = [false; 256];
    let mut b: u8 = 0;
    loop {
        t[b as usize] = b.is_ascii_hexdigit();
        if b == u8::MAX {
            break;
        }
        b += 1;
    }
    t
};

/// How many bytes ahead a group's table must skip for a run to be
/// skipped with it (crates/engine/src/walk.rs, `walk`).
pub(super) const AHEAD: usize = 2;

/// The offset of the last unit a skip stepped over in `bytes[from..to]`
/// (`from < to`, both at a character's first byte): a character, a byte,
/// or a `%XX`. An earlier unit's offset would do as well for a group (the
/// units from it on, stepped again, lead where the run did); a byte
/// inside a unit would not.
pub(super) fn last_unit(bytes: &[u8], from: usize, to: usize) -> usize {
    let continuation = |k: usize| bytes.get(k).is_some_and(|b| (0x80..0xC0).contains(b));
    let mut k = to.saturating_sub(1);
    if continuation(k) {
        while k > from && continuation(k) {
            k -= 1;
        }
        return k;
    }
    // "%" is never inside a unit: where it is, one starts.
    match to.checked_sub(3) {
        Some(p) if p >= from && bytes.get(p) == Some(&b'%') => p,
        _ => k,
    }
}

impl Automaton {
    /// Skips from byte `i` what skip table `table` (numbered from 1; 0 for
    /// none) says keeps the state; the offset after.
    // As in `walk`, only 256-entry arrays indexed by a byte.
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    pub(super) fn skip(&self, bytes: &[u8], mut i: usize, table: usize) -> usize {
        let from = table.wrapping_sub(1).wrapping_mul(256);
        let Some(skip): Option<&[u8; 256]> = self
            .skips
            .get(from..from.wrapping_add(256))
            .and_then(|t| t.try_into().ok())
        else {
            return i;
        };
        let simd = |i: usize| self.long_run(bytes, i, from / 8);
        loop {
            // Eight bytes at a time while every one keeps the state: the
            // loads do not wait on each other. Past sixteen, the run is a
            // long one: sixteen at a time with SIMD where the processor has
            // it (crates/engine/src/simd.rs; a call too many for a short run).
            let mut batches = 0;
            while let Some(chunk) = bytes.get(i..i + 8) {
                let all = chunk
                    .iter()
                    .fold(true, |all, &b| all & (skip[usize::from(b)] == 1));
                if !all {
                    break;
                }
                i += 8;
                batches += 1;
                if batches == 2 {
                    i = simd(i);
                }
            }
            // Then a byte at a time, back to eight at a time after eight
            // plain bytes in a row or a "%XX" (a long run goes on), so a short run
            // costs one batched look, not one per byte. Each step adds a
            // constant under a branch rather than the table's value, so the
            // next byte's load does not wait for this one's.
            let mut plain = 0;
            let mut wide = 0;
            loop {
                let Some(&b) = bytes.get(i) else {
                    return i;
                };
                match skip[usize::from(b)] {
                    1 => {
                        i += 1;
                        plain += 1;
                        if plain == 8 {
                            break;
                        }
                        continue;
                    }
                    SKIP_PCT => {
                        let hex = |k: usize| bytes.get(k).is_some_and(|&h| HEX[usize::from(h)]);
                        if !(hex(i + 1) && hex(i + 2)) {
                            return i;
                        }
                        i += 3;
                        // A "%XX" is most often within a run of plain bytes.
                        break;
                    }
                    n @ 2..=4 => {
                        i += match n {
                            2 => 2,
                            3 => 3,
                            _ => 4,
                        };
                        // Wide characters: after eight in a row, sixteen
                        // bytes at a time.
                        wide += 1;
                        if wide == 8 {
                            i = simd(i);
                            wide = 0;
                        }
                    }
                    _ => return i,
                }
                plain = 0;
            }
        }
    }

    /// Whether skip table `table` (numbered from 1) skips the [`AHEAD`]
    /// bytes from `i`, all there.
    // As in `walk`, only 256-entry arrays indexed by a byte.
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    pub(super) fn skips_ahead(&self, bytes: &[u8], i: usize, table: usize) -> bool {
        let from = table.wrapping_sub(1).wrapping_mul(256);
        let skip: Option<&[u8; 256]> = self
            .skips
            .get(from..from.wrapping_add(256))
            .and_then(|t| t.try_into().ok());
        match (skip, bytes.get(i..i + AHEAD)) {
            (Some(skip), Some(ahead)) => ahead
                .iter()
                .fold(true, |all, &b| all & (skip[usize::from(b)] != 0)),
            _ => false,
        }
    }

    /// A long run from byte `i`, sixteen bytes at a time where the
    /// processor can (crates/engine/src/simd.rs), through the skip table whose
    /// masks start at `masks`; out of the skip loop's way, which short
    /// runs take.
    #[inline(never)]
    fn long_run(&self, bytes: &[u8], i: usize, masks: usize) -> usize {
        let masks: Option<&[u8; 32]> = self
            .skip_masks
            .get(masks..masks + 32)
            .and_then(|m| m.try_into().ok());
        masks.map_or(i, |masks| super::simd::plain_run(bytes, i, masks))
    }
}
