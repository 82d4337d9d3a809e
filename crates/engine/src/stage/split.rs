//! The stage's run on one input: the first block classified, the
//! scheme and the authority read off it (`Stage::head`), then the path,
//! the query and the fragment block by block (`Stage::tail`), each
//! component's bytes checked against its set with one `and`, and each
//! `%` against the hexadecimal digits' mask shifted by one and by two.

use super::block::{
    AT, BLOCK, Block, COLON, Classify, HASH, QUESTION as QUESTION_BIT, SLASH, below, first, range,
};
use super::{FRAGMENT, HEX, HOST, PATH, PORT, QUERY, SCHEME, Stage, USERINFO};
use crate::marks::{
    AUTHORITY_END, AUTHORITY_START, FRAGMENT as FRAGMENT_MARK, Marks, QUERY as QUERY_MARK,
    SCHEME_END, USERINFO_END,
};

/// The stage's whole answer on `bytes`, classifying with `way`: the
/// first block, the scheme and the authority, then the rest. Inlined into
/// each way's entry (`simd.rs`), so that the blocks stay in registers.
#[inline(always)]
pub(crate) fn run<C: Classify>(stage: &Stage, way: C, bytes: &[u8]) -> Option<Marks> {
    let block = block_at(stage, way, bytes, 0);
    let mut marks = Marks::default();
    let pos = stage.head(bytes, &block, &mut marks)?;
    stage.tail(bytes, block, pos, way, &mut marks)?;
    Some(marks)
}

/// The block of `bytes` from `base`, classified with `way`, without
/// reading past the input: a whole block where 64 bytes are left; else
/// the 64 (or 16) bytes that end the input, the bits before `base`
/// shifted out; a copy padded with zero bytes only for an input shorter
/// than 16 bytes (which [`Stage::accept`] leaves to the walk).
#[inline(always)]
fn block_at<C: Classify>(stage: &Stage, way: C, bytes: &[u8], base: usize) -> Block {
    let len = bytes.len();
    let rest = len - base;
    if rest >= BLOCK {
        return way.block(stage, bytes, base, BLOCK);
    }
    if base == 0 && len >= 16 {
        return way.block(stage, bytes, 0, len);
    }
    let window = if len >= BLOCK { BLOCK } else { 16 };
    if len >= window {
        let mut block = Block::default();
        block.merge(&way.block(stage, bytes, len - window, window), |m| {
            m >> (window - rest)
        });
        return block;
    }
    let mut padded = [0u8; 16];
    if let Some(head) = padded.get_mut(..len) {
        head.copy_from_slice(bytes);
    }
    way.block(stage, &padded, 0, 16)
}

