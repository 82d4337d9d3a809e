//! Issue 13's targets that are ratios of xiri to itself, measured in one
//! run so that the machine's drift cancels out:
//!
//! - `targets refused/GRAMMAR/INPUTS`: for each grammar, through its typed
//!   parse (`UriRef::parse`, `IriRef::parse`, `IriBisRef::parse`,
//!   `LeiriRef::parse`, `XriRef::parse`), valid inputs (`accepted`) against
//!   the same inputs with their last character replaced so that they are
//!   refused at the end (`refused`), byte for byte as long. Target: refused
//!   at most 3 times accepted.
//! - `targets xri-vs-iri/INPUTS`: XRI parsing against IRI parsing, per byte,
//!   on the same strings where they are both (`same`), and on the XRI corpus
//!   against the ASCII IRI corpus. Target: XRI at most 1.5 times IRI.
//! - `targets xri-depth-30/SIZE`: the XRI error path on cross-references
//!   nested 30 deep, refused at the end, at 10 KB and 100 KB. Target:
//!   linear (the same time per byte at both sizes).
//!
//! Every group sets its throughput in bytes, so that
//! `python3 benches/targets_table.py` can print ns per byte and the ratios.
//! Run: `cargo bench --bench targets` (about a minute and a half on 2
//! cores).

use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use std::time::Duration;

#[path = "../tests/common/mod.rs"]
mod common;

use common::corpus;
use common::shapes::{nested, repeat};

/// A typed parse, giving whether it accepted.
type Parse = fn(&str) -> bool;

const GRAMMARS: [(&str, Parse); 5] = [
    ("uri", |s| xiri::UriRef::parse(s).is_ok()),
    ("iri", |s| xiri::IriRef::parse(s).is_ok()),
    ("iri-bis", |s| xiri::IriBisRef::parse(s).is_ok()),
    ("leiri", |s| xiri::LeiriRef::parse(s).is_ok()),
    ("xri", |s| xiri::XriRef::parse(s).is_ok()),
];

/// `valid` with its last character replaced by "%" (an escape cut short,
/// refused in every grammar), keeping its length in bytes: a character of
/// n bytes becomes n - 1 "a" (allowed wherever a non-ASCII character is)
/// and the "%".
fn refuse(valid: &str) -> String {
    let last = valid.chars().next_back().expect("a non-empty input");
    let mut refused = valid[..valid.len() - last.len_utf8()].to_string();
    refused.push_str(&"a".repeat(last.len_utf8() - 1));
    refused.push('%');
    assert_eq!(refused.len(), valid.len());
    refused
}

/// A long valid input of about `bytes` bytes in each grammar, ending with
/// a character its last production reads in a loop.
fn long(grammar: &str, bytes: usize) -> String {
    match grammar {
        "uri" => repeat("http://a/", "a/b", "", bytes),
        "xri" => repeat("xri://@a/", "*(+a)*b", "", bytes),
        _ => repeat("http://a/", "a/\u{6f22}", "", bytes),
    }
}

fn bytes(inputs: &[String]) -> u64 {
    inputs.iter().map(String::len).sum::<usize>() as u64
}

fn run(parse: impl Fn(&str) -> bool, inputs: &[String]) -> usize {
    inputs.iter().filter(|s| parse(black_box(s))).count()
}

fn quick(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
}

fn refused(c: &mut Criterion) {
    let mut all = corpus("reference-ascii.txt");
    all.extend(corpus("reference-nonascii.txt"));
    all.extend(corpus("xri.txt"));
    for (grammar, parse) in GRAMMARS {
        let corpus: Vec<String> = all.iter().filter(|s| parse(s)).cloned().collect();
        let mut group = c.benchmark_group(format!("targets refused/{grammar}"));
        quick(&mut group);
        for (label, accepted) in [
            (format!("corpus ({})", corpus.len()), corpus),
            ("10 KB".to_string(), vec![long(grammar, 10_000)]),
        ] {
            let refused: Vec<String> = accepted.iter().map(|s| refuse(s)).collect();
            assert_eq!(run(parse, &accepted), accepted.len(), "{grammar} {label}");
            assert_eq!(run(parse, &refused), 0, "{grammar} {label}");
            group.throughput(Throughput::Bytes(bytes(&accepted)));
            for (verdict, inputs) in [("accepted", &accepted), ("refused", &refused)] {
                group.bench_with_input(BenchmarkId::new(verdict, &label), inputs, |b, inputs| {
                    b.iter(|| run(parse, inputs))
                });
            }
            if grammar == "xri" {
                // The engine's verdict alone, to show where a refusal's
                // time goes.
                let rule = xiri::Grammar::Xri.reference();
                let check = |s: &str| rule.check(s).is_ok();
                for (verdict, inputs) in [("accepted", &accepted), ("refused", &refused)] {
                    group.bench_with_input(
                        BenchmarkId::new(format!("check {verdict}"), &label),
                        inputs,
                        |b, inputs| b.iter(|| run(check, inputs)),
                    );
                }
            }
        }
        group.finish();
    }
}

