//! The block of 64 bytes (`block.rs`) with SSSE3 or AVX2, on x86-64: the
//! only `unsafe` of the stage. A set is 32 nibble masks
//! (`crate::masks_of`): a shuffle looks up each byte's mask by its low
//! nibble, another the bit of its high nibble, and the byte is in the set
//! when they share a bit. Bytes from 0x80 up are looked up in the second
//! half of the masks only in a chunk that has one.

use super::block::{BLOCK, Block};
use super::{SETS, Stage};
use std::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_and_si256,
    _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

/// [`Block`] of `chunk`'s first `len` bytes (the rest is padding) with
/// SSSE3: 16 bytes at a time.
///
/// Called only where the processor has SSSE3 (the caller's `unsafe`).
#[target_feature(enable = "ssse3")]
pub(crate) fn ssse3(stage: &Stage, chunk: &[u8; BLOCK], len: usize) -> Block {
    let mut block = Block::padding(len);
    // SAFETY (every load below): each reads 16 bytes from an array or a
    // 16-byte slice of one (`chunks_exact(16)` of 64 bytes, `split_at(16)`
    // of 32); unaligned loads read any address.
    let tables: [(__m128i, __m128i); SETS] = std::array::from_fn(|k| {
        let (ascii, wide) = stage.sets.get(k).unwrap_or(&[0; 32]).split_at(16);
        unsafe {
            (
                _mm_loadu_si128(ascii.as_ptr().cast()),
                _mm_loadu_si128(wide.as_ptr().cast()),
            )
        }
    });
    let ascii_bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    let wide_bits = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
    let low = _mm_set1_epi8(0x0F);
    let zero = _mm_set1_epi8(0);
    for (c, sixteen) in chunk.chunks_exact(16).take(len.div_ceil(16)).enumerate() {
        let v = unsafe { _mm_loadu_si128(sixteen.as_ptr().cast()) };
        let shift = 16 * c;
        let bits = |m: __m128i| u64::from(_mm_movemask_epi8(m) as u16) << shift;
        let is = |b: u8| bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8)));
        block.colon |= is(b':');
        block.slash |= is(b'/');
        block.question |= is(b'?');
        block.hash |= is(b'#');
        block.at |= is(b'@');
        block.percent |= is(b'%');
        let lo = _mm_and_si128(v, low);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), low);
        let ascii_bit = _mm_shuffle_epi8(ascii_bits, hi);
        let wide = _mm_movemask_epi8(v) != 0;
        let wide_bit = _mm_shuffle_epi8(wide_bits, hi);
        for ((ascii, wide_masks), refused) in tables.iter().zip(block.refused.iter_mut()) {
            let mut picked = _mm_and_si128(_mm_shuffle_epi8(*ascii, lo), ascii_bit);
            if wide {
                let more = _mm_and_si128(_mm_shuffle_epi8(*wide_masks, lo), wide_bit);
                picked = _mm_or_si128(picked, more);
            }
            *refused |= bits(_mm_cmpeq_epi8(picked, zero));
        }
    }
    block
}

/// [`Block`] of `chunk`'s first `len` bytes with AVX2: 32 bytes at a
/// time (a shuffle looks up within each 16-byte lane, so each table is in
/// both).
///
/// Called only where the processor has AVX2 (the caller's `unsafe`).
#[target_feature(enable = "avx2")]
pub(crate) fn avx2(stage: &Stage, chunk: &[u8; BLOCK], len: usize) -> Block {
    let mut block = Block::padding(len);
    // SAFETY (every load below): as in `ssse3`, 16 bytes from a 16-byte
    // slice, or 32 from a 32-byte slice (`chunks_exact(32)` of 64 bytes).
    let lanes =
        |half: &[u8]| unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(half.as_ptr().cast())) };
    let tables: [(__m256i, __m256i); SETS] = std::array::from_fn(|k| {
        let (ascii, wide) = stage.sets.get(k).unwrap_or(&[0; 32]).split_at(16);
        (lanes(ascii), lanes(wide))
    });
    let bits_of = |b: [i8; 16]| lanes(&b.map(|x| x as u8));
    let ascii_bits = bits_of([1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0]);
    let wide_bits = bits_of([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128]);
    let low = _mm256_set1_epi8(0x0F);
    let zero = _mm256_set1_epi8(0);
    for (c, thirty_two) in chunk.chunks_exact(32).take(len.div_ceil(32)).enumerate() {
        let v = unsafe { _mm256_loadu_si256(thirty_two.as_ptr().cast()) };
        let shift = 32 * c;
        let bits = |m: __m256i| u64::from(_mm256_movemask_epi8(m) as u32) << shift;
        let is = |b: u8| bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8)));
        block.colon |= is(b':');
        block.slash |= is(b'/');
        block.question |= is(b'?');
        block.hash |= is(b'#');
        block.at |= is(b'@');
        block.percent |= is(b'%');
        let lo = _mm256_and_si256(v, low);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low);
        let ascii_bit = _mm256_shuffle_epi8(ascii_bits, hi);
        let wide = _mm256_movemask_epi8(v) != 0;
        let wide_bit = _mm256_shuffle_epi8(wide_bits, hi);
        for ((ascii, wide_masks), refused) in tables.iter().zip(block.refused.iter_mut()) {
            let mut picked = _mm256_and_si256(_mm256_shuffle_epi8(*ascii, lo), ascii_bit);
            if wide {
                let more = _mm256_and_si256(_mm256_shuffle_epi8(*wide_masks, lo), wide_bit);
                picked = _mm256_or_si256(picked, more);
            }
            *refused |= bits(_mm256_cmpeq_epi8(picked, zero));
        }
    }
    block
}
