//! [`super::run`] with NEON, on aarch64, where every processor has it:
//! sixteen bytes a round, the same nibble masks as SSSE3's shuffles
//! looked up by `tbl`, and a round with no byte out of the set known by
//! one horizontal maximum, without a mask of its bytes.

use std::arch::aarch64::{
    uint8x16_t, vaddv_u8, vandq_u8, vceqq_u8, vceqzq_u8, vdupq_n_u8, vget_high_u8, vget_low_u8,
    vld1q_u8, vmaxvq_u8, vorrq_u8, vqtbl1q_u8, vshrq_n_u8,
};

// NEON is in every aarch64 target's baseline: the `unsafe` calls of the
// functions that enable it (here and in `stage/neon.rs`) rest on this.
const _: () = assert!(cfg!(target_feature = "neon"));

/// Each byte's bit in its half's byte of a mask.
pub(crate) const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

/// The high nibble's bit for the ASCII half of a set's masks (0 to 7),
/// and for its wide half (8 to 15), looked up by the high nibble (a
/// lookup, not a shift of 1, so that Miri, which has no `ushl`, runs it).
pub(crate) const ASCII_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
pub(crate) const WIDE_BITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];

/// [`super::run`] on aarch64: where the run from `i` stops (a byte out of
/// the set, a `%` not followed by two hexadecimal digits, or fewer than
/// sixteen bytes left), maybe inside a character (the caller steps back).
pub(super) fn run(bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    // SAFETY: every aarch64 processor has NEON (the assertion above).
    unsafe { rounds(bytes, i, masks, percent) }
}

/// 16 bytes as a vector.
#[target_feature(enable = "neon")]
#[inline]
pub(crate) fn load(sixteen: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `sixteen` is 16 bytes, all of which the load reads (it
    // takes any alignment).
    unsafe { vld1q_u8(sixteen.as_ptr()) }
}

/// The bytes of `v` that `(ascii, wide)`'s masks do not pick, as 0xFF.
#[target_feature(enable = "neon")]
#[inline]
fn refused((ascii, wide): (uint8x16_t, uint8x16_t), v: uint8x16_t) -> uint8x16_t {
    let lo = vandq_u8(v, vdupq_n_u8(0x0F));
    let hi = vshrq_n_u8::<4>(v);
    let ascii_bit = vqtbl1q_u8(load(&ASCII_BITS), hi);
    let wide_bit = vqtbl1q_u8(load(&WIDE_BITS), hi);
    let picked = vorrq_u8(
        vandq_u8(vqtbl1q_u8(ascii, lo), ascii_bit),
        vandq_u8(vqtbl1q_u8(wide, lo), wide_bit),
    );
    vceqzq_u8(picked)
}

/// The 16-bit mask of a comparison's bytes (each 0 or 0xFF).
#[target_feature(enable = "neon")]
#[inline]
fn movemask(m: uint8x16_t) -> u32 {
    let m = vandq_u8(m, load(&BITS));
    u32::from(vaddv_u8(vget_low_u8(m))) | u32::from(vaddv_u8(vget_high_u8(m))) << 8
}

/// The rounds of [`run`].
#[target_feature(enable = "neon")]
fn rounds(bytes: &[u8], mut i: usize, masks: &[u8; 32], percent: bool) -> usize {
    let (Some(ascii), Some(wide), Some(hex)) = (
        masks.first_chunk(),
        masks.last_chunk(),
        super::HEX_MASKS.first_chunk(),
    ) else {
        return i;
    };
    let set = (load(ascii), load(wide));
    let digits = (load(hex), vdupq_n_u8(0));
    while let Some(sixteen) = bytes.get(i..).and_then(|rest| rest.first_chunk::<16>()) {
        let v = load(sixteen);
        let out = refused(set, v);
        if vmaxvq_u8(out) == 0 {
            i += 16;
            continue;
        }
        let out = movemask(out);
        if !percent {
            return i + out.trailing_zeros() as usize;
        }
        // A `%` and the two hexadecimal digits after it are in the run.
        let pct = movemask(vceqq_u8(v, vdupq_n_u8(b'%')));
        let hex = !movemask(refused(digits, v)) & 0xFFFF;
        let triplet = pct & (hex >> 1) & (hex >> 2);
        let stop = out & !(triplet | triplet << 1 | triplet << 2);
        if stop == 0 {
            i += 16;
            continue;
        }
        let at = stop.trailing_zeros() as usize;
        // A `%` in the round's last two bytes is looked at again from
        // the round that starts with it.
        if at < 14 || (pct >> at) & 1 == 0 {
            return i + at;
        }
        i += at;
    }
    i
}
