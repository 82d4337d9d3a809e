//! xiri against the fastest peer (oxiri, iri-string, fluent-uri) on a busy
//! machine: the implementations take turns in short rounds, each round
//! timing every one of them on the same corpus, and the figure is the
//! median over the rounds of xiri's time over the fastest peer's in that
//! round. A load that comes and goes then slows both sides of a ratio
//! alike, where `benches/peers.rs` (Criterion, one implementation after
//! the other) can measure xiri and a peer minutes apart. The same for
//! resolution, IRI to URI and normalization, and for XRI against IRI
//! parsing on the strings that are both (issue 21's targets). The
//! `floor` rows time the table walk alone (`Automaton::matches` of
//! `IRI-reference`: the verdict and the split's marks, no typed value)
//! against the peers' whole parse.
//!
//! Run: `cargo bench --bench interleaved` (about a minute;
//! `XIRI_BENCH_ONLY=resolve` for the rows whose label holds "resolve"). It prints a
//! Markdown table: the median ratio, its quartiles, and the medians of
//! the times per input.

use std::hint::black_box;
use std::sync::LazyLock;
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;

use common::corpus;

/// A parse of one input, giving whether it accepted.
type Parse = fn(&str) -> bool;

/// Rounds of every comparison.
const ROUNDS: usize = 301;

/// The time of one pass of `parse` over `inputs`, in ns an input, over
/// enough passes to take about 20 µs.
fn time(parse: Parse, inputs: &[String], passes: usize) -> f64 {
    let start = Instant::now();
    for _ in 0..passes {
        for s in inputs {
            black_box(parse(black_box(s)));
        }
    }
    start.elapsed().as_nanos() as f64 / (passes * inputs.len()).max(1) as f64
}

/// The median and quartiles of `v`.
fn quartiles(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |q: usize| v.get(v.len() * q / 4).copied().unwrap_or(f64::NAN);
    (at(2), at(1), at(3))
}

/// One row: xiri's ratio to the fastest of `peers`, round by round.
fn compare(label: &str, inputs: &[String], xiri: Parse, peers: &[(&str, Parse)]) {
    // XIRI_BENCH_ONLY=TEXT runs only the rows whose label holds TEXT.
    if std::env::var("XIRI_BENCH_ONLY").is_ok_and(|only| !label.contains(only.as_str())) {
        return;
    }
    for (name, parse) in std::iter::once(&("xiri", xiri)).chain(peers) {
        assert!(
            inputs.iter().all(|s| parse(s)),
            "{label}: {name} refuses an input"
        );
    }
    let bytes: usize = inputs.iter().map(String::len).sum();
    let passes = (20_000 / bytes.max(1)).max(1);
    let (mut ratios, mut ours, mut best) = (Vec::new(), Vec::new(), Vec::new());
    let mut wins = vec![0usize; peers.len()];
    for round in 0..ROUNDS {
        // Alternate who goes first, so that neither side always runs on a
        // warmer cache.
        let mut peer_times: Vec<f64> = Vec::new();
        let x = if round % 2 == 0 {
            let x = time(xiri, inputs, passes);
            peer_times.extend(peers.iter().map(|(_, p)| time(*p, inputs, passes)));
            x
        } else {
            peer_times.extend(peers.iter().map(|(_, p)| time(*p, inputs, passes)));
            time(xiri, inputs, passes)
        };
        let (fastest, t) = peer_times
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map(|(i, &t)| (i, t))
            .unwrap_or((0, f64::NAN));
        wins[fastest] += 1;
        ratios.push(x / t);
        ours.push(x);
        best.push(t);
    }
    let (ratio, low, high) = quartiles(ratios);
    let fastest = wins
        .iter()
        .enumerate()
        .max_by_key(|&(_, &w)| w)
        .and_then(|(i, _)| peers.get(i))
        .map_or("", |(name, _)| name);
    println!(
        "| {label} | {} | {ratio:.2} | {low:.2}–{high:.2} | {:.1} ns | {:.1} ns ({fastest}) |",
        inputs.len(),
        quartiles(ours).0,
        quartiles(best).0,
    );
}