impl Stage {
    /// Whether `b` may start a scheme.
    #[inline(always)]
    fn starts_scheme(&self, b: u8) -> bool {
        let at = usize::from(b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
        self.scheme_first
            .get(at)
            .is_some_and(|m| m & (1 << ((b >> 4) & 7)) != 0)
    }

    /// The scheme and the authority, in the first block: where the path
    /// starts, with their marks; `None` to defer.
    #[inline(always)]
    fn head(&self, bytes: &[u8], block: &Block, marks: &mut Marks) -> Option<usize> {
        let len = bytes.len();
        let valid = below(len);
        let ends = block.slash | block.question | block.hash;
        let delimiter = first((block.colon | ends) & valid);
        // What each range cannot hold: the split ends it before them.
        let ends_bits = SLASH | QUESTION_BIT | HASH;
        if delimiter == BLOCK && len > BLOCK {
            // A first segment or scheme past the first block.
            return None;
        }
        let mut pos = 0;
        if delimiter < BLOCK && block.colon & (1u64 << delimiter) != 0 {
            // A scheme: a relative reference's first segment holds no ":".
            let scheme = range(1, delimiter);
            let lead = bytes.first().copied().unwrap_or(0);
            let refused = block.refused(self, SCHEME, COLON | ends_bits);
            if delimiter == 0 || !self.starts_scheme(lead) || refused & scheme != 0 {
                return None;
            }
            pos = delimiter + 1;
            marks.record(usize::from(SCHEME_END), pos);
        }
        if !(bytes.get(pos) == Some(&b'/') && bytes.get(pos + 1) == Some(&b'/')) {
            return Some(pos);
        }
        let start = pos + 2;
        marks.record(usize::from(AUTHORITY_START), start);
        let after = ends & valid & !below(start);
        let end = first(after);
        if end == BLOCK && len > BLOCK {
            return None;
        }
        let end = end.min(len);
        let mut host = start;
        let at = block.at & range(start, end);
        if at != 0 {
            let q = first(at);
            let refused = block.refused(self, USERINFO, AT | ends_bits);
            if at.count_ones() > 1 || refused & range(start, q) != 0 {
                return None;
            }
            host = q + 1;
            marks.record(usize::from(USERINFO_END), host);
        }
        if bytes.get(host) == Some(&b'[') {
            // An IP literal: the table walk reads it.
            return None;
        }
        let colon = block.colon & range(host, end);
        let host_end = if colon == 0 { end } else { first(colon) };
        let port = block.refused(self, PORT, AT | ends_bits);
        if block.refused(self, HOST, COLON | AT | ends_bits) & range(host, host_end) != 0
            || (colon != 0 && port & range(host_end + 1, end) != 0)
        {
            return None;
        }
        if end < len {
            marks.record(usize::from(AUTHORITY_END), end + 1);
        }
        Some(end)
    }

    /// The path, the query and the fragment from `pos`, block by block,
    /// with their marks, and every `%XX` of the input; `None` to defer.
    /// The first block is read before the loop, so that the loop's
    /// preparations (the tables' loads) are made only for an input
    /// longer than a block.
    #[inline(always)]
    fn tail(
        &self,
        bytes: &[u8],
        block: Block,
        pos: usize,
        way: impl Classify,
        marks: &mut Marks,
    ) -> Option<()> {
        let len = bytes.len();
        let mut at = Tail {
            set: PATH,
            from: pos,
            carried: 0,
        };
        self.tail_block(&block, 0, len, &mut at, marks)?;
        let mut base = BLOCK;
        while base < len {
            at.from = 0;
            self.tail_block(&block_at(self, way, bytes, base), base, len, &mut at, marks)?;
            base += BLOCK;
        }
        // A "%" in the last two bytes of a whole block lacks its digits.
        (at.carried >> 62 == 0).then_some(())
    }

    /// The block from `base` of the path, the query and the fragment.
    #[inline(always)]
    fn tail_block(
        &self,
        block: &Block,
        base: usize,
        len: usize,
        at: &mut Tail,
        marks: &mut Marks,
    ) -> Option<()> {
        let valid = below(len - base);
        let percent = block.percent & valid;
        let carried = at.carried;
        let hex_after = (percent << 1 | carried >> 63) | (percent << 2 | carried >> 62);
        if hex_after & (block.refused[HEX] | !valid) != 0 {
            return None;
        }
        at.carried = percent;
        loop {
            let ends = match at.set {
                PATH => block.question | block.hash,
                QUERY => block.hash,
                _ => 0,
            } & valid
                & !below(at.from);
            let end = first(ends);
            let refused = match at.set {
                PATH => block.refused(self, PATH, QUESTION_BIT | HASH),
                QUERY => block.refused(self, QUERY, HASH),
                _ => block.refused(self, FRAGMENT, 0),
            };
            if refused & valid & range(at.from, end) != 0 {
                return None;
            }
            if end == BLOCK {
                return Some(());
            }
            let (next, mark) = if block.question & (1u64 << end) != 0 && at.set == PATH {
                (QUERY, QUERY_MARK)
            } else {
                (FRAGMENT, FRAGMENT_MARK)
            };
            at.set = next;
            at.from = end + 1;
            marks.record(usize::from(mark), base + at.from);
        }
    }
}

/// Where the tail is: the component (`PATH`, `QUERY` or `FRAGMENT`), from
/// where in the block, and the last block's "%" mask.
struct Tail {
    set: usize,
    from: usize,
    carried: u64,
}
