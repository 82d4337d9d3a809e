//! The scan's work is linear: the bytes it looks at, counted, grow by ten
//! when the text does (no timing), on texts made to defeat it.

use super::scan::Scan;
use super::Options;
use crate::syntax::grammar::Grammar;

/// The steps of a whole scan of `text`, and how many candidates it gave.
fn steps(text: &str, grammar: Grammar) -> (usize, usize) {
    fn run<S: crate::GenericSyntax>(text: &str, grammar: Grammar) -> (usize, usize) {
        let mut scan = Scan::new(text, Options::default().with_www(true), grammar, false);
        let mut hits = 0;
        while scan.next_hit::<S>().is_some() {
            hits += 1;
        }
        (scan.steps, hits)
    }
    match grammar {
        Grammar::Uri => run::<crate::Rfc3986>(text, grammar),
        Grammar::Leiri => run::<crate::LeiriNote>(text, grammar),
        _ => run::<crate::Rfc3987>(text, grammar),
    }
}

#[test]
fn work_is_linear() {
    let units = [
        "a:%zz",
        "http://x:a:b:c:d:e",
        "<a:b <c:d ",
        "<http://a/\n",
        "a:b:c:d:e:f:g:h:i:j:k:l:m:n:o:p:q:r:s:t:u:v:w:x:y:z:",
        "http://[v1.a:b:c:d:e:f:g:h:i",
        "www.www.www.",
        "www./www./www./",
        "a:/.(((((]]]]]",
        "x:.........",
        "((((((((((a:b))))))))))",
        "a+b-c.d:e \u{5D0}:\u{5D1} \u{3002}",
        "http://\u{4F8B}.jp/\u{30D1}\u{3002}",
        // The run to a delimiter, its vectors stopped every three bytes
        // and read one byte at a time between (`Scan::extent_end`).
        "a:\u{30D1}\u{30D1}\u{30D1}b:\u{4F8B}\u{2009}",
        "a:b\u{30D1}bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\u{e9}",
    ];
    for grammar in [Grammar::Uri, Grammar::Iri, Grammar::Leiri] {
        for unit in units {
            let small = unit.repeat(200);
            let large = unit.repeat(2000);
            let (s, _) = steps(&small, grammar);
            let (l, _) = steps(&large, grammar);
            assert!(
                l <= 11 * s && s <= 8 * small.len() && l <= 8 * large.len(),
                "{grammar} {unit:?}: {s} steps for {} bytes, {l} for {}",
                small.len(),
                large.len()
            );
        }
    }
    // No separator at all: one long candidate the automaton reads once.
    let (s, hits) = steps(&"a:b".repeat(10_000), Grammar::Iri);
    assert_eq!(hits, 1);
    assert!(s <= 4 * 30_000, "{s}");
}

/// The bytes a [`Stream`](super::Stream) looks at over `text` pushed a
/// line at a time (as `xiri find` read it), the most it held after a
/// push, and how many identifiers it gave.
fn stream_steps(text: &str, www: bool) -> (usize, usize, usize) {
    let mut stream = super::Stream::<crate::Rfc3987>::new(Options::default().with_www(www));
    let (mut held, mut hits) = (0, 0);
    for line in text.as_bytes().split_inclusive(|&b| b == b'\n') {
        hits += stream.push(line).len();
        held = held.max(stream.held());
    }
    let steps = stream.steps;
    hits += stream.finish().len();
    (steps, held, hits)
}