fn xri_vs_iri(c: &mut Criterion) {
    let iri: Parse = |s| xiri::IriRef::parse(s).is_ok();
    let xri: Parse = |s| xiri::XriRef::parse(s).is_ok();
    let mut all = corpus("reference-ascii.txt");
    all.extend(corpus("reference-nonascii.txt"));
    all.extend(corpus("xri.txt"));
    let both: Vec<String> = all.iter().filter(|s| iri(s) && xri(s)).cloned().collect();
    let xrefs = vec![repeat("xri://@a/", "*(+a)*b", "", 10_000)];
    let plain = vec![repeat("xri://@a/", "*b/c", "", 10_000)];
    let xri_corpus = corpus("xri.txt");
    let iri_corpus = corpus("reference-ascii.txt");
    assert_eq!(run(xri, &xri_corpus), xri_corpus.len());
    assert_eq!(run(iri, &iri_corpus), iri_corpus.len());
    let cases: [(String, Parse, &[String]); 8] = [
        (format!("same corpus ({})", both.len()), xri, &both),
        (format!("same corpus ({})", both.len()), iri, &both),
        ("same 10 KB, no cross-reference".into(), xri, &plain),
        ("same 10 KB, no cross-reference".into(), iri, &plain),
        (
            "same 10 KB, a cross-reference every 7 bytes".into(),
            xri,
            &xrefs,
        ),
        (
            "same 10 KB, a cross-reference every 7 bytes".into(),
            iri,
            &xrefs,
        ),
        ("xri corpus vs ascii iri corpus".into(), xri, &xri_corpus),
        ("xri corpus vs ascii iri corpus".into(), iri, &iri_corpus),
    ];
    let mut group = c.benchmark_group("targets xri-vs-iri");
    quick(&mut group);
    for (i, (label, parse, inputs)) in cases.into_iter().enumerate() {
        assert_eq!(run(parse, inputs), inputs.len(), "{label}");
        group.throughput(Throughput::Bytes(bytes(inputs)));
        let name = if i % 2 == 0 { "xri" } else { "iri" };
        group.bench_with_input(BenchmarkId::new(name, label), inputs, |b, inputs| {
            b.iter(|| run(parse, inputs))
        });
    }
    group.finish();
}

fn xri_depth_30(c: &mut Criterion) {
    let xri: Parse = |s| xiri::XriRef::parse(s).is_ok();
    let mut group = c.benchmark_group("targets xri-depth-30");
    quick(&mut group);
    for size in [10_000, 100_000] {
        let accepted = vec![repeat("@a/", &format!("*{}", nested(30)), "", size)];
        let refused: Vec<String> = accepted.iter().map(|s| refuse(s)).collect();
        assert_eq!(run(xri, &accepted), 1);
        assert_eq!(run(xri, &refused), 0);
        let at = xiri::XriRef::parse(&refused[0]).unwrap_err().offset();
        assert!(
            at + 40 >= refused[0].len(),
            "refused at {at}, not at the end"
        );
        group.throughput(Throughput::Bytes(bytes(&accepted)));
        for (verdict, inputs) in [("accepted", &accepted), ("refused", &refused)] {
            group.bench_with_input(
                BenchmarkId::new(verdict, format!("{} KB", size / 1000)),
                inputs,
                |b, inputs| b.iter(|| run(xri, inputs)),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, refused, xri_vs_iri, xri_depth_30);
criterion_main!(benches);
