//! The Earley parser of the workbench (crates/workbench/src/earley/) on long
//! inputs of the library's grammars: recognition, and parsing to a forest
//! and one tree.
//!
//! - `earley recognize/GRAMMAR-SHAPE/SIZE`, `earley parse/...`: a URI
//!   with a long path, and XRIs of three shapes (a long path of
//!   subsegments and cross-references, a long IRI host, a long query), at
//!   1 KB and 10 KB; throughput in bytes.
//! - `earley nested/xri/DEPTH`: cross-references nested 1 000 and 10 000
//!   deep, recognized.
//!
//! Run: `cargo bench --bench earley`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use xiri::workbench::earley::Earley;
use xiri::Grammar;

/// `rule` of the library's grammar `g`, compiled.
fn compiled(g: Grammar, rule: &str) -> Earley {
    let checked = abnf_oracle::Grammar::parse(&g.abnf())
        .expect("parses")
        .check()
        .expect("checks");
    Earley::new(&checked, rule).expect("compiles")
}

/// `head` followed by `unit` until it is `len` bytes or longer, then `tail`.
fn long(head: &str, unit: &str, tail: &str, len: usize) -> String {
    let mut s = String::from(head);
    while s.len() < len {
        s.push_str(unit);
    }
    s.push_str(tail);
    s
}

fn inputs(len: usize) -> Vec<(&'static str, Grammar, &'static str, String)> {
    vec![
        (
            "uri-path",
            Grammar::Uri,
            "URI-reference",
            long("http://example.com", "/seg-ment%20", "?q", len),
        ),
        (
            "xri-path",
            Grammar::Xri,
            "XRI-reference",
            long("xri://@example", "/*abc!def*(@x*y)!(http://a/b?c)", "", len),
        ),
        (
            "xri-host",
            Grammar::Xri,
            "XRI-reference",
            long("xri://user@", "www.example.", "com/p", len),
        ),
        (
            "xri-query",
            Grammar::Xri,
            "XRI-reference",
            long("=example*name/path?", "key=va%20lue&", "", len),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let uri = compiled(Grammar::Uri, "URI-reference");
    let xri = compiled(Grammar::Xri, "XRI-reference");
    let pick = |g: Grammar| if g == Grammar::Uri { &uri } else { &xri };
    for (what, parse) in [("recognize", false), ("parse", true)] {
        let mut group = c.benchmark_group(format!("earley {what}"));
        group.sample_size(10);
        for len in [1_000, 10_000] {
            for (name, g, _, input) in inputs(len) {
                let e = pick(g);
                assert!(e.recognize(&input).is_ok(), "{name}");
                group.throughput(Throughput::Bytes(input.len() as u64));
                group.bench_with_input(BenchmarkId::new(name, len), &input, |b, input| {
                    if parse {
                        b.iter(|| black_box(e.parse(black_box(input)).map(|f| f.tree().end)));
                    } else {
                        b.iter(|| black_box(e.recognize(black_box(input)).is_ok()));
                    }
                });
            }
        }
        group.finish();
    }
    let mut group = c.benchmark_group("earley nested");
    group.sample_size(10);
    for depth in [1_000, 10_000] {
        let input = format!("{}@a{}", "(".repeat(depth), ")".repeat(depth));
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::new("xri", depth), &input, |b, input| {
            b.iter(|| black_box(xri.recognize(black_box(input)).is_ok()));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
