//! The long runs on x86-64 (`super::run`): 32 bytes a round, with AVX2
//! where the processor has it, else SSSE3, and sixteen more with SSSE3
//! where fewer than 32 are left.

use std::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_and_si256,
    _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

use super::HEX_MASKS;

/// Each ASCII byte's bit in a set's masks, by its high nibble, and
/// each wide byte's (the blocks' classification reads them too).
pub(super) const ASCII_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
pub(super) const WIDE_BITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];

/// A way of reading 32 bytes a round: SSSE3's two 16-byte vectors or
/// AVX2's one. Its value is the proof that the processor has the
/// instructions (made only in their entry, [`with_ssse3`] or
/// [`with_avx2`]). No closure holds an intrinsic: a closure does not
/// take its function's target features, and they would be calls.
trait Way: Copy {
    /// A set's masks, the hexadecimal digits' and the high nibbles'
    /// bits, in registers.
    type Sets: Copy;
    /// A round's 32 bytes.
    type Round: Copy;
    /// `masks` (a set's 32) and the hexadecimal digits', loaded.
    fn sets(self, masks: &[u8; 32]) -> Self::Sets;
    /// The 32 bytes at `bytes[i..i + 32]`, and the bits of those out
    /// of the set.
    fn round(self, sets: &Self::Sets, bytes: &[u8; 32]) -> (Self::Round, u32);
    /// The bits of a round's `%` bytes, and of its hexadecimal digits.
    fn percents(self, sets: &Self::Sets, round: Self::Round) -> (u32, u32);
}

/// The proof that the processor has SSSE3.
#[derive(Clone, Copy)]
struct Ssse3(());

/// The proof that the processor has AVX2.
#[derive(Clone, Copy)]
struct Avx2(());

/// One body for the two widths: `$v` a vector of the way's width, `$all`
/// its bits.
macro_rules! way {
    ($token:ident, $v:ty, $all:literal, $tables:ident, $and:ident, $or:ident, $cmpeq:ident,
     $set1:ident, $shuffle:ident, $srli:ident, $movemask:ident) => {
        impl $token {
            /// The bits of the bytes of `v` out of the set, with its
            /// low nibbles and each byte's bit by its high nibble.
            #[inline(always)]
            fn refused(self, sets: &[$v; 5], v: $v) -> ($v, $v, u32) {
                let [ascii, wide, _, ascii_bits, wide_bits] = *sets;
                // SAFETY: the token exists only where the processor has
                // the instructions (its way's entry).
                unsafe {
                    let low = $set1(0x0F);
                    let (lo, hi) = ($and(v, low), $and($srli::<4>(v), low));
                    let bit = $shuffle(ascii_bits, hi);
                    let picked = $or(
                        $and($shuffle(ascii, lo), bit),
                        $and($shuffle(wide, lo), $shuffle(wide_bits, hi)),
                    );
                    (lo, bit, $movemask($cmpeq(picked, $set1(0))) as u32)
                }
            }

            /// The bits of the `%` bytes of `v`, and of its
            /// hexadecimal digits (`lo` and `bit` as `refused` gives them).
            #[inline(always)]
            fn percent(self, sets: &[$v; 5], v: $v, lo: $v, bit: $v) -> (u32, u32) {
                // SAFETY: as in `refused`.
                unsafe {
                    let pct = $movemask($cmpeq(v, $set1(b'%' as i8))) as u32;
                    let digit = $and($shuffle(sets[2], lo), bit);
                    (pct, $movemask($cmpeq(digit, $set1(0))) as u32 ^ $all)
                }
            }

            /// `masks`' halves, the hexadecimal digits' and the high
            /// nibbles' bits.
            #[inline(always)]
            fn tables(self, masks: &[u8; 32]) -> [$v; 5] {
                let half = |h: Option<&[u8; 16]>| h.copied().unwrap_or([0; 16]);
                let ascii = half(masks.first_chunk());
                let wide = half(masks.last_chunk());
                let hex = half(HEX_MASKS.first_chunk());
                [ascii, wide, hex, ASCII_BITS, WIDE_BITS].map(|t| self.$tables(&t))
            }
        }
    };
}

