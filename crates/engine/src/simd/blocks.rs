//! A whole text classified 64 bytes at a time into sets its caller
//! chooses ([`classify`]): one bitmask a set, bit `i` for the block's byte
//! `i`. With AVX2 or SSSE3 where the processor has them (chosen at run
//! time), a lookup a byte elsewhere.
//!
//! A set is 32 nibble masks ([`masks_of`](super::masks_of)), as for the
//! long runs: a shuffle looks up each byte's masks by its low nibble,
//! another its bit by its high nibble, and the byte is in the set when
//! they share a bit. The masks' wide half is looked up only in a vector
//! that has a byte from 0x80 up.

/// How many bytes [`classify`] reads: one bit a byte in a `u64`.
pub const BLOCK: usize = 64;

/// The `K` bitmasks of the block of [`BLOCK`] bytes from `at` in `bytes`,
/// written to `masks`: bit `i` of mask `k` is set when byte `at + i` is
/// in set `k` (`sets[k]`, as [`masks_of`](super::masks_of) gives a set).
/// Bytes past the end of `bytes` are in no set; a block past the end is
/// empty. No load reads past the slice: the last block, when shorter, is
/// copied. The masks are written in place, each a `u64`, so that a caller
/// reading one of them just after does not wait for a wider copy.
///
/// ```
/// let mut colon = [false; 256];
/// colon[usize::from(b':')] = true;
/// let sets = [xiri_engine::masks_of(&colon)];
/// let mut found = [0u64];
/// xiri_engine::classify(b"see http://a/ or b:c", 0, &sets, &mut found);
/// assert_eq!(found, [1 << 8 | 1 << 18]);
/// xiri_engine::classify(b"see http://a/ or b:c", 10, &sets, &mut found);
/// assert_eq!(found, [1 << 8]);
/// ```
#[inline]
pub fn classify<const K: usize>(
    bytes: &[u8],
    at: usize,
    sets: &[[u8; 32]; K],
    masks: &mut [u64; K],
) {
    let Some(rest) = bytes.get(at..) else {
        *masks = [0; K];
        return;
    };
    match rest.first_chunk::<BLOCK>() {
        Some(block) => whole(block, sets, masks, u64::MAX),
        None => {
            let mut padded = [0u8; BLOCK];
            if let Some(head) = padded.get_mut(..rest.len()) {
                head.copy_from_slice(rest);
            }
            // The bits past the end are cleared as the masks are stored:
            // cleared after, the compiler reads two stored masks with one
            // 16-byte load, which waits for both stores to reach the cache
            // (about a quarter of a short XRI's parse, docs/PERFORMANCE.md).
            whole(&padded, sets, masks, (1u64 << rest.len()) - 1);
        }
    }
}

/// The `K` bitmasks of `bytes`, one short block (its first [`BLOCK`]
/// bytes): what [`classify`] gives from 0, with AVX2 read in place
/// rather than copied (two vectors that may overlap, or two halves of
/// one from 16 bytes up, two words under 16), and
/// [`classify`] where the processor has no AVX2.
///
/// ```
/// let mut colon = [false; 256];
/// colon[usize::from(b':')] = true;
/// let sets = [xiri_engine::masks_of(&colon)];
/// let mut found = [0u64];
/// xiri_engine::classify_short(b"see http://a/ or b:c", &sets, &mut found);
/// assert_eq!(found, [1 << 8 | 1 << 18]);
/// ```
// Always inlined: the dispatch is a few instructions, and a call to it
// cost the XRI stage about 20 (docs/PERFORMANCE.md, ninth session).
#[inline(always)]
pub fn classify_short<const K: usize>(bytes: &[u8], sets: &[[u8; 32]; K], masks: &mut [u64; K]) {
    let bytes = bytes.get(..BLOCK).unwrap_or(bytes);
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && !super::narrow() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { x86::short_avx2(bytes, sets, masks) };
        }
    }
    classify(bytes, 0, sets, masks);
}

