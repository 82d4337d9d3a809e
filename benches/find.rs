//! `xiri::find` (IRIs, `Rfc3987`) beside the `linkify` crate (URLs with a
//! scheme) on the same texts: English prose with identifiers, the
//! multi-script corpus of tests/data/find/, and prose without any, each
//! about 100 KB. After criterion's groups, the time ratio xiri/linkify
//! per text (best of 15 runs each), as README's Performance section quotes,
//! and the time oxiri takes to parse the identifiers xiri found, with no
//! search, over linkify's: what validating them costs the fastest peer
//! parser.
//!
//! Run: `cargo bench --bench find`.

use criterion::{black_box, Criterion, Throughput};
use std::time::{Duration, Instant};

const SIZE: usize = 100_000;

/// `unit` repeated to about [`SIZE`] bytes.
fn repeat(unit: &str) -> String {
    unit.repeat(SIZE / unit.len().max(1) + 1)
}

fn texts() -> Vec<(&'static str, String)> {
    let prose = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\", but you can \
        probably pick it up from <ftp://foo.example.com/rfc/>. Note the warning in \
        (http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING). The quick brown fox \
        jumps over the lazy dog; see: https://example.com/a/b?c=d&e=f#g, then mail \
        someone. Nothing here is an identifier, 10:30, a: b, c.d, e-f.\n";
    let corpus: String = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/find/corpus.jsonl"
    ))
    .expect("the corpus")
    .lines()
    .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
    .filter_map(|v| v["text"].as_str().map(|t| format!("{t}\n")))
    .collect();
    let plain = "The quick brown fox jumps over the lazy dog, again and again; nothing \
        to link here: just words, numbers like 10:30 and punctuation.\n";
    vec![
        ("prose", repeat(prose)),
        ("scripts", repeat(&corpus)),
        ("plain", repeat(plain)),
    ]
}

fn with_xiri(text: &str) -> usize {
    xiri::find::<xiri::Rfc3987>(text)
        .map(|f| f.span().len())
        .sum()
}

fn with_linkify(finder: &linkify::LinkFinder, text: &str) -> usize {
    finder.links(text).map(|l| l.end() - l.start()).sum()
}

fn linkifier() -> linkify::LinkFinder {
    let mut finder = linkify::LinkFinder::new();
    finder.url_must_have_scheme(true);
    finder.kinds(&[linkify::LinkKind::Url]);
    finder
}

fn best(mut f: impl FnMut() -> usize) -> Duration {
    (0..15)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The identifiers `xiri::find` finds in `text`, as the references it
/// parsed.
fn found(text: &str) -> Vec<String> {
    xiri::find::<xiri::Rfc3987>(text)
        .map(|f| f.reference().as_str().to_string())
        .collect()
}

/// Parses each of `ids` with oxiri: what validating them alone costs the
/// fastest peer parser, with no search.
fn with_oxiri(ids: &[String]) -> usize {
    ids.iter()
        .filter(|s| oxiri::Iri::parse(black_box(s.as_str())).is_ok())
        .count()
}

fn main() {
    let texts = texts();
    let finder = linkifier();
    let mut c = Criterion::default().configure_from_args();
    for (name, text) in &texts {
        let mut group = c.benchmark_group(format!("find {name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("xiri", |b| b.iter(|| with_xiri(black_box(text))));
        group.bench_function("linkify", |b| {
            b.iter(|| with_linkify(&finder, black_box(text)))
        });
        group.finish();
    }
    c.final_summary();
    for (name, text) in &texts {
        let ids = found(text);
        let x = best(|| with_xiri(text));
        let l = best(|| with_linkify(&finder, text));
        let o = best(|| with_oxiri(&ids));
        let ratio = |t: Duration| t.as_secs_f64() / l.as_secs_f64().max(1e-9);
        println!(
            "find {name}: {} bytes, xiri {:?}, linkify {:?}, xiri/linkify {:.2}; \
             oxiri parsing the {} identifiers xiri finds, no search: {:?}, {:.2} of linkify",
            text.len(),
            x,
            l,
            ratio(x),
            ids.len(),
            o,
            ratio(o)
        );
    }
}
