//! The engine's readings (src/syntax/split.rs, src/xri/split.rs) against
//! the pest grammars, on inputs made to sit on their boundaries: random
//! strings over the characters and pieces the grammars treat specially,
//! every printed example and conformance vector, the benchmark corpora, and
//! mutations of all of those. Same verdict, same spans, same host kind, or
//! the test fails. (tests/it/differential.rs and tests/it/xri_typed.rs hold the
//! engine to the ABNF as well.)
//!
//! For XRI the comparison is of typed trees, and of the parts found when
//! asked: where pest's reading of the typed policy accepts an input too,
//! the two trees must be the same. Pest's reading commits to its first
//! choice where the ABNF does not, so on a few inputs with
//! cross-references it refuses what the policy's ABNF accepts; how many
//! inputs are compared is measured.
//!
//! `XIRI_FAST_CASES=N` sets how many random strings per grammar (default
//! 5000, 20000 with `XIRI_TEST_LONG=1`).

use crate::common;

use common::Rng;
use xiri::{CrossReferenceValue, Grammar, Node, Segment, SubsegmentValue, XriAuthority, XriRef};

const PIECES: &[&str] = &[
    "a",
    "Z",
    "v",
    "V",
    "x",
    "0",
    "1",
    "2",
    "5",
    "9",
    "f",
    "F",
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%4",
    "%41",
    "%c3%a9",
    "%zz",
    ".",
    "-",
    "+",
    "~",
    "_",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    ",",
    ";",
    "=",
    " ",
    "<",
    ">",
    "\"",
    "{",
    "|",
    "\\",
    "^",
    "`",
    "\u{0}",
    "\t",
    "\u{7f}",
    "\u{a0}",
    "é",
    "\u{d7ff}",
    "\u{e000}",
    "\u{f8ff}",
    "\u{f900}",
    "\u{fdd0}",
    "\u{fdf0}",
    "\u{fffe}",
    "\u{ffef}",
    "\u{10000}",
    "\u{1fffd}",
    "\u{1fffe}",
    "\u{e0000}",
    "\u{e0fff}",
    "\u{e1000}",
    "\u{10fffd}",
    "\u{202e}",
    "//",
    "::",
    "255",
    "256",
    "1.2.3.4",
    "[::1]",
    "[v1.x]",
    "[V7.:]",
    "http:",
    "s://",
    "::ffff:1.2.3.4",
    "0.0.0.0",
    "01.2.3.4",
    "[fe80::1%25x]",
    "[1:2:3:4:5:6:7:8]",
];

fn cases() -> usize {
    common::samples("XIRI_FAST_CASES", 5000, 20000)
}

pub(crate) fn mutations(s: &str, rng: &mut Rng) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    for _ in 0..8 {
        let at = rng.below(chars.len() + 1);
        let piece = PIECES[rng.below(PIECES.len())];
        let head: String = chars[..at].iter().collect();
        let tail: String = chars[at..].iter().collect();
        let skip: String = chars[(at + 1).min(chars.len())..].iter().collect();
        out.push(format!("{head}{piece}{tail}"));
        out.push(format!("{head}{piece}{skip}"));
        out.push(format!("{head}{skip}"));
    }
    out
}

pub(crate) fn seeds() -> Vec<String> {
    let mut seeds = Vec::new();
    for file in ["reference-ascii.txt", "reference-nonascii.txt", "xri.txt"] {
        seeds.extend(common::corpus(file));
    }
    let examples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spec-examples.tsv"
    ))
    .unwrap();
    for line in examples.lines() {
        seeds.extend(line.split('\t').map(common::unescape));
    }
    for file in ["xri-peer-vectors.txt", "leiri-jena-vectors.txt"] {
        for line in common::peer_vectors(file).lines() {
            seeds.extend(line.split_whitespace().map(common::unescape));
        }
    }
    seeds
}

fn agree(grammar: Grammar, input: &str, failures: &mut Vec<String>, verdicts: &mut [usize; 2]) {
    match xiri::fast_path_check(grammar, input) {
        Ok(v) => verdicts[usize::from(v)] += 1,
        Err(difference) => failures.push(difference),
    }
}

#[test]
fn fast_path_agrees_with_pest() {
    let seeds = seeds();
    for grammar in [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri] {
        let mut rng = Rng(rng_seed(grammar));
        let mut failures = Vec::new();
        let mut verdicts = [0; 2];
        for seed in &seeds {
            agree(grammar, seed, &mut failures, &mut verdicts);
            for m in mutations(seed, &mut rng) {
                agree(grammar, &m, &mut failures, &mut verdicts);
            }
        }
        for _ in 0..cases() {
            let len = rng.below(12);
            let s: String = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
            agree(grammar, &s, &mut failures, &mut verdicts);
        }
        assert_agreement(grammar, &failures, verdicts);
    }
}