way!(
    Ssse3,
    __m128i,
    0xFFFF,
    lanes,
    _mm_and_si128,
    _mm_or_si128,
    _mm_cmpeq_epi8,
    _mm_set1_epi8,
    _mm_shuffle_epi8,
    _mm_srli_epi16,
    _mm_movemask_epi8
);
way!(
    Avx2,
    __m256i,
    0xFFFF_FFFF,
    lanes,
    _mm256_and_si256,
    _mm256_or_si256,
    _mm256_cmpeq_epi8,
    _mm256_set1_epi8,
    _mm256_shuffle_epi8,
    _mm256_srli_epi16,
    _mm256_movemask_epi8
);

impl Ssse3 {
    /// A 16-byte table.
    #[inline(always)]
    fn lanes(self, t: &[u8; 16]) -> __m128i {
        // SAFETY: `t` is 16 bytes, all of which the unaligned load reads.
        unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
    }
}

impl Avx2 {
    /// A 16-byte table in each lane (the shuffles look up in their own).
    #[inline(always)]
    fn lanes(self, t: &[u8; 16]) -> __m256i {
        // SAFETY: `t` is 16 bytes, all of which the unaligned load
        // reads; the token: the processor has AVX2.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
    }
}

impl Way for Ssse3 {
    type Sets = [__m128i; 5];
    type Round = [(__m128i, __m128i, __m128i); 2];

    #[inline(always)]
    fn sets(self, masks: &[u8; 32]) -> Self::Sets {
        self.tables(masks)
    }

    #[inline(always)]
    fn round(self, sets: &Self::Sets, bytes: &[u8; 32]) -> (Self::Round, u32) {
        let v = |h: Option<&[u8; 16]>| self.lanes(h.unwrap_or(&[0; 16]));
        let (a, b) = (v(bytes.first_chunk()), v(bytes.last_chunk()));
        let ((la, ba, ra), (lb, bb, rb)) = (self.refused(sets, a), self.refused(sets, b));
        ([(a, la, ba), (b, lb, bb)], ra | (rb << 16))
    }

    #[inline(always)]
    fn percents(self, sets: &Self::Sets, [a, b]: Self::Round) -> (u32, u32) {
        let (pa, ha) = self.percent(sets, a.0, a.1, a.2);
        let (pb, hb) = self.percent(sets, b.0, b.1, b.2);
        (pa | (pb << 16), ha | (hb << 16))
    }
}

impl Way for Avx2 {
    type Sets = [__m256i; 5];
    type Round = (__m256i, __m256i, __m256i);

    #[inline(always)]
    fn sets(self, masks: &[u8; 32]) -> Self::Sets {
        self.tables(masks)
    }

    #[inline(always)]
    fn round(self, sets: &Self::Sets, bytes: &[u8; 32]) -> (Self::Round, u32) {
        // SAFETY: `bytes` is 32 bytes, all of which the unaligned load
        // reads; the token: the processor has AVX2.
        let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        let (lo, bit, refused) = self.refused(sets, v);
        ((v, lo, bit), refused)
    }

    #[inline(always)]
    fn percents(self, sets: &Self::Sets, (v, lo, bit): Self::Round) -> (u32, u32) {
        self.percent(sets, v, lo, bit)
    }
}

/// [`super::run`] on a processor with SSSE3: with AVX2 where it has
/// it too.
///
/// # Safety
/// The processor has SSSE3.
pub(super) unsafe fn run(bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    if std::arch::is_x86_feature_detected!("avx2") && !super::narrow() {
        // SAFETY: the processor has AVX2, checked just above.
        unsafe { with_avx2(bytes, i, masks, percent) }
    } else {
        // SAFETY: the caller's: the processor has SSSE3.
        unsafe { with_ssse3(bytes, i, masks, percent) }
    }
}

/// The run with AVX2 (the caller's `unsafe`: only where the processor
/// has it). The tokens are made here: AVX2 has SSSE3's instructions.
#[target_feature(enable = "avx2")]
fn with_avx2(bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    match rounds(Avx2(()), bytes, i, masks, percent) {
        (i, true) => i,
        (i, false) => tail(Ssse3(()), bytes, i, masks, percent),
    }
}

/// The run with SSSE3 (the caller's `unsafe`: only where the processor
/// has it). The token is made here.
#[target_feature(enable = "ssse3")]
fn with_ssse3(bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    match rounds(Ssse3(()), bytes, i, masks, percent) {
        (i, true) => i,
        (i, false) => tail(Ssse3(()), bytes, i, masks, percent),
    }
}