fn main() {
    let reference: [(&str, Parse); 3] = [
        ("oxiri", |s| oxiri::IriRef::parse(s).is_ok()),
        ("iri-string", |s| {
            iri_string::types::IriReferenceStr::new(s).is_ok()
        }),
        ("fluent-uri", |s| fluent_uri::IriRef::parse(s).is_ok()),
    ];
    let absolute: [(&str, Parse); 3] = [
        ("oxiri", |s| oxiri::Iri::parse(s).is_ok()),
        ("iri-string", |s| iri_string::types::IriStr::new(s).is_ok()),
        ("fluent-uri", |s| fluent_uri::Iri::parse(s).is_ok()),
    ];
    println!("| what | inputs | xiri / fastest peer (median of {ROUNDS} rounds) | quartiles | xiri | fastest peer |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (label, file) in [
        ("ascii", "reference-ascii.txt"),
        ("nonascii", "reference-nonascii.txt"),
    ] {
        let refs = corpus(file);
        let abs: Vec<String> = refs
            .iter()
            .filter(|r| xiri::Iri::parse(r).is_ok())
            .cloned()
            .collect();
        compare(
            &format!("parse-reference-{label}"),
            &refs,
            |s| xiri::IriRef::parse(s).is_ok(),
            &reference,
        );
        compare(
            &format!("parse-absolute-{label}"),
            &abs,
            |s| xiri::Iri::parse(s).is_ok(),
            &absolute,
        );
        // The floor of the parse rows: the table walk alone (the verdict
        // and the marks of Appendix B's split, no typed value), against
        // the peers' whole parse. Above 0.8, nothing built around the walk
        // reaches the parse target.
        compare(
            &format!("floor: the table walk alone, references-{label}"),
            &refs,
            |s| IRI_WALK.is_some_and(|walk| walk.matches(s)),
            &reference,
        );
    }
    for (label, unit) in [
        ("ascii", "a/"),
        ("pct", "seg%C3%A9ment/"),
        ("nonascii", "\u{e9}/"),
    ] {
        let mut long = String::from("http://example.org/");
        while long.len() < 1 << 20 {
            long.push_str(unit);
        }
        compare(
            &format!("parse-1mb-{label}"),
            &[long],
            |s| xiri::Iri::parse(s).is_ok(),
            &absolute[..1],
        );
    }
    operations();
    // XRI against IRI, on the strings both accept.
    let mut all = corpus("reference-ascii.txt");
    all.extend(corpus("reference-nonascii.txt"));
    all.extend(corpus("xri.txt"));
    let both: Vec<String> = all
        .into_iter()
        .filter(|s| xiri::IriRef::parse(s).is_ok() && xiri::XriRef::parse(s).is_ok())
        .collect();
    let iri: [(&str, Parse); 1] = [("xiri IriRef", |s| xiri::IriRef::parse(s).is_ok())];
    let xri: Parse = |s| xiri::XriRef::parse(s).is_ok();
    compare("xri-vs-iri, same strings", &both, xri, &iri);
    let plain = vec![format!("xri://@a/{}", "*b/c".repeat(2_500))];
    compare(
        "xri-vs-iri, 10 KB without cross-references",
        &plain,
        xri,
        &iri,
    );
    let xrefs = vec![format!("xri://@a/{}", "*(+a)*b".repeat(1_430))];
    compare(
        "xri-vs-iri, 10 KB, a cross-reference every 7 bytes",
        &xrefs,
        xri,
        &iri,
    );
}

/// The automaton of `IRI-reference`: [`xiri::IriRef::parse`]'s table walk.
static IRI_WALK: LazyLock<Option<&'static xiri::engine::Automaton>> =
    LazyLock::new(|| xiri::Grammar::Iri.reference().automaton());

