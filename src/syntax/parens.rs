//! The one scanner of parentheses: how deeply each byte of a text is
//! nested. XRI cross-references are parenthesized, so where a "/", "*" or
//! "!" delimits, where a cross-reference ends, whether a component's
//! parentheses balance (the policy of docs/DECISIONS.md) and whether they
//! nest too deeply are all read off it. Inside brackets, an IP literal,
//! parentheses are data.

/// One byte of a text, read for its parentheses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Nested {
    /// Its offset.
    pub(crate) at: usize,
    /// The byte.
    pub(crate) byte: u8,
    /// How many parentheses are open around it. For "(" and ")" that is
    /// the depth outside the pair they belong to, so a ")" that closes a
    /// "(" has the depth that "(" had.
    pub(crate) depth: usize,
    /// A closing parenthesis with nothing open (its depth is then 0).
    pub(crate) unmatched: bool,
}

/// The bytes of `bytes` with their nesting, from the first. Reading the
/// other way, from the last ([`nesting_back`]), a ")" opens and a "("
/// closes.
pub(crate) fn nesting(bytes: &[u8]) -> impl Iterator<Item = Nested> + '_ {
    nesting_of(bytes.iter().copied().enumerate())
}

/// [`nesting`] of bytes given with their offsets, in order (a text in
/// pieces, say).
pub(crate) fn nesting_of(bytes: impl Iterator<Item = (usize, u8)>) -> impl Iterator<Item = Nested> {
    walk(bytes, b'(', b')')
}

/// The bytes of `bytes` with their nesting, from the last: it reads only
/// as far back as it is asked to, so a caller that stops early pays for
/// what it read.
pub(crate) fn nesting_back(bytes: &[u8]) -> impl Iterator<Item = Nested> + '_ {
    walk(bytes.iter().copied().enumerate().rev(), b')', b'(')
}

/// Parentheses between "[" and "]" are data: in an XRI, brackets only
/// delimit an IP literal, whose `IPvFuture` may hold any sub-delimiter
/// (`[v1.)]`), and nothing nests inside one.
fn walk(
    bytes: impl Iterator<Item = (usize, u8)>,
    open: u8,
    close: u8,
) -> impl Iterator<Item = Nested> {
    let (bracket, unbracket) = if open == b'(' {
        (b'[', b']')
    } else {
        (b']', b'[')
    };
    let mut depth = 0usize;
    let mut bracketed = false;
    bytes.map(move |(at, byte)| {
        let mut nested = Nested {
            at,
            byte,
            depth,
            unmatched: false,
        };
        if bracketed {
            bracketed = byte != unbracket;
        } else if byte == bracket {
            bracketed = true;
        } else if byte == open {
            depth += 1;
        } else if byte == close {
            nested.unmatched = depth == 0;
            depth = depth.saturating_sub(1);
            nested.depth = depth;
        }
        nested
    })
}

/// The first byte outside every parenthesis for which `stop` holds
/// (parentheses themselves are never one).
pub(crate) fn first_outside(bytes: &[u8], stop: impl Fn(u8) -> bool) -> Option<usize> {
    first_outside_from(bytes, 0, stop)
}

/// The bytes a scan for the first of `stops` outside parentheses passes
/// over (neither a stop, a parenthesis nor a bracket) as the nibble masks
/// of `crate::engine::plain_run` (src/engine/simd.rs): for each low
/// nibble, bit `h` for the high nibble `h` (ASCII) or `h + 8`. Every byte
/// from 0x80 up is passed over.
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
pub(crate) const fn passed_over(stops: &[u8]) -> [u8; 32] {
    let mut masks = [0u8; 32];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut seen = matches!(byte, b'(' | b')' | b'[' | b']');
        let mut k = 0;
        while k < stops.len() {
            seen |= stops[k] == byte;
            k += 1;
        }
        if !seen {
            let at = (b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
            masks[at] |= 1 << ((b >> 4) & 7);
        }
        b += 1;
    }
    masks
}

/// How long a text [`first_outside_of`] runs through sixteen bytes at a
/// time.
const LONG: usize = 64;

