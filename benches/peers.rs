//! xiri next to oxiri, iri-string and fluent-uri, in one run: parse
//! (references and absolute IRIs, ASCII and not; and one 1 MB IRI),
//! resolution (RFC 3986 5.4),
//! IRI → URI, normalization, and XRI parsing. Each benchmark runs over a
//! whole corpus from `benches/corpus/`; criterion reports the time per
//! corpus. xiri's `Rule::check` (`xiri-check`: the engine's verdict alone,
//! with no components) is measured too, next to the typed parse.
//!
//! Run: `cargo bench --bench peers`, then `benches/table.py` for the
//! table (docs/PERFORMANCE.md has the earlier ones; the README's peer
//! table comes from `benches/interleaved.rs`).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};

#[path = "../tests/common/mod.rs"]
mod common;

use common::corpus;

fn absolute(refs: &[String]) -> Vec<String> {
    refs.iter()
        .filter(|r| xiri::Iri::parse(r).is_ok())
        .cloned()
        .collect()
}

fn parse(c: &mut Criterion) {
    for (label, file) in [
        ("ascii", "reference-ascii.txt"),
        ("nonascii", "reference-nonascii.txt"),
    ] {
        let refs = corpus(file);
        let abs = absolute(&refs);
        let mut group = c.benchmark_group(format!("parse-reference-{label}"));
        group.bench_function("xiri", |b| {
            b.iter(|| {
                for r in &refs {
                    black_box(xiri::IriRef::parse(black_box(r)).is_ok());
                }
            })
        });
        let rule = xiri::Grammar::Iri.reference();
        group.bench_function("xiri-check", |b| {
            b.iter(|| {
                for r in &refs {
                    black_box(rule.check(black_box(r)).is_ok());
                }
            })
        });
        group.bench_function("oxiri", |b| {
            b.iter(|| {
                for r in &refs {
                    black_box(oxiri::IriRef::parse(black_box(r.as_str())).is_ok());
                }
            })
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| {
                for r in &refs {
                    black_box(iri_string::types::IriReferenceStr::new(black_box(r)).is_ok());
                }
            })
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                for r in &refs {
                    black_box(fluent_uri::IriRef::parse(black_box(r.as_str())).is_ok());
                }
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("parse-absolute-{label}"));
        group.bench_function("xiri", |b| {
            b.iter(|| {
                for r in &abs {
                    black_box(xiri::Iri::parse(black_box(r)).is_ok());
                }
            })
        });
        group.bench_function("oxiri", |b| {
            b.iter(|| {
                for r in &abs {
                    black_box(oxiri::Iri::parse(black_box(r.as_str())).is_ok());
                }
            })
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| {
                for r in &abs {
                    black_box(iri_string::types::IriStr::new(black_box(r)).is_ok());
                }
            })
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                for r in &abs {
                    black_box(fluent_uri::Iri::parse(black_box(r.as_str())).is_ok());
                }
            })
        });
        group.finish();
    }
}

/// The normal and abnormal examples of RFC 3986 5.4, read from the RFC's
/// text (copied in tests/data/specs/).
fn rfc3986_5_4() -> Vec<String> {
    let text = common::spec_data("rfc3986-5.4-resolution-examples.txt");
    text.lines()
        .filter_map(|l| {
            let (lhs, _) = l.trim().split_once("=  \"")?;
            let r = lhs.trim().trim_matches('"');
            (!r.contains(' ')).then(|| r.to_string())
        })
        .collect()
}

fn resolve(c: &mut Criterion) {
    let refs = rfc3986_5_4();
    assert!(refs.len() >= 40, "{} examples", refs.len());
    let base = "http://a/b/c/d;p?q";
    let mut group = c.benchmark_group("resolve-rfc3986-5.4");
    let xiri_base = xiri::Iri::parse(base).unwrap();
    group.bench_function("xiri", |b| {
        b.iter(|| {
            for r in &refs {
                let r = xiri::IriRef::parse(black_box(r)).unwrap();
                black_box(xiri_base.resolve(&r));
            }
        })
    });
    let mut buffer = String::new();
    group.bench_function("xiri-into", |b| {
        b.iter(|| {
            for r in &refs {
                let r = xiri::IriRef::parse(black_box(r)).unwrap();
                black_box(xiri_base.resolve_into(&r, &mut buffer).as_str().len());
            }
        })
    });
    let ox_base = oxiri::Iri::parse(base).unwrap();
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            for r in &refs {
                let r = oxiri::IriRef::parse(black_box(r.as_str())).unwrap();
                black_box(ox_base.resolve(&r).unwrap());
            }
        })
    });
    let is_base = iri_string::types::IriAbsoluteStr::new(base).unwrap();
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for r in &refs {
                let r = iri_string::types::IriReferenceStr::new(black_box(r)).unwrap();
                black_box(iri_string::format::ToDedicatedString::to_dedicated_string(
                    &r.resolve_against(is_base),
                ));
            }
        })
    });
    let fl_base = fluent_uri::Iri::parse(base).unwrap();
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for r in &refs {
                let r = fluent_uri::IriRef::parse(black_box(r.as_str())).unwrap();
                black_box(r.resolve_against(&fl_base).unwrap());
            }
        })
    });
    group.finish();
}