/// RFC 3986 5.4's base, for every implementation.
const BASE: &str = "http://a/b/c/d;p?q";
static XIRI_BASE: LazyLock<xiri::Iri<'static>> = LazyLock::new(|| xiri::Iri::parse(BASE).unwrap());
static OXIRI_BASE: LazyLock<oxiri::Iri<&'static str>> =
    LazyLock::new(|| oxiri::Iri::parse(BASE).unwrap());
static FLUENT_BASE: LazyLock<fluent_uri::Iri<&'static str>> =
    LazyLock::new(|| fluent_uri::Iri::parse(BASE).unwrap());

/// Whether iri-string's lazy result, written out, is not empty (it is
/// written, as the other implementations' are).
fn written<T: iri_string::format::ToDedicatedString>(value: &T) -> bool
where
    T::Target: AsRef<str>,
{
    !value.to_dedicated_string().as_ref().is_empty()
}

/// Resolution (parsing each reference included), IRI to URI and
/// normalization, as in `benches/peers.rs`.
fn operations() {
    let text = common::spec_data("rfc3986-5.4-resolution-examples.txt");
    let examples: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let (lhs, _) = l.trim().split_once("=  \"")?;
            let r = lhs.trim().trim_matches('"');
            (!r.contains(' ')).then(|| r.to_string())
        })
        .collect();
    let resolve: [(&str, Parse); 3] = [
        ("oxiri", |s| {
            oxiri::IriRef::parse(s)
                .ok()
                .and_then(|r| OXIRI_BASE.resolve(&r).ok())
                .is_some()
        }),
        ("iri-string", |s| {
            let base = iri_string::types::IriAbsoluteStr::new(BASE).unwrap();
            iri_string::types::IriReferenceStr::new(s).is_ok_and(|r| {
                !iri_string::format::ToDedicatedString::to_dedicated_string(
                    &r.resolve_against(base),
                )
                .as_str()
                .is_empty()
            })
        }),
        ("fluent-uri", |s| {
            fluent_uri::IriRef::parse(s).is_ok_and(|r| r.resolve_against(&FLUENT_BASE).is_ok())
        }),
    ];
    compare(
        "resolve (RFC 3986 5.4)",
        &examples,
        |s| xiri::IriRef::parse(s).is_ok_and(|r| !XIRI_BASE.resolve(&r).as_str().is_empty()),
        &resolve,
    );
    let nonascii = corpus("reference-nonascii.txt");
    let to_uri: [(&str, Parse); 2] = [
        ("iri-string", |s| {
            iri_string::types::IriReferenceStr::new(s).is_ok_and(|r| written(&r.encode_to_uri()))
        }),
        ("fluent-uri", |s| {
            fluent_uri::IriRef::parse(s).is_ok_and(|r| !r.to_uri_ref().as_str().is_empty())
        }),
    ];
    compare(
        "iri-to-uri",
        &nonascii,
        |s| xiri::IriRef::parse(s).is_ok_and(|r| !r.to_uri().as_str().is_empty()),
        &to_uri,
    );
    let mut absolute: Vec<String> = corpus("reference-ascii.txt");
    absolute.extend(nonascii);
    absolute.retain(|s| xiri::Iri::parse(s).is_ok());
    let normalize: [(&str, Parse); 2] = [
        ("iri-string", |s| {
            iri_string::types::IriStr::new(s).is_ok_and(|r| written(&r.normalize()))
        }),
        ("fluent-uri", |s| {
            fluent_uri::Iri::parse(s).is_ok_and(|r| !r.normalize().as_str().is_empty())
        }),
    ];
    compare(
        "normalize",
        &absolute,
        |s| {
            xiri::Iri::parse(s).is_ok_and(|r| {
                r.normalize(xiri::Normalization::default())
                    .is_ok_and(|n| !n.as_str().is_empty())
            })
        },
        &normalize,
    );
}
