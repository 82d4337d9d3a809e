//! The skip: the run of bytes an accelerated state loops on, read
//! through its skip table (eight bytes at a time, then sixteen with SIMD
//! once the run is long: sixteen plain bytes or eight wide characters in
//! a row, or two `%XX`), for the table loop (walk.rs).

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
            // plain bytes in a row (a long run goes on), so a short run
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
                    n @ 2..=SKIP_PCT => {
                        // A wide character, or a "%XX" (four of them):
                        // after eight in a row, sixteen bytes at a time
                        // ("seg%C3%A9ment/" repeated has no sixteen plain
                        // bytes in a row).
                        if n == SKIP_PCT {
                            let hex = |k: usize| bytes.get(k).is_some_and(|&h| HEX[usize::from(h)]);
                            if !(hex(i + 1) && hex(i + 2)) {
                                return i;
                            }
                            i += 3;
                            wide += 4;
                        } else {
                            i += match n {
                                2 => 2,
                                3 => 3,
                                _ => 4,
                            };
                            wide += 1;
                        }
                        if wide >= 8 {
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
    /// masks start at `masks` (the table at `masks * 8` in `skips`), over
    /// each `%XX` too where the table keeps the state on `%XX`; out of the
    /// skip loop's way, which short runs take.
    #[inline(never)]
    fn long_run(&self, bytes: &[u8], i: usize, masks: usize) -> usize {
        let percent = self.skips.get(masks * 8 + usize::from(b'%')) == Some(&SKIP_PCT);
        let masks: Option<&[u8; 32]> = self
            .skip_masks
            .get(masks..masks + 32)
            .and_then(|m| m.try_into().ok());
        masks.map_or(i, |masks| super::simd::run(bytes, i, masks, percent))
    }
}

#[cfg(test)]
mod tests {
    use crate::Automaton;
    use crate::fixtures::{compiled, xri_typed};
    use crate::tables::{GROUP, SKIP_PCT};

    /// `a` with its skip tables rewritten by `keep` (entry, byte -> new
    /// entry), and their masks with them; still consistent.
    fn retabled(a: &Automaton, keep: impl Fn(u8, u8) -> u8) -> Automaton {
        let mut parts = a.0.clone();
        let skips = parts.skips.to_mut();
        for table in skips.chunks_mut(256) {
            for (entry, b) in table.iter_mut().zip(0u8..=u8::MAX) {
                *entry = keep(*entry, b);
            }
        }
        let masks: Vec<u8> = skips
            .chunks(256)
            .flat_map(|t| crate::simd::nibble_masks(|b| t[usize::from(b)]))
            .collect();
        parts.skip_masks = masks.into();
        Automaton::from_parts(parts).expect("fewer skips stay consistent")
    }

    /// The skip table of the state `a` is in after `prefix`, if it has
    /// one of its own (not a group's).
    fn table_after<'a>(a: &'a Automaton, prefix: &str) -> Option<&'a [u8]> {
        let mut buf = [0u8; 4];
        let s = prefix.chars().fold(a.start, |s, c| {
            a.next_char(s, c.encode_utf8(&mut buf).as_bytes())
        });
        let column = usize::from(a.trans[s * a.stride + a.stride - 1]);
        let own = (1..=a.accelerated).contains(&s) && column & usize::from(GROUP) == 0;
        own.then(|| &a.skips[(column - 1) * 256..column * 256])
    }

    /// The long runs step over `%XX` only where the compiler derived it
    /// (`compile/bytes.rs`, checked by `is_consistent`): in a path, a
    /// query and a fragment of every RFC 3986-shaped grammar it does, and
    /// a `%` entry put into a table whose state `%XX` leaves (the
    /// scheme's) is caught.
    #[test]
    fn paths_queries_and_fragments_skip_percent_triplets() {
        for grammar in ["uri", "iri", "iri-bis", "leiri"] {
            let rule = format!(
                "{}-reference",
                grammar.split('-').next().unwrap().to_uppercase()
            );
            let a = compiled(grammar, &rule, true);
            for prefix in ["http://h/pa", "//h/p?qu", "p#fr", "a/bc"] {
                let table = table_after(&a, prefix).unwrap_or_else(|| panic!("{grammar} {prefix}"));
                assert_eq!(table[usize::from(b'%')], SKIP_PCT, "{grammar} {prefix}");
            }
            let scheme = table_after(&a, "http").expect("the scheme's state is accelerated");
            assert_eq!(scheme[usize::from(b'%')], 0, "{grammar}");
            let at = scheme.as_ptr() as usize - a.skips.as_ptr() as usize + usize::from(b'%');
            let mut tampered = a.clone();
            tampered.0.skips.to_mut()[at] = SKIP_PCT;
            assert!(!tampered.is_consistent(), "{grammar}");
        }
    }

    /// The places around 16- and 64-byte boundaries a "%" (or another
    /// probe) is put at, after the prefix.
    const PLACES: std::ops::RangeInclusive<usize> = 0..=80;

    /// Backgrounds the probes are put into: the skip's long runs of plain
    /// bytes, of `%XX`, of both and of wide characters.
    const BACKGROUNDS: [&str; 5] = ["a", "seg%C3%A9ment/", "%41", "\u{e9}/", "ab%2F\u{e9}x"];

    /// What is put into a background at each place: a `%XX` broken in
    /// every way (no digit, one, a non-digit, a wide character after it),
    /// a `%` at the end (the input cut after the probe), and bytes that
    /// leave a path, a query or a fragment.
    const PROBES: [&str; 14] = [
        "%", "%4", "%4G", "%G4", "%\u{e9}", "%4\u{e9}", "%%41", "%41", "%C3%A9", "?", "#", " ",
        "\u{e000}", "(",
    ];

    /// Whether `k` starts a unit of `s`: a character, not inside a `%XX`.
    fn unit_starts_at(s: &str, k: usize) -> bool {
        let pct =
            |back: usize| k.checked_sub(back).and_then(|p| s.as_bytes().get(p)) == Some(&b'%');
        s.is_char_boundary(k) && !pct(1) && !pct(2)
    }

    /// Every input: a prefix, then a probe at each place of each
    /// background, cut after the probe, a character later, and at 160
    /// bytes.
    fn inputs(prefix: &str) -> Vec<String> {
        let mut all = Vec::new();
        for background in BACKGROUNDS {
            let long = background.repeat(200 / background.len() + 1);
            for k in PLACES.filter(|&k| unit_starts_at(&long, k)) {
                for probe in PROBES {
                    let body = format!("{}{probe}{}", &long[..k], &long[k..]);
                    let after = k + probe.len();
                    let next = after + body[after..].chars().next().map_or(0, char::len_utf8);
                    let far = (k + 160..body.len()).find(|&e| unit_starts_at(&body, e));
                    for end in [Some(after), Some(next), far].into_iter().flatten() {
                        all.push(format!("{prefix}{}", &body[..end]));
                    }
                }
            }
        }
        all
    }

    /// The skip over `%XX` (the scalar loop's and the long runs') against
    /// the same automaton stepping each `%XX` through its transitions, and
    /// against it with no skip at all: the same verdict, marks, refusal
    /// offset and expected set, and for `find`'s longest prefix the same
    /// end, marks and bytes read, on a `%` at every place around the
    /// 16- and 64-byte boundaries, in a path, a query and a fragment, of
    /// every built-in grammar (XRI's, with calls and groups, by verdict),
    /// with the long runs read each way the processor has.
    #[test]
    fn skipping_percent_triplets_changes_no_answer() {
        let mut automata: Vec<(Automaton, &[&str])> = Vec::new();
        for grammar in ["uri", "iri", "iri-bis", "leiri"] {
            let rule = format!(
                "{}-reference",
                grammar.split('-').next().unwrap().to_uppercase()
            );
            let prefixes: &[&str] = &["http://example.org/", "//h/p?", "p#"];
            automata.push((compiled(grammar, &rule, true), prefixes));
        }
        let xri: &[&str] = &["xri://@a/", "xri://@a/*b?", "xri://=a#"];
        automata.push((compiled("xri", "XRI-reference", false), xri));
        for typed in xri_typed() {
            automata.push((typed.clone(), xri));
        }
        let mut checked = 0;
        for (built, prefixes) in &automata {
            assert!(
                built
                    .skips
                    .chunks(256)
                    .any(|t| t[usize::from(b'%')] == SKIP_PCT),
                "{}: no skip table steps over %XX",
                built.rule()
            );
            let stepped = retabled(built, |e, b| if b == b'%' { 0 } else { e });
            let bare = retabled(built, |_, _| 0);
            for prefix in *prefixes {
                for input in inputs(prefix) {
                    let want = bare.check(&input);
                    let (marks, longest) = (
                        bare.check_split(&input),
                        bare.longest_from(bare.start, &input),
                    );
                    // Each way the processor has of reading the long runs
                    // (crates/engine/src/simd.rs: AVX2's, SSSE3's).
                    for narrow in [false, true] {
                        crate::simd::NARROW.set(narrow);
                        for a in [built, &stepped] {
                            assert_eq!(want, a.check(&input), "{} {input:?}", a.rule());
                            if !a.has_calls() {
                                assert_eq!(marks, a.check_split(&input), "{input:?}");
                                assert_eq!(longest, a.longest_from(a.start, &input));
                            }
                        }
                    }
                    crate::simd::NARROW.set(false);
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
