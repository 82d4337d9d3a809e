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
    nesting(bytes)
        .find(|n| n.depth == 0 && !matches!(n.byte, b'(' | b')') && stop(n.byte))
        .map(|n| n.at)
}

/// What a scan for the first of some bytes outside parentheses needs
/// ([`Stops::new`]): the class of each byte, and the bytes it passes over
/// as nibble masks for sixteen at a time.
pub(crate) struct Stops {
    /// [`PASS`], [`STOP`], [`OPEN`], [`CLOSE`], [`BRACKET`] or
    /// [`UNBRACKET`] for each byte.
    class: [u8; 256],
    /// The bytes of class [`PASS`] as the nibble masks of
    /// `xiri_engine::plain_run` (crates/engine/src/simd.rs): for each low
    /// nibble, bit `h` for the high nibble `h` (ASCII) or `h + 8`.
    masks: [u8; 32],
}

/// A byte the scan passes over.
const PASS: u8 = 0;
/// A byte the scan looks for.
const STOP: u8 = 1;
/// "(".
const OPEN: u8 = 2;
/// ")".
const CLOSE: u8 = 3;
/// "[".
const BRACKET: u8 = 4;
/// "]".
const UNBRACKET: u8 = 5;

impl Stops {
    /// The scan for the first of `stops` (neither parentheses nor
    /// brackets) outside parentheses. Every byte from 0x80 up is passed
    /// over.
    // Built at compile time, within its bounds.
    #[allow(clippy::indexing_slicing)]
    pub(crate) const fn new(stops: &[u8]) -> Stops {
        let mut class = [PASS; 256];
        let mut k = 0;
        while k < stops.len() {
            class[stops[k] as usize] = STOP;
            k += 1;
        }
        class[b'(' as usize] = OPEN;
        class[b')' as usize] = CLOSE;
        class[b'[' as usize] = BRACKET;
        class[b']' as usize] = UNBRACKET;
        let mut passed = [false; 256];
        let mut b = 0;
        while b < 256 {
            passed[b] = class[b] == PASS;
            b += 1;
        }
        Stops {
            class,
            masks: xiri_engine::masks_of(&passed),
        }
    }
}

/// How long a text [`first_outside_of`] runs through sixteen bytes at a
/// time.
const LONG: usize = 64;

/// [`first_outside`] of the bytes `stops` was made for, in one tight
/// loop over each byte's class: the run to the first byte it must look
/// at is sixteen bytes at a time where the processor can (a long path
/// without parentheses is one such run).
// The class table has 256 entries: a byte never indexes past it.
#[allow(clippy::indexing_slicing)]
#[inline]
pub(crate) fn first_outside_of(bytes: &[u8], stops: &Stops) -> Option<usize> {
    // A short text is read byte by byte at no greater cost.
    let mut i = if bytes.len() >= LONG {
        xiri_engine::plain_run(bytes, 0, &stops.masks)
    } else {
        0
    };
    // As `walk` reads them: parentheses between "[" and "]" are data, and
    // a stop counts where no parenthesis is open.
    let mut depth = 0usize;
    let mut bracketed = false;
    while let Some(&c) = bytes.get(i) {
        match stops.class[usize::from(c)] {
            PASS => {}
            STOP if depth == 0 => return Some(i),
            STOP => {}
            _ if bracketed => bracketed = c != b']',
            OPEN => depth += 1,
            CLOSE => depth = depth.saturating_sub(1),
            BRACKET => bracketed = true,
            _ => {}
        }
        i += 1;
    }
    None
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

/// The offset of the first "(" nested deeper than `limit` (for pest's
/// recursion, which the engine's run does not have).
#[cfg(feature = "trees")]
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

    /// The class loop agrees with the nesting walk on random texts of
    /// parentheses, brackets and stops, short and past [`LONG`].
    #[test]
    fn first_outside_of_agrees_on_random_texts() {
        const STOPS: Stops = Stops::new(b"/?#");
        let alphabet: [&str; 12] = [
            "a", "(", ")", "[", "]", "/", "?", "#", "\u{e9}", "bcdefgh", "((((((((", "))))))))",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 60) as usize;
            let mut text = String::new();
            let mut r = seed;
            for _ in 0..len {
                r = r
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(alphabet[(r >> 33) as usize % alphabet.len()]);
            }
            let stop = |c: u8| matches!(c, b'/' | b'?' | b'#');
            assert_eq!(
                first_outside_of(text.as_bytes(), &STOPS),
                first_outside(text.as_bytes(), stop),
                "{text:?}"
            );
        }
    }

    /// The scan that runs sixteen bytes at a time agrees with the one
    /// that reads each, wherever the first byte to look at falls.
    #[test]
    fn first_outside_of_agrees_with_first_outside() {
        const STOPS: Stops = Stops::new(b"?#");
        for len in 0..70 {
            for at in 0..len {
                for c in [b'?', b'#', b'(', b'[', b')', b']', b'/'] {
                    let mut text = "a\u{e9}b".repeat(len).into_bytes();
                    text.truncate(len);
                    if text.get(at).is_some_and(|&b| b < 0x80) {
                        text[at] = c;
                    }
                    text.extend_from_slice(b"x?(y#");
                    let stop = |c: u8| c == b'?' || c == b'#';
                    assert_eq!(
                        first_outside_of(&text, &STOPS),
                        first_outside(&text, stop),
                        "{:?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }
}