/// No disagreement, and both verdicts well represented, so that the
/// comparison means something.
fn assert_agreement(grammar: Grammar, failures: &[String], verdicts: [usize; 2]) {
    assert!(
        failures.is_empty(),
        "{} disagreements, the first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
    assert!(
        verdicts[0] > 1000 && verdicts[1] > 1000,
        "{grammar}: {verdicts:?}"
    );
}

fn rng_seed(grammar: Grammar) -> u64 {
    0x0fa5_7a7e ^ (grammar as u64).wrapping_mul(0x9e37_79b9)
}

/// What XRIs are made of, for the random strings and mutations: the
/// pieces above and XRI's own.
const XRI_PIECES: &[&str] = &[
    "xri://",
    "XRI://",
    "=",
    "@",
    "+",
    "$",
    "!",
    "!!",
    "*",
    "(",
    ")",
    "(+a)",
    "(=b*c)",
    "(@d/e)",
    "(http://a/b)",
    "(mailto:x@y)",
    "(xri://@f)",
    "()",
    "(a(b)c)",
    "((+g)(+h))",
    "(:)",
    "(a:b(c))",
    "(=b?(#))",
    "(xri://a(@b))",
    "(@a?x=(1)#(f))",
    "(xri://(a)@b)",
    "!1000",
    "*home",
    "x.y",
    "%2F",
    "a b",
    "&",
    ";",
    ",",
    "'",
];

fn xri_piece(rng: &mut Rng) -> &'static str {
    let i = rng.below(PIECES.len() + XRI_PIECES.len());
    PIECES
        .get(i)
        .copied()
        .unwrap_or_else(|| XRI_PIECES[i - PIECES.len()])
}

#[test]
fn xri_fast_path_builds_pests_trees() {
    let seeds = seeds();
    let mut rng = Rng(rng_seed(Grammar::Xri));
    let mut failures = Vec::new();
    let mut verdicts = [0; 2];
    let (mut valid, mut compared) = (0usize, 0usize);
    let mut check = |input: &str, failures: &mut Vec<String>| {
        agree(Grammar::Xri, input, failures, &mut verdicts);
        if let Ok(x) = xiri::XriRef::parse(input) {
            valid += 1;
            if pest_reads(&x) {
                compared += 1;
                if let Err(difference) = parts_agree(&x) {
                    failures.push(difference);
                }
            }
        }
    };
    for seed in &seeds {
        check(seed, &mut failures);
        for m in mutations(seed, &mut rng) {
            check(&m, &mut failures);
        }
    }
    for _ in 0..cases() {
        let len = rng.below(10);
        let s: String = (0..len).map(|_| xri_piece(&mut rng)).collect();
        check(&s, &mut failures);
    }
    assert_agreement(Grammar::Xri, &failures, verdicts);
    // Pest reads nearly every valid input too, so the comparison covers
    // the engine's readings.
    assert!(
        compared * 10 > valid * 9,
        "pest reads {compared} of {valid} valid XRIs"
    );
    println!("pest reads {compared} of {valid} valid XRIs, compared part by part");
}

/// Whether pest's tree can be compared with `x`: its production accepts
/// `x`, and so does pest's reading of the policy, with the same
/// components, at every level of cross-references.
fn pest_reads(x: &XriRef<'_>) -> bool {
    let rule = if x.is_absolute() {
        "XRI"
    } else {
        "relative-XRI-ref"
    };
    xiri::xri_pest_reads(x.as_str())
        && xiri::fast_path_check(Grammar::Xri, x.as_str()) == Ok(true)
        && Grammar::Xri.rule(rule).unwrap().check(x.as_str()).is_ok()
}

