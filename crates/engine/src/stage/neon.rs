//! The stage with NEON, on aarch64, where NEON is the baseline (no
//! detection at run time): with `simd.rs` (x86-64), the only `unsafe` of
//! the stage, the call into the functions that enable NEON (its loads
//! are `crate::simd::neon`'s). A block is four vectors of 16 bytes. A
//! set is 32 nibble masks (`crate::masks_of`): a table lookup (`tbl`)
//! finds each byte's mask by its low nibble, another the bit to test by
//! its high nibble, and the byte is in
//! the set when they share a bit: the same tables as SSSE3's shuffles.
//! NEON has no `movemask`: each byte of a comparison's four vectors is
//! and-ed with its bit in a byte and the sixteen bytes added in pairs,
//! three times, into the block's 64-bit mask.

use super::block::{BLOCK, Block, Classify};
use super::{SETS, Source, Stage};
use crate::simd::neon::{ASCII_BITS, BITS, WIDE_BITS, load};
use std::arch::aarch64::{
    uint8x16_t, vaddq_u8, vandq_u8, vceqq_u8, vceqzq_u8, vdupq_n_u8, vgetq_lane_u64, vmaxvq_u8,
    vorrq_u8, vpaddq_u8, vqtbl1q_u8, vreinterpretq_u64_u8, vshrq_n_u8,
};

/// The indices of a lookup that keeps a vector's bytes in place; plus
/// `k`, they move its bytes down by `k` (an index from 16 up gives 0).
const IOTA: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The stage of `source` on `bytes`, with NEON, its answer handed to
/// `put` (`super::Put`).
#[inline]
pub(crate) fn accept<'s, S: Source<'s>, P: super::Put>(source: S, bytes: &[u8], put: P) -> P::Out {
    put.put(super::split::run(source.stage(), Neon, bytes))
}

/// NEON's way of classifying: every aarch64 processor has it.
#[derive(Clone, Copy)]
struct Neon;

/// The 64-bit mask of four comparisons' vectors (each byte 0 or 0xFF):
/// bit `16 * k + i` for byte `i` of vector `k`.
#[target_feature(enable = "neon")]
#[inline]
fn movemask(m: [uint8x16_t; 4], bits: uint8x16_t) -> u64 {
    let [a, b, c, d] = m.map(|v| vandq_u8(v, bits));
    // Each pairwise addition halves the bytes a vector's mask spans: 16
    // (one bit each), 8, 4, then 2, the two bytes of its 16-bit mask, in
    // order in the low 64 bits.
    let halves = vpaddq_u8(vpaddq_u8(a, b), vpaddq_u8(c, d));
    vgetq_lane_u64::<0>(vreinterpretq_u64_u8(vpaddq_u8(halves, halves)))
}

/// The block's four vectors: 64 bytes, or the `n` (16 to 63) that start
/// `input`, zero bytes after them. A vector past `n - 16` is loaded from
/// the last 16 bytes and moved down by a lookup to where its bytes are.
#[target_feature(enable = "neon")]
#[inline]
fn vectors(input: &[u8], n: usize) -> Option<[uint8x16_t; 4]> {
    if let Some(whole) = input.first_chunk::<BLOCK>() {
        let (a, rest) = whole.split_first_chunk::<16>()?;
        let (b, rest) = rest.split_first_chunk::<16>()?;
        let (c, d) = rest.split_first_chunk::<16>()?;
        return Some([load(a), load(b), load(c), load(d.first_chunk()?)]);
    }
    let last = n.checked_sub(16)?;
    let iota = load(&IOTA);
    let mut out = [vdupq_n_u8(0); 4];
    for (k, v) in out.iter_mut().enumerate() {
        let from = (16 * k).min(last);
        let down = (16 * k - from).min(16) as u8;
        let sixteen = input.get(from..)?.first_chunk()?;
        *v = vqtbl1q_u8(load(sixteen), vaddq_u8(iota, vdupq_n_u8(down)));
    }
    Some(out)
}

impl Classify for Neon {
    #[inline(always)]
    fn block(self, stage: &Stage, bytes: &[u8], start: usize, n: usize) -> Block {
        // SAFETY: every aarch64 processor has NEON (the assertion in
        // `simd/neon.rs`).
        unsafe { classify(stage, bytes, start, n) }
    }
}

/// [`Classify::block`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn classify(stage: &Stage, bytes: &[u8], start: usize, n: usize) -> Block {
    let n = n.min(BLOCK);
    let Some(v) = bytes
        .get(start..start + n)
        .and_then(|input| vectors(input, n))
    else {
        return Block {
            refused: [u64::MAX; SETS],
            ..Block::default()
        };
    };
    let bits = load(&BITS);
    let low = vdupq_n_u8(0x0F);
    let lo = v.map(|v| vandq_u8(v, low));
    let hi = v.map(|v| vshrq_n_u8::<4>(v));
    let (ascii_bits, wide_bits) = (load(&ASCII_BITS), load(&WIDE_BITS));
    let ascii_bit = hi.map(|h| vqtbl1q_u8(ascii_bits, h));
    let any_wide = vmaxvq_u8(vorrq_u8(vorrq_u8(v[0], v[1]), vorrq_u8(v[2], v[3]))) >= 0x80;
    let wide_bit = hi.map(|h| vqtbl1q_u8(wide_bits, h));
    let eq = |byte: u8| movemask(v.map(|v| vceqq_u8(v, vdupq_n_u8(byte))), bits);
    let mut block = Block {
        colon: eq(b':'),
        slash: eq(b'/'),
        question: eq(b'?'),
        hash: eq(b'#'),
        at: eq(b'@'),
        percent: eq(b'%'),
        refused: [0; SETS],
    };
    for (refused, set) in block.refused.iter_mut().zip(&stage.sets) {
        let (ascii, wide) = set.split_at(16);
        let (Some(ascii), Some(wide)) = (ascii.first_chunk(), wide.first_chunk()) else {
            *refused = u64::MAX;
            continue;
        };
        let (ascii, wide) = (load(ascii), load(wide));
        let mut picked = ascii_bit;
        for (p, lo) in picked.iter_mut().zip(lo) {
            *p = vandq_u8(vqtbl1q_u8(ascii, lo), *p);
        }
        if any_wide {
            for ((p, lo), bit) in picked.iter_mut().zip(lo).zip(wide_bit) {
                *p = vorrq_u8(*p, vandq_u8(vqtbl1q_u8(wide, lo), bit));
            }
        }
        *refused = movemask(picked.map(|p| vceqzq_u8(p)), bits);
    }
    block
}