/// Issue 41: `xiri find` read the whole held text again for each line
/// while a `<` waited for its `>` (4.0 s for 2 MB of `<` and 4000 line
/// breaks). The stream reads each byte a bounded number of times: ten
/// times the text, at most ~ten times the steps, and a few steps a byte.
#[test]
fn stream_work_is_linear_while_a_bracket_waits() {
    let waits = format!("<{}", "\n".repeat(4000));
    let words = format!("{}<", "a".repeat(100));
    let run = "x".repeat(70_000);
    let units = [
        waits.as_str(),
        "<\n",
        "<http://a/\n",
        "<URL:\n",
        "< www.\n",
        "<\u{3000}\n",
        "<a:b\n c\n",
        "a < b\n",
        words.as_str(),
        run.as_str(),
        "see http://a/b.\n",
    ];
    for unit in units {
        for www in [false, true] {
            let small = unit.repeat(100_000usize.div_ceil(unit.len()));
            let large = unit.repeat(1_000_000usize.div_ceil(unit.len()));
            let (s, _, _) = stream_steps(&small, www);
            let (l, _, _) = stream_steps(&large, www);
            assert!(
                l <= 15 * s && s <= 8 * small.len() && l <= 8 * large.len(),
                "{unit:?}: {s} steps for {} bytes, {l} for {}",
                small.len(),
                large.len()
            );
        }
    }
}

/// Issue 41: when every line opened a new `<`, `xiri find` held them all
/// (102 MB for 100 MB of `<\n`), and printed a URL after them only at the
/// end of the input. The stream holds at most what may still change an
/// answer, and gives the URL with its line.
#[test]
fn stream_holds_what_may_change_an_answer() {
    let text = "<\n".repeat(5_000_000);
    let (_, held, hits) = stream_steps(&text, false);
    assert_eq!((held, hits), (2, 0));
    let mut stream = super::Stream::<crate::Rfc3986>::new(Options::default());
    for block in text.as_bytes().chunks(8192) {
        assert!(stream.push(block).is_empty());
        assert!(stream.held() <= 2, "{}", stream.held());
    }
    let found = stream.push(b"see http://a/b now\n");
    let spans: Vec<_> = found.iter().map(|f| f.as_found().span()).collect();
    assert_eq!(spans, vec![text.len() + 4..text.len() + 14]);
    // A `<` waits at most MAX_BRACKETED bytes for its `>`; a run with no
    // place to cut, at most MAX_HELD.
    for (unit, bound) in [
        (
            format!("<{}", "\n".repeat(10_000)),
            super::MAX_BRACKETED + 1,
        ),
        ("y".repeat(200_000), super::MAX_HELD),
        (
            format!("<http://a/\n{}", "b".repeat(200_000)),
            super::MAX_HELD,
        ),
    ] {
        let (_, held, _) = stream_steps(&unit.repeat(3), false);
        assert!(held <= bound, "{held} bytes held, {bound} at most");
    }
}

/// Where a run with no place to cut is cut depends on the text only, not
/// on how it comes: each piece's own searches agree.
#[test]
fn stream_cuts_a_long_run_where_the_text_says() {
    let text = format!(
        "<a:b\n{}\u{e9}http://x/{}",
        "b".repeat(super::MAX_HELD - 4),
        "c".repeat(2 * super::MAX_HELD)
    );
    let spans = |size: usize| {
        let mut stream = super::Stream::<crate::Rfc3987>::new(Options::default());
        let mut found = Vec::new();
        for block in text.as_bytes().chunks(size) {
            found.extend(stream.push(block));
        }
        found.extend(stream.finish());
        found
            .iter()
            .map(|f| f.as_found().span())
            .collect::<Vec<_>>()
    };
    let whole = spans(text.len());
    assert_eq!(whole, spans(1));
    assert_eq!(whole, spans(4093));
    // The `<` at 0 is never closed, and dies 4096 bytes on: the run from
    // the line break is cut 3 bytes short of MAX_HELD, after the `é`
    // rather than inside it, and the URL after it is cut as long.
    let e = text.find('\u{e9}').unwrap();
    assert_eq!(e, super::MAX_HELD + 1);
    assert_eq!(whole, [1..4, e + 2..2 * super::MAX_HELD]);
}