/// The parts an [`XriRef`] finds when asked (src/xri/parts.rs) against
/// the nodes of pest's parse tree for the same input: the sub-segments
/// outside cross-references, in order, and the path's segments; then the
/// same for the value of each cross-reference that is an XRI.
fn parts_agree(x: &XriRef<'_>) -> Result<(), String> {
    let input = x.as_str();
    let rule = if x.is_absolute() {
        "XRI"
    } else {
        "relative-XRI-ref"
    };
    let tree = Grammar::Xri
        .rule(rule)
        .unwrap()
        .parse_tree(input)
        .map_err(|e| format!("xri {input:?}: pest's {rule} refuses it: {e}"))?;
    let (mut pest_subs, mut pest_segments) = (Vec::new(), Vec::new());
    for root in tree.roots() {
        outside_xrefs(root, false, &mut |node, in_authority| {
            let text = &input[node.span()];
            if node.name().starts_with("xri-subseg") && !text.is_empty() {
                pest_subs.push(text);
            }
            if matches!(node.name(), "xri-segment" | "xri-segment-nz") && !in_authority {
                pest_segments.push(text);
            }
        });
    }
    let authority = x.authority();
    let mut subs: Vec<&str> = authority
        .iter()
        .flat_map(|a| a.subsegments())
        .map(|s| s.as_str())
        .collect();
    let segments: Vec<Segment<'_>> = x.segments().collect();
    subs.extend(
        segments
            .iter()
            .flat_map(|s| s.subsegments())
            .map(|s| s.as_str()),
    );
    let mut texts: Vec<&str> = segments.iter().map(|s| s.as_str()).collect();
    // The typed tree's conventions where no segment node stands: a relative
    // path's first segment (xri-path-noscheme begins with sub-segments),
    // and "/" alone, one empty segment.
    if !x.is_absolute() && !x.path().starts_with('/') && !texts.is_empty() {
        texts.remove(0);
    }
    if !x.is_absolute() && x.path() == "/" && texts == [""] {
        texts.clear();
    }
    if subs != pest_subs || texts != pest_segments {
        return Err(format!(
            "xri {input:?}: sub-segments {subs:?} and segments {texts:?}, pest's {pest_subs:?} and {pest_segments:?}"
        ));
    }
    let xrefs = authority
        .iter()
        .filter_map(|a| match a {
            XriAuthority::CrossReference { xref, .. } => Some(*xref),
            _ => None,
        })
        .chain(
            authority
                .iter()
                .flat_map(|a| a.subsegments())
                .chain(segments.iter().flat_map(|s| s.subsegments()))
                .filter_map(|s| match s.value() {
                    SubsegmentValue::CrossReference(xref) => Some(xref),
                    _ => None,
                }),
        );
    for xref in xrefs {
        if let CrossReferenceValue::Xri(inner) = xref.value() {
            parts_agree(&inner)?;
        }
    }
    Ok(())
}

/// Calls `f` on `node` and the nodes below it, but not on what is inside a
/// cross-reference, with whether the node is inside the authority.
fn outside_xrefs(node: &Node, in_authority: bool, f: &mut impl FnMut(&Node, bool)) {
    if node.name() == "xref" {
        return;
    }
    f(node, in_authority);
    let in_authority = in_authority || node.name() == "xri-authority";
    for child in node.children() {
        outside_xrefs(child, in_authority, f);
    }
}

/// Every XRI of the benchmark corpus and every valid XRI printed in the
/// specification is read by the engine as pest reads it.
#[test]
fn xri_corpus_and_spec_are_read_as_pest_reads_them() {
    let examples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spec-examples.tsv"
    ))
    .unwrap();
    let mut inputs = common::corpus("xri.txt");
    for line in examples.lines().filter(|l| l.starts_with("xri")) {
        inputs.extend(line.split('\t').nth(4).map(common::unescape));
    }
    let mut failures = Vec::new();
    for x in inputs.iter().filter_map(|x| xiri::XriRef::parse(x).ok()) {
        if !pest_reads(&x) {
            failures.push(format!("{:?}: pest reads it otherwise", x.as_str()));
        } else if let Err(difference) = parts_agree(&x) {
            failures.push(difference);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Found by a hostile-input audit (2026-11-27): inside a cross-reference,
/// "!(" read by pest's rules for a whole reference was an IRI authority
/// holding "(" as data, which the policy's `iauthority-x` refuses (its
/// parentheses balance): pest's reading and the engine's accepted with
/// different components. pest's reading now balances them too.
#[test]
fn parentheses_as_data_balance_inside_a_cross_reference() {
    for input in [
        "(Xri://!(?)?)",
        "Xri://((?)!(xri://!(?)))",
        "@a*(xri://!(?))",
        "(xri://a(b/c)",
        "(xri://u(@h)",
        "=a/(xri://h?q))(#f)",
    ] {
        assert!(
            xiri::fast_path_check(Grammar::Xri, input).is_ok(),
            "{input:?}: {:?}",
            xiri::fast_path_check(Grammar::Xri, input)
        );
    }
}