/// The masks of a whole block: with vectors where the processor has
/// them.
// Always inlined: a call here costs about ten instructions a block, and
// whether the compiler inlined it moved with unrelated code elsewhere in
// the caller's crate (docs/PERFORMANCE.md, eighth session).
#[inline(always)]
fn whole<const K: usize>(
    block: &[u8; BLOCK],
    sets: &[[u8; 32]; K],
    masks: &mut [u64; K],
    keep: u64,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && !super::narrow() {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { x86::with_avx2(block, sets, masks, keep) };
        }
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            return unsafe { x86::with_ssse3(block, sets, masks, keep) };
        }
    }
    for (m, p) in masks.iter_mut().zip(portable(block, sets)) {
        *m = p & keep;
    }
}

/// The masks a byte at a time: the way every other is held to.
fn portable<const K: usize>(block: &[u8; BLOCK], sets: &[[u8; 32]; K]) -> [u64; K] {
    let mut masks = [0u64; K];
    for (mask, set) in masks.iter_mut().zip(sets) {
        for (i, &b) in block.iter().enumerate() {
            let at = usize::from(b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
            let picked = set.get(at).is_some_and(|m| m & (1 << ((b >> 4) & 7)) != 0);
            *mask |= u64::from(picked) << i;
        }
    }
    masks
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The block with AVX2 (two vectors) or SSSE3 (four): the only
    //! `unsafe` of the classification.

    use super::super::x86::{ASCII_BITS, WIDE_BITS};
    use super::BLOCK;
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_and_si256,
        _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_or_si256, _mm256_set_epi64x, _mm256_set_m128i, _mm256_set1_epi8,
        _mm256_shuffle_epi8, _mm256_srli_epi16,
    };

    /// A set's half (0 the ASCII one, 1 the wide one).
    #[inline(always)]
    fn half(set: &[u8; 32], k: usize) -> [u8; 16] {
        let h = if k == 0 {
            set.first_chunk::<16>()
        } else {
            set.last_chunk::<16>()
        };
        h.copied().unwrap_or([0; 16])
    }

    /// One body for the two widths: `$width` bytes a vector, `$load` a
    /// vector from `$width` bytes, `$table` a 16-byte table in each lane.
    macro_rules! way {
        ($name:ident, $feature:literal, $v:ty, $width:literal, $bits:ty, $load:ident, $table:ident,
         $and:ident, $or:ident, $cmpeq:ident, $set1:ident, $shuffle:ident, $srli:ident,
         $movemask:ident) => {
            /// The masks of a block, each `and` `keep` (the caller's
            /// `unsafe`: only where the processor has the instructions).
            #[target_feature(enable = $feature)]
            pub(super) fn $name<const K: usize>(
                block: &[u8; BLOCK],
                sets: &[[u8; 32]; K],
                out: &mut [u64; K],
                keep: u64,
            ) {
                let tables = sets.map(|s| [$table(&half(&s, 0)), $table(&half(&s, 1))]);
                let (ascii_bits, wide_bits) = ($table(&ASCII_BITS), $table(&WIDE_BITS));
                let mut masks = [0u64; K];
                for (n, chunk) in block.chunks_exact($width).enumerate() {
                    let Some(chunk) = chunk.first_chunk::<$width>() else {
                        continue;
                    };
                    // In a function with the instructions' features, the
                    // intrinsics are safe; the loads are the functions
                    // below, each with its `unsafe`.
                    let v = $load(chunk);
                    let low = $set1(0x0F);
                    let (lo, hi) = ($and(v, low), $and($srli::<4>(v), low));
                    let ascii_bit = $shuffle(ascii_bits, hi);
                    let wide = $movemask(v) != 0;
                    let wide_bit = $shuffle(wide_bits, hi);
                    for (mask, [ascii, wide_half]) in masks.iter_mut().zip(&tables) {
                        let mut picked = $and($shuffle(*ascii, lo), ascii_bit);
                        if wide {
                            picked = $or(picked, $and($shuffle(*wide_half, lo), wide_bit));
                        }
                        let refused = $movemask($cmpeq(picked, $set1(0))) as $bits;
                        *mask |= u64::from(!refused) << (n * $width);
                    }
                }
                for (o, m) in out.iter_mut().zip(masks) {
                    *o = m & keep;
                }
            }
        };
    }

    /// The masks of `bytes` (at most [`BLOCK`]) with AVX2, read in place:
    /// from 32 bytes, the first 32 and the last 32 (a byte in both has
    /// the same bits in both); from 16, the first 16 and the last 16 as
    /// one vector; under 16, the first 8 and the last 8 as words (the
    /// caller's `unsafe`: only where the processor has AVX2).
    #[target_feature(enable = "avx2")]
    pub(super) fn short_avx2<const K: usize>(
        bytes: &[u8],
        sets: &[[u8; 32]; K],
        out: &mut [u64; K],
    ) {
        let tables = sets.map(|s| [table256(&half(&s, 0)), table256(&half(&s, 1))]);
        let (ascii_bits, wide_bits) = (table256(&ASCII_BITS), table256(&WIDE_BITS));
        // A vector's masks, bit `i` for its byte `i`.
        let masks = |v: __m256i| {
            let low = _mm256_set1_epi8(0x0F);
            let (lo, hi) = (
                _mm256_and_si256(v, low),
                _mm256_and_si256(_mm256_srli_epi16::<4>(v), low),
            );
            let ascii_bit = _mm256_shuffle_epi8(ascii_bits, hi);
            let wide = _mm256_movemask_epi8(v) != 0;
            let wide_bit = _mm256_shuffle_epi8(wide_bits, hi);
            tables.map(|[ascii, wide_half]| {
                let mut picked = _mm256_and_si256(_mm256_shuffle_epi8(ascii, lo), ascii_bit);
                if wide {
                    let w = _mm256_and_si256(_mm256_shuffle_epi8(wide_half, lo), wide_bit);
                    picked = _mm256_or_si256(picked, w);
                }
                !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(picked, _mm256_set1_epi8(0))) as u32)
            })
        };
        let n = bytes.len();
        if let (Some(first), Some(last)) = (bytes.first_chunk::<32>(), bytes.last_chunk::<32>()) {
            let (a, b) = (masks(load256(first)), masks(load256(last)));
            for ((o, a), b) in out.iter_mut().zip(a).zip(b) {
                *o = u64::from(a) | u64::from(b) << (n - 32);
            }
        } else if let (Some(first), Some(last)) =
            (bytes.first_chunk::<16>(), bytes.last_chunk::<16>())
        {
            let m = masks(_mm256_set_m128i(load128(last), load128(first)));
            for (o, m) in out.iter_mut().zip(m) {
                *o = u64::from(m & 0xFFFF) | u64::from(m >> 16) << (n - 16);
            }
        } else {
            // Under 16 bytes: the first 8 and the last 8 as two words
            // (under 8, the bytes gathered one by one), not a copy (a call
            // to `memcpy`, whose registers the whole function then saved).
            let word = |w: &[u8; 8]| i64::from_le_bytes(*w);
            let (first, last, second_at) = match (bytes.first_chunk(), bytes.last_chunk()) {
                (Some(f), Some(l)) => (word(f), word(l), n - 8),
                _ => {
                    let mut w = 0u64;
                    for (i, &b) in bytes.iter().enumerate() {
                        w |= u64::from(b) << (8 * i);
                    }
                    (w as i64, 0, 8)
                }
            };
            let v = _mm256_set_epi64x(0, 0, last, first);
            let keep = (1u64 << n) - 1;
            for (o, m) in out.iter_mut().zip(masks(v)) {
                let m = u64::from(m & 0xFF) | u64::from((m >> 8) & 0xFF) << second_at;
                *o = m & keep;
            }
        }
    }

    /// 32 bytes (the token: AVX2, as the entry's feature says).
    #[inline(always)]
    fn load256(chunk: &[u8; 32]) -> __m256i {
        // SAFETY: 32 bytes, all of which the unaligned load reads; called
        // only from `with_avx2`.
        unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
    }

    /// A 16-byte table in both lanes.
    #[inline(always)]
    fn table256(t: &[u8; 16]) -> __m256i {
        // SAFETY: 16 bytes, all of which the load reads; called only from
        // `with_avx2`.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
    }

    /// 16 bytes.
    #[inline(always)]
    fn load128(chunk: &[u8; 16]) -> __m128i {
        // SAFETY: 16 bytes, all of which the unaligned load reads (SSE2
        // is x86-64's baseline).
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
    }

    way!(
        with_avx2,
        "avx2",
        __m256i,
        32,
        u32,
        load256,
        table256,
        _mm256_and_si256,
        _mm256_or_si256,
        _mm256_cmpeq_epi8,
        _mm256_set1_epi8,
        _mm256_shuffle_epi8,
        _mm256_srli_epi16,
        _mm256_movemask_epi8
    );
    way!(
        with_ssse3,
        "ssse3",
        __m128i,
        16,
        u16,
        load128,
        load128,
        _mm_and_si128,
        _mm_or_si128,
        _mm_cmpeq_epi8,
        _mm_set1_epi8,
        _mm_shuffle_epi8,
        _mm_srli_epi16,
        _mm_movemask_epi8
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each way (AVX2, SSSE3, a byte at a time) gives the masks a byte
    /// at a time gives, for sets of ASCII and wide bytes, every byte at
    /// every place, and every length of a last block.
    #[test]
    fn each_way_classifies_as_a_byte_at_a_time() {
        let fs: [fn(u8) -> bool; 3] = [
            |b| b == b':' || b == b'<',
            |b| b <= b' ' || b == 0x7F || matches!(b, 0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF),
            |b| b.is_ascii_alphanumeric() || b >= 0xF0,
        ];
        let sets = fs.map(|f| {
            let mut p = [false; 256];
            for (b, p) in (0u8..=255).zip(p.iter_mut()) {
                *p = f(b);
            }
            super::super::masks_of(&p)
        });
        let expect = |bytes: &[u8], at: usize| {
            fs.map(|f| {
                let block = bytes.iter().skip(at).take(BLOCK);
                block
                    .enumerate()
                    .fold(0u64, |m, (i, &b)| m | u64::from(f(b)) << i)
            })
        };
        // Under Miri (CI runs this module's tests there, for the loads'
        // `unsafe`), a few bytes of each kind at fewer places and lengths.
        let kinds: Vec<u8> = if cfg!(miri) {
            vec![
                0, b' ', b':', b'<', b'a', 0x7F, 0x80, 0xC2, 0xE3, 0xF0, 0xFF,
            ]
        } else {
            (0..=255).collect()
        };
        let places: &[usize] = if cfg!(miri) {
            &[31, 32]
        } else {
            &[0, 1, 15, 16, 31, 32, 33, 47, 63]
        };
        let lengths = if cfg!(miri) { 62..66usize } else { 0..300 };
        for narrow in [false, true] {
            super::super::NARROW.set(narrow);
            for &b in &kinds {
                for &place in places {
                    let mut text = vec![b'a'; 100];
                    text[place] = b;
                    text[place + 30] = 0xE3;
                    for at in [0, 1, 37] {
                        let mut got = [u64::MAX; 3];
                        classify(&text, at, &sets, &mut got);
                        assert_eq!(got, expect(&text, at), "{b:#x} at {place} from {at}");
                    }
                    for len in [1, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65] {
                        for at in [0, 1, 37] {
                            let part = &text[at..(at + len).min(text.len())];
                            let mut got = [u64::MAX; 3];
                            classify_short(part, &sets, &mut got);
                            assert_eq!(got, expect(part, 0), "short, {b:#x} at {place}, {len}");
                        }
                    }
                    let block: &[u8; BLOCK] = text.first_chunk().unwrap();
                    assert_eq!(portable(block, &sets), expect(&text, 0));
                }
            }
            let text: Vec<u8> = (0u8..=255).cycle().take(300).collect();
            for len in lengths.clone() {
                for at in [
                    0,
                    len.saturating_sub(70),
                    len.saturating_sub(5),
                    len,
                    len + 1,
                ] {
                    let mut got = [u64::MAX; 3];
                    classify(&text[..len], at, &sets, &mut got);
                    assert_eq!(got, expect(&text[..len], at), "{len} from {at}");
                }
                let mut got = [u64::MAX; 3];
                classify_short(&text[..len], &sets, &mut got);
                assert_eq!(got, expect(&text[..len], 0), "short, {len}");
            }
        }
        super::super::NARROW.set(false);
    }
}