/// The bits, for the two bytes before a round (bits 0 and 1), that
/// the round before could not decide: out of the set, `%`,
/// hexadecimal digit, and in a `%XX` it found.
#[derive(Clone, Copy, Default)]
struct Carry {
    refused: u64,
    pct: u64,
    hex: u64,
    covered: u64,
}

/// The 32 bytes from `i`, if there are.
#[inline(always)]
fn chunk(bytes: &[u8], i: usize) -> Option<&[u8; 32]> {
    bytes.get(i..).and_then(|r| r.first_chunk())
}

/// The run from `i`, 32 bytes a round while 32 are left: where a
/// byte out of the set is or a `%` the rounds have not decided
/// (`true`: the run ends there), else where fewer than 32 are left.
///
/// Where `percent`, a round decides its bytes but the last two, and
/// the two before it: a `%` among its last two bytes has its digits in
/// the next round, which decides it with the last two bytes' bits put
/// in front of its own. So every round goes 32 bytes on, whatever its
/// bytes are: where the next round starts never waits on this round's
/// masks (it did when a `%` near the end sent the next round back to
/// it: the 1 MB row of `seg%C3%A9ment/` took half of oxiri's time for
/// a third of its instructions, docs/PERFORMANCE.md).
#[inline(always)]
fn rounds<W: Way>(
    way: W,
    bytes: &[u8],
    mut i: usize,
    masks: &[u8; 32],
    percent: bool,
) -> (usize, bool) {
    let sets = way.sets(masks);
    if !percent {
        while let Some(chunk) = chunk(bytes, i) {
            let (_, refused) = way.round(&sets, chunk);
            if refused != 0 {
                return (i + refused.trailing_zeros() as usize, true);
            }
            i += 32;
        }
        return (i, false);
    }
    let mut carry = Carry::default();
    while let Some(chunk) = chunk(bytes, i) {
        let (round, refused) = way.round(&sets, chunk);
        if u64::from(refused) | carry.refused == 0 {
            // Nothing to decide, and nothing left for the next round:
            // the carry's other bits count only where its `refused`
            // has one (a `%` is out of the set, and `covered` and
            // `hex` are read beside a refused byte or a `%`).
            i += 32;
            continue;
        }
        let (pct, hex) = way.percents(&sets, round);
        // Bit `k` is the byte at `i - 2 + k`.
        let wide = |now: u32, before: u64| u64::from(now) << 2 | before;
        let refused = wide(refused, carry.refused);
        let pct = wide(pct, carry.pct);
        let hex = wide(hex, carry.hex);
        let triplet = pct & (hex >> 1) & (hex >> 2);
        let covered = carry.covered | triplet | (triplet << 1) | (triplet << 2);
        let stop = refused & !covered & u64::from(u32::MAX);
        if stop != 0 {
            return (i + stop.trailing_zeros() as usize - 2, true);
        }
        carry = Carry {
            refused: refused >> 32,
            pct: pct >> 32,
            hex: hex >> 32,
            covered: covered >> 32,
        };
        i += 32;
    }
    // The last two bytes the rounds read, if they left them open: the
    // run ends at the first (a `%`, whose digits the caller looks at).
    let open = carry.refused & !carry.covered;
    if open != 0 {
        return (i + open.trailing_zeros() as usize - 2, true);
    }
    (i, false)
}

/// Sixteen bytes more from `i`, where the rounds left off (fewer
/// than 32 are left), if there are: where the run ends.
#[inline(always)]
fn tail(way: Ssse3, bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    let Some(v) = bytes.get(i..).and_then(|r| r.first_chunk::<16>()) else {
        return i;
    };
    let sets = way.tables(masks);
    let v = way.lanes(v);
    let (lo, bit, refused) = way.refused(&sets, v);
    let refused = refused & 0xFFFF;
    if refused == 0 {
        return i + 16;
    }
    if !percent {
        return i + refused.trailing_zeros() as usize;
    }
    // A `%` and the two hexadecimal digits after it are in the run; a
    // `%` in the last two bytes ends it.
    let (pct, hex) = way.percent(&sets, v, lo, bit);
    let triplet = pct & (hex >> 1) & (hex >> 2);
    let stop = refused & !(triplet | (triplet << 1) | (triplet << 2));
    i + stop.trailing_zeros().min(16) as usize
}