fn iri_to_uri(c: &mut Criterion) {
    let refs = corpus("reference-nonascii.txt");
    let mut group = c.benchmark_group("iri-to-uri");
    group.bench_function("xiri", |b| {
        b.iter(|| {
            for r in &refs {
                black_box(xiri::IriRef::parse(black_box(r)).unwrap().to_uri());
            }
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for r in &refs {
                let r = iri_string::types::IriReferenceStr::new(black_box(r)).unwrap();
                black_box(iri_string::format::ToDedicatedString::to_dedicated_string(
                    &r.encode_to_uri(),
                ));
            }
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for r in &refs {
                black_box(
                    fluent_uri::IriRef::parse(black_box(r.as_str()))
                        .unwrap()
                        .to_uri_ref(),
                );
            }
        })
    });
    group.finish();
}

fn normalize(c: &mut Criterion) {
    let mut refs = absolute(&corpus("reference-ascii.txt"));
    refs.extend(absolute(&corpus("reference-nonascii.txt")));
    let mut group = c.benchmark_group("normalize");
    group.bench_function("xiri", |b| {
        b.iter(|| {
            for r in &refs {
                let iri = xiri::Iri::parse(black_box(r)).unwrap();
                black_box(iri.normalize(xiri::Normalization::default()).unwrap());
            }
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for r in &refs {
                let iri = iri_string::types::IriStr::new(black_box(r)).unwrap();
                black_box(iri_string::format::ToDedicatedString::to_dedicated_string(
                    &iri.normalize(),
                ));
            }
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for r in &refs {
                black_box(
                    fluent_uri::Iri::parse(black_box(r.as_str()))
                        .unwrap()
                        .normalize(),
                );
            }
        })
    });
    group.finish();
}

fn xri(c: &mut Criterion) {
    let xris = corpus("xri.txt");
    let iris = corpus("reference-ascii.txt");
    let mut group = c.benchmark_group("parse-xri");
    for (label, inputs) in [("xri-corpus", &xris), ("iri-corpus", &iris)] {
        group.bench_with_input(BenchmarkId::new("xiri-xri", label), inputs, |b, inputs| {
            b.iter(|| {
                for r in inputs.iter() {
                    black_box(xiri::XriRef::parse(black_box(r)).is_ok());
                }
            })
        });
    }
    group.bench_with_input(
        BenchmarkId::new("xiri-iri", "iri-corpus"),
        &iris,
        |b, inputs| {
            b.iter(|| {
                for r in inputs.iter() {
                    black_box(xiri::IriRef::parse(black_box(r)).is_ok());
                }
            })
        },
    );
    group.finish();
}

/// A 1 MB IRI whose path repeats `unit`.
fn long_iri(unit: &str) -> String {
    let mut s = String::from("http://example.org/");
    while s.len() < 1 << 20 {
        s.push_str(unit);
    }
    s
}

/// One 1 MB IRI parsed by each implementation: a path of `a/` runs, of
/// `seg%C3%A9ment/` and of non-ASCII `é/` (ns a byte = the median / 2^20).
fn long(c: &mut Criterion) {
    for (label, unit) in [
        ("ascii", "a/"),
        ("pct", "seg%C3%A9ment/"),
        ("nonascii", "\u{e9}/"),
    ] {
        let input = long_iri(unit);
        let mut group = c.benchmark_group(format!("parse-1mb-{label}"));
        group.sample_size(20);
        group.throughput(criterion::Throughput::Bytes(input.len() as u64));
        group.bench_function("xiri", |b| {
            b.iter(|| black_box(xiri::Iri::parse(black_box(&input)).is_ok()))
        });
        group.bench_function("oxiri", |b| {
            b.iter(|| black_box(oxiri::Iri::parse(black_box(input.as_str())).is_ok()))
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| black_box(iri_string::types::IriStr::new(black_box(&input)).is_ok()))
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| black_box(fluent_uri::Iri::parse(black_box(input.as_str())).is_ok()))
        });
        group.finish();
    }
}

criterion_group!(benches, parse, long, resolve, iri_to_uri, normalize, xri);
criterion_main!(benches);