/// [`first_outside`], `masks` being the [`passed_over`] of the bytes
/// `stop` holds for: the run to the first byte it must look at is
/// sixteen bytes at a time where the processor can (a long path without
/// parentheses is one such run).
#[inline]
pub(crate) fn first_outside_of(
    bytes: &[u8],
    stop: impl Fn(u8) -> bool,
    masks: &[u8; 32],
) -> Option<usize> {
    // A short text is read byte by byte at no greater cost.
    let from = if bytes.len() >= LONG {
        crate::engine::plain_run(bytes, 0, masks)
    } else {
        0
    };
    first_outside_from(bytes, from, stop)
}

/// [`first_outside`], knowing that nothing before `from` nests or stops.
#[inline]
fn first_outside_from(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> Option<usize> {
    // Before the first parenthesis or bracket nothing is nested: a plain
    // look finds it or the stop, and the scanner reads on from there.
    let nests = |c: u8| matches!(c, b'(' | b')' | b'[' | b']');
    let first = from
        + bytes
            .get(from..)?
            .iter()
            .position(|&c| nests(c) || stop(c))?;
    let rest = bytes.get(first..).unwrap_or_default();
    if rest.first().is_some_and(|&c| !nests(c)) {
        return Some(first);
    }
    nesting(rest)
        .find(|n| n.depth == 0 && !matches!(n.byte, b'(' | b')') && stop(n.byte))
        .map(|n| first + n.at)
}

/// The last byte outside every parenthesis for which `stop` holds, read
/// from the end.
pub(crate) fn last_outside(bytes: &[u8], stop: impl Fn(u8) -> bool) -> Option<usize> {
    nesting_back(bytes)
        .find(|n| n.depth == 0 && !matches!(n.byte, b'(' | b')') && stop(n.byte))
        .map(|n| n.at)
}

/// The ")" that closes the "(" at `open`.
pub(crate) fn matching(bytes: &[u8], open: usize) -> Option<usize> {
    let rest = bytes.get(open..)?;
    nesting(rest)
        .skip(1)
        .find(|n| n.byte == b')' && n.depth == 0)
        .map(|n| open + n.at)
}

/// The offset of the first "(" nested deeper than `limit`.
pub(crate) fn too_deep(bytes: &[u8], limit: usize) -> Option<usize> {
    nesting(bytes)
        .find(|n| n.byte == b'(' && n.depth >= limit)
        .map(|n| n.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths() {
        let d: Vec<usize> = nesting(b"a(b(c)d)e").map(|n| n.depth).collect();
        assert_eq!(d, [0, 0, 1, 1, 2, 1, 1, 0, 0]);
        let back: Vec<usize> = nesting_back(b"a(b)").map(|n| n.depth).collect();
        assert_eq!(back, [0, 1, 0, 0]);
    }

    #[test]
    fn the_questions_asked_of_it() {
        assert_eq!(first_outside(b"a(/)/b", |c| c == b'/'), Some(4));
        assert_eq!(last_outside(b"a/(b/c)", |c| c == b'/'), Some(1));
        assert_eq!(matching(b"x(a(b)c)d", 1), Some(7));
        assert_eq!(matching(b"x(a", 1), None);
        assert_eq!(first_outside(b"(a/[v1.(])/b", |c| c == b'/'), Some(10));
        assert_eq!(last_outside(b"a/[v1.)]/b", |c| c == b'/'), Some(8));
        assert_eq!(matching(b"([v1.)])", 0), Some(7));
        assert_eq!(too_deep(b"((a))", 2), None);
        assert_eq!(too_deep(b"(((a)))", 2), Some(2));
    }

    /// The scan that runs sixteen bytes at a time agrees with the one
    /// that reads each, wherever the first byte to look at falls.
    #[test]
    fn first_outside_of_agrees_with_first_outside() {
        const MASKS: [u8; 32] = passed_over(b"?#");
        for len in 0..70 {
            for at in 0..len {
                for c in [b'?', b'#', b'(', b'[', b')', b'/'] {
                    let mut text = "a\u{e9}b".repeat(len).into_bytes();
                    text.truncate(len);
                    if text.get(at).is_some_and(|&b| b < 0x80) {
                        text[at] = c;
                    }
                    text.extend_from_slice(b"x?(y#");
                    let stop = |c: u8| c == b'?' || c == b'#';
                    assert_eq!(
                        first_outside_of(&text, stop, &MASKS),
                        first_outside(&text, stop),
                        "{:?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }
}