/// Issue 44: the scan asks the first stage (crates/engine/src/stage/)
/// before the automaton's walk. Both give the same identifiers, spans and
/// marks ([`check::stage_check`](super::check::stage_check)), on
/// identifiers of every length around the stage's bounds (16 and 256
/// bytes) and its 64-byte block, with each kind of byte that ends, trims,
/// wraps or continues one at every place of them.
#[test]
fn the_stage_finds_what_the_walk_finds() {
    let fills = [
        "a", "\u{e9}", "\u{4f8b}", "%41", "%zz", "/", "?", "#", "@", ":", "(", ")", "[", "]", ".",
        ",", " ", "\n", "<", ">", "\"", "'", "\u{3002}", "\u{a0}", "\u{e000}", "\u{201d}", "-",
    ];
    let mut found = 0;
    for head in [
        "http://a.example/",
        "<URL:mailto:x@",
        "see (ftp://h/",
        "www.x.org/p",
    ] {
        for n in (0usize..=72).chain(240..=270) {
            for fill in fills {
                let filler = "b".repeat(n.saturating_sub(head.len()));
                let text = format!("{head}{filler}{fill}c> {head}{fill}{filler}.\n");
                found += super::check::stage_check(&text).unwrap();
            }
        }
    }
    // The texts hold identifiers: the lists compared are not empty.
    assert!(found > 10_000, "{found}");
}

/// The run to a delimiter (`Scan::extent_end`: the blocks' stop masks,
/// a lead byte of class LOOK looked at more closely) ends at the first
/// character that ends identifiers ([`ends`](super::delimit::ends)), read
/// one character at a time here: with each kind of character that goes
/// on, ends, or has a lead byte that may end one, at every place of runs
/// across the blocks' 64 bytes and the vectors' 16 and 32 in them.
#[test]
fn the_run_to_a_delimiter_ends_where_a_character_ends_it() {
    let fills = [
        "a", "\u{e9}", "\u{a0}", "\u{a9}", "\u{3002}", "\u{30d1}", "\u{4f8b}", "\u{2009}",
        "\u{201d}", "\u{ff0c}", "\u{ff41}", "\u{1680}", "\u{16a0}", " ", "\n", "<", "\u{7f}",
    ];
    let mut checked = 0;
    for n in (0usize..=70).chain([95, 96, 97, 127, 128, 129]) {
        for fill in fills {
            for filler in ["b", "\u{30d1}"] {
                let text = format!("{}{fill}{}", filler.repeat(n), filler.repeat(3));
                for (start, _) in text.char_indices() {
                    let expected = text[start..]
                        .char_indices()
                        .find(|&(_, c)| super::delimit::ends(c))
                        .map_or(text.len(), |(k, _)| start + k);
                    let mut scan = Scan::new(&text, Options::default(), Grammar::Iri, false);
                    assert_eq!(scan.extent_end(start), expected, "{text:?} from {start}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// The trim's count of a pair of brackets in a span is the count of its
/// characters: on every string of up to five characters from the pairs
/// and from characters whose encodings end in the same byte as theirs
/// (`Ĝ` and `༜` end as `“` does, in 0x9C) or start as theirs do, at
/// every start and end.
#[test]
fn a_pair_is_counted_by_its_characters() {
    use super::delimit::PAIRS;
    let pool = [
        '(', ')', '[', '\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}', '\u{AB}', '\u{BB}',
        '\u{2039}', '\u{203A}', '\u{11C}', '\u{F1C}', '\u{201E}', '\u{3B}', 'a',
    ];
    let mut texts = vec![String::new()];
    let mut checked = 0;
    for _ in 0..4 {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|t| pool.iter().map(move |c| format!("{t}{c}")))
            .collect();
        for text in &longer {
            let ends: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .collect();
            for &start in &ends {
                for &end in ends.iter().filter(|&&e| e >= start) {
                    let mut scan = Scan::new(text, Options::default(), Grammar::Iri, false);
                    for (k, &(open, close)) in PAIRS.iter().enumerate() {
                        let span = &text[start..end];
                        let count = |c: char| span.chars().filter(|&x| x == c).count() as isize;
                        let expected = count(open) - count(close);
                        assert_eq!(scan.balance(start, end, k), expected, "{span:?} {k}");
                        checked += 1;
                    }
                }
            }
        }
        texts = longer;
    }
    assert!(checked > 1_000_000, "{checked}");
}
