//! Hostile strings (issue 11): heads that make a reference absolute in each
//! grammar, then pieces chosen to break things: delimiters, `%` and bad
//! escapes, brackets, parentheses deep and unbalanced, bidi controls,
//! noncharacters, combining marks, characters whose NFC or NFKC form is a
//! delimiter or changes case, dot segments, and long runs of any of them.
//! A generator for `Rng` (the bounded fuzz run) and one for proptest.

use super::Rng;
use proptest::prelude::*;

/// How hostile strings start: nothing, or a scheme, an authority or an
/// XRI authority of every grammar.
pub const HEADS: &[&str] = &[
    "",
    "http://a/",
    "HTTP://Ex.COM:80",
    "https://[::1]/",
    "ftp://u@h:21/",
    "ws://h:",
    "a:",
    "s://h",
    "file:///",
    "urn:x:",
    "//h/",
    "/",
    "xri://@a/",
    "XRI://",
    "xri://a:b",
    "@a",
    "=x*y/",
    "!!1/",
    "(+a)/",
    "xri://(http://x/y)/",
];

/// The pieces hostile strings are made of.
#[rustfmt::skip]
pub const PIECES: &[&str] = &[
    // ASCII, delimiters and what no grammar allows
    "a", "Z", "0", "-", "_", "~", ":", "/", "//", "?", "#", "@", "!", "$", "&", "'", "*", "+", ",",
    ";", "=", " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\t", "\n", "\u{0}", "\u{7f}",
    // percent-encodings, good, bad and meaningful once decoded
    "%", "%4", "%zz", "%%", "%25", "%41", "%7e", "%2e", "%2E%2E", "%2F", "%3F", "%23", "%C3",
    "%C3%A9", "%c3%a9", "%FF", "%C0%AF", "%ED%A0%80", "%EF%BC%8F", "%E2%84%AA", "%C2%A0",
    "%E2%80%AE",
    // brackets and hosts
    "[", "]", "[::1]", "[v1.x]", "[fe80::1%25x]",
    "[fe80::1%25",
    "%25eth0]",
    "[::1%25a]", "1.2.3.4", ":80", "u@",
    // parentheses: cross-references, unbalanced, deep
    "(", ")", "()", "((((((((", "))))))))", "(+a)", "(=b/c)", "(http://x/y)", "(xri://@a)",
    "(:)", "(a:b)", "(@a?x#y)",
    // XRI symbols and prefixes
    "xri://", "XRI://", "xri:", "http:", "!!", "*", "*(", "=\u{338}",
    // dot segments
    ".", "..", "./", "../", "/.", "/..", "/./", "/../", "...",
    // bidi controls, noncharacters, specials, private use, tags
    "\u{200e}", "\u{202e}", "\u{2066}", "\u{fdd0}", "\u{fffe}", "\u{ffff}", "\u{1fffe}",
    "\u{10ffff}", "\u{fff0}", "\u{fffd}", "\u{e000}", "\u{f0000}", "\u{e0001}", "\u{e007f}",
    // combining marks, and what NFC composes into something else
    "\u{301}", "e\u{301}", "\u{338}", "<\u{338}", "\u{307}", "\u{1fef}", "\u{37e}", "\u{2126}",
    // NFKC gives a delimiter, a dot segment, a "%", a space or uppercase ASCII
    "\u{ff0f}", "\u{fe56}", "\u{ff1a}", "\u{ff20}", "\u{ff03}", "\u{fe5f}", "\u{ff1f}",
    "\u{ff0a}", "\u{ff01}", "\u{ff08}", "\u{ff09}", "\u{ff05}", "\u{fe6a}", "\u{ff0e}",
    "\u{2024}", "\u{2025}", "\u{2100}", "\u{2474}", "\u{216b}", "\u{212a}", "\u{ff21}", "\u{a0}",
    "\u{3000}", "\u{ff3b}",
    // other characters outside ASCII
    "\u{e9}", "\u{6f22}", "\u{10300}", "\u{1f600}",
];

/// A hostile string: a head, then [`tail`].
pub fn hostile(rng: &mut Rng) -> String {
    HEADS[rng.below(HEADS.len())].to_string() + &tail(rng)
}

/// Up to a dozen pieces, each sometimes repeated into a long run.
pub fn tail(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(13) {
        let piece = PIECES[rng.below(PIECES.len())];
        let times = match rng.below(16) {
            0 => 2 + rng.below(60),
            1 | 2 => 2,
            _ => 1,
        };
        s.push_str(&piece.repeat(times));
    }
    s
}

/// Two strings, as a base and a reference or two to compare: the second
/// another hostile string, the first with a tail, or a tail alone (a
/// relative reference), as often.
pub fn pair(rng: &mut Rng) -> (String, String) {
    let a = hostile(rng);
    let b = match rng.below(3) {
        0 => hostile(rng),
        1 => a.clone() + &tail(rng),
        _ => tail(rng),
    };
    (a, b)
}

/// The same strings for proptest, which shrinks them.
pub fn hostile_strategy() -> impl Strategy<Value = String> {
    (prop::sample::select(HEADS), tail_strategy()).prop_map(|(head, tail)| format!("{head}{tail}"))
}

/// [`tail`] for proptest.
pub fn tail_strategy() -> impl Strategy<Value = String> {
    let run = prop_oneof![12 => Just(1usize), 2 => Just(2usize), 1 => 2..60usize];
    let pieces = prop::collection::vec((prop::sample::select(PIECES), run), 0..13);
    pieces.prop_map(|pieces| pieces.iter().map(|(p, times)| p.repeat(*times)).collect())
}

/// [`pair`] for proptest.
pub fn pair_strategy() -> impl Strategy<Value = (String, String)> {
    let second = (tail_strategy(), hostile_strategy(), 0..3u8);
    (hostile_strategy(), second).prop_map(|(a, (tail, other, pick))| match pick {
        0 => (a, other),
        1 => (a.clone(), a + &tail),
        _ => (a, tail),
    })
}

/// A smaller `input` that still `fails`: removes chunks of characters,
/// halving their size down to one, while the failure stays.
pub fn shrink(input: &str, fails: &mut dyn FnMut(&str) -> bool) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    let mut size = chars.len().div_ceil(2).max(1);
    loop {
        let mut at = 0;
        while at < chars.len() {
            let candidate: String = chars[..at]
                .iter()
                .chain(&chars[(at + size).min(chars.len())..])
                .collect();
            if fails(&candidate) {
                chars = candidate.chars().collect();
            } else {
                at += size;
            }
        }
        if size == 1 {
            return chars.into_iter().collect();
        }
        size = size.div_ceil(2);
    }
}
