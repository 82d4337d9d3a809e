//! `xiri::find::Stream` (issue 41): a text given in pieces, cut anywhere,
//! gives what `find_with` finds in the whole text, and a `<` holds it as
//! long as the scan looks for its `>`, no longer.

use crate::common;

use common::find_text::text_strategy;
use proptest::prelude::*;
use xiri::find::{find_with, Options};
use xiri::{GenericSyntax, Rfc3986, Rfc3987};

/// What `find_with` finds in each run of valid UTF-8 of `bytes` (a byte
/// that is not UTF-8 parts them, as `xiri find` reads them), with spans
/// in `bytes`.
fn whole<S: GenericSyntax>(
    bytes: &[u8],
    options: Options,
) -> Vec<(std::ops::Range<usize>, String)> {
    let mut found = Vec::new();
    for (at, text) in bytes.utf8_chunks().scan(0, |at, chunk| {
        let start = *at;
        *at += chunk.valid().len() + chunk.invalid().len();
        Some((start, chunk.valid()))
    }) {
        found.extend(find_with::<S>(text, options).map(|f| {
            let span = f.span();
            (
                at + span.start..at + span.end,
                f.reference().as_str().to_string(),
            )
        }));
    }
    found
}

/// What a `Stream` finds in `bytes` cut at `cuts`.
fn streamed<S: GenericSyntax>(
    bytes: &[u8],
    cuts: &[usize],
    options: Options,
) -> Vec<(std::ops::Range<usize>, String)> {
    let mut stream = xiri::find::Stream::<S>::new(options);
    let mut found = Vec::new();
    let mut from = 0;
    let mut ends: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    ends.sort_unstable();
    ends.push(bytes.len());
    for end in ends {
        found.extend(stream.push(&bytes[from..end]));
        assert!(stream.held() <= xiri::find::MAX_HELD);
        from = end;
    }
    found.extend(stream.finish());
    found
        .iter()
        .map(|f| {
            let f = f.as_found();
            (f.span(), f.reference().as_str().to_string())
        })
        .collect()
}

/// A `<` and what may follow it: whitespace, `URL:`, a scheme or what
/// looks like one, a wrapped rest, a `>` or none.
fn bracket_strategy() -> impl Strategy<Value = Vec<u8>> {
    let lead: &[&str] = &[
        "",
        "\n",
        " \u{3000}",
        "\u{85}",
        "URL:",
        "url: \n",
        "\t",
        "\u{1f}",
    ];
    let word: &[&str] = &[
        "http://a/",
        "a:",
        "www.a",
        "WwW.",
        "see ",
        "1a:",
        "x+y.z:",
        "ww.",
        "URL:",
        "u:",
        "\"a:",
        "\u{e9}:",
    ];
    let rest: &[&str] = &[
        "b\n c",
        "\n",
        "",
        "\u{e9}\n",
        " d",
        "\u{0}",
        "\u{3000}e",
        "{",
    ];
    let close: &[&str] = &[">", "", "\n>", " >", "<"];
    (
        prop::sample::select(lead),
        prop::sample::select(word),
        prop::sample::select(rest),
        prop::sample::select(close),
    )
        .prop_map(|(a, b, c, d)| format!("<{a}{b}{c}{d}").into_bytes())
}

/// Text with what makes a stream wait (`<` far from its `>`, lines,
/// bytes that are not UTF-8, `URL:`, `www.`), as bytes.
fn stream_text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        3 => text_strategy().prop_map(String::into_bytes),
        4 => bracket_strategy(),
        1 => Just(b"\n".repeat(4094)),
        1 => Just(b" ".repeat(2000)),
        1 => Just(vec![0xFF]),
        1 => Just(vec![0xC3]),
        1 => Just("\u{e9}\u{3000}".as_bytes().to_vec()),
    ];
    prop::collection::vec(piece, 0..10).prop_map(|v| v.concat())
}

proptest! {
    /// Issue 41: a stream, cut anywhere, finds what the whole text has.
    #[test]
    fn a_stream_finds_what_the_whole_text_has(
        text in stream_text(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        www in any::<bool>(),
    ) {
        let options = Options::default().with_www(www);
        let every: Vec<usize> = (0..text.len()).collect();
        prop_assert_eq!(streamed::<Rfc3987>(&text, &every, options), whole::<Rfc3987>(&text, options));
        prop_assert_eq!(streamed::<Rfc3986>(&text, &cuts, options), whole::<Rfc3986>(&text, options));
        prop_assert_eq!(streamed::<Rfc3987>(&text, &cuts, options), whole::<Rfc3987>(&text, options));
        prop_assert_eq!(
            streamed::<xiri::LeiriNote>(&text, &cuts, options),
            whole::<xiri::LeiriNote>(&text, options)
        );
    }
}

/// Issue 41: the stream gives a `<` exactly as long as the scan does:
/// a `>` at the last byte of its window joins, one byte on it does not.
#[test]
fn a_stream_waits_for_a_bracket_as_far_as_the_scan_looks() {
    let max = xiri::find::MAX_BRACKETED;
    for gap in [max - 13, max - 12, max - 11, max - 10] {
        for lead in ["", "URL:", "\u{3000}"] {
            let text = format!(
                "x <{lead}http://a/\n{}b> c:d\n",
                " ".repeat(gap - lead.len())
            );
            let every: Vec<usize> = (0..text.len()).collect();
            let options = Options::default();
            let found = streamed::<Rfc3987>(text.as_bytes(), &every, options);
            assert_eq!(found, whole::<Rfc3987>(text.as_bytes(), options), "{gap}");
            let joined = found.first().is_some_and(|(_, r)| r == "http://a/b");
            // The `>` is the inside's byte gap + 11.
            assert_eq!(joined, gap + 11 < max, "{gap} {lead:?}");
        }
    }
}
